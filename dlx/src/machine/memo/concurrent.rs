//! The shared memo's tables: [`Shard`]s that any number of threads read
//! without taking a lock, and fill without waiting for each other, within
//! one [`Budget`] of bytes for the whole memo.
//!
//! A lock per lookup costs more than the lookup when two threads share a
//! memo: every lock writes its cache line, which then has to travel to the
//! other core for that core's next lookup of the shard (half of the time,
//! with two threads looking everywhere). Here a lookup of a count below
//! `2^127` only reads:
//!
//! * **Each slot is a little seqlock.** A slot is `1 + 1 + key_words + 2`
//!   words — `seq`, then the [`Table`]'s `meta`, key and count words. A
//!   writer claims a slot by moving its `seq` from the even value it read
//!   to the odd one after (a compare-and-swap: two writers never write one
//!   slot at once), writes, and makes `seq` even again. A reader reads
//!   `seq`, the slot, and `seq` again, and believes the slot only if the
//!   two agree and are even; anything else reads as not stored. `seq` only
//!   ever grows, so no rewrite can hide between two equal readings.
//! * **A shard grows by a copy that is then published.** The thread that
//!   grows a shard claims each old slot in turn (waiting for a writer that
//!   holds it to finish), copies its entry into slots twice the size, and
//!   never lets the old slot go: no write can land in old slots behind the
//!   copy, so nothing stored is lost by a grow but what the new slots have
//!   no room for, and the shard's entry count stays exact. The slots are an
//!   [`Arc`]; each counter keeps a [`View`] of every shard — the slots it
//!   reads and their generation — and takes the new slots when the shard's
//!   generation moved on (every view does at its next lookup in the shard,
//!   or lets go of its slots when its count ends, and the old slots are
//!   freed with the last view of them).
//! * **Counts of `2^127` and more** live in the shard's [`Bigs`], under a
//!   lock that only they take: the slot holds the count's index there and
//!   the stamp it was stored with. A count evicted, or dropped by a grow,
//!   is freed and its index reused with a new stamp, so a reader that
//!   finds an index whose stamp has changed reads the entry as not stored:
//!   an index never comes to mean another count. A big count the budget
//!   has no room for frees the window's other big counts, cheapest first
//!   and whatever they cost, until it fits (recency wins: the search only
//!   comes back to states near its frontier); each such slot keeps its key
//!   and counts as an entry until a write takes it, marked freed (stamp 0,
//!   which reads as not stored), so that no lookup stops short at it.
//! * **The bytes** of every slot array, big count and counter's own state
//!   are taken from one [`Budget`] before they are allocated, and given
//!   back when they are freed: the memo never holds more than its budget
//!   (only a counter's own state, without which it cannot count, is taken
//!   even when it does not fit).
//! * **Entries and evictions** are counted by each view and added to the
//!   shard's totals every [`FLUSH`] of them (every [`SLOTS_PER_FLUSH`]th
//!   of the shard's slots when that is fewer) and when a count ends, so
//!   that the totals cost no shared write per entry. A shard grows by its
//!   count, which so lags its entries by at most a 32nd of its slots per
//!   other thread — a fixed lag would let a small shard full of entries
//!   the views have not added read as nearly empty, evict instead of
//!   growing, and thrash. Between two grows the
//!   entries are exact once every count has ended; while counts run, they
//!   lag by what the views have not added yet. A slot whose big count was
//!   freed counts as an entry until a write takes it or a grow drops it.
//!
//! A lost or refused write loses time, never the count: every entry a
//! reader believes is the exact count of its key.
//!
//! Every atomic access names its ordering with the reason beside it.

use std::sync::PoisonError;
use std::sync::atomic::Ordering;

use sync::{Arc, AtomicBool, AtomicU64, AtomicUsize, Mutex, MutexGuard, fence};

use super::table::{BIG, small_count, small_words, tag, window};
use crate::contract::count::BigCount;
use crate::contract::stats::MemoStats;

/// The atomics and locks of the shared memo, in one place: `std`'s, or
/// under `--cfg loom` the model checker's, whose every interleaving of the
/// threads the tests at the end of this file explore.
#[cfg(not(loom))]
mod sync {
    pub(crate) use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, fence};
    pub(crate) use std::sync::{Arc, Mutex, MutexGuard};

    /// Lets the thread that holds a slot go on (the grow waits for it).
    pub(crate) fn pause() {
        std::thread::yield_now();
    }
}

/// See above: the model checker's atomics and locks.
#[cfg(loom)]
mod sync {
    pub(crate) use loom::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, fence};
    pub(crate) use loom::sync::{Arc, Mutex, MutexGuard};

    /// Lets the thread that holds a slot go on (the grow waits for it):
    /// the model checker then runs another thread.
    pub(crate) fn pause() {
        loom::thread::yield_now();
    }
}

/// Entries (or evictions) a view counts before adding them to its shard's
/// total.
const FLUSH: u64 = 64;

/// A view adds its entries to its shard's count at least every this many
/// of the shard's slots (see the [module docs](self)).
const SLOTS_PER_FLUSH: u64 = 32;

/// Half the slots a grow gives a shard at least.
const LEAST_GROWN: usize = 8;

/// The low bits of a shard's `state` that hold its entry count; the
/// generation of its slots is above them.
const LEN_BITS: u32 = 40;
const LEN_MASK: u64 = (1 << LEN_BITS) - 1;

/// Bytes of one big count kept in [`Bigs`]: its digits, the count itself
/// and the two counters of its `Arc`.
fn big_bytes(count: &BigCount) -> usize {
    count.heap_bytes() + size_of::<BigCount>() + 2 * size_of::<usize>()
}

/// A [`Budget`] that the shards, their slots and the counters share.
pub(crate) type SharedBudget = Arc<Budget>;

/// The bytes a shared memo may hold, and those it holds now.
#[derive(Debug)]
pub(crate) struct Budget {
    max: usize,
    used: AtomicUsize,
}

impl Budget {
    /// A budget of `max` bytes, none used.
    pub(crate) fn new(max: usize) -> Budget {
        Budget {
            max,
            used: AtomicUsize::new(0),
        }
    }

    /// Takes `bytes` if they fit within the budget (none always fit);
    /// whether they did.
    fn take(&self, bytes: usize) -> bool {
        if bytes == 0 {
            // Even when forced bytes passed the budget.
            return true;
        }
        // Relaxed: the budget only counts bytes, it publishes no data; the
        // compare-and-swap alone keeps two takers from both fitting into
        // the last room.
        let mut used = self.used.load(Ordering::Relaxed);
        loop {
            let Some(next) = used.checked_add(bytes).filter(|&n| n <= self.max) else {
                return false;
            };
            // Relaxed, for the same reason.
            match self
                .used
                .compare_exchange_weak(used, next, Ordering::Relaxed, Ordering::Relaxed)
            {
                Ok(_) => return true,
                Err(now) => used = now,
            }
        }
    }

    /// Takes `bytes` whether they fit or not.
    pub(crate) fn force(&self, bytes: usize) {
        // Relaxed: a count of bytes, see `take`.
        self.used.fetch_add(bytes, Ordering::Relaxed);
    }

    /// Gives back `bytes` taken before.
    fn give_back(&self, bytes: usize) {
        // Relaxed: a count of bytes, see `take`.
        self.used.fetch_sub(bytes, Ordering::Relaxed);
    }

    /// The bytes taken now.
    pub(crate) fn used(&self) -> usize {
        // Relaxed: a statistic.
        self.used.load(Ordering::Relaxed)
    }
}

/// Bytes taken from a [`Budget`] for as long as this lives: a counter's own
/// state. A clone (a counter's clone) takes them again.
#[derive(Debug)]
pub(crate) struct Held {
    budget: Arc<Budget>,
    bytes: usize,
}

impl Held {
    /// Takes `bytes` from `budget`, whether they fit or not.
    pub(crate) fn new(budget: &Arc<Budget>, bytes: usize) -> Held {
        budget.force(bytes);
        Held {
            budget: budget.clone(),
            bytes,
        }
    }
}

impl Clone for Held {
    fn clone(&self) -> Held {
        Held::new(&self.budget, self.bytes)
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.budget.give_back(self.bytes);
    }
}

/// What [`Shard::write`] did with a count.
#[derive(Debug, PartialEq, Eq)]
enum Written {
    /// Into an empty slot.
    Stored,
    /// Into a slot whose big count was freed (counted as an entry still):
    /// the key's own, or the window's first.
    Reused,
    /// Over a cheaper entry.
    Evicted,
    /// Nowhere: the window is full of entries that cost more.
    Crowded,
    /// Nowhere: a big count the budget had no room for, with every other
    /// big count of the window freed.
    NoRoom,
    /// Nowhere: stored already, or a slot being written.
    Dropped,
}

/// The value words' `hi` of a slot whose big count was freed to make room
/// for another: [`BIG`] with stamp 0, which no count held has, so readers
/// read the key as not stored. The slot keeps its key (lookups go on past
/// it) with a work of 0, and is the first one a write takes.
const FREED: u64 = BIG;

/// One table of the shared memo, on cache lines of its own.
#[derive(Debug)]
#[repr(align(128))]
pub(crate) struct Shard {
    /// The generation of the slots now (bumped by each grow) above
    /// [`LEN_BITS`], the entries stored below: one word, so that a view's
    /// entries are added only to the generation they were stored in.
    state: AtomicU64,
    /// The slots now.
    slots: Mutex<Arc<Slots>>,
    /// Taken by the thread that grows the shard; the others go on meanwhile.
    growing: Mutex<()>,
    /// Set once the shard cannot grow within the budget.
    full: AtomicBool,
    /// Entries overwritten to make room (give or take what views have not
    /// added yet).
    evictions: AtomicU64,
    /// Counts of `2^127` and more.
    bigs: Mutex<Bigs>,
    /// The whole memo's budget.
    budget: Arc<Budget>,
    /// The most bytes this shard's slots may take (its share of the
    /// budget: the budget itself bounds the old and new slots of a grow).
    share: usize,
    key_words: usize,
}

/// A shard's slots: see the [module docs](self).
pub(crate) struct Slots {
    words: Box<[AtomicU64]>,
    capacity: usize,
    /// Which grow of the shard made them.
    generation: u64,
    /// The budget their bytes were taken from, and go back to when they are
    /// freed.
    budget: Arc<Budget>,
}

impl std::fmt::Debug for Slots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Slots")
            .field("capacity", &self.capacity)
            .field("generation", &self.generation)
            .finish_non_exhaustive()
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        self.budget.give_back(self.words.len() * 8);
    }
}

/// A shard's counts of `2^127` and more: entries reused through a free
/// list, each with the stamp it was stored with.
#[derive(Debug, Default)]
struct Bigs {
    entries: Vec<BigEntry>,
    /// The first free entry, then each free entry's `next_free`.
    free: Option<u32>,
    /// The last stamp given (stamps start at 1: 0 marks a free entry).
    stamp: u64,
    /// Counts held now, and their bytes (see [`big_bytes`]).
    held: usize,
    held_bytes: usize,
}

#[derive(Debug, Default)]
struct BigEntry {
    /// The stamp of the count held; 0 when free.
    stamp: u64,
    count: Option<Arc<BigCount>>,
    next_free: Option<u32>,
}

/// What one counter knows of one shard: see the [module docs](self).
#[derive(Clone, Debug, Default)]
pub(crate) struct View {
    /// The generation of `slots`.
    generation: u64,
    /// `None` between counts, so that an idle counter holds no old slots.
    slots: Option<Arc<Slots>>,
    /// Entries this view stored in `slots` not yet added to the shard's
    /// count.
    entries: u64,
    /// Evictions not yet added to the shard's total.
    evictions: u64,
}

impl Slots {
    /// Slots of `capacity` × `stride` words, their bytes taken from
    /// `budget` — `None` when they do not fit.
    fn new(capacity: usize, stride: usize, generation: u64, budget: &Arc<Budget>) -> Option<Slots> {
        let words = capacity * stride;
        if !budget.take(words * 8) {
            return None;
        }
        Some(Slots {
            words: (0..words).map(|_| AtomicU64::new(0)).collect(),
            capacity,
            generation,
            budget: budget.clone(),
        })
    }

    /// Reads the slot at `base` as a seqlock reader: what `read` found in
    /// its words when nothing wrote it while it was read; `None` otherwise.
    #[inline]
    fn read<T>(
        &self,
        base: usize,
        stride: usize,
        read: impl FnOnce(&[AtomicU64]) -> Option<T>,
    ) -> Option<T> {
        // Acquire: pairs with the writer's Release store of the even `seq`,
        // so that the words read below are at least that write's.
        let seq = self.words[base].load(Ordering::Acquire);
        if seq & 1 != 0 {
            return None;
        }
        let found = read(&self.words[base + 1..base + stride]);
        // Acquire fence: orders the word loads above before the second
        // load of `seq`; with the writer's Release fence after its claim,
        // a reader that saw any word of a later write sees that write's
        // odd `seq` (or later) here.
        fence(Ordering::Acquire);
        // Relaxed: ordered by the fence above.
        (self.words[base].load(Ordering::Relaxed) == seq)
            .then_some(found)
            .flatten()
    }

    /// Claims the slot at `base` for good, waiting for a writer that holds
    /// it: a grow's copy, after which nothing writes the slot again.
    fn freeze(&self, base: usize) {
        loop {
            // Relaxed: the claim below is what orders.
            let seq = self.words[base].load(Ordering::Relaxed);
            // Acquire on success: pairs with the last writer's Release
            // store of `seq`, so that the copy reads its words.
            if seq & 1 == 0
                && self.words[base]
                    .compare_exchange_weak(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                    .is_ok()
            {
                return;
            }
            sync::pause();
        }
    }
}

impl Bigs {
    /// The count at `lo` if it still has the stamp in `hi`.
    fn get(&self, lo: u64, hi: u64) -> Option<Arc<BigCount>> {
        let entry = self.entries.get(usize::try_from(lo).ok()?)?;
        (entry.stamp == hi & !BIG)
            .then(|| entry.count.clone())
            .flatten()
    }

    /// The bytes of the count at `lo, hi`, if those value words point at
    /// one held now.
    fn bytes_of(&self, lo: u64, hi: u64) -> usize {
        if hi & BIG == 0 {
            return 0;
        }
        self.get(lo, hi).map_or(0, |count| big_bytes(&count))
    }

    /// Keeps `count` in place of the count `old` points at (if any; freed
    /// when the new one is kept), taking the bytes it needs more from
    /// `budget`: the value words that point at it, or `None` when the
    /// budget has no room (and `old` is kept).
    fn keep(
        &mut self,
        count: &Arc<BigCount>,
        old: (u64, u64),
        budget: &Budget,
    ) -> Option<(u64, u64)> {
        let freed = self.bytes_of(old.0, old.1);
        let growth = if self.free.is_none() && self.entries.len() == self.entries.capacity() {
            self.entries.capacity().max(4)
        } else {
            0
        };
        let needed = big_bytes(count) + growth * size_of::<BigEntry>();
        if needed > freed {
            if !budget.take(needed - freed) {
                return None;
            }
        } else {
            budget.give_back(freed - needed);
        }
        // The bytes of `old` are accounted for above.
        self.release(old.0, old.1, None);
        if growth > 0 {
            self.entries.reserve_exact(growth);
        }
        self.stamp += 1;
        let stamp = self.stamp;
        let entry = BigEntry {
            stamp,
            count: Some(count.clone()),
            next_free: None,
        };
        let index = match self.free {
            Some(index) => {
                self.free = self.entries[index as usize].next_free;
                self.entries[index as usize] = entry;
                index
            }
            None => {
                self.entries.push(entry);
                (self.entries.len() - 1) as u32
            }
        };
        self.held += 1;
        self.held_bytes += big_bytes(count);
        Some((u64::from(index), BIG | stamp))
    }

    /// Frees the count that `lo, hi` point at, if they point at one held
    /// now, giving its bytes back to `budget` (when given).
    fn release(&mut self, lo: u64, hi: u64, budget: Option<&Budget>) {
        if hi & BIG == 0 || self.get(lo, hi).is_none() {
            return;
        }
        let index = lo as u32;
        let entry = &mut self.entries[index as usize];
        let count = entry.count.take().expect("a held entry has its count");
        entry.stamp = 0;
        entry.next_free = self.free;
        self.free = Some(index);
        self.held -= 1;
        self.held_bytes -= big_bytes(&count);
        if let Some(budget) = budget {
            budget.give_back(big_bytes(&count));
        }
    }
}

impl Shard {
    /// An empty shard for keys of `key_words` words, with `capacity` slots
    /// to start with (fewer if the budget has no room for them), whose
    /// slots may take up to `share` bytes of `budget`.
    pub(crate) fn new(
        key_words: usize,
        capacity: usize,
        share: usize,
        budget: &Arc<Budget>,
    ) -> Shard {
        let stride = key_words + 4;
        // A quarter of the share at most, so that big counts have room
        // from the start.
        let capacity = capacity.min(share / 4 / (stride * 8));
        let slots = Slots::new(capacity, stride, 0, budget)
            .or_else(|| Slots::new(0, stride, 0, budget))
            .expect("no slots take no bytes");
        Shard {
            state: AtomicU64::new(0),
            slots: Mutex::new(Arc::new(slots)),
            growing: Mutex::new(()),
            full: AtomicBool::new(false),
            evictions: AtomicU64::new(0),
            bigs: Mutex::new(Bigs::default()),
            budget: budget.clone(),
            share,
            key_words,
        }
    }

    fn stride(&self) -> usize {
        self.key_words + 4
    }

    /// The slots `view` reads, taking the shard's current ones when the
    /// shard grew since `view` took its own.
    #[inline]
    fn slots<'v>(&self, view: &'v mut View) -> &'v Arc<Slots> {
        // Relaxed: the generation only says whether to look again; the
        // slots themselves are taken under their lock, which orders them.
        let generation = self.state.load(Ordering::Relaxed) >> LEN_BITS;
        if view.generation != generation || view.slots.is_none() {
            let slots = lock(&self.slots).clone();
            if slots.generation != view.generation {
                // What the view stored in older slots was counted by the
                // grow that copied them.
                view.entries = 0;
            }
            view.generation = slots.generation;
            view.slots = Some(slots);
        }
        view.slots.as_ref().expect("set above")
    }

    /// The count stored for `key`, whose hash is `hash`, and the search
    /// nodes it took to find; `None` when it is not stored (or was being
    /// written at that moment).
    #[inline]
    pub(crate) fn get(&self, view: &mut View, hash: u64, key: &[u64]) -> Option<(BigCount, u64)> {
        debug_assert_eq!(key.len(), self.key_words);
        let stride = self.stride();
        let slots = self.slots(view);
        let tag = tag(hash);
        for slot in window(hash, slots.capacity) {
            let base = slot * stride;
            // meta, then the key, then the count's two words. Relaxed
            // loads: the seqlock's `seq` and fence order them.
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
                Some(Some((lo, hi, work))) => {
                    // A big count freed since the slot was read: not stored.
                    if let Some(count) = small_count(lo, hi) {
                        return Some((count, work));
                    }
                    if hi == FREED {
                        return None;
                    }
                    // Only the `Arc` is cloned under the lock.
                    let big = lock(&self.bigs).get(lo, hi);
                    return big.map(|count| ((*count).clone(), work));
                }
                None => {}
            }
        }
        None
    }

    /// Stores `count` for `key`, which took `work` search nodes to find: in
    /// an empty slot of its window, else over the window's cheapest entry if
    /// that cost no more — or not at all (also when another thread stored
    /// it, or is writing the chosen slot). A big count the budget has no
    /// room for frees the window's cheapest big counts, whatever they cost,
    /// until it fits (see [`Shard::write`]).
    pub(crate) fn insert(
        &self,
        view: &mut View,
        hash: u64,
        key: &[u64],
        count: &BigCount,
        work: u64,
    ) {
        debug_assert_eq!(key.len(), self.key_words);
        // Relaxed: a statistic that decides when to grow.
        let len = (self.state.load(Ordering::Relaxed) & LEN_MASK) + view.entries;
        let capacity = self.slots(view).capacity as u64;
        // Relaxed: `full` only saves a grow that cannot succeed.
        if !self.full.load(Ordering::Relaxed) && (len + 1) * 4 > capacity * 3 {
            // Whether this thread grows the shard or another one does,
            // the entry goes into the slots there are.
            self.grow(view);
        }
        let capacity = self.slots(view).capacity as u64;
        // A crowded window in a shard half full that may still grow: grow
        // rather than evict. Relaxed: as above.
        let may_grow = !self.full.load(Ordering::Relaxed) && len * 2 > capacity;
        let (written, freed) = self.write(self.slots(view), hash, key, count, work, !may_grow);
        view.evictions += freed + u64::from(written == Written::Evicted);
        if view.evictions >= FLUSH {
            // Relaxed: a statistic.
            self.evictions
                .fetch_add(std::mem::take(&mut view.evictions), Ordering::Relaxed);
        }
        match written {
            Written::Stored => {
                view.entries += 1;
                if view.entries >= (capacity / SLOTS_PER_FLUSH).clamp(1, FLUSH) {
                    self.add_entries(view);
                }
            }
            Written::Crowded if may_grow => {
                if self.grow(view) {
                    self.insert(view, hash, key, count, work);
                }
            }
            Written::Reused
            | Written::Evicted
            | Written::Crowded
            | Written::NoRoom
            | Written::Dropped => {}
        }
    }

    /// Adds the entries `view` stored to the shard's count — unless the
    /// shard grew since, whose copy counted them.
    fn add_entries(&self, view: &mut View) {
        let entries = std::mem::take(&mut view.entries);
        // Relaxed: the count is a statistic; the compare-and-swap keeps
        // it to the generation the entries were stored in.
        let mut state = self.state.load(Ordering::Relaxed);
        while state >> LEN_BITS == view.generation {
            let len = ((state & LEN_MASK) + entries).min(LEN_MASK);
            // Relaxed, as above.
            match self.state.compare_exchange_weak(
                state,
                state & !LEN_MASK | len,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return,
                Err(now) => state = now,
            }
        }
    }

    /// [`insert`](Self::insert)'s work in `slots`: the count written, or
    /// not, and how many other entries' big counts were freed for it.
    ///
    /// The slot taken is the key's own whose big count was freed, else the
    /// window's first empty or freed slot, else (if `evict`) over its
    /// cheapest entry that cost no more — or, for a big count, over the
    /// window's cheapest big count whatever it cost (two threads' works
    /// differ: one that finds the other's entries counts few nodes, and its
    /// new counts would be refused by the other's stale ones). A big count
    /// the budget has no room
    /// for then frees the window's other big counts, cheapest first and
    /// whatever they cost, until it fits: recency wins over cost there,
    /// since the search only comes back to states near its frontier, and a
    /// budget full of costly old counts would otherwise refuse every new
    /// one (whose states, recomputed cheaply, are then never stored again:
    /// the time goes exponential). If none is left, the slot stays as it
    /// was.
    #[inline]
    fn write(
        &self,
        slots: &Slots,
        hash: u64,
        key: &[u64],
        count: &BigCount,
        work: u64,
        evict: bool,
    ) -> (Written, u64) {
        let stride = self.stride();
        let work = work.min(u64::from(u32::MAX));
        let tag = tag(hash);
        let mut free = None;
        let mut victim: Option<(usize, u64, u64)> = None;
        let big = small_words(count).is_none();
        let mut big_victim: Option<(usize, u64, u64)> = None;
        for slot in window(hash, slots.capacity) {
            let base = slot * stride;
            // Acquire: pairs with the Release store of the even `seq` that
            // ended the last write, so that the words read below (only to
            // choose a slot: the claim decides) are at least that write's.
            let seq = slots.words[base].load(Ordering::Acquire);
            if seq & 1 != 0 {
                continue;
            }
            // Relaxed loads of the words: see above.
            let meta = slots.words[base + 1].load(Ordering::Relaxed);
            if meta == 0 {
                free = free.or(Some((slot, seq, Written::Stored)));
                break;
            }
            let hi = slots.words[base + 3 + key.len()].load(Ordering::Relaxed);
            let freed = hi == FREED;
            if meta >> 32 == tag
                && slots.words[base + 2..base + 2 + key.len()]
                    .iter()
                    .zip(key)
                    .all(|(word, &k)| word.load(Ordering::Relaxed) == k)
            {
                if !freed {
                    // Another thread stored it meanwhile.
                    return (Written::Dropped, 0);
                }
                // Its own slot, which lookups of the key stop at.
                free = Some((slot, seq, Written::Reused));
                break;
            }
            if freed {
                free = free.or(Some((slot, seq, Written::Reused)));
                continue;
            }
            let cost = meta & u64::from(u32::MAX);
            if victim.is_none_or(|(_, least, _)| cost < least) {
                victim = Some((slot, cost, seq));
            }
            if big && hi & BIG != 0 && big_victim.is_none_or(|(_, least, _)| cost < least) {
                big_victim = Some((slot, cost, seq));
            }
        }
        let (slot, seq, written) = match (free, victim, big_victim) {
            (Some(free), _, _) => free,
            (None, Some((slot, cost, seq)), _) if evict && cost <= work => {
                (slot, seq, Written::Evicted)
            }
            // A big count over the window's cheapest big count, whatever
            // it cost: recency wins, as for the room of big counts.
            (None, _, Some((slot, _, seq))) if evict => (slot, seq, Written::Evicted),
            (None, _, _) => return (Written::Crowded, 0),
        };
        let base = slot * stride;
        // Claims the slot, if it is still as it was read. Acquire: pairs
        // with the Release store of `seq` by the last writer, so that the
        // old value words read below are that write's.
        if slots.words[base]
            .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return (Written::Dropped, 0);
        }
        // Release fence: orders the odd `seq` above before the words
        // written below (see `Slots::read`).
        fence(Ordering::Release);
        let words = &slots.words[base + 1..base + stride];
        // Relaxed loads and stores of the slot's words: the claim makes
        // this thread the slot's only writer, and `seq` publishes them.
        let old = (
            words[1 + key.len()].load(Ordering::Relaxed),
            words[2 + key.len()].load(Ordering::Relaxed),
        );
        let mut freed = 0;
        let value = match small_words(count) {
            Some(value) => {
                if written == Written::Evicted {
                    lock(&self.bigs).release(old.0, old.1, Some(&self.budget));
                }
                value
            }
            None => {
                // The digits are copied before the lock is taken.
                let big = Arc::new(count.clone());
                loop {
                    if let Some(value) = lock(&self.bigs).keep(&big, old, &self.budget) {
                        break value;
                    }
                    if !self.free_cheapest_big(slots, hash, slot, key.len()) {
                        // No room: the slot is left as it was. Release: as
                        // below.
                        slots.words[base].store(seq + 2, Ordering::Release);
                        return (Written::NoRoom, freed);
                    }
                    freed += 1;
                }
            }
        };
        let (lo, hi) = value;
        words[0].store(tag << 32 | work, Ordering::Relaxed);
        for (word, &k) in words[1..].iter().zip(key) {
            word.store(k, Ordering::Relaxed);
        }
        words[1 + key.len()].store(lo, Ordering::Relaxed);
        words[2 + key.len()].store(hi, Ordering::Relaxed);
        // Release: publishes the words above to readers and writers that
        // load this `seq` with Acquire.
        slots.words[base].store(seq + 2, Ordering::Release);
        (written, freed)
    }

    /// Frees the big count of the cheapest entry of `hash`'s window that
    /// holds one, but `keep` (the slot being written, which this thread
    /// holds), whatever it cost: the slot keeps its key and is marked
    /// [`FREED`]. Slots other threads hold are passed over (claims here
    /// never wait, so two writers never wait for each other). Whether a
    /// count was freed.
    fn free_cheapest_big(&self, slots: &Slots, hash: u64, keep: usize, key_words: usize) -> bool {
        let stride = self.stride();
        loop {
            let mut cheapest: Option<(usize, u64, u64)> = None;
            for slot in window(hash, slots.capacity) {
                let base = slot * stride;
                // Acquire: as in `write`, only to choose; the claim decides.
                let seq = slots.words[base].load(Ordering::Acquire);
                if slot == keep || seq & 1 != 0 {
                    continue;
                }
                // Relaxed loads: see above.
                let meta = slots.words[base + 1].load(Ordering::Relaxed);
                if meta == 0 {
                    // Big counts past it are in the window all the same.
                    continue;
                }
                let hi = slots.words[base + 3 + key_words].load(Ordering::Relaxed);
                let cost = meta & u64::from(u32::MAX);
                if hi & BIG != 0 && hi != FREED && cheapest.is_none_or(|(_, least, _)| cost < least)
                {
                    cheapest = Some((slot, cost, seq));
                }
            }
            let Some((slot, _, seq)) = cheapest else {
                return false;
            };
            let base = slot * stride;
            // Claims it, as `write` does (Acquire: its value words are the
            // last write's). Taken by another thread meanwhile: look again.
            if slots.words[base]
                .compare_exchange(seq, seq + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            // Release fence: as in `write`.
            fence(Ordering::Release);
            let words = &slots.words[base + 1..base + stride];
            // Relaxed: this thread holds the slot; `seq` publishes.
            let meta = words[0].load(Ordering::Relaxed);
            let lo = words[1 + key_words].load(Ordering::Relaxed);
            let hi = words[2 + key_words].load(Ordering::Relaxed);
            let freed = meta != 0 && hi & BIG != 0 && hi != FREED;
            if freed {
                lock(&self.bigs).release(lo, hi, Some(&self.budget));
                words[0].store(meta & !u64::from(u32::MAX), Ordering::Relaxed);
                words[2 + key_words].store(FREED, Ordering::Relaxed);
            }
            // Release: publishes the words above (see `write`).
            slots.words[base].store(seq + 2, Ordering::Release);
            if freed {
                return true;
            }
        }
    }

    /// Doubles the shard, or grows it to what its share of the budget
    /// allows (leaving room for the big counts its entries hold, on
    /// average), or marks it full when that is not worth a copy — unless
    /// another thread is growing it, which this one leaves to it. Whether
    /// the shard has new slots since `view` took its own.
    fn grow(&self, view: &mut View) -> bool {
        let Ok(_growing) = self.growing.try_lock() else {
            return false;
        };
        let old = lock(&self.slots).clone();
        if old.generation != view.generation {
            return true;
        }
        let stride = self.stride();
        let slot_bytes = stride * 8;
        let (held, held_bytes) = {
            let bigs = lock(&self.bigs);
            (bigs.held, bigs.held_bytes)
        };
        // Relaxed: a statistic, exact here (no other thread adds to this
        // generation's count but through entries the copy counts).
        let len = (self.state.load(Ordering::Relaxed) & LEN_MASK) as usize;
        // Each new slot leaves room for the big count an entry holds on
        // average.
        let per_slot = slot_bytes + held_bytes / len.max(held).max(1);
        // The old slots are freed once the copy is published and every
        // view let go: the budget counts both meanwhile, the share only the
        // new ones.
        let room = self
            .share
            .min(self.budget.max.saturating_sub(self.budget.used()))
            / per_slot;
        let grown = room.min(2 * old.capacity.max(LEAST_GROWN));
        let new = (grown > old.capacity + old.capacity / 4)
            .then(|| Slots::new(grown, stride, old.generation + 1, &self.budget))
            .flatten();
        let Some(new) = new else {
            // Relaxed: see `insert`.
            self.full.store(true, Ordering::Relaxed);
            return false;
        };
        let mut copied = 0;
        let mut entry = vec![0; stride - 1];
        for slot in 0..old.capacity {
            let base = slot * stride;
            old.freeze(base);
            // Relaxed loads of a slot this thread holds (see `freeze`).
            for (to, word) in entry.iter_mut().zip(&old.words[base + 1..base + stride]) {
                *to = word.load(Ordering::Relaxed);
            }
            // An empty slot, or one whose big count was freed: nothing to
            // copy.
            if entry[0] == 0 || entry[2 + self.key_words] == FREED {
                continue;
            }
            let hash = crate::hash::hash_words(&entry[1..=self.key_words]);
            // A key whose new window is full is dropped: the memo is only a
            // cache. Relaxed loads and stores: the new slots are this
            // thread's until they are published under their lock.
            if let Some(slot) = window(hash, grown)
                .find(|&s| new.words[s * stride + 1].load(Ordering::Relaxed) == 0)
            {
                for (to, &word) in new.words[slot * stride + 1..(slot + 1) * stride]
                    .iter()
                    .zip(&entry)
                {
                    to.store(word, Ordering::Relaxed);
                }
                copied += 1;
            } else {
                let value = &entry[1 + self.key_words..];
                lock(&self.bigs).release(value[0], value[1], Some(&self.budget));
            }
        }
        let mut slots = lock(&self.slots);
        *slots = Arc::new(new);
        // Relaxed: under the slots' lock, which orders it with the slots
        // for every view that takes them (see `slots`). A swap, not a
        // store: a read-modify-write comes after every count's
        // compare-and-swap before it in the state's order of writes, where
        // the model checker lets a plain store fall before one, which then
        // wrote the old generation back and lost the entries counted in
        // the new slots (the grow model below).
        self.state.swap(
            (old.generation + 1) << LEN_BITS | copied.min(LEN_MASK),
            Ordering::Relaxed,
        );
        drop(slots);
        view.entries = 0;
        true
    }

    /// Adds what `view` counted to the shard's totals, and lets go of its
    /// slots.
    pub(crate) fn settle(&self, view: &mut View) {
        self.add_entries(view);
        // Relaxed: a statistic.
        self.evictions
            .fetch_add(std::mem::take(&mut view.evictions), Ordering::Relaxed);
        view.slots = None;
    }

    /// The entries and evictions of the shard (the rest zero).
    pub(crate) fn stats(&self) -> MemoStats {
        MemoStats {
            // Relaxed: statistics.
            entries: self.state.load(Ordering::Relaxed) & LEN_MASK,
            evictions: self.evictions.load(Ordering::Relaxed),
            ..MemoStats::default()
        }
    }
}

impl Drop for Shard {
    fn drop(&mut self) {
        let bigs = lock(&self.bigs);
        self.budget
            .give_back(bigs.held_bytes + bigs.entries.capacity() * size_of::<BigEntry>());
    }
}

/// A lock of the shard, even when a thread panicked holding it: what the
/// locks guard (an `Arc` swapped whole, a list of counts changed in one
/// place at a time) is never left half-changed.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

// The model checker's primitives exist only inside its models: under
// `--cfg loom` only the models below run.
#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    fn big(k: u64) -> BigCount {
        let mut n = BigCount::from(u128::MAX);
        n += &BigCount::from(u128::MAX);
        n += &BigCount::from(k);
        n
    }

    fn shard(key_words: usize, budget: usize) -> (Shard, Arc<Budget>) {
        let budget = Arc::new(Budget::new(budget));
        let share = budget.max;
        (Shard::new(key_words, 16, share, &budget), budget)
    }

    #[test]
    fn stored_counts_come_back_small_and_big() {
        let (shard, _budget) = shard(2, 1 << 20);
        let mut view = View::default();
        let values = [
            BigCount::from(0u64),
            BigCount::from(u128::MAX >> 1),
            BigCount::from(u128::MAX),
            big(0),
        ];
        for (k, value) in values.iter().enumerate() {
            let key = [k as u64 + 1, 7];
            shard.insert(&mut view, crate::hash::hash_words(&key), &key, value, 10);
        }
        for (k, value) in values.iter().enumerate() {
            let key = [k as u64 + 1, 7];
            let found = shard.get(&mut view, crate::hash::hash_words(&key), &key);
            assert_eq!(found, Some((value.clone(), 10)));
        }
        assert_eq!(
            shard.get(&mut view, crate::hash::hash_words(&[9, 9]), &[9, 9]),
            None
        );
        shard.settle(&mut view);
        assert_eq!(shard.stats().entries, 4);
    }

    #[test]
    fn the_shard_grows_then_evicts_within_its_budget() {
        let max = 64 * 1024;
        let (shard, budget) = shard(1, max);
        let mut view = View::default();
        for k in 1..=20_000u64 {
            shard.insert(
                &mut view,
                crate::hash::hash_words(&[k]),
                &[k],
                &BigCount::from(k),
                k,
            );
            assert!(budget.used() <= max);
        }
        shard.settle(&mut view);
        assert!(shard.stats().evictions > 0);
        let mut found = 0;
        for k in 1..=20_000u64 {
            if let Some((count, _)) = shard.get(&mut view, crate::hash::hash_words(&[k]), &[k]) {
                assert_eq!(count, u128::from(k));
                found += 1;
            }
        }
        // One thread: the count of entries is exact.
        assert_eq!(found, shard.stats().entries);
        assert!(
            shard
                .get(&mut view, crate::hash::hash_words(&[20_000]), &[20_000])
                .is_some()
        );
    }

    /// Big counts, many more than the budget holds at once, are evicted and
    /// freed like small ones: the latest (costliest) stay found, and the
    /// budget is never passed.
    #[test]
    fn big_counts_are_evicted_and_freed_within_the_budget() {
        let max = 48 * 1024;
        let (shard, budget) = shard(1, max);
        let mut view = View::default();
        for k in 1..=5_000u64 {
            shard.insert(&mut view, crate::hash::hash_words(&[k]), &[k], &big(k), k);
            assert!(budget.used() <= max, "{} bytes", budget.used());
            // What was just stored is found: room was made for it.
            let found = shard.get(&mut view, crate::hash::hash_words(&[k]), &[k]);
            assert_eq!(found, Some((big(k), k)), "count {k}");
        }
        shard.settle(&mut view);
        assert!(shard.stats().evictions > 1000);
        let mut found = 0;
        for k in 1..=5_000u64 {
            if let Some((count, _)) = shard.get(&mut view, crate::hash::hash_words(&[k]), &[k]) {
                assert_eq!(count, big(k));
                found += 1;
            }
        }
        assert_eq!(found, shard.stats().entries);
        drop(view);
        drop(shard);
        assert_eq!(budget.used(), 0, "every byte given back");
    }

    /// A budget full of big counts that cost more takes a new, bigger and
    /// cheaper one: the window's old big counts are freed to make room,
    /// whatever they cost, and the budget is never passed.
    #[test]
    fn a_budget_full_of_big_counts_takes_a_bigger_new_one() {
        let costly = |k: u64| {
            let mut n = BigCount::from(num_bigint::BigUint::from(1u8) << 8192u32);
            n += &BigCount::from(k);
            n
        };
        let fill = |max: usize| {
            let (shard, budget) = shard(1, max);
            let mut view = View::default();
            for k in 1..=8u64 {
                shard.insert(
                    &mut view,
                    crate::hash::hash_words(&[k]),
                    &[k],
                    &costly(k),
                    1_000_000,
                );
                assert!(
                    shard
                        .get(&mut view, crate::hash::hash_words(&[k]), &[k])
                        .is_some()
                );
            }
            (shard, budget, view)
        };
        // The bytes of eight costly big counts, then a budget that has
        // little more room than that.
        let used = fill(1 << 20).1.used();
        let max = used + 512;
        let (shard, budget, mut view) = fill(max);
        assert_eq!(budget.used(), used);
        let bigger = BigCount::from(num_bigint::BigUint::from(1u8) << 16384u32);
        assert!(budget.used() + big_bytes(&bigger) > max);
        let key = [u64::MAX];
        shard.insert(&mut view, crate::hash::hash_words(&key), &key, &bigger, 4);
        assert_eq!(
            shard.get(&mut view, crate::hash::hash_words(&key), &key),
            Some((bigger, 4))
        );
        assert!(budget.used() <= max, "{} bytes", budget.used());
        // What stayed is right; the freed ones read as not stored.
        let mut found = 0;
        for k in 1..=8u64 {
            if let Some((count, work)) = shard.get(&mut view, crate::hash::hash_words(&[k]), &[k]) {
                assert_eq!((count, work), (costly(k), 1_000_000));
                found += 1;
            }
        }
        shard.settle(&mut view);
        assert!(found < shard.stats().entries, "big counts were freed");
        assert!(shard.stats().evictions > 0);
        // A freed key is stored again.
        let gone = (1..=8u64)
            .find(|&k| {
                shard
                    .get(&mut view, crate::hash::hash_words(&[k]), &[k])
                    .is_none()
            })
            .expect("a freed key");
        shard.insert(
            &mut view,
            crate::hash::hash_words(&[gone]),
            &[gone],
            &costly(gone),
            7,
        );
        assert_eq!(
            shard.get(&mut view, crate::hash::hash_words(&[gone]), &[gone]),
            Some((costly(gone), 7))
        );
        shard.settle(&mut view);
        drop(view);
        drop(shard);
        assert_eq!(budget.used(), 0, "every byte given back");
    }

    /// Threads writing and reading the same keys, small and big, while the
    /// shard grows and then evicts, only ever read the count that belongs
    /// to a key, and the budget is never passed.
    #[test]
    fn threads_never_read_a_torn_entry() {
        let max = 256 * 1024;
        let (shard, budget) = shard(3, max);
        let value = |k: u64| {
            if k.is_multiple_of(3) {
                big(k)
            } else {
                BigCount::from(u128::from(k) * 1_000_003 + 7)
            }
        };
        let key = |k: u64| [k, k ^ 0xABCD, k.wrapping_mul(31)];
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let (shard, budget, value, key) = (&shard, &budget, &value, &key);
                scope.spawn(move || {
                    let mut view = View::default();
                    let mut hits = 0;
                    for round in 0..60_000u64 {
                        let k = (round * 7 + thread * 13) % 30_000;
                        let key = key(k);
                        let hash = crate::hash::hash_words(&key);
                        match shard.get(&mut view, hash, &key) {
                            Some((count, work)) => {
                                assert_eq!(count, value(k));
                                assert_eq!(work, k % 1000 + 4);
                                hits += 1;
                            }
                            None => shard.insert(&mut view, hash, &key, &value(k), k % 1000 + 4),
                        }
                        assert!(budget.used() <= max);
                    }
                    shard.settle(&mut view);
                    assert!(hits > 0);
                });
            }
        });
        assert!(shard.stats().entries > 0);
    }
}

/// Model checks of the shards (`--cfg loom`, see docs/reliability.md):
/// every interleaving of two or three threads, up to `LOOM_MAX_PREEMPTIONS`
/// preemptions (2 unless set), on shards of one to eight slots, so that
/// each model ends in seconds. They check that a reader only ever gets a
/// key's own count and work or nothing (no torn entry, also while the
/// slot is overwritten or the shard grows), that the shard's entry count
/// is exactly the entries it holds once the counts ended (no lost or
/// doubled count, also across a grow), and that the budget gets back every
/// byte of freed slots and big counts.
#[cfg(all(test, loom))]
mod loom_models {
    use super::*;
    use loom::thread;

    /// Runs `model` in every interleaving, with at most two preemptions
    /// unless `LOOM_MAX_PREEMPTIONS` says otherwise.
    fn check(model: impl Fn() + Sync + Send + 'static) {
        let mut builder = loom::model::Builder::new();
        builder.preemption_bound.get_or_insert(2);
        builder.check(model);
    }

    fn big(k: u64) -> BigCount {
        let mut n = BigCount::from(u128::MAX);
        n += &BigCount::from(k);
        n
    }

    /// Key `k`'s count: a big one for even keys.
    fn value(k: u64) -> BigCount {
        if k % 2 == 0 {
            big(k)
        } else {
            BigCount::from(k * 11)
        }
    }

    /// A shard for keys of one word with `capacity` slots, which grows
    /// only if `grows`.
    fn shard(capacity: usize, grows: bool) -> (Arc<Shard>, Arc<Budget>) {
        let budget = Arc::new(Budget::new(1 << 20));
        // Key words and the four others: 40 bytes a slot. A shard that
        // grows has room for a big count per slot beside its slots.
        let share = if grows { 4096 } else { capacity * 160 };
        let shard = Shard::new(1, capacity, share, &budget);
        assert_eq!(lock(&shard.slots).capacity, capacity);
        if !grows {
            shard.full.store(true, Ordering::Relaxed);
        }
        (Arc::new(shard), budget)
    }

    fn insert(shard: &Shard, view: &mut View, k: u64, work: u64) {
        shard.insert(view, crate::hash::hash_words(&[k]), &[k], &value(k), work);
    }

    /// Key `k`'s entry: nothing, or its own count and `work`.
    fn read(shard: &Shard, view: &mut View, k: u64, work: u64) -> bool {
        match shard.get(view, crate::hash::hash_words(&[k]), &[k]) {
            None => false,
            Some(found) => {
                assert_eq!(found, (value(k), work), "key {k}: a torn entry");
                true
            }
        }
    }

    /// The entries the shard's slots hold now, counted slot by slot, and
    /// the bytes their slots and big counts take.
    fn held(shard: &Shard) -> (u64, usize) {
        let slots = lock(&shard.slots).clone();
        let stride = shard.stride();
        let entries = (0..slots.capacity)
            .filter(|slot| slots.words[slot * stride + 1].load(Ordering::Relaxed) != 0)
            .count() as u64;
        let bigs = lock(&shard.bigs);
        let bytes = slots.words.len() * 8
            + bigs.held_bytes
            + bigs.entries.capacity() * size_of::<BigEntry>();
        (entries, bytes)
    }

    /// After every thread settled: the entry count is exact, and the
    /// budget holds exactly the slots and big counts there are.
    fn settled(shard: &Shard, budget: &Budget) {
        let (entries, bytes) = held(shard);
        assert_eq!(shard.stats().entries, entries, "a lost or doubled count");
        assert_eq!(budget.used(), bytes, "bytes not given back");
    }

    /// Two threads store two keys, small and big, into one window, each
    /// reading the other's: each reads nothing or the right entry, and the
    /// count of entries is exact.
    #[test]
    fn loom_two_writers_store_whole_entries() {
        check(|| {
            let (shard, budget) = shard(4, false);
            let other = shard.clone();
            let writer = thread::spawn(move || {
                let mut view = View::default();
                insert(&other, &mut view, 1, 3);
                read(&other, &mut view, 2, 4);
                other.settle(&mut view);
            });
            let mut view = View::default();
            insert(&shard, &mut view, 2, 4);
            read(&shard, &mut view, 1, 3);
            writer.join().unwrap();
            // Both stored, or one lost a race for the same slot and was
            // dropped: never a third state.
            let found =
                u64::from(read(&shard, &mut view, 1, 3)) + u64::from(read(&shard, &mut view, 2, 4));
            assert!(found >= 1);
            shard.settle(&mut view);
            settled(&shard, &budget);
        });
    }

    /// A slot overwritten while a thread reads it: a big count evicted by
    /// another big count, whose index in the big counts is reused. The
    /// reader gets the old key's entry, the new one's, or nothing — never
    /// one key's words with the other's count.
    #[test]
    fn loom_a_reader_never_sees_an_eviction_half_done() {
        check(|| {
            let (shard, budget) = shard(1, false);
            let mut view = View::default();
            insert(&shard, &mut view, 2, 1);
            shard.settle(&mut view);
            let other = shard.clone();
            let reader = thread::spawn(move || {
                let mut view = View::default();
                read(&other, &mut view, 2, 1);
                read(&other, &mut view, 4, 5);
                other.settle(&mut view);
            });
            insert(&shard, &mut view, 4, 5);
            reader.join().unwrap();
            assert!(read(&shard, &mut view, 4, 5), "the costlier entry evicts");
            assert!(!read(&shard, &mut view, 2, 1));
            shard.settle(&mut view);
            settled(&shard, &budget);
            assert_eq!(shard.stats().evictions, 1);
        });
    }

    /// A big count the budget has no room for frees another slot's, whose
    /// entry cost more, while a thread reads that entry: the reader gets
    /// the old entry whole or nothing, the new count is stored, the old one
    /// reads as not stored after, and its bytes are given back.
    #[test]
    fn loom_a_big_count_frees_another_under_a_reader() {
        check(|| {
            // Room for the slots and one big count, not two.
            let one = big_bytes(&value(2));
            let max = 4 * 5 * 8 + 4 * size_of::<BigEntry>() + one + one / 2;
            let budget = Arc::new(Budget::new(max));
            let shard = Arc::new(Shard::new(1, 4, 4 * 160, &budget));
            assert_eq!(lock(&shard.slots).capacity, 4);
            shard.full.store(true, Ordering::Relaxed);
            let mut view = View::default();
            insert(&shard, &mut view, 2, 9);
            shard.settle(&mut view);
            assert!(read(&shard, &mut view, 2, 9));
            let other = shard.clone();
            let reader = thread::spawn(move || {
                let mut view = View::default();
                read(&other, &mut view, 2, 9);
                other.settle(&mut view);
            });
            insert(&shard, &mut view, 4, 1);
            reader.join().unwrap();
            assert!(read(&shard, &mut view, 4, 1), "the new big count is stored");
            assert!(!read(&shard, &mut view, 2, 9), "the old one was freed");
            assert!(budget.used() <= max);
            shard.settle(&mut view);
            settled(&shard, &budget);
            assert_eq!(shard.stats().evictions, 1);
        });
    }

    /// Three threads: one grows the shard (its insert finds it three
    /// quarters full), one stores a key meanwhile, one reads a key stored
    /// before. Nothing torn is read; the key stored before is in the new
    /// slots, and one of the two stored meanwhile; the count of entries is exact across
    /// the grow; the old slots' bytes are given back.
    #[test]
    fn loom_a_grow_loses_no_entry_and_no_count() {
        check(|| {
            let (shard, budget) = shard(2, true);
            let mut view = View::default();
            insert(&shard, &mut view, 1, 2);
            shard.settle(&mut view);
            let (grower, writer) = (shard.clone(), shard.clone());
            let grower = thread::spawn(move || {
                let mut view = View::default();
                insert(&grower, &mut view, 3, 2);
                grower.settle(&mut view);
            });
            let writer = thread::spawn(move || {
                let mut view = View::default();
                insert(&writer, &mut view, 2, 2);
                writer.settle(&mut view);
            });
            read(&shard, &mut view, 1, 2);
            shard.settle(&mut view);
            grower.join().unwrap();
            writer.join().unwrap();
            assert!(lock(&shard.slots).capacity > 2, "the shard grew");
            assert!(read(&shard, &mut view, 1, 2), "the grow copied the entry");
            // The one that grows stores its key in the new slots, unless
            // the other took that slot first; the other, waiting on no
            // one, may drop its key (a lost write loses time, never a
            // count).
            let stored =
                u64::from(read(&shard, &mut view, 3, 2)) + u64::from(read(&shard, &mut view, 2, 2));
            assert!(stored >= 1);
            shard.settle(&mut view);
            settled(&shard, &budget);
        });
    }
}
