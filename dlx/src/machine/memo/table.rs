//! The cache of the memo: subproblem key → exact count, an open-addressing
//! hash table in one flat vector of `u64`, never above a byte budget.
//!
//! A slot is `1 + key_words + 2` words:
//!
//! ```text
//! meta = tag << 32 | work      0 for an empty slot; tag = the hash's low 32 bits | 1
//! key  = key_words words       the subproblem's key (see the parent module)
//! lo, hi                       the count as a u128 below 2^127; otherwise hi has
//!                              its top bit set and lo indexes `bigs`
//! ```
//!
//! A key's home slot is the high half of `hash × capacity` (so any capacity
//! works, not only powers of two, and the table can grow to exactly its
//! budget); it lives in one of the [`PROBES`] slots from there on, wrapping
//! around. Inserting into a full window *evicts* the entry of the window that
//! cost the least search to find (`work`, the nodes below it), if it cost no
//! more than the new one — an entry is only ever the exact count of its key,
//! so losing one costs time, never exactness. A big count that the budget
//! has no room for evicts the window's cheapest big counts instead, whatever
//! they cost: recency wins there, since the search only comes back to states
//! near its frontier. The table doubles while it fits the budget (old and
//! new table both counted while it copies), and stays at its last size after.

use crate::contract::count::BigCount;
use crate::contract::stats::MemoStats;

/// Slots a key may live in, from its home slot on.
pub(crate) const PROBES: usize = 32;
/// Slots of a new table (fewer when the budget is smaller).
pub(crate) const INITIAL_CAPACITY: usize = 1 << 10;
/// The top bit of `hi`: the count is in `bigs`, at index `lo`.
pub(crate) const BIG: u64 = 1 << 63;

/// Where counts are stored: a memo's own table, or one that several
/// threads share.
pub(crate) trait Store {
    /// The count stored for `key` (whose hash is `hash`) and the search
    /// nodes it took to find.
    fn get(&mut self, hash: u64, key: &[u64]) -> Option<(BigCount, u64)>;

    /// Stores `count` for `key`, which took `work` search nodes to find
    /// (or drops it, when there is no room worth taking).
    fn insert(&mut self, hash: u64, key: &[u64], count: &BigCount, work: u64);

    /// The entries, evictions and bytes of the store (the rest zero).
    fn stats(&self) -> MemoStats;
}

impl Store for &mut Table {
    #[inline]
    fn get(&mut self, hash: u64, key: &[u64]) -> Option<(BigCount, u64)> {
        Table::get(self, hash, key)
    }

    #[inline]
    fn insert(&mut self, hash: u64, key: &[u64], count: &BigCount, work: u64) {
        Table::insert(self, hash, key, count, work);
    }

    fn stats(&self) -> MemoStats {
        Table::stats(self)
    }
}

/// Exact counts of subproblems, keyed by fixed-width keys of `u64` words.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    slots: Vec<u64>,
    key_words: usize,
    stride: usize,
    capacity: usize,
    len: usize,
    max_bytes: usize,
    /// Set once the table cannot grow within the budget.
    full: bool,
    /// Counts of `2^127` and more, which do not fit a slot.
    bigs: Vec<BigCount>,
    /// Indices of `bigs` freed by evictions, for reuse.
    free_bigs: Vec<u64>,
    big_bytes: usize,
    /// Entries overwritten to make room.
    pub(crate) evictions: u64,
}

impl Table {
    /// An empty table for keys of `key_words` words within `max_bytes`.
    pub(crate) fn new(key_words: usize, max_bytes: usize) -> Table {
        let stride = key_words + 3;
        // Half the budget at most, so that big counts have room from the
        // start.
        let capacity = INITIAL_CAPACITY.min(max_bytes / 2 / (stride * 8));
        Table {
            slots: vec![0; capacity * stride],
            key_words,
            stride,
            capacity,
            len: 0,
            max_bytes,
            full: false,
            bigs: Vec::new(),
            free_bigs: Vec::new(),
            big_bytes: 0,
            evictions: 0,
        }
    }

    /// Entries stored.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The entries, evictions and bytes of the table (the rest zero).
    pub(crate) fn stats(&self) -> MemoStats {
        MemoStats {
            entries: self.len() as u64,
            evictions: self.evictions,
            bytes: self.bytes() as u64,
            ..MemoStats::default()
        }
    }

    /// Bytes held: the slots and the big counts.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * 8
            + self.bigs.capacity() * size_of::<BigCount>()
            + self.free_bigs.capacity() * 8
            + self.big_bytes
    }

    /// The slots of `hash`'s window, in probing order.
    #[inline]
    fn window(&self, hash: u64) -> impl Iterator<Item = usize> + use<> {
        window(hash, self.capacity)
    }

    /// The count stored for `key`, whose hash is `hash`, and the search
    /// nodes it took to find.
    #[inline]
    pub(crate) fn get(&self, hash: u64, key: &[u64]) -> Option<(BigCount, u64)> {
        debug_assert_eq!(key.len(), self.key_words);
        let tag = tag(hash);
        for slot in self.window(hash) {
            let base = slot * self.stride;
            let meta = self.slots[base];
            if meta == 0 {
                return None;
            }
            if meta >> 32 == tag && self.slots[base + 1..base + 1 + self.key_words] == *key {
                return Some((self.value(base), meta & u64::from(u32::MAX)));
            }
        }
        None
    }

    fn value(&self, base: usize) -> BigCount {
        let lo = self.slots[base + 1 + self.key_words];
        let hi = self.slots[base + 2 + self.key_words];
        small_count(lo, hi).unwrap_or_else(|| self.bigs[lo as usize].clone())
    }

    /// Stores `count` for `key` (not stored yet), which took `work` search
    /// nodes to find: in an empty slot of its window, else over the window's
    /// cheapest entry if that cost no more — or not at all. A big count the
    /// budget has no room for evicts the window's cheapest big counts, at
    /// any cost, until it fits.
    pub(crate) fn insert(&mut self, hash: u64, key: &[u64], count: &BigCount, work: u64) {
        debug_assert_eq!(key.len(), self.key_words);
        if !self.full && (self.len + 1) * 4 > self.capacity * 3 {
            self.grow();
        }
        let work = work.min(u64::from(u32::MAX));
        let mut empty = None;
        let mut victim: Option<(usize, u64)> = None;
        for slot in self.window(hash) {
            let meta = self.slots[slot * self.stride];
            if meta == 0 {
                empty = Some(slot);
                break;
            }
            let cost = meta & u64::from(u32::MAX);
            if victim.is_none_or(|(_, least)| cost < least) {
                victim = Some((slot, cost));
            }
        }
        if empty.is_none() && !self.full && self.len * 2 > self.capacity {
            // A crowded window in a table half full that may still grow:
            // grow first.
            self.grow();
            if !self.full {
                return self.insert(hash, key, count, work);
            }
        }
        let slot = match (empty, victim) {
            (Some(slot), _) => slot,
            (None, Some((slot, cost))) if cost <= work => slot,
            _ => return,
        };
        if empty.is_none() {
            // Freed first, so that its room counts for a big count.
            self.remove(slot);
        }
        if small_words(count).is_none() {
            // No room for a big count: the window's cheapest big counts go,
            // whatever they cost, until it fits. Recency wins over cost
            // here: the search only comes back to states near its frontier,
            // and a budget full of costly old counts would otherwise refuse
            // every new one, whose states, recomputed cheaply, are then
            // never stored again (the time goes exponential).
            while !self.big_fits(count) {
                let Some(over) = self.cheapest_big(hash) else {
                    // Nothing left to free: the slot stays empty.
                    return;
                };
                self.remove(over);
            }
        }
        let Some((lo, hi)) = self.encode(count) else {
            return;
        };
        // Into the window's first empty slot, which lookups reach: one
        // freed above may come before `slot`.
        let slot = self
            .window(hash)
            .find(|&s| self.slots[s * self.stride] == 0)
            .unwrap_or(slot);
        self.len += 1;
        let base = slot * self.stride;
        self.slots[base] = tag(hash) << 32 | work;
        self.slots[base + 1..base + 1 + self.key_words].copy_from_slice(key);
        self.slots[base + 1 + self.key_words] = lo;
        self.slots[base + 2 + self.key_words] = hi;
    }

    /// The two value words of a count: the count itself below `2^127`, else
    /// the index of a big count kept aside — `None` when the budget has no
    /// room for it.
    fn encode(&mut self, count: &BigCount) -> Option<(u64, u64)> {
        small_words(count).or_else(|| self.store_big(count).map(|index| (index, BIG)))
    }

    /// How much the lists of big counts grow to take one more: a push into
    /// a full list doubles it (and the free list after it).
    fn big_growth(&self) -> usize {
        if self.free_bigs.is_empty() && self.bigs.len() == self.bigs.capacity() {
            self.bigs.capacity().max(4)
        } else {
            0
        }
    }

    /// Whether the budget has room for `count` kept aside.
    fn big_fits(&self, count: &BigCount) -> bool {
        let bytes = count.heap_bytes() + self.big_growth() * (size_of::<BigCount>() + 8);
        self.bytes() + bytes <= self.max_bytes
    }

    /// The slot of `hash`'s window holding the cheapest big count.
    fn cheapest_big(&self, hash: u64) -> Option<usize> {
        self.window(hash)
            .filter(|&slot| {
                let base = slot * self.stride;
                self.slots[base] != 0 && self.slots[base + 2 + self.key_words] & BIG != 0
            })
            .min_by_key(|&slot| self.slots[slot * self.stride] & u64::from(u32::MAX))
    }

    /// Evicts the entry in `slot`: its big count freed, the slot empty. A
    /// key stored further along a window through that slot is not found
    /// again (lookups stop at an empty slot): a cache loses time that way,
    /// never a count.
    fn remove(&mut self, slot: usize) {
        let base = slot * self.stride;
        self.release(base);
        self.slots[base] = 0;
        self.len -= 1;
        self.evictions += 1;
    }

    /// Keeps a big count, if the budget allows, and returns its index.
    fn store_big(&mut self, count: &BigCount) -> Option<u64> {
        if !self.big_fits(count) {
            return None;
        }
        let growth = self.big_growth();
        if growth > 0 {
            self.bigs.reserve_exact(growth);
            self.free_bigs
                .reserve_exact(self.bigs.capacity() - self.free_bigs.capacity());
        }
        self.big_bytes += count.heap_bytes();
        match self.free_bigs.pop() {
            Some(index) => {
                self.bigs[index as usize] = count.clone();
                Some(index)
            }
            None => {
                self.bigs.push(count.clone());
                Some(self.bigs.len() as u64 - 1)
            }
        }
    }

    /// Frees the big count of the entry at `base`, if it has one.
    fn release(&mut self, base: usize) {
        let lo = self.slots[base + 1 + self.key_words];
        let hi = self.slots[base + 2 + self.key_words];
        self.free_big(lo, hi);
    }

    /// Frees the big count that value words `lo, hi` point at, if any.
    fn free_big(&mut self, lo: u64, hi: u64) {
        if hi & BIG != 0 {
            let big = std::mem::take(&mut self.bigs[lo as usize]);
            self.big_bytes -= big.heap_bytes();
            self.free_bigs.push(lo);
        }
    }

    /// Doubles the table, or grows it to what the budget allows, or marks it
    /// full when that is not worth a copy.
    fn grow(&mut self) {
        let room = self.max_bytes.saturating_sub(self.bytes()) / (self.stride * 8);
        let Some(capacity) = grown_capacity(self.capacity, room) else {
            self.full = true;
            return;
        };
        let old = std::mem::replace(&mut self.slots, vec![0; capacity * self.stride]);
        let old_capacity = std::mem::replace(&mut self.capacity, capacity);
        self.len = 0;
        for slot in 0..old_capacity {
            let base = slot * self.stride;
            if old[base] == 0 {
                continue;
            }
            let key = &old[base + 1..base + 1 + self.key_words];
            let hash = crate::hash::hash_words(key);
            // A key whose new window is full is dropped: the table is only
            // a cache.
            if let Some(slot) = self
                .window(hash)
                .find(|&s| self.slots[s * self.stride] == 0)
            {
                let new = slot * self.stride;
                self.slots[new..new + self.stride].copy_from_slice(&old[base..base + self.stride]);
                self.len += 1;
            } else {
                let value = base + 1 + self.key_words;
                self.free_big(old[value], old[value + 1]);
            }
        }
    }
}

/// The capacity a table of `capacity` slots grows to when there is room
/// for `room` more slots: twice its size, or what the room allows — `None`
/// when that is not worth a copy.
pub(crate) fn grown_capacity(capacity: usize, room: usize) -> Option<usize> {
    let grown = room.min(2 * capacity.max(INITIAL_CAPACITY / 2));
    (grown > capacity + capacity / 4).then_some(grown)
}

/// The two value words of a count below `2^127` (`None` for a bigger one,
/// which is kept aside and whose slot holds its index and [`BIG`]).
#[inline]
pub(crate) fn small_words(count: &BigCount) -> Option<(u64, u64)> {
    let n = count.to_u128().filter(|n| n >> 127 == 0)?;
    Some((n as u64, (n >> 64) as u64))
}

/// The count that value words `lo, hi` hold — `None` when they point at a
/// big count kept aside.
#[inline]
pub(crate) fn small_count(lo: u64, hi: u64) -> Option<BigCount> {
    (hi & BIG == 0).then(|| BigCount::from(u128::from(hi) << 64 | u128::from(lo)))
}

/// The tag of `hash` in a slot's meta word: never 0, which marks an empty
/// slot.
#[inline]
pub(crate) fn tag(hash: u64) -> u64 {
    u64::from(hash as u32 | 1)
}

/// The slots of `hash`'s window in a table of `capacity` slots, in probing
/// order: from its home slot, the high half of `hash × capacity`, on.
#[inline]
pub(crate) fn window(hash: u64, capacity: usize) -> impl Iterator<Item = usize> {
    let home = ((u128::from(hash) * capacity as u128) >> 64) as usize;
    (0..PROBES.min(capacity)).map(move |k| {
        let slot = home + k;
        if slot >= capacity {
            slot - capacity
        } else {
            slot
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_counts_come_back_small_and_big() {
        let mut table = Table::new(2, 1 << 20);
        let big = {
            let mut n = BigCount::from(u128::MAX);
            n += &BigCount::from(u128::MAX);
            n
        };
        let values = [
            BigCount::from(0u64),
            BigCount::from(u128::MAX >> 1),
            BigCount::from(u128::MAX),
            big,
        ];
        for (k, value) in values.iter().enumerate() {
            let key = [k as u64 + 1, 7];
            table.insert(crate::hash::hash_words(&key), &key, value, 10);
        }
        for (k, value) in values.iter().enumerate() {
            let key = [k as u64 + 1, 7];
            assert_eq!(
                table.get(crate::hash::hash_words(&key), &key),
                Some((value.clone(), 10))
            );
        }
        assert_eq!(table.get(crate::hash::hash_words(&[9, 9]), &[9, 9]), None);
        assert_eq!(table.len(), 4);
    }

    #[test]
    fn the_table_grows_then_evicts_within_its_budget() {
        let budget = 64 * 1024;
        let mut table = Table::new(1, budget);
        for k in 1..=20_000u64 {
            table.insert(crate::hash::hash_words(&[k]), &[k], &BigCount::from(k), k);
            assert!(table.bytes() <= budget, "{} bytes", table.bytes());
        }
        assert!(table.evictions > 0);
        // What is stored is right, and the latest (costliest) entries stay.
        let mut found = 0;
        for k in 1..=20_000u64 {
            if let Some((count, _)) = table.get(crate::hash::hash_words(&[k]), &[k]) {
                assert_eq!(count, u128::from(k));
                found += 1;
            }
        }
        assert_eq!(found, table.len());
        assert!(
            table
                .get(crate::hash::hash_words(&[20_000]), &[20_000])
                .is_some()
        );
    }

    fn big(k: u64) -> BigCount {
        let mut n = BigCount::from(u128::MAX);
        n += &BigCount::from(u128::MAX);
        n += &BigCount::from(k);
        n
    }

    /// A budget full of big counts that cost more takes a new, bigger one:
    /// old big counts are freed to make room (it was dropped, and the old
    /// one with it).
    #[test]
    fn a_budget_full_of_big_counts_takes_a_bigger_new_one() {
        let budget = 16 * 1024;
        let mut table = Table::new(1, budget);
        // Costly big counts until the budget has no room for another.
        let mut k = 1;
        while table.big_fits(&big(k)) {
            table.insert(crate::hash::hash_words(&[k]), &[k], &big(k), 1_000_000);
            assert!(
                table.get(crate::hash::hash_words(&[k]), &[k]).is_some(),
                "count {k}"
            );
            k += 1;
            assert!(k < 10_000, "the budget never filled");
        }
        let before = table.len();
        assert!(before > 1);
        assert!(table.bytes() <= budget);
        // Far bigger than any of them, and cheap: it is stored.
        let bigger = BigCount::from(num_bigint::BigUint::from(1u8) << 4096u32);
        let key = [u64::MAX];
        table.insert(crate::hash::hash_words(&key), &key, &bigger, 4);
        assert_eq!(
            table.get(crate::hash::hash_words(&key), &key),
            Some((bigger, 4))
        );
        assert!(table.bytes() <= budget, "{} bytes", table.bytes());
        assert!(table.len() <= before, "old big counts were freed");
        // What stayed is right.
        for j in 1..k {
            if let Some((count, work)) = table.get(crate::hash::hash_words(&[j]), &[j]) {
                assert_eq!((count, work), (big(j), 1_000_000));
            }
        }
    }

    #[test]
    fn a_budget_below_one_slot_stores_nothing() {
        let mut table = Table::new(4, 16);
        table.insert(
            crate::hash::hash_words(&[1, 2, 3, 4]),
            &[1, 2, 3, 4],
            &BigCount::ZERO,
            1,
        );
        assert_eq!(
            table.get(crate::hash::hash_words(&[1, 2, 3, 4]), &[1, 2, 3, 4]),
            None
        );
        assert_eq!(table.len(), 0);
    }
}
