//! The Dancing Links Sudoku solver: one exact-cover matrix per shape, built
//! once and reused for every puzzle of that shape.

use std::ops::ControlFlow;

use dance_dlx::{Count, Event, Goal, Pursuit, Resume};

use crate::bands::Bands;
use crate::bitboards::Bitboards;
use crate::deductions::Deductions;
use crate::engine::{Driven, Generic, ShapeSearch};
use crate::kernel::Kernel;
use crate::{Answer, Engine, Grid, Puzzle, Request, Shape, Stats};

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
    /// The naive depth-first search of [`dfs`](crate::dfs)
    /// ([`Engine::Dfs`]).
    Dfs,
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
            EngineKind::Dfs => "naive depth-first search",
        }
    }
}

/// Which search tree a [`Solver`] walks on the classic 9×9 shape under
/// [`Engine::Fast`] ([`Solver::set_tree`]). Every other shape has one fast
/// engine, on Algorithm X's tree. Both trees give the same counts and
/// verdicts; a puzzle with several solutions may get a different first one.
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

/// How many matrices a solver keeps. Batches are usually of one shape; a few
/// more serve files that mix sizes, and jigsaw puzzles (each region map is a
/// shape of its own) evict each other instead of growing without bound.
const CACHED_SHAPES: usize = 4;

/// Solves puzzles of any shape as exact cover, with Algorithm X.
///
/// For each puzzle, the solver takes the exact-cover matrix of the puzzle's
/// shape (built on first use and kept for the next puzzles of that shape),
/// puts the givens in, searches, and takes them out again: no matrix is
/// rebuilt and nothing is allocated per puzzle except the grids it returns.
/// Givens that clash with each other make a puzzle with no solution.
///
/// [`run`](Solver::run) answers a [`Request`] on the [`Engine`] it names.
/// [`Engine::Fast`] runs the classic 9×9 shape on bands of bits with the
/// fast engine's own deductions and search tree ([`Tree::Own`], the
/// default), or as Algorithm X on bands of bits (forced choices made in
/// bulk) after [`set_tree`](Self::set_tree)`(`[`Tree::AlgorithmX`]`)`; 9×9
/// jigsaw shapes on bitboards, standard and jigsaw sizes up to 8 and 25 on
/// a Dancing Links kernel specialised for options of exactly four items
/// (where it measured faster), and every other shape on the generic
/// [`dance_dlx`] engine ([`engine_kind`](Solver::engine_kind) is that
/// choice, made in one place); [`Engine::Dlx`] runs every shape on the
/// generic engine and [`Engine::Dfs`] on the naive [`dfs`](crate::dfs).
/// Every engine but the first makes the generic engine's guesses and finds
/// the same solutions in the same order; nodes agree too, except that the
/// bands and bitboards may count differently on branches that die. The
/// first finds the same number of solutions with fewer guesses of its own.
///
/// ```
/// use dance_sudoku::{Goal, Request, Solver, Status};
///
/// let puzzle: dance_sudoku::Puzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solver = Solver::new();
/// let answer = solver.run(&puzzle, &Request::new(Goal::Unique));
/// assert_eq!(answer.status, Status::Unique, "Norvig's hardest is unique");
/// dance_sudoku::verify(&puzzle, answer.solution.as_ref().unwrap())?;
/// assert!(answer.stats.nodes > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default)]
pub struct Solver {
    /// Most recently used first.
    engines: Vec<(Key, Box<dyn ShapeSearch>)>,
    stats: Stats,
    generic_only: bool,
    tree: Tree,
}

/// What a cached engine serves: a shape, whether it is a pencilmark
/// puzzle's own, and which engine it is.
type Key = (Shape, bool, EngineKind);

impl Solver {
    /// A solver with no matrix built yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose shorthands ([`solve`](Self::solve),
    /// [`count`](Self::count), [`solutions`](Self::solutions)) run every
    /// shape on the generic [`dance_dlx`] engine, as [`Engine::Dlx`] does —
    /// slower; for comparing the two and for checking the other engines
    /// against it. [`run`](Self::run) follows its request.
    pub fn generic() -> Solver {
        Solver {
            generic_only: true,
            ..Solver::default()
        }
    }

    /// Answers `request` for `puzzle` on the engine it names: the first
    /// solution, the uniqueness verdict, or a count that says whether it is
    /// exact — given up when the request's [`Stop`](dance_dlx::Stop) comes.
    /// The same request gives the same status and count on every engine;
    /// the work differs.
    ///
    /// ```
    /// use std::time::Duration;
    /// use dance_sudoku::{Goal, Request, Solver, Status, Stop};
    ///
    /// let puzzle = dance_sudoku::Puzzle::empty(dance_sudoku::Shape::boxed(4)?);
    /// let mut solver = Solver::new();
    /// let count = solver.run(&puzzle, &Request::new(Goal::Count { limit: 300 }));
    /// assert_eq!((count.status, count.count.to_string()), (Status::Multiple, "288".to_owned()));
    /// let capped = solver.run(&puzzle, &Request::new(Goal::Count { limit: 10 }));
    /// assert_eq!(capped.count.to_string(), "10+");
    /// let stopped = Request::new(Goal::All).with_stop(Stop::after(Duration::ZERO));
    /// let empty9 = dance_sudoku::Puzzle::empty(dance_sudoku::Shape::boxed(9)?);
    /// assert_eq!(solver.run(&empty9, &stopped).status, Status::Timeout);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&mut self, puzzle: &Puzzle, request: &Request) -> Answer {
        if request.engine == Engine::Dfs {
            let answer = crate::dfs::run(puzzle, request);
            self.stats = answer.stats;
            return answer;
        }
        let mut pursuit = Pursuit::new(request);
        let keep = request.goal.keeps_solution();
        let kind = self.engine_kind(puzzle, request.engine);
        let engine = Solver::load(&mut self.engines, puzzle, kind);
        let mut kept = None;
        if engine.start(puzzle) {
            // Only the solutions the answer counts are visited: for the
            // goals that keep one, the first.
            pursuit.run(engine, |engine| {
                if keep {
                    kept = Some(engine.grid(puzzle));
                }
                ControlFlow::Continue(())
            });
        } else {
            pursuit.exhausted();
        }
        let stats = engine.stats();
        engine.finish();
        self.stats = stats;
        pursuit.answer(kept, stats)
    }

    /// Walks Algorithm X's tree or the fast engine's own on the classic 9×9
    /// shape under [`Engine::Fast`] ([`Tree`]); other shapes and engines are
    /// not affected. The engines of both stay built, so switching back and
    /// forth costs nothing.
    pub fn set_tree(&mut self, tree: Tree) {
        self.tree = tree;
    }

    /// The tree this solver walks on the classic 9×9 shape.
    pub fn tree(&self) -> Tree {
        self.tree
    }

    /// The first solution found, or `None`: the solution of
    /// [`run`](Self::run) with [`Goal::First`].
    pub fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        let request = Request::new(Goal::First).with_engine(self.shorthand_engine());
        self.run(puzzle, &request).solution
    }

    /// Counts solutions, stopping at `limit`: a count that reaches it is
    /// not `complete`, even when the puzzle has exactly `limit` solutions.
    /// This is the raw walk, for callers that want one bound and no more
    /// (a uniqueness test is `count(puzzle, 2)`); to tell exactly N from
    /// more than N, [`run`](Self::run) a [`Goal::Count`].
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Count {
        let generic = self.generic_only;
        let mut search = self.search(puzzle, generic);
        let mut count = Count {
            solutions: 0,
            complete: false,
        };
        while count.solutions < limit {
            if search.next() {
                count.solutions += 1;
            } else {
                count.complete = true;
                break;
            }
        }
        count
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
        let generic = self.generic_only;
        Solutions {
            search: self.search(puzzle, generic),
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

    /// The engine of the shorthands: see [`generic`](Self::generic).
    pub(crate) fn shorthand_engine(&self) -> Engine {
        if self.generic_only {
            Engine::Dlx
        } else {
            Engine::Fast
        }
    }

    /// Starts a search of `puzzle` on its shape's matrix.
    fn search<'a>(&'a mut self, puzzle: &'a Puzzle, generic: bool) -> Search<'a> {
        self.stats = Stats::default();
        let engine = if generic { Engine::Dlx } else { Engine::Fast };
        let kind = self.engine_kind(puzzle, engine);
        let engine = Solver::load(&mut self.engines, puzzle, kind);
        let live = engine.start(puzzle);
        Search {
            engine,
            puzzle,
            live,
            stats: &mut self.stats,
        }
    }

    /// The engine of `kind` for `puzzle`, first in the cache, built on
    /// first use. A pencilmark puzzle gets an engine of its own (its
    /// candidates are part of the matrix), never reused, and at most one is
    /// kept.
    fn load<'e>(
        engines: &'e mut Vec<(Key, Box<dyn ShapeSearch>)>,
        puzzle: &Puzzle,
        kind: EngineKind,
    ) -> &'e mut dyn ShapeSearch {
        let (shape, pencilmark) = (puzzle.shape(), puzzle.is_pencilmark());
        match engines
            .iter()
            .position(|((cached, marks, built), _)| {
                cached == shape && *marks == pencilmark && *built == kind
            })
            .filter(|_| !pencilmark)
        {
            Some(position) => engines[..=position].rotate_right(1),
            None => {
                engines.truncate(CACHED_SHAPES - 1);
                if let Some(position) = engines.iter().position(|(key, _)| key.1) {
                    engines.remove(position);
                }
                let built = Solver::engine_for(puzzle, kind);
                engines.insert(0, ((shape.clone(), pencilmark, kind), built));
            }
        }
        &mut *engines[0].1
    }

    /// The engine that serves `puzzle` when `engine` is asked for — the one
    /// place that picks it: for [`Engine::Fast`], bands for the classic 9×9
    /// shape (with the fast engine's own deductions, or on Algorithm X's
    /// tree: [`Tree`]), bitboards for 9×9 jigsaw shapes, the four-item kernel for the
    /// standard and jigsaw sizes where it wins, the generic engine for the
    /// rest (variants, other sizes, pencilmark puzzles); the generic engine
    /// for every puzzle under [`Engine::Dlx`], the naive search under
    /// [`Engine::Dfs`].
    ///
    /// ```
    /// use dance_sudoku::{Engine, EngineKind, Solver};
    ///
    /// let puzzle: dance_sudoku::Puzzle = ".".repeat(81).parse()?;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.engine_kind(&puzzle, Engine::Fast), EngineKind::Deductions);
    /// assert_eq!(solver.engine_kind(&puzzle, Engine::Dlx), EngineKind::Generic);
    /// assert_eq!(solver.engine_kind(&puzzle, Engine::Dfs), EngineKind::Dfs);
    /// solver.set_tree(dance_sudoku::Tree::AlgorithmX);
    /// assert_eq!(solver.engine_kind(&puzzle, Engine::Fast), EngineKind::Bands);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine_kind(&self, puzzle: &Puzzle, engine: Engine) -> EngineKind {
        let shape = puzzle.shape();
        if engine == Engine::Dfs {
            EngineKind::Dfs
        } else if engine == Engine::Dlx || puzzle.is_pencilmark() {
            EngineKind::Generic
        } else if Bands::serves(shape) {
            match self.tree {
                Tree::Own => EngineKind::Deductions,
                Tree::AlgorithmX => EngineKind::Bands,
            }
        } else if Bitboards::serves(shape) {
            EngineKind::Bitboards
        } else if Kernel::serves(shape) {
            EngineKind::Kernel
        } else {
            EngineKind::Generic
        }
    }

    /// Builds the engine of `kind` for `puzzle`, as
    /// [`engine_kind`](Self::engine_kind) picked it: that choice is made
    /// there, once.
    fn engine_for(puzzle: &Puzzle, kind: EngineKind) -> Box<dyn ShapeSearch> {
        let shape = puzzle.shape();
        let special: Option<Box<dyn ShapeSearch>> = match kind {
            EngineKind::Deductions => {
                Deductions::new(shape).map(|engine| Box::new(Driven::new(engine)) as _)
            }
            EngineKind::Bands => Bands::new(shape).map(|bands| Box::new(Driven::new(bands)) as _),
            EngineKind::Bitboards => {
                Bitboards::new(shape).map(|bits| Box::new(Driven::new(bits)) as _)
            }
            EngineKind::Kernel => {
                Kernel::new(shape).map(|kernel| Box::new(Driven::new(kernel)) as _)
            }
            EngineKind::Generic | EngineKind::Dfs => None,
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

impl Resume for dyn ShapeSearch + '_ {
    fn resume(&mut self, budget: u64) -> Event {
        ShapeSearch::resume(self, budget)
    }
}

/// One search of one puzzle, on its shape's engine, for the raw walks
/// ([`Solver::count`], [`Solver::solutions`]).
#[derive(Debug)]
struct Search<'a> {
    engine: &'a mut dyn ShapeSearch,
    puzzle: &'a Puzzle,
    /// `false` once the search has ended (or the givens clashed).
    live: bool,
    stats: &'a mut Stats,
}

impl Search<'_> {
    /// Finds the next solution: `false` at the end.
    fn next(&mut self) -> bool {
        if !self.live {
            return false;
        }
        let event = loop {
            match self.engine.resume(u64::MAX) {
                Event::BudgetSpent => {}
                event => break event,
            }
        };
        *self.stats = self.engine.stats();
        self.live = event == Event::Solution;
        self.live
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
        self.search
            .next()
            .then(|| self.search.engine.grid(self.search.puzzle))
    }
}

impl std::iter::FusedIterator for Solutions<'_> {}
