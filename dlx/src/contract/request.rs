//! One search request in, one [`Answer`] out: what to find
//! ([`Goal`]), when to give up ([`Stop`]) and, for crates that have several
//! engines, which one ([`Request::engine`]).
//!
//! Every caller — this crate's [`Solver::run`](crate::Solver::run), the
//! Sudoku solver, the naive depth-first search beside it, the command line
//! and the Python package — asks through a [`Request`] and reads an
//! [`Answer`]; none of them decides how many solutions to
//! look for or what a count means. Those rules live here, once:
//!
//! | goal | looks for | the answer's count | status |
//! |---|---|---|---|
//! | [`First`](Goal::First) | 1 solution | 1, a lower bound; or exactly 0 | `solved` or `none` |
//! | [`Unique`](Goal::Unique) | 2 | exactly 0 or 1; or `1+` | `none`, `unique`, `multiple` |
//! | [`Count { limit: N }`](Goal::Count) | N + 1 | exactly 0 to N; or `N+` (more than N) | `none`, `unique`, `multiple` (`solved` for N = 0) |
//! | [`All`](Goal::All) | every one | exact | `none`, `unique`, `multiple` |
//! | [`Best { k }`](Goal::Best) | the k cheapest | 0 to k, exact when proven | `solved`, `none` or `timeout` |
//!
//! A count looks for one solution more than its limit so that a problem
//! with exactly N solutions answers a complete `N` and only one with more
//! answers `N+`: the search can tell the two apart only by finding the
//! (N + 1)-th. [`Unique`](Goal::Unique) is the same search as `Count {
//! limit: 1 }` that also keeps the solution when there is exactly one.
//!
//! A search that the [`Stop`] ends before it knows its answer says
//! `timeout`, with the solutions found so far as a lower bound.
//!
//! # Stopping, and targets without a clock
//!
//! A [`Stop`] is a per-search timeout, a deadline shared by many searches,
//! a flag that another thread (a Ctrl-C handler, a Python signal check, a
//! worker that saw the deadline) raises, or any of them together. A search
//! looks at it at every solution and between slices of the tree, each of at
//! most [`CHECK_INTERVAL`] nodes and about [`WORK_PER_LOOK`] units of work
//! (items scanned to choose one, links updated): a node of a problem of
//! 100,000 items scans them all, so a slice of such a problem is a few
//! dozen nodes, not thousands ([`nodes_per_look`]). So it stops within a few
//! milliseconds whatever the width of the problem; a search with nothing
//! to stop it never looks, and spends nothing on it.
//!
//! The clock is read only when a timeout or a deadline is set: a search
//! started without one never calls [`Instant::now`], which has no clock to
//! read on `wasm32-unknown-unknown` (it panics there). Such targets stop a
//! search with the flag, raised from whatever timer the host offers, or
//! with a node budget ([`Solver::resume`](crate::Solver::resume)).
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

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::{Answer, Count, Event, ExactCount, Solver, Stats, Status};

/// The most nodes searched between two looks at a [`Stop`] (and at every
/// solution): a few milliseconds of search on every engine whose nodes are
/// cheap; wider problems look sooner ([`nodes_per_look`]).
pub const CHECK_INTERVAL: u64 = 1 << 14;

/// The work between two looks at a [`Stop`], in the units of a node's
/// cost bound (an item scanned to choose one, a link updated): about 10 ms
/// of search.
pub const WORK_PER_LOOK: u64 = 1 << 23;

/// Nodes to search between two looks at a [`Stop`] when no node costs more
/// than `work_per_node` units of work: [`WORK_PER_LOOK`] worth, at most
/// [`CHECK_INTERVAL`], at least one.
///
/// ```
/// use dance_dlx::{CHECK_INTERVAL, nodes_per_look};
///
/// assert_eq!(nodes_per_look(100), CHECK_INTERVAL);
/// // A node that scans 100,000 items to choose one: a look every 83 nodes.
/// assert_eq!(nodes_per_look(100_000), 83);
/// assert_eq!(nodes_per_look(u64::MAX), 1);
/// ```
pub fn nodes_per_look(work_per_node: u64) -> u64 {
    (WORK_PER_LOOK / work_per_node.max(1)).clamp(1, CHECK_INTERVAL)
}

/// What a search finds out: see the [module docs](self) for the counts and
/// statuses each goal gives.
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
    /// meets first, whatever the bound and the threads
    /// ([`Solver::run_with_threads`](crate::Solver::run_with_threads)). The answer's solution is the
    /// cheapest, its count how many were kept (exact once the search ran to
    /// the end: then they are proven the cheapest), its status `solved`,
    /// `none` or `timeout` (the best found when the stop came, not proven);
    /// a visitor sees them cheapest first, once the search is over.
    Best {
        /// How many solutions to keep (callers that take it from a user
        /// bound it by [`MAX_BEST`]).
        k: u64,
    },
}

/// The most solutions a [`Goal::Best`] that a user asks for may keep —
/// `dance cover --best K` and Python's `best(k)` refuse more: each is held
/// until the search ends, so a larger K is a typo that would fill memory,
/// not a question.
pub const MAX_BEST: u64 = 1_000_000;

impl Goal {
    /// The largest count the answer gives: 1 for [`First`](Goal::First)
    /// and [`Unique`](Goal::Unique), the limit of a count, `u64::MAX` for
    /// [`All`](Goal::All). A visitor sees at most this many solutions.
    pub fn limit(self) -> u64 {
        match self {
            Goal::First | Goal::Unique => 1,
            Goal::Count { limit } => limit,
            Goal::All => u64::MAX,
            Goal::Best { k } => k,
        }
    }

    /// How many solutions the search looks for: one for
    /// [`First`](Goal::First); otherwise one more than the
    /// [`limit`](Goal::limit), to tell exactly N from more than N.
    pub fn target(self) -> u64 {
        match self {
            Goal::First => 1,
            Goal::Best { k } => k,
            goal => goal.limit().saturating_add(1),
        }
    }

    /// Whether the answer carries the solution: the one found by
    /// [`First`](Goal::First), the only one for [`Unique`](Goal::Unique),
    /// the cheapest for [`Best`](Goal::Best). Counts carry none.
    pub fn keeps_solution(self) -> bool {
        matches!(self, Goal::First | Goal::Unique | Goal::Best { .. })
    }

    /// Whether the answer is a count ([`Count`](Goal::Count) or
    /// [`All`](Goal::All)), as opposed to a solution or a verdict.
    pub fn is_count(self) -> bool {
        matches!(self, Goal::Count { .. } | Goal::All)
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
    pub fn answer_of<S, E>(
        self,
        (found, exhausted, stopped): (u64, bool, bool),
        solution: Option<S>,
        stats: Stats,
        engine: E,
    ) -> Answer<S, E> {
        let status = Status::of(found, exhausted, stopped);
        let keep = self.keeps_solution() && matches!(status, Status::Solved | Status::Unique);
        Answer {
            status,
            count: self.count_of(found, exhausted),
            solution: solution.filter(|_| keep),
            stats,
            engine,
        }
    }

    /// [`count_of`](Goal::count_of) for a count of any size (the memo's,
    /// a parallel count's sum).
    pub fn exact_count_of(self, found: ExactCount, exhausted: bool) -> Count<ExactCount> {
        if self.exceeds(found.to_u128()) {
            Count {
                solutions: ExactCount::from(self.limit()),
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
    /// answer counts: never for [`All`](Goal::All).
    fn exceeds(self, found: Option<u128>) -> bool {
        self != Goal::All && found.is_none_or(|found| found > u128::from(self.limit()))
    }
}

/// A flag that stops every search whose [`Stop`] holds it once it is
/// raised (set to `true`) from any thread: a signal handler's, a progress
/// thread's, a batch's own when it has found what it looks for.
pub type Flag = Arc<AtomicBool>;

/// When a search gives up: never ([`Stop::never`], the default), a
/// timeout from the start of each search, a deadline, flags raised from
/// elsewhere — or the first of several (`Stop::after(t).with_flag(f)`).
///
/// A `Stop` is a description, shared by every search of a batch; each
/// search [`start`](Stop::start)s its own [`Alarm`], which is where a
/// timeout becomes a deadline.
///
/// ```
/// use std::sync::{Arc, atomic::{AtomicBool, Ordering}};
/// use dance_dlx::{Goal, Request, Solver, Status, Stop, problems::n_queens};
///
/// // Raised before the search starts (a Ctrl-C handler would raise it
/// // while the search runs): the count stops at once, and says so.
/// let flag = Arc::new(AtomicBool::new(true));
/// let request = Request::new(Goal::All).with_stop(Stop::when(flag.clone()));
/// let answer = Solver::new(&n_queens(12)).run(&request);
/// assert_eq!(answer.status, Status::Timeout);
/// assert!(!answer.count.complete);
/// flag.store(false, Ordering::Relaxed);
/// assert_eq!(Solver::new(&n_queens(6)).run(&request).count.solutions, 4);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stop {
    timeout: Option<Duration>,
    deadline: Option<Instant>,
    flags: Vec<Flag>,
}

impl Stop {
    /// Nothing stops the search but its goal.
    pub fn never() -> Stop {
        Stop::default()
    }

    /// Each search gives up `timeout` after it starts. A timeout beyond
    /// what the clock can represent (`Duration::MAX`) means no limit.
    pub fn after(timeout: Duration) -> Stop {
        Stop::never().with_timeout(timeout)
    }

    /// Every search gives up at `deadline`.
    pub fn at(deadline: Instant) -> Stop {
        Stop::never().with_deadline(deadline)
    }

    /// Every search gives up once `flag` is raised (set to `true`), from any
    /// thread: a signal handler's, a progress thread's, another worker's.
    pub fn when(flag: Flag) -> Stop {
        Stop::never().with_flag(flag)
    }

    /// This stop, and a timeout of `timeout` from the start of each search
    /// (the earlier of two timeouts).
    pub fn with_timeout(mut self, timeout: Duration) -> Stop {
        self.timeout = Some(self.timeout.map_or(timeout, |t| t.min(timeout)));
        self
    }

    /// This stop, and a deadline (the earlier of two deadlines).
    pub fn with_deadline(mut self, deadline: Instant) -> Stop {
        self.deadline = Some(self.deadline.map_or(deadline, |d| d.min(deadline)));
        self
    }

    /// This stop, and `flag`: any of its flags stops the search (a
    /// signal's, and a batch's own that its workers raise when the batch
    /// has found what it looks for).
    pub fn with_flag(mut self, flag: Flag) -> Stop {
        if !self.flags.iter().any(|known| Arc::ptr_eq(known, &flag)) {
            self.flags.push(flag);
        }
        self
    }

    /// This stop with its timeout turned into a deadline from now: for a
    /// search run in many pieces (the subproblems of a parallel count),
    /// whose timeout runs from the start of the whole, not of each piece.
    pub fn started(&self) -> Stop {
        let from_timeout = self.timeout.and_then(deadline_in);
        let mut stop = Stop {
            timeout: None,
            ..self.clone()
        };
        if let Some(deadline) = from_timeout {
            stop = stop.with_deadline(deadline);
        }
        stop
    }

    /// The per-search timeout, if any.
    pub fn timeout(&self) -> Option<Duration> {
        self.timeout
    }

    /// The shared deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The flags, in the order they were added.
    pub fn flags(&self) -> &[Flag] {
        &self.flags
    }

    /// Whether nothing can stop a search: no timeout, deadline or flag.
    pub fn is_never(&self) -> bool {
        self.timeout.is_none() && self.deadline.is_none() && self.flags.is_empty()
    }

    /// Whether the deadline (not a timeout, which runs per search) has
    /// passed: what tells a stopped search that timed out from one that a
    /// flag stopped. Reads the clock only when there is a deadline.
    pub fn is_past_deadline(&self) -> bool {
        self.deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
    }

    /// The alarm of one search starting now: its deadline is the earlier of
    /// the shared one and the timeout from now. Reads the clock only when a
    /// timeout is set.
    pub fn start(&self) -> Alarm<'_> {
        let from_timeout = self.timeout.and_then(deadline_in);
        let deadline = match (self.deadline, from_timeout) {
            (Some(one), Some(other)) => Some(one.min(other)),
            (one, other) => one.or(other),
        };
        Alarm {
            deadline,
            flags: &self.flags,
        }
    }
}

/// A number of seconds as a timeout, by the rules of the command line's
/// `--timeout` and Python's `timeout=`: above 0; a number too large for a
/// [`Duration`] (`1e30`, infinity) saturates to `Duration::MAX`, which
/// [`Stop::after`] takes as no limit.
///
/// ```
/// use std::time::Duration;
///
/// assert_eq!(dance_dlx::timeout_from_secs(0.5), Ok(Duration::from_millis(500)));
/// assert_eq!(dance_dlx::timeout_from_secs(f64::INFINITY), Ok(Duration::MAX));
/// assert!(dance_dlx::timeout_from_secs(0.0).is_err());
/// assert!(dance_dlx::timeout_from_secs(f64::NAN).is_err());
/// ```
///
/// # Errors
/// [`TimeoutError`] for zero, a negative number or NaN.
pub fn timeout_from_secs(seconds: f64) -> Result<Duration, TimeoutError> {
    if seconds > 0.0 {
        Ok(Duration::try_from_secs_f64(seconds).unwrap_or(Duration::MAX))
    } else {
        Err(TimeoutError { seconds })
    }
}

/// The moment `timeout` from now, or `None` when it lies beyond what the
/// clock can represent (`Duration::MAX`, or `timeout_from_secs(inf)`): no
/// deadline. How every timeout of the workspace becomes a deadline.
pub fn deadline_in(timeout: Duration) -> Option<Instant> {
    Instant::now().checked_add(timeout)
}

/// A number of seconds that is no timeout: see [`timeout_from_secs`].
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("expected a number of seconds above 0, found {seconds}")]
pub struct TimeoutError {
    /// The number given.
    pub seconds: f64,
}

/// A [`Stop`] started for one search: see [`Stop::start`].
#[derive(Clone, Copy, Debug)]
pub struct Alarm<'a> {
    deadline: Option<Instant>,
    flags: &'a [Flag],
}

impl Alarm<'_> {
    /// Whether nothing can ring: the search need not look.
    pub fn is_silent(&self) -> bool {
        self.deadline.is_none() && self.flags.is_empty()
    }

    /// Whether the search must stop now: the flag is raised or the
    /// deadline has passed. Reads the clock only when there is a deadline.
    #[inline]
    pub fn rung(&self) -> bool {
        // Relaxed: a flag carries no data, only the news; a look a slice
        // later sees it.
        self.flags.iter().any(|flag| flag.load(Ordering::Relaxed))
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
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

/// A search that runs in slices: until a solution, the end of the tree,
/// or a budget of nodes ([`Solver::resume`](crate::Solver::resume) and
/// every other engine walked by the [`Driver`](crate::machine::driver::Driver)).
pub trait Resume {
    /// Runs until a solution, the end, or `budget` more nodes.
    fn resume(&mut self, budget: u64) -> Event;

    /// Nodes to search between two looks at the stop: [`CHECK_INTERVAL`]
    /// unless a node can cost more than [`WORK_PER_LOOK`] / that
    /// ([`nodes_per_look`] of the bound on a node's work).
    fn nodes_per_look(&self) -> u64 {
        CHECK_INTERVAL
    }
}

impl Resume for Solver {
    fn resume(&mut self, budget: u64) -> Event {
        Solver::resume(self, budget)
    }

    fn nodes_per_look(&self) -> u64 {
        Solver::nodes_per_look(self)
    }
}

/// One search on its way to a request's answer: counts the solutions, says
/// when to go on, and makes the [`Answer`] — the one place that applies the
/// rules of the [module docs](self).
///
/// An engine that [resumes](Resume) is driven by [`run`](Pursuit::run);
/// an engine with a loop of its own (the naive DFS) reports each solution
/// to [`solution`](Pursuit::solution), looks at
/// [`checkpoint`](Pursuit::checkpoint) every [`budget`](Pursuit::budget)
/// nodes, and says when its tree is [`exhausted`](Pursuit::exhausted).
#[derive(Debug)]
pub struct Pursuit<'a> {
    goal: Goal,
    target: u64,
    found: u64,
    alarm: Alarm<'a>,
    exhausted: bool,
    stopped: bool,
}

impl<'a> Pursuit<'a> {
    /// The pursuit of `request`, starting now (its timeout runs from here).
    pub fn new<E>(request: &'a Request<E>) -> Pursuit<'a> {
        Pursuit {
            goal: request.goal,
            target: request.goal.target(),
            found: 0,
            alarm: request.stop.start(),
            exhausted: false,
            stopped: false,
        }
    }

    /// Nodes to search before the next [`checkpoint`](Pursuit::checkpoint):
    /// [`CHECK_INTERVAL`], or no limit when nothing can stop the search.
    pub fn budget(&self) -> u64 {
        if self.alarm.is_silent() {
            u64::MAX
        } else {
            CHECK_INTERVAL
        }
    }

    /// Whether the next solution is one the answer counts (one of the first
    /// [`Goal::limit`]): the one found beyond the limit only tells that
    /// there are more, and is not handed to a visitor.
    #[inline]
    pub fn wants_next(&self) -> bool {
        self.found < self.goal.limit()
    }

    /// Counts a solution: `Break` when the search has found what it looks
    /// for, or when the stop has come.
    #[inline]
    pub fn solution(&mut self) -> ControlFlow<()> {
        self.found += 1;
        if self.found >= self.target {
            return ControlFlow::Break(());
        }
        self.checkpoint()
    }

    /// `Break` when the stop has come: the search gives up.
    #[inline]
    pub fn checkpoint(&mut self) -> ControlFlow<()> {
        if self.alarm.rung() {
            self.stopped = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The search tree is exhausted: every solution was found.
    pub fn exhausted(&mut self) {
        self.exhausted = true;
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Drives `search` to the answer: resumes it, hands each solution the
    /// answer counts to `visit` (which may stop the search with `Break`),
    /// and looks at the stop before it starts and between slices of
    /// [`Resume::nodes_per_look`] nodes — so that a batch whose stop has
    /// come ends at once.
    pub fn run<R: Resume + ?Sized>(
        &mut self,
        search: &mut R,
        mut visit: impl FnMut(&mut R) -> ControlFlow<()>,
    ) {
        if self.checkpoint().is_break() {
            return;
        }
        let budget = if self.alarm.is_silent() {
            u64::MAX
        } else {
            search.nodes_per_look()
        };
        loop {
            match search.resume(budget) {
                Event::Solution => {
                    let visited = if self.wants_next() {
                        visit(search)
                    } else {
                        ControlFlow::Continue(())
                    };
                    if self.solution().is_break() || visited.is_break() {
                        return;
                    }
                }
                Event::Exhausted => return self.exhausted(),
                Event::BudgetSpent => {
                    if self.checkpoint().is_break() {
                        return;
                    }
                }
            }
        }
    }

    /// The status: `timeout` when the stop came first; otherwise from the
    /// solutions found and whether the tree was exhausted
    /// ([`Status::of`]).
    pub fn status(&self) -> Status {
        Status::of(self.found, self.exhausted, self.stopped)
    }

    /// The count: the solutions found, cut back to the goal's limit; exact
    /// when the tree was exhausted.
    pub fn count(&self) -> Count {
        self.goal.count_of(self.found, self.exhausted)
    }

    /// The answer, with the work done, the engine that did it and — kept
    /// only for [`First`](Goal::First) when solved and for
    /// [`Unique`](Goal::Unique) when unique — the solution
    /// ([`Goal::answer_of`]).
    pub fn answer<S, E>(&self, solution: Option<S>, stats: Stats, engine: E) -> Answer<S, E> {
        let ended = (self.found, self.exhausted, self.stopped);
        self.goal.answer_of(ended, solution, stats, engine)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search of `solutions` solutions, each `nodes` budget slices away,
    /// that raises `flag` when it has run `raise_after` slices.
    struct Slices<'a> {
        solutions: u64,
        nodes: u64,
        slices: u64,
        raise_after: u64,
        flag: &'a AtomicBool,
    }

    impl Resume for Slices<'_> {
        fn resume(&mut self, _budget: u64) -> Event {
            self.slices += 1;
            if self.slices == self.raise_after {
                self.flag.store(true, Ordering::Relaxed);
            }
            if !self.slices.is_multiple_of(self.nodes) {
                Event::BudgetSpent
            } else if self.slices / self.nodes <= self.solutions {
                Event::Solution
            } else {
                Event::Exhausted
            }
        }
    }

    fn pursue(goal: Goal, raise_after: u64) -> (Status, Count, u64) {
        let flag = Arc::new(AtomicBool::new(false));
        let request: Request = Request::new(goal).with_stop(Stop::when(flag.clone()));
        let mut pursuit = Pursuit::new(&request);
        let mut search = Slices {
            solutions: 5,
            nodes: 3,
            slices: 0,
            raise_after,
            flag: &flag,
        };
        let mut visited = 0;
        pursuit.run(&mut search, |_| {
            visited += 1;
            ControlFlow::Continue(())
        });
        (pursuit.status(), pursuit.count(), visited)
    }

    fn count(solutions: u64, complete: bool) -> Count {
        Count {
            solutions,
            complete,
        }
    }

    /// The stop is looked at between slices and at solutions: a flag raised
    /// mid-search ends it at the next look, with what was found as a lower
    /// bound.
    #[test]
    fn a_flag_raised_mid_search_stops_at_the_next_look() {
        assert_eq!(pursue(Goal::All, 0), (Status::Multiple, count(5, true), 5));
        // Raised in the slice before the second solution: seen at it.
        assert_eq!(pursue(Goal::All, 6), (Status::Timeout, count(2, false), 2));
        // Raised in a slice without a solution: seen right after it.
        assert_eq!(pursue(Goal::All, 4), (Status::Timeout, count(1, false), 1));
        // A goal met before the stop is looked at again is met.
        assert_eq!(pursue(Goal::First, 3), (Status::Solved, count(1, false), 1));
        assert_eq!(
            pursue(Goal::Unique, 6),
            (Status::Multiple, count(1, false), 1)
        );
    }

    #[test]
    fn goals_look_for_one_more_than_they_count() {
        assert_eq!((Goal::First.target(), Goal::First.limit()), (1, 1));
        assert_eq!((Goal::Unique.target(), Goal::Unique.limit()), (2, 1));
        let three = Goal::Count { limit: 3 };
        assert_eq!((three.target(), three.limit()), (4, 3));
        let most = Goal::Count { limit: u64::MAX };
        assert_eq!((most.target(), Goal::All.target()), (u64::MAX, u64::MAX));
        // Only the counted solutions are visited: three of five.
        assert_eq!(pursue(three, 0), (Status::Multiple, count(3, false), 3));
    }

    #[test]
    fn a_stop_keeps_the_earlier_deadline_and_timeout() {
        let now = Instant::now();
        let later = now + Duration::from_secs(10);
        let stop = Stop::at(later).with_deadline(now).with_deadline(later);
        assert_eq!(stop.deadline(), Some(now));
        let stop = Stop::after(Duration::from_secs(5)).with_timeout(Duration::from_secs(9));
        assert_eq!(stop.timeout(), Some(Duration::from_secs(5)));
        assert!(Stop::never().is_never() && Stop::never().start().is_silent());
        // A timeout past the clock's end is no deadline.
        assert!(Stop::after(Duration::MAX).start().is_silent());
    }
}
