//! The memoized walk, once for every fold and every algorithm: the
//! [`Memoized`] matrix wraps Algorithm X's (or C's) matrix or Algorithm
//! M's, looks every new level's state up before choosing an item, folds the
//! results of a level's subtrees into the level's own as it retracts them,
//! and stores that under the state's key — the memo's count and the ZDD are
//! this walk with two [`Subtotal`]s (a sum of counts; DLX6's chain of
//! nodes).
//!
//! The driver calls it as it calls any matrix; the results travel beside
//! the walk, in `pending`:
//!
//! | driver's call | what the matrix does besides the algorithm's step |
//! |---|---|
//! | `choose(l)` | a solution: `pending` = the subtotal's [`solved`](Subtotal::solved), [`Choice::Accounted`]; a stored result: `pending` = it, `Accounted`; a dead end: `pending` = nothing; else a new level |
//! | `try_option(l)` | the key follows the option's items (closed, or painted) |
//! | `retract(l)` | folds `pending` (the result of the subtree just left) into level `l`'s; the key follows; when the level is finished, stores its result and hands it down in `pending` |
//! | `unchoose(l)` | (abandoning) hands the level's result so far down in `pending` |
//!
//! So when the driver reports the tree exhausted, `pending` holds the
//! result of the whole problem; when a walk is abandoned half-way (the
//! driver unwound), it holds what the subtrees finished by then make — for
//! a count, a lower bound — and nothing partial was stored.
//!
//! The key follows the algorithm ([`Step`]): Algorithms X and C close and
//! open the items' bits as options are tried and retracted; Algorithm M
//! writes its primary items' bound words afresh before each lookup and
//! store (see the [memo's docs](super)).

use std::ops::ControlFlow;

use super::key::Key;
use super::order::{OptionOrder, Order};
use super::table::Store;
use crate::contract::count::BigCount;
use crate::contract::stats::{MemoStats, Stats};
use crate::contract::stop::{Alarm, nodes_per_look};
use crate::hash::hash_words;
use crate::machine::algorithm::{OnAlgorithm, on_algorithm};
use crate::machine::driver::{Choice, Driver, Ended, Fold, Matrix, Walking, Work, drive};
use crate::machine::exact::Exact;
use crate::machine::links::Links;
use crate::machine::multiplicity::Bounded;
use crate::machine::solver::Solver;

/// The fewest search nodes below a state for its result to be stored: a
/// cheaper result is found again faster than it is stored and looked up.
const MIN_WORK: u64 = 4;

/// Lookups at a level are counted in rounds of [`ROUND`]. A round whose
/// hits saved fewer search nodes than [`LOOKUP_COST`] per lookup (the nodes
/// below each stored state that was found) pauses the level — no lookups,
/// no stores — for [`PAUSE`] search nodes, and then it is tried again.
/// Where subproblems never repeat (n queens) or repeat only a few nodes from
/// the bottom of the tree, the levels pause and the search runs at nearly
/// the plain search's speed; where they repeat (tilings), the levels stay
/// active. Only speed depends on this, never the result: a paused level
/// searches its subtrees again, and the diagram finds their nodes in its
/// unique table.
const ROUND: u32 = 1 << 12;
/// What a lookup and a store cost, in search nodes; see [`ROUND`].
const LOOKUP_COST: u64 = 2;
/// See [`ROUND`].
const PAUSE: u64 = 1 << 18;

/// A level's pace: its lookups in the current round, the nodes their hits
/// saved, and until when it pauses (see [`ROUND`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Pace {
    lookups: u32,
    saved: u64,
    /// The level is paused until the search has tried this many nodes.
    paused_until: u64,
}

impl Pace {
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

/// What a memoized walk makes of each state: the fold of a level's
/// subtrees into the level's result.
pub(crate) trait Subtotal {
    /// The result of a state: a count, a diagram's node.
    type Value: Default;

    /// What a level in progress keeps: a sum so far, where its chain
    /// begins.
    type Frame: Clone + Default;

    /// The result of a state with no primary item left: one solution.
    fn solved(&self) -> Self::Value;

    /// A level starts, with `frame`.
    fn begin(&mut self, frame: &mut Self::Frame);

    /// Folds `child`, the result below the option of node `node` of
    /// `links` (`None`: Algorithm M's null move, always the level's last),
    /// into the level of `frame`.
    fn add(
        &mut self,
        frame: &mut Self::Frame,
        links: &Links,
        node: Option<u32>,
        child: Self::Value,
    );

    /// The level's result, once its last option was folded in — or, for a
    /// walk abandoned half-way, what was folded in by then.
    fn finish(&mut self, frame: &mut Self::Frame) -> Self::Value;

    /// The result as the memo's table stores it.
    fn to_stored(value: &Self::Value) -> BigCount;

    /// A result the table stored.
    fn from_stored(stored: BigCount) -> Self::Value;

    /// Whether the fold failed (and the walk must stop, storing nothing).
    fn failed(&self) -> bool {
        false
    }
}

/// The matrix a memoized walk wraps, with the key of the state following
/// it: Algorithm X's or C's ([`Exact`], dead ends found at the choice — the
/// key follows every option's items whole, so no commit may stop half-way),
/// or Algorithm M's ([`Bounded`]).
pub(crate) trait Step: Matrix {
    /// The links.
    fn links(&self) -> &Links;

    /// Before a lookup or a store: Algorithm M writes its primary items'
    /// part of the key afresh.
    fn refresh(&self, key: &mut Key);

    /// After `choose` chose an item at `level`.
    fn chosen(&self, key: &mut Key, level: usize);

    /// The node of the option in force at `level`, `None` for a null move.
    fn option_node(&self, level: usize) -> Option<u32>;

    /// The key follows the option of node `p` committed (`closing`) or
    /// uncommitted.
    fn follow(&self, key: &mut Key, p: u32, closing: bool);

    /// After the retract that finished `level`.
    fn finished(&self, key: &mut Key, level: usize);

    /// Undoes `choose` at `level` (which holds no option in force) and the
    /// key with it.
    fn unchoose_keyed(&mut self, key: &mut Key, level: usize);
}

impl<const COLORED: bool, const UP: bool> Step for Exact<'_, COLORED, false, UP> {
    #[inline(always)]
    fn links(&self) -> &Links {
        Exact::links(self)
    }

    #[inline(always)]
    fn refresh(&self, _: &mut Key) {}

    #[inline(always)]
    fn chosen(&self, key: &mut Key, level: usize) {
        key.close(self.links().top[self.stack()[level] as usize] as u32);
    }

    #[inline(always)]
    fn option_node(&self, level: usize) -> Option<u32> {
        Some(self.stack()[level])
    }

    #[inline(always)]
    fn follow(&self, key: &mut Key, p: u32, closing: bool) {
        key.follow::<COLORED>(self.links(), p, closing);
    }

    #[inline(always)]
    fn finished(&self, key: &mut Key, level: usize) {
        // The level's item is uncovered, and `stack[level]` is its header.
        key.open(self.stack()[level]);
    }

    fn unchoose_keyed(&mut self, key: &mut Key, level: usize) {
        let item = self.links().top[self.stack()[level] as usize] as u32;
        self.unchoose(level);
        key.open(item);
    }
}

impl<const COLORED: bool> Step for Bounded<'_, COLORED> {
    #[inline(always)]
    fn links(&self) -> &Links {
        Bounded::links(self)
    }

    #[inline(always)]
    fn refresh(&self, key: &mut Key) {
        key.set_bounds(self.links(), self.multiplicities());
    }

    #[inline(always)]
    fn chosen(&self, _: &mut Key, _: usize) {}

    #[inline(always)]
    fn option_node(&self, level: usize) -> Option<u32> {
        let p = self.stack()[level];
        (!self.links().is_header(p)).then_some(p)
    }

    #[inline(always)]
    fn follow(&self, key: &mut Key, p: u32, closing: bool) {
        key.follow::<COLORED>(self.links(), p, closing);
    }

    #[inline(always)]
    fn finished(&self, _: &mut Key, _: usize) {}

    fn unchoose_keyed(&mut self, _: &mut Key, level: usize) {
        self.unchoose(level);
    }
}

/// The memoized walk's matrix: see the [module docs](self).
pub(crate) struct Memoized<'a, M, F: Subtotal, S> {
    inner: M,
    key: &'a mut Key,
    paces: &'a mut [Pace],
    /// Each level in progress: the search nodes before it began, and what
    /// the subtotal keeps of it.
    frames: &'a mut [(u64, F::Frame)],
    store: S,
    subtotal: &'a mut F,
    /// Search nodes so far, over every walk of the memo (the clock of the
    /// levels' pauses).
    nodes: u64,
    hits: u64,
    misses: u64,
    /// The result of the subtree the walk just left.
    pending: F::Value,
    /// Set while the driver unwinds an abandoned walk: results are partial,
    /// and nothing is stored.
    abandoning: bool,
}

impl<M: Step, F: Subtotal, S: Store> Matrix for Memoized<'_, M, F, S> {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.inner.links().items[0].right == 0 {
            self.pending = self.subtotal.solved();
            return Choice::Accounted;
        }
        let nodes = self.nodes;
        if self.paces[level].is_active(nodes) {
            self.inner.refresh(self.key);
            let key = &self.key.words;
            match self.store.get(hash_words(key), key) {
                Some((stored, work)) => {
                    self.hits += 1;
                    self.paces[level].record(work, nodes);
                    self.pending = F::from_stored(stored);
                    return Choice::Accounted;
                }
                None => {
                    self.misses += 1;
                    self.paces[level].record(0, nodes);
                }
            }
        }
        match self.inner.choose(level) {
            Choice::Item => {
                self.inner.chosen(self.key, level);
                let frame = &mut self.frames[level];
                frame.0 = nodes;
                self.subtotal.begin(&mut frame.1);
                Choice::Item
            }
            _ => {
                self.pending = F::Value::default();
                Choice::DeadEnd
            }
        }
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let work = self.inner.try_option(level);
        if let Some(p) = self.inner.option_node(level) {
            self.inner.follow(self.key, p, true);
        }
        self.nodes += 1;
        work
    }

    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        let child = std::mem::take(&mut self.pending);
        let node = self.inner.option_node(level);
        let frame = &mut self.frames[level];
        self.subtotal
            .add(&mut frame.1, self.inner.links(), node, child);
        let more = self.inner.retract(level);
        if let Some(p) = node {
            self.inner.follow(self.key, p, false);
        }
        if more {
            return true;
        }
        self.inner.finished(self.key, level);
        let frame = &mut self.frames[level];
        self.pending = self.subtotal.finish(&mut frame.1);
        let work = self.nodes - frame.0;
        if !self.abandoning
            && work >= MIN_WORK
            && self.paces[level].is_active(self.nodes)
            && !self.subtotal.failed()
        {
            self.inner.refresh(self.key);
            let key = &self.key.words;
            self.store
                .insert(hash_words(key), key, &F::to_stored(&self.pending), work);
        }
        false
    }

    fn unchoose(&mut self, level: usize) {
        self.inner.unchoose_keyed(self.key, level);
        self.pending = self.subtotal.finish(&mut self.frames[level].1);
    }
}

/// What a memoized walk keeps from one walk to the next, besides the
/// results it stored: the state of the links' key, the order it breaks
/// ties in, each level's pace, and the work so far.
#[derive(Clone, Debug)]
pub(crate) struct Walker {
    /// The order the search breaks ties in.
    pub(crate) order: Order,
    /// The key of the current state of the links.
    pub(crate) key: Key,
    /// How the memo pays at each level of the search.
    paces: Vec<Pace>,
    /// Nodes, updates, hits and misses so far.
    pub(crate) stats: MemoStats,
    /// The order each level's options are tried in.
    pub(crate) option_order: OptionOrder,
    /// Nodes between two looks at the stop: a node's work is the plain
    /// search's and the hashing of its key.
    per_look: u64,
}

impl Walker {
    /// A walker for `solver`'s problem.
    pub(crate) fn new(solver: &Solver) -> Walker {
        let depth = solver.stack.len();
        let key = if solver.multiplicities.is_some() {
            Key::bounded(&solver.links)
        } else {
            Key::new(&solver.links)
        };
        let work_per_node = solver.links.work_per_node() + 4 * key.words.len() as u64;
        Walker {
            order: Order::new(&solver.links),
            per_look: nodes_per_look(work_per_node),
            key,
            paces: vec![Pace::default(); depth],
            stats: MemoStats::default(),
            option_order: OptionOrder::TopDown,
        }
    }

    /// Bytes of the walker's own state.
    pub(crate) fn bytes(&self) -> u64 {
        (self.key.words.capacity() * 8
            + self.paces.capacity() * size_of::<Pace>()
            + self.order.bytes()) as u64
    }

    /// Walks `solver`'s problem with its selected options, folding with
    /// `subtotal` and storing in `store`, until the tree is exhausted, the
    /// subtotal fails or `alarm` rings; hands `watch` the figures so far
    /// between slices. The result of the whole problem (of the subtrees
    /// finished, when it stopped) and whether it is whole; the solver's
    /// links are left as they were, and the work is added to
    /// [`stats`](Self::stats).
    pub(crate) fn walk<F: Subtotal, S: Store>(
        &mut self,
        solver: &mut Solver,
        store: S,
        subtotal: &mut F,
        alarm: &Alarm<'_>,
        watch: &mut dyn FnMut(&MemoStats),
    ) -> (F::Value, bool) {
        solver.rewind();
        self.key.start(solver);
        self.order.apply(&mut solver.links);
        let colored = solver.links.is_colored();
        let bounded = solver.multiplicities.is_some();
        let up = self.option_order == OptionOrder::BottomUp;
        let walk = Walk {
            solver,
            around: Around {
                walker: self,
                store,
                subtotal,
                alarm,
                watch,
            },
            up,
        };
        let (result, whole) = on_algorithm(colored, bounded, walk);
        self.order.undo(&mut solver.links);
        self.stats.search.updates += solver.links.updates;
        solver.links.updates = 0;
        (result, whole)
    }
}

/// One walk of a [`Walker`], on the algorithm of the solver's problem.
struct Walk<'w, F, S> {
    solver: &'w mut Solver,
    around: Around<'w, F, S>,
    /// Algorithm X tries each level's options bottom up
    /// ([`OptionOrder::BottomUp`]); Algorithm M, top down always: its
    /// tweaks take each level's options from the top.
    up: bool,
}

impl<F: Subtotal, S: Store> OnAlgorithm for Walk<'_, F, S> {
    type Output = (F::Value, bool);

    fn exact<const COLORED: bool>(self) -> (F::Value, bool) {
        let Solver {
            links,
            stack,
            driver,
            ..
        } = self.solver;
        if self.up {
            let inner = Exact::<COLORED, false, true>::new(links, stack);
            self.around.drive(driver, inner)
        } else {
            let inner = Exact::<COLORED, false, false>::new(links, stack);
            self.around.drive(driver, inner)
        }
    }

    fn bounded<const COLORED: bool>(self) -> (F::Value, bool) {
        let Solver {
            links,
            stack,
            driver,
            multiplicities,
            ..
        } = self.solver;
        let m = multiplicities
            .as_mut()
            .expect("a bounded walk has multiplicities");
        let inner = Bounded::<COLORED>::new(m, links, stack);
        self.around.drive(driver, inner)
    }
}

/// What the memoized matrix is driven with, whatever matrix it wraps.
struct Around<'w, F, S> {
    walker: &'w mut Walker,
    store: S,
    subtotal: &'w mut F,
    alarm: &'w Alarm<'w>,
    watch: &'w mut dyn FnMut(&MemoStats),
}

impl<F: Subtotal, S: Store> Around<'_, F, S> {
    /// The memoized matrix around `inner`, driven by the one drive loop.
    fn drive<M: Step>(self, driver: &mut Driver, inner: M) -> (F::Value, bool) {
        drive_memoized(
            inner,
            driver,
            self.walker,
            self.store,
            self.subtotal,
            self.alarm,
            self.watch,
        )
    }
}

/// The memoized matrix around `inner`, driven by the one drive loop until
/// the tree is exhausted, the subtotal fails or `alarm` rings (then the
/// walk is unwound, nothing partial stored).
fn drive_memoized<M: Step, F: Subtotal, S: Store>(
    inner: M,
    driver: &mut Driver,
    walker: &mut Walker,
    store: S,
    subtotal: &mut F,
    alarm: &Alarm<'_>,
    watch: &mut dyn FnMut(&MemoStats),
) -> (F::Value, bool) {
    let before = walker.stats;
    let mut frames = vec![(0, F::Frame::default()); walker.paces.len()];
    let matrix = Memoized {
        inner,
        key: &mut walker.key,
        paces: &mut walker.paces,
        frames: &mut frames,
        store,
        subtotal,
        nodes: before.search.nodes,
        hits: 0,
        misses: 0,
        pending: F::Value::default(),
        abandoning: false,
    };
    let mut walking = Walking {
        driver,
        matrix,
        per_look: walker.per_look,
    };
    let mut watching = Watching { before, watch };
    let ended = drive(&mut walking, alarm, &mut watching);
    let whole = ended == Ended::Exhausted;
    if !whole {
        walking.matrix.abandoning = true;
        walking.unwind();
    }
    let matrix = walking.matrix;
    walker.stats.search.nodes = matrix.nodes;
    walker.stats.hits += matrix.hits;
    walker.stats.misses += matrix.misses;
    (matrix.pending, whole && !matrix.subtotal.failed())
}

/// The memoized walk's fold: solutions are accounted for by the matrix, so
/// the driver never stops at one; each look shows `watch` the figures so
/// far, and a failed subtotal ends the walk.
struct Watching<'w> {
    /// The walker's figures before this walk.
    before: MemoStats,
    watch: &'w mut dyn FnMut(&MemoStats),
}

impl<M: Step, F: Subtotal, S: Store> Fold<Walking<'_, Memoized<'_, M, F, S>>> for Watching<'_> {
    fn solution(&mut self, _: &mut Walking<'_, Memoized<'_, M, F, S>>) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }

    fn look(&mut self, walking: &mut Walking<'_, Memoized<'_, M, F, S>>) -> ControlFlow<()> {
        let matrix = &walking.matrix;
        if matrix.subtotal.failed() {
            return ControlFlow::Break(());
        }
        let mut now = matrix.store.stats();
        now.search = Stats {
            nodes: matrix.nodes,
            updates: self.before.search.updates + matrix.inner.links().updates,
            ..Stats::default()
        };
        now.hits = self.before.hits + matrix.hits;
        now.misses = self.before.misses + matrix.misses;
        (self.watch)(&now);
        ControlFlow::Continue(())
    }

    fn looks(&self) -> bool {
        true
    }
}
