//! What `dance solve` found for one record: the library's answer, or
//! `error` for a record that did not parse; with `--check`, whether the
//! answer differs from the record's own; and whether a signal cut its
//! search short.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dance_sudoku::format::{ParseError, Record};

use crate::check::Check;
use dance_sudoku::{Answer, Count, Engine, Goal, Grid, Request, Solver, Stats, Status};

/// The word printed for a record that did not parse, beside the answers'
/// [`Status`] words.
pub const ERROR: &str = "error";

/// The word printed for a record whose search a signal cut short, when the
/// goal is not a count (a count prints what it found so far, `N+`).
pub const INTERRUPTED: &str = "interrupted";

/// One record with what the solver made of it.
#[derive(Debug)]
pub struct Outcome {
    /// The record as read.
    pub record: Record,
    /// The answer and the time it took, when the record parsed.
    pub answer: Option<Timed>,
    /// What was asked: a count prints its count, the other goals their
    /// status.
    pub goal: Goal,
    /// `--check`: the record's own answer is not this solution.
    pub mismatch: bool,
    /// A signal stopped the search before it knew its answer.
    pub interrupted: bool,
}

/// An answer and the wall time it took.
#[derive(Debug)]
pub struct Timed {
    /// The library's answer.
    pub answer: Answer,
    /// The time spent searching (zero when nothing prints it).
    pub elapsed: Duration,
}

/// Answers `request` for one record's puzzle, if it parsed, timing it when
/// `timed` (two clock reads a puzzle: a few per cent of a run of easy
/// puzzles, so only when an output prints the time).
pub fn answer(
    solver: &mut Solver,
    record: &Record,
    request: &Request,
    timed: bool,
) -> Option<Timed> {
    let puzzle = record.puzzle.as_ref().ok()?;
    let started = timed.then(Instant::now);
    let answer = solver.run(puzzle, request);
    Some(Timed {
        answer,
        elapsed: started.map_or(Duration::ZERO, |started| started.elapsed()),
    })
}

impl Outcome {
    /// Answers `request` for `record` with `solver` (nothing to do for a
    /// record that did not parse), and compares the solution with the
    /// record's own answer under `--check`. `interrupt` is the flag of the
    /// request's stop that a signal raises: a search that stopped with it
    /// raised was interrupted rather than timed out. The search is timed
    /// when `timed`.
    pub fn of(
        solver: &mut Solver,
        record: Record,
        request: &Request,
        check: Option<&Check>,
        interrupt: &AtomicBool,
        timed: bool,
    ) -> Outcome {
        let answer = answer(solver, &record, request, timed);
        let solution = answer
            .as_ref()
            .and_then(|timed| timed.answer.solution.as_ref());
        let mismatch = check.is_some_and(|check| check.mismatch(&record, solution));
        let stopped = answer
            .as_ref()
            .is_some_and(|timed| timed.answer.status == Status::Timeout);
        // Built in place: an outcome is large, and one is made per record.
        Outcome {
            record,
            answer,
            goal: request.goal,
            mismatch,
            interrupted: stopped && interrupt.load(Ordering::Relaxed),
        }
    }

    /// The parse error, for a record that did not parse.
    pub fn error(&self) -> Option<&ParseError> {
        self.record.puzzle.as_ref().err()
    }

    /// The answer's status; `None` for a record that did not parse.
    pub fn status(&self) -> Option<Status> {
        self.answer.as_ref().map(|timed| timed.answer.status)
    }

    /// The status word: the answer's, [`ERROR`] or [`INTERRUPTED`].
    pub fn word(&self) -> &'static str {
        if self.interrupted {
            return INTERRUPTED;
        }
        self.status().map_or(ERROR, Status::name)
    }

    /// The solution the answer holds, if any.
    pub fn solution(&self) -> Option<&Grid> {
        self.answer.as_ref()?.answer.solution.as_ref()
    }

    /// The count printed, for a count: exact or a lower bound (`N+`) — what
    /// it found so far when a signal interrupted it — but none when it
    /// timed out (`--timeout` prints `timeout`).
    pub fn count(&self) -> Option<Count> {
        let answer = &self.answer.as_ref()?.answer;
        let timed_out = answer.status == Status::Timeout && !self.interrupted;
        (self.goal.is_count() && !timed_out).then_some(answer.count)
    }

    /// Solutions found before the stop, for a search that timed out or was
    /// interrupted.
    pub fn found_before_stop(&self) -> Option<u64> {
        let answer = &self.answer.as_ref()?.answer;
        (answer.status == Status::Timeout).then_some(answer.count.solutions)
    }

    /// Search statistics (zero for a record that did not parse).
    pub fn stats(&self) -> Stats {
        self.answer
            .as_ref()
            .map_or(Stats::default(), |timed| timed.answer.stats)
    }

    /// The engine that searched (`None` for a record that did not parse).
    pub fn engine(&self) -> Option<Engine> {
        self.answer.as_ref().map(|timed| timed.answer.engine)
    }

    /// Time spent solving (zero for a record that did not parse).
    pub fn elapsed(&self) -> Duration {
        self.answer
            .as_ref()
            .map_or(Duration::ZERO, |timed| timed.elapsed)
    }
}
