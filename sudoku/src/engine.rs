//! What the [`Solver`](crate::Solver) asks of an engine, and the engines
//! that answer it: every Sudoku matrix is walked by the one search
//! [`Driver`] of the `dlx` crate.
//!
//! * [`PuzzleMatrix`]: a matrix of one shape that the driver can walk
//!   ([`Matrix`]), which can also take a puzzle's givens in and read a
//!   solution's grid out — the bands ([`crate::bands`]), the bitboards
//!   ([`crate::bitboards`]) and the four-node kernel ([`crate::kernel`]);
//! * [`Driven`]: such a matrix with its driver;
//! * [`Generic`]: the generic [`dance_dlx::Solver`] on the shape's
//!   [exact cover](crate::cover::exact_cover), whose driver is inside it.
//!
//! Each is a [`ShapeSearch`]: a resumable search of one puzzle at a time
//! on a matrix of one shape. The solver holds one per shape and picks
//! which in one place ([`Solver::engine_kind`](crate::Solver::engine_kind));
//! the rest of the solver never asks which engine it has.

use std::fmt::Debug;

use dance_dlx::Event;
use dance_dlx::driver::{Driver, Matrix};

use crate::cover::{exact_cover, marks_option, option, pencilmark_cover, placements};
use crate::{Grid, Puzzle, Shape, Stats};

// The names that `bands.rs` and `deductions.rs` (being changed on another
// branch now) still use for `PuzzleMatrix`, and in their tests for `Driven`
// and `ShapeSearch`; they go when those files take the new names.
pub(crate) use self::PuzzleMatrix as Board;
#[cfg(test)]
pub(crate) use self::{Driven as Walk, ShapeSearch as Engine};

/// A Sudoku matrix that the [`Driver`] walks.
pub(crate) trait PuzzleMatrix: Matrix {
    /// Takes `puzzle`'s givens in, ready for a search from level 0 (the
    /// previous search may have been abandoned anywhere). `false` when the
    /// givens clash.
    fn start(&mut self, puzzle: &Puzzle) -> bool;

    /// The grid of the solution found at `levels` levels, givens included.
    fn grid(&self, puzzle: &Puzzle, levels: usize) -> Grid;
}

/// A resumable search of one puzzle at a time on a matrix of one shape:
/// what every engine of the [`Solver`](crate::Solver) is.
pub(crate) trait ShapeSearch: Debug + Send + Sync {
    /// Starts a search of `puzzle` and zeroes the statistics. `false` when
    /// its givens clash.
    fn start(&mut self, puzzle: &Puzzle) -> bool;

    /// Runs until a solution, the end, or `budget` more nodes.
    fn resume(&mut self, budget: u64) -> Event;

    /// The grid of the solution just found.
    fn grid(&self, puzzle: &Puzzle) -> Grid;

    /// The work of the search so far.
    fn stats(&self) -> Stats;

    /// Leaves the matrix ready for the next [`start`](ShapeSearch::start),
    /// however the search ended.
    fn finish(&mut self);
}

/// The states of the levels of a search that copies its state at a guess
/// instead of undoing moves: the levels that have options left to try,
/// innermost last. Forced levels never come back, so they keep nothing.
#[derive(Debug)]
pub(crate) struct Stash<S> {
    states: Box<[S]>,
    len: usize,
}

impl<S: Copy> Stash<S> {
    /// Room for `levels` guesses.
    pub(crate) fn new(empty: S, levels: usize) -> Stash<S> {
        Stash {
            states: vec![empty; levels].into_boxed_slice(),
            len: 0,
        }
    }

    /// Forgets every state: a new search starts.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// Before a level tries its next option: brings `state` back from the
    /// stash when an earlier option of the level changed it (`kept`), or
    /// keeps a copy when options remain after this one (`more`). Whether
    /// the level's state is on the stash afterwards: the last option takes
    /// it off.
    #[inline(always)]
    pub(crate) fn before_option(&mut self, state: &mut S, kept: bool, more: bool) -> bool {
        if kept {
            *state = self.states[self.len - 1];
            if !more {
                self.len -= 1;
            }
            more
        } else if more {
            self.states[self.len] = *state;
            self.len += 1;
            true
        } else {
            false
        }
    }
}

/// A [`PuzzleMatrix`] and the driver that walks it.
#[derive(Debug)]
pub(crate) struct Driven<M> {
    matrix: M,
    driver: Driver,
}

impl<M> Driven<M> {
    pub(crate) fn new(matrix: M) -> Driven<M> {
        Driven {
            matrix,
            driver: Driver::new(),
        }
    }
}

impl<M: PuzzleMatrix + Debug + Send + Sync> ShapeSearch for Driven<M> {
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        // The matrix starts afresh, so whatever the driver held is gone too.
        self.driver = Driver::new();
        self.matrix.start(puzzle)
    }

    fn resume(&mut self, budget: u64) -> Event {
        self.driver.resume(&mut self.matrix, budget)
    }

    fn grid(&self, puzzle: &Puzzle) -> Grid {
        self.matrix.grid(puzzle, self.driver.level())
    }

    fn stats(&self) -> Stats {
        self.driver.stats().into()
    }

    fn finish(&mut self) {}
}

/// The generic engine: [`dance_dlx::Solver`] on the exact cover of a shape, the
/// givens selected — or, for a pencilmark puzzle, on its
/// [`pencilmark_cover`] with the marks option selected first.
#[derive(Debug)]
pub(crate) struct Generic {
    size: usize,
    solver: dance_dlx::Solver,
    /// Whether the matrix is a pencilmark puzzle's.
    marks: bool,
}

impl Generic {
    pub(crate) fn new(shape: &Shape) -> Generic {
        Generic {
            size: shape.size(),
            solver: dance_dlx::Solver::new(&exact_cover(shape)),
            marks: false,
        }
    }

    /// The engine of one pencilmark puzzle: its candidates are part of the
    /// matrix, so it serves no other puzzle.
    pub(crate) fn pencilmark(puzzle: &Puzzle) -> Generic {
        Generic {
            size: puzzle.shape().size(),
            solver: dance_dlx::Solver::new(&pencilmark_cover(puzzle)),
            marks: true,
        }
    }
}

impl ShapeSearch for Generic {
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        let n = self.size;
        self.solver.reset();
        let clash = (self.marks && self.solver.select(marks_option(n)).is_err())
            || puzzle
                .givens()
                .any(|(cell, digit)| self.solver.select(option(n, cell, digit)).is_err());
        self.solver.rewind();
        !clash
    }

    fn resume(&mut self, budget: u64) -> Event {
        self.solver.resume(budget)
    }

    fn grid(&self, puzzle: &Puzzle) -> Grid {
        let n = self.size;
        // The marks option, when there is one, is no placement.
        let options = self.solver.solution().filter(|o| o.index() < n * n * n);
        Grid::solved(puzzle, placements(n, options))
    }

    fn stats(&self) -> Stats {
        self.solver.stats().into()
    }

    fn finish(&mut self) {
        self.solver.reset();
    }
}
