//! One search request in, one [`Answer`] out: what to find ([`Goal`]), when
//! to give up ([`Stop`]) and, for crates that have several engines, which
//! one ([`Request::engine`]).
//!
//! Every caller — this crate's [`Solver::run`](crate::Solver::run) and its
//! threads ([`Executor`](crate::threads::Executor)), the Sudoku solver, the
//! naive depth-first search beside it, the command line and the Python
//! package — asks through a [`Request`] and reads an [`Answer`]; none of
//! them decides how many solutions to look for or what a count means.
//! Those rules live here, once:
//!
//! | goal | looks for | the answer's count | status | findings |
//! |---|---|---|---|---|
//! | [`First`](Goal::First) | 1 solution | 1, a lower bound; or exactly 0 | `solved` or `none` | — |
//! | [`Unique`](Goal::Unique) | 2 | exactly 0 or 1; or `1+` | `none`, `unique`, `multiple` | — |
//! | [`Count { limit: N }`](Goal::Count) | N + 1 | exactly 0 to N; or `N+` (more than N) | `none`, `unique`, `multiple` (`solved` for N = 0) | — |
//! | [`All`](Goal::All) | every one | exact | `none`, `unique`, `multiple` | — |
//! | [`Best { k }`](Goal::Best) | the k cheapest | 0 to k, exact when proven | `solved`, `none` or `timeout` | the k cheapest, with costs |
//! | [`MemoCount`](Goal::MemoCount) | every one, merging subproblems | exact, of any size | `none`, `unique`, `multiple` | the count, the memo's figures |
//! | [`Zdd`](Goal::Zdd) | every one, as a diagram | exact, of any size | `none`, `unique`, `multiple` | the diagram |
//! | [`Sample { samples: n }`](Goal::Sample) | n uniform samples | samples drawn | `solved` or `none` | the diagram |
//! | [`Estimate`](Goal::Estimate) | random paths | — | `solved` | the estimate |
//! | [`Split`](Goal::Split) | the tree cut at a depth | subproblems | `solved` or `none` | the subproblems |
//!
//! A count looks for one solution more than its limit so that a problem
//! with exactly N solutions answers a complete `N` and only one with more
//! answers `N+`: the search can tell the two apart only by finding the
//! (N + 1)-th. [`Unique`](Goal::Unique) is the same search as `Count {
//! limit: 1 }` that also keeps the solution when there is exactly one.
//!
//! A search that the [`Stop`] ends before it knows its answer says
//! `timeout`, with what it found so far as a lower bound.
//!
//! # Example
//!
//! ```
//! use dance_dlx::{Goal, Request, Solver, Status, problems::n_queens};
//!
//! let mut solver = Solver::new(&n_queens(8));
//! // 92 solutions: a limit of 92 counts them exactly, 91 says "91+".
//! let exact = solver.run(&Request::new(Goal::Count { limit: 92 }));
//! assert_eq!((exact.count.solutions, exact.count.complete), (92, true));
//! assert_eq!(exact.count.to_string(), "92");
//! let more = solver.run(&Request::new(Goal::Count { limit: 91 }));
//! assert_eq!(more.count.to_string(), "91+");
//! assert_eq!(more.status, Status::Multiple);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::contract::answer::{Answer, Count, Status};
use crate::contract::count::BigCount;
use crate::contract::stats::Stats;
use crate::contract::stop::Stop;

/// What a search finds out: see the [module docs](self) for the counts,
/// statuses and findings each goal gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Goal {
    /// One solution (the first in search order), or that there is none.
    #[default]
    First,
    /// Unique (with the solution), multiple or none: looks for two.
    Unique,
    /// The number of solutions, exactly up to `limit`; more than `limit`
    /// answers `limit` as a lower bound (`N+`).
    Count {
        /// The largest count answered exactly.
        limit: u64,
    },
    /// Every solution: an exact count, and every solution handed to a
    /// visitor ([`Solver::run_with`](crate::Solver::run_with)).
    All,
    /// The `k` cheapest solutions (fewer if there are fewer), the sum of
    /// their options' costs ([`Problem::option_cost`](crate::Problem::option_cost))
    /// the least: Knuth's DLX5's search, ties going to the solution the
    /// plain search ([`Solver::solutions`](crate::Solver::solutions), `--all`)
    /// meets first, whatever the bound and the threads. The answer's
    /// solution is the cheapest, its count how many were kept (exact once
    /// the search ran to the end: then they are proven the cheapest), its
    /// status `solved`, `none` or `timeout` (the best found when the stop
    /// came, not proven), its [findings](crate::Findings::Cheapest) the kept
    /// solutions with their costs; a visitor sees them cheapest first, once
    /// the search is over.
    Best {
        /// How many solutions to keep (callers that take it from a user
        /// bound it by [`MAX_BEST`]).
        k: u64,
    },
    /// Every solution counted exactly whatever their number, by a search
    /// that merges identical subproblems (a memo of the counts below the
    /// states of the links, after Nishino et al.'s DXZ): the tilings of a
    /// 16×16 board in seconds. At most `memory` bytes of memo (and of the
    /// walk's own state; [`memory_of_mb`], [`DEFAULT_MEMORY_LIMIT`]): a
    /// full memo replaces its cheapest entries, which costs time, never
    /// the count. The [findings](crate::Findings::Memo) hold the count at any
    /// size and the memo's figures.
    MemoCount {
        /// The memo's budget in bytes.
        memory: usize,
    },
    /// Every solution as a reduced ZDD (Knuth's DLX6's diagram, built by
    /// the memo's search): [findings](crate::Findings::Zdd). `memory` bounds the
    /// memo of the states searched; the diagram's own nodes are the answer
    /// and are not bounded by it.
    Zdd {
        /// The memo's budget in bytes.
        memory: usize,
    },
    /// `samples` solutions drawn uniformly at random (with repetition),
    /// each handed to a visitor as it is drawn, from the ZDD of every
    /// solution (built as [`Zdd`](Goal::Zdd) builds it, within `memory`),
    /// the same for the same `seed` on every machine. The answer's count
    /// is the samples drawn; its findings the diagram.
    Sample {
        /// How many solutions to draw.
        samples: u64,
        /// The seed of the random numbers.
        seed: u64,
        /// The memo's budget in bytes.
        memory: usize,
    },
    /// Knuth's estimate of the size of the search below the selection,
    /// from `probes` random paths (the same for the same `seed`): the
    /// [findings](crate::Findings::Estimate). With multiplicities the
    /// probes walk Algorithm M's tree.
    Estimate {
        /// Random paths to follow.
        probes: u32,
        /// The seed of the random choices.
        seed: u64,
    },
    /// The search tree cut into subproblems (lists of options to select,
    /// in search order, whose searches partition the whole): the
    /// [findings](crate::Findings::Parts), each also handed to a visitor as it is
    /// found. Not for problems with multiplicities.
    Split(Cut),
}

/// Where [`Goal::Split`] cuts the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Cut {
    /// At this depth below the selection (shallower where a solution comes
    /// sooner; dead ends left out).
    Depth(usize),
    /// At the smallest depth that gives at least this many subproblems, as
    /// a search on threads cuts it: no deeper than a dozen levels, and no
    /// deeper than where selecting the subproblems would cost more than a
    /// few times the problem's size (a root with a million options stays
    /// one subproblem).
    Parts(usize),
}

/// The most solutions a [`Goal::Best`] that a user asks for may keep —
/// `dance cover --best K` and Python's `best(k)` refuse more: each is held
/// until the search ends, so a larger K is a typo that would fill memory,
/// not a question.
pub const MAX_BEST: u64 = 1_000_000;

/// The default memory budget of a memo ([`Goal::MemoCount`], [`Goal::Zdd`],
/// [`Goal::Sample`]): 1 GiB.
pub const DEFAULT_MEMORY_LIMIT: usize = 1 << 30;

/// The default budget in MiB, as the command line's `--memo-mb` and
/// Python's `memory_mb=` take it: [`DEFAULT_MEMORY_LIMIT`].
pub const DEFAULT_MEMORY_MB: u64 = (DEFAULT_MEMORY_LIMIT >> 20) as u64;

/// The largest budget in MiB a user may give (`--memo-mb`, `memory_mb=`):
/// 2⁴⁰ MiB, far beyond any machine, so that a larger number is a typo
/// refused, not a budget.
pub const MAX_MEMORY_MB: u64 = 1 << 40;

/// A budget of `mb` MiB in bytes, as the goals with a memo take it; more than the address space can hold saturates.
///
/// ```
/// assert_eq!(dance_dlx::memory_of_mb(dance_dlx::DEFAULT_MEMORY_MB), dance_dlx::DEFAULT_MEMORY_LIMIT);
/// assert_eq!(dance_dlx::memory_of_mb(u64::MAX), usize::MAX);
/// ```
pub fn memory_of_mb(mb: u64) -> usize {
    usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX)
}

/// The probes of an estimate when the user names none (the command
/// line's `--probes`, Python's `estimate(probes=)`): enough for an error
/// bar of a few percent on the problems of the tests, in milliseconds.
pub const DEFAULT_PROBES: u32 = 1000;

impl Goal {
    /// The largest count the answer gives: 1 for [`First`](Goal::First)
    /// and [`Unique`](Goal::Unique), the limit of a count, `u64::MAX` for
    /// [`All`](Goal::All). A visitor sees at most this many solutions.
    pub fn limit(self) -> u64 {
        match self {
            Goal::First | Goal::Unique => 1,
            Goal::Count { limit } => limit,
            Goal::Best { k } => k,
            Goal::Sample { samples, .. } => samples,
            Goal::All
            | Goal::MemoCount { .. }
            | Goal::Zdd { .. }
            | Goal::Estimate { .. }
            | Goal::Split(_) => u64::MAX,
        }
    }

    /// How many solutions the search looks for: one for
    /// [`First`](Goal::First); otherwise one more than the
    /// [`limit`](Goal::limit), to tell exactly N from more than N.
    pub fn target(self) -> u64 {
        match self {
            Goal::First => 1,
            Goal::Best { .. } | Goal::Sample { .. } => self.limit(),
            goal => goal.limit().saturating_add(1),
        }
    }

    /// Whether the answer carries the solution: the one found by
    /// [`First`](Goal::First), the only one for [`Unique`](Goal::Unique),
    /// the cheapest for [`Best`](Goal::Best). Counts carry none.
    pub fn keeps_solution(self) -> bool {
        matches!(self, Goal::First | Goal::Unique | Goal::Best { .. })
    }

    /// Whether the answer is a count ([`Count`](Goal::Count),
    /// [`All`](Goal::All) or [`MemoCount`](Goal::MemoCount)), as opposed to
    /// a solution, a verdict or a goal's own findings.
    pub fn is_count(self) -> bool {
        matches!(
            self,
            Goal::Count { .. } | Goal::All | Goal::MemoCount { .. }
        )
    }

    /// The count answered when the search — or the searches of a problem's
    /// parts, added up — found `found` solutions, `exhausted` when every
    /// tree was searched to its end: more than the [`limit`](Goal::limit)
    /// answers the limit as a lower bound (`N+`); otherwise `found`, exact
    /// when exhausted. The one place that writes the rule.
    ///
    /// ```
    /// use dance_dlx::Goal;
    ///
    /// let three = Goal::Count { limit: 3 };
    /// assert_eq!(three.count_of(3, true).to_string(), "3");
    /// assert_eq!(three.count_of(7, false).to_string(), "3+");
    /// assert_eq!(Goal::All.count_of(7, true).to_string(), "7");
    /// ```
    pub fn count_of(self, found: u64, exhausted: bool) -> Count {
        if self.exceeds(Some(found.into())) {
            Count {
                solutions: self.limit(),
                complete: false,
            }
        } else {
            Count {
                solutions: found,
                complete: exhausted,
            }
        }
    }

    /// The answer of a search that found `found` solutions (at most the
    /// [`target`](Goal::target)), `exhausted` when it searched its tree to
    /// the end, `stopped` when the stop ended it first: its
    /// [`status`](Status::of), its [`count`](Goal::count_of), and the
    /// solution, kept only for a goal that [keeps one](Goal::keeps_solution)
    /// when the status is `solved` or `unique`; with the work done and the
    /// engine that did it.
    pub fn answer_of<S, E, F: Default>(
        self,
        (found, exhausted, stopped): (u64, bool, bool),
        solution: Option<S>,
        stats: Stats,
        engine: E,
    ) -> Answer<S, E, F> {
        let status = Status::of(found, exhausted, stopped);
        let keep = self.keeps_solution() && matches!(status, Status::Solved | Status::Unique);
        Answer {
            status,
            count: self.count_of(found, exhausted),
            solution: solution.filter(|_| keep),
            stats,
            engine,
            findings: F::default(),
        }
    }

    /// [`count_of`](Goal::count_of) for a count of any size (the memo's,
    /// a parallel count's sum).
    pub fn big_count_of(self, found: BigCount, exhausted: bool) -> Count<BigCount> {
        if self.exceeds(found.to_u128()) {
            Count {
                solutions: BigCount::from(self.limit()),
                complete: false,
            }
        } else {
            Count {
                solutions: found,
                complete: exhausted,
            }
        }
    }

    /// Whether `found` solutions (`None`: beyond `u128`) are more than the
    /// answer counts: never for a goal without a limit.
    fn exceeds(self, found: Option<u128>) -> bool {
        self.limit() != u64::MAX && found.is_none_or(|found| found > u128::from(self.limit()))
    }
}

/// A search request: what to find, when to give up and, where a crate has
/// several engines, which one searches (`E`; `()` for this crate's single
/// engine). The same request serves any number of searches.
#[derive(Clone, Debug, Default)]
pub struct Request<E = ()> {
    /// What to find out.
    pub goal: Goal,
    /// When to give up.
    pub stop: Stop,
    /// Which engine searches (a crate's own choice of them).
    pub engine: E,
}

impl<E: Default> Request<E> {
    /// A request for `goal`, never stopped, on the default engine.
    pub fn new(goal: Goal) -> Request<E> {
        Request {
            goal,
            stop: Stop::never(),
            engine: E::default(),
        }
    }
}

impl<E> Request<E> {
    /// The same request, stopped by `stop`.
    pub fn with_stop(self, stop: Stop) -> Request<E> {
        Request { stop, ..self }
    }

    /// The same request on `engine`.
    pub fn with_engine<F>(self, engine: F) -> Request<F> {
        Request {
            goal: self.goal,
            stop: self.stop,
            engine,
        }
    }
}
