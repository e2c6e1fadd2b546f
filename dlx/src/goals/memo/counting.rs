//! The memo's mode of the search driver: [`Counting`], Algorithm X's (or
//! C's) matrix that looks every new level's state up, sums the counts of
//! its subtrees and stores them — and the [`Key`] of the state it keeps up
//! to date as it goes.
//!
//! The driver calls it as it calls any matrix; the counts travel beside the
//! walk, in `pending`:
//!
//! | driver's call | what the matrix does besides Algorithm X's step |
//! |---|---|
//! | `choose(l)` | a solution: `pending = 1`, [`Choice::Known`]; a stored count: `pending` = it, `Known`; a dead end: `pending = 0`; else a new level, its sum 0 |
//! | `try_option(l)` | the key follows the option's items (closed, or painted) |
//! | `retract(l)` | adds `pending` (the count of the subtree just left) to level `l`'s sum; the key follows; when the level is finished, stores its sum and hands it down in `pending` |
//! | `unchoose(l)` | (abandoning) hands the level's sum so far down in `pending` |
//!
//! So when the driver reports the tree exhausted, `pending` holds the count
//! of the whole problem; when a count is abandoned half-way (the driver
//! [unwound](crate::machine::driver::Driver::unwind)), it holds the sum of the
//! subtrees finished by then — a lower bound — and nothing partial was
//! stored.

use super::MemoStats;
use super::table::Table;
use crate::contract::count::ExactCount;
use crate::machine::driver::{Choice, Matrix, Work};
use crate::machine::exact::Exact;
use crate::machine::links::Links;
use crate::machine::multiplicity::{Bounded, Multiplicities};
use crate::solver::Solver;

/// The fewest search nodes below a state for its count to be stored: a
/// cheaper count is found again faster than it is stored and looked up.
const MIN_WORK: u64 = 4;

/// Lookups at a level are counted in rounds of [`ROUND`]. A round whose
/// hits saved fewer search nodes than [`LOOKUP_COST`] per lookup (the nodes
/// below each stored state that was found) pauses the level — no lookups,
/// no stores — for [`PAUSE`] search nodes, and then it is tried again.
/// Where subproblems never repeat (n queens) or repeat only a few nodes from
/// the bottom of the tree, the levels pause and the search runs at nearly
/// the plain search's speed; where they repeat (tilings), the levels stay
/// active. Only speed depends on this, never the count.
const ROUND: u32 = 1 << 12;
/// What a lookup and a store cost, in search nodes; see [`ROUND`].
const LOOKUP_COST: u64 = 2;
/// See [`ROUND`].
const PAUSE: u64 = 1 << 18;

/// Where counts are stored: a memo's own table, or one that several
/// threads share.
pub(crate) trait Store {
    /// The count stored for `key` (whose hash is `hash`) and the search
    /// nodes it took to find.
    fn get(&mut self, hash: u64, key: &[u64]) -> Option<(ExactCount, u64)>;

    /// Stores `count` for `key`, which took `work` search nodes to find
    /// (or drops it, when there is no room worth taking).
    fn insert(&mut self, hash: u64, key: &[u64], count: &ExactCount, work: u64);

    /// The entries, evictions and bytes of the store (the rest zero).
    fn stats(&self) -> MemoStats;
}

impl Store for &mut Table {
    #[inline]
    fn get(&mut self, hash: u64, key: &[u64]) -> Option<(ExactCount, u64)> {
        Table::get(self, hash, key)
    }

    #[inline]
    fn insert(&mut self, hash: u64, key: &[u64], count: &ExactCount, work: u64) {
        Table::insert(self, hash, key, count, work);
    }

    fn stats(&self) -> MemoStats {
        Table::stats(self)
    }
}

/// The key of a state of the links: one bit per item (internal order,
/// primary then secondary) set while the item is open, then one `u32` per
/// secondary item holding its color (`0`, not purified; `c + 1`, color
/// `c`), packed in `u64` words. For Algorithm M ([`Key::bounded`]) one
/// word per primary item follows (its bound and tweak frontier, see
/// [`Key::set_bounds`]), and the primary items' bits stay 0.
#[derive(Clone, Debug)]
pub(crate) struct Key {
    pub(crate) words: Vec<u64>,
    primary: u32,
    /// Words holding the items' bits; the colors follow.
    item_words: usize,
    /// Where the primary items' bound words begin, for Algorithm M.
    bounds_at: Option<usize>,
}

impl Key {
    /// An empty key for `links`' items (and colors).
    pub(crate) fn new(links: &Links) -> Key {
        let items = links.item_count as usize;
        let item_words = items.div_ceil(64);
        let color_words = if links.is_colored() {
            (items - links.primary as usize).div_ceil(2)
        } else {
            0
        };
        Key {
            words: vec![0; (item_words + color_words).max(1)],
            primary: links.primary,
            item_words,
            bounds_at: None,
        }
    }

    /// An empty key for `links` searched by Algorithm M: [`new`](Self::new)'s
    /// words, then one per primary item.
    pub(crate) fn bounded(links: &Links) -> Key {
        let mut key = Key::new(links);
        let at = key.words.len();
        key.words.resize(at + links.primary as usize, 0);
        key.bounds_at = Some(at);
        key
    }

    /// For Algorithm M, brings the primary items' part of the key up to
    /// the state of `links` and `m`: their bits cleared (a bound, not a
    /// bit, says whether an item is done), and each one's bound word (see
    /// [`Multiplicities::write_key`]). The secondary items' bits and colors
    /// follow the options as for Algorithm C.
    #[inline]
    pub(crate) fn set_bounds(&mut self, links: &Links, m: &Multiplicities) {
        let Some(at) = self.bounds_at else {
            return;
        };
        let primary = self.primary as usize;
        let full = primary / 64;
        self.words[..full].fill(0);
        if !primary.is_multiple_of(64) {
            self.words[full] &= !((1u64 << (primary % 64)) - 1);
        }
        m.write_key(links, &mut self.words[at..]);
    }

    /// Sets the key to the state of `solver`'s links: the items in the
    /// active lists, and the colors the selected options gave.
    pub(crate) fn start(&mut self, solver: &Solver) {
        let links = &solver.links;
        self.words.fill(0);
        for root in [0, links.item_count + 1] {
            let mut i = links.items[root as usize].right;
            while i != root {
                self.open(i);
                i = links.items[i as usize].right;
            }
        }
        if links.is_colored() {
            // The first selected option to color an item keeps its color in
            // its node; later ones that agree read -1.
            for option in solver.selected() {
                let mut q = links.option_start[option.index()];
                while links.top[q as usize] > 0 {
                    let color = links.colors[q as usize];
                    if color > 0 {
                        self.paint(links.top[q as usize] as u32, color as u32);
                    }
                    q += 1;
                }
            }
        }
    }

    /// Marks item `i` open.
    #[inline]
    pub(crate) fn open(&mut self, i: u32) {
        let bit = i as usize - 1;
        self.words[bit / 64] |= 1 << (bit % 64);
    }

    /// Marks item `i` covered.
    #[inline]
    pub(crate) fn close(&mut self, i: u32) {
        let bit = i as usize - 1;
        self.words[bit / 64] &= !(1 << (bit % 64));
    }

    /// Records the color secondary item `i` is purified to (0: none).
    #[inline]
    fn paint(&mut self, i: u32, color: u32) {
        debug_assert!(i > self.primary, "only secondary items have colors");
        let slot = (i - self.primary - 1) as usize;
        let word = self.item_words + slot / 2;
        let shift = (slot % 2) * 32;
        self.words[word] = self.words[word] & !(0xFFFF_FFFF << shift) | u64::from(color) << shift;
    }

    /// Brings the key up to date after the option of node `p` (but `p`'s
    /// own item, which its level covers) was committed (`closing`) or
    /// uncommitted.
    #[inline]
    pub(crate) fn follow<const COLORED: bool>(&mut self, links: &Links, p: u32, closing: bool) {
        for (q, item) in links.others(p) {
            let color = if COLORED { links.colors[q as usize] } else { 0 };
            match (color, closing) {
                (0, true) => self.close(item),
                (0, false) => self.open(item),
                // Agreeing with a color set above: nothing changes.
                (..0, _) => {}
                (color, true) => self.paint(item, color as u32),
                (_, false) => self.paint(item, 0),
            }
        }
    }
}

/// The lookups of one level of the search in the current round, and the
/// nodes their hits saved (see [`ROUND`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Level {
    lookups: u32,
    saved: u64,
    /// The level is paused until the search has tried this many nodes.
    paused_until: u64,
}

impl Level {
    #[inline]
    fn is_active(&self, nodes: u64) -> bool {
        nodes >= self.paused_until
    }

    /// Counts a lookup that saved `saved` nodes (0 for a miss); at the end
    /// of a round, pauses the level if the round saved too little.
    #[inline]
    fn record(&mut self, saved: u64, nodes: u64) {
        self.lookups += 1;
        self.saved += saved;
        if self.lookups == ROUND {
            if self.saved < u64::from(ROUND) * LOOKUP_COST {
                self.paused_until = nodes + PAUSE;
            }
            self.lookups = 0;
            self.saved = 0;
        }
    }
}

/// A level being counted: the nodes tried before it began, and the sum of
/// its finished subtrees.
#[derive(Clone, Debug, Default)]
pub(crate) struct Frame {
    nodes_before: u64,
    sum: ExactCount,
}

/// The memo's matrix: see the [module docs](self).
pub(crate) struct Counting<'a, S, const COLORED: bool, const UP: bool> {
    pub(crate) links: &'a mut Links,
    pub(crate) stack: &'a mut [u32],
    pub(crate) key: &'a mut Key,
    pub(crate) levels: &'a mut [Level],
    pub(crate) frames: &'a mut [Frame],
    pub(crate) store: S,
    /// Search nodes so far, over every count of the memo (the clock of the
    /// levels' pauses).
    pub(crate) nodes: u64,
    pub(crate) hits: u64,
    pub(crate) misses: u64,
    /// The count of the subtree the walk just left.
    pub(crate) pending: ExactCount,
    /// Set while the driver unwinds an abandoned count: sums are partial,
    /// and nothing is stored.
    pub(crate) abandoning: bool,
}

impl<S: Store, const COLORED: bool, const UP: bool> Counting<'_, S, COLORED, UP> {
    /// Algorithm X's matrix on the links, dead ends found at the choice
    /// ([`DeadEnds::AtChoice`](crate::DeadEnds::AtChoice)): the key follows
    /// every option's items whole, so no commit may stop half-way. The memo
    /// keeps the links whatever the [`Representation`](crate::Representation):
    /// its key is the state of the links' items.
    #[inline(always)]
    fn exact(&mut self) -> Exact<'_, COLORED, false, UP> {
        Exact::new(self.links, self.stack)
    }
}

impl<S: Store, const COLORED: bool, const UP: bool> Matrix for Counting<'_, S, COLORED, UP> {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.links.items[0].right == 0 {
            self.pending = ExactCount::from(1u64);
            return Choice::Known;
        }
        let nodes = self.nodes;
        let active = self.levels[level].is_active(nodes);
        if active {
            let key = &self.key.words;
            match self.store.get(Table::hash(key), key) {
                Some((count, work)) => {
                    self.hits += 1;
                    self.levels[level].record(work, nodes);
                    self.pending = count;
                    return Choice::Known;
                }
                None => {
                    self.misses += 1;
                    self.levels[level].record(0, nodes);
                }
            }
        }
        match self.exact().choose(level) {
            Choice::Item => {
                let item = self.links.top[self.stack[level] as usize] as u32;
                self.key.close(item);
                let frame = &mut self.frames[level];
                frame.nodes_before = nodes;
                frame.sum = ExactCount::ZERO;
                Choice::Item
            }
            _ => {
                self.pending = ExactCount::ZERO;
                Choice::DeadEnd
            }
        }
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let work = self.exact().try_option(level);
        let p = self.stack[level];
        self.key.follow::<COLORED>(self.links, p, true);
        self.nodes += 1;
        work
    }

    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        let child = std::mem::take(&mut self.pending);
        self.frames[level].sum += &child;
        let p = self.stack[level];
        let more = self.exact().retract(level);
        self.key.follow::<COLORED>(self.links, p, false);
        if more {
            return true;
        }
        // The level is finished: its item is uncovered, and `stack[level]`
        // is its header.
        self.key.open(self.stack[level]);
        let frame = &mut self.frames[level];
        let work = self.nodes - frame.nodes_before;
        self.pending = std::mem::take(&mut frame.sum);
        if !self.abandoning && work >= MIN_WORK && self.levels[level].is_active(self.nodes) {
            let key = &self.key.words;
            self.store
                .insert(Table::hash(key), key, &self.pending, work);
        }
        false
    }

    fn unchoose(&mut self, level: usize) {
        let item = self.links.top[self.stack[level] as usize] as u32;
        self.exact().unchoose(level);
        self.key.open(item);
        self.pending = std::mem::take(&mut self.frames[level].sum);
    }
}

/// The memo's matrix for Algorithm M: [`Counting`]'s bookkeeping around
/// [`Bounded`] instead of Algorithm X's matrix. The key's primary part is
/// written afresh from the bounds and lists at every lookup and store (see
/// [`Key::set_bounds`]); the secondary items' bits and colors follow each
/// option tried, as in [`Counting`]. Options are tried top down always:
/// Algorithm M's tweaks take each level's options from the top.
pub(crate) struct BoundedCounting<'a, S, const COLORED: bool> {
    pub(crate) links: &'a mut Links,
    pub(crate) m: &'a mut Multiplicities,
    pub(crate) stack: &'a mut [u32],
    pub(crate) key: &'a mut Key,
    pub(crate) levels: &'a mut [Level],
    pub(crate) frames: &'a mut [Frame],
    pub(crate) store: S,
    /// As in [`Counting`].
    pub(crate) nodes: u64,
    pub(crate) hits: u64,
    pub(crate) misses: u64,
    /// The count of the subtree the walk just left.
    pub(crate) pending: ExactCount,
    /// Set while the driver unwinds an abandoned count.
    pub(crate) abandoning: bool,
}

/// What the memo's count reads of its matrix between two slices of the
/// driver's walk, whichever algorithm it walks ([`Counting`],
/// [`BoundedCounting`]).
pub(crate) trait MemoMatrix: Matrix {
    /// The work so far: nodes (over every count of the memo, the clock of
    /// the levels' pauses), lookups found and not found, and link updates
    /// of this count.
    fn work(&self) -> (u64, u64, u64, u64);

    /// The memo's own figures now (entries, evictions, bytes).
    fn memo(&self) -> MemoStats;

    /// Takes the count of the subtree the walk just left: the whole count
    /// once the tree is exhausted.
    fn take_pending(&mut self) -> ExactCount;

    /// Marks the count abandoned: sums are partial from now on, and nothing
    /// is stored while the driver unwinds.
    fn abandon(&mut self);
}

/// [`MemoMatrix`] for both matrices, whose fields it reads are the same.
macro_rules! memo_matrix {
    ([$($params:tt)*] $matrix:ty) => {
        impl<$($params)*> MemoMatrix for $matrix {
            fn work(&self) -> (u64, u64, u64, u64) {
                (self.nodes, self.hits, self.misses, self.links.updates)
            }

            fn memo(&self) -> MemoStats {
                self.store.stats()
            }

            fn take_pending(&mut self) -> ExactCount {
                std::mem::replace(&mut self.pending, ExactCount::ZERO)
            }

            fn abandon(&mut self) {
                self.abandoning = true;
            }
        }
    };
}

memo_matrix!([S: Store, const COLORED: bool, const UP: bool] Counting<'_, S, COLORED, UP>);
memo_matrix!([S: Store, const COLORED: bool] BoundedCounting<'_, S, COLORED>);

impl<S: Store, const COLORED: bool> BoundedCounting<'_, S, COLORED> {
    #[inline(always)]
    fn bounded(&mut self) -> Bounded<'_, COLORED> {
        Bounded::new(self.m, self.links, self.stack)
    }
}

impl<S: Store, const COLORED: bool> Matrix for BoundedCounting<'_, S, COLORED> {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        // No active primary item: a solution (Algorithm M's M2).
        if self.links.items[0].right == 0 {
            self.pending = ExactCount::from(1u64);
            return Choice::Known;
        }
        let nodes = self.nodes;
        if self.levels[level].is_active(nodes) {
            self.key.set_bounds(self.links, self.m);
            let key = &self.key.words;
            match self.store.get(Table::hash(key), key) {
                Some((count, work)) => {
                    self.hits += 1;
                    self.levels[level].record(work, nodes);
                    self.pending = count;
                    return Choice::Known;
                }
                None => {
                    self.misses += 1;
                    self.levels[level].record(0, nodes);
                }
            }
        }
        match self.bounded().choose(level) {
            Choice::Item => {
                let frame = &mut self.frames[level];
                frame.nodes_before = nodes;
                frame.sum = ExactCount::ZERO;
                Choice::Item
            }
            _ => {
                self.pending = ExactCount::ZERO;
                Choice::DeadEnd
            }
        }
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let work = self.bounded().try_option(level);
        let p = self.stack[level];
        if !self.links.is_header(p) {
            self.key.follow::<COLORED>(self.links, p, true);
        }
        self.nodes += 1;
        work
    }

    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        let child = std::mem::take(&mut self.pending);
        self.frames[level].sum += &child;
        let p = self.stack[level];
        let more = self.bounded().retract(level);
        if !self.links.is_header(p) {
            self.key.follow::<COLORED>(self.links, p, false);
        }
        if more {
            return true;
        }
        // The level is finished: the links and bounds are as they were
        // when it chose.
        let frame = &mut self.frames[level];
        let work = self.nodes - frame.nodes_before;
        self.pending = std::mem::take(&mut frame.sum);
        if !self.abandoning && work >= MIN_WORK && self.levels[level].is_active(self.nodes) {
            self.key.set_bounds(self.links, self.m);
            let key = &self.key.words;
            self.store
                .insert(Table::hash(key), key, &self.pending, work);
        }
        false
    }

    fn unchoose(&mut self, level: usize) {
        self.bounded().unchoose(level);
        self.pending = std::mem::take(&mut self.frames[level].sum);
    }
}
