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
//! The search is [`Solver::count`]'s — the same [`Driver`](crate::driver)
//! over Algorithm X's matrix, the item with the fewest options (ties to the
//! first), its options in column order — in a mode of its own: the driver
//! walks [`Counting`](counting), which looks each new level's state up
//! before choosing an item, sums its children's counts as it retracts their
//! options (an [`ExactCount`], a `u128` until it overflows) and stores the
//! sum under the key it entered with. Its depth is bounded by the number of
//! primary items, not by the thread's stack, and it leaves the links exactly
//! as it found them. Its nodes are options tried, as in the plain count, but
//! a subtree found in the memo is not walked again, so they are far fewer.
//!
//! One thing differs from the plain search: the order that breaks ties
//! between items with equally few options. The plain search takes the
//! first in the problem's order; the memo takes the problem's order unless
//! a sweep of the item graph (Cuthill–McKee) keeps the edge of the covered
//! region clearly shorter (see `order.rs`), so that a board listed along
//! its long side costs what its transpose costs: 6×24 domino tilings
//! listed row by row took 31.8 s and 1.05 GB, and take 2,081 nodes against
//! the 2,175 of 24×6. The order changes the tree and its node count, never
//! the count.
//!
//! Memory is bounded: the table never holds more than the budget given to
//! [`MemoCounter::new`] (default [`DEFAULT_MEMORY_LIMIT`], 1 GiB). When it
//! is full, a new entry replaces the cheapest of its neighbours (fewest
//! search nodes below it) or is dropped — a stored count is always exact, so
//! a lost one costs time, never the count.
//!
//! ## Algorithm M: the key of a state with multiplicities
//!
//! With bounds (`a:b|item`, [Algorithm M](crate::multiplicity)) the count
//! below a state depends on two things only: the set of options still
//! available, and each open primary item's remaining bound `b` (its
//! residual lower bound is `b − slack`, the slack never changing). An
//! option stops being available in three ways:
//!
//! * an item of it is *done*: covered (its bound reached 0) or deactivated
//!   by a null move — either way no further option may cover it, so both
//!   are one thing in the key;
//! * a color: a secondary item purified to another color, or covered — as
//!   in Algorithm C;
//! * a *tweak*: the levels on a primary item `p` in force took options off
//!   the top of `p`'s list, each level the top of the list as it found it.
//!   So the options of `p` tweaked away are all above every option of `p`
//!   still in its list: `p`'s current top node (its *tweak frontier*)
//!   tells them, for an open `p`.
//!
//! So the key of an M state is the secondary items' bits and colors (kept up
//! to date as in Algorithm C), and one word per primary item: 0 when it is
//! done, else its bound beside its top node ([`Key::set_bounds`], written
//! afresh at every lookup and store; the primary items' bits stay 0). It is
//! sound: an option is available exactly when each of its primary items is
//! open and has it at or below its top — an option above the top is
//! tweaked or hidden, one at or below it is not tweaked, since tweaks take
//! a prefix — and its secondary items agree, all of which the key holds;
//! with the bounds, that is the whole residual problem. A key may tell two
//! states apart whose problems are the same (an option hidden in one and
//! tweaked in the other, putting the tops at different nodes): that costs
//! hits, never the count.
//!
//! A [selected](Solver::select) option leaves the lists of its primary
//! items, which may stay open, so an M key holds only within one selection:
//! a counter empties its table when the selection changes, and a
//! [`SharedMemo`], whose threads count different selections at once,
//! refuses multiplicities ([`MemoError::Multiplicities`]). `dance cover
//! --memo -jN` counts a problem with bounds on one thread (the split
//! search does not cut Algorithm M's tree). Algorithm M's levels try their
//! options top down whatever the [`OptionOrder`].
//!
//! ```
//! use dance_dlx::{MemoCounter, Solver, problems::domino_tilings};
//!
//! let mut solver = Solver::new(&domino_tilings(8, 8));
//! let mut memo = MemoCounter::new(&solver, 64 << 20)?;
//! assert_eq!(memo.count(&mut solver)?, 12_988_816);
//! // The plain search tries millions of options; the memo, a few thousand.
//! assert!(memo.stats().search.nodes < 10_000);
//! # Ok::<(), dance_dlx::MemoError>(())
//! ```

mod concurrent;

mod counting;
mod order;
mod shared;
mod table;

pub use crate::contract::count::ExactCount;
use concurrent::{Held, View};
pub(crate) use counting::Key;
use counting::{BoundedCounting, Counting, Frame, Level, MemoMatrix, Store};
pub(crate) use order::Order;
pub use shared::SharedMemo;
use shared::SharedStore;
use table::Table;

use crate::Stats;
use crate::contract::request::{Alarm, Stop, nodes_per_look};
use crate::machine::driver::{Driver, Event};
use crate::model::ids::OptionId;
use crate::solver::{Count, Solver};

/// The default memory budget of a [`MemoCounter`]: 1 GiB.
pub const DEFAULT_MEMORY_LIMIT: usize = 1 << 30;

/// The default budget in MiB, as the command line's `--memo-mb` and
/// Python's `memory_mb=` take it: [`DEFAULT_MEMORY_LIMIT`].
pub const DEFAULT_MEMORY_MB: u64 = (DEFAULT_MEMORY_LIMIT >> 20) as u64;

/// The largest budget in MiB a user may give (`--memo-mb`, `memory_mb=`):
/// 2⁴⁰ MiB, far beyond any machine, so that a larger number is a typo
/// refused, not a budget.
pub const MAX_MEMORY_MB: u64 = 1 << 40;

/// A budget of `mb` MiB in bytes, what [`MemoCounter::new`] and the ZDD
/// take; more than the address space can hold saturates.
///
/// ```
/// assert_eq!(dance_dlx::memory_of_mb(dance_dlx::DEFAULT_MEMORY_MB), dance_dlx::DEFAULT_MEMORY_LIMIT);
/// assert_eq!(dance_dlx::memory_of_mb(u64::MAX), usize::MAX);
/// ```
pub fn memory_of_mb(mb: u64) -> usize {
    usize::try_from(mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX)
}

/// Why a count with the memo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoError {
    /// A [`SharedMemo`] was asked for a problem with multiplicities
    /// (Algorithm M), whose keys hold within one selection only (see
    /// [`MemoCounter`]); a [`MemoCounter`] of its own counts them.
    #[error(
        "a shared memo needs every primary item covered exactly once, but this problem has \
         multiplicities (Algorithm M); count it with a memo of its own (one thread)"
    )]
    Multiplicities,
    /// The solver's problem is not the one the memo was made for.
    #[error("the memo was made for another problem")]
    OtherProblem,
}

/// The work and the memory of a [`MemoCounter`], added up over its counts:
/// the search's work as every search counts it, and what the memo did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MemoStats {
    /// The search's work: [`nodes`](Stats::nodes) (options tried) and link
    /// [`updates`](Stats::updates); a memo count does not count guesses,
    /// solutions or cuts (its solutions are counts added up, mostly from
    /// the memo), so they stay 0.
    pub search: Stats,
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

impl MemoStats {
    /// These figures and those of `part`, another counter of the same
    /// [shared](SharedMemo) memo: their work and lookups added up, the
    /// memo's entries, evictions and bytes as the later look at the one
    /// memo found them (each counter reports the whole memo's).
    pub(crate) fn with_part(self, part: &MemoStats) -> MemoStats {
        let mut search = self.search;
        search += part.search;
        MemoStats {
            search,
            hits: self.hits + part.hits,
            misses: self.misses + part.misses,
            entries: self.entries.max(part.entries),
            evictions: self.evictions.max(part.evictions),
            bytes: self.bytes.max(part.bytes),
        }
    }
}

/// Counts the solutions of one problem with a memo of its subproblems,
/// within a memory budget: a state of the links met again adds its stored
/// count instead of being searched again (the key is the set of open items and,
/// with colors, the secondary items' colors; docs/design.md has the details).
///
/// The memo outlives a count: counting the same problem again, or with other
/// options [selected](Solver::select) (subproblems of a split search), uses
/// what earlier counts stored, since a stored count belongs to a state of the
/// links, whatever led there. Counters made by [`SharedMemo::counter`] keep
/// their counts in one memo that threads share.
///
/// Problems with multiplicities (Algorithm M's bounds, with colors and
/// secondary items too) are counted as well. The key of their state is
/// the secondary items' bits and colors and, for every primary item, 0 when
/// no further option may cover it (covered, or left by a null move), else
/// its remaining bound and the top node of its list: Algorithm M tweaks
/// options off the top of a list, so the options of an item tweaked away
/// are exactly those above its top, and with the bounds the key holds the
/// whole residual problem (docs/design.md, "Counting with a memo", has the
/// argument). A selected option leaves the lists of items that may stay
/// open, so there a stored count holds within one selection: the counter
/// empties its table when the selection changes, and a [`SharedMemo`]
/// refuses such problems.
#[derive(Clone, Debug)]
pub struct MemoCounter {
    walk: Walk,
    memory: Memory,
}

/// Where a [`MemoCounter`] keeps its counts.
#[derive(Clone, Debug)]
enum Memory {
    Own(Table),
    /// The memo, this counter's view of each of its shards, and the bytes
    /// of a counter's state taken from the memo's budget — once for a
    /// counter and its clones, as `-j1`'s budget holds one walk.
    Shared(
        SharedMemo,
        Vec<View>,
        #[expect(dead_code, reason = "kept for its Drop, which gives the bytes back")]
        std::sync::Arc<Held>,
    ),
}

/// The order in which a [`MemoCounter`] tries the options of each level.
///
/// Threads that share a [`SharedMemo`] should not all walk the states in
/// the same order: below its first few levels, every subproblem of a tiling
/// leads into the same states, so a thread that follows another one top
/// down catches up with it and then counts, at the same time, the very
/// states the other is counting (neither has stored them yet). A thread
/// that tries the options bottom up walks the same states from the other
/// end: the two count different states until they meet, and from then on
/// each finds what the other stored. On the 16×16 domino board two
/// top-down threads tried 3.8 M nodes where one thread tries 2.2 M; one
/// top-down and one bottom-up, 2.2 M (`benches/memo.sh threads`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OptionOrder {
    /// Each level's options in column order, as every other search.
    #[default]
    TopDown,
    /// Each level's options from the bottom of the column up.
    BottomUp,
}

/// What a counter keeps from one count to the next, besides the counts.
#[derive(Clone, Debug)]
struct Walk {
    /// What the solver's links must look like (see [`fingerprint_of`]).
    fingerprint: u64,
    /// The order the search breaks ties in.
    order: Order,
    /// The key of the current state of the links.
    key: Key,
    /// How the memo pays at each level of the search.
    levels: Vec<Level>,
    /// The levels being counted.
    frames: Vec<Frame>,
    /// Nodes, updates, hits and misses so far.
    stats: MemoStats,
    /// The order each level's options are tried in.
    order_of_options: OptionOrder,
    /// Nodes between two looks at the stop: a node's work is the plain
    /// search's and the hashing of its key.
    nodes_per_look: u64,
    /// For Algorithm M, the options selected at the last count. An M key
    /// speaks of the options still in the lists, and a selected option
    /// leaves the lists of items that may stay open; so the counts stored
    /// under one selection serve that selection only, and an own table is
    /// emptied when the selection changes.
    selection: Option<Vec<OptionId>>,
    /// The budget of an own table, to empty it (see `selection`).
    table_bytes: usize,
}

impl MemoCounter {
    /// A memo for `solver`'s problem, holding at most `max_bytes` bytes of
    /// stored counts (a budget too small for one entry stores nothing and
    /// counts like the plain search). A problem with multiplicities is
    /// counted too (see [`MemoCounter`]).
    pub fn new(solver: &Solver, max_bytes: usize) -> Result<MemoCounter, MemoError> {
        let mut walk = Walk::new(solver)?;
        // The budget holds the walk's own state too.
        let table_bytes = max_bytes.saturating_sub(walk.bytes() as usize);
        walk.table_bytes = table_bytes;
        Ok(MemoCounter {
            memory: Memory::Own(Table::new(walk.key.words.len(), table_bytes)),
            walk,
        })
    }

    /// The number of solutions of `solver`'s problem with its selected
    /// options, exactly. Any search in progress on `solver` is abandoned.
    pub fn count(&mut self, solver: &mut Solver) -> Result<ExactCount, MemoError> {
        self.count_until(solver, &Stop::never(), |_| {})
            .map(|count| count.solutions)
    }

    /// [`count`](Self::count) until `stop` comes: the count looks at it
    /// between slices of at most [`CHECK_INTERVAL`](crate::CHECK_INTERVAL)
    /// nodes and [`WORK_PER_LOOK`](crate::WORK_PER_LOOK) units of work (a
    /// node's lookup hashes the whole key, so a wide problem looks every
    /// few nodes), and hands `watch` the statistics so far at every look (a
    /// progress bar's; `watch` cannot stop the count, the stop does). When
    /// the stop comes, what is returned is the sum of the subproblems
    /// finished by then — a lower bound, marked not
    /// [`complete`](Count::complete). Either way the solver's links
    /// are left as they were.
    ///
    /// ```
    /// use std::time::Instant;
    /// use dance_dlx::{MemoCounter, Solver, Stop, problems::domino_tilings};
    ///
    /// let mut solver = Solver::new(&domino_tilings(16, 16));
    /// let mut memo = MemoCounter::new(&solver, 64 << 20)?;
    /// let stopped = memo.count_until(&mut solver, &Stop::at(Instant::now()), |_| {})?;
    /// assert!(!stopped.complete);
    /// # Ok::<(), dance_dlx::MemoError>(())
    /// ```
    pub fn count_until(
        &mut self,
        solver: &mut Solver,
        stop: &Stop,
        watch: impl FnMut(&MemoStats),
    ) -> Result<Count<ExactCount>, MemoError> {
        let alarm = stop.start();
        match &mut self.memory {
            Memory::Own(table) => {
                if solver.multiplicities.is_some() {
                    let selection: Vec<OptionId> = solver.selected().collect();
                    if self.walk.selection.as_ref() != Some(&selection) {
                        *table = Table::new(self.walk.key.words.len(), self.walk.table_bytes);
                        self.walk.selection = Some(selection);
                    }
                }
                self.walk.count(solver, table, alarm, watch)
            }
            Memory::Shared(memo, views, _) => {
                let store = SharedStore { memo, views };
                self.walk.count(solver, store, alarm, watch)
            }
        }
    }

    /// Sets the order in which the counter tries each level's options (top
    /// to bottom unless set): the count is the same either way, the walk
    /// of the states is not. See [`OptionOrder`].
    pub fn set_option_order(&mut self, order: OptionOrder) {
        self.walk.order_of_options = order;
    }

    /// The order in which the counter tries each level's options.
    pub fn option_order(&self) -> OptionOrder {
        self.walk.order_of_options
    }

    /// The statistics of every count so far, and the memo's size now — for
    /// a [shared](SharedMemo) memo, the size of the whole memo, which every
    /// counter of it shares.
    pub fn stats(&self) -> MemoStats {
        let mut stats = match &self.memory {
            Memory::Own(table) => {
                let mut stats = table.stats();
                stats.bytes += self.walk.bytes();
                stats
            }
            // The memo's bytes hold every counter's state.
            Memory::Shared(memo, ..) => memo.stats(),
        };
        stats.search = self.walk.stats.search;
        stats.hits = self.walk.stats.hits;
        stats.misses = self.walk.stats.misses;
        stats
    }
}

impl Walk {
    fn new(solver: &Solver) -> Result<Walk, MemoError> {
        let depth = solver.stack.len();
        let key = if solver.multiplicities.is_some() {
            Key::bounded(&solver.links)
        } else {
            Key::new(&solver.links)
        };
        let work_per_node = solver.links.work_per_node() + 4 * key.words.len() as u64;
        Ok(Walk {
            fingerprint: fingerprint_of(solver),
            order: Order::new(&solver.links),
            key,
            nodes_per_look: nodes_per_look(work_per_node),
            levels: vec![Level::default(); depth],
            frames: vec![Frame::default(); depth],
            stats: MemoStats::default(),
            order_of_options: OptionOrder::TopDown,
            selection: None,
            table_bytes: 0,
        })
    }

    /// Bytes of the walk's own state.
    fn bytes(&self) -> u64 {
        (self.key.words.capacity() * 8
            + self.frames.capacity() * size_of::<Frame>()
            + self.levels.capacity() * size_of::<Level>()
            + self.order.bytes()) as u64
    }

    /// See [`MemoCounter::count_until`]; counts kept in `store`.
    fn count<S: Store>(
        &mut self,
        solver: &mut Solver,
        store: S,
        alarm: Alarm<'_>,
        watch: impl FnMut(&MemoStats),
    ) -> Result<Count<ExactCount>, MemoError> {
        if fingerprint_of(solver) != self.fingerprint {
            return Err(MemoError::OtherProblem);
        }
        solver.rewind();
        self.key.start(solver);
        self.order.apply(&mut solver.links);
        let up = self.order_of_options == OptionOrder::BottomUp;
        let bounded = solver.multiplicities.is_some();
        let count = match (solver.links.is_colored(), up) {
            // Algorithm M tries each level's options top down.
            (true, _) if bounded => self.run_bounded::<S, true>(solver, store, alarm, watch),
            (false, _) if bounded => self.run_bounded::<S, false>(solver, store, alarm, watch),
            (true, false) => self.run::<S, true, false>(solver, store, alarm, watch),
            (false, false) => self.run::<S, false, false>(solver, store, alarm, watch),
            (true, true) => self.run::<S, true, true>(solver, store, alarm, watch),
            (false, true) => self.run::<S, false, true>(solver, store, alarm, watch),
        };
        self.order.undo(&mut solver.links);
        self.stats.search.updates += solver.links.updates;
        solver.links.updates = 0;
        Ok(count)
    }

    /// Drives [`Counting`] over `solver`'s links until the tree is
    /// exhausted or `alarm` rings.
    fn run<S: Store, const COLORED: bool, const UP: bool>(
        &mut self,
        solver: &mut Solver,
        store: S,
        alarm: Alarm<'_>,
        watch: impl FnMut(&MemoStats),
    ) -> Count<ExactCount> {
        let Solver {
            links,
            stack,
            driver,
            ..
        } = solver;
        let mut counting = Counting::<S, COLORED, UP> {
            links,
            stack,
            key: &mut self.key,
            levels: &mut self.levels,
            frames: &mut self.frames,
            store,
            nodes: self.stats.search.nodes,
            hits: 0,
            misses: 0,
            pending: ExactCount::ZERO,
            abandoning: false,
        };
        drive(
            driver,
            &mut counting,
            &mut self.stats,
            self.nodes_per_look,
            alarm,
            watch,
        )
    }

    /// [`run`](Self::run) for a problem with multiplicities: the driver
    /// over [`BoundedCounting`].
    fn run_bounded<S: Store, const COLORED: bool>(
        &mut self,
        solver: &mut Solver,
        store: S,
        alarm: Alarm<'_>,
        watch: impl FnMut(&MemoStats),
    ) -> Count<ExactCount> {
        let Solver {
            links,
            stack,
            driver,
            multiplicities,
            ..
        } = solver;
        let m = multiplicities
            .as_mut()
            .expect("run_bounded is called for a problem with multiplicities");
        let mut counting = BoundedCounting::<S, COLORED> {
            links,
            m,
            stack,
            key: &mut self.key,
            levels: &mut self.levels,
            frames: &mut self.frames,
            store,
            nodes: self.stats.search.nodes,
            hits: 0,
            misses: 0,
            pending: ExactCount::ZERO,
            abandoning: false,
        };
        drive(
            driver,
            &mut counting,
            &mut self.stats,
            self.nodes_per_look,
            alarm,
            watch,
        )
    }
}

/// Drives `counting` — the memo's matrix over a solver's links, on either
/// algorithm — until its tree is exhausted or `alarm` rings, `per_look`
/// nodes between two looks, showing `watch` the figures after each slice;
/// then adds its nodes, hits and misses to `stats` (the counter's, which
/// hold the earlier counts' too; the updates are added by the caller).
fn drive<M: MemoMatrix>(
    driver: &mut Driver,
    counting: &mut M,
    stats: &mut MemoStats,
    per_look: u64,
    alarm: Alarm<'_>,
    mut watch: impl FnMut(&MemoStats),
) -> Count<ExactCount> {
    let complete = loop {
        if alarm.rung() {
            counting.abandon();
            driver.unwind(counting);
            break false;
        }
        match driver.resume(counting, per_look) {
            Event::Exhausted => break true,
            // Solutions are counted as known subtrees: the driver never
            // stops at one.
            Event::Solution | Event::BudgetSpent => {}
        }
        let (nodes, hits, misses, updates) = counting.work();
        let mut now = counting.memo();
        now.search.nodes = nodes;
        now.hits = stats.hits + hits;
        now.misses = stats.misses + misses;
        now.search.updates = stats.search.updates + updates;
        watch(&now);
    };
    let (nodes, hits, misses, _) = counting.work();
    stats.search.nodes = nodes;
    stats.hits += hits;
    stats.misses += misses;
    Count {
        solutions: counting.take_pending(),
        complete,
    }
}

/// A hash of what makes a problem: the item counts and every option node's
/// item and color, as built (the headers hold the columns' lengths, which the
/// selection changes) — the same for every shuffle and selection of one
/// problem, so a memo serves them all, and different for nearly any other
/// problem. The selection is undone to read the colors as built (a
/// purified item marks the nodes that agree with it) and redone after.
/// Linear in the problem's size, so worked out once per problem: a solver
/// keeps it, and its clones (the threads of a count) share it — a count of
/// each subproblem checks it again.
fn fingerprint_of(solver: &Solver) -> u64 {
    *solver
        .fingerprint
        .get_or_init(|| fingerprint_of_links(solver))
}

/// [`fingerprint_of`], worked out.
fn fingerprint_of_links(solver: &Solver) -> u64 {
    let links = &solver.links;
    let mut words = vec![u64::from(links.primary), u64::from(links.item_count)];
    words.extend(
        links.top[links.item_count as usize + 1..]
            .iter()
            .map(|&top| top as u32 as u64),
    );
    if links.is_colored() || solver.multiplicities.is_some() {
        let mut built = solver.clone();
        built.reset();
        if links.is_colored() {
            words.extend(built.links.colors.iter().map(|&c| c as u32 as u64));
        }
        // A problem's bounds are part of it: the same options with other
        // bounds have other counts.
        if let Some(m) = &built.multiplicities {
            words.extend(m.limit_words());
        }
    }
    Table::hash(&words)
}

impl Solver {
    /// The number of solutions, exactly whatever its size, counted with a
    /// memo of subproblems within [`DEFAULT_MEMORY_LIMIT`] bytes: see
    /// [`MemoCounter`], which also gives the statistics and a budget of
    /// one's own. Problems with multiplicities are counted too.
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
