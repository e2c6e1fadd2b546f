//! Algorithms X and C's matrix kept as bitsets and counts: the second
//! representation behind the [`Driver`](crate::machine::driver::Driver), walking
//! exactly the tree of [`Exact`](crate::machine::exact::Exact) with dead ends found at
//! the commit — the same items chosen, the same options in the same order,
//! the same nodes, guesses and solutions — at another cost per step.
//!
//! Nothing is linked. Each item's list of options (in the links' column
//! order) and each option's list of items are fixed; what changes is a bit
//! per entry of every item's list — set while the option is active — and a
//! count of active options per primary item. Removing an option clears its
//! bit in each of its items' words and decrements its primary items' counts:
//! a few read-modify-writes in two arrays small enough to stay in the
//! first-level cache (pentominoes 5×12: 72 counts and 216 words), where the
//! links write into the neighbours of every node, all over the node array,
//! and write them again on the way back. The way back here is a copy: a
//! level that branches copies the counts and the words before its first
//! option and copies them back before each next one; a forced move copies
//! nothing, its parent's copy serving. Covering an item removes the options
//! whose bits are set in its words (taken a word at a time, lowest bit
//! first: column order); purifying a secondary item, those that give it
//! another color. A removal found in an item's list touches only the
//! option's *other* items — each entry of each list keeps them, in a copy
//! of its own (`others`, `Σ len(option)²` slots) — so the list being read
//! is never written, and the count and words of the item being covered are
//! not decremented and cleared once per option, one after another.
//!
//! ```text
//! item lists    a: [o0 o2 o4]   b: [o1 o2]   c: [o3 o4]
//! words         a: 0b111        b: 0b11      c: 0b11     (bit k: k-th option)
//! counts        a: 3            b: 2         c: 2
//! option lists  o2: [a bit 1, b bit 1]   o4: [a bit 2, c bit 1]   …
//! remove o2     a: 0b101   b: 0b01   counts a: 2, b: 1
//! ```
//!
//! An item covered or chosen (and a secondary item covered or purified)
//! carries the [`INACTIVE`] bit in its count, which no choice picks and no
//! decrement clears; committing an option marks all its primary items so
//! first, so that a count reaching 0 is an item outside the option left
//! with no option: a dead end, found in the middle of the commit, with
//! nothing to undo but the copy. The count and words of an inactive item
//! are stale (restored with the copy); the item a level chose keeps its own
//! bits (its cover leaves them): they are the options the level tries, and
//! no later removal reaches them, since every option that contains the item
//! is gone from every other list.
//!
//! The copies cost `4 × items + 8 × words` bytes per level that branches
//! (about `entries / 64 + items` words), and the lists of other items 8
//! bytes a slot; with them this representation is limited to problems of
//! modest size and short options: see
//! [`Representation`](crate::Representation).

use crate::machine::driver::{Choice, Matrix, Work};
use crate::machine::links::Links;

/// The bit of a count that marks the item inactive: covered, chosen, in the
/// option being committed, or (for a secondary item, whose count is nothing
/// else) covered or purified. An inactive count is never the smallest.
const INACTIVE: u32 = 1 << 31;

/// No copy of the counts and words: a level with one option.
const NO_COPY: u32 = u32::MAX;

/// What a level (a selection, or a level of the search) needs to undo and
/// to move on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Level {
    /// The item chosen, and its options then.
    item: u32,
    len: u32,
    /// Copies in use before the level: a base level's first copy, taken
    /// before it chose, is this one.
    mark: u32,
    /// The copy taken after the choice, put back before each next option
    /// ([`NO_COPY`] for a single option).
    after: u32,
    /// The place in the item's list of the option being tried.
    at: u32,
}

/// One item of an option: the item, and its option's bit in the item's
/// words (`word << 6 | bit`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    item: u32,
    bit: u32,
}

/// The bits and counts of one problem: see the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Bitsets {
    /// Per item (index 0 unused): where its list begins in `column`, and the
    /// end of the last at `items + 1`.
    start: Vec<u32>,
    /// The item lists: options, in the links' column order.
    column: Vec<u32>,
    /// Beside `column`, the color each option gives the item (0 for none,
    /// `c + 1`), or empty when no option has a color.
    column_color: Vec<i32>,
    /// Per item: where its words begin in `bits` (bit `k` of an item's
    /// words stands for the `k`-th option of its list), and the end of the
    /// last at `items + 1`.
    word_start: Vec<u32>,
    /// Per option: where its items begin in `slots` and `entry_color`, with
    /// the end at `options`.
    slot_start: Vec<u32>,
    /// The option lists: every item of every option, in order.
    slots: Vec<Slot>,
    entry_color: Vec<i32>,
    /// Per entry of `column` (and the end of the last): where the entry's
    /// option's *other* items begin in `others`.
    others_start: Vec<u32>,
    /// For every entry of every item's list, its option's other items,
    /// cyclically from the one after the item: what a removal found in that
    /// list touches (never the list it was found in).
    others: Vec<Slot>,
    /// Each option's first node in the links, for the level stack.
    option_node: Vec<u32>,
    primary: u32,
    /// Active options per primary item; [`INACTIVE`] on inactive items
    /// (alone on a secondary item, covered or purified).
    count: Vec<u32>,
    /// The active options of every item, a bit each.
    bits: Vec<u64>,
    /// Copies of `count` and `bits`, one after another; `copies` of them in
    /// use.
    saved_count: Vec<u32>,
    saved_bits: Vec<u64>,
    copies: u32,
    levels: Vec<Level>,
    /// Bits cleared (this representation's "updates").
    pub(crate) updates: u64,
}

impl Bitsets {
    /// The bits and counts of `links` as they stand (built, or shuffled,
    /// with nothing covered), for a search `depth` levels deep at most.
    pub(crate) fn new(links: &Links, depth: usize) -> Bitsets {
        let items = links.item_count as usize;
        let colored = links.is_colored();
        let color = |q: u32| if colored { links.colors[q as usize] } else { 0 };
        let (mut start, mut word_start) = (Vec::with_capacity(items + 2), Vec::new());
        let (mut column, mut column_color) = (Vec::new(), Vec::new());
        // The bit of each node of the links, for the option lists.
        let mut bit_of = vec![0u32; links.nodes.len()];
        start.push(0);
        word_start.push(0);
        let mut words = 0u32;
        for i in 1..=items as u32 {
            start.push(column.len() as u32);
            word_start.push(words);
            let mut p = links.nodes[i as usize].down;
            let mut k = 0u32;
            while p != i {
                bit_of[p as usize] = (words + k / 64) << 6 | (k % 64);
                column.push(links.option_of(p).0);
                if colored {
                    column_color.push(color(p));
                }
                k += 1;
                p = links.nodes[p as usize].down;
            }
            words += k.div_ceil(64);
        }
        start.push(column.len() as u32);
        word_start.push(words);
        let mut slot_start = Vec::with_capacity(links.option_start.len() + 1);
        let (mut slots, mut entry_color) = (Vec::new(), Vec::new());
        for &first in &links.option_start {
            slot_start.push(slots.len() as u32);
            let mut q = first;
            while links.top[q as usize] > 0 {
                slots.push(Slot {
                    item: links.top[q as usize] as u32,
                    bit: bit_of[q as usize],
                });
                if colored {
                    entry_color.push(color(q));
                }
                q += 1;
            }
        }
        slot_start.push(slots.len() as u32);
        let mut others_start = Vec::with_capacity(column.len() + 1);
        let mut others = Vec::with_capacity(Bitsets::others_len(links));
        for i in 1..=items as u32 {
            for &option in &column[start[i as usize] as usize..start[i as usize + 1] as usize] {
                others_start.push(others.len() as u32);
                let option = &slots[slot_start[option as usize] as usize
                    ..slot_start[option as usize + 1] as usize];
                let at = option.iter().position(|slot| slot.item == i).unwrap_or(0);
                others.extend(option[at + 1..].iter().chain(&option[..at]).copied());
            }
        }
        others_start.push(others.len() as u32);
        let count: Vec<u32> = (0..=items)
            .map(|i| {
                if i == 0 || i > links.primary as usize {
                    0
                } else {
                    start[i + 1] - start[i]
                }
            })
            .collect();
        let mut bits = vec![0u64; words as usize];
        for i in 1..=items {
            let len = start[i + 1] - start[i];
            for k in 0..len {
                bits[(word_start[i] + k / 64) as usize] |= 1 << (k % 64);
            }
        }
        Bitsets {
            start,
            column,
            column_color,
            word_start,
            slot_start,
            slots,
            entry_color,
            others_start,
            others,
            option_node: links.option_start.clone(),
            primary: links.primary,
            saved_count: vec![0; (depth + 1) * count.len()],
            saved_bits: vec![0; (depth + 1) * bits.len()],
            count,
            bits,
            copies: 0,
            levels: vec![Level::default(); depth],
            updates: 0,
        }
    }

    /// The words of every item's bits, and the `u64`s a copy of the
    /// counts and the words takes, for a problem with these links (as
    /// built: every column full).
    fn copy_words(links: &Links) -> usize {
        let items = links.item_count as usize;
        let words: usize = (1..=links.item_count)
            .map(|i| (links.len(i) as usize).div_ceil(64))
            .sum();
        words + (items + 1).div_ceil(2)
    }

    /// The memory the copies of the counts and bits take for a search
    /// `depth` levels deep on a problem with these links, in bytes, and
    /// that of the lists of other items (`Σ len(option)²` slots, a few
    /// times the links for short options, far more for long ones).
    pub(crate) fn copies_bytes(links: &Links, depth: usize) -> usize {
        (depth + 1)
            .saturating_mul(Bitsets::copy_words(links))
            .saturating_mul(8)
            .saturating_add(Bitsets::others_len(links).saturating_mul(size_of::<Slot>()))
    }

    /// The slots of `others`: `Σ len × (len − 1)` over the options.
    fn others_len(links: &Links) -> usize {
        links
            .option_start
            .iter()
            .map(|&first| {
                let len = (first..).take_while(|&q| links.top[q as usize] > 0).count();
                len.saturating_mul(len.saturating_sub(1))
            })
            .fold(0, usize::saturating_add)
    }

    /// Whether the bitsets should beat the links on a problem with these
    /// links: when committing an option clears more bits than a level that
    /// branches copies words. A commit removes, at most, the options of its
    /// items' lists, each clearing a bit per item: `Σ len(j) × entries /
    /// options` for an average option, `Σ_j len(j)² × entries / options²`
    /// over the options. Measured (`cargo bench --bench engine --
    /// representation`): the bitsets are ahead on queens, Langford pairs,
    /// pentominoes and MacMahon's squares, where the estimate is 1.5 to 30
    /// times the copy, about even on trominoes on 6×6 (about 2 times), and
    /// behind on domino tilings, where it is a few percent of it.
    pub(crate) fn pays(links: &Links) -> bool {
        let options = links.option_start.len() as f64;
        if options == 0.0 {
            return false;
        }
        let entries: f64 = (1..=links.item_count)
            .map(|i| f64::from(links.len(i)))
            .sum();
        let squares: f64 = (1..=links.item_count)
            .map(|i| f64::from(links.len(i)).powi(2))
            .sum();
        squares * entries / (options * options) >= Bitsets::copy_words(links) as f64
    }

    /// Copies the counts and bits on top of the others; returns the copy's
    /// number.
    fn save(&mut self) -> u32 {
        let (n, m) = (self.count.len(), self.bits.len());
        let (at, bt) = (self.copies as usize * n, self.copies as usize * m);
        self.saved_count[at..at + n].copy_from_slice(&self.count);
        self.saved_bits[bt..bt + m].copy_from_slice(&self.bits);
        self.copies += 1;
        self.copies - 1
    }

    /// Puts back the counts and bits of copy `copy`, dropping the copies
    /// above it.
    fn restore(&mut self, copy: u32) {
        let (n, m) = (self.count.len(), self.bits.len());
        let (at, bt) = (copy as usize * n, copy as usize * m);
        self.count.copy_from_slice(&self.saved_count[at..at + n]);
        self.bits.copy_from_slice(&self.saved_bits[bt..bt + m]);
        self.copies = copy + 1;
    }

    /// The primary item to branch on, and its options: the first (in item
    /// order) with at most one option, else the first with the fewest —
    /// [`Links::choose`]'s rule. `None` when no primary item is active.
    #[inline(always)]
    fn choose(&self) -> Option<(u32, u32)> {
        let counts = &self.count[1..=self.primary as usize];
        let (mut best, mut best_count) = (0, INACTIVE);
        for (k, &count) in counts.iter().enumerate() {
            if count < best_count {
                (best, best_count) = (k as u32 + 1, count);
                if count <= 1 {
                    break;
                }
            }
        }
        (best_count != INACTIVE).then_some((best, best_count))
    }

    /// The place in `item`'s list of its first active option from place
    /// `from` on.
    #[inline(always)]
    fn next_option(&self, item: u32, from: u32) -> Option<u32> {
        let first = self.word_start[item as usize];
        let end = self.word_start[item as usize + 1];
        let mut word = first + from / 64;
        if word >= end {
            return None;
        }
        let mut bits = self.bits[word as usize] & (u64::MAX << (from % 64));
        loop {
            if bits != 0 {
                return Some((word - first) * 64 + bits.trailing_zeros());
            }
            word += 1;
            if word >= end {
                return None;
            }
            bits = self.bits[word as usize];
        }
    }

    /// The option at place `k` of `item`'s list.
    #[inline(always)]
    fn option_at(&self, item: u32, k: u32) -> u32 {
        self.column[(self.start[item as usize] + k) as usize]
    }

    /// Makes primary `item` inactive and removes the active options of its
    /// list from every other item (no check: an option chosen next contains
    /// any item this empties, since the item had the fewest options). The
    /// item's own bits stay, as a removal never touches the list it was
    /// found in: they are the options its level tries.
    #[inline(always)]
    fn cover(&mut self, item: u32) {
        self.count[item as usize] |= INACTIVE;
        let mut lists = self.lists::<false>();
        let (_, removed) = lists.remove_all::<false, false>(item, 0);
        self.updates += removed;
    }

    /// Commits `option` (whose `chosen` item is covered already); with
    /// `CHECK`, `false` at the first dead end.
    #[inline(always)]
    fn commit<const COLORED: bool, const CHECK: bool>(&mut self, option: u32, chosen: u32) -> bool {
        let mut lists = self.lists::<COLORED>();
        let (committed, removed) = lists.commit::<COLORED, CHECK>(option, chosen);
        self.updates += removed;
        committed
    }

    /// The arrays of the hot loops (colors only when `COLORED`).
    #[inline(always)]
    fn lists<const COLORED: bool>(&mut self) -> Lists<'_> {
        let (column_color, entry_color): (&[i32], &[i32]) = if COLORED {
            (&self.column_color, &self.entry_color)
        } else {
            (&[], &[])
        };
        Lists {
            start: &self.start,
            column_color,
            word_start: &self.word_start,
            slot_start: &self.slot_start,
            slots: &self.slots,
            entry_color,
            others_start: &self.others_start,
            others: &self.others,
            primary: self.primary,
            count: &mut self.count,
            bits: &mut self.bits,
        }
    }

    /// Puts `option` into every solution, as level `level` below the
    /// search: covers `item` (its first primary item), then commits it.
    pub(crate) fn select<const COLORED: bool>(&mut self, level: usize, option: u32, item: u32) {
        let mark = self.save();
        self.levels[level] = Level {
            mark,
            ..Level::default()
        };
        self.cover(item);
        self.commit::<COLORED, false>(option, item);
    }

    /// Undoes the [`select`](Self::select) at `level`.
    pub(crate) fn unselect(&mut self, level: usize) {
        let mark = self.levels[level].mark;
        self.restore(mark);
        self.copies = mark;
    }

    /// The counts and bits, to compare before and after a search.
    #[cfg(test)]
    pub(crate) fn state(&self) -> (Vec<u32>, Vec<u64>) {
        (self.count.clone(), self.bits.clone())
    }
}

/// The lists, counts and bits, borrowed apart for the hot loops.
struct Lists<'a> {
    start: &'a [u32],
    column_color: &'a [i32],
    word_start: &'a [u32],
    slot_start: &'a [u32],
    slots: &'a [Slot],
    entry_color: &'a [i32],
    others_start: &'a [u32],
    others: &'a [Slot],
    primary: u32,
    count: &'a mut [u32],
    bits: &'a mut [u64],
}

impl Lists<'_> {
    /// Removes the option of entry `at` of an item's list from every other
    /// item: clears its bits and decrements its primary items' counts (the
    /// bits cleared added to `removed`). With `CHECK`, `false` as soon as a
    /// count reaches 0. The list of entry `at` is left alone: its item is
    /// being covered, and its words were read.
    #[inline(always)]
    fn remove<const CHECK: bool>(&mut self, at: usize, removed: &mut u64) -> bool {
        let (from, to) = (
            self.others_start[at] as usize,
            self.others_start[at + 1] as usize,
        );
        *removed += (to - from) as u64;
        for &Slot { item, bit } in &self.others[from..to] {
            self.bits[(bit >> 6) as usize] &= !(1 << (bit & 63));
            if item <= self.primary {
                let count = &mut self.count[item as usize];
                *count -= 1;
                if CHECK && *count == 0 {
                    return false;
                }
            }
        }
        true
    }

    /// Removes the active options of `item`'s list from the other items —
    /// with `COLORED` and a `color`, only those that give the item another
    /// color. With `CHECK`, `false` at the first count that reaches 0. The
    /// item's own bits are left as they were. Also returns the bits
    /// cleared.
    #[inline(always)]
    fn remove_all<const COLORED: bool, const CHECK: bool>(
        &mut self,
        item: u32,
        color: i32,
    ) -> (bool, u64) {
        let mut removed = 0;
        let first = self.word_start[item as usize];
        let end = self.word_start[item as usize + 1];
        let start = self.start[item as usize];
        for word in first..end {
            let mut bits = self.bits[word as usize];
            while bits != 0 {
                let k = (word - first) * 64 + bits.trailing_zeros();
                bits &= bits - 1;
                let at = (start + k) as usize;
                if COLORED && color != 0 && self.column_color[at] == color {
                    continue;
                }
                if !self.remove::<CHECK>(at, &mut removed) {
                    return (false, removed);
                }
            }
        }
        (true, removed)
    }

    /// Commits `option`, whose `chosen` item is covered already: marks its
    /// primary items inactive, then covers each other item — or purifies a
    /// secondary item the option gives a color — left to right, skipping
    /// secondary items covered or purified before. With `CHECK`, `false` at
    /// the first dead end. Also returns the bits cleared.
    #[inline(always)]
    fn commit<const COLORED: bool, const CHECK: bool>(
        &mut self,
        option: u32,
        chosen: u32,
    ) -> (bool, u64) {
        let (from, to) = (
            self.slot_start[option as usize] as usize,
            self.slot_start[option as usize + 1] as usize,
        );
        for &Slot { item, .. } in &self.slots[from..to] {
            if item <= self.primary {
                self.count[item as usize] |= INACTIVE;
            }
        }
        let mut removed = 0;
        for k in from..to {
            let item = self.slots[k].item;
            if item == chosen {
                continue;
            }
            let color = if COLORED { self.entry_color[k] } else { 0 };
            if item > self.primary {
                if self.count[item as usize] & INACTIVE != 0 {
                    continue;
                }
                self.count[item as usize] |= INACTIVE;
            }
            let (kept, cleared) = self.remove_all::<COLORED, CHECK>(item, color);
            removed += cleared;
            if !kept {
                return (false, removed);
            }
        }
        (true, removed)
    }
}

/// The bitsets and the level stack, seen as Algorithm X's (or C's) matrix
/// with dead ends found at the commit.
pub(crate) struct Bitwise<'a, const COLORED: bool> {
    bitsets: &'a mut Bitsets,
    /// The node of the option tried at each level, as for the links.
    stack: &'a mut [u32],
    /// The driver's base: its level copies the counts before choosing, to
    /// leave them as it found them.
    base: usize,
    /// Set by a `try_option` whose commit met a dead end: as in
    /// [`Exact`](crate::machine::exact::Exact), never set between walks.
    dead: bool,
}

impl<'a, const COLORED: bool> Bitwise<'a, COLORED> {
    pub(crate) fn new(bitsets: &'a mut Bitsets, stack: &'a mut [u32], base: usize) -> Self {
        Bitwise {
            bitsets,
            stack,
            base,
            dead: false,
        }
    }
}

impl<const COLORED: bool> Matrix for Bitwise<'_, COLORED> {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.dead {
            return Choice::DeadEnd;
        }
        let sets = &mut *self.bitsets;
        let (item, len) = match sets.choose() {
            None => return Choice::Solved,
            Some((_, 0)) => return Choice::DeadEnd,
            Some(best) => best,
        };
        let mark = sets.copies;
        if level == self.base {
            sets.save();
        }
        sets.cover(item);
        let after = if len > 1 { sets.save() } else { NO_COPY };
        // The item has an active option, since `len > 0`.
        let at = sets.next_option(item, 0).unwrap_or_default();
        sets.levels[level] = Level {
            item,
            len,
            mark,
            after,
            at,
        };
        self.stack[level] = sets.option_node[sets.option_at(item, at) as usize];
        Choice::Item
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let sets = &mut *self.bitsets;
        let Level { item, len, at, .. } = sets.levels[level];
        let option = sets.option_at(item, at);
        self.dead = !sets.commit::<COLORED, true>(option, item);
        Work {
            nodes: 1,
            guesses: u64::from(len > 1),
        }
    }

    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        self.dead = false;
        let sets = &mut *self.bitsets;
        let Level {
            item, after, at, ..
        } = sets.levels[level];
        // The item's bits have not changed since it was chosen.
        if let Some(next) = sets.next_option(item, at + 1) {
            sets.restore(after);
            sets.levels[level].at = next;
            self.stack[level] = sets.option_node[sets.option_at(item, next) as usize];
            return true;
        }
        self.unchoose(level);
        false
    }

    fn unchoose(&mut self, level: usize) {
        let mark = self.bitsets.levels[level].mark;
        if level == self.base {
            self.bitsets.restore(mark);
        }
        self.bitsets.copies = mark;
    }
}
