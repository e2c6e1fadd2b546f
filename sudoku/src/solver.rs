//! The Dancing Links Sudoku solver: one exact-cover matrix per shape, built
//! once and reused for every puzzle of that shape.

use std::time::Instant;

use dance_dlx::Event;

use crate::bands::Bands;
use crate::bitboard::BitKernel;
use crate::deductions::Deductions;
use crate::engine::{Engine, Generic, Walk};
use crate::kernel::Kernel;
use crate::{Count, Grid, Puzzle, Shape, Stats, TimedOut, Verdict};

/// Which engine a [`Solver`] runs a puzzle on ([`Solver::engine_kind`]):
/// what did the work, for labels and reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EngineKind {
    /// The fast engine of the classic 9×9 shape ([`Tree::Own`]): bands of
    /// bits with its own deductions (singles, locked candidates both ways,
    /// triads) and its own search tree, not Algorithm X's, without dancing
    /// links.
    Deductions,
    /// Algorithm X on bands (the classic 9×9 shape on [`Tree::AlgorithmX`]):
    /// the generic engine's guesses, forced choices made in bulk with word
    /// operations, without dancing links.
    Bands,
    /// Algorithm X on bitboards (9×9 jigsaw shapes): the generic engine's
    /// search tree, node for node, without dancing links.
    Bitboards,
    /// Dancing Links specialised for options of exactly four items
    /// (standard and jigsaw sizes up to 8, and 25).
    Kernel,
    /// The generic Dancing Links engine of the `dlx` crate on the shape's
    /// exact cover (every other shape, variants and pencilmark puzzles).
    Generic,
}

impl EngineKind {
    /// A short description of the engine, for labels.
    pub fn describe(self) -> &'static str {
        match self {
            EngineKind::Deductions => {
                "bands with own deductions and own search tree, not Algorithm X's (no dancing links)"
            }
            EngineKind::Bands => "Algorithm X on bands, forced choices in bulk (no dancing links)",
            EngineKind::Bitboards => "Algorithm X on bitboards (no dancing links)",
            EngineKind::Kernel => "Dancing Links, the four-item Sudoku kernel",
            EngineKind::Generic => "Dancing Links, the generic engine",
        }
    }
}

/// Which search tree a [`Solver`] walks on the classic 9×9 shape
/// ([`Solver::set_tree`]). Every other shape has one engine, on Algorithm
/// X's tree. Both trees give the same counts and verdicts; a puzzle with
/// several solutions may get a different first one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Tree {
    /// The fastest: the 9×9 engine's own deductions eliminate candidates
    /// that Algorithm X keeps and it branches on configurations of a digit
    /// in a band, so it guesses about half as often, in its own order
    /// ([`EngineKind::Deductions`]).
    #[default]
    Own,
    /// Algorithm X's, as the generic engine walks it with the MRV rule: the
    /// same guesses, and the same solutions in the same order
    /// ([`EngineKind::Bands`]). The rating ([`crate::rate`]) is defined on
    /// it.
    AlgorithmX,
}

/// What a solver's engine is kept for: the shape, whether the engine is a
/// pencilmark puzzle's, and the tree it walks.
type EngineKey = (Shape, bool, Tree);

/// How many matrices a solver keeps. Batches are usually of one shape; a few
/// more serve files that mix sizes, and jigsaw puzzles (each region map is a
/// shape of its own) evict each other instead of growing without bound.
const CACHED_SHAPES: usize = 4;

/// Nodes searched between two looks at the clock when a deadline is set.
const CLOCK_INTERVAL: u64 = 1 << 14;

/// Solves puzzles of any shape as exact cover, with Algorithm X.
///
/// For each puzzle, the solver takes the exact-cover matrix of the puzzle's
/// shape (built on first use and kept for the next puzzles of that shape),
/// puts the givens in, searches, and takes them out again: no matrix is
/// rebuilt and nothing is allocated per puzzle except the grids it returns.
/// Givens that clash with each other make a puzzle with no solution.
///
/// The classic 9×9 shape runs on bands of bits with the fast engine's own
/// deductions and search tree ([`Tree::Own`], the default), or Algorithm X
/// on bands of bits (forced choices made in bulk) with
/// [`set_tree`](Self::set_tree)`(`[`Tree::AlgorithmX`]`)`; 9×9 jigsaw shapes
/// run on bitboards, standard and jigsaw sizes up to 8 and 25 on a Dancing
/// Links kernel specialised for options of exactly four items (where it
/// measured faster), and every other shape on the generic [`dance_dlx`]
/// engine. All but the first make the generic engine's guesses and find the
/// same solutions in the same order; nodes agree too, except that the
/// bands and bitboards may count differently on branches that die. The
/// first finds the same number of solutions with fewer guesses of its own.
///
/// ```
/// use dance_sudoku::{Solver, Verdict};
///
/// let puzzle: dance_sudoku::Puzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solver = Solver::new();
/// let Verdict::Unique(grid) = solver.verdict(&puzzle) else { panic!("Norvig's hardest is unique") };
/// dance_sudoku::verify(&puzzle, &grid)?;
/// assert!(solver.stats().nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    /// Most recently used first.
    engines: Vec<(EngineKey, Box<dyn Engine>)>,
    stats: Stats,
    generic_only: bool,
    tree: Tree,
}

impl Solver {
    /// A solver with no matrix built yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver that runs every shape on the generic [`dance_dlx`] engine — slower;
    /// for comparing the two and for checking the kernel against it.
    pub fn generic() -> Solver {
        Solver {
            generic_only: true,
            ..Solver::default()
        }
    }

    /// Runs every shape on the generic [`dance_dlx`] engine (`true`, as
    /// [`generic`](Self::generic) does) or on the fastest engine for each
    /// shape (`false`, as [`new`](Self::new) does). Both search the same
    /// tree; the engines built so far are dropped when the choice changes.
    pub fn set_generic(&mut self, generic: bool) {
        if self.generic_only != generic {
            self.generic_only = generic;
            self.engines.clear();
        }
    }

    /// Walks Algorithm X's tree or the fast engine's own on the classic 9×9
    /// shape ([`Tree`]); other shapes are not affected. The engines of both
    /// stay built, so switching back and forth costs nothing.
    pub fn set_tree(&mut self, tree: Tree) {
        self.tree = tree;
    }

    /// The tree this solver walks on the classic 9×9 shape.
    pub fn tree(&self) -> Tree {
        self.tree
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
    pub(crate) fn solve_until(
        &mut self,
        puzzle: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Option<Grid>, TimedOut> {
        self.search(puzzle, deadline).next_grid()
    }

    /// [`count`](Self::count), giving up at `deadline`.
    pub(crate) fn count_until(
        &mut self,
        puzzle: &Puzzle,
        limit: u64,
        deadline: Option<Instant>,
    ) -> Result<Count, TimedOut> {
        let mut search = self.search(puzzle, deadline);
        let mut count = Count {
            solutions: 0,
            complete: false,
        };
        while count.solutions < limit {
            match search.next() {
                Ok(true) => count.solutions += 1,
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
    pub(crate) fn verdict_until(
        &mut self,
        puzzle: &Puzzle,
        deadline: Option<Instant>,
    ) -> Result<Verdict, TimedOut> {
        let mut search = self.search(puzzle, deadline);
        match search.next_grid() {
            Ok(None) => Ok(Verdict::NoSolution),
            Ok(Some(first)) => match search.next() {
                Ok(true) => Ok(Verdict::Multiple),
                Ok(false) => Ok(Verdict::Unique(first)),
                Err(late) => Err(late),
            },
            Err(late) => Err(late),
        }
    }

    /// This solver with a deadline: the same searches, each stopping with
    /// [`TimedOut`] once `deadline` has passed — the shape of
    /// [`Dfs::with_deadline`](crate::dfs::Dfs::with_deadline). The clock is
    /// read at every solution and every few thousand nodes, so a search may
    /// run a little past it.
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    ///
    /// let puzzle: dance_sudoku::Puzzle = "1...........4...".parse()?;
    /// let mut solver = dance_sudoku::Solver::new();
    /// let count = solver
    ///     .with_deadline(Instant::now() + Duration::from_secs(10))
    ///     .count(&puzzle, 1000)?;
    /// assert_eq!((count.solutions, count.complete), (24, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_deadline(&mut self, deadline: Instant) -> Timed<'_> {
        Timed {
            solver: self,
            deadline,
        }
    }

    /// Every solution, found lazily, in search order.
    ///
    /// ```
    /// let puzzle: dance_sudoku::Puzzle = format!("12..{}", ".".repeat(12)).parse()?;
    /// let mut solver = dance_sudoku::Solver::new();
    /// let solutions: Vec<dance_sudoku::Grid> = solver.solutions(&puzzle).collect();
    /// assert_eq!(solutions.len(), 24);
    /// assert!(solutions.iter().all(|grid| dance_sudoku::verify(&puzzle, grid).is_ok()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions<'a>(&'a mut self, puzzle: &'a Puzzle) -> Solutions<'a> {
        Solutions {
            search: self.search(puzzle, None),
        }
    }

    /// The work done by the last search: options tried (`nodes`) and options
    /// tried where the item had more than one left (`guesses`). Placing the
    /// givens costs no nodes. On the fast engine's own tree ([`Tree::Own`],
    /// 9×9), a guess is an option tried at a branch point and a node a cell
    /// filled or a configuration tried ([`EngineKind::Deductions`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Starts a search of `puzzle` on its shape's matrix.
    fn search<'a>(&'a mut self, puzzle: &'a Puzzle, deadline: Option<Instant>) -> Search<'a> {
        self.stats = Stats::default();
        self.load(puzzle);
        let engine = &mut *self.engines[0].1;
        let live = engine.start(puzzle);
        Search {
            engine,
            puzzle,
            live,
            deadline,
            found: 0,
            stats: &mut self.stats,
        }
    }

    /// Puts the engine for `puzzle` first, building it on first use. A
    /// pencilmark puzzle gets an engine of its own (its candidates are part
    /// of the matrix), never reused, and at most one is kept.
    fn load(&mut self, puzzle: &Puzzle) {
        let (shape, pencilmark, tree) = (puzzle.shape(), puzzle.is_pencilmark(), self.tree);
        match self
            .engines
            .iter()
            .position(|((cached, marks, on), _)| {
                cached == shape && *marks == pencilmark && *on == tree
            })
            .filter(|_| !pencilmark)
        {
            Some(position) => self.engines[..=position].rotate_right(1),
            None => {
                self.engines.truncate(CACHED_SHAPES - 1);
                if let Some(position) = self.engines.iter().position(|(key, _)| key.1) {
                    self.engines.remove(position);
                }
                let engine = self.engine_for(puzzle);
                self.engines
                    .insert(0, ((shape.clone(), pencilmark, tree), engine));
            }
        }
    }

    /// The engine this solver runs `puzzle` on — the one place that picks
    /// it: bands for the classic 9×9 shape (with the fast engine's own
    /// deductions, or on Algorithm X's tree: [`Tree`]), bitboards for 9×9
    /// jigsaw shapes, the four-item
    /// kernel for the standard and jigsaw sizes where it wins, the generic
    /// engine for the rest (variants, other sizes, pencilmark puzzles) and
    /// for every puzzle of a [`generic`](Self::generic) solver.
    ///
    /// ```
    /// use dance_sudoku::{EngineKind, Solver};
    ///
    /// let puzzle: dance_sudoku::Puzzle = ".".repeat(81).parse()?;
    /// assert_eq!(Solver::new().engine_kind(&puzzle), EngineKind::Deductions);
    /// let mut reference = Solver::new();
    /// reference.set_tree(dance_sudoku::Tree::AlgorithmX);
    /// assert_eq!(reference.engine_kind(&puzzle), EngineKind::Bands);
    /// assert_eq!(Solver::generic().engine_kind(&puzzle), EngineKind::Generic);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine_kind(&self, puzzle: &Puzzle) -> EngineKind {
        let shape = puzzle.shape();
        if self.generic_only || puzzle.is_pencilmark() {
            EngineKind::Generic
        } else if Bands::serves(shape) {
            match self.tree {
                Tree::Own => EngineKind::Deductions,
                Tree::AlgorithmX => EngineKind::Bands,
            }
        } else if BitKernel::serves(shape) {
            EngineKind::Bitboards
        } else if Kernel::serves(shape) {
            EngineKind::Kernel
        } else {
            EngineKind::Generic
        }
    }

    /// Builds the engine [`engine_kind`](Self::engine_kind) picks for
    /// `puzzle`: that choice is made there, once.
    fn engine_for(&self, puzzle: &Puzzle) -> Box<dyn Engine> {
        let shape = puzzle.shape();
        let special: Option<Box<dyn Engine>> = match self.engine_kind(puzzle) {
            EngineKind::Deductions => {
                Deductions::new(shape).map(|engine| Box::new(Walk::new(engine)) as _)
            }
            EngineKind::Bands => Bands::new(shape).map(|bands| Box::new(Walk::new(bands)) as _),
            EngineKind::Bitboards => {
                BitKernel::new(shape).map(|bits| Box::new(Walk::new(bits)) as _)
            }
            EngineKind::Kernel => Kernel::new(shape).map(|kernel| Box::new(Walk::new(kernel)) as _),
            EngineKind::Generic => None,
        };
        special.unwrap_or_else(|| {
            if puzzle.is_pencilmark() {
                Box::new(Generic::pencilmark(puzzle))
            } else {
                Box::new(Generic::new(shape))
            }
        })
    }
}

/// The result of a search without deadline.
fn never_late<T>(result: Result<T, TimedOut>) -> T {
    match result {
        Ok(value) => value,
        Err(late) => unreachable!("a search without deadline cannot time out: {late}"),
    }
}

/// One search of one puzzle, on its shape's engine.
#[derive(Debug)]
struct Search<'a> {
    engine: &'a mut dyn Engine,
    puzzle: &'a Puzzle,
    /// `false` once the search has ended (or the givens clashed).
    live: bool,
    deadline: Option<Instant>,
    found: u64,
    stats: &'a mut Stats,
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
            let event = self.engine.resume(budget);
            *self.stats = self.engine.stats();
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
        self.engine.grid(self.puzzle)
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        self.engine.finish();
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

/// A [`Solver`] with a deadline: see [`Solver::with_deadline`].
#[derive(Debug)]
pub struct Timed<'a> {
    solver: &'a mut Solver,
    deadline: Instant,
}

impl Timed<'_> {
    /// [`Solver::solve`], or [`TimedOut`] when the deadline passed first.
    pub fn solve(&mut self, puzzle: &Puzzle) -> Result<Option<Grid>, TimedOut> {
        self.solver.solve_until(puzzle, Some(self.deadline))
    }

    /// [`Solver::count`], or [`TimedOut`] when the deadline passed first.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Count, TimedOut> {
        self.solver.count_until(puzzle, limit, Some(self.deadline))
    }

    /// [`Solver::verdict`], or [`TimedOut`] when the deadline passed first.
    pub fn verdict(&mut self, puzzle: &Puzzle) -> Result<Verdict, TimedOut> {
        self.solver.verdict_until(puzzle, Some(self.deadline))
    }

    /// [`Solver::answer`], with [`Finding::TimedOut`](crate::batch::Finding::TimedOut)
    /// when the deadline passed first.
    pub fn answer(&mut self, puzzle: &Puzzle, mode: crate::batch::Mode) -> crate::batch::Answer {
        self.solver.answer_until(puzzle, mode, Some(self.deadline))
    }
}
