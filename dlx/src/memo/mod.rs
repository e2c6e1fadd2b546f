//! Counting exact covers with a memo of subproblems: Algorithms X and C that
//! merge identical subproblems, after Nishino, Yasuda, Minato and Nagata,
//! *Dancing with Decision Diagrams: A Combined Approach to Exact Cover*
//! (AAAI 2017, "DXZ").
//!
//! Dancing Links meets the same subproblem again and again: in a domino
//! tiling, the cells left to cover after two different ways of tiling the
//! same corner are the same cells, and so are their tilings. Which options
//! are still available depends only on which items are still open, so the
//! *state* of the links is a function of
//!
//! * the set of open items, primary and secondary — covered items are out of
//!   the active lists, open ones in; and
//! * for a colored problem (Algorithm C), the color each secondary item has
//!   been *purified* to, if any: options that agree with it stay available,
//!   the others are hidden.
//!
//! That is the key: one bit per item (internal order, primary then
//! secondary), then one `u32` per secondary item holding its color (`0`, not
//! purified; `c + 1`, color `c`), packed in `u64` words. The key is kept up
//! to date as the search covers and uncovers, so reading it costs nothing;
//! [`Table::hash`] mixes its words when it is looked up. The number of
//! solutions below a state depends on nothing else, so it is computed once,
//! stored in the [`Table`], and every later visit adds the stored number
//! instead of searching again.
//!
//! The search is the same as [`Solver::count`]'s — the item with the fewest
//! options (ties to the first), its options in column order — but recursive
//! in what it returns: each level sums its children's counts (an
//! [`ExactCount`], a `u128` until it overflows) and stores the sum under the
//! key it entered with. It runs iteratively on a stack of frames, one per
//! level, so its depth is bounded by the number of primary items, not by the
//! thread's stack. It uses the links' own cover/uncover and commit operations
//! and leaves the links exactly as it found them.
//!
//! Memory is bounded: the table never holds more than the budget given to
//! [`MemoCounter::new`] (default [`DEFAULT_MEMORY_LIMIT`], 1 GiB). When it
//! is full, a new entry replaces the cheapest of its neighbours (fewest
//! search nodes below it) or is dropped — a stored count is always exact, so
//! a lost one costs time, never the count.
//!
//! Algorithm M (multiplicities) has a richer state — how often each item was
//! covered, and which options were tweaked away — and is refused with
//! [`MemoError::Multiplicities`].
//!
//! ```
//! use dance_dlx::{MemoCounter, Solver, problems::domino_tilings};
//!
//! let mut solver = Solver::new(&domino_tilings(8, 8));
//! let mut memo = MemoCounter::new(&solver, 64 << 20)?;
//! assert_eq!(memo.count(&mut solver)?, 12_988_816);
//! // The plain search tries millions of options; the memo, a few thousand.
//! assert!(memo.stats().nodes < 10_000);
//! # Ok::<(), dance_dlx::MemoError>(())
//! ```

mod count;
mod table;

use std::ops::ControlFlow;

pub use count::ExactCount;
use table::Table;

use crate::links::Links;
use crate::search::Solver;

/// The default memory budget of a [`MemoCounter`]: 1 GiB.
pub const DEFAULT_MEMORY_LIMIT: usize = 1 << 30;

/// The fewest search nodes below a state for its count to be stored: a
/// cheaper count is found again faster than it is stored and looked up.
const MIN_WORK: u64 = 4;

/// Search nodes between two calls of the observer of
/// [`MemoCounter::count_until`].
const OBSERVE_INTERVAL: u64 = 1 << 16;

/// Why a count with the memo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoError {
    /// The problem has multiplicities (Algorithm M), which the memo does not
    /// handle.
    #[error(
        "counting with a memo needs every primary item covered exactly once, \
         but this problem has multiplicities (Algorithm M)"
    )]
    Multiplicities,
    /// The solver's problem is not the one the memo was made for.
    #[error("the memo was made for another problem")]
    OtherProblem,
}

/// What a count with the memo found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemoCount {
    /// The number of solutions — a lower bound when the count was stopped.
    pub solutions: ExactCount,
    /// `true` when the whole problem was counted; `false` when the observer
    /// stopped it.
    pub complete: bool,
}

/// The work and the memory of a [`MemoCounter`], added up over its counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MemoStats {
    /// Search-tree nodes: options tried (as in [`Stats::nodes`](crate::Stats::nodes)).
    pub nodes: u64,
    /// Link updates: nodes removed from their columns.
    pub updates: u64,
    /// Subproblems whose count is stored now.
    pub entries: u64,
    /// Subproblems found in the memo: searches saved.
    pub hits: u64,
    /// Subproblems looked up and not found, and so searched.
    pub misses: u64,
    /// Stored counts replaced by newer ones when the memo was full.
    pub evictions: u64,
    /// Bytes the memo holds now.
    pub bytes: u64,
}

/// Counts the solutions of one problem with a memo of its subproblems,
/// within a memory budget: a state of the links met again adds its stored
/// count instead of being searched again (the key is the set of open items and,
/// with colors, the secondary items' colors; docs/design.md has the details).
///
/// The memo outlives a count: counting the same problem again, or with other
/// options [selected](Solver::select) (subproblems of a split search), uses
/// what earlier counts stored, since a stored count belongs to a state of the
/// links, whatever led there.
#[derive(Clone, Debug)]
pub struct MemoCounter {
    /// What the solver's links must look like (see [`fingerprint_of`]).
    fingerprint: u64,
    primary: u32,
    /// Words of the key holding the items' bits; the colors follow.
    item_words: usize,
    /// The key of the current state of the links.
    key: Vec<u64>,
    frames: Vec<Frame>,
    /// How the memo pays at each level of the search.
    levels: Vec<Level>,
    table: Table,
    stats: MemoStats,
}

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

/// The lookups of one level of the search in the current round, and the
/// nodes their hits saved.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
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

/// A level of the search: an item covered, the option being tried, and the
/// count of the options tried before it.
#[derive(Clone, Debug)]
struct Frame {
    item: u32,
    node: u32,
    nodes_before: u64,
    sum: ExactCount,
}

impl MemoCounter {
    /// A memo for `solver`'s problem, holding at most `max_bytes` bytes of
    /// stored counts (a budget too small for one entry stores nothing and
    /// counts like the plain search). Fails for a problem with
    /// multiplicities.
    pub fn new(solver: &Solver, max_bytes: usize) -> Result<MemoCounter, MemoError> {
        if solver.multiplicities.is_some() {
            return Err(MemoError::Multiplicities);
        }
        let links = &solver.links;
        let items = links.item_count as usize;
        let item_words = items.div_ceil(64);
        let color_words = if links.is_colored() {
            (items - links.primary as usize).div_ceil(2)
        } else {
            0
        };
        let key_words = (item_words + color_words).max(1);
        Ok(MemoCounter {
            fingerprint: fingerprint_of(solver),
            primary: links.primary,
            item_words,
            key: vec![0; key_words],
            frames: Vec::with_capacity(links.primary as usize + 1),
            levels: vec![Level::default(); links.primary as usize + 2],
            table: Table::new(key_words, max_bytes),
            stats: MemoStats::default(),
        })
    }

    /// The number of solutions of `solver`'s problem with its selected
    /// options, exactly. Any search in progress on `solver` is abandoned.
    pub fn count(&mut self, solver: &mut Solver) -> Result<ExactCount, MemoError> {
        self.count_until(solver, |_| ControlFlow::Continue(()))
            .map(|count| count.solutions)
    }

    /// [`count`](Self::count), calling `observe` with the statistics so far
    /// every 65,536 search nodes; when it returns [`ControlFlow::Break`] the
    /// count stops, and what is returned is the sum of the subproblems
    /// finished by then — a lower bound, marked not
    /// [`complete`](MemoCount::complete). Either way the solver's links are
    /// left as they were.
    pub fn count_until(
        &mut self,
        solver: &mut Solver,
        observe: impl FnMut(&MemoStats) -> ControlFlow<()>,
    ) -> Result<MemoCount, MemoError> {
        if solver.multiplicities.is_some() {
            return Err(MemoError::Multiplicities);
        }
        if fingerprint_of(solver) != self.fingerprint {
            return Err(MemoError::OtherProblem);
        }
        solver.rewind();
        self.start(solver);
        let links = &mut solver.links;
        let count = if links.is_colored() {
            self.run::<true>(links, observe)
        } else {
            self.run::<false>(links, observe)
        };
        self.stats.updates += links.updates;
        links.updates = 0;
        Ok(count)
    }

    /// The statistics of every count so far, and the memo's size now.
    pub fn stats(&self) -> MemoStats {
        MemoStats {
            entries: self.table.len() as u64,
            evictions: self.table.evictions,
            bytes: (self.table.bytes()
                + self.key.capacity() * 8
                + self.frames.capacity() * size_of::<Frame>()) as u64,
            ..self.stats
        }
    }

    /// Sets the key to the state of the links: the items in the active
    /// lists, and the colors the selected options gave.
    fn start(&mut self, solver: &Solver) {
        let links = &solver.links;
        self.key.fill(0);
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

    /// Marks item `i` open in the key.
    #[inline]
    fn open(&mut self, i: u32) {
        let bit = i as usize - 1;
        self.key[bit / 64] |= 1 << (bit % 64);
    }

    /// Marks item `i` covered in the key.
    #[inline]
    fn close(&mut self, i: u32) {
        let bit = i as usize - 1;
        self.key[bit / 64] &= !(1 << (bit % 64));
    }

    /// Records the color secondary item `i` is purified to (0: none).
    #[inline]
    fn paint(&mut self, i: u32, color: u32) {
        debug_assert!(i > self.primary, "only secondary items have colors");
        let slot = (i - self.primary - 1) as usize;
        let word = self.item_words + slot / 2;
        let shift = (slot % 2) * 32;
        self.key[word] = self.key[word] & !(0xFFFF_FFFF << shift) | u64::from(color) << shift;
    }

    /// Brings the key up to date after the option of node `p` (but `p`'s
    /// own item, which its level covers) was committed (`closing`) or
    /// uncommitted.
    #[inline]
    fn follow<const COLORED: bool>(&mut self, links: &Links, p: u32, closing: bool) {
        let mut q = p + 1;
        while q != p {
            let top = links.top[q as usize];
            if top <= 0 {
                q = links.nodes[q as usize].up;
                continue;
            }
            let color = if COLORED { links.colors[q as usize] } else { 0 };
            match (color, closing) {
                (0, true) => self.close(top as u32),
                (0, false) => self.open(top as u32),
                // Agreeing with a color set above: nothing changes.
                (..0, _) => {}
                (color, true) => self.paint(top as u32, color as u32),
                (_, false) => self.paint(top as u32, 0),
            }
            q += 1;
        }
    }

    /// The counting loop: enter a state, look it up, else cover the chosen
    /// item and try its options one by one; a finished level stores its sum
    /// and hands it to the level below.
    fn run<const COLORED: bool>(
        &mut self,
        links: &mut Links,
        mut observe: impl FnMut(&MemoStats) -> ControlFlow<()>,
    ) -> MemoCount {
        self.frames.clear();
        let mut next_observation = self.stats.nodes + OBSERVE_INTERVAL;
        loop {
            // Enter a state: a solution, a stored count, a dead end, or a
            // new level.
            let mut finished = if links.items[0].right == 0 {
                Some(ExactCount::from(1u64))
            } else {
                let level = &mut self.levels[self.frames.len()];
                let mut found = None;
                if level.is_active(self.stats.nodes) {
                    let stored = self.table.get(Table::hash(&self.key), &self.key);
                    match &stored {
                        Some((_, work)) => {
                            self.stats.hits += 1;
                            level.record(*work, self.stats.nodes);
                        }
                        None => {
                            self.stats.misses += 1;
                            level.record(0, self.stats.nodes);
                        }
                    }
                    found = stored.map(|(count, _)| count);
                }
                match found {
                    Some(count) => Some(count),
                    None => match links.choose() {
                        Some((item, len)) if len > 0 => {
                            links.cover::<COLORED>(item);
                            self.close(item);
                            self.frames.push(Frame {
                                item,
                                node: links.nodes[item as usize].down,
                                nodes_before: self.stats.nodes,
                                sum: ExactCount::ZERO,
                            });
                            None
                        }
                        _ => Some(ExactCount::ZERO),
                    },
                }
            };
            // Climb down while levels finish; stop at the next option to try.
            loop {
                let Some(frame) = self.frames.last_mut() else {
                    return MemoCount {
                        solutions: finished.unwrap_or_default(),
                        complete: true,
                    };
                };
                if let Some(count) = finished.take() {
                    let p = frame.node;
                    frame.sum += &count;
                    frame.node = links.nodes[p as usize].down;
                    links.uncommit_others::<COLORED>(p);
                    self.follow::<COLORED>(links, p, false);
                }
                let Some(frame) = self.frames.last() else {
                    unreachable!("the frame above is still there")
                };
                if !links.is_header(frame.node) {
                    break;
                }
                let item = frame.item;
                links.uncover::<COLORED>(item);
                self.open(item);
                let Some(frame) = self.frames.pop() else {
                    unreachable!("the frame above is still there")
                };
                let work = self.stats.nodes - frame.nodes_before;
                if work >= MIN_WORK && self.levels[self.frames.len()].is_active(self.stats.nodes) {
                    let hash = Table::hash(&self.key);
                    self.table.insert(hash, &self.key, &frame.sum, work);
                }
                finished = Some(frame.sum);
            }
            if self.stats.nodes >= next_observation {
                next_observation = self.stats.nodes + OBSERVE_INTERVAL;
                if observe(&self.stats()).is_break() {
                    return self.abandon::<COLORED>(links);
                }
            }
            self.stats.nodes += 1;
            let Some(frame) = self.frames.last() else {
                unreachable!("the loop above stops at a frame")
            };
            let p = frame.node;
            links.commit_others::<COLORED>(p);
            self.follow::<COLORED>(links, p, true);
        }
    }

    /// Backs out of every level (the top one has its item covered and no
    /// option committed) and returns the counts finished so far.
    fn abandon<const COLORED: bool>(&mut self, links: &mut Links) -> MemoCount {
        let mut solutions = ExactCount::ZERO;
        let mut top = true;
        while let Some(frame) = self.frames.pop() {
            if !top {
                links.uncommit_others::<COLORED>(frame.node);
            }
            top = false;
            links.uncover::<COLORED>(frame.item);
            solutions += &frame.sum;
        }
        MemoCount {
            solutions,
            complete: false,
        }
    }
}

/// A hash of what makes a problem: the item counts and every option node's
/// item and color, as built (the headers hold the columns' lengths, which the
/// selection changes) — the same for every shuffle and selection of one
/// problem, so a memo serves them all, and different for nearly any other
/// problem. The selection is undone to read the colors as built (a
/// purified item marks the nodes that agree with it) and redone after.
fn fingerprint_of(solver: &Solver) -> u64 {
    let links = &solver.links;
    let mut words = vec![u64::from(links.primary), u64::from(links.item_count)];
    words.extend(
        links.top[links.item_count as usize + 1..]
            .iter()
            .map(|&top| top as u32 as u64),
    );
    if links.is_colored() {
        let mut built = solver.clone();
        built.reset();
        words.extend(built.links.colors.iter().map(|&c| c as u32 as u64));
    }
    Table::hash(&words)
}

impl Solver {
    /// The number of solutions, exactly whatever its size, counted with a
    /// memo of subproblems within [`DEFAULT_MEMORY_LIMIT`] bytes: see
    /// [`MemoCounter`], which also gives the statistics and a budget of
    /// one's own. Fails for a problem with multiplicities.
    ///
    /// ```
    /// use dance_dlx::{Solver, problems::domino_tilings};
    ///
    /// // Beyond u64: 112,202,208,776,036,178,000,000 tilings.
    /// let count = Solver::new(&domino_tilings(14, 14)).count_memo()?;
    /// assert_eq!(count, 112_202_208_776_036_178_000_000);
    /// # Ok::<(), dance_dlx::MemoError>(())
    /// ```
    pub fn count_memo(&mut self) -> Result<ExactCount, MemoError> {
        MemoCounter::new(self, DEFAULT_MEMORY_LIMIT)?.count(self)
    }
}
