//! [`SharedMemo`]: one memo for the counters of several threads, within one
//! memory budget (the memo count of the [executor](crate::threads)).
//!
//! Threads that count subproblems of one problem meet the same states:
//! two counters with a memo each would count most of them twice. Sharing
//! the memo lets a state counted by one thread serve the other. The memo is cut into [`SHARDS`] tables, each
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
//! threads should alternate [`OptionOrder`](super::order::OptionOrder)s: see there.

use std::sync::Arc;

use super::concurrent::{Budget, Held, Shard, SharedBudget, View};
use super::key::Key;
use super::table::{INITIAL_CAPACITY, Store};
use super::{MemoError, fingerprint_of};
use crate::contract::count::BigCount;
use crate::contract::stats::MemoStats;
use crate::machine::solver::Solver;

/// Tables of a shared memo (a power of two).
pub(crate) const SHARDS: usize = 64;

/// Each shard's slots take at most its part of two thirds of the budget:
/// the rest is the big counts' (a count of `2^127` or more lives beside
/// the slots), as the one-thread table keeps a third when it grows.
///
/// Slots each shard starts with: the one-thread table's first size over
/// all shards.
const SHARD_CAPACITY: usize = INITIAL_CAPACITY / SHARDS;

/// A memo that several [`MemoCounter`](super::count::MemoCounter)s — one
/// per thread — fill and read together, within one memory budget.
///
/// Cloning it is cheap and gives the same memo. Make it once for a problem,
/// then a counter per thread ([`MemoCounter::shared`](super::count::MemoCounter::shared)),
/// each with a [`Solver`] of its own for the same problem; the counts they
/// store serve them all. Give every other counter
/// [`OptionOrder::BottomUp`](super::order::OptionOrder::BottomUp), so that
/// the threads walk the states from both ends.
#[derive(Clone, Debug)]
pub(crate) struct SharedMemo {
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
    pub(crate) fn new(solver: &Solver, max_bytes: usize) -> Result<SharedMemo, MemoError> {
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

    /// The fingerprint of the problem the memo is for.
    pub(crate) fn fingerprint(&self) -> u64 {
        self.inner.fingerprint
    }

    /// Takes `bytes` of a counter's own state from the memo's budget, until
    /// the [`Held`] is dropped.
    pub(crate) fn hold(&self, bytes: usize) -> Held {
        Held::new(&self.inner.budget, bytes)
    }

    /// The memo's entries, evictions and bytes, over every shard (the
    /// counters' work is in each counter's statistics).
    /// The bytes are all the memo holds now, its counters' state included;
    /// the entries and evictions leave out what running counts have not
    /// added yet (see [`MemoStats::entries`]).
    pub(crate) fn stats(&self) -> MemoStats {
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

/// A counter's way into a [`SharedMemo`] for one count: the memo, and the
/// counter's [`View`] of each shard, settled when the count ends.
pub(crate) struct SharedStore<'a> {
    pub(crate) memo: &'a SharedMemo,
    pub(crate) views: &'a mut [View],
}

impl Store for SharedStore<'_> {
    #[inline]
    fn get(&mut self, hash: u64, key: &[u64]) -> Option<(BigCount, u64)> {
        let s = SharedMemo::shard(hash);
        self.memo.inner.shards[s].get(&mut self.views[s], hash, key)
    }

    #[inline]
    fn insert(&mut self, hash: u64, key: &[u64], count: &BigCount, work: u64) {
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
