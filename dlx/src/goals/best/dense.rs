//! DLX5's search on bitsets: the options of a part numbered by net cost,
//! a bit each.
//!
//! DLX5 sorts every column by net cost so that a level meets its options
//! cheapest first and stops at the first it cannot afford. Numbering the
//! usable options once by net cost (ties in the order the links meet them)
//! sorts every column at once: a column is a bitset over those numbers
//! (its *mask*), the options still usable at a level are another (`alive`),
//! and a column's cheapest usable option is the lowest bit of the two
//! together. The options that cost the room left or more are the numbers
//! from a threshold up, found by a binary search of the sorted costs: a
//! level reads the words below it and no others.
//!
//! ```text
//! options by net cost   0:a b   1:c   2:a c   3:b   (net 0 0 3 5)
//! masks                 a: 0101  b: 1001  c: 0110       (bit k: option k)
//! alive at the root     1111
//! try option 0 (a b)    alive & !a & !b = 0010 → c's cheapest is option 1
//! ```
//!
//! Trying an option clears from a copy of `alive` the masks of its items
//! (a primary or uncolored secondary item's column; for a color given to a
//! secondary item, the options that give it another — DLX2's purify): a
//! few AND-NOTs per item, over the words below the threshold of the level
//! below, where the links unlink every node of every option removed and
//! link them back on the way back. The way back is nothing at all: each
//! level keeps its own `alive`, and the open items as a bitset beside it.
//! Words from the threshold up are left as they were — those options cost
//! too much for any level below, whose thresholds are lower (the cutoff
//! only falls and the spending only grows), so none reads them.
//!
//! The choice, the bound and the skipped options are those of the links'
//! search ([`Linked`](super::linked::Linked)): the open item whose usable
//! options are fewest (counted exactly), ties to the dearer cheapest option
//! and then to the first; the [`bound`](super::bound) of the cheapest
//! options of all open items, kept per level with each item's cheapest, so
//! that the options a level tries are priced against exactly the numbers
//! it chose with. The memory is a mask per item and per color given
//! (`options / 8` bytes each) and, per level, `alive`, the open items and
//! their cheapest: [`Dense::new`] declines problems where that exceeds
//! [`DENSE_BYTES`] or where the words a level reads outgrow what a node on
//! the links costs ([`DENSE_OPTIONS`]).

use std::collections::HashMap;

use crate::goals::best::Pricing;
use crate::goals::best::bound::{SHARES, Shares, Tally, reaches};
use crate::goals::best::taxes::Taxed;
use crate::machine::driver::{Choice, Matrix, Work};
use crate::model::ids::OptionId;

/// The most usable options a part may have for the bitsets: a choice
/// reads up to `options / 64` words per open item.
pub(super) const DENSE_OPTIONS: usize = 1 << 14;

/// The most memory the masks and the levels' copies may take.
pub(super) const DENSE_BYTES: usize = 16 << 20;

/// A part's usable options as bitsets: see the [module docs](self).
pub(super) struct Dense {
    /// Words per bitset.
    words: usize,
    /// Per number: the option's net cost (ascending) and the option.
    net: Vec<u64>,
    option: Vec<OptionId>,
    /// Every mask, `words` words each.
    masks: Vec<u64>,
    /// Per primary item: the mask of its column.
    column: Vec<u32>,
    /// Per number, from `kill_start`: the masks that trying it clears.
    kill_start: Vec<u32>,
    kills: Vec<u32>,
    /// Per number, from `item_start`: its primary items.
    item_start: Vec<u32>,
    items: Vec<u32>,
    /// The open primary items at the part's root, a bit each (bit `j`:
    /// item `j`), in `open_words` words; how many there are.
    open: Vec<u64>,
    open_words: usize,
    open_items: usize,
}

impl Dense {
    /// The bitsets of `taxed`'s usable options, or `None` when they would
    /// take more than [`DENSE_OPTIONS`] options or [`DENSE_BYTES`].
    pub(super) fn new(taxed: &Taxed) -> Option<Dense> {
        let links = &taxed.links;
        let usable = &taxed.usable;
        let n = usable.len();
        if n > DENSE_OPTIONS {
            return None;
        }
        let words = n.div_ceil(64).max(1);
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&at| taxed.net[usable.first[at] as usize]);
        let colored = links.is_colored();
        // The masks: each primary item's column first (the choice reads
        // them), then one per item and color that an option clears.
        let primary = links.primary as usize;
        let mut column = vec![u32::MAX; primary + 1];
        let mut keys: HashMap<(u32, i32), u32> = HashMap::new();
        let mut item = links.items[0].right;
        while item != 0 {
            column[item as usize] = keys.len() as u32;
            keys.insert((item, 0), keys.len() as u32);
            item = links.items[item as usize].right;
        }
        let open_words = (primary + 1).div_ceil(64);
        let mut open = vec![0u64; open_words];
        for (item, &mask) in column.iter().enumerate() {
            if mask != u32::MAX {
                open[item / 64] |= 1 << (item % 64);
            }
        }
        let open_items = keys.len();
        // Per item: the numbers of its options and the color each gives it.
        let mut entries: Vec<Vec<(u32, i32)>> = vec![Vec::new(); links.item_count as usize + 1];
        let mut dense = Dense {
            words,
            net: Vec::with_capacity(n),
            option: Vec::with_capacity(n),
            masks: Vec::new(),
            column,
            kill_start: vec![0],
            kills: Vec::new(),
            item_start: vec![0],
            items: Vec::new(),
            open,
            open_words,
            open_items,
        };
        for (number, &at) in order.iter().enumerate() {
            let first = usable.first[at];
            dense.net.push(taxed.net[first as usize]);
            dense.option.push(usable.option(links, at));
            let mut q = first as usize;
            while links.top[q] > 0 {
                let item = links.top[q] as u32;
                let color = if colored { links.colors[q] } else { 0 };
                entries[item as usize].push((number as u32, color));
                if item as usize <= primary {
                    dense.items.push(item);
                }
                // A color that agrees with one the selection gave (-1)
                // clears nothing: every usable option agrees.
                let key = if item as usize <= primary || color == 0 {
                    Some((item, 0))
                } else {
                    (color > 0).then_some((item, color))
                };
                if let Some(key) = key {
                    let fresh = keys.len() as u32;
                    dense.kills.push(*keys.entry(key).or_insert(fresh));
                }
                q += 1;
            }
            dense.kill_start.push(dense.kills.len() as u32);
            dense.item_start.push(dense.items.len() as u32);
        }
        let levels = open_items + 2;
        let bytes = 8 * words * (keys.len() + levels) + 8 * levels * (primary + 1);
        if bytes > DENSE_BYTES {
            return None;
        }
        dense.masks = vec![0; keys.len() * words];
        for (&(item, color), &mask) in &keys {
            let mask = &mut dense.masks[mask as usize * words..][..words];
            for &(number, given) in &entries[item as usize] {
                // A column (color 0) holds every option of the item; a
                // color's mask, the options that give the item another.
                if color == 0 || given != color {
                    mask[number as usize / 64] |= 1 << (number % 64);
                }
            }
        }
        Some(dense)
    }

    /// How many options cost less than `room`.
    #[inline]
    fn threshold(&self, room: u128) -> usize {
        self.net.partition_point(|&net| u128::from(net) < room)
    }

    /// The first `length` words of mask `mask`.
    #[inline]
    fn mask(&self, mask: u32, length: usize) -> &[u64] {
        &self.masks[mask as usize * self.words..][..length]
    }

    fn kills(&self, number: usize) -> &[u32] {
        &self.kills[self.kill_start[number] as usize..self.kill_start[number + 1] as usize]
    }

    fn items(&self, number: usize) -> &[u32] {
        &self.items[self.item_start[number] as usize..self.item_start[number + 1] as usize]
    }
}

/// The words below threshold `t`, and the mask of the last one's bits
/// below it.
#[inline]
fn span(t: usize) -> (usize, u64) {
    let last = if t.is_multiple_of(64) {
        !0
    } else {
        (1 << (t % 64)) - 1
    };
    (t.div_ceil(64), last)
}

/// The bits set in `words`, lowest first.
#[inline]
fn ones(words: &[u64]) -> impl Iterator<Item = u32> + '_ {
    words.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let bit = (w * 64) as u32 + bits.trailing_zeros();
                bits &= bits - 1;
                bit
            })
        })
    })
}

/// A walk of a part's [`Dense`] bitsets: what each level keeps.
pub(super) struct Bits<'a> {
    dense: &'a Dense,
    shares: &'a Shares,
    /// Per level: the usable options (`words` words) and the open items
    /// (`open_words`).
    alive: Vec<u64>,
    open: Vec<u64>,
    /// Per level: the cheapest net cost of every open item when it chose.
    cheapest: Vec<u64>,
    /// Per level: what the levels below spent; its item; the number of the
    /// option it tries; how many it could afford when it chose; its bound
    /// and the bound's basis.
    spent: Vec<u128>,
    chosen: Vec<u32>,
    at: Vec<usize>,
    fewest: Vec<u32>,
    bound: Vec<u128>,
    basis: Vec<u32>,
    /// Scratch: the classes' sums, and each open item's first word alive.
    sums: Vec<u64>,
    start: Vec<u32>,
    pub(super) cutoff: u128,
    pub(super) cut: u64,
    /// Words of masks cleared.
    pub(super) updates: u64,
}

impl<'a> Bits<'a> {
    /// A walk of `dense` from its root, below `cutoff`.
    pub(super) fn new(dense: &'a Dense, shares: &'a Shares, cutoff: u128) -> Bits<'a> {
        let levels = dense.open_items + 1;
        let mut alive = vec![0; (levels + 1) * dense.words];
        let n = dense.net.len();
        alive[..n / 64].fill(!0);
        if !n.is_multiple_of(64) {
            alive[n / 64] = (1 << (n % 64)) - 1;
        }
        let mut open = vec![0; (levels + 1) * dense.open_words];
        open[..dense.open_words].copy_from_slice(&dense.open);
        Bits {
            dense,
            shares,
            alive,
            open,
            cheapest: vec![0; levels * dense.column.len()],
            spent: vec![0; levels + 1],
            chosen: vec![0; levels],
            at: vec![0; levels],
            fewest: vec![0; levels],
            bound: vec![0; levels],
            basis: vec![SHARES; levels],
            sums: vec![0; shares.classes()],
            start: vec![0; dense.column.len()],
            cutoff,
            cut: 0,
            updates: 0,
        }
    }

    /// The usable options of `level`, its words below threshold `t`.
    #[inline]
    fn alive(&self, level: usize, t: usize) -> &[u64] {
        &self.alive[level * self.dense.words..][..t.div_ceil(64)]
    }

    /// Whether option `number`, which `level` may try, leaves the level
    /// below a bound that reaches its room: the level's bound less the
    /// shares of the option's items, priced as the level chose (see
    /// [`bound`](super::bound)).
    fn hopeless(&self, level: usize, number: usize) -> bool {
        let room = self.cutoff - self.spent[level] - u128::from(self.dense.net[number]);
        let bound = self.bound[level];
        if !reaches(bound, room) {
            return false;
        }
        let basis = self.basis[level];
        let cheapest = &self.cheapest[level * self.dense.column.len()..];
        let paid: u128 = (self.dense.items(number).iter())
            .map(|&item| self.shares.share(basis, item, cheapest[item as usize]))
            .sum();
        reaches(bound - paid, room)
    }

    /// The first option of `level`'s item numbered `from` or more that the
    /// level can afford and that is not [hopeless](Self::hopeless); counts
    /// the others as cut.
    fn next_from(&mut self, level: usize, from: usize) -> Option<usize> {
        let room = self.cutoff.saturating_sub(self.spent[level]);
        let t = self.dense.threshold(room);
        let (length, last) = span(t);
        let mask = self.dense.column[self.chosen[level] as usize];
        let mut w = from / 64;
        while w < length {
            let mut bits = self.alive(level, t)[w] & self.dense.mask(mask, length)[w];
            if w + 1 == length {
                bits &= last;
            }
            if w == from / 64 {
                bits &= !0u64 << (from % 64);
            }
            while bits != 0 {
                let number = w * 64 + bits.trailing_zeros() as usize;
                if !self.hopeless(level, number) {
                    return Some(number);
                }
                self.cut += 1;
                bits &= bits - 1;
            }
            w += 1;
        }
        None
    }
}

impl Matrix for Bits<'_> {
    fn choose(&mut self, level: usize) -> Choice {
        let dense = self.dense;
        let ow = dense.open_words;
        let open = &self.open[level * ow..][..ow];
        if open.iter().all(|&word| word == 0) {
            return Choice::Solved;
        }
        let room = self.cutoff.saturating_sub(self.spent[level]);
        let length = dense.threshold(room).div_ceil(64);
        let alive = &self.alive[level * dense.words..][..length];
        let cheapest = &mut self.cheapest[level * dense.column.len()..][..dense.column.len()];
        let start = &mut self.start;
        // Each open item's cheapest option, and the bound they make: a
        // level cut here has counted nothing.
        let mut tally = Tally::new(self.shares, &mut self.sums, room);
        for item in ones(open) {
            let column = dense.mask(dense.column[item as usize], length);
            let mut at = 0;
            while at < length && alive[at] & column[at] == 0 {
                at += 1;
            }
            if at == length {
                self.cut += 1;
                return Choice::DeadEnd;
            }
            let least = dense.net[at * 64 + (alive[at] & column[at]).trailing_zeros() as usize];
            cheapest[item as usize] = least;
            start[item as usize] = at as u32;
            if tally.add(item, least) {
                self.cut += 1;
                return Choice::DeadEnd;
            }
        }
        let (bound, basis) = tally.bound();
        if reaches(bound, room) {
            self.cut += 1;
            return Choice::DeadEnd;
        }
        // The item with the fewest options alive, counted up to one more
        // than the fewest so far (no better then).
        let (mut best, mut fewest, mut dearest) = (0, u32::MAX, 0);
        for item in ones(open) {
            let column = dense.mask(dense.column[item as usize], length);
            let mut at = start[item as usize] as usize;
            let mut count = 0;
            while at < length && count <= fewest {
                count += (alive[at] & column[at]).count_ones();
                at += 1;
            }
            let least = cheapest[item as usize];
            if count < fewest || (count == fewest && least > dearest) {
                (best, fewest, dearest) = (item, count, least);
            }
        }
        self.bound[level] = bound;
        self.basis[level] = basis;
        self.chosen[level] = best;
        self.fewest[level] = fewest;
        match self.next_from(level, 0) {
            Some(number) => {
                self.at[level] = number;
                Choice::Item
            }
            None => Choice::DeadEnd,
        }
    }

    fn try_option(&mut self, level: usize) -> Work {
        let dense = self.dense;
        let number = self.at[level];
        let spent = self.spent[level] + u128::from(dense.net[number]);
        self.spent[level + 1] = spent;
        // Saturating: a bound lowered by another thread may already be
        // below what this level spent, and then the level below is cut.
        let (length, last) = span(dense.threshold(self.cutoff.saturating_sub(spent)));
        let words = dense.words;
        let (parent, child) = self.alive.split_at_mut((level + 1) * words);
        let parent = &parent[level * words..][..length];
        let child = &mut child[..length];
        child.copy_from_slice(parent);
        for &mask in dense.kills(number) {
            for (word, &cleared) in child.iter_mut().zip(dense.mask(mask, length)) {
                *word &= !cleared;
            }
        }
        if let Some(word) = child.last_mut() {
            *word &= last;
        }
        self.updates += (length * dense.kills(number).len()) as u64;
        let ow = dense.open_words;
        let (parent, child) = self.open.split_at_mut((level + 1) * ow);
        let child = &mut child[..ow];
        child.copy_from_slice(&parent[level * ow..]);
        for &item in dense.items(number) {
            child[item as usize / 64] &= !(1 << (item % 64));
        }
        Work {
            nodes: 1,
            guesses: u64::from(self.fewest[level] > 1),
        }
    }

    fn retract(&mut self, level: usize) -> bool {
        match self.next_from(level, self.at[level] + 1) {
            Some(number) => {
                self.at[level] = number;
                true
            }
            None => false,
        }
    }

    fn unchoose(&mut self, _level: usize) {}
}

impl Pricing for Bits<'_> {
    fn spent(&self, level: usize) -> u128 {
        self.spent[level]
    }

    fn moves(&self, level: usize) -> impl Iterator<Item = OptionId> {
        self.at[..level]
            .iter()
            .map(|&number| self.dense.option[number])
    }

    fn set_cutoff(&mut self, cutoff: u128) {
        self.cutoff = cutoff;
    }
}
