//! What `dance solve` found for one record, and how it is called.

use std::time::Duration;

use dance_sudoku::batch::{Answer, Finding, Mode};
use dance_sudoku::dfs::Dfs;
use dance_sudoku::format::{ParseError, Record};
use dance_sudoku::{Count, Grid, Solver, Stats, Verdict};

use crate::cli::Engine;

/// The status of a record, as printed in JSON and counted in the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A solution was found (first-solution mode, or a count stopped at its
    /// limit of 1).
    Solved,
    /// Exactly one solution.
    Unique,
    /// Two or more solutions.
    Multiple,
    /// No solution.
    NoSolution,
    /// The record could not be parsed.
    Error,
    /// The search ran past `--timeout`.
    Timeout,
}

impl Status {
    /// Every status, in the order the summary lists them (and of their
    /// discriminants, which index the summary's counts).
    pub const ALL: [Status; 6] = [
        Status::Solved,
        Status::Unique,
        Status::Multiple,
        Status::NoSolution,
        Status::Error,
        Status::Timeout,
    ];

    /// The lower-case name used in output.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::NoSolution => "none",
            Status::Error => "error",
            Status::Timeout => "timeout",
        }
    }
}

/// One record with what the solver made of it.
#[derive(Debug)]
pub struct Outcome {
    /// The record as read.
    pub record: Record,
    /// The answer, when the record parsed.
    pub answer: Option<Answer>,
}

impl Outcome {
    /// Solves `record` in `mode` with `solver` (nothing to do for a record
    /// that did not parse).
    pub fn of(solver: &mut Solver, record: Record, search: Search) -> Outcome {
        let answer = answer(solver, &record, search);
        Outcome { record, answer }
    }

    /// The parse error, for a record that did not parse.
    pub fn error(&self) -> Option<&ParseError> {
        self.record.puzzle.as_ref().err()
    }

    /// The status.
    pub fn status(&self) -> Status {
        let Some(answer) = &self.answer else {
            return Status::Error;
        };
        match &answer.finding {
            Finding::First(Some(_)) => Status::Solved,
            Finding::First(None) | Finding::Verdict(Verdict::NoSolution) => Status::NoSolution,
            Finding::Verdict(Verdict::Unique(_)) => Status::Unique,
            Finding::Verdict(Verdict::Multiple) => Status::Multiple,
            Finding::Count(Count { solutions: 0, .. }) => Status::NoSolution,
            Finding::Count(Count {
                solutions: 1,
                complete: true,
            }) => Status::Unique,
            Finding::Count(Count { solutions: 1, .. }) => Status::Solved,
            Finding::Count(_) => Status::Multiple,
            Finding::TimedOut(_) => Status::Timeout,
            // Findings of modes this binary never asks for.
            _ => Status::Error,
        }
    }

    /// The solution found, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match &self.answer.as_ref()?.finding {
            Finding::First(grid) => grid.as_ref(),
            Finding::Verdict(Verdict::Unique(grid)) => Some(grid),
            _ => None,
        }
    }

    /// The count, in count mode.
    pub fn count(&self) -> Option<Count> {
        match self.answer.as_ref()?.finding {
            Finding::Count(count) => Some(count),
            _ => None,
        }
    }

    /// Solutions found before the deadline, for a record that timed out.
    pub fn found_before_timeout(&self) -> Option<u64> {
        match self.answer.as_ref()?.finding {
            Finding::TimedOut(late) => Some(late.found),
            _ => None,
        }
    }

    /// Search statistics (zero for a record that did not parse).
    pub fn stats(&self) -> Stats {
        self.answer.as_ref().map_or(Stats::default(), |a| a.stats)
    }

    /// Time spent solving (zero for a record that did not parse).
    pub fn elapsed(&self) -> Duration {
        self.answer.as_ref().map_or(Duration::ZERO, |a| a.elapsed)
    }
}

/// How every record is searched: what to find, by which engine, and for
/// how long at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// What to find.
    pub mode: Mode,
    /// Which search finds it.
    pub engine: Engine,
    /// The time allowed per record.
    pub timeout: Option<Duration>,
}

/// Solves one record's puzzle, if it parsed, within `timeout`.
///
/// A count limited to N searches for N + 1 solutions, so that a puzzle with
/// exactly N solutions counts as a complete `N`, and only one with more
/// prints `N+` (the count is then cut back to N).
pub fn answer(solver: &mut Solver, record: &Record, search: Search) -> Option<Answer> {
    let puzzle = record.puzzle.as_ref().ok()?;
    let Search {
        mode,
        engine,
        timeout,
    } = search;
    let deadline = timeout.and_then(crate::limits::deadline);
    let searched = match mode {
        Mode::Count { limit } => Mode::Count {
            limit: limit.saturating_add(1),
        },
        mode => mode,
    };
    let mut answer = match (engine, deadline) {
        (Engine::Dfs, Some(deadline)) => {
            Dfs::new().with_deadline(deadline).answer(puzzle, searched)
        }
        (Engine::Dfs, None) => Dfs::new().answer(puzzle, searched),
        (Engine::Fast | Engine::Dlx, deadline) => {
            solver.set_generic(engine == Engine::Dlx);
            match deadline {
                Some(deadline) => solver.with_deadline(deadline).answer(puzzle, searched),
                None => solver.answer(puzzle, searched),
            }
        }
    };
    if let (Mode::Count { limit }, Finding::Count(count)) = (mode, &mut answer.finding)
        && count.solutions > limit
    {
        *count = Count {
            solutions: limit,
            complete: false,
        };
    }
    Some(answer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_listed_in_discriminant_order() {
        for (k, status) in Status::ALL.iter().enumerate() {
            assert_eq!(*status as usize, k, "{}", status.name());
        }
    }
}
