//! [`Goal::Zdd`](crate::Goal::Zdd) and [`Goal::Sample`](crate::Goal::Sample):
//! the memoized walk ([`walk`](crate::machine::memo::walk)) with the fold that
//! builds DLX6's chains ([`Chain`]), where each state's result is not a
//! count but the ZDD node of its subproblem's solutions.
//!
//! A level that chose item `i` tries `i`'s options `o₁ … o_k` in column
//! order; each `o_j` whose subtree has a solution (its node `h` is not the
//! 0 sink) makes a node `(o_j, LO = z, HI = h)` on top of the level's chain
//! so far `z` — the last option tried at the top. With multiplicities
//! (Algorithm M) a level tries its options and then the null move, whose
//! child is the bottom of the chain (the 0 sink when there is none); so
//! the children wait until the level is done and its chain is built then,
//! for both algorithms alike. The level's node is stored under the key it
//! entered with, and a state met again hands its stored node down without
//! being searched. Every node goes through the unique table, so two states
//! whose subproblems are the same (states that differ only in secondary
//! items no option still has) build one chain, and a state searched again
//! after the memo forgot it builds no new node: the ZDD is reduced whatever
//! the memo's budget.

use crate::contract::count::BigCount;
use crate::contract::stats::MemoStats;
use crate::contract::stop::Alarm;
use crate::contract::zdd::{Unique, Zdd, ZddError};
use crate::machine::links::Links;
use crate::machine::memo::table::Table;
use crate::machine::memo::walk::{Subtotal, Walker};
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;

/// The fold of a diagram: the options tried at the levels in progress
/// whose subtrees have a solution, with their children's nodes (the
/// deepest level's last); each level's frame is where its options begin
/// there, and its bottom (the null move's child).
struct Chain<'u> {
    unique: &'u mut Unique,
    /// `(option, node of its subtree)`, of every level in progress.
    tried: Vec<(u32, u32)>,
    /// The first error: the walk stops at its next look.
    failed: Option<ZddError>,
}

impl Subtotal for Chain<'_> {
    type Value = u32;
    type Frame = (usize, u32);

    #[inline(always)]
    fn solved(&self) -> u32 {
        1
    }

    #[inline(always)]
    fn begin(&mut self, frame: &mut (usize, u32)) {
        *frame = (self.tried.len(), 0);
    }

    #[inline(always)]
    fn add(&mut self, frame: &mut (usize, u32), links: &Links, node: Option<u32>, child: u32) {
        match node {
            Some(p) if child != 0 => self.tried.push((links.option_of(p).0, child)),
            Some(_) => {}
            None => frame.1 = child,
        }
    }

    fn finish(&mut self, &mut (start, bottom): &mut (usize, u32)) -> u32 {
        let mut top = bottom;
        if self.failed.is_none() {
            for &(option, hi) in &self.tried[start..] {
                match self.unique.node(option, top, hi) {
                    Ok(node) => top = node,
                    Err(error) => {
                        self.failed = Some(error);
                        break;
                    }
                }
            }
        }
        self.tried.truncate(start);
        top
    }

    #[inline(always)]
    fn to_stored(node: &u32) -> BigCount {
        BigCount::from(u64::from(*node))
    }

    #[inline(always)]
    fn from_stored(stored: BigCount) -> u32 {
        stored
            .to_u64()
            .and_then(|node| u32::try_from(node).ok())
            .expect("the table gives back the nodes it was given")
    }

    fn failed(&self) -> bool {
        self.failed.is_some()
    }
}

/// Every solution of `solver`'s problem with its selected options (they
/// are in every solution) as a reduced ZDD, built by the memoized walk with
/// at most `max_bytes` bytes of states remembered and of the walk's own
/// state (when they are full the cheapest are forgotten: the search takes
/// longer, the diagram is the same — its own nodes are the answer, not
/// bounded by the budget), until `alarm` rings. Returns the diagram and the
/// search's work: nodes, updates, hits and misses, the states remembered at
/// the end (`entries`, `bytes`) and those forgotten (`evictions`). The
/// solver's links are left as they were; any search in progress is
/// abandoned.
pub(crate) fn build(
    solver: &mut Solver,
    max_bytes: usize,
    alarm: &Alarm<'_>,
    watch: &mut dyn FnMut(&MemoStats),
) -> Result<(Zdd, MemoStats), ZddError> {
    let mut walker = Walker::new(solver);
    let bytes = max_bytes.saturating_sub(walker.bytes() as usize);
    let mut table = Table::new(walker.key.words.len(), bytes);
    let mut unique = Unique::new();
    let mut chain = Chain {
        unique: &mut unique,
        tried: Vec::new(),
        failed: None,
    };
    let (top, whole) = walker.walk(solver, &mut table, &mut chain, alarm, watch);
    if let Some(error) = chain.failed {
        return Err(error);
    }
    if !whole {
        return Err(ZddError::Stopped);
    }
    let mut stats = table.stats();
    stats.bytes += walker.bytes();
    stats.search = walker.stats.search;
    stats.hits = walker.stats.hits;
    stats.misses = walker.stats.misses;
    let mut top = top;
    let selected: Vec<OptionId> = solver.selected().collect();
    if top != 0 {
        for option in selected.iter().rev() {
            top = unique.node(option.0, 0, top)?;
        }
    }
    let options = solver.links.option_start.len();
    Ok((Zdd::canonical(&unique.nodes, top, options, true)?, stats))
}
