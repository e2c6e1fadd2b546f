//! When a search gives up: a [`Stop`] — a timeout per search, a deadline
//! shared by many, flags raised from other threads — and the [`Alarm`] it
//! becomes for one search.
//!
//! A search looks at its alarm between slices of its walk, each of at most
//! a few thousand nodes and about ten milliseconds of work however wide the
//! problem (a node that scans 100,000 items to choose one makes a slice of
//! a few dozen nodes), and at the start; a search with nothing to stop it
//! never looks, and spends nothing on it. The one drive loop
//! ([`driver::drive`](crate::driver::drive)) does the looking.
//!
//! The clock is read only when a timeout or a deadline is set: a search
//! started without one never calls [`Instant::now`], which has no clock to
//! read on `wasm32-unknown-unknown` (it panics there). Such targets stop a
//! search with a flag, raised from whatever timer the host offers.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The most nodes searched between two looks at a [`Stop`] (and at every
/// solution): a few milliseconds of search on every engine whose nodes are
/// cheap; wider problems look sooner ([`nodes_per_look`]).
pub(crate) const CHECK_INTERVAL: u64 = 1 << 14;

/// The work between two looks at a [`Stop`], in the units of a node's
/// cost bound (an item scanned to choose one, a link updated): about 10 ms
/// of search.
pub(crate) const WORK_PER_LOOK: u64 = 1 << 23;

/// Nodes to search between two looks at a [`Stop`] when no node costs more
/// than `work_per_node` units of work: [`WORK_PER_LOOK`] worth, at most
/// [`CHECK_INTERVAL`], at least one.
pub(crate) fn nodes_per_look(work_per_node: u64) -> u64 {
    (WORK_PER_LOOK / work_per_node.max(1)).clamp(1, CHECK_INTERVAL)
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
/// search [`arm`](Stop::arm)s its own [`Alarm`], which is where a
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
    pub fn from_now(&self) -> Stop {
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

    /// Arms the stop for one search starting now: the alarm's deadline is the earlier of
    /// the shared one and the timeout from now. Reads the clock only when a
    /// timeout is set.
    pub fn arm(&self) -> Alarm<'_> {
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

/// A [`Stop`] armed for one search: see [`Stop::arm`].
#[derive(Clone, Copy, Debug)]
pub struct Alarm<'a> {
    deadline: Option<Instant>,
    flags: &'a [Flag],
}

impl Alarm<'_> {
    /// The alarm of a search that nothing stops.
    pub const SILENT: Alarm<'static> = Alarm {
        deadline: None,
        flags: &[],
    };

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_keeps_the_earlier_deadline_and_timeout() {
        let now = Instant::now();
        let later = now + Duration::from_secs(10);
        let stop = Stop::at(later).with_deadline(now).with_deadline(later);
        assert_eq!(stop.deadline(), Some(now));
        let stop = Stop::after(Duration::from_secs(5)).with_timeout(Duration::from_secs(9));
        assert_eq!(stop.timeout(), Some(Duration::from_secs(5)));
        assert!(Stop::never().is_never() && Stop::never().arm().is_silent());
        // A timeout past the clock's end is no deadline.
        assert!(Stop::after(Duration::MAX).arm().is_silent());
    }

    #[test]
    fn wide_nodes_look_sooner() {
        assert_eq!(nodes_per_look(100), CHECK_INTERVAL);
        // A node that scans 100,000 items to choose one: a look every 83 nodes.
        assert_eq!(nodes_per_look(100_000), 83);
        assert_eq!(nodes_per_look(u64::MAX), 1);
    }
}
