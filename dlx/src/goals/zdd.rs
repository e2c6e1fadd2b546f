//! The search that builds a [`Zdd`](super::Zdd): the memo's walk (the same
//! driver, Algorithm X's or C's matrix, the memo's [`Key`] of the state and
//! its [`Order`] of ties), where each state's result is not a count but the
//! ZDD node of its subproblem's solutions.
//!
//! A level that chose item `i` tries `i`'s options `o₁ … o_k` in column
//! order; after each `o_j` whose subtree has a solution (its node `h` is not
//! the 0 sink), the level's node so far `z` becomes the node `(o_j, LO = z,
//! HI = h)` — DLX6's chain, the last option tried at the top. The level's
//! node is stored under the key it entered with, and a state met again
//! hands its stored node down without being searched. Every node goes
//! through the unique table, so two states whose subproblems are the same
//! (states that differ only in secondary items no option still has) build
//! one chain, and a state searched again after the memo was cleared builds
//! no new node: the ZDD is reduced whatever the memo's budget.
//!
//! With multiplicities the walk is Algorithm M's ([`BoundedBuilding`]):
//! the options tried at a level keep their children until the level is
//! done, and its chain is built on the null move's child, which comes last.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::contract::request::{Stop, nodes_per_look};
use crate::goals::memo::{Key, MemoStats, Order};
use crate::machine::driver::{Choice, Event, Matrix, Stats, Work};
use crate::machine::exact::Exact;
use crate::machine::links::Links;
use crate::machine::multiplicity::{Bounded, Multiplicities};
use crate::model::zdd::{Node, ZddError};
use crate::solver::Solver;

/// The fewest search nodes below a state for its node to be remembered.
const MIN_WORK: u64 = 4;

/// A multiply-and-rotate hasher for the small integer keys of the tables
/// (the key words of a state, a node's three numbers): the standard
/// library's SipHash costs more than the search step it guards.
#[derive(Default)]
pub(crate) struct Mix(u64);

impl Hasher for Mix {
    #[inline]
    fn finish(&self) -> u64 {
        // The multiplications leave the low bits depending on the low bits
        // only; the table indexes by the low bits: fold the high ones in.
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ h >> 33
    }

    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
}

/// Hash maps keyed by [`Mix`].
pub(crate) type MixMap<K, V> = HashMap<K, V, BuildHasherDefault<Mix>>;

/// The nodes made so far, each once: `nodes[0]` and `nodes[1]` stand for
/// the sinks, and every node's children come before it.
#[derive(Default)]
pub(crate) struct Unique {
    pub(crate) nodes: Vec<Node>,
    table: MixMap<Node, u32>,
}

impl Unique {
    pub(crate) fn new() -> Unique {
        Unique {
            nodes: vec![Node::SINK; 2],
            table: MixMap::default(),
        }
    }

    /// Appends `node`, known to be new, without the table; its id fits,
    /// since it had one in a table as large.
    #[inline]
    pub(crate) fn push(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        (self.nodes.len() - 1) as u32
    }

    /// The node `(option, lo, hi)`, made if it is new; `hi` is never 0.
    #[inline]
    pub(crate) fn node(&mut self, option: u32, lo: u32, hi: u32) -> Result<u32, ZddError> {
        debug_assert!(hi != 0, "a node with HI = 0 is its LO");
        let node = Node { option, lo, hi };
        if let Some(&id) = self.table.get(&node) {
            return Ok(id);
        }
        let id = u32::try_from(self.nodes.len()).map_err(|_| ZddError::TooManyNodes)?;
        if id == u32::MAX {
            return Err(ZddError::TooManyNodes);
        }
        self.nodes.push(node);
        self.table.insert(node, id);
        Ok(id)
    }
}

/// The states whose node is known, within a budget of bytes: an
/// open-addressing table of indices into one arena of keys (no allocation
/// per state). When it is full it is emptied: a state searched again builds
/// the same nodes, found in the unique table.
struct States {
    /// `slots[h]`: 0, or 1 + the index of a state.
    slots: Vec<u32>,
    /// The states' keys, `width` words each.
    keys: Vec<u64>,
    /// The states' hashes, nodes and search nodes below them (at most
    /// `u32::MAX`).
    entries: Vec<(u64, u32, u32)>,
    width: usize,
    max_bytes: usize,
    evictions: u64,
}

impl States {
    fn new(width: usize, max_bytes: usize) -> States {
        States {
            slots: vec![0; 1 << 10],
            keys: Vec::new(),
            entries: Vec::new(),
            width,
            max_bytes,
            evictions: 0,
        }
    }

    /// Bytes held (what the budget bounds).
    fn bytes(&self) -> usize {
        self.slots.capacity() * 4 + self.keys.capacity() * 8 + self.entries.capacity() * 16
    }

    /// Bytes a state takes, its share of the slots included.
    fn entry_bytes(&self) -> usize {
        self.width * 8 + 16 + 2 * 4
    }

    fn hash(key: &[u64]) -> u64 {
        let mut mix = Mix::default();
        for &word in key {
            mix.write_u64(word);
        }
        mix.finish()
    }

    /// The slot of `key`: the one holding it, or the empty one where it
    /// goes.
    #[inline]
    fn slot(&self, hash: u64, key: &[u64]) -> usize {
        let mask = self.slots.len() - 1;
        let mut h = hash as usize & mask;
        loop {
            let slot = self.slots[h];
            if slot == 0 {
                return h;
            }
            let index = slot as usize - 1;
            if self.entries[index].0 == hash
                && self.keys[index * self.width..(index + 1) * self.width] == *key
            {
                return h;
            }
            h = (h + 1) & mask;
        }
    }

    /// The node stored for `key`, and the search nodes it took.
    #[inline]
    fn get(&self, key: &[u64]) -> Option<(u32, u64)> {
        let h = self.slot(Self::hash(key), key);
        match self.slots[h] {
            0 => None,
            slot => {
                let (_, node, work) = self.entries[slot as usize - 1];
                Some((node, u64::from(work)))
            }
        }
    }

    fn insert(&mut self, key: &[u64], node: u32, work: u64) {
        if self.entry_bytes() * 2 > self.max_bytes {
            return;
        }
        if self.bytes() + self.entry_bytes() > self.max_bytes {
            self.evictions += self.entries.len() as u64;
            self.keys = Vec::new();
            self.entries = Vec::new();
            self.slots = vec![0; 1 << 10];
        }
        let hash = Self::hash(key);
        let h = self.slot(hash, key);
        if self.slots[h] != 0 {
            return;
        }
        let Ok(index) = u32::try_from(self.entries.len() + 1) else {
            return;
        };
        self.slots[h] = index;
        self.keys.extend_from_slice(key);
        self.entries
            .push((hash, node, u32::try_from(work).unwrap_or(u32::MAX)));
        // At most half full.
        if 2 * self.entries.len() > self.slots.len() {
            let mut slots = vec![0u32; 2 * self.slots.len()];
            let mask = slots.len() - 1;
            for (k, &(hash, ..)) in self.entries.iter().enumerate() {
                let mut h = hash as usize & mask;
                while slots[h] != 0 {
                    h = (h + 1) & mask;
                }
                slots[h] = k as u32 + 1;
            }
            self.slots = slots;
        }
    }
}

/// Lookups at a level are counted in rounds of [`ROUND`]; a round whose
/// hits saved fewer than [`LOOKUP_COST`] search nodes per lookup pauses the
/// level (no lookups, no stores) for [`PAUSE`] search nodes — the memo's
/// rule (`memo/counting.rs`). A paused level searches its subtrees again;
/// their nodes are found in the unique table, so the diagram is the same
/// and only the time changes.
const ROUND: u32 = 1 << 12;
/// See [`ROUND`].
const LOOKUP_COST: u64 = 2;
/// See [`ROUND`].
const PAUSE: u64 = 1 << 18;

/// A level's lookups in the current round and the nodes their hits saved.
#[derive(Clone, Copy, Debug, Default)]
struct Pace {
    lookups: u32,
    saved: u64,
    paused_until: u64,
}

impl Pace {
    #[inline]
    fn is_active(&self, nodes: u64) -> bool {
        nodes >= self.paused_until
    }

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

/// The search's matrix: see the [module docs](self).
struct Building<'a, const COLORED: bool> {
    links: &'a mut Links,
    stack: &'a mut [u32],
    key: &'a mut Key,
    /// The node of each level so far (0: no solution yet), and the search
    /// nodes before the level began.
    tops: &'a mut [(u32, u64)],
    states: &'a mut States,
    unique: &'a mut Unique,
    /// Whether each level looks its states up now.
    paces: &'a mut [Pace],
    /// The node of the subtree the walk just left.
    pending: u32,
    nodes: u64,
    hits: u64,
    misses: u64,
    /// The first error: the search unwinds at once.
    failed: Option<ZddError>,
}

impl<const COLORED: bool> Building<'_, COLORED> {
    #[inline(always)]
    fn exact(&mut self) -> Exact<'_, COLORED, false> {
        Exact::new(self.links, self.stack)
    }
}

impl<const COLORED: bool> Matrix for Building<'_, COLORED> {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.links.items[0].right == 0 {
            self.pending = 1;
            return Choice::Known;
        }
        let nodes = self.nodes;
        if self.paces[level].is_active(nodes) {
            if let Some((node, work)) = self.states.get(&self.key.words) {
                self.hits += 1;
                self.paces[level].record(work, nodes);
                self.pending = node;
                return Choice::Known;
            }
            self.misses += 1;
            self.paces[level].record(0, nodes);
        }
        match self.exact().choose(level) {
            Choice::Item => {
                let item = self.links.top[self.stack[level] as usize] as u32;
                self.key.close(item);
                self.tops[level] = (0, self.nodes);
                Choice::Item
            }
            _ => {
                self.pending = 0;
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
        let p = self.stack[level];
        if child != 0 && self.failed.is_none() {
            let option = self.links.option_of(p).0;
            match self.unique.node(option, self.tops[level].0, child) {
                Ok(node) => self.tops[level].0 = node,
                Err(error) => self.failed = Some(error),
            }
        }
        let more = self.exact().retract(level);
        self.key.follow::<COLORED>(self.links, p, false);
        if more {
            return true;
        }
        self.key.open(self.stack[level]);
        let (top, before) = self.tops[level];
        self.pending = top;
        // A state below a few nodes is searched again faster than it is
        // stored and found (its nodes are found in the unique table).
        let work = self.nodes - before;
        if self.failed.is_none() && work >= MIN_WORK && self.paces[level].is_active(self.nodes) {
            self.states.insert(&self.key.words, top, work);
        }
        false
    }

    fn unchoose(&mut self, level: usize) {
        let item = self.links.top[self.stack[level] as usize] as u32;
        self.exact().unchoose(level);
        self.key.open(item);
        self.pending = self.tops[level].0;
    }
}

/// The search's matrix for Algorithm M: [`Building`] around [`Bounded`].
/// A level on item `p` tries "the first option of `p` still to be used is
/// `x_j`" for `j = 1, 2, …` and then, when `p`'s lower bound is met, the
/// null move; its node is DLX6's chain `(x_j, LO = the chain of the
/// options tried before, HI = x_j's child)`, the last option tried on top,
/// whose bottom `LO` is the null move's child (the 0 sink when there is
/// none). The children of the options tried wait in `chain` until the
/// level is finished, since the bottom comes last.
struct BoundedBuilding<'a, const COLORED: bool> {
    links: &'a mut Links,
    m: &'a mut Multiplicities,
    stack: &'a mut [u32],
    key: &'a mut Key,
    /// Where each level's options begin in `chain`, and the search nodes
    /// before the level began.
    tops: &'a mut [(u32, u64)],
    /// The options tried with a solution below them and their children's
    /// nodes, of every level in progress (the deepest last).
    chain: &'a mut Vec<(u32, u32)>,
    states: &'a mut States,
    unique: &'a mut Unique,
    paces: &'a mut [Pace],
    pending: u32,
    nodes: u64,
    hits: u64,
    misses: u64,
    failed: Option<ZddError>,
}

impl<const COLORED: bool> BoundedBuilding<'_, COLORED> {
    #[inline(always)]
    fn bounded(&mut self) -> Bounded<'_, COLORED> {
        Bounded::new(self.m, self.links, self.stack)
    }

    /// The node of a finished level: its chain on `bottom`.
    fn finish(&mut self, level: usize, bottom: u32) -> u32 {
        let start = self.tops[level].0 as usize;
        let mut top = bottom;
        if self.failed.is_none() {
            for &(option, hi) in &self.chain[start..] {
                match self.unique.node(option, top, hi) {
                    Ok(node) => top = node,
                    Err(error) => {
                        self.failed = Some(error);
                        break;
                    }
                }
            }
        }
        self.chain.truncate(start);
        top
    }
}

impl<const COLORED: bool> Matrix for BoundedBuilding<'_, COLORED> {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.links.items[0].right == 0 {
            self.pending = 1;
            return Choice::Known;
        }
        let nodes = self.nodes;
        if self.paces[level].is_active(nodes) {
            self.key.set_bounds(self.links, self.m);
            if let Some((node, work)) = self.states.get(&self.key.words) {
                self.hits += 1;
                self.paces[level].record(work, nodes);
                self.pending = node;
                return Choice::Known;
            }
            self.misses += 1;
            self.paces[level].record(0, nodes);
        }
        match self.bounded().choose(level) {
            Choice::Item => {
                // The chain's length fits: at most one entry per option.
                self.tops[level] = (self.chain.len() as u32, self.nodes);
                Choice::Item
            }
            _ => {
                self.pending = 0;
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
        let p = self.stack[level];
        let null = self.links.is_header(p);
        if !null && child != 0 {
            let option = self.links.option_of(p).0;
            self.chain.push((option, child));
        }
        let more = self.bounded().retract(level);
        if !null {
            self.key.follow::<COLORED>(self.links, p, false);
        }
        if more {
            return true;
        }
        let top = self.finish(level, if null { child } else { 0 });
        self.pending = top;
        let work = self.nodes - self.tops[level].1;
        if self.failed.is_none() && work >= MIN_WORK && self.paces[level].is_active(self.nodes) {
            self.key.set_bounds(self.links, self.m);
            self.states.insert(&self.key.words, top, work);
        }
        false
    }

    fn unchoose(&mut self, level: usize) {
        self.bounded().unchoose(level);
        self.pending = self.finish(level, 0);
    }
}

/// Builds the nodes of the solutions of `solver`'s problem with its
/// selected options (the selected options not included: the caller puts
/// them on top); returns the top node and the work.
pub(crate) fn build(
    solver: &mut Solver,
    max_bytes: usize,
    stop: &Stop,
    unique: &mut Unique,
) -> Result<(u32, MemoStats), ZddError> {
    solver.rewind();
    let bounded = solver.multiplicities.is_some();
    let mut key = if bounded {
        Key::bounded(&solver.links)
    } else {
        Key::new(&solver.links)
    };
    key.start(solver);
    let order = Order::new(&solver.links);
    let per_look = nodes_per_look(solver.links.work_per_node() + 4 * key.words.len() as u64);
    let mut states = States::new(key.words.len(), max_bytes);
    let mut tops = vec![(0u32, 0u64); solver.stack.len()];
    let mut paces = vec![Pace::default(); solver.stack.len()];
    let colored = solver.links.is_colored();
    let mut chain = Vec::new();
    let Solver {
        links,
        stack,
        driver,
        multiplicities,
        ..
    } = solver;
    order.apply(links);
    let alarm = stop.start();
    macro_rules! walk {
        ($colored:literal) => {{
            let mut building = Building::<$colored> {
                links,
                stack,
                key: &mut key,
                tops: &mut tops,
                paces: &mut paces,
                states: &mut states,
                unique,
                pending: 0,
                nodes: 0,
                hits: 0,
                misses: 0,
                failed: None,
            };
            let outcome = loop {
                if building.failed.is_some() || alarm.rung() {
                    driver.unwind(&mut building);
                    break Err(building.failed.take().unwrap_or(ZddError::Stopped));
                }
                match driver.resume(&mut building, per_look) {
                    Event::Exhausted => break Ok(building.pending),
                    Event::Solution | Event::BudgetSpent => {}
                }
            };
            let stats = MemoStats {
                search: Stats {
                    nodes: building.nodes,
                    ..Stats::default()
                },
                hits: building.hits,
                misses: building.misses,
                ..MemoStats::default()
            };
            (outcome, stats)
        }};
    }
    macro_rules! walk_bounded {
        ($colored:literal, $m:expr) => {{
            let mut building = BoundedBuilding::<$colored> {
                links,
                m: $m,
                stack,
                key: &mut key,
                tops: &mut tops,
                chain: &mut chain,
                paces: &mut paces,
                states: &mut states,
                unique,
                pending: 0,
                nodes: 0,
                hits: 0,
                misses: 0,
                failed: None,
            };
            let outcome = loop {
                if building.failed.is_some() || alarm.rung() {
                    driver.unwind(&mut building);
                    break Err(building.failed.take().unwrap_or(ZddError::Stopped));
                }
                match driver.resume(&mut building, per_look) {
                    Event::Exhausted => break Ok(building.pending),
                    Event::Solution | Event::BudgetSpent => {}
                }
            };
            let stats = MemoStats {
                search: Stats {
                    nodes: building.nodes,
                    ..Stats::default()
                },
                hits: building.hits,
                misses: building.misses,
                ..MemoStats::default()
            };
            (outcome, stats)
        }};
    }
    let (outcome, mut stats) = match (multiplicities.as_mut(), colored) {
        (Some(m), true) => walk_bounded!(true, m),
        (Some(m), false) => walk_bounded!(false, m),
        (None, true) => walk!(true),
        (None, false) => walk!(false),
    };
    order.undo(links);
    stats.search.updates = links.updates;
    links.updates = 0;
    stats.entries = states.entries.len() as u64;
    stats.evictions = states.evictions;
    stats.bytes = states.bytes() as u64;
    outcome.map(|top| (top, stats))
}
