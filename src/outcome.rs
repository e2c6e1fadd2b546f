//! What `dance solve` found for one record: the library's answer, or
//! `error` for a record that did not parse.

use std::time::{Duration, Instant};

use dance_sudoku::format::{ParseError, Record};
use dance_sudoku::{Answer, Count, Goal, Grid, Request, Solver, Stats, Status};

/// The word printed for a record that did not parse, beside the answers'
/// [`Status`] words.
pub const ERROR: &str = "error";

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
}

/// An answer and the wall time it took.
#[derive(Debug)]
pub struct Timed {
    /// The library's answer.
    pub answer: Answer,
    /// The time spent searching.
    pub elapsed: Duration,
}

/// Answers `request` for one record's puzzle, if it parsed, timing it.
pub fn answer(solver: &mut Solver, record: &Record, request: &Request) -> Option<Timed> {
    let puzzle = record.puzzle.as_ref().ok()?;
    let started = Instant::now();
    let answer = solver.run(puzzle, request);
    Some(Timed {
        answer,
        elapsed: started.elapsed(),
    })
}

impl Outcome {
    /// Answers `request` for `record` with `solver` (nothing to do for a
    /// record that did not parse).
    pub fn of(solver: &mut Solver, record: Record, request: &Request) -> Outcome {
        let answer = answer(solver, &record, request);
        Outcome {
            record,
            answer,
            goal: request.goal,
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

    /// The status word: the answer's, or [`ERROR`].
    pub fn word(&self) -> &'static str {
        self.status().map_or(ERROR, Status::name)
    }

    /// The solution the answer holds, if any.
    pub fn solution(&self) -> Option<&Grid> {
        self.answer.as_ref()?.answer.solution.as_ref()
    }

    /// The count, for a count that did not time out.
    pub fn count(&self) -> Option<Count> {
        let answer = &self.answer.as_ref()?.answer;
        (self.goal.is_count() && answer.status != Status::Timeout).then_some(answer.count)
    }

    /// Solutions found before the stop, for a record that timed out.
    pub fn found_before_timeout(&self) -> Option<u64> {
        let answer = &self.answer.as_ref()?.answer;
        (answer.status == Status::Timeout).then_some(answer.count.solutions)
    }

    /// Search statistics (zero for a record that did not parse).
    pub fn stats(&self) -> Stats {
        self.answer
            .as_ref()
            .map_or(Stats::default(), |timed| timed.answer.stats)
    }

    /// Time spent solving (zero for a record that did not parse).
    pub fn elapsed(&self) -> Duration {
        self.answer
            .as_ref()
            .map_or(Duration::ZERO, |timed| timed.elapsed)
    }
}
