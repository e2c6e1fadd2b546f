//! Puzzle generation: a random complete grid, then givens taken away for as
//! long as the puzzle keeps exactly one solution.
//!
//! # How a puzzle is made
//!
//! 1. **The shape**: the one in the [`Options`], or a new random jigsaw map
//!    ([`jigsaw::random_shape`]) for every attempt.
//! 2. **A complete grid**: the engine that can shuffle its options — the
//!    engines' one choice picks the generic [`dance_dlx`] engine — on
//!    [`exact_cover`]`(shape)`, its options shuffled by a seed
//!    ([`dance_dlx::Solver::shuffle`]), asked for the first solution by a
//!    [`Request`] whose stop is the caller's and a spent budget. A search
//!    that tries more than `GRID_BUDGET_PER_CELL · N²` options (64 times
//!    that with anti-knight, anti-king or non-consecutive) is abandoned
//!    for a new seed (big grids can wander into a dead end with a bad
//!    order), up to `GRID_SEARCHES` seeds. A search that ends without a
//!    solution proves that the shape has none ([`GenerateError::NoSolution`]);
//!    a random jigsaw map without one is replaced by another.
//! 3. **Removal**: the cells are grouped into orbits of the [`Symmetry`]
//!    (single cells without one), and the orbits are visited once, in random
//!    order. Each orbit's givens are taken away and put back unless the
//!    puzzle is still unique — uniqueness is [`Solver::count`] up to 2 on the
//!    fast solver.
//!
//! # Minimal
//!
//! Without a clue target, the result is **minimal**: no given can be taken
//! away without losing uniqueness. One pass suffices: if taking orbit O away
//! from puzzle P gave two solutions, taking it away from any puzzle made
//! from P by taking more givens away gives two as well, since every
//! solution of P − O solves that sparser puzzle too. With a symmetry the result is minimal *among symmetric
//! removals*: no orbit can go, though a single cell of a pair sometimes
//! could (the result would no longer be symmetric).
//!
//! # Clue targets
//!
//! With [`Options::clues`] = K, removal stops as soon as K givens are left
//! (orbits of two are skipped when only one more given may go), so the
//! puzzle has exactly K givens, is unique, and is minimal only if K happens
//! to be the minimum for that grid and order. When a grid's pass ends above
//! K, the attempt is lost and the next one starts from a new grid (and for
//! jigsaw a new map), up to [`Options::attempts`] in all; then
//! [`GenerateError::TargetNotReached`] tells the fewest givens reached.
//! Random 9×9 puzzles end near 24 givens, so targets below about 21 need
//! many attempts, and 17 is beyond this method. A target that the symmetry
//! cannot make — an odd count under rotation on a grid of even size, whose
//! orbits are all pairs — is refused at once.
//!
//! # Cost
//!
//! Nearly all the time goes to the uniqueness checks, one per orbit, and
//! the last ones, on the sparsest puzzles, cost the most. On the project's
//! machine (`docs/benchmarks.md`) a minimal 9×9 puzzle takes under a
//! millisecond and a 16×16 one a few seconds, with a wide spread;
//! minimal 25×25 puzzles and minimal 16×16 jigsaws are out of reach —
//! late in the pass a single check takes tens of seconds — but a clue
//! target above that cliff (310 givens for 25×25, 90 for a 16×16 jigsaw)
//! makes them in well under a second.
//!
//! # Seeds
//!
//! Everything random comes from one SplitMix64 stream seeded by the `seed`
//! of [`generate`]: the same seed and options give the same puzzle on every
//! machine. A run of many puzzles gives puzzle `i` the seed
//! [`puzzle_seed`]`(run, i)`, so each puzzle depends on its index only, not
//! on which thread made it or in what order ([`generate_batch`] and
//! [`generate_batch_sequential`] agree).
//!
//! ```
//! use dance_sudoku::generate::{Options, Symmetry, generate};
//! use dance_sudoku::{Shape, Solver};
//!
//! let mut options = Options::new(Shape::boxed(9)?);
//! options.symmetry = Symmetry::Rotational;
//! let mut solver = Solver::new();
//! let made = generate(&mut solver, &options, 7)?;
//! let verdict = solver.run(&made.puzzle, &dance_sudoku::Request::new(dance_sudoku::Goal::Unique));
//! assert_eq!(verdict.status, dance_sudoku::Status::Unique);
//! dance_sudoku::verify(&made.puzzle, &made.solution)?;
//! // The same seed, the same puzzle.
//! assert_eq!(generate(&mut solver, &options, 7)?.puzzle, made.puzzle);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::cell::RefCell;
use std::fmt;
use std::ops::{ControlFlow, Range};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use dance_dlx::{Event, Resume, Tally};

use crate::batch::par_map;
use crate::cover::{exact_cover, placements};
use crate::engines::{self, Ask, Engine, Tree};
use crate::{
    Digit, EngineChoice, Goal, Grid, MAX_SIZE, Puzzle, Request, Shape, ShapeError, Solver, Status,
    Stop, Variant, jigsaw,
};
use dance_dlx::SplitMix64;

/// Attempts allowed by [`Options::new`].
pub const DEFAULT_ATTEMPTS: u32 = 100;

/// Options tried per cell by one search for a complete grid before it is
/// abandoned for a new seed.
const GRID_BUDGET_PER_CELL: u64 = 64;

/// How many times [`GRID_BUDGET_PER_CELL`] a search may take when the
/// variant has pair rules (anti-knight, anti-king, non-consecutive): their
/// dead ends show up later in the search, so a search needs longer to
/// finish a grid.
const PAIR_RULES_BUDGET_FACTOR: u64 = 64;

/// Seeds tried for a complete grid of one shape.
const GRID_SEARCHES: u32 = 16;

/// Which cells are taken away together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// Every cell on its own.
    #[default]
    None,
    /// 180° rotation: cell (r, c) with (N−1−r, N−1−c); the centre of an
    /// odd-sized grid on its own.
    Rotational,
    /// Reflection in the main diagonal (top left to bottom right): cell
    /// (r, c) with (c, r); the cells of that diagonal on their own.
    Diagonal,
}

impl Symmetry {
    /// The cell that (0-based) `row` and `col` of an N×N grid go with: its
    /// image under the symmetry (itself for [`Symmetry::None`]).
    ///
    /// ```
    /// use dance_sudoku::generate::Symmetry;
    ///
    /// assert_eq!(Symmetry::Rotational.image(0, 1, 9), (8, 7));
    /// assert_eq!(Symmetry::Diagonal.image(0, 1, 9), (1, 0));
    /// assert_eq!(Symmetry::None.image(0, 1, 9), (0, 1));
    /// ```
    pub fn image(self, row: usize, col: usize, n: usize) -> (usize, usize) {
        match self {
            Symmetry::None => (row, col),
            Symmetry::Rotational => (n - 1 - row, n - 1 - col),
            Symmetry::Diagonal => (col, row),
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Diagonal => "diagonal",
        })
    }
}

/// The shape of the puzzles to make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Every puzzle of this shape: boxed or jigsaw, any variant.
    Shape(Shape),
    /// A new random jigsaw map for every puzzle, of connected regions.
    RandomJigsaw {
        /// N, from 1 to 25.
        size: usize,
        /// The variant of every map.
        variant: Variant,
    },
}

impl Layout {
    /// N.
    fn size(&self) -> usize {
        match self {
            Layout::Shape(shape) => shape.size(),
            Layout::RandomJigsaw { size, .. } => *size,
        }
    }
}

/// What to make.
#[derive(Clone, Debug)]
pub struct Options {
    /// The shape of the puzzles.
    pub layout: Layout,
    /// Which cells go together.
    pub symmetry: Symmetry,
    /// Exactly this many givens, if set (see the
    /// [module docs](self#clue-targets)).
    pub clues: Option<usize>,
    /// Grids (and jigsaw maps) to try before giving up; at least 1.
    pub attempts: u32,
    /// When to give up ([`GenerateError::Stopped`]): a deadline for the
    /// whole run, a flag raised by Ctrl-C. Searches look at it every few
    /// milliseconds.
    pub stop: Stop,
}

impl Options {
    /// Minimal puzzles of `shape`, no symmetry, [`DEFAULT_ATTEMPTS`].
    pub fn new(shape: Shape) -> Options {
        Options {
            layout: Layout::Shape(shape),
            symmetry: Symmetry::None,
            clues: None,
            attempts: DEFAULT_ATTEMPTS,
            stop: Stop::never(),
        }
    }

    /// Options that cannot work, found before any search.
    fn check(&self) -> Result<(), GenerateError> {
        let n = self.layout.size();
        if n == 0 || n > MAX_SIZE {
            return Err(GenerateError::SizeOutOfRange { size: n });
        }
        let fits = match &self.layout {
            Layout::Shape(shape) => shape.clone().try_with_variant(shape.variant()),
            Layout::RandomJigsaw { variant, .. } => {
                // Any map of this size: rules that need boxes fit all or none.
                let rows: Vec<u8> = (0..n * n).map(|cell| (cell / n) as u8).collect();
                Shape::jigsaw(n, &rows).and_then(|s| s.try_with_variant(*variant))
            }
        };
        fits?;
        if let Some(clues) = self.clues {
            if clues > n * n {
                return Err(GenerateError::TooManyClues {
                    clues,
                    cells: n * n,
                });
            }
            if self.symmetry == Symmetry::Rotational
                && n.is_multiple_of(2)
                && !clues.is_multiple_of(2)
            {
                return Err(GenerateError::OddClues { clues, size: n });
            }
        }
        Ok(())
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: exactly one solution, minimal unless a clue target
    /// stopped the removal.
    pub puzzle: Puzzle,
    /// Its solution.
    pub solution: Grid,
    /// The attempt (1-based) that made it: above 1 when a clue target was
    /// missed or a jigsaw map had no solution.
    pub attempts: u32,
}

/// Why no puzzle was made.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The size is outside `1..=25`.
    #[error("size {size} is out of range; sizes go from 1 to 25")]
    SizeOutOfRange {
        /// The size asked for.
        size: usize,
    },
    /// The clue target is above the number of cells.
    #[error("cannot give {clues} clues: the grid has {cells} cells")]
    TooManyClues {
        /// The target.
        clues: usize,
        /// N².
        cells: usize,
    },
    /// An odd clue target under rotational symmetry on an even-sized grid,
    /// where every cell has a partner.
    #[error(
        "cannot give {clues} clues with rotational symmetry on a {size}x{size} grid: every cell has a partner, so clue counts are even"
    )]
    OddClues {
        /// The target.
        clues: usize,
        /// N.
        size: usize,
    },
    /// The variant does not fit the shape (windoku or disjoint groups on a
    /// size without boxes).
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// The shape has no complete grid at all.
    #[error("the shape has no solution, so it has no puzzle")]
    NoSolution,
    /// Every search for a complete grid ran out of nodes.
    #[error("no complete grid found in {searches} searches of {budget} nodes each")]
    GridNotFound {
        /// Searches made.
        searches: u32,
        /// Nodes allowed to each.
        budget: u64,
    },
    /// No random jigsaw map of this size had a complete grid.
    #[error("no random jigsaw map of size {size} had a solution in {attempts} attempts")]
    NoJigsaw {
        /// N.
        size: usize,
        /// Maps tried.
        attempts: u32,
    },
    /// The [`Options::stop`] came before the puzzle was made.
    #[error("stopped before the puzzle was made")]
    Stopped,
    /// Every attempt ended with more givens than the target.
    #[error(
        "no puzzle with {target} clues in {attempts} attempts; the fewest reached was {fewest}"
    )]
    TargetNotReached {
        /// The clue target.
        target: usize,
        /// The fewest givens any attempt ended with.
        fewest: usize,
        /// Attempts made.
        attempts: u32,
    },
}

/// The seed of puzzle number `index` of a run seeded with `run`: output
/// `index` of SplitMix64 seeded with `run`, so any puzzle of a run can be
/// made alone.
///
/// ```
/// use dance_sudoku::generate::puzzle_seed;
///
/// assert_eq!(puzzle_seed(0, 0), 0xE220_A839_7B1D_CDAF); // SplitMix64(0)'s first output
/// assert_ne!(puzzle_seed(0, 1), puzzle_seed(0, 0));
/// ```
pub fn puzzle_seed(run: u64, index: u64) -> u64 {
    SplitMix64::nth(run, index)
}

/// Makes one puzzle, everything random fixed by `seed`; `solver` checks
/// uniqueness (any solver gives the same puzzle).
///
/// # Errors
/// See [`GenerateError`]: options that cannot work, a shape without a
/// solution, or a clue target missed by every attempt.
pub fn generate(
    solver: &mut Solver,
    options: &Options,
    seed: u64,
) -> Result<Generated, GenerateError> {
    options.check()?;
    let mut rng = SplitMix64::new(seed);
    match &options.layout {
        Layout::Shape(shape) => {
            let mut maker = LAST_MAKER
                .with(|last| last.borrow_mut().take())
                .filter(|maker| maker.shape == *shape)
                .unwrap_or_else(|| GridMaker::new(shape));
            let made = attempt(solver, options, &mut rng, |rng| {
                maker.grid(rng, &options.stop).map(Some)
            });
            LAST_MAKER.with(|last| *last.borrow_mut() = Some(maker));
            made
        }
        Layout::RandomJigsaw { size, variant } => attempt(solver, options, &mut rng, |rng| {
            let shape = match jigsaw::random_shape(*size, rng.next_u64()) {
                Ok(shape) => shape.with_variant(*variant),
                Err(error) => unreachable!("the size was checked: {error}"),
            };
            // A map without a grid loses the attempt; the next draws another.
            match GridMaker::new(&shape).grid(rng, &options.stop) {
                Err(GenerateError::Stopped) => Err(GenerateError::Stopped),
                made => Ok(made.ok()),
            }
        }),
    }
}

thread_local! {
    /// The grid maker of the last fixed shape on this thread, kept for the
    /// next puzzle: building its matrix costs a fifth of a 9×9 puzzle.
    /// Reusing it changes nothing, since a shuffle starts from the order
    /// the options were given in.
    static LAST_MAKER: RefCell<Option<GridMaker>> = const { RefCell::new(None) };
}

/// Up to [`Options::attempts`] attempts, each on a complete grid from
/// `grid` (`None` loses the attempt).
fn attempt(
    solver: &mut Solver,
    options: &Options,
    rng: &mut SplitMix64,
    mut grid: impl FnMut(&mut SplitMix64) -> Result<Option<Grid>, GenerateError>,
) -> Result<Generated, GenerateError> {
    let mut fewest: Option<usize> = None;
    let attempts = options.attempts.max(1);
    for attempt in 1..=attempts {
        let Some(grid) = grid(rng)? else {
            continue;
        };
        let puzzle = remove_givens(solver, &grid, options, rng)?;
        let givens = puzzle.given_count();
        if options.clues.is_none_or(|target| givens == target) {
            return Ok(Generated {
                puzzle,
                solution: grid,
                attempts: attempt,
            });
        }
        fewest = Some(fewest.map_or(givens, |f| f.min(givens)));
    }
    match (fewest, options.clues) {
        (Some(fewest), Some(target)) => Err(GenerateError::TargetNotReached {
            target,
            fewest,
            attempts,
        }),
        _ => Err(GenerateError::NoJigsaw {
            size: options.layout.size(),
            attempts,
        }),
    }
}

/// Puzzles `indices` of the run seeded with `run`, in parallel on rayon's
/// pool with one solver per worker thread; results in index order, the
/// same as [`generate_batch_sequential`]'s.
pub fn generate_batch(
    options: &Options,
    run: u64,
    indices: Range<u64>,
) -> Vec<Result<Generated, GenerateError>> {
    let indices: Vec<u64> = indices.collect();
    par_map(&indices, |solver, &index| {
        generate(solver, options, puzzle_seed(run, index))
    })
}

/// [`generate_batch`] on the calling thread only.
pub fn generate_batch_sequential(
    options: &Options,
    run: u64,
    indices: Range<u64>,
) -> Vec<Result<Generated, GenerateError>> {
    let mut solver = Solver::new();
    indices
        .map(|index| generate(&mut solver, options, puzzle_seed(run, index)))
        .collect()
}

/// Complete grids of one shape: its exact-cover matrix on the engine that
/// can shuffle its options (the one place that chooses engines picks it:
/// the generic engine), reshuffled for every search.
struct GridMaker {
    shape: Shape,
    engine: dance_dlx::Solver,
    /// Raised when a search has spent its budget: the stop of the grid
    /// searches' requests, beside the caller's deadline.
    spent: Arc<AtomicBool>,
}

impl GridMaker {
    fn new(shape: &Shape) -> GridMaker {
        let random = Ask {
            engine: EngineChoice::Fast,
            tree: Tree::AlgorithmX,
            shuffled: true,
        };
        let kind = engines::choose(shape, false, random);
        debug_assert_eq!(kind, Engine::Dlx, "only the generic engine shuffles");
        GridMaker {
            shape: shape.clone(),
            // Its budgets are counted on Algorithm X's tree.
            engine: engines::dlx::algorithm_x(&exact_cover(shape)),
            spent: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A random complete grid: the first solution under a random option
    /// order, retried with a new order when a search runs out of nodes.
    fn grid(&mut self, rng: &mut SplitMix64, stop: &Stop) -> Result<Grid, GenerateError> {
        let n = self.shape.size();
        let variant = self.shape.variant();
        let pair_rules = [
            Variant::AntiKnight,
            Variant::AntiKing,
            Variant::NonConsecutive,
        ]
        .into_iter()
        .any(|rule| variant.contains(rule));
        let factor = if pair_rules {
            PAIR_RULES_BUDGET_FACTOR
        } else {
            1
        };
        let budget = GRID_BUDGET_PER_CELL * factor * self.shape.cell_count() as u64;
        // One request for every seed: the caller's stop (a timeout runs
        // from now, for all of them; its flags stop the searches too), and
        // the flag that a spent budget raises.
        let shared = stop.from_now().with_flag(self.spent.clone());
        let request = Request::new(Goal::First).with_stop(shared);
        for _ in 0..GRID_SEARCHES {
            self.engine.shuffle(rng.next_u64());
            self.spent.store(false, Ordering::Relaxed);
            let mut search = Budgeted {
                solver: &mut self.engine,
                left: budget,
                spent: &self.spent,
                ran_out: false,
            };
            let mut tally = Tally::new(&request);
            tally.run(&mut search, |_| ControlFlow::Continue(()));
            let ran_out = search.ran_out;
            match tally.status() {
                Status::Solved => {
                    let placements = placements(n, self.engine.solution());
                    let grid = Grid::solved(&Puzzle::empty(self.shape.clone()), placements);
                    self.engine.reset();
                    return Ok(grid);
                }
                Status::NoSolution => return Err(GenerateError::NoSolution),
                Status::Timeout if ran_out => {}
                // The caller's stop (a first solution answers nothing else).
                _ => return Err(GenerateError::Stopped),
            }
        }
        Err(GenerateError::GridNotFound {
            searches: GRID_SEARCHES,
            budget,
        })
    }
}

/// A grid search that runs out after a budget of nodes, for a [`Tally`]:
/// it raises the request's flag then, so that the tally stops at its next
/// look (which also sees the caller's own stop).
struct Budgeted<'a> {
    solver: &'a mut dance_dlx::Solver,
    /// Nodes left.
    left: u64,
    /// The request's flag for a spent budget.
    spent: &'a AtomicBool,
    /// Whether the budget ran out.
    ran_out: bool,
}

impl Resume for Budgeted<'_> {
    fn resume(&mut self, budget: u64) -> Event {
        // The driver looks at its budget before every node, so the search
        // ends at the same node however the budget is sliced.
        let before = self.solver.nodes();
        let event = self.solver.resume(budget.min(self.left));
        self.left -= self.solver.nodes() - before;
        if event == Event::BudgetSpent && self.left == 0 {
            self.ran_out = true;
            self.spent.store(true, Ordering::Relaxed);
        }
        event
    }

    fn nodes(&self) -> u64 {
        self.solver.nodes()
    }
}

/// Takes givens away from `grid`, one orbit of the options' symmetry at a
/// time in random order, keeping each removal that leaves the puzzle
/// unique, until the options' target of givens is left or every orbit was
/// tried.
fn remove_givens(
    solver: &mut Solver,
    grid: &Grid,
    options: &Options,
    rng: &mut SplitMix64,
) -> Result<Puzzle, GenerateError> {
    let shape = grid.shape();
    let target = options.clues;
    let mut cells: Vec<Option<Digit>> = grid.digits().iter().map(|&d| Some(d)).collect();
    let mut givens = cells.len();
    let mut orbits = orbits(shape.size(), options.symmetry);
    rng.shuffle(&mut orbits);
    // Counted to one: exactly one solution, or more.
    let unique = Request::new(Goal::Count { limit: 1 })
        .with_stop(options.stop.clone())
        .with_engine(solver.shorthand_engine());
    for orbit in orbits {
        if target == Some(givens) {
            break;
        }
        let size = orbit.len();
        if target.is_some_and(|target| givens - size < target) {
            continue;
        }
        for &cell in &orbit {
            cells[cell] = None;
        }
        match solver.run(&puzzle(shape, &cells), &unique).status {
            Status::Unique => givens -= size,
            Status::Timeout => return Err(GenerateError::Stopped),
            _ => {
                for &cell in &orbit {
                    cells[cell] = grid.digits().get(cell).copied();
                }
            }
        }
    }
    Ok(puzzle(shape, &cells))
}

/// The orbits of `symmetry` on an N×N grid, as cell indices: each cell in
/// exactly one, listed from its first cell in row-major order.
fn orbits(n: usize, symmetry: Symmetry) -> Vec<Vec<usize>> {
    (0..n * n)
        .filter_map(|cell| {
            let (row, col) = symmetry.image(cell / n, cell % n, n);
            let image = row * n + col;
            match image.cmp(&cell) {
                std::cmp::Ordering::Less => None,
                std::cmp::Ordering::Equal => Some(vec![cell]),
                std::cmp::Ordering::Greater => Some(vec![cell, image]),
            }
        })
        .collect()
}

/// The puzzle of `shape` with `cells` given.
fn puzzle(shape: &Shape, cells: &[Option<Digit>]) -> Puzzle {
    match Puzzle::new(shape.clone(), cells.to_vec()) {
        Ok(puzzle) => puzzle,
        Err(error) => unreachable!("cells come from a grid of this shape: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    #[test]
    fn grid_searches_answer_through_the_request_and_its_stop() {
        let shape = Shape::boxed(16).unwrap();
        let mut maker = GridMaker::new(&shape);
        let mut rng = SplitMix64::new(1);
        let grid = maker.grid(&mut rng, &Stop::never()).unwrap();
        crate::verify(&Puzzle::empty(shape.clone()), &grid).unwrap();
        let raised = Arc::new(AtomicBool::new(true));
        let flagged = maker.grid(&mut rng, &Stop::when(raised));
        assert_eq!(flagged.unwrap_err(), GenerateError::Stopped);
        let past = Stop::at(Instant::now());
        assert_eq!(
            maker.grid(&mut rng, &past).unwrap_err(),
            GenerateError::Stopped
        );
        let timeout = Stop::after(std::time::Duration::ZERO);
        assert_eq!(
            maker.grid(&mut rng, &timeout).unwrap_err(),
            GenerateError::Stopped
        );
        // And it still makes grids afterwards, the same for the same seed:
        // a spent budget or a stop of one search does not leak into the
        // next.
        let again = maker.grid(&mut SplitMix64::new(1), &Stop::never()).unwrap();
        assert_eq!(again, grid);
    }

    #[test]
    fn a_search_that_spends_its_budget_is_told_from_a_stop() {
        let shape = Shape::boxed(9).unwrap();
        let mut engine = engines::dlx::algorithm_x(&exact_cover(&shape));
        let spent = AtomicBool::new(false);
        let mut search = Budgeted {
            solver: &mut engine,
            left: 5,
            spent: &spent,
            ran_out: false,
        };
        assert_eq!(search.resume(3), Event::BudgetSpent);
        assert!(!search.ran_out && !spent.load(Ordering::Relaxed));
        assert_eq!(search.resume(100), Event::BudgetSpent);
        assert!(search.ran_out && spent.load(Ordering::Relaxed));
        assert_eq!(engine.stats().nodes, 5);
    }

    #[test]
    fn orbits_cover_every_cell_once() {
        for n in [1, 4, 5, 9] {
            for symmetry in [Symmetry::None, Symmetry::Rotational, Symmetry::Diagonal] {
                let mut cells: Vec<usize> = orbits(n, symmetry).concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..n * n).collect::<Vec<_>>(), "{n} {symmetry}");
            }
        }
        assert_eq!(orbits(9, Symmetry::Rotational).len(), 41);
        assert_eq!(orbits(4, Symmetry::Rotational).len(), 8);
        assert_eq!(orbits(9, Symmetry::Diagonal).len(), 9 + 36);
        assert_eq!(orbits(3, Symmetry::Diagonal)[1], [1, 3]);
    }

    #[test]
    fn impossible_options_are_refused_before_searching() {
        let mut solver = Solver::new();
        let mut options = Options::new(Shape::boxed(4).unwrap());
        options.clues = Some(17);
        assert_eq!(
            generate(&mut solver, &options, 0),
            Err(GenerateError::TooManyClues {
                clues: 17,
                cells: 16
            })
        );
        options.clues = Some(5);
        options.symmetry = Symmetry::Rotational;
        let error = generate(&mut solver, &options, 0).unwrap_err();
        assert_eq!(error, GenerateError::OddClues { clues: 5, size: 4 });
        options.layout = Layout::RandomJigsaw {
            size: 26,
            variant: Variant::Standard,
        };
        assert_eq!(
            generate(&mut solver, &options, 0),
            Err(GenerateError::SizeOutOfRange { size: 26 })
        );
    }

    #[test]
    fn shapes_without_a_solution_are_reported() {
        let mut solver = Solver::new();
        let x = Shape::jigsaw(2, &[0, 0, 1, 1])
            .unwrap()
            .with_variant(Variant::X);
        assert_eq!(
            generate(&mut solver, &Options::new(x), 1),
            Err(GenerateError::NoSolution)
        );
        let mut options = Options::new(Shape::boxed(4).unwrap());
        options.layout = Layout::RandomJigsaw {
            size: 2,
            variant: Variant::X,
        };
        options.attempts = 3;
        assert_eq!(
            generate(&mut solver, &options, 1),
            Err(GenerateError::NoJigsaw {
                size: 2,
                attempts: 3
            })
        );
    }

    #[test]
    fn a_clue_target_gives_exactly_that_many() {
        let mut solver = Solver::new();
        let mut options = Options::new(Shape::boxed(4).unwrap());
        options.clues = Some(10);
        let made = generate(&mut solver, &options, 3).unwrap();
        assert_eq!(made.puzzle.given_count(), 10);
        let verdict = solver.run(&made.puzzle, &crate::Request::new(crate::Goal::Unique));
        assert_eq!(verdict.status, crate::Status::Unique);
        options.clues = Some(0);
        options.attempts = 4;
        let error = generate(&mut solver, &options, 3).unwrap_err();
        assert!(
            matches!(
                error,
                GenerateError::TargetNotReached {
                    target: 0,
                    attempts: 4,
                    fewest: 4..
                }
            ),
            "{error}"
        );
    }
}
