//! The Sudoku solver: one matrix per shape and engine, built once and
//! reused for every puzzle of that shape, on the engine that
//! [`engines::choose`](crate::engines) picks.

use std::ops::ControlFlow;

use dance_dlx::driver::{Ended, Fold, drive};
use dance_dlx::{Alarm, Count, Event, Goal, Resume, Tally};

use crate::engines::search::ShapeSearch;
use crate::engines::{self, Ask, Engine, Tree};
use crate::kept::Kept;
use crate::{Answer, EngineChoice, Grid, Puzzle, Request, Shape, Stats};

/// How many matrices a solver keeps. Batches are usually of one shape; a few
/// more serve files that mix sizes, and jigsaw puzzles (each region map is a
/// shape of its own) evict each other instead of growing without bound.
const CACHED_SHAPES: usize = 4;

/// Solves puzzles of any shape, as exact cover or on the 9×9 deductions.
///
/// For each puzzle, the solver takes the matrix of the puzzle's shape on
/// the engine chosen for it (built on first use and kept for the next
/// puzzles of that shape), puts the givens in, searches, and takes them
/// out again: no matrix is rebuilt and nothing is allocated per puzzle
/// except the grids it returns. Givens that clash with each other make a
/// puzzle with no solution.
///
/// [`run`](Solver::run) answers a [`Request`] on an engine of the
/// [`EngineChoice`] it names, as [`engines`](crate::engines) chooses
/// ([`engine_for`](Solver::engine_for) says which; the answer's
/// [`Answer::engine`](dance_dlx::Answer::engine) says which served). Every engine on Algorithm X's tree
/// makes the generic engine's guesses and finds the same solutions in the
/// same order; the deductions engine of the classic 9×9 shape (the default,
/// [`Tree::Fastest`]) finds the same number of solutions with fewer
/// guesses of its own.
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
    /// The engines built, most recently used first.
    engines: Kept<Key, Box<dyn ShapeSearch>, CACHED_SHAPES>,
    stats: Stats,
    /// The engine of the shorthands.
    shorthand: EngineChoice,
    tree: Tree,
}

/// What a cached engine serves: a shape, whether it is a pencilmark
/// puzzle's own, and which engine it is.
type Key = (Shape, bool, Engine);

impl Solver {
    /// A solver with no matrix built yet.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver whose shorthands ([`solve`](Self::solve),
    /// [`count`](Self::count), [`solutions`](Self::solutions)) run every
    /// shape on the generic [`dance_dlx`] engine, as [`EngineChoice::Dlx`] does —
    /// slower; for comparing the two and for checking the other engines
    /// against it. [`run`](Self::run) follows its request.
    pub fn generic() -> Solver {
        Solver {
            shorthand: EngineChoice::Dlx,
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
    /// // The answer names the engine that served: the 4×4 shape's fastest.
    /// assert_eq!(count.engine, dance_sudoku::Engine::Kernel);
    /// let capped = solver.run(&puzzle, &Request::new(Goal::Count { limit: 10 }));
    /// assert_eq!(capped.count.to_string(), "10+");
    /// let stopped = Request::new(Goal::All).with_stop(Stop::after(Duration::ZERO));
    /// let empty9 = dance_sudoku::Puzzle::empty(dance_sudoku::Shape::boxed(9)?);
    /// assert_eq!(solver.run(&empty9, &stopped).status, Status::Timeout);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run(&mut self, puzzle: &Puzzle, request: &Request) -> Answer {
        let kind = self.engine_for(puzzle, request.engine);
        let answer = match Solver::load(&mut self.engines, puzzle, kind) {
            Some(engine) => Solver::pursue(engine, puzzle, request, kind),
            None => engines::dfs::run(puzzle, request),
        };
        self.stats = answer.stats;
        answer
    }

    /// Answers `request` for `puzzle` on `engine`, which is of `kind`.
    fn pursue(
        engine: &mut dyn ShapeSearch,
        puzzle: &Puzzle,
        request: &Request,
        kind: Engine,
    ) -> Answer {
        let mut tally = Tally::new(request);
        let keep = request.goal.keeps_solution();
        let mut kept = None;
        if engine.start(puzzle) {
            // Only the solutions the answer counts are visited: for the
            // goals that keep one, the first.
            tally.run(engine, |engine| {
                if keep {
                    kept = Some(engine.grid(puzzle));
                }
                ControlFlow::Continue(())
            });
        } else {
            tally.exhausted();
        }
        let stats = engine.stats();
        engine.finish();
        tally.answer(kept, stats, kind)
    }

    /// Walks Algorithm X's tree, or the deductions engine's where it serves
    /// (the classic 9×9 shape), under [`EngineChoice::Fast`] ([`Tree`]); other
    /// shapes and engines are not affected. The engines of both stay
    /// built, so switching back and forth costs nothing.
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
        let mut search = self.search(puzzle);
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
        Solutions {
            search: self.search(puzzle),
        }
    }

    /// The work done by the last search (the engine that did it is its
    /// [`Answer`]'s, or [`engine_for`](Self::engine_for)'s): on
    /// Algorithm X's tree, options tried (`nodes`) and options tried where
    /// the item had more than one left (`guesses`). Placing the givens
    /// costs no nodes. On the deductions engine's tree
    /// ([`Tree::Fastest`], 9×9), a guess is an option tried at a branch
    /// point and a node a cell filled or a configuration tried
    /// ([`Engine::Deductions`]).
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The engine of the shorthands: see [`generic`](Self::generic).
    pub(crate) fn shorthand_engine(&self) -> EngineChoice {
        self.shorthand
    }

    /// Starts a search of `puzzle` on the shorthands' engine.
    fn search<'a>(&'a mut self, puzzle: &'a Puzzle) -> Search<'a> {
        let kind = self.engine_for(puzzle, self.shorthand);
        self.stats = Stats::default();
        // The shorthands run on `fast` or `dlx` (`shorthand` is set by the
        // constructors alone), whose engines all keep a matrix.
        let engine = Solver::load(&mut self.engines, puzzle, kind)
            .expect("the engines of `fast` and `dlx` keep a matrix");
        let live = engine.start(puzzle);
        Search {
            engine,
            puzzle,
            live,
            stats: &mut self.stats,
        }
    }

    /// The engine of `kind` for `puzzle`, first in the cache, built on
    /// first use; `None` for the naive search, which keeps none. A
    /// pencilmark puzzle gets an engine of its own (its candidates are
    /// part of the matrix), never reused, and at most one is kept.
    fn load<'e>(
        engines: &'e mut Kept<Key, Box<dyn ShapeSearch>, CACHED_SHAPES>,
        puzzle: &Puzzle,
        kind: Engine,
    ) -> Option<&'e mut dyn ShapeSearch> {
        let (shape, pencilmark) = (puzzle.shape(), puzzle.is_pencilmark());
        let serves = |(cached, marks, built): &Key| {
            cached == shape && *marks == pencilmark && *built == kind
        };
        if pencilmark || !engines.promote(serves) {
            let built = engines::build(puzzle, kind)?;
            let key = (shape.clone(), pencilmark, kind);
            // At most one pencilmark engine is kept: it serves no other
            // puzzle.
            engines.keep(key, built, |key| key.1);
        }
        let engine = engines.first_mut()?;
        Some(&mut **engine)
    }

    /// The engine that serves `puzzle` when `engine` is asked for, on this
    /// solver's [`Tree`]: the choice of [`engines`](crate::engines), made
    /// there once, for every search of the solver.
    ///
    /// ```
    /// use dance_sudoku::{EngineChoice, Engine, Solver};
    ///
    /// let puzzle: dance_sudoku::Puzzle = ".".repeat(81).parse()?;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.engine_for(&puzzle, EngineChoice::Fast), Engine::Deductions);
    /// assert_eq!(solver.engine_for(&puzzle, EngineChoice::Dlx), Engine::Dlx);
    /// assert_eq!(solver.engine_for(&puzzle, EngineChoice::Dfs), Engine::Dfs);
    /// solver.set_tree(dance_sudoku::Tree::AlgorithmX);
    /// assert_eq!(solver.engine_for(&puzzle, EngineChoice::Fast), Engine::Bands);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine_for(&self, puzzle: &Puzzle, engine: EngineChoice) -> Engine {
        let ask = Ask {
            engine,
            tree: self.tree,
            shuffled: false,
        };
        engines::choose(puzzle.shape(), puzzle.is_pencilmark(), ask)
    }
}

impl Resume for dyn ShapeSearch + '_ {
    fn resume(&mut self, budget: u64) -> Event {
        ShapeSearch::resume(self, budget)
    }

    fn nodes(&self) -> u64 {
        self.stats().nodes
    }
}

/// The fold of the raw walks: the next solution ends the walk.
struct Next;

impl Fold<dyn ShapeSearch + '_> for Next {
    fn solution(&mut self, _: &mut (dyn ShapeSearch + '_)) -> ControlFlow<()> {
        ControlFlow::Break(())
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
        let ended = drive(self.engine, &Alarm::SILENT, &mut Next);
        *self.stats = self.engine.stats();
        self.live = ended == Ended::Folded;
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
