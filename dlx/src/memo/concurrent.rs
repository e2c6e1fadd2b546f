//! The shared memo's tables: [`Shard`]s that any number of threads read
//! without taking a lock, and fill without waiting for each other.
//!
//! A lock per lookup costs more than the lookup when two threads share a
//! memo: every lock writes its cache line, which then has to travel to the
//! other core for that core's next lookup of the shard (half of the time,
//! with two threads looking everywhere). Here a lookup only reads:
//!
//! * **Each slot is a little seqlock.** A slot is `1 + 1 + key_words + 2`
//!   words — `seq`, then the [`Table`]'s `meta`, key and count words. A
//!   writer claims a slot by moving its `seq` from the even value it read
//!   to the odd one after (a compare-and-swap: two writers never write one
//!   slot at once), writes, and makes `seq` even again. A reader reads
//!   `seq`, the slot, and `seq` again, and believes the slot only if the
//!   two agree and are even; anything else reads as not stored. `seq` only
//!   ever grows, so no rewrite can hide between two equal readings.
//! * **A shard grows by a copy that is then published.** The slots are an
//!   [`Arc`]; each counter keeps a [`View`] of every shard — the slots it
//!   reads and the shard's `generation` when it took them — and takes the
//!   new slots when the generation moved on. The thread that grows a shard
//!   copies its entries into slots twice the size and publishes them; what
//!   other threads write into the old slots meanwhile is lost, and the old
//!   slots are freed when the last view lets go of them (every view does
//!   at its next lookup in the shard, or when its count ends).
//! * **Counts of `2^127` and more** are kept aside, under a lock that only
//!   they take, and never freed before the memo is: an index stored in a
//!   slot never comes to mean another count.
//! * **Entries and evictions** are counted by each view and added to the
//!   shard's totals every [`FLUSH`] of them, so that the totals, which only
//!   decide when a shard grows and what the statistics say, cost no shared
//!   write per entry.
//!
//! A lost or refused write loses time, never the count: every entry a
//! reader believes is the exact count of its key.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering, fence};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use super::MemoStats;
use super::count::ExactCount;
use super::table::{
    BIG, INITIAL_CAPACITY, Table, grown_capacity, small_count, small_words, tag, window,
};

/// Entries (or evictions) a view counts before adding them to its shard's
/// total.
const FLUSH: u64 = 64;

/// What [`Shard::write`] did with a count.
enum Written {
    /// Into an empty slot.
    Stored,
    /// Over a cheaper entry.
    Evicted,
    /// Nowhere: the window is full of entries that cost more.
    Crowded,
    /// Nowhere: stored already, a slot being written, or no room for a big
    /// count.
    Dropped,
}

/// One table of the shared memo, on cache lines of its own.
#[derive(Debug)]
#[repr(align(128))]
pub(crate) struct Shard {
    /// Bumped each time `slots` is replaced by a bigger copy.
    generation: AtomicU64,
    /// The slots now.
    slots: Mutex<Arc<Slots>>,
    /// Taken by the thread that grows the shard; the others go on meanwhile.
    growing: Mutex<()>,
    /// Set once the shard cannot grow within its budget.
    full: AtomicBool,
    /// Entries stored (give or take what views have not added yet).
    len: AtomicU64,
    /// Entries overwritten to make room (likewise).
    evictions: AtomicU64,
    /// Counts of `2^127` and more, by the index their slots hold.
    bigs: Mutex<Bigs>,
    key_words: usize,
    max_bytes: usize,
}

/// A shard's slots: see the [module docs](self).
pub(crate) struct Slots {
    words: Box<[AtomicU64]>,
    capacity: usize,
}

impl std::fmt::Debug for Slots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Slots")
            .field("capacity", &self.capacity)
            .finish_non_exhaustive()
    }
}

/// The big counts of a shard and the bytes they hold.
#[derive(Debug, Default)]
struct Bigs {
    counts: Vec<ExactCount>,
    bytes: usize,
}

/// What one counter knows of one shard: see the [module docs](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct View {
    generation: u64,
    /// `None` between counts, so that an idle counter holds no old slots.
    slots: Option<Arc<Slots>>,
    /// Entries this view stored (less those it overwrote) not yet added to
    /// the shard's `len`.
    entries: u64,
    /// Evictions not yet added to the shard's total.
    evictions: u64,
}

impl Slots {
    fn new(capacity: usize, stride: usize) -> Slots {
        Slots {
            words: (0..capacity * stride).map(|_| AtomicU64::new(0)).collect(),
            capacity,
        }
    }

    /// Reads the slot at `base` as a seqlock reader: its `seq` (even) and
    /// `meta` when nothing wrote it while it was read and `read` found what
    /// it looked for in its words; `None` otherwise.
    #[inline]
    fn read<T>(
        &self,
        base: usize,
        stride: usize,
        read: impl FnOnce(&[AtomicU64]) -> Option<T>,
    ) -> Option<T> {
        let seq = self.words[base].load(Ordering::Acquire);
        if seq & 1 != 0 {
            return None;
        }
        let found = read(&self.words[base + 1..base + stride]);
        fence(Ordering::Acquire);
        (self.words[base].load(Ordering::Relaxed) == seq)
            .then_some(found)
            .flatten()
    }
}

impl Shard {
    /// An empty shard for keys of `key_words` words within `max_bytes`.
    pub(crate) fn new(key_words: usize, max_bytes: usize) -> Shard {
        let stride = key_words + 4;
        let capacity = INITIAL_CAPACITY.min(max_bytes / (stride * 8));
        Shard {
            generation: AtomicU64::new(0),
            slots: Mutex::new(Arc::new(Slots::new(capacity, stride))),
            growing: Mutex::new(()),
            full: AtomicBool::new(false),
            len: AtomicU64::new(0),
            evictions: AtomicU64::new(0),
            bigs: Mutex::new(Bigs::default()),
            key_words,
            max_bytes,
        }
    }

    fn stride(&self) -> usize {
        self.key_words + 4
    }

    /// The slots `view` reads, taking the shard's current ones when the
    /// shard grew since `view` took its own.
    #[inline]
    fn slots<'v>(&self, view: &'v mut View) -> &'v Arc<Slots> {
        let generation = self.generation.load(Ordering::Acquire);
        if view.generation != generation || view.slots.is_none() {
            view.generation = generation;
            view.slots = Some(lock(&self.slots).clone());
        }
        view.slots.as_ref().expect("set above")
    }

    /// The count stored for `key`, whose hash is `hash`, and the search
    /// nodes it took to find; `None` when it is not stored (or was being
    /// written at that moment).
    #[inline]
    pub(crate) fn get(&self, view: &mut View, hash: u64, key: &[u64]) -> Option<(ExactCount, u64)> {
        debug_assert_eq!(key.len(), self.key_words);
        let stride = self.stride();
        let slots = self.slots(view);
        let tag = tag(hash);
        for slot in window(hash, slots.capacity) {
            let base = slot * stride;
            // meta, then the key, then the count's two words.
            let found = slots.read(base, stride, |words| {
                let meta = words[0].load(Ordering::Relaxed);
                if meta == 0 {
                    return Some(None);
                }
                if meta >> 32 != tag
                    || words[1..=key.len()]
                        .iter()
                        .zip(key)
                        .any(|(word, &k)| word.load(Ordering::Relaxed) != k)
                {
                    return None;
                }
                let lo = words[1 + key.len()].load(Ordering::Relaxed);
                let hi = words[2 + key.len()].load(Ordering::Relaxed);
                Some(Some((lo, hi, meta & u64::from(u32::MAX))))
            });
            match found {
                // An empty slot ends the window: the key is not stored.
                Some(None) => return None,
                Some(Some((lo, hi, work))) => return Some((self.value(lo, hi), work)),
                None => {}
            }
        }
        None
    }

    fn value(&self, lo: u64, hi: u64) -> ExactCount {
        small_count(lo, hi).unwrap_or_else(|| lock(&self.bigs).counts[lo as usize].clone())
    }

    /// Stores `count` for `key`, which took `work` search nodes to find: in
    /// an empty slot of its window, else over the window's cheapest entry if
    /// that cost no more — or not at all (also when another thread stored
    /// it, or is writing the chosen slot).
    pub(crate) fn insert(
        &self,
        view: &mut View,
        hash: u64,
        key: &[u64],
        count: &ExactCount,
        work: u64,
    ) {
        debug_assert_eq!(key.len(), self.key_words);
        let len = self.len.load(Ordering::Relaxed) + view.entries;
        let capacity = self.slots(view).capacity as u64;
        if !self.full.load(Ordering::Relaxed) && (len + 1) * 4 > capacity * 3 {
            // Whether this thread grows the shard or another one does,
            // the entry goes into the slots there are.
            self.grow(view);
        }
        let capacity = self.slots(view).capacity as u64;
        // A crowded window in a shard half full that may still grow: grow
        // rather than evict.
        let may_grow = !self.full.load(Ordering::Relaxed) && len * 2 > capacity;
        match self.write(self.slots(view), hash, key, count, work, !may_grow) {
            Written::Stored => {
                view.entries += 1;
                if view.entries >= FLUSH {
                    self.len
                        .fetch_add(std::mem::take(&mut view.entries), Ordering::Relaxed);
                }
            }
            Written::Evicted => {
                view.evictions += 1;
                if view.evictions >= FLUSH {
                    self.evictions
                        .fetch_add(std::mem::take(&mut view.evictions), Ordering::Relaxed);
                }
            }
            Written::Crowded if may_grow => {
                if self.grow(view) {
                    self.insert(view, hash, key, count, work);
                }
            }
            Written::Crowded | Written::Dropped => {}
        }
    }

    /// [`insert`](Self::insert)'s work in `slots`: the count written into
    /// an empty slot or (if it may `evict`) over the window's cheapest
    /// entry, or not.
    #[inline]
    fn write(
        &self,
        slots: &Slots,
        hash: u64,
        key: &[u64],
        count: &ExactCount,
        work: u64,
        evict: bool,
    ) -> Written {
        let stride = self.stride();
        let work = work.min(u64::from(u32::MAX));
        let tag = tag(hash);
        let mut empty = None;
        let mut victim: Option<(usize, u64, u64)> = None;
        for slot in window(hash, slots.capacity) {
            let base = slot * stride;
            let seq = slots.words[base].load(Ordering::Acquire);
            if seq & 1 != 0 {
                continue;
            }
            let meta = slots.words[base + 1].load(Ordering::Relaxed);
            if meta == 0 {
                empty = Some((slot, seq));
                break;
            }
            if meta >> 32 == tag
                && slots.words[base + 2..base + 2 + key.len()]
                    .iter()
                    .zip(key)
                    .all(|(word, &k)| word.load(Ordering::Relaxed) == k)
            {
                // Another thread stored it meanwhile.
                return Written::Dropped;
            }
            let cost = meta & u64::from(u32::MAX);
            if victim.is_none_or(|(_, least, _)| cost < least) {
                victim = Some((slot, cost, seq));
            }
        }
        let (slot, seq, written) = match (empty, victim) {
            (Some((slot, seq)), _) => (slot, seq, Written::Stored),
            (None, Some((slot, cost, seq))) if evict && cost <= work => {
                (slot, seq, Written::Evicted)
            }
            (None, _) => return Written::Crowded,
        };
        let Some((lo, hi)) = self.encode(count, slots.capacity) else {
            return Written::Dropped;
        };
        let base = slot * stride;
        // Claims the slot, if it is still as it was read.
        if slots.words[base]
            .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return Written::Dropped;
        }
        fence(Ordering::Release);
        let words = &slots.words[base + 1..base + stride];
        words[0].store(tag << 32 | work, Ordering::Relaxed);
        for (word, &k) in words[1..].iter().zip(key) {
            word.store(k, Ordering::Relaxed);
        }
        words[1 + key.len()].store(lo, Ordering::Relaxed);
        words[2 + key.len()].store(hi, Ordering::Relaxed);
        slots.words[base].store(seq + 2, Ordering::Release);
        written
    }

    /// The two value words of a count: the count itself below `2^127`, else
    /// the index of a big count kept aside — `None` when the budget has no
    /// room for it.
    fn encode(&self, count: &ExactCount, capacity: usize) -> Option<(u64, u64)> {
        if let Some(words) = small_words(count) {
            return Some(words);
        }
        let mut bigs = lock(&self.bigs);
        let bytes = count.heap_bytes() + size_of::<ExactCount>();
        if self.slot_bytes(capacity) + bigs.bytes + bytes > self.max_bytes {
            return None;
        }
        bigs.bytes += bytes;
        bigs.counts.push(count.clone());
        Some((bigs.counts.len() as u64 - 1, BIG))
    }

    fn slot_bytes(&self, capacity: usize) -> usize {
        capacity * self.stride() * 8
    }

    /// Doubles the shard, or grows it to what the budget allows, or marks
    /// it full when that is not worth a copy — unless another thread is
    /// growing it, which this one leaves to it. Whether it grew.
    fn grow(&self, view: &mut View) -> bool {
        let Ok(_growing) = self.growing.try_lock() else {
            return false;
        };
        let old = lock(&self.slots).clone();
        let stride = self.stride();
        let big_bytes = lock(&self.bigs).bytes;
        let room = self
            .max_bytes
            .saturating_sub(self.slot_bytes(old.capacity) + big_bytes)
            / (stride * 8);
        let Some(capacity) = grown_capacity(old.capacity, room) else {
            self.full.store(true, Ordering::Relaxed);
            return false;
        };
        let new = Slots::new(capacity, stride);
        let mut len = 0;
        let mut entry = vec![0; stride - 1];
        for slot in 0..old.capacity {
            let base = slot * stride;
            let copied = old.read(base, stride, |words| {
                for (to, word) in entry.iter_mut().zip(words) {
                    *to = word.load(Ordering::Relaxed);
                }
                Some(())
            });
            if copied.is_none() || entry[0] == 0 {
                continue;
            }
            let hash = Table::hash(&entry[1..=self.key_words]);
            // A key whose new window is full is dropped: the memo is only a
            // cache.
            if let Some(slot) = window(hash, capacity)
                .find(|&s| new.words[s * stride + 1].load(Ordering::Relaxed) == 0)
            {
                for (to, &word) in new.words[slot * stride + 1..(slot + 1) * stride]
                    .iter()
                    .zip(&entry)
                {
                    to.store(word, Ordering::Relaxed);
                }
                len += 1;
            }
        }
        *lock(&self.slots) = Arc::new(new);
        self.len.store(len, Ordering::Relaxed);
        view.entries = 0;
        self.generation.fetch_add(1, Ordering::Release);
        true
    }

    /// Adds what `view` counted to the shard's totals, and lets go of its
    /// slots.
    pub(crate) fn settle(&self, view: &mut View) {
        self.len
            .fetch_add(std::mem::take(&mut view.entries), Ordering::Relaxed);
        self.evictions
            .fetch_add(std::mem::take(&mut view.evictions), Ordering::Relaxed);
        view.slots = None;
    }

    /// The entries, evictions and bytes of the shard (the rest zero).
    pub(crate) fn stats(&self) -> MemoStats {
        let capacity = lock(&self.slots).capacity;
        MemoStats {
            entries: self.len.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
            bytes: (self.slot_bytes(capacity) + lock(&self.bigs).bytes) as u64,
            ..MemoStats::default()
        }
    }
}

/// A lock of the shard, even when a thread panicked holding it: what the
/// locks guard (an `Arc` swapped whole, a vector pushed to) is never left
/// half-changed.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big() -> ExactCount {
        let mut n = ExactCount::from(u128::MAX);
        n += &ExactCount::from(u128::MAX);
        n
    }

    #[test]
    fn stored_counts_come_back_small_and_big() {
        let shard = Shard::new(2, 1 << 20);
        let mut view = View::default();
        let values = [
            ExactCount::from(0u64),
            ExactCount::from(u128::MAX >> 1),
            ExactCount::from(u128::MAX),
            big(),
        ];
        for (k, value) in values.iter().enumerate() {
            let key = [k as u64 + 1, 7];
            shard.insert(&mut view, Table::hash(&key), &key, value, 10);
        }
        for (k, value) in values.iter().enumerate() {
            let key = [k as u64 + 1, 7];
            let found = shard.get(&mut view, Table::hash(&key), &key);
            assert_eq!(found, Some((value.clone(), 10)));
        }
        assert_eq!(shard.get(&mut view, Table::hash(&[9, 9]), &[9, 9]), None);
        shard.settle(&mut view);
        assert_eq!(shard.stats().entries, 4);
    }

    #[test]
    fn the_shard_grows_then_evicts_within_its_budget() {
        let budget = 64 * 1024;
        let shard = Shard::new(1, budget);
        let mut view = View::default();
        for k in 1..=20_000u64 {
            shard.insert(&mut view, Table::hash(&[k]), &[k], &ExactCount::from(k), k);
            assert!(shard.stats().bytes <= budget as u64);
        }
        shard.settle(&mut view);
        assert!(shard.stats().evictions > 0);
        let mut found = 0;
        for k in 1..=20_000u64 {
            if let Some((count, _)) = shard.get(&mut view, Table::hash(&[k]), &[k]) {
                assert_eq!(count, u128::from(k));
                found += 1;
            }
        }
        assert!(found > 0 && found as u64 <= shard.stats().entries + 64);
        assert!(
            shard
                .get(&mut view, Table::hash(&[20_000]), &[20_000])
                .is_some()
        );
    }

    /// Threads writing and reading the same keys, while the shard grows
    /// and then evicts, only ever read the count that belongs to a key.
    #[test]
    fn threads_never_read_a_torn_entry() {
        let shard = Shard::new(3, 256 * 1024);
        let value = |k: u64| ExactCount::from(u128::from(k) * 1_000_003 + 7);
        let key = |k: u64| [k, k ^ 0xABCD, k.wrapping_mul(31)];
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (shard, value, key) = (&shard, &value, &key);
                scope.spawn(move || {
                    let mut view = View::default();
                    let mut hits = 0;
                    for round in 0..60_000u64 {
                        let k = (round * 7 + thread * 13) % 30_000;
                        let key = key(k);
                        let hash = Table::hash(&key);
                        match shard.get(&mut view, hash, &key) {
                            Some((count, work)) => {
                                assert_eq!(count, value(k));
                                assert_eq!(work, k % 1000 + 4);
                                hits += 1;
                            }
                            None => shard.insert(&mut view, hash, &key, &value(k), k % 1000 + 4),
                        }
                    }
                    shard.settle(&mut view);
                    assert!(hits > 0);
                });
            }
        });
    }
}
