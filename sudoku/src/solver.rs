//! The Dancing Links Sudoku solver: one exact-cover matrix per shape, built
//! once and reused for every puzzle of that shape.

use std::time::Instant;

use dlx::Event;

use crate::bitboard::BitKernel;
use crate::cover::{exact_cover, marks_option, option, pencilmark_cover, placement};
use crate::kernel::Kernel;
use crate::{Count, Grid, Puzzle, SearchStats, Shape, TimedOut, Verdict};

/// How many matrices a solver keeps. Batches are usually of one shape; a few
/// more serve files that mix sizes, and jigsaw puzzles (each region map is a
/// shape of its own) evict each other instead of growing without bound.
const CACHED_SHAPES: usize = 4;

/// Nodes searched between two looks at the clock when a deadline is set.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// The matrix of one shape: bitboards for 9×9 standard and jigsaw shapes,
/// the four-node kernel for the other sizes, the generic engine for
/// X-Sudoku.
#[derive(Debug)]
enum Matrix {
    /// Boxed: its tables and state are kept inline for the search.
    Bits(Box<BitKernel>),
    Kernel(Kernel),
    Generic(dlx::Solver),
}

/// Solves puzzles of any shape as exact cover, with Algorithm X.
///
/// For each puzzle, the solver takes the exact-cover matrix of the puzzle's
/// shape (built on first use and kept for the next puzzles of that shape),
/// puts the givens in, searches, and takes them out again: no matrix is
/// rebuilt and nothing is allocated per puzzle except the grids it returns.
/// Givens that clash with each other make a puzzle with no solution.
///
/// 9×9 standard and jigsaw shapes run Algorithm X on bitboards, other
/// standard and jigsaw sizes on a Dancing Links kernel specialised for
/// options of exactly four items, and X-Sudoku on the generic [`dlx`]
/// engine. All of them search the same tree, so their statistics agree.
///
/// ```
/// use sudoku::{Solver, Verdict};
///
/// let puzzle: sudoku::Puzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solver = Solver::new();
/// let Verdict::Unique(grid) = solver.verdict(&puzzle) else { panic!("Norvig's hardest is unique") };
/// sudoku::verify(&puzzle, &grid)?;
/// assert!(solver.stats().nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    /// Most recently used first, keyed by shape and whether the matrix
    /// takes pencilmark puzzles.
    matrices: Vec<((Shape, bool), Matrix)>,
    stats: SearchStats,
    generic_only: bool,
}

impl Solver {
    /// A solver with no matrix built yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver that runs every shape on the generic [`dlx`] engine — slower;
    /// for comparing the two and for checking the kernel against it.
    pub fn generic() -> Solver {
        Solver {
            generic_only: true,
            ..Solver::default()
        }
    }

    /// The first solution found, or `None`.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        never_late(self.solve_until(puzzle, None))
    }

    /// Counts solutions, stopping at `limit`.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        never_late(self.count_until(puzzle, limit, None))
    }

    /// Unique (with the solution), multiple or none: counts up to two.
    pub fn verdict(&mut self, puzzle: &Puzzle) -> Verdict {
        never_late(self.verdict_until(puzzle, None))
    }

    /// [`solve`](Self::solve), giving up at `deadline`.
    pub fn solve_until(
        &mut self,
        puzzle: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Option<Grid>, TimedOut> {
        self.search(puzzle, deadline).next_grid()
    }

    /// [`count`](Self::count), giving up at `deadline`.
    pub fn count_until(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Result<Count, TimedOut> {
        let mut search = self.search(puzzle, deadline);
        let mut count = Count {
            count: 0,
            complete: false,
        };
        while count.count < limit {
            match search.next() {
                Ok(true) => count.count += 1,
                Ok(false) => {
                    count.complete = true;
                    break;
                }
                Err(late) => return Err(late),
            }
        }
        Ok(count)
    }

    /// [`verdict`](Self::verdict), giving up at `deadline`.
    pub fn verdict_until(
        &mut self,
        puzzle: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Verdict, TimedOut> {
        let mut search = self.search(puzzle, deadline);
        match search.next_grid() {
            Ok(None) => Ok(Verdict::None),
            Ok(Some(first)) => match search.next() {
                Ok(true) => Ok(Verdict::Multiple),
                Ok(false) => Ok(Verdict::Unique(first)),
                Err(late) => Err(late),
            },
            Err(late) => Err(late),
        }
    }

    /// Every solution, found lazily, in search order.
    ///
    /// ```
    /// let puzzle: sudoku::Puzzle = format!("12..{}", ".".repeat(12)).parse()?;
    /// let mut solver = sudoku::Solver::new();
    /// let solutions: Vec<sudoku::Grid> = solver.solutions(&puzzle).collect();
    /// assert_eq!(solutions.len(), 24);
    /// assert!(solutions.iter().all(|grid| sudoku::verify(&puzzle, grid).is_ok()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions<'a>(&'a mut self, puzzle: &'a Puzzle) -> Solutions<'a> {
        Solutions {
            search: self.search(puzzle, None),
        }
    }

    /// The work done by the last search: options tried (`nodes`) and options
    /// tried where the item had more than one left (`guesses`). Placing the
    /// givens costs no nodes.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Starts a search of `puzzle` on its shape's matrix.
    fn search<'a>(&'a mut self, puzzle: &'a Puzzle, deadline: Option<Instant>) -> Search<'a> {
        self.stats = SearchStats::default();
        self.load(puzzle);
        let matrix = &mut self.matrices[0].1;
        let live = match matrix {
            Matrix::Bits(bits) => bits.start(puzzle),
            Matrix::Kernel(kernel) => kernel.start(puzzle),
            Matrix::Generic(dlx) => {
                let n = puzzle.shape().size();
                let clash = puzzle
                    .givens()
                    .any(|(cell, digit)| dlx.select(option(n, cell, digit)).is_err());
                dlx.rewind();
                !clash
            }
        };
        Search {
            matrix,
            puzzle,
            live,
            deadline,
            found: 0,
            stats: &mut self.stats,
        }
    }

    /// Puts the matrix for `puzzle`'s shape first, building it on first
    /// use. A pencilmark puzzle gets a matrix of its own, the generic
    /// engine on [`pencilmark_cover`], with its marks option selected.
    fn load(&mut self, puzzle: &Puzzle) {
        let (shape, pencilmark) = (puzzle.shape(), puzzle.is_pencilmark());
        match self
            .matrices
            .iter()
            .position(|((cached, marks), _)| cached == shape && *marks == pencilmark)
            .filter(|_| !pencilmark)
        {
            Some(position) => self.matrices[..=position].rotate_right(1),
            None => {
                self.matrices.truncate(CACHED_SHAPES - 1);
                if let Some(position) = self.matrices.iter().position(|(key, _)| key.1) {
                    self.matrices.remove(position);
                }
                let matrix = if pencilmark {
                    let mut dlx = dlx::Solver::new(&pencilmark_cover(puzzle));
                    let marked = dlx.select(marks_option(shape.size()));
                    debug_assert!(marked.is_ok(), "the marks option is the first selected");
                    Some(Matrix::Generic(dlx))
                } else if self.generic_only {
                    None
                } else if let Some(bits) = BitKernel::new(shape) {
                    Some(Matrix::Bits(Box::new(bits)))
                } else {
                    Kernel::new(shape).map(Matrix::Kernel)
                };
                let matrix = matrix
                    .unwrap_or_else(|| Matrix::Generic(dlx::Solver::new(&exact_cover(shape))));
                self.matrices
                    .insert(0, ((shape.clone(), pencilmark), matrix));
            }
        }
    }
}

/// The result of a search without deadline.
fn never_late<T>(result: Result<T, TimedOut>) -> T {
    match result {
        Ok(value) => value,
        Err(late) => unreachable!("a search without deadline cannot time out: {late}"),
    }
}

/// One search of one puzzle, on either matrix.
#[derive(Debug)]
struct Search<'a> {
    matrix: &'a mut Matrix,
    puzzle: &'a Puzzle,
    /// `false` once the search has ended (or the givens clashed).
    live: bool,
    deadline: Option<Instant>,
    found: u64,
    stats: &'a mut SearchStats,
}

impl Search<'_> {
    /// Finds the next solution: `Ok(true)`, `Ok(false)` at the end.
    fn next(&mut self) -> Result<bool, TimedOut> {
        if !self.live {
            return Ok(false);
        }
        let budget = if self.deadline.is_some() {
            CLOCK_INTERVAL
        } else {
            u64::MAX
        };
        loop {
            let event = match &mut *self.matrix {
                Matrix::Bits(bits) => bits.resume(budget),
                Matrix::Kernel(kernel) => kernel.resume(budget),
                Matrix::Generic(dlx) => dlx.resume(budget),
            };
            *self.stats = self.matrix_stats();
            match event {
                Event::Exhausted => {
                    self.live = false;
                    return Ok(false);
                }
                // The clock is read at every solution as well as every
                // CLOCK_INTERVAL nodes: solutions may come more often.
                _ if self
                    .deadline
                    .is_some_and(|deadline| Instant::now() >= deadline) =>
                {
                    self.live = false;
                    return Err(TimedOut {
                        found: self.found,
                        stats: *self.stats,
                    });
                }
                Event::Solution => {
                    self.found += 1;
                    return Ok(true);
                }
                Event::BudgetSpent => {}
            }
        }
    }

    /// The next solution's grid, or `None` at the end.
    fn next_grid(&mut self) -> Result<Option<Grid>, TimedOut> {
        Ok(self.next()?.then(|| self.grid()))
    }

    /// The grid of the solution just found.
    fn grid(&self) -> Grid {
        match &*self.matrix {
            Matrix::Bits(bits) => bits.grid(self.puzzle),
            Matrix::Kernel(kernel) => kernel.grid(self.puzzle),
            Matrix::Generic(dlx) => {
                let n = self.puzzle.shape().size();
                let placements = dlx
                    .solution()
                    .filter(|o| o.index() < n * n * n)
                    .map(|option| {
                        let (cell, digit) = placement(n, option);
                        (cell.index(), digit)
                    });
                Grid::solved(self.puzzle, placements)
            }
        }
    }

    fn matrix_stats(&self) -> SearchStats {
        match &*self.matrix {
            Matrix::Bits(bits) => bits.stats(),
            Matrix::Kernel(kernel) => kernel.stats(),
            Matrix::Generic(dlx) => {
                let stats = dlx.stats();
                SearchStats {
                    nodes: stats.nodes,
                    guesses: stats.guesses,
                }
            }
        }
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        if let Matrix::Generic(dlx) = &mut *self.matrix {
            dlx.reset();
        }
    }
}

/// The solutions of one puzzle, found lazily; see [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    search: Search<'a>,
}

impl Iterator for Solutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        never_late(self.search.next_grid())
    }
}
