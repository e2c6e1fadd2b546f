//! The generic engine: [`dance_dlx::Solver`] on a shape's exact cover
//! ([`crate::cover`]), the givens selected before the search and undone
//! after it — the engine of `--engine dlx`, and of every shape, variant
//! and pencilmark puzzle that no faster engine serves.

use dance_dlx::{Event, Resume};

use super::search::ShapeSearch;
use crate::cover::{exact_cover, marks_option, option, pencilmark_cover, placements};
use crate::{Grid, Puzzle, Shape, Stats};

/// The generic engine: [`dance_dlx::Solver`] on the exact cover of a shape, the
/// givens selected — or, for a pencilmark puzzle, on its
/// [`pencilmark_cover`] with the marks option selected first.
#[derive(Debug)]
pub(crate) struct Dlx {
    size: usize,
    solver: dance_dlx::Solver,
    /// Whether the matrix is a pencilmark puzzle's.
    marks: bool,
    /// The solver's work when the search of the puzzle began: what it
    /// reports is the work since.
    began: Stats,
}

impl Dlx {
    pub(crate) fn new(shape: &Shape) -> Dlx {
        Dlx {
            size: shape.size(),
            solver: algorithm_x(&exact_cover(shape)),
            marks: false,
            began: Stats::default(),
        }
    }

    /// The engine of one pencilmark puzzle: its candidates are part of the
    /// matrix, so it serves no other puzzle.
    pub(crate) fn pencilmark(puzzle: &Puzzle) -> Dlx {
        Dlx {
            size: puzzle.shape().size(),
            solver: algorithm_x(&pencilmark_cover(puzzle)),
            marks: true,
            began: Stats::default(),
        }
    }
}

/// The solver of `problem` on the tree the rating and the other engines
/// count: dead ends found at the choice of item
/// ([`DeadEnds::AtChoice`](dance_dlx::DeadEnds::AtChoice)).
pub(crate) fn algorithm_x(problem: &dance_dlx::Problem) -> dance_dlx::Solver {
    let mut solver = dance_dlx::Solver::new(problem);
    solver.tune(dance_dlx::Tuning {
        dead_ends: dance_dlx::DeadEnds::AtChoice,
        ..dance_dlx::Tuning::default()
    });
    solver
}

impl ShapeSearch for Dlx {
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        let n = self.size;
        self.solver.reset();
        let clash = (self.marks && self.solver.select(marks_option(n)).is_err())
            || puzzle
                .givens()
                .any(|(cell, digit)| self.solver.select(option(n, cell, digit)).is_err());
        self.began = self.solver.stats();
        !clash
    }

    fn resume(&mut self, budget: u64) -> Event {
        Resume::resume(&mut self.solver, budget)
    }

    fn grid(&self, puzzle: &Puzzle) -> Grid {
        let n = self.size;
        // The marks option, when there is one, is no placement.
        let options = self.solver.solution().filter(|o| o.index() < n * n * n);
        Grid::solved(puzzle, placements(n, options))
    }

    fn stats(&self) -> Stats {
        self.solver.stats().since(self.began)
    }

    fn finish(&mut self) {
        self.solver.reset();
    }
}
