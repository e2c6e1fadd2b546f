//! What the [`Solver`](crate::Solver) asks of an engine: every Sudoku
//! matrix is walked by the one search [`Driver`] of the `dlx` crate.
//!
//! * [`PuzzleMatrix`]: a matrix of one shape that the driver can walk
//!   ([`Matrix`]), which can also take a puzzle's givens in and read a
//!   solution's grid out — the deductions ([`deductions`](super::deductions)), the
//!   bands ([`super::bands`]), the bitboards ([`super::bitboards`]) and the
//!   four-node kernel ([`super::kernel`]);
//! * [`Driven`]: such a matrix with its driver;
//! * the generic [`dance_dlx::Solver`] ([`super::dlx`]), whose driver is
//!   inside it.
//!
//! Each is a [`ShapeSearch`]: a resumable search of one puzzle at a time
//! on a matrix of one shape. The solver holds one per shape and kind,
//! which [`super::choose`] picks; the rest of the solver never asks which
//! engine it has.

use std::fmt::Debug;

use dance_dlx::Event;
use dance_dlx::driver::{Driver, Matrix};

use crate::{Grid, Puzzle, Stats};

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

/// The first `limit` solutions of `puzzle` in order, each search step given
/// `budget` nodes, and the events on the way (budget ends left out): what
/// the engines' tests compare against each other.
#[cfg(test)]
pub(crate) fn solutions(
    engine: &mut dyn ShapeSearch,
    puzzle: &Puzzle,
    budget: u64,
    limit: usize,
) -> (Vec<Grid>, Vec<Event>) {
    use std::ops::ControlFlow;

    use dance_dlx::driver::{Ended, Fold, drive};
    use dance_dlx::{Alarm, Resume};

    /// The engine resumed `budget` nodes at a time at most.
    struct Sliced<'e> {
        engine: &'e mut dyn ShapeSearch,
        budget: u64,
    }

    impl Resume for Sliced<'_> {
        fn resume(&mut self, budget: u64) -> Event {
            self.engine.resume(budget.min(self.budget))
        }

        fn nodes(&self) -> u64 {
            self.engine.stats().nodes
        }

        fn nodes_per_look(&self) -> u64 {
            self.budget
        }
    }

    /// The grids of the first `limit` solutions.
    struct Grids<'p> {
        puzzle: &'p Puzzle,
        limit: usize,
        grids: Vec<Grid>,
    }

    impl Fold<Sliced<'_>> for Grids<'_> {
        fn solution(&mut self, walk: &mut Sliced<'_>) -> ControlFlow<()> {
            self.grids.push(walk.engine.grid(self.puzzle));
            if self.grids.len() < self.limit {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        }

        fn looks(&self) -> bool {
            true
        }
    }

    assert!(engine.start(puzzle));
    let mut grids = Grids {
        puzzle,
        limit,
        grids: Vec::new(),
    };
    let mut events = Vec::new();
    if limit > 0 {
        let ended = drive(&mut Sliced { engine, budget }, &Alarm::SILENT, &mut grids);
        events = vec![Event::Solution; grids.grids.len()];
        if ended == Ended::Exhausted {
            events.push(Event::Exhausted);
        }
    }
    (grids.grids, events)
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
        self.driver.stats()
    }

    fn finish(&mut self) {}
}
