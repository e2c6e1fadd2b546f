//! Many puzzles at once: in parallel on rayon's pool with one [`Solver`] per
//! worker thread, or sequentially — with identical results, in input order.

use std::cell::Cell;
use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::{Count, Grid, Puzzle, Solver, Stats, TimedOut, Verdict};

/// What to find out about each puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Mode {
    /// The first solution.
    First,
    /// Unique, multiple or none (a count up to two).
    Verdict,
    /// The number of solutions, up to a limit.
    Count {
        /// Stop counting here.
        limit: u64,
    },
}

/// What a mode found for one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// [`Mode::First`]: a solution, or `None` when there is none.
    First(Option<Grid>),
    /// [`Mode::Verdict`].
    Verdict(Verdict),
    /// [`Mode::Count`].
    Count(Count),
    /// The deadline passed first (see [`Solver::with_deadline`]).
    TimedOut(TimedOut),
}

/// The answer for one puzzle: the finding, the search work and the time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// What the search found.
    pub finding: Finding,
    /// Search nodes and guesses.
    pub stats: Stats,
    /// Wall time spent on this puzzle (only this field differs between runs).
    pub elapsed: Duration,
}

impl Solver {
    /// Answers `mode` for one puzzle, timing it.
    pub fn answer(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        self.answer_until(puzzle, mode, None)
    }

    /// Answers `mode` for one puzzle, giving up at `deadline` with
    /// [`Finding::TimedOut`].
    pub(crate) fn answer_until(
        &mut self,
        puzzle: &Puzzle,
        mode: Mode,
        deadline: Option<Instant>,
    ) -> Answer {
        let started = Instant::now();
        let found = match mode {
            Mode::First => self.solve_until(puzzle, deadline).map(Finding::First),
            Mode::Verdict => self.verdict_until(puzzle, deadline).map(Finding::Verdict),
            Mode::Count { limit } => self
                .count_until(puzzle, limit, deadline)
                .map(Finding::Count),
        };
        let finding = found.unwrap_or_else(Finding::TimedOut);
        Answer {
            finding,
            stats: self.stats(),
            elapsed: started.elapsed(),
        }
    }
}

impl crate::dfs::Dfs {
    /// Answers `mode` for one puzzle with the naive DFS, timing it: the same
    /// [`Answer`] as [`Solver::answer`], so the two race on equal terms.
    pub fn answer(&self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let started = Instant::now();
        let found = match mode {
            Mode::First => self
                .solve(puzzle)
                .map(|run| (Finding::First(run.value), run.stats)),
            Mode::Verdict => self
                .verdict(puzzle)
                .map(|run| (Finding::Verdict(run.value), run.stats)),
            Mode::Count { limit } => self
                .count(puzzle, limit)
                .map(|run| (Finding::Count(run.value), run.stats)),
        };
        let (finding, stats) = found.unwrap_or_else(|late| (Finding::TimedOut(late), late.stats));
        Answer {
            finding,
            stats,
            elapsed: started.elapsed(),
        }
    }
}

thread_local! {
    /// The solver of each worker thread, so matrices are built once per thread
    /// rather than once per piece of work. Empty while a piece of work on
    /// this thread has it out.
    static WORKER: Cell<Option<Solver>> = const { Cell::new(None) };
}

/// Applies `work` to every item with the current thread's [`Solver`], in
/// parallel on the current rayon pool; results come back in input order.
///
/// This is the primitive behind [`solve_batch`], open to callers whose items
/// are not bare puzzles (records read from a file, say). `work` may itself
/// call `par_map` (or anything built on it): while one piece of work holds
/// the thread's solver, a piece that rayon runs on the same thread (work
/// stealing while the first one waits) gets a fresh solver of its own.
pub fn par_map<T, R>(items: &[T], work: impl Fn(&mut Solver, &T) -> R + Sync) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    items
        .par_iter()
        .map(|item| {
            // Taken out for the duration of `work`, not borrowed, so that a
            // nested piece of work on this thread never finds it in use.
            let mut solver = WORKER.take().unwrap_or_default();
            let result = work(&mut solver, item);
            WORKER.set(Some(solver));
            result
        })
        .collect()
}

/// Answers `mode` for every puzzle, in parallel; answers in input order.
///
/// ```
/// use dance_sudoku::batch::{Finding, Mode, solve_batch};
///
/// let puzzles: Vec<dance_sudoku::Puzzle> = ["1...", "12..", "1..1"]
///     .iter()
///     .map(|line| format!("{line}{}", ".".repeat(12)).parse())
///     .collect::<Result<_, _>>()?;
/// let counts: Vec<u64> = solve_batch(&puzzles, Mode::Count { limit: 1000 })
///     .into_iter()
///     .map(|answer| match answer.finding {
///         Finding::Count(count) => count.solutions,
///         _ => unreachable!(),
///     })
///     .collect();
/// assert_eq!(counts, [72, 24, 0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_batch(puzzles: &[Puzzle], mode: Mode) -> Vec<Answer> {
    par_map(puzzles, |solver, puzzle| solver.answer(puzzle, mode))
}

/// [`solve_batch`] on the calling thread only, one puzzle after another.
pub fn solve_batch_sequential(puzzles: &[Puzzle], mode: Mode) -> Vec<Answer> {
    let mut solver = Solver::new();
    puzzles
        .iter()
        .map(|puzzle| solver.answer(puzzle, mode))
        .collect()
}
