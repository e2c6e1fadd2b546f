//! [`Ordered`]: results worked out on several threads, handed on in their
//! order with bounded memory — the one ordered stream of the workspace,
//! which serves `dance solve` (and `rate`, `generate`: chunks of records,
//! `dance_sudoku::batch::stream`) and `dance cover -j` (parts of a search
//! tree, the [executor](crate::threads::Executor)).
//! How the work is cut and scheduled stays with each caller; what is here
//! is the mechanism they share.
//!
//! # Positions and slots
//!
//! The work comes in *positions* `0, 1, 2, …` (a chunk of records, a part
//! of a tree), each worked on by one worker, which [opens](Ordered::open)
//! its slot, [pushes](Ordered::push) its results there in order as it
//! finds them and [closes](Ordered::close) it — or says when it opens it
//! how many results it will push, and the slot closes after the last one.
//! Position `p` waits in slot `p % slots`, which must be free by then: the
//! caller opens no position `slots` or more past the one handed on (a
//! stream whose positions each hold at least one unit of weight within a
//! bound of `slots` units has this for free). A result is written once,
//! into its slot, and read there by the sink; the slot's lock is taken by
//! its worker and by the one handing on, no one else, and a slot's results
//! buffer goes back to the worker that opened it, so that what a worker
//! allocated it frees itself and a position costs no allocation.
//!
//! # Handing on
//!
//! The sink sees every result of position `p` in order, then those of
//! `p + 1`, as soon as they are pushed and every earlier position is
//! closed and handed on. One thread at a time hands on: either the one
//! thread that holds the sink ([`Ordered::hand_on`], as the search on
//! threads does, whose visitor stays on the calling thread), or any worker
//! ([`Ordered::offer`] with a [`SharedSink`]): a worker that finds the
//! sink held leaves a mark and goes on working, and the holder looks again
//! before it lets go, so no result is left behind and no worker waits for
//! another to print. When the sink breaks, the stream [stops](Ordered::stop):
//! nothing more is handed on, and every waiting thread is woken.
//!
//! # The bound
//!
//! Every result has a weight (one for a record's result, the bytes of a
//! solution), and the stream counts the weight [admitted](Ordered::admit)
//! and not handed on yet. A worker too far ahead waits
//! ([`Ordered::wait_until`]) until there is [room](Ordered::room) — the
//! records' stream takes no more records than the room, the search's part
//! waits while nothing is left of its bound, the part [at the
//! head](Ordered::is_head) only while results of its own are
//! [queued](Ordered::queued_at) to be handed on — so memory stays flat
//! however long the input or however many solutions a part finds, and the
//! stream always moves: the head never waits on results that only later
//! positions hold.
//!
//! # Waiting
//!
//! A thread with nothing to do waits on one condition variable, which is
//! signalled when results are handed on (the bound moves), when the stream
//! stops, and when a caller [wakes](Ordered::wake) it (a search's worker
//! after pushing, for the thread that holds the sink). It also wakes every
//! [`IDLE_TURN`] and does its work between waits — a records' worker hands
//! on what the others finished — which bounds the one wait by design of
//! the records' stream: a result finished early in a chunk whose worker is
//! still on a later record of it is handed on by another worker at the end
//! of that one's chunk or, when it has nothing to do, at its next idle
//! turn. Waking after every result instead would take a lock once a
//! result, what chunks are there to avoid; so the idle turn is the
//! mechanism for that case, not a safety net for a lost wake-up: a waiter
//! counts itself among the idlers (under the idle lock) before it looks at
//! what it waits for, and whoever changes that looks at the idlers after,
//! so one of the two sees the other.
//!
//! Every atomic is `SeqCst`: the argument above reads several of them in
//! one order (`pending` then the sink's lock, `idlers` then the condition
//! variable, `waiting` before what the caller looks at), which is simplest to
//! trust under one total order, and they are touched once a slot or a
//! batch of results, never once a result.
//!
//! ```
//! use std::ops::ControlFlow;
//! use dance_dlx::ordered::{Ordered, SharedSink};
//!
//! // Two workers square 0..100 in chunks of 10, the odd chunks on one, the
//! // even ones on the other; the sink sees the squares in order.
//! let ordered = Ordered::new(10, 2, 100, |_: &u64| 1);
//! let mut seen = Vec::new();
//! let sink = SharedSink::new(|square: &u64| {
//!     seen.push(*square);
//!     ControlFlow::<()>::Continue(())
//! });
//! std::thread::scope(|scope| {
//!     for worker in 0..2usize {
//!         let (ordered, sink) = (&ordered, &sink);
//!         scope.spawn(move || {
//!             for chunk in (worker as u64..10).step_by(2) {
//!                 ordered.wait_until(|| ordered.room() >= 10, || ordered.offer(sink));
//!                 ordered.admit(10);
//!                 ordered.open(chunk, worker, Some(10));
//!                 for k in chunk * 10..chunk * 10 + 10 {
//!                     ordered.push(chunk, k * k);
//!                 }
//!                 ordered.offer(sink);
//!             }
//!             ordered.wait_until(|| ordered.waiting() == 0, || ordered.offer(sink));
//!         });
//!     }
//! });
//! assert_eq!(sink.ended(), ControlFlow::Continue(()));
//! assert_eq!(seen, (0..100).map(|k| k * k).collect::<Vec<u64>>());
//! ```

use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::Duration;

/// How often a thread waiting in [`Ordered::wait_until`] wakes to do its
/// work between waits (and looks again), unless woken before.
pub const IDLE_TURN: Duration = Duration::from_millis(10);

/// Results numbered by position, handed on in order within a bound (see
/// the [module](self)). `W` weighs a result.
pub struct Ordered<R, W = fn(&R) -> u64> {
    /// Position `p` waits in `slots[p % len]`.
    slots: Box<[Locked<Slot<R>>]>,
    /// Per owner, the buffer of one of its slots handed on, to fill again.
    spares: Box<[Locked<Option<VecDeque<R>>>]>,
    weigh: W,
    /// The most weight admitted and not handed on, for [`Ordered::room`].
    bound: u64,
    /// Weight admitted and not handed on.
    waiting: AtomicU64,
    /// The position whose results are next (written by the one handing on,
    /// under `head_lock`).
    head: AtomicU64,
    /// Held by the one thread handing on: the head's position.
    head_lock: Mutex<u64>,
    /// Results may be ready that the thread handing on has not seen.
    pending: AtomicBool,
    /// The stream ended early: the sink broke, or a caller stopped it.
    stopped: AtomicBool,
    /// Held by a waiting thread while it decides to sleep.
    idle: Mutex<()>,
    /// Threads asleep on `moved`, or deciding to.
    idlers: AtomicUsize,
    /// Signalled when results are handed on, the stream stops, or a caller
    /// wakes the waiting threads.
    moved: Condvar,
}

/// The results of one position, while it is worked on and until every
/// one is handed on.
struct Slot<R> {
    /// The position; `None` while the slot is free.
    position: Option<u64>,
    /// How many results the position has, once known: it is closed when
    /// they are all pushed.
    end: Option<usize>,
    /// The owner whose spare buffer `results` goes back to.
    owner: usize,
    /// Results pushed and not handed on yet, in order: a result handed on
    /// is dropped at once, so that a position that finds many holds only
    /// those the sink has not seen.
    results: VecDeque<R>,
    /// Results handed on so far.
    handed: usize,
}

impl<R> Slot<R> {
    fn free() -> Slot<R> {
        Slot {
            position: None,
            end: None,
            owner: 0,
            results: VecDeque::new(),
            handed: 0,
        }
    }
}

/// A value alone on its cache lines: two workers filling neighbouring
/// slots do not take the same line from each other at every result.
#[repr(align(128))]
struct Padded<T>(T);

/// A value under its own lock, alone on its cache lines.
type Locked<T> = Padded<Mutex<T>>;

/// Locks `mutex`, whose data stays valid even if a holder panicked.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A sink that any worker may run, one at a time ([`Ordered::offer`]),
/// and the break that ended it, if it broke.
pub struct SharedSink<S, B> {
    inner: Mutex<(S, Option<B>)>,
}

impl<S, B> SharedSink<S, B> {
    /// `sink`, not run yet.
    pub fn new(sink: S) -> SharedSink<S, B> {
        SharedSink {
            inner: Mutex::new((sink, None)),
        }
    }

    /// How the sink ended: its break, or `Continue` if it never broke.
    pub fn ended(self) -> ControlFlow<B> {
        let (_, ended) = self
            .inner
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        match ended {
            Some(value) => ControlFlow::Break(value),
            None => ControlFlow::Continue(()),
        }
    }
}

impl<R, W: Fn(&R) -> u64> Ordered<R, W> {
    /// A stream of `slots` slots (the most positions open and not handed
    /// on), for `owners` owners of slots (workers, numbered from 0), whose
    /// [room](Ordered::room) is `bound` units of weight, each result
    /// weighing `weigh` of it.
    pub fn new(slots: usize, owners: usize, bound: u64, weigh: W) -> Ordered<R, W> {
        Ordered {
            slots: (0..slots.max(1))
                .map(|_| Padded(Mutex::new(Slot::free())))
                .collect(),
            spares: (0..owners).map(|_| Padded(Mutex::new(None))).collect(),
            weigh,
            bound,
            waiting: AtomicU64::new(0),
            head: AtomicU64::new(0),
            head_lock: Mutex::new(0),
            pending: AtomicBool::new(false),
            stopped: AtomicBool::new(false),
            idle: Mutex::new(()),
            idlers: AtomicUsize::new(0),
            moved: Condvar::new(),
        }
    }

    fn slot(&self, position: u64) -> &Mutex<Slot<R>> {
        &self.slots[(position % self.slots.len() as u64) as usize].0
    }

    /// Opens `position` for `owner`: its results go to its slot from now
    /// on. With `len`, the position has that many results and closes after
    /// the last; without, [`Ordered::close`] closes it. The slot must be
    /// free: `position` less than `slots` past the [head](Ordered::is_head).
    pub fn open(&self, position: u64, owner: usize, len: Option<usize>) {
        let mut results = lock(&self.spares[owner].0).take().unwrap_or_default();
        results.clear();
        results.reserve(len.unwrap_or(0));
        let mut slot = lock(self.slot(position));
        debug_assert!(
            slot.position.is_none(),
            "position {position}'s slot is in use"
        );
        *slot = Slot {
            position: Some(position),
            end: len,
            owner,
            results,
            handed: 0,
        };
    }

    /// Adds `result` to `position`'s results, which is open.
    pub fn push(&self, position: u64, result: R) {
        let mut slot = lock(self.slot(position));
        debug_assert_eq!(slot.position, Some(position), "position not open");
        slot.results.push_back(result);
    }

    /// Adds `results` to `position`'s results, under one lock.
    pub fn extend(&self, position: u64, results: impl IntoIterator<Item = R>) {
        let mut slot = lock(self.slot(position));
        debug_assert_eq!(slot.position, Some(position), "position not open");
        slot.results.extend(results);
    }

    /// Closes `position`: it has no more results than those pushed.
    pub fn close(&self, position: u64) {
        let mut slot = lock(self.slot(position));
        debug_assert_eq!(slot.position, Some(position), "position not open");
        slot.end = Some(slot.handed + slot.results.len());
    }

    /// Counts `weight` more as admitted and not handed on.
    pub fn admit(&self, weight: u64) {
        self.waiting.fetch_add(weight, SeqCst);
    }

    /// The weight admitted and not handed on.
    pub fn waiting(&self) -> u64 {
        self.waiting.load(SeqCst)
    }

    /// The weight left within the bound: the bound less what is
    /// [waiting](Ordered::waiting), 0 past it.
    pub fn room(&self) -> u64 {
        self.bound.saturating_sub(self.waiting())
    }

    /// Whether `position`'s results are the next the sink sees.
    pub fn is_head(&self, position: u64) -> bool {
        self.head.load(SeqCst) == position
    }

    /// How many of `position`'s results are pushed and not handed on yet
    /// (0 when it is not open).
    pub fn queued_at(&self, position: u64) -> usize {
        let slot = lock(self.slot(position));
        if slot.position == Some(position) {
            slot.results.len()
        } else {
            0
        }
    }

    /// Whether the stream stopped: its sink broke or [`Ordered::stop`].
    pub fn stopped(&self) -> bool {
        self.stopped.load(SeqCst)
    }

    /// Hands `sink` every result that is next, on this thread, until one
    /// is missing, the sink breaks (the stream then stops, and the break is
    /// returned) or the stream stopped. Waits for the thread handing on, if
    /// another is.
    pub fn hand_on<B>(&self, sink: &mut impl FnMut(&R) -> ControlFlow<B>) -> ControlFlow<B> {
        let mut head = lock(&self.head_lock);
        self.hand_on_locked(&mut head, sink)
    }

    /// Hands on every result that is next to `sink`, unless another thread
    /// is at it: that one then looks again before it lets go. Once the sink
    /// breaks, the stream stops and the break waits in `sink`.
    pub fn offer<S, B>(&self, sink: &SharedSink<S, B>)
    where
        S: FnMut(&R) -> ControlFlow<B>,
    {
        self.pending.store(true, SeqCst);
        while self.pending.load(SeqCst) && !self.stopped() {
            let mut inner = match sink.inner.try_lock() {
                Ok(inner) => inner,
                Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => return,
            };
            self.pending.store(false, SeqCst);
            let (sink, ended) = &mut *inner;
            if let ControlFlow::Break(value) = self.hand_on(sink) {
                *ended = Some(value);
            }
        }
    }

    /// Hands on the results that are next, position after position, from
    /// `head`; frees the slots handed on and wakes the waiting threads if
    /// anything was handed on.
    fn hand_on_locked<B>(
        &self,
        head: &mut u64,
        sink: &mut impl FnMut(&R) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let mut moved = false;
        let mut flow = ControlFlow::Continue(());
        while !self.stopped() {
            let position = *head;
            let mut slot = lock(self.slot(position));
            if slot.position != Some(position) {
                // Not open yet.
                break;
            }
            let Slot {
                results, handed, ..
            } = &mut *slot;
            let mut weight = 0;
            while let Some(result) = results.front() {
                weight += (self.weigh)(result);
                let handed_on = sink(result);
                results.pop_front();
                *handed += 1;
                if let ControlFlow::Break(value) = handed_on {
                    flow = ControlFlow::Break(value);
                    break;
                }
            }
            if weight > 0 {
                self.waiting.fetch_sub(weight, SeqCst);
                moved = true;
            }
            if flow.is_break() {
                drop(slot);
                self.stop();
                return flow;
            }
            if slot.end != Some(slot.handed) {
                // Still being worked on.
                break;
            }
            let results = std::mem::take(&mut slot.results);
            let owner = slot.owner;
            *slot = Slot::free();
            drop(slot);
            if let Some(spare) = self.spares.get(owner) {
                let mut spare = lock(&spare.0);
                if spare.is_none() {
                    *spare = Some(results);
                }
            }
            *head += 1;
            self.head.store(*head, SeqCst);
            moved = true;
        }
        if moved {
            self.wake();
        }
        flow
    }
}

impl<R, W> Ordered<R, W> {
    /// Runs `between` (handing on, say), then waits until `ready` or the
    /// stream stops, running `between` again at least every [`IDLE_TURN`]
    /// and whenever woken.
    pub fn wait_until(&self, ready: impl Fn() -> bool, mut between: impl FnMut()) {
        loop {
            between();
            let idle = lock(&self.idle);
            // Counted before looking, so that a thread that changes what
            // `ready` looks at after this look sees someone to wake.
            self.idlers.fetch_add(1, SeqCst);
            if ready() || self.stopped.load(SeqCst) {
                self.idlers.fetch_sub(1, SeqCst);
                return;
            }
            let (idle, _) = self
                .moved
                .wait_timeout(idle, IDLE_TURN)
                .unwrap_or_else(PoisonError::into_inner);
            self.idlers.fetch_sub(1, SeqCst);
            drop(idle);
        }
    }

    /// Wakes the threads waiting in [`Ordered::wait_until`], if any, to
    /// look again (after a change to what they wait for).
    pub fn wake(&self) {
        if self.idlers.load(SeqCst) > 0 {
            drop(lock(&self.idle));
            self.moved.notify_all();
        }
    }

    /// Ends the stream early: nothing more is handed on, and every waiting
    /// thread is woken.
    pub fn stop(&self) {
        self.stopped.store(true, SeqCst);
        drop(lock(&self.idle));
        self.moved.notify_all();
    }
}

/// Stops `0`'s stream when dropped while the thread unwinds from a panic,
/// so that the other threads stop waiting for a result that will never
/// come.
pub struct StopOnPanic<'a, R, W>(pub &'a Ordered<R, W>);

impl<R, W> Drop for StopOnPanic<'_, R, W> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions closed out of order, results weighed in bytes: the sink
    /// sees them in order, and a later position waits while the bound is
    /// spent, the head never.
    #[test]
    fn positions_closed_out_of_order_are_handed_on_in_order() {
        let ordered: Ordered<Vec<u8>> = Ordered::new(4, 2, 10, |bytes| bytes.len() as u64);
        for position in [2, 0, 1] {
            ordered.open(position, 0, None);
        }
        ordered.admit(8);
        ordered.push(2, vec![2; 8]);
        assert_eq!(ordered.room(), 2);
        ordered.admit(4);
        ordered.push(1, vec![1; 4]);
        ordered.close(1);
        ordered.close(2);
        assert_eq!(ordered.room(), 0);
        assert!(ordered.is_head(0) && !ordered.is_head(1));
        let mut seen = Vec::new();
        let mut sink = |bytes: &Vec<u8>| {
            seen.push(bytes[0]);
            ControlFlow::<()>::Continue(())
        };
        assert_eq!(ordered.hand_on(&mut sink), ControlFlow::Continue(()));
        ordered.admit(1);
        ordered.push(0, vec![0]);
        ordered.close(0);
        assert_eq!(ordered.hand_on(&mut sink), ControlFlow::Continue(()));
        assert_eq!(seen, [0, 1, 2]);
        assert_eq!((ordered.waiting(), ordered.room()), (0, 10));
        assert!(ordered.is_head(3));
    }

    #[test]
    fn a_break_stops_the_stream() {
        let ordered: Ordered<u64> = Ordered::new(2, 1, 10, |_| 1);
        ordered.open(0, 0, Some(3));
        for k in 0..3 {
            ordered.admit(1);
            ordered.push(0, k);
        }
        let mut sink = |&k: &u64| {
            if k == 1 {
                ControlFlow::Break(k)
            } else {
                ControlFlow::Continue(())
            }
        };
        assert_eq!(ordered.hand_on(&mut sink), ControlFlow::Break(1));
        assert!(ordered.stopped());
        // A stopped stream waits for nothing.
        ordered.wait_until(|| false, || {});
    }
}
