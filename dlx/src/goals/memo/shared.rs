//! [`SharedMemo`]: one memo for the counters of several threads, within one
//! memory budget.
//!
//! Threads that count subproblems of one problem meet the same states: on
//! the 16×16 domino board, two counters with a memo each try 4.3 M nodes
//! in all against 2.2 M for one. Sharing the memo lets a state counted by
//! one thread serve the other. The memo is cut into [`SHARDS`] tables, each
//! holding its share of the budget, and a key goes to the shard picked by
//! bits of its hash that neither the table's home slot nor its tag uses.
//! The shards are read without locks and written without waiting (see
//! `concurrent.rs`); only `std`'s atomics and locks are used, so the crate
//! still has no threads of its own: the threads are the caller's.
//!
//! A state can be counted twice — by two threads that both miss it before
//! either stores it — and then it is stored twice with the same count: the
//! count stays exact, only the time is lost. Threads that walk the states
//! in the same order do that all the time (the one behind catches up with
//! the other and follows it through the states it is counting), so the
//! threads should alternate [`OptionOrder`](super::OptionOrder)s: see there.

use std::sync::Arc;

use super::concurrent::{Budget, Held, Shard, SharedBudget, View};
use super::counting::{Key, Store};
use super::table::INITIAL_CAPACITY;
use super::{ExactCount, MemoCounter, MemoError, MemoStats, Walk, fingerprint_of};
use crate::contract::request::Stop;
use crate::goals::split::SplitError;
use crate::model::ids::OptionId;
use crate::solver::Solver;

/// Tables of a shared memo (a power of two).
const SHARDS: usize = 64;

/// Each shard's slots take at most its part of two thirds of the budget:
/// the rest is the big counts' (a count of `2^127` or more lives beside
/// the slots), as the one-thread table keeps a third when it grows.
///
/// Slots each shard starts with: the one-thread table's first size over
/// all shards.
const SHARD_CAPACITY: usize = INITIAL_CAPACITY / SHARDS;

/// A memo that several [`MemoCounter`]s — one per thread — fill and read
/// together, within one memory budget.
///
/// Cloning it is cheap and gives the same memo. Make it once for a problem,
/// then a [`counter`](Self::counter) per thread, each with a
/// [`Solver`] of its own for the same problem; the counts they store serve
/// them all. Give every other counter [`OptionOrder::BottomUp`](super::OptionOrder::BottomUp), so that
/// the threads walk the states from both ends.
///
/// ```
/// use dance_dlx::{OptionOrder, SharedMemo, Solver, problems::domino_tilings};
///
/// let mut solver = Solver::new(&domino_tilings(8, 8));
/// let memo = SharedMemo::new(&solver, 64 << 20)?;
/// let halves = solver.split(1)?;
/// let total: u128 = std::thread::scope(|scope| {
///     let workers: Vec<_> = halves
///         .iter()
///         .enumerate()
///         .map(|(index, half)| {
///             let (mut solver, memo) = (solver.clone(), memo.clone());
///             scope.spawn(move || {
///                 let mut counter = memo.counter(&solver)?;
///                 if index % 2 == 1 {
///                     counter.set_option_order(OptionOrder::BottomUp);
///                 }
///                 for &option in half {
///                     solver.select(option).expect("a subproblem's options are available");
///                 }
///                 counter.count(&mut solver).map(|count| count.to_u128().unwrap_or(0))
///             })
///         })
///         .collect();
///     workers.into_iter().map(|w| w.join().unwrap()).sum::<Result<u128, _>>()
/// })?;
/// assert_eq!(total, 12_988_816);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SharedMemo {
    inner: Arc<Shards>,
}

#[derive(Debug)]
struct Shards {
    /// The problem's fingerprint: counters for other problems are refused.
    fingerprint: u64,
    shards: Box<[Shard]>,
    /// The bytes of the shards' slots and big counts and of the counters'
    /// own state, never above the budget.
    budget: SharedBudget,
}

impl SharedMemo {
    /// An empty memo for `solver`'s problem, holding at most `max_bytes`
    /// bytes in all: its tables, the counts of `2^127` and more they keep
    /// aside, and the state of each [counter](Self::counter) made (once for
    /// a counter and its clones, the threads of one count; a counter takes
    /// it even when it does not fit, since it cannot count without it, and
    /// the tables then store less). Fails for a problem with
    /// multiplicities.
    pub fn new(solver: &Solver, max_bytes: usize) -> Result<SharedMemo, MemoError> {
        if solver.multiplicities.is_some() {
            return Err(MemoError::Multiplicities);
        }
        let key_words = Key::new(&solver.links).words.len();
        let budget = SharedBudget::new(Budget::new(max_bytes));
        budget.force(size_of::<Shards>() + SHARDS * size_of::<Shard>());
        let shards = (0..SHARDS)
            .map(|_| {
                Shard::new(
                    key_words,
                    SHARD_CAPACITY,
                    max_bytes / SHARDS / 3 * 2,
                    &budget,
                )
            })
            .collect();
        Ok(SharedMemo {
            inner: Arc::new(Shards {
                fingerprint: fingerprint_of(solver),
                shards,
                budget,
            }),
        })
    }

    /// A counter that keeps its counts in this memo, for `solver`'s problem
    /// (any [`Solver`] of the problem the memo was made for, any
    /// selection).
    pub fn counter(&self, solver: &Solver) -> Result<MemoCounter, MemoError> {
        let walk = Walk::new(solver)?;
        if walk.fingerprint != self.inner.fingerprint {
            return Err(MemoError::OtherProblem);
        }
        let views = vec![View::default(); SHARDS];
        let held = Held::new(
            &self.inner.budget,
            walk.bytes() as usize + views.capacity() * size_of::<View>(),
        );
        Ok(MemoCounter {
            walk,
            memory: super::Memory::Shared(self.clone(), views, std::sync::Arc::new(held)),
        })
    }

    /// The memo's entries, evictions and bytes, over every shard (the
    /// counters' work is in each counter's [`stats`](MemoCounter::stats)).
    /// The bytes are all the memo holds now, its counters' state included;
    /// the entries and evictions leave out what running counts have not
    /// added yet (see [`MemoStats::entries`]).
    pub fn stats(&self) -> MemoStats {
        let mut stats = MemoStats::default();
        for shard in &self.inner.shards {
            let shard = shard.stats();
            stats.entries += shard.entries;
            stats.evictions += shard.evictions;
        }
        stats.bytes = self.inner.budget.used() as u64;
        stats
    }

    /// The shard that holds the keys of `hash`: bits 32 to 37, which the
    /// table's tag (the low 32 bits) and its home slot (the high bits, for
    /// shards of up to 2²⁶ slots) leave alone.
    #[inline]
    fn shard(hash: u64) -> usize {
        (hash >> 32) as usize & (SHARDS - 1)
    }
}

impl MemoCounter {
    /// The subproblems below `solver`'s selection for counters that share
    /// a [`SharedMemo`] — at least `at_least`, cut within the bound of
    /// [`Solver::split_into_parts_until`] for a problem of `entries`
    /// entries, until `stop` comes — with the ties between items broken as
    /// this counter breaks them.
    ///
    /// The memo's count may break ties in an order of its own (a sweep of
    /// the board along its short side, see [`MemoCounter`]); a split in the
    /// links' order then fixes items that the memo covers last, and every
    /// state below one subproblem holds its own choices there, so that no
    /// two subproblems meet a state: on 8 rows of 160 dominoes, 128
    /// subproblems cut along the first row tried 9.1 M nodes against the
    /// 71 k of one count. Cut in the memo's order, the subproblems are the
    /// nodes of the memo's own tree, and their subtrees meet the states one
    /// count meets.
    ///
    /// ```
    /// use dance_dlx::{PARTS_PER_THREAD, SharedMemo, Solver, problems::domino_tilings};
    ///
    /// let board = domino_tilings(4, 40);
    /// let mut solver = Solver::new(&board);
    /// let memo = SharedMemo::new(&solver, 64 << 20)?;
    /// let mut counter = memo.counter(&solver)?;
    /// let parts = counter.split_into_parts_until(
    ///     &mut solver,
    ///     2 * PARTS_PER_THREAD,
    ///     board.entry_count(),
    ///     &dance_dlx::Stop::never(),
    /// )?;
    /// let mut total = 0;
    /// for part in &parts {
    ///     for &option in part {
    ///         solver.select(option).expect("a subproblem's options are available");
    ///     }
    ///     total += counter.count(&mut solver)?.to_u128().unwrap_or(0);
    ///     while solver.selected().count() > 0 {
    ///         solver.unselect();
    ///     }
    /// }
    /// assert_eq!(Solver::new(&board).count_memo()?, total);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn split_into_parts_until(
        &self,
        solver: &mut Solver,
        at_least: usize,
        entries: usize,
        stop: &Stop,
    ) -> Result<Vec<Vec<OptionId>>, MemoError> {
        if solver.multiplicities.is_some() {
            return Err(MemoError::Multiplicities);
        }
        if fingerprint_of(solver) != self.walk.fingerprint {
            return Err(MemoError::OtherProblem);
        }
        solver
            .split_into_parts_in_order_until(&self.walk.order, at_least, entries, stop)
            .map_err(|error| match error {
                SplitError::Multiplicities => MemoError::Multiplicities,
            })
    }
}

/// A counter's way into a [`SharedMemo`] for one count: the memo, and the
/// counter's [`View`] of each shard, settled when the count ends.
pub(crate) struct SharedStore<'a> {
    pub(crate) memo: &'a SharedMemo,
    pub(crate) views: &'a mut [View],
}

impl Store for SharedStore<'_> {
    #[inline]
    fn get(&mut self, hash: u64, key: &[u64]) -> Option<(ExactCount, u64)> {
        let s = SharedMemo::shard(hash);
        self.memo.inner.shards[s].get(&mut self.views[s], hash, key)
    }

    #[inline]
    fn insert(&mut self, hash: u64, key: &[u64], count: &ExactCount, work: u64) {
        let s = SharedMemo::shard(hash);
        self.memo.inner.shards[s].insert(&mut self.views[s], hash, key, count, work);
    }

    fn stats(&self) -> MemoStats {
        self.memo.stats()
    }
}

impl Drop for SharedStore<'_> {
    fn drop(&mut self) {
        for (shard, view) in self.memo.inner.shards.iter().zip(self.views.iter_mut()) {
            shard.settle(view);
        }
    }
}
