//! A difficulty measure: how much searching Algorithm X needs to prove a
//! puzzle's solution unique, named in levels.
//!
//! # What is measured
//!
//! [`rate`] counts the puzzle's solutions up to two with the [`Solver`] on
//! [`SAMPLES`] random transformations of it ([`samples`]), on Algorithm X's
//! search tree ([`Tree::AlgorithmX`], whatever tree the solver is set to
//! walk), and averages the work that the answers report: *guesses* (options
//! tried where the search had a real choice) and *nodes* (options tried).
//! The transformations rename the digits and, as the shape allows, permute
//! rows within bands, bands, columns within stacks and stacks, transpose
//! (square boxes), or reflect and transpose the whole grid (X-Sudoku and
//! jigsaw, whose diagonals and region maps must stay valid). They keep the
//! puzzle's solutions but change the order in which the search meets its
//! ties, so the average describes the puzzle rather than one way of writing
//! it down. The transformations come from a fixed seed: a puzzle always
//! gets the same rating, on every machine.
//!
//! Exactly what is counted, engine by engine (the rating's
//! [`Rating::engine`] names the one that served):
//!
//! * the **guesses** are those of the generic Dancing Links engine
//!   (`dance solve --engine dlx`) on the same searches, on every shape:
//!   every engine on Algorithm X's tree makes its guesses;
//! * the **nodes** too, except on the classic 9×9 shape, which runs on the
//!   bands ([`Engine::Bands`]): they make the
//!   forced choices a round at a time and find a dead end at the end of a
//!   round, not at the first item that runs out, so on a branch that dies
//!   they count other nodes than the generic engine — fewer on 692 of the
//!   760 searches of top95's ratings, more on 63. Top95's first puzzle
//!   rates `extreme 2148.6 400.0`, where `--engine dlx` counts 2468.6 nodes
//!   on the same samples (and 400.0 guesses). The bands stay because they
//!   count to two 1.24–1.47 times as fast as Algorithm X on bitboards, which
//!   counts as the generic engine does (`docs/benchmarks.md`, "Algorithm X on
//!   9×9").
//!
//! A solver made with [`Solver::generic`] rates on the generic engine
//! itself, whose nodes are `--engine dlx`'s everywhere. A test holds the
//! rating to all this (`sudoku/tests/rate.rs`).
//!
//! A puzzle solved by forced moves alone — at every step some cell has one
//! digit left, or some unit has one place left for a digit (naked and
//! hidden singles) — costs no guess in any transformation; anything else
//! makes the search guess and back up.
//!
//! # Levels
//!
//! The [`Level`] is read from the average guesses alone, by thresholds
//! calibrated on the 9×9 sets shipped in `benches/data/`: a geometric
//! ladder (each level searches about four times as much as the one below)
//! placed so that the easy set is easy and the forum's hardest list is
//! extreme. How the sets fall (the command that made this table is in
//! `docs/benchmarks.md`, and an ignored test checks it):
//!
//! | level | average guesses | easy (2000) | 17-clue (4916) | top1465 | top95 | forum hardest (3048) |
//! |---|---|---:|---:|---:|---:|---:|
//! | easy | 0 | 1949 | 2165 | 0 | 0 | 0 |
//! | medium | above 0, below 8 | 51 | 1387 | 0 | 0 | 0 |
//! | hard | 8 to 32 | 0 | 1054 | 243 | 2 | 0 |
//! | expert | 32 to 128 | 0 | 279 | 953 | 61 | 31 |
//! | extreme | 128 or more | 0 | 31 | 269 | 32 | 3017 |
//!
//! This is **search difficulty, not human difficulty**: a puzzle that needs
//! one clever deduction (an X-wing, a chain) can take Dancing Links one
//! lucky guess, and a long grind of easy steps costs it none. The levels
//! rank puzzles by how much a computer has to search; they say nothing
//! about which techniques a person needs. Other shapes — other sizes,
//! jigsaw, X-Sudoku — get the same thresholds, which were not calibrated
//! for them: bigger grids guess more, and minimal jigsaw and X puzzles,
//! sparser than boxed ones, mostly rate expert or extreme.
//!
//! ```
//! use dance_sudoku::rate::{Level, rate};
//!
//! let mut solver = dance_sudoku::Solver::new();
//! let easy: dance_sudoku::Puzzle =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! let rating = rate(&mut solver, &easy)?;
//! assert_eq!((rating.level, rating.guesses()), (Level::Easy, 0.0));
//! assert_eq!(rating.nodes(), 49.0); // one forced move per blank
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::transform::Transform;
use crate::{Engine, Goal, Puzzle, Request, Solver, Stats, Status, Stop, Tree};
use dance_dlx::SplitMix64;

/// Transformations averaged per rating.
pub const SAMPLES: u32 = 8;

/// The seed of the transformations: fixed, so a rating is a function of the
/// puzzle alone.
const SEED: u64 = 0x0D1F_F1C0_17D0_0DAD;

/// Named bands of average guesses (see the [module docs](self#levels)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// No guess at all: forced moves solve it.
    Easy,
    /// Fewer than 8 guesses on average: most 17-clue puzzles.
    Medium,
    /// 8 to 32 guesses: the easier end of the "top" lists.
    Hard,
    /// 32 to 128 guesses: most of top95 and top1465.
    Expert,
    /// 128 guesses or more: the forum's hardest list.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The level of `guesses` guesses made by `samples` searches in all:
    /// [`Level::Easy`] for none at all, else the highest level whose
    /// [`lowest_guesses`](Self::lowest_guesses) the average reaches.
    pub fn of(guesses: u64, samples: u32) -> Level {
        if guesses == 0 {
            return Level::Easy;
        }
        let samples = u64::from(samples.max(1));
        Level::ALL
            .into_iter()
            .rev()
            .find(|level| guesses >= level.lowest_guesses() * samples)
            .unwrap_or(Level::Medium)
    }

    /// The average guesses from which the level starts: 0 for
    /// [`Level::Easy`] (which makes no guess at all) and [`Level::Medium`]
    /// (which makes some), then 8, 32 and 128 — each level searches about
    /// four times as much as the one below. See `docs/benchmarks.md` for
    /// how the sets shipped with the project fall.
    pub const fn lowest_guesses(self) -> u64 {
        match self {
            Level::Easy | Level::Medium => 0,
            Level::Hard => 8,
            Level::Expert => 32,
            Level::Extreme => 128,
        }
    }

    /// The lower-case name used in output.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The difficulty of one puzzle.
///
/// `Display` prints `LEVEL NODES GUESSES`, the averages with one decimal:
/// `hard 187.5 9.5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rating {
    /// The named level.
    pub level: Level,
    /// The searches averaged.
    pub samples: u32,
    /// Their work, added up.
    pub total: Stats,
    /// The engine that did it (transformations keep the shape, so one
    /// engine serves every sample); `None` for a rating made from its
    /// figures.
    pub engine: Option<Engine>,
}

impl Rating {
    /// Average nodes (options tried) per search: see the [module
    /// docs](self#what-is-measured) for which engine counted them.
    pub fn nodes(&self) -> f64 {
        self.total.nodes as f64 / f64::from(self.samples)
    }

    /// Average guesses (options tried among several) per search.
    pub fn guesses(&self) -> f64 {
        self.total.guesses as f64 / f64::from(self.samples)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} {:.1} {:.1}",
            self.level,
            self.nodes(),
            self.guesses()
        )
    }
}

/// Why a puzzle has no rating: the measure is for unique puzzles.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RateError {
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has two solutions or more.
    #[error("the puzzle has more than one solution")]
    Multiple,
    /// The stop given to [`rate_until`] came before the rating was known.
    #[error("stopped before the rating was known")]
    Stopped,
}

/// Rates `puzzle` on Algorithm X's tree; see the [module docs](self). The
/// solver is left on the tree it walked before.
///
/// # Errors
/// When the puzzle does not have exactly one solution.
pub fn rate(solver: &mut Solver, puzzle: &Puzzle) -> Result<Rating, RateError> {
    rate_until(solver, puzzle, &Stop::never())
}

/// [`rate`], given up when `stop` comes (a deadline for a whole run, a
/// flag raised by Ctrl-C): its searches look at it every few
/// milliseconds. A rating that finishes is the same as [`rate`]'s.
///
/// # Errors
/// When the puzzle does not have exactly one solution, or
/// [`RateError::Stopped`].
pub fn rate_until(solver: &mut Solver, puzzle: &Puzzle, stop: &Stop) -> Result<Rating, RateError> {
    let tree = solver.tree();
    solver.set_tree(Tree::AlgorithmX);
    let rating = rate_on_algorithm_x(solver, puzzle, stop);
    solver.set_tree(tree);
    rating
}

/// The [`SAMPLES`] transformations of `puzzle` that a rating searches,
/// in order: the same for a puzzle on every machine, so that its searches
/// can be repeated on any engine (`rate(puzzle).total.guesses` is the sum of
/// their guesses counted to one on [`EngineChoice::Dlx`](crate::EngineChoice::Dlx)).
///
/// ```
/// let puzzle: dance_sudoku::Puzzle =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let samples: Vec<dance_sudoku::Puzzle> = dance_sudoku::rate::samples(&puzzle).collect();
/// assert_eq!(samples.len(), dance_sudoku::rate::SAMPLES as usize);
/// assert!(samples.iter().all(|sample| sample.given_count() == puzzle.given_count()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn samples(puzzle: &Puzzle) -> impl Iterator<Item = Puzzle> + '_ {
    let mut rng = SplitMix64::new(SEED);
    (0..SAMPLES).map(move |_| Transform::random(puzzle.shape(), &mut rng).puzzle(puzzle))
}

/// [`rate_until`] with the solver on Algorithm X's tree.
fn rate_on_algorithm_x(
    solver: &mut Solver,
    puzzle: &Puzzle,
    stop: &Stop,
) -> Result<Rating, RateError> {
    let mut total = Stats::default();
    let mut engine = None;
    // Counted to one: exactly one solution, or more.
    let request = Request::new(Goal::Count { limit: 1 })
        .with_stop(stop.clone())
        .with_engine(solver.shorthand_engine());
    for (sample, transformed) in samples(puzzle).enumerate() {
        let answer = solver.run(&transformed, &request);
        // Transformations keep the number of solutions, so the first
        // search answers for all.
        match answer.status {
            Status::Timeout => return Err(RateError::Stopped),
            Status::NoSolution if sample == 0 => return Err(RateError::NoSolution),
            Status::Multiple if sample == 0 => return Err(RateError::Multiple),
            _ => {}
        }
        total += answer.stats;
        engine = Some(answer.engine);
    }
    Ok(Rating {
        level: Level::of(total.guesses, SAMPLES),
        samples: SAMPLES,
        total,
        engine,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_read_from_the_average() {
        assert_eq!(Level::of(0, 8), Level::Easy);
        assert_eq!(Level::of(1, 8), Level::Medium);
        assert_eq!(Level::of(8 * 8 - 1, 8), Level::Medium);
        assert_eq!(Level::of(8 * 8, 8), Level::Hard);
        let expert = Level::Expert.lowest_guesses();
        assert_eq!(Level::of(expert * 8 - 1, 8), Level::Hard);
        assert_eq!(Level::of(expert * 8, 8), Level::Expert);
        assert_eq!(Level::of(u64::MAX, 8), Level::Extreme);
        for pair in Level::ALL[1..].windows(2) {
            assert!(pair[0] < pair[1]);
            assert!(pair[0].lowest_guesses() < pair[1].lowest_guesses());
        }
    }

    #[test]
    fn ratings_print_level_nodes_and_guesses() {
        let rating = Rating {
            level: Level::Hard,
            samples: 8,
            total: Stats {
                nodes: 1500,
                guesses: 76,
                ..Stats::default()
            },
            engine: None,
        };
        assert_eq!(rating.to_string(), "hard 187.5 9.5");
    }

    #[test]
    fn puzzles_without_one_solution_are_not_rated() {
        let mut solver = Solver::new();
        let empty = Puzzle::empty(crate::Shape::boxed(4).unwrap());
        assert_eq!(rate(&mut solver, &empty), Err(RateError::Multiple));
        let clash: Puzzle = format!("11{}", ".".repeat(14)).parse().unwrap();
        assert_eq!(rate(&mut solver, &clash), Err(RateError::NoSolution));
    }
}
