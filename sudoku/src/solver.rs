//! The Dancing Links Sudoku solver: one exact-cover matrix per shape, built
//! once and reused for every puzzle of that shape.

use dlx::{Event, OptionId};

use crate::cover::{exact_cover, option, placement};
use crate::kernel::Kernel;
use crate::{Count, Digit, Grid, Puzzle, SearchStats, Shape, Verdict};

/// How many matrices a solver keeps. Batches are usually of one shape; a few
/// more serve files that mix sizes, and jigsaw puzzles (each region map is a
/// shape of its own) evict each other instead of growing without bound.
const CACHED_SHAPES: usize = 4;

/// The matrix of one shape: the four-node kernel when every option has four
/// items, the generic engine otherwise (X-Sudoku).
#[derive(Debug)]
enum Matrix {
    Kernel(Kernel),
    Generic(dlx::Solver),
}

/// Solves puzzles of any shape with Dancing Links.
///
/// For each puzzle, the solver takes the exact-cover matrix of the puzzle's
/// shape (built on first use and kept for the next puzzles of that shape),
/// puts the givens in, searches, and takes them out again: no matrix is
/// rebuilt and nothing is allocated per puzzle except the grids it returns.
/// Givens that clash with each other make a puzzle with no solution.
///
/// Standard and jigsaw shapes run on a Dancing Links kernel specialised for
/// options of exactly four items; X-Sudoku runs on the generic [`dlx`]
/// engine. Both search the same tree, so their statistics agree.
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
    /// Most recently used first.
    matrices: Vec<(Shape, Matrix)>,
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
        let (result, stats) = match self.load(puzzle.shape()) {
            Matrix::Kernel(kernel) => (kernel.solve(puzzle), kernel.stats()),
            Matrix::Generic(dlx) => with_givens(dlx, puzzle, |dlx| {
                dlx.rewind();
                (run(dlx) == Event::Solution).then(|| grid(puzzle, dlx.solution()))
            })
            .map_or((None, SearchStats::default()), |(found, stats)| {
                (found, stats)
            }),
        };
        self.stats = stats;
        result
    }

    /// Counts solutions, stopping at `limit`.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        let none = Count {
            count: 0,
            complete: true,
        };
        let (count, stats) = match self.load(puzzle.shape()) {
            Matrix::Kernel(kernel) => (kernel.count(puzzle, limit), kernel.stats()),
            Matrix::Generic(dlx) => with_givens(dlx, puzzle, |dlx| {
                let count = dlx.count_up_to(limit);
                Count {
                    count: count.solutions,
                    complete: count.complete,
                }
            })
            .unwrap_or((none, SearchStats::default())),
        };
        self.stats = stats;
        count
    }

    /// Unique (with the solution), multiple or none: counts up to two.
    pub fn verdict(&mut self, puzzle: &Puzzle) -> Verdict {
        let (found, stats) = match self.load(puzzle.shape()) {
            Matrix::Kernel(kernel) => (kernel.first_and_more(puzzle), kernel.stats()),
            Matrix::Generic(dlx) => with_givens(dlx, puzzle, |dlx| {
                dlx.rewind();
                if run(dlx) != Event::Solution {
                    return None;
                }
                let first = grid(puzzle, dlx.solution());
                Some((first, run(dlx) == Event::Solution))
            })
            .unwrap_or((None, SearchStats::default())),
        };
        self.stats = stats;
        match found {
            None => Verdict::None,
            Some((_, true)) => Verdict::Multiple,
            Some((grid, false)) => Verdict::Unique(grid),
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
        self.stats = SearchStats::default();
        self.load(puzzle.shape());
        let matrix = &mut self.matrices[0].1;
        let live = match matrix {
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
        Solutions {
            matrix,
            puzzle,
            live,
            stats: &mut self.stats,
        }
    }

    /// The work done by the last search: options tried (`nodes`) and options
    /// tried where the item had more than one left (`guesses`). Placing the
    /// givens costs no nodes.
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The matrix for `shape`, moved to the front; built on first use.
    fn load(&mut self, shape: &Shape) -> &mut Matrix {
        match self.matrices.iter().position(|(cached, _)| cached == shape) {
            Some(position) => self.matrices[..=position].rotate_right(1),
            None => {
                self.matrices.truncate(CACHED_SHAPES - 1);
                let kernel = (!self.generic_only).then(|| Kernel::new(shape)).flatten();
                let matrix = match kernel {
                    Some(kernel) => Matrix::Kernel(kernel),
                    None => Matrix::Generic(dlx::Solver::new(&exact_cover(shape))),
                };
                self.matrices.insert(0, (shape.clone(), matrix));
            }
        }
        &mut self.matrices[0].1
    }
}

/// Selects the givens' options, runs `search`, and undoes the selection;
/// `None` when two givens clash.
fn with_givens<R>(
    dlx: &mut dlx::Solver,
    puzzle: &Puzzle,
    search: impl FnOnce(&mut dlx::Solver) -> R,
) -> Option<(R, SearchStats)> {
    let n = puzzle.shape().size();
    let clash = puzzle
        .givens()
        .any(|(cell, digit)| dlx.select(option(n, cell, digit)).is_err());
    let result = (!clash).then(|| {
        let result = search(dlx);
        let stats = dlx.stats();
        let stats = SearchStats {
            nodes: stats.nodes,
            guesses: stats.guesses,
        };
        (result, stats)
    });
    dlx.reset();
    result
}

/// Resumes the search until it finds a solution or ends.
fn run(dlx: &mut dlx::Solver) -> Event {
    loop {
        match dlx.resume(u64::MAX) {
            Event::BudgetSpent => continue,
            event => return event,
        }
    }
}

/// The grid of a solution (the givens' options included).
fn grid(puzzle: &Puzzle, solution: impl Iterator<Item = OptionId>) -> Grid {
    let shape = puzzle.shape();
    let n = shape.size();
    let mut digits: Vec<Option<Digit>> = vec![None; shape.cell_count()];
    for option in solution {
        let (cell, digit) = placement(n, option);
        digits[cell.index()] = Some(digit);
    }
    let digits = digits.into_iter().flatten().collect();
    match Grid::new(shape.clone(), digits) {
        Ok(grid) => grid,
        Err(error) => unreachable!("a solution fills every cell with a digit below N: {error}"),
    }
}

/// The solutions of one puzzle, found lazily; see [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    matrix: &'a mut Matrix,
    puzzle: &'a Puzzle,
    /// `false` once the search has ended (or the givens clashed).
    live: bool,
    stats: &'a mut SearchStats,
}

impl Iterator for Solutions<'_> {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if !self.live {
            return None;
        }
        let (found, stats) = match &mut *self.matrix {
            Matrix::Kernel(kernel) => (kernel.next_solution(self.puzzle), kernel.stats()),
            Matrix::Generic(dlx) => {
                let found =
                    (run(dlx) == Event::Solution).then(|| grid(self.puzzle, dlx.solution()));
                let stats = dlx.stats();
                let stats = SearchStats {
                    nodes: stats.nodes,
                    guesses: stats.guesses,
                };
                (found, stats)
            }
        };
        *self.stats = stats;
        self.live = found.is_some();
        found
    }
}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        if let Matrix::Generic(dlx) = &mut *self.matrix {
            dlx.reset();
        }
    }
}
