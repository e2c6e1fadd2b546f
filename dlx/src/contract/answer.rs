//! What a search found out: a [`Status`] in the words every output uses, a
//! [`Count`] that says whether it is exact, the solution when the goal
//! keeps one, and the work done. Answers are made by a
//! [`Pursuit`](crate::Pursuit), the one place that knows the rules.

use std::fmt;

use crate::{Count, OptionId, Stats};

/// The outcome of a search, as the command line and the Python package
/// print it ([`name`](Status::name)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Status {
    /// A solution was found, and the goal did not ask whether it is the only
    /// one (`solved`).
    Solved,
    /// Exactly one solution (`unique`).
    Unique,
    /// Two solutions or more (`multiple`).
    Multiple,
    /// No solution (`none`).
    NoSolution,
    /// The [`Stop`](crate::Stop) came before the answer was known
    /// (`timeout`): the count is a lower bound.
    Timeout,
}

impl Status {
    /// Every status, in the order of their discriminants.
    pub const ALL: [Status; 5] = [
        Status::Solved,
        Status::Unique,
        Status::Multiple,
        Status::NoSolution,
        Status::Timeout,
    ];

    /// The status of a search — or of a problem's parts, taken together —
    /// that found `found` solutions: `timeout` when the stop ended it
    /// (`stopped`) before it found what it looked for; otherwise from the
    /// solutions found and whether the tree was `exhausted`, whatever the
    /// goal (a goal decides when a search stops, not what its findings are
    /// called). The one place that writes the rule.
    ///
    /// ```
    /// use dance_dlx::Status;
    ///
    /// assert_eq!(Status::of(1, true, false), Status::Unique);
    /// assert_eq!(Status::of(1, false, false), Status::Solved);
    /// assert_eq!(Status::of(1, false, true), Status::Timeout);
    /// assert_eq!(Status::of(6, false, false), Status::Multiple);
    /// assert_eq!(Status::of(0, true, false), Status::NoSolution);
    /// ```
    pub fn of(found: u64, exhausted: bool, stopped: bool) -> Status {
        match (found, exhausted) {
            _ if stopped => Status::Timeout,
            (0, _) => Status::NoSolution,
            (1, true) => Status::Unique,
            (1, false) => Status::Solved,
            _ => Status::Multiple,
        }
    }

    /// The word printed for it: `solved`, `unique`, `multiple`, `none`,
    /// `timeout`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::NoSolution => "none",
            Status::Timeout => "timeout",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// `N` for an exact count, `N+` for a lower bound.
impl<N: fmt::Display> fmt::Display for Count<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plus = if self.complete { "" } else { "+" };
        write!(f, "{}{plus}", self.solutions)
    }
}

/// The answer to a [`Request`](crate::Request): see the
/// [request module](crate::request) for what each goal answers.
///
/// `S` is a solution (this crate's: the options, in the order the search
/// chose them), `E` the engine that served the request, where a crate has
/// several to choose from (`()` for this crate's one search; a Sudoku
/// answer names one of its engines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer<S = Vec<OptionId>, E = ()> {
    /// What the search found out.
    pub status: Status,
    /// Solutions counted, at most the goal's limit; `complete` when exact,
    /// a lower bound otherwise (more than the limit, or stopped early).
    pub count: Count,
    /// The solution, for a goal that keeps one
    /// ([`Goal::keeps_solution`](crate::Goal::keeps_solution)) and a status
    /// of `solved` or `unique`.
    pub solution: Option<S>,
    /// The work done.
    pub stats: Stats,
    /// The engine that searched.
    pub engine: E,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_listed_in_discriminant_order_with_their_words() {
        for (k, status) in Status::ALL.iter().enumerate() {
            assert_eq!(*status as usize, k);
            assert_eq!(status.to_string(), status.name());
        }
        let words: Vec<&str> = Status::ALL.iter().map(|s| s.name()).collect();
        assert_eq!(words, ["solved", "unique", "multiple", "none", "timeout"]);
    }

    #[test]
    fn counts_print_a_plus_when_they_are_a_lower_bound() {
        let exact = Count {
            solutions: 3,
            complete: true,
        };
        let more = Count {
            complete: false,
            ..exact
        };
        assert_eq!(
            (exact.to_string(), more.to_string()),
            ("3".into(), "3+".into())
        );
    }
}
