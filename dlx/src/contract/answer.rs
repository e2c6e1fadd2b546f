//! What a search found out: a [`Status`] in the words every output uses, a
//! [`Count`] that says whether it is exact, the solution when the goal
//! keeps one, the work done, and what a goal finds beyond a count and a
//! solution ([`Findings`]: the cheapest solutions with their costs, a
//! count of any size, a diagram, an estimate, the parts of a cut tree).
//! The rules that turn a search's findings into an answer live beside the
//! goals ([`Goal::answer_of`](crate::Goal::answer_of)); this module knows
//! no engine.

use std::fmt;

use crate::contract::count::BigCount;
use crate::contract::stats::{Estimate, MemoStats, Stats};
use crate::contract::zdd::Zdd;
use crate::model::ids::OptionId;

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

/// A number of solutions and whether it is exact: what a search with a
/// limit, a stop or both found. `N` is the number's type: `u64` for the
/// searches, [`BigCount`] for the memo's counts, which
/// outgrow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count<N = u64> {
    /// Solutions found: the exact count when `complete`, else a lower
    /// bound (at most the limit, or what was found before the stop).
    pub solutions: N,
    /// `true` when the whole search tree was explored, so `solutions` is the
    /// exact count; `false` when the limit or the stop ended the search.
    pub complete: bool,
}

/// `N` for an exact count, `N+` for a lower bound.
impl<N: fmt::Display> fmt::Display for Count<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plus = if self.complete { "" } else { "+" };
        write!(f, "{}{plus}", self.solutions)
    }
}

/// A count as a `u64` lower bound: the count itself when it fits, else
/// `u64::MAX` and not complete (what [`Answer::count`] holds for a goal
/// whose counts outgrow `u64`; its [`Findings`] hold the whole number).
impl From<&Count<BigCount>> for Count {
    fn from(count: &Count<BigCount>) -> Count {
        match count.solutions.to_u64() {
            Some(solutions) => Count {
                solutions,
                complete: count.complete,
            },
            None => Count {
                solutions: u64::MAX,
                complete: false,
            },
        }
    }
}

/// The answer to a [`Request`](crate::Request): see the
/// [request module](crate::request) for what each goal answers.
///
/// `S` is a solution (this crate's: the options, in the order the search
/// chose them), `E` the engine that served the request, where a crate has
/// several to choose from (`()` for this crate's one search; a Sudoku
/// answer names one of its engines), `F` what the goal finds beyond a
/// count and a solution (this crate's [`Findings`]; `()` for a crate whose
/// goals find nothing more).
#[derive(Clone, Debug, PartialEq)]
pub struct Answer<S = Vec<OptionId>, E = (), F = Findings> {
    /// What the search found out.
    pub status: Status,
    /// Solutions counted, at most the goal's limit; `complete` when exact,
    /// a lower bound otherwise (more than the limit, or stopped early).
    /// For the goals that count beyond `u64` ([`Goal::MemoCount`],
    /// [`Goal::Zdd`], [`Goal::Sample`](crate::Goal::Sample): the number
    /// of solutions the diagram holds), the count as a `u64` lower bound;
    /// the [`findings`](Answer::findings) hold it whole.
    ///
    /// [`Goal::MemoCount`]: crate::Goal::MemoCount
    /// [`Goal::Zdd`]: crate::Goal::Zdd
    pub count: Count,
    /// The solution, for a goal that keeps one
    /// ([`Goal::keeps_solution`](crate::Goal::keeps_solution)) and a status
    /// of `solved` or `unique`.
    pub solution: Option<S>,
    /// The work done.
    pub stats: Stats,
    /// The engine that searched.
    pub engine: E,
    /// What the goal found beyond the count and the solution.
    pub findings: F,
}

/// What a goal finds beyond a count and a solution: see each
/// [`Goal`](crate::Goal).
#[derive(Clone, Debug, Default, PartialEq)]
#[non_exhaustive]
pub enum Findings {
    /// Nothing more: the goals of a count or of solutions.
    #[default]
    None,
    /// [`Goal::Best`](crate::Goal::Best): the kept solutions, cheapest
    /// first, each with its cost (the sum of its options' costs).
    Cheapest(Vec<(u128, Vec<OptionId>)>),
    /// [`Goal::MemoCount`](crate::Goal::MemoCount): the count, whatever
    /// its size, and what the memo did.
    Memo {
        /// The number of solutions: exact when complete, else the sum of
        /// the subproblems finished before the stop.
        count: Count<BigCount>,
        /// The search's work and the memo's figures.
        stats: MemoStats,
    },
    /// [`Goal::Zdd`](crate::Goal::Zdd) and
    /// [`Goal::Sample`](crate::Goal::Sample): the diagram of every
    /// solution, and what building it did.
    Zdd {
        /// The diagram.
        zdd: Box<Zdd>,
        /// The search's work and the memo's figures.
        stats: MemoStats,
    },
    /// [`Goal::Estimate`](crate::Goal::Estimate): Knuth's estimate of the
    /// search, from the probes made before the stop.
    Estimate(Estimate),
    /// [`Goal::Split`](crate::Goal::Split): the subproblems, each the
    /// options to select on top of the selection, in search order.
    Parts(Vec<Vec<OptionId>>),
    /// [`Goal::Zdd`](crate::Goal::Zdd) and
    /// [`Goal::Sample`](crate::Goal::Sample) gave up: the diagram needs more
    /// than 2³² − 2 nodes. The status is `timeout`: the answer is not known.
    TooLarge,
}

impl Findings {
    /// The cheapest solutions with their costs, for [`Goal::Best`](crate::Goal::Best).
    pub fn cheapest(&self) -> Option<&[(u128, Vec<OptionId>)]> {
        match self {
            Findings::Cheapest(kept) => Some(kept),
            _ => None,
        }
    }

    /// The count of any size, for [`Goal::MemoCount`](crate::Goal::MemoCount).
    pub fn memo_count(&self) -> Option<&Count<BigCount>> {
        match self {
            Findings::Memo { count, .. } => Some(count),
            _ => None,
        }
    }

    /// What the memo did, for the goals that walk with one.
    pub fn memo_stats(&self) -> Option<&MemoStats> {
        match self {
            Findings::Memo { stats, .. } | Findings::Zdd { stats, .. } => Some(stats),
            _ => None,
        }
    }

    /// The diagram, for [`Goal::Zdd`](crate::Goal::Zdd) and
    /// [`Goal::Sample`](crate::Goal::Sample).
    pub fn zdd(&self) -> Option<&Zdd> {
        match self {
            Findings::Zdd { zdd, .. } => Some(zdd),
            _ => None,
        }
    }

    /// The diagram, taken.
    pub fn into_zdd(self) -> Option<Zdd> {
        match self {
            Findings::Zdd { zdd, .. } => Some(*zdd),
            _ => None,
        }
    }

    /// The estimate, for [`Goal::Estimate`](crate::Goal::Estimate).
    pub fn estimate(&self) -> Option<&Estimate> {
        match self {
            Findings::Estimate(estimate) => Some(estimate),
            _ => None,
        }
    }

    /// The subproblems, for [`Goal::Split`](crate::Goal::Split).
    pub fn parts(&self) -> Option<&[Vec<OptionId>]> {
        match self {
            Findings::Parts(parts) => Some(parts),
            _ => None,
        }
    }
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
