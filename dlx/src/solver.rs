//! The [`Solver`]: the public face of Algorithms X, C and M.
//!
//! The search is the [`Driver`]'s walk (Knuth's steps X2–X8, in
//! [`driver`](crate::driver)) over the [`Links`], seen as Algorithms X and
//! C's matrix ([`Exact`]) or as Algorithm M's ([`Bounded`]); its depth is
//! bounded only by the preallocated level stack, and it can stop after any
//! solution or after a budget of nodes and continue later. Every public
//! operation leaves the links exactly as built plus the selected options.
//!
//! The two matrices share the level stack; the choice between them is made
//! once, in [`Solver::new`], and each public operation dispatches on it
//! before entering the driver's loop, so the loop of Algorithms X and C pays
//! nothing for Algorithm M.

use std::ops::ControlFlow;

use crate::contract::request::Stop;
use crate::machine::bitsets::{Bitsets, Bitwise};
use crate::machine::driver::{Driver, Event, Stats};
use crate::machine::exact::Exact;
use crate::machine::links::Links;
use crate::machine::multiplicity::{Bounded, Multiplicities};
use crate::model::ids::OptionId;
use crate::model::problem::Problem;
use crate::rng::SplitMix64;

/// Where the search finds a dead end: a primary item that no option can
/// cover any more. Both rules choose the same item at every level (MRV: the
/// primary item with the fewest options, ties to the first in item order),
/// try the same options in the same order and find the same solutions in
/// the same order; they differ in the subtrees below an option that leaves
/// some item with no option, and so in the nodes they count (see
/// [`Solver::set_dead_ends`]). Algorithm M (bounds) always finds them at
/// the choice.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DeadEnds {
    /// While the option that makes it is committed: as soon as covering the
    /// option's items empties the column of a primary item outside the
    /// option, the commit stops, is undone, and the option (counted as one
    /// node) is followed by the next. This is how Knuth's SSXCC finds them;
    /// the tree is that of his DLX1 and DLX2, whose node counts are one more
    /// (they count the root). The default.
    #[default]
    AtCommit,
    /// At the next level, when its choice of item meets an empty column.
    /// The choice stops at the first item (in item order) with at most one
    /// option, so below an option that emptied an item that comes later,
    /// the forced moves before it are made first, each a node. Algorithm X
    /// as written, and the tree the Sudoku rating is defined on.
    AtChoice,
}

/// How the matrix of Algorithms X and C is kept while the search walks it.
/// Both walk the same tree — the same items chosen, the same options tried
/// in the same order, the same nodes, guesses and solutions — at different
/// costs per step; only [`Stats::updates`] counts each one's own work.
/// [`Solver::new`] picks one per problem (see
/// [`Solver::set_representation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Representation {
    /// Dancing links: Knuth's toroidal lists (DLX1, DLX2) — a removed node
    /// is unlinked from its column and linked back on the way back.
    Links,
    /// A bit per option in each item's list and a count of active options
    /// per primary item: a removal clears bits and decrements counts in
    /// small arrays, and the way back copies back those of a moment (one
    /// copy per level that branches). Only for [`DeadEnds::AtCommit`] and
    /// problems without multiplicities.
    Bitsets,
}

/// `links` or `bitsets`, the words `dance cover --stats` prints.
impl std::fmt::Display for Representation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Representation::Links => "links",
            Representation::Bitsets => "bitsets",
        })
    }
}

/// The most memory [`Representation::Bitsets`] may take for its copies of the
/// counts and words (one per level of the deepest search) and its lists of
/// each option's other items: beyond it, a problem is searched on the links.
const BITSETS_COPIES_LIMIT: usize = 16 << 20;

impl Representation {
    /// Whether [`Representation::Bitsets`] can serve a problem with these
    /// links: no multiplicities, and its copies and lists within
    /// [`BITSETS_COPIES_LIMIT`].
    fn bitsets_can_serve(links: &Links, multiplicities: bool, depth: usize) -> bool {
        !multiplicities && Bitsets::copies_bytes(links, depth) <= BITSETS_COPIES_LIMIT
    }

    /// The representation a new solver uses: the bitsets where they can
    /// serve and [pay](Bitsets::pays), else the links.
    fn chosen_for(links: &Links, multiplicities: bool, depth: usize) -> Representation {
        if Representation::bitsets_can_serve(links, multiplicities, depth) && Bitsets::pays(links) {
            Representation::Bitsets
        } else {
            Representation::Links
        }
    }
}

/// A number of solutions and whether it is exact: what a search with a
/// limit, a stop or both found. `N` is the number's type: `u64` for the
/// searches, [`ExactCount`](crate::ExactCount) for the memo's counts, which
/// outgrow it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count<N = u64> {
    /// Solutions found: the exact count when `complete`, else a lower
    /// bound (at most the limit, or what was found before the stop).
    pub solutions: N,
    /// `true` when the whole search tree was explored, so `solutions` is the
    /// exact count; `false` when the limit or the stop ended the search.
    pub complete: bool,
}

/// Why [`Solver::select`] refused an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelectError {
    /// The option does not exist in the problem.
    #[error("option {0} does not exist")]
    UnknownOption(OptionId),
    /// The option shares an item with an option already selected (or gives a
    /// secondary item a different color), so no solution contains both. With
    /// multiplicities: one of its primary items is covered by the selected
    /// options as often as its upper bound allows, or the option is selected
    /// already.
    #[error("option {0} conflicts with the options already selected")]
    Conflict(OptionId),
}

/// Searches one problem, as many times as wanted.
///
/// Build it once with [`Solver::new`] (or [`Solver::with_seed`] for a shuffled
/// option order); then any number of times: [`select`] options every solution
/// must contain, search ([`first`], [`count`], [`count_up_to`], [`search`],
/// [`solutions`] or the low-level [`resume`]), and [`unselect`] or [`reset`].
/// The search itself allocates nothing after `new`;
/// [`shuffle`](Solver::shuffle), [`branch`](Solver::branch),
/// [`split`](Solver::split) and [`estimate`](Solver::estimate) do, and so do
/// the vectors that [`first`] and [`solutions`] return.
///
/// The search is chosen once, by `new`: Algorithms X and C (DLX1, DLX2) when
/// every primary item is to be covered exactly once, Algorithm M (DLX3) when
/// some item has [bounds](crate::ProblemBuilder::primary_with_bounds). The
/// API is the same for both.
///
/// [`select`]: Solver::select
/// [`first`]: Solver::first
/// [`count`]: Solver::count
/// [`count_up_to`]: Solver::count_up_to
/// [`search`]: Solver::search
/// [`solutions`]: Solver::solutions
/// [`resume`]: Solver::resume
/// [`unselect`]: Solver::unselect
/// [`reset`]: Solver::reset
#[derive(Clone, Debug)]
pub struct Solver {
    pub(crate) links: Links,
    /// Algorithm M's bounds, when the problem has multiplicities.
    pub(crate) multiplicities: Option<Multiplicities>,
    /// `stack[l]` is the node of the option tried at level `l` (Knuth's
    /// `x_l`) — or, in Algorithm M, the header of the item that level left
    /// alone; levels below the driver's base hold the selected options.
    pub(crate) stack: Vec<u32>,
    pub(crate) driver: Driver,
    dead_ends: DeadEnds,
    /// The bitsets, kept in step with the links' selections, when the
    /// search may run on them.
    bitsets: Option<Bitsets>,
    representation: Representation,
    /// Scratch for the solution handed to a visitor.
    solution: Vec<OptionId>,
    /// Nodes between two looks at a stop, from the bound on a node's work
    /// ([`Links::work_per_node`]).
    nodes_per_look: u64,
    /// The memo's fingerprint of the problem, once a memo asked for it:
    /// the same for every selection and shuffle.
    pub(crate) fingerprint: std::sync::OnceLock<u64>,
    /// The cost of every option, or empty when none has one: read only by
    /// the search for the cheapest solutions.
    pub(crate) costs: std::sync::Arc<[u64]>,
}

impl Solver {
    /// Builds the dancing links for `problem`, options in the order they were
    /// given.
    pub fn new(problem: &Problem) -> Solver {
        Solver::around(problem, Links::new(problem))
    }

    /// [`new`](Self::new), unless `stop` comes first: the build looks at it
    /// every few tens of thousands of nodes laid out, so that a call with a
    /// deadline on a problem of millions of entries ends on time even when
    /// the deadline passes before the search begins. `None` when it stopped;
    /// a timeout of `stop` runs from this call.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use dance_dlx::{Solver, Stop, problems::n_queens};
    ///
    /// let problem = n_queens(8);
    /// assert_eq!(Solver::new_until(&problem, &Stop::never()).map(|mut s| s.count()), Some(92));
    /// let raised = Stop::when(Arc::new(AtomicBool::new(true)));
    /// assert!(Solver::new_until(&dance_dlx::problems::n_queens(200), &raised).is_none());
    /// ```
    pub fn new_until(problem: &Problem, stop: &Stop) -> Option<Solver> {
        let alarm = stop.start();
        let links = Links::build(problem, || if alarm.rung() { Err(()) } else { Ok(()) }).ok()?;
        Some(Solver::around(problem, links))
    }

    /// The solver of `problem` on its links.
    fn around(problem: &Problem, links: Links) -> Solver {
        let links_work = links.work_per_node();
        let multiplicities = Multiplicities::new(problem, &links);
        // A level of Algorithm X covers at least one primary item, so
        // `primary + 1` levels suffice; Algorithm M's levels are bounded in
        // `Multiplicities::depth`.
        let depth = match &multiplicities {
            None => links.primary as usize + 1,
            Some(m) => m.depth(),
        };
        let representation = Representation::chosen_for(&links, multiplicities.is_some(), depth);
        let bitsets =
            (representation == Representation::Bitsets).then(|| Bitsets::new(&links, depth));
        Solver {
            links,
            multiplicities,
            stack: vec![0; depth],
            driver: Driver::new(),
            dead_ends: DeadEnds::default(),
            bitsets,
            representation,
            solution: Vec::with_capacity(depth),
            nodes_per_look: crate::nodes_per_look(links_work),
            fingerprint: std::sync::OnceLock::new(),
            costs: if problem.has_costs() {
                problem
                    .options()
                    .map(|(option, _)| problem.option_cost(option))
                    .collect()
            } else {
                std::sync::Arc::from([])
            },
        }
    }

    /// Nodes to search between two looks at a [`Stop`](crate::Stop), so
    /// that a look comes every [`WORK_PER_LOOK`](crate::WORK_PER_LOOK)
    /// units of work (items scanned, links updated) at most, whatever the
    /// width of the problem: [`CHECK_INTERVAL`](crate::CHECK_INTERVAL) for
    /// a narrow problem, a few dozen for one of 100,000 items.
    ///
    /// ```
    /// use dance_dlx::{CHECK_INTERVAL, ProblemBuilder, Solver, problems::n_queens};
    ///
    /// assert_eq!(Solver::new(&n_queens(8)).nodes_per_look(), CHECK_INTERVAL);
    /// let mut wide = ProblemBuilder::new();
    /// let items = (0..100_000)
    ///     .map(|k| wide.primary(format!("i{k}")))
    ///     .collect::<Result<Vec<_>, _>>()?;
    /// for pair in items.chunks(2) {
    ///     wide.option(pair.iter().copied())?;
    /// }
    /// assert!(Solver::new(&wide.build()).nodes_per_look() < 100);
    /// # Ok::<(), dance_dlx::BuildError>(())
    /// ```
    pub fn nodes_per_look(&self) -> u64 {
        self.nodes_per_look
    }

    /// Builds the dancing links for `problem` with the options of every item
    /// in a random order fixed by `seed`: the same as [`new`](Self::new)
    /// followed by [`shuffle`](Self::shuffle).
    ///
    /// The solutions and their number do not change, only the order in which
    /// they are found — so the first solution is a random one, and the same
    /// seed gives the same one on every machine.
    ///
    /// ```
    /// use dance_dlx::{Solver, problems::n_queens};
    ///
    /// let problem = n_queens(8);
    /// let first = Solver::with_seed(&problem, 7).first();
    /// assert_eq!(Solver::with_seed(&problem, 7).first(), first);
    /// assert_eq!(Solver::with_seed(&problem, 7).count(), 92);
    /// ```
    pub fn with_seed(problem: &Problem, seed: u64) -> Solver {
        let mut solver = Solver::new(problem);
        solver.shuffle(seed);
        solver
    }

    /// Puts the options of every item in a random order fixed by `seed`
    /// (from the order they were given, so earlier shuffles do not matter).
    /// Any search in progress is abandoned; the selected options stay
    /// selected.
    ///
    /// The permutations come from a SplitMix64 generator seeded with `seed`,
    /// one unbiased Fisher–Yates shuffle per item in the internal item order
    /// (primary items, then secondary, each in declaration order). Only
    /// integer arithmetic is involved, so they are the same on every machine.
    /// The choice of item stays deterministic (the fewest options first, ties
    /// to the first), so the solutions are found in a random order but not
    /// with uniform probability.
    pub fn shuffle(&mut self, seed: u64) {
        let selected: Vec<OptionId> = self.selected().collect();
        self.reset();
        self.links.shuffle(&mut SplitMix64::new(seed));
        if self.bitsets.is_some() {
            self.bitsets = Some(Bitsets::new(&self.links, self.stack.len()));
        }
        for option in selected {
            let reselected = self.select(option);
            debug_assert!(reselected.is_ok(), "a selection stays compatible");
        }
    }

    /// Chooses where the search finds dead ends ([`DeadEnds::AtCommit`] until
    /// this is called). Any search in progress is abandoned; the selected
    /// options stay selected.
    ///
    /// The solutions and their order do not depend on it, only the work:
    /// with [`DeadEnds::AtCommit`] an option whose commit empties an item is
    /// one node, and its partial commit is undone at once; with
    /// [`DeadEnds::AtChoice`] the option is committed whole, and the next
    /// level finds the empty item — or first makes the forced moves of the
    /// items before it, each one more node.
    ///
    /// ```
    /// use dance_dlx::{DeadEnds, Solver, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(8));
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats().nodes, 1198); // Knuth's DLX1 reports 1199
    /// solver.set_dead_ends(DeadEnds::AtChoice);
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats().nodes, 1372);
    /// ```
    pub fn set_dead_ends(&mut self, dead_ends: DeadEnds) {
        self.restart();
        self.dead_ends = dead_ends;
    }

    /// Where the search finds dead ends: see [`set_dead_ends`](Self::set_dead_ends).
    pub fn dead_ends(&self) -> DeadEnds {
        self.dead_ends
    }

    /// Chooses how the matrix is kept while the search walks it. The tree,
    /// the solutions and their order do not depend on it, nor do nodes and
    /// guesses: only the time per step, and [`Stats::updates`], which counts
    /// the representation's own removals. [`Representation::Bitsets`] needs
    /// [`DeadEnds::AtCommit`] and a problem without multiplicities, and
    /// memory for a copy of the counts and bits per level; where it cannot
    /// serve, the search runs on the links whatever is asked
    /// ([`representation`](Self::representation) says which). Any search
    /// in progress is abandoned; the selected options stay selected.
    ///
    /// [`Solver::new`] picks [`Representation::Bitsets`] where it can serve
    /// (its copies and lists within 16 MiB) and where a commit should clear
    /// more bits than a copy takes words; the links otherwise.
    /// `benches/representations.sh` races the two (`dance cover
    /// --representation`).
    ///
    /// ```
    /// use dance_dlx::{Representation, Solver, problems::pentominoes};
    ///
    /// let mut solver = Solver::new(&pentominoes(3, 20));
    /// assert_eq!(solver.representation(), Representation::Bitsets);
    /// assert_eq!(solver.count(), 8);
    /// let bitsets = solver.stats();
    /// solver.set_representation(Representation::Links);
    /// assert_eq!(solver.count(), 8);
    /// assert_eq!((solver.stats().nodes, solver.stats().guesses), (bitsets.nodes, bitsets.guesses));
    /// ```
    pub fn set_representation(&mut self, representation: Representation) {
        self.restart();
        self.representation = representation;
        if representation == Representation::Bitsets && self.bitsets.is_none() {
            let depth = self.stack.len();
            let multiplicities = self.multiplicities.is_some();
            if Representation::bitsets_can_serve(&self.links, multiplicities, depth) {
                let selected: Vec<OptionId> = self.selected().collect();
                self.reset();
                self.bitsets = Some(Bitsets::new(&self.links, depth));
                for option in selected {
                    let reselected = self.select(option);
                    debug_assert!(reselected.is_ok(), "a selection stays compatible");
                }
            }
        }
    }

    /// The representation the search runs on, as things stand: see
    /// [`set_representation`](Self::set_representation).
    pub fn representation(&self) -> Representation {
        if self.uses_bitsets() {
            Representation::Bitsets
        } else {
            Representation::Links
        }
    }

    /// Makes `option` part of every solution from now on: its items are
    /// covered (or purified) as if the search had tried it — with
    /// multiplicities, it counts towards the bounds of its primary items.
    /// Fails, changing nothing, when the option conflicts with those already
    /// selected: it shares an item with one of them (a primary item already
    /// covered as often as its upper bound allows, or a secondary item without
    /// agreeing colors), or it is selected already.
    ///
    /// Any search in progress is abandoned first.
    pub fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        self.restart();
        let &first = self
            .links
            .option_start
            .get(option.index())
            .ok_or(SelectError::UnknownOption(option))?;
        let p = self
            .links
            .selectable_node(first)
            .ok_or(SelectError::Conflict(option))?;
        let colored = self.links.is_colored();
        match &mut self.multiplicities {
            Some(m) if colored => m.select::<true>(&mut self.links, p),
            Some(m) => m.select::<false>(&mut self.links, p),
            None => {
                let item = self.links.top[p as usize] as u32;
                if colored {
                    self.links.cover::<true>(item);
                    self.links.commit_others::<true>(p);
                } else {
                    self.links.cover::<false>(item);
                    self.links.commit_others::<false>(p);
                }
            }
        }
        let base = self.driver.base();
        if let Some(bitsets) = &mut self.bitsets {
            let (option, item) = (self.links.option_of(p).0, self.links.top[p as usize] as u32);
            if colored {
                bitsets.select::<true>(base, option, item);
            } else {
                bitsets.select::<false>(base, option, item);
            }
        }
        self.stack[base] = p;
        self.driver.restart(base + 1);
        Ok(())
    }

    /// Undoes the most recent [`select`](Self::select) and returns its option,
    /// or `None` when nothing is selected. Any search in progress is abandoned
    /// first.
    pub fn unselect(&mut self) -> Option<OptionId> {
        self.restart();
        let base = self.driver.base().checked_sub(1)?;
        self.driver.restart(base);
        if let Some(bitsets) = &mut self.bitsets {
            bitsets.unselect(base);
        }
        let p = self.stack[base];
        let colored = self.links.is_colored();
        match &mut self.multiplicities {
            Some(m) if colored => m.unselect::<true>(&mut self.links, p),
            Some(m) => m.unselect::<false>(&mut self.links, p),
            None => {
                let item = self.links.top[p as usize] as u32;
                if colored {
                    self.links.uncommit_others::<true>(p);
                    self.links.uncover::<true>(item);
                } else {
                    self.links.uncommit_others::<false>(p);
                    self.links.uncover::<false>(item);
                }
            }
        }
        Some(self.links.option_of(p))
    }

    /// Abandons any search in progress and undoes every selection: the links
    /// are exactly as [`new`](Self::new) (or the last
    /// [`shuffle`](Self::shuffle)) left them.
    pub fn reset(&mut self) {
        while self.unselect().is_some() {}
    }

    /// The selected options, in the order they were selected.
    pub fn selected(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.stack[..self.driver.base()]
            .iter()
            .map(|&p| self.links.option_of(p))
    }

    /// The statistics of the current (or last) search.
    pub fn stats(&self) -> Stats {
        let bitsets = self.bitsets.as_ref().map_or(0, |bitsets| bitsets.updates);
        Stats {
            updates: self.links.updates + bitsets,
            ..self.driver.stats()
        }
    }

    /// The first solution (selected options included), or `None`.
    pub fn first(&mut self) -> Option<Vec<OptionId>> {
        self.rewind();
        let found = self.run_to_event() == Event::Solution;
        let solution = found.then(|| self.solution().collect());
        self.unwind();
        solution
    }

    /// The number of solutions.
    pub fn count(&mut self) -> u64 {
        self.run(&crate::Request::new(crate::Goal::All))
            .count
            .solutions
    }

    /// The number of solutions, exactly up to `limit`: what
    /// [`Goal::Count`](crate::Goal::Count) answers, one word with one
    /// meaning. The count is [`complete`](Count::complete) when the problem
    /// has at most `limit` solutions — the search looks for one more to
    /// tell exactly `limit` from more — and is `limit`, a lower bound
    /// (`limit+`), when it has more.
    ///
    /// ```
    /// use dance_dlx::{Solver, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(6)); // 4 solutions
    /// assert_eq!(solver.count_up_to(4).to_string(), "4");
    /// assert_eq!(solver.count_up_to(3).to_string(), "3+");
    /// ```
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.run(&crate::Request::new(crate::Goal::Count { limit }))
            .count
    }

    /// Calls `visit` with every solution until it returns
    /// [`ControlFlow::Break`]; returns `Break(())` when the visitor stopped the
    /// search, `Continue(())` when every solution was visited.
    pub fn search(
        &mut self,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        self.rewind();
        let mut flow = ControlFlow::Continue(());
        while self.run_to_event() == Event::Solution {
            let mut solution = std::mem::take(&mut self.solution);
            solution.clear();
            solution.extend(self.solution());
            flow = visit(&solution);
            self.solution = solution;
            if flow.is_break() {
                break;
            }
        }
        self.unwind();
        flow
    }

    /// The next solution of the search, looked for during one slice at
    /// most ([`nodes_per_look`](Self::nodes_per_look) nodes, a few
    /// milliseconds however wide the problem): the lazy iterator of
    /// [`solutions`](Self::solutions) for a caller that must look at
    /// something of its own between slices and so cannot hand the search a
    /// [`Stop`](crate::Stop) — Python's signals, which only the thread that
    /// holds the interpreter may read. Like the iterator, it goes on from
    /// where the last call left off and stays [`Next::Exhausted`] once the
    /// tree is (until a [`rewind`](Self::rewind)); unlike it, the search is
    /// kept between calls.
    ///
    /// ```
    /// use dance_dlx::{Next, Solver, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(6));
    /// let mut found = 0;
    /// loop {
    ///     match solver.next_solution_within() {
    ///         Next::Solution(_) => found += 1,
    ///         Next::Paused => {} // look at what the caller must, then go on
    ///         Next::Exhausted => break,
    ///     }
    /// }
    /// assert_eq!(found, 4);
    /// assert_eq!(solver.next_solution_within(), Next::Exhausted);
    /// ```
    pub fn next_solution_within(&mut self) -> Next {
        match self.resume(self.nodes_per_look()) {
            Event::Solution => Next::Solution(self.solution().collect()),
            Event::Exhausted => Next::Exhausted,
            Event::BudgetSpent => Next::Paused,
        }
    }

    /// A lazy iterator over the solutions. Dropping it abandons the search.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.rewind();
        Solutions { solver: self }
    }

    /// Abandons any search in progress and zeroes the statistics, ready for
    /// [`resume`](Self::resume) to start a new search.
    pub fn rewind(&mut self) {
        self.restart();
        self.driver.clear_stats();
        self.links.updates = 0;
        if let Some(bitsets) = &mut self.bitsets {
            bitsets.updates = 0;
        }
    }

    /// The low-level search: runs until a solution is found, the tree is
    /// exhausted, or `node_budget` more options were tried. Call it again to
    /// continue; call [`rewind`](Self::rewind) to start over.
    ///
    /// Once the tree is exhausted, every further call returns
    /// [`Event::Exhausted`] at once, without counting anything, until
    /// [`rewind`](Self::rewind), [`select`](Self::select),
    /// [`unselect`](Self::unselect) or [`reset`](Self::reset) starts a new
    /// search.
    pub fn resume(&mut self, node_budget: u64) -> Event {
        let colored = self.links.is_colored();
        let base = self.driver.base();
        let uses_bitsets = self.uses_bitsets();
        let (links, stack, driver) = (&mut self.links, &mut self.stack[..], &mut self.driver);
        match (&mut self.multiplicities, &mut self.bitsets) {
            (None, Some(bitsets)) if uses_bitsets => {
                if colored {
                    driver.resume(&mut Bitwise::<true>::new(bitsets, stack, base), node_budget)
                } else {
                    driver.resume(
                        &mut Bitwise::<false>::new(bitsets, stack, base),
                        node_budget,
                    )
                }
            }
            (None, _) => match (colored, self.dead_ends) {
                (true, DeadEnds::AtCommit) => {
                    driver.resume(&mut Exact::<true, true>::new(links, stack), node_budget)
                }
                (false, DeadEnds::AtCommit) => {
                    driver.resume(&mut Exact::<false, true>::new(links, stack), node_budget)
                }
                (true, DeadEnds::AtChoice) => {
                    driver.resume(&mut Exact::<true, false>::new(links, stack), node_budget)
                }
                (false, DeadEnds::AtChoice) => {
                    driver.resume(&mut Exact::<false, false>::new(links, stack), node_budget)
                }
            },
            (Some(m), _) if colored => {
                driver.resume(&mut Bounded::<true>::new(m, links, stack), node_budget)
            }
            (Some(m), _) => driver.resume(&mut Bounded::<false>::new(m, links, stack), node_budget),
        }
    }

    /// Whether the search runs on the bitsets.
    fn uses_bitsets(&self) -> bool {
        self.bitsets.is_some()
            && self.representation == Representation::Bitsets
            && self.dead_ends == DeadEnds::AtCommit
    }

    /// The solution just found by [`resume`](Self::resume): the selected
    /// options, then the options the search chose.
    pub fn solution(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        SolutionOptions::new(&self.links, &self.stack[..self.driver.level()])
    }

    fn run_to_event(&mut self) -> Event {
        loop {
            match self.resume(u64::MAX) {
                Event::BudgetSpent => continue,
                event => return event,
            }
        }
    }

    /// Backs out of every level above the selection and makes the next
    /// [`resume`](Self::resume) start a new search.
    pub(crate) fn restart(&mut self) {
        self.unwind();
        self.driver.restart(self.driver.base());
    }

    /// Backs out of every level above the selection, leaving the statistics
    /// (and an exhausted search exhausted).
    pub(crate) fn unwind(&mut self) {
        let colored = self.links.is_colored();
        let base = self.driver.base();
        let uses_bitsets = self.uses_bitsets();
        let (links, stack, driver) = (&mut self.links, &mut self.stack[..], &mut self.driver);
        match (&mut self.multiplicities, &mut self.bitsets) {
            (None, Some(bitsets)) if uses_bitsets => {
                if colored {
                    driver.unwind(&mut Bitwise::<true>::new(bitsets, stack, base));
                } else {
                    driver.unwind(&mut Bitwise::<false>::new(bitsets, stack, base));
                }
            }
            // Between walks no commit is half undone, so either rule's
            // matrix unwinds the same links.
            (None, _) if colored => driver.unwind(&mut Exact::<true, false>::new(links, stack)),
            (None, _) => driver.unwind(&mut Exact::<false, false>::new(links, stack)),
            (Some(m), _) if colored => driver.unwind(&mut Bounded::<true>::new(m, links, stack)),
            (Some(m), _) => driver.unwind(&mut Bounded::<false>::new(m, links, stack)),
        }
    }

    /// The link arrays, Algorithm M's bounds and the bitsets' counts and
    /// words, to compare before and after a search.
    #[cfg(test)]
    fn structure(&self) -> Structure {
        Structure {
            items: self.links.items.clone(),
            nodes: self.links.nodes.clone(),
            colors: self.links.colors.clone(),
            bounds: self.multiplicities.as_ref().map(|m| m.bounds()),
            bitsets: self.bitsets.as_ref().map(|bitsets| bitsets.state()),
        }
    }
}

/// Everything a search changes and must put back (see [`Solver::structure`]).
#[cfg(test)]
#[derive(PartialEq)]
struct Structure {
    items: Vec<crate::machine::links::Item>,
    nodes: Vec<crate::machine::links::Node>,
    colors: Vec<i32>,
    bounds: Option<Vec<u32>>,
    bitsets: Option<(Vec<u32>, Vec<u64>)>,
}

/// The options of a solution on the level stack: every level's node but the
/// item headers that stand for Algorithm M's null moves.
struct SolutionOptions<'a> {
    links: &'a Links,
    levels: std::slice::Iter<'a, u32>,
    remaining: usize,
}

impl<'a> SolutionOptions<'a> {
    fn new(links: &'a Links, levels: &'a [u32]) -> Self {
        let remaining = levels.iter().filter(|&&p| !links.is_header(p)).count();
        SolutionOptions {
            links,
            levels: levels.iter(),
            remaining,
        }
    }
}

impl Iterator for SolutionOptions<'_> {
    type Item = OptionId;

    fn next(&mut self) -> Option<OptionId> {
        let &p = self.levels.find(|&&p| !self.links.is_header(p))?;
        self.remaining -= 1;
        Some(self.links.option_of(p))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for SolutionOptions<'_> {}

/// What one call of [`Solver::next_solution_within`] found.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Next {
    /// The next solution: its options, in the order the search chose them.
    Solution(Vec<OptionId>),
    /// The slice ended first; the next call goes on from there.
    Paused,
    /// No solution is left.
    Exhausted,
}

/// The solutions of a [`Solver`], found lazily: see [`Solver::solutions`].
///
/// Fused: after the last solution, `next` keeps returning `None` (and the
/// statistics stop counting).
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        match self.solver.run_to_event() {
            Event::Solution => Some(self.solver.solution().collect()),
            _ => None,
        }
    }
}

impl std::iter::FusedIterator for Solutions<'_> {}

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.unwind();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::problems::{langford, n_queens, rooks};
    use crate::model::text::parse_problem;

    /// Plain, colored, multiplicities with colors, and bounds `0:k` that
    /// make null moves.
    fn problems() -> Vec<Problem> {
        let colored = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
        let knuth_m = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";
        let loose = "0:2|a 1:3|b c | x\na b\na c x\nb\nb c\na x\nc b x\n";
        vec![
            n_queens(6),
            langford(4),
            parse_problem(colored).unwrap(),
            rooks(4, 2),
            parse_problem(knuth_m).unwrap(),
            parse_problem(loose).unwrap(),
        ]
    }

    /// After every kind of search, stopped or not, the links are exactly as
    /// built: every link, length and color, and every bound.
    #[test]
    fn every_operation_leaves_the_links_as_built() {
        for problem in problems() {
            for seed in [None, Some(1), Some(2)] {
                let mut solver = match seed {
                    None => Solver::new(&problem),
                    Some(seed) => Solver::with_seed(&problem, seed),
                };
                every_search_restores(&mut solver);
            }
        }
    }

    fn every_search_restores(solver: &mut Solver) {
        let built = solver.structure();
        solver.count();
        assert!(solver.structure() == built);
        solver.first();
        assert!(solver.structure() == built);
        solver.count_up_to(1);
        assert!(solver.structure() == built);
        let _ = solver.search(|_| ControlFlow::Break(()));
        assert!(solver.structure() == built);
        let mut solutions = solver.solutions();
        solutions.next();
        drop(solutions);
        assert!(solver.structure() == built);
        // Stopped by a budget anywhere in the tree, then resumed a little.
        for budget in 0..40 {
            solver.rewind();
            solver.resume(budget);
            solver.resume(budget % 3);
            solver.rewind();
            assert!(solver.structure() == built, "budget {budget}");
        }

        let first = solver.first();
        for option in first.into_iter().flatten() {
            solver.select(option).unwrap();
        }
        solver.resume(1);
        solver.reset();
        assert!(solver.structure() == built);
    }

    #[test]
    fn a_shuffle_keeps_the_selection_and_reset_returns_to_the_shuffle() {
        for problem in problems() {
            let mut solver = Solver::new(&problem);
            let count = solver.count();
            let Some(first) = solver.first() else {
                continue;
            };
            solver.select(first[0]).unwrap();
            let with_first = solver.count();
            solver.shuffle(5);
            assert_eq!(solver.selected().collect::<Vec<_>>(), [first[0]]);
            assert_eq!(solver.count(), with_first);
            solver.reset();
            assert!(solver.structure() == Solver::with_seed(&problem, 5).structure());
            assert_eq!(solver.count(), count);
        }
    }

    /// Draining the iterator, then asking again, finds nothing more and
    /// counts nothing more: the search does not start over.
    #[test]
    fn solutions_stay_exhausted_and_stop_counting() {
        for (problem, count) in [(n_queens(6), 4), (rooks(4, 2), 90)] {
            let mut solver = Solver::new(&problem);
            let mut solutions = solver.solutions();
            assert_eq!(solutions.by_ref().count(), count);
            assert_eq!(solutions.next(), None);
            assert_eq!(solutions.next(), None);
            drop(solutions);
            let stats = solver.stats();
            assert_eq!(stats.solutions, count as u64);
            for budget in [0, 1, u64::MAX] {
                assert_eq!(solver.resume(budget), Event::Exhausted);
            }
            assert_eq!(solver.stats(), stats);
            // A rewind starts a new search.
            solver.rewind();
            assert_eq!(solver.resume(u64::MAX), Event::Solution);
        }
    }

    #[test]
    fn a_selection_is_undone_exactly() {
        let problem = n_queens(7);
        let mut solver = Solver::new(&problem);
        solver.select(OptionId(10)).unwrap();
        let selected = solver.structure();
        solver.select(OptionId(30)).unwrap();
        solver.count();
        assert_eq!(solver.unselect(), Some(OptionId(30)));
        assert!(solver.structure() == selected);
    }
}
