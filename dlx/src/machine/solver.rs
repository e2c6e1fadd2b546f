//! The [`Solver`]: the public face of Algorithms X, C and M.
//!
//! The search is the [`Driver`]'s walk (Knuth's steps X2–X8, in
//! [`driver`](crate::driver)) over the [`Links`], seen as Algorithms X and
//! C's matrix ([`Exact`]) or as Algorithm M's ([`Bounded`]), or over the
//! [`Bitsets`]; its depth is bounded only by the preallocated level stack,
//! and it can stop after any solution or after a budget of nodes and
//! continue later ([`Resume`]). Every public operation leaves the links
//! exactly as built plus the selected options.
//!
//! A solver answers [`Request`]s — every goal, on this thread
//! ([`run`](Solver::run)) or on several (the
//! [`Executor`](crate::threads::Executor)): that is the one path to an
//! answer, and [`count`](Solver::count) and the iterator of
//! [`solutions`](Solver::solutions) are built on it or on the one drive
//! loop ([`drive`]).

use std::ops::ControlFlow;

use crate::contract::stats::Stats;
use crate::contract::stop::{Alarm, Stop, nodes_per_look};
use crate::machine::algorithm::{OnAlgorithm, on_algorithm};
use crate::machine::bitsets::{Bitsets, Bitwise};
use crate::machine::driver::{Driver, Event, Fold, Resume, drive};
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
/// [`Solver::tune`]). Algorithm M (bounds) always finds them at
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
/// [`Solver::tune`]).
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

/// How the solver walks its tree: where it finds dead ends and how it
/// keeps its matrix. Neither changes the solutions or their order, only
/// the work (see [`DeadEnds`] and [`Representation`]).
///
/// ```
/// use dance_dlx::{DeadEnds, Representation, Solver, Tuning, problems::pentominoes};
///
/// let mut solver = Solver::new(&pentominoes(3, 20));
/// assert_eq!(solver.tuning().representation, Some(Representation::Bitsets));
/// assert_eq!(solver.count(), 8);
/// let bitsets = solver.stats();
/// solver.tune(Tuning { representation: Some(Representation::Links), ..Tuning::default() });
/// assert_eq!(solver.count(), 8);
/// assert_eq!((solver.stats().nodes, solver.stats().guesses), (bitsets.nodes, bitsets.guesses));
/// solver.tune(Tuning { dead_ends: DeadEnds::AtChoice, ..Tuning::default() });
/// assert_eq!(solver.tuning().representation, Some(Representation::Links));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tuning {
    /// How the matrix is kept: `None` keeps the solver's own choice (the
    /// one [`Solver::new`] made, or the last one asked for). In
    /// [`Solver::tuning`]'s answer, the one the search runs on.
    pub representation: Option<Representation>,
    /// Where the search finds dead ends.
    pub dead_ends: DeadEnds,
}

/// Searches one problem, as many times as wanted.
///
/// Build it once with [`Solver::new`]; then any number of times:
/// [`select`](Solver::select) options every solution must contain, ask a
/// [`Request`](crate::Request) ([`run`](Solver::run), [`run_with`](Solver::run_with) to
/// see the solutions as they come; on several threads, an
/// [`Executor`](crate::threads::Executor)) or walk the
/// [`solutions`](Solver::solutions) lazily, and
/// [`unselect`](Solver::unselect) or [`reset`](Solver::reset). The search
/// itself allocates nothing after `new`; the goals that keep what they
/// find (solutions, a memo, a diagram) do.
///
/// The search is chosen once, by `new`: Algorithms X and C (DLX1, DLX2) when
/// every primary item is to be covered exactly once, Algorithm M (DLX3) when
/// some item has [bounds](crate::ProblemBuilder::primary_with_bounds). The
/// API is the same for both.
///
/// ```
/// use dance_dlx::{Goal, Request, Solver, Status, problems::n_queens};
///
/// let mut solver = Solver::new(&n_queens(8));
/// assert_eq!(solver.count(), 92);
/// let first = solver.solutions().next().expect("a solution");
/// assert_eq!(first.len(), 8);
/// let unique = solver.run(&Request::new(Goal::Unique));
/// assert_eq!(unique.status, Status::Multiple);
/// ```
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
    /// Nodes between two looks at a stop, from the bound on a node's work
    /// ([`Links::work_per_node`]).
    pub(crate) per_look: u64,
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
        let alarm = stop.arm();
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
            per_look: nodes_per_look(links_work),
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

    /// A lazy iterator over the solutions, in search order (the selected
    /// options first in each); `next()` of a new iterator is the first
    /// solution. Dropping it abandons the search.
    ///
    /// ```
    /// use dance_dlx::{Solver, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(6));
    /// assert_eq!(solver.solutions().count(), 4);
    /// ```
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.rewind();
        Solutions { solver: self }
    }

    /// Puts the options of every item in a random order fixed by `seed`
    /// (from the order they were given, so earlier shuffles do not matter).
    /// Any search in progress is abandoned; the selected options stay
    /// selected.
    ///
    /// The solutions and their number do not change, only the order in
    /// which they are found — so the first one is a random one, and the
    /// same seed gives the same one on every machine. The permutations come
    /// from a SplitMix64 generator seeded with `seed`, one unbiased
    /// Fisher–Yates shuffle per item in the internal item order (primary
    /// items, then secondary, each in declaration order). Only integer
    /// arithmetic is involved, so they are the same on every machine. The
    /// choice of item stays deterministic (the fewest options first, ties
    /// to the first), so the solutions are found in a random order but not
    /// with uniform probability ([`Goal::Sample`](crate::Goal::Sample) draws
    /// uniformly).
    ///
    /// ```
    /// use dance_dlx::{Solver, problems::n_queens};
    ///
    /// let problem = n_queens(8);
    /// let mut one = Solver::new(&problem);
    /// one.shuffle(7);
    /// let mut other = Solver::new(&problem);
    /// other.shuffle(7);
    /// assert_eq!(one.solutions().next(), other.solutions().next());
    /// assert_eq!(one.count(), 92);
    /// ```
    pub fn shuffle(&mut self, seed: u64) {
        self.reselecting(|solver| {
            solver.links.shuffle(&mut SplitMix64::new(seed));
            if solver.bitsets.is_some() {
                solver.bitsets = Some(Bitsets::new(&solver.links, solver.stack.len()));
            }
        });
    }

    /// Sets how the solver walks its tree ([`Tuning`]); any search in
    /// progress is abandoned, the selected options stay selected.
    ///
    /// The solutions and their order depend on neither setting, only the
    /// work. [`DeadEnds::AtCommit`] (the default) counts an option whose
    /// commit empties an item as one node; [`DeadEnds::AtChoice`] lets the
    /// next level find it, after the forced moves on items before it, each
    /// one more node. [`Representation::Bitsets`] needs
    /// [`DeadEnds::AtCommit`] and a problem without multiplicities, and
    /// memory for a copy of the counts and bits per level; where it cannot
    /// serve, the search runs on the links whatever is asked
    /// ([`tuning`](Self::tuning) says which). [`Solver::new`] picks the
    /// bitsets where they can serve (their copies and lists within 16 MiB)
    /// and where a commit should clear more bits than a copy takes words;
    /// the links otherwise. `benches/representations.sh` races the two
    /// (`dance cover --representation`).
    ///
    /// ```
    /// use dance_dlx::{DeadEnds, Solver, Tuning, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(8));
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats().nodes, 1198); // Knuth's DLX1 reports 1199
    /// solver.tune(Tuning { dead_ends: DeadEnds::AtChoice, ..Tuning::default() });
    /// assert_eq!(solver.count(), 92);
    /// assert_eq!(solver.stats().nodes, 1372);
    /// ```
    pub fn tune(&mut self, tuning: Tuning) {
        self.restart();
        self.dead_ends = tuning.dead_ends;
        let Some(representation) = tuning.representation else {
            return;
        };
        self.representation = representation;
        if representation == Representation::Bitsets && self.bitsets.is_none() {
            let depth = self.stack.len();
            let multiplicities = self.multiplicities.is_some();
            if Representation::bitsets_can_serve(&self.links, multiplicities, depth) {
                self.reselecting(|solver| {
                    solver.bitsets = Some(Bitsets::new(&solver.links, depth))
                });
            }
        }
    }

    /// How the solver walks its tree, as things stand: the representation
    /// the search runs on (always `Some`) and where it finds dead ends.
    pub fn tuning(&self) -> Tuning {
        let representation = if self.uses_bitsets() {
            Representation::Bitsets
        } else {
            Representation::Links
        };
        Tuning {
            representation: Some(representation),
            dead_ends: self.dead_ends,
        }
    }

    /// Runs `change` with nothing selected, then selects again what was.
    fn reselecting(&mut self, change: impl FnOnce(&mut Solver)) {
        let selected: Vec<OptionId> = self.selected().collect();
        self.reset();
        change(self);
        for option in selected {
            let reselected = self.select(option);
            debug_assert!(reselected.is_ok(), "a selection stays compatible");
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
        self.selection(p, false);
        self.stack[self.driver.base()] = p;
        self.driver.restart(self.driver.base() + 1);
        Ok(())
    }

    /// Undoes the most recent [`select`](Self::select) and returns its option,
    /// or `None` when nothing is selected. Any search in progress is abandoned
    /// first.
    pub fn unselect(&mut self) -> Option<OptionId> {
        self.restart();
        let base = self.driver.base().checked_sub(1)?;
        self.driver.restart(base);
        let p = self.stack[base];
        self.selection(p, true);
        Some(self.links.option_of(p))
    }

    /// Selects the option of node `p` on the links, Algorithm M's bounds
    /// and the bitsets — or, with `undo`, takes it back.
    fn selection(&mut self, p: u32, undo: bool) {
        let colored = self.links.is_colored();
        let bounded = self.multiplicities.is_some();
        let selection = Selection {
            solver: self,
            p,
            undo,
        };
        on_algorithm(colored, bounded, selection);
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

    /// The work of the current (or last) search.
    pub fn stats(&self) -> Stats {
        let bitsets = self.bitsets.as_ref().map_or(0, |bitsets| bitsets.updates);
        Stats {
            updates: self.links.updates + bitsets,
            ..self.driver.stats()
        }
    }

    /// The solution the search stands on after [`Resume::resume`] found
    /// one: the selected options, then the options the search chose.
    pub fn solution(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        SolutionOptions::new(&self.links, &self.stack[..self.driver.level()])
    }

    /// Abandons any search in progress and zeroes the statistics, ready for
    /// [`resume`](Resume::resume) to start a new search.
    pub(crate) fn rewind(&mut self) {
        self.restart();
        self.driver.clear_stats();
        self.links.updates = 0;
        if let Some(bitsets) = &mut self.bitsets {
            bitsets.updates = 0;
        }
    }

    /// Whether the search runs on the bitsets.
    fn uses_bitsets(&self) -> bool {
        self.bitsets.is_some()
            && self.representation == Representation::Bitsets
            && self.dead_ends == DeadEnds::AtCommit
    }

    /// Backs out of every level above the selection and makes the next
    /// [`resume`](Resume::resume) start a new search.
    pub(crate) fn restart(&mut self) {
        self.unwind();
        self.driver.restart(self.driver.base());
    }

    /// Backs out of every level above the selection, leaving the statistics
    /// (and an exhausted search exhausted).
    pub(crate) fn unwind(&mut self) {
        self.walk(None);
    }

    /// The solver's walk on its algorithm and representation: a slice of
    /// `budget` nodes, or (`None`) backing out of every level above the
    /// selection.
    #[inline]
    fn walk(&mut self, budget: Option<u64>) -> Event {
        let colored = self.links.is_colored();
        let bounded = self.multiplicities.is_some();
        on_algorithm(
            colored,
            bounded,
            Walk {
                solver: self,
                budget,
            },
        )
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

/// The solver's own walk, in slices: the low-level search, for engines
/// built on the solver (the Sudoku crate's generic engine) and for callers
/// that must look at something of their own between slices (Python's
/// signals). It goes on from where the last call left off; once the tree
/// is exhausted, every further call returns [`Event::Exhausted`] at once,
/// without counting anything, until [`select`](Solver::select),
/// [`unselect`](Solver::unselect), [`reset`](Solver::reset) or a request
/// starts a new search. Read a solution with [`Solver::solution`].
///
/// The one loop around it is [`drive`](crate::driver::drive): a goal of
/// one's own is a [`Fold`](crate::driver::Fold), its
/// [`look`](crate::driver::Fold::look) the place to look at something
/// between slices.
///
/// ```
/// use std::ops::ControlFlow;
/// use dance_dlx::driver::{Ended, Fold, drive};
/// use dance_dlx::{Alarm, Solver, problems::n_queens};
///
/// struct Found(u64);
/// impl Fold<Solver> for Found {
///     fn solution(&mut self, solver: &mut Solver) -> ControlFlow<()> {
///         assert_eq!(solver.solution().len(), 6);
///         self.0 += 1;
///         ControlFlow::Continue(())
///     }
/// }
/// let mut solver = Solver::new(&n_queens(6));
/// let mut found = Found(0);
/// assert_eq!(drive(&mut solver, &Alarm::SILENT, &mut found), Ended::Exhausted);
/// assert_eq!(found.0, 4);
/// ```
impl Resume for Solver {
    fn resume(&mut self, budget: u64) -> Event {
        self.walk(Some(budget))
    }

    #[inline]
    fn nodes(&self) -> u64 {
        self.driver.stats().nodes
    }

    fn nodes_per_look(&self) -> u64 {
        self.per_look
    }
}

/// The solver's walk on its algorithm and representation: a slice of
/// `budget` nodes, or (`None`) backing out of every level above the
/// selection. Between walks no commit is half undone, so either rule of
/// dead ends unwinds the same links.
struct Walk<'s> {
    solver: &'s mut Solver,
    budget: Option<u64>,
}

impl OnAlgorithm for Walk<'_> {
    type Output = Event;

    #[inline]
    fn exact<const COLORED: bool>(self) -> Event {
        let solver = self.solver;
        let base = solver.driver.base();
        let uses_bitsets = solver.uses_bitsets();
        let (links, stack, driver) = (&mut solver.links, &mut solver.stack[..], &mut solver.driver);
        match (&mut solver.bitsets, self.budget) {
            (Some(bitsets), Some(budget)) if uses_bitsets => {
                driver.resume(&mut Bitwise::<COLORED>::new(bitsets, stack, base), budget)
            }
            (Some(bitsets), None) if uses_bitsets => {
                driver.unwind(&mut Bitwise::<COLORED>::new(bitsets, stack, base));
                Event::Exhausted
            }
            (_, None) => {
                driver.unwind(&mut Exact::<COLORED, false>::new(links, stack));
                Event::Exhausted
            }
            (_, Some(budget)) => match solver.dead_ends {
                DeadEnds::AtCommit => {
                    driver.resume(&mut Exact::<COLORED, true>::new(links, stack), budget)
                }
                DeadEnds::AtChoice => {
                    driver.resume(&mut Exact::<COLORED, false>::new(links, stack), budget)
                }
            },
        }
    }

    #[inline]
    fn bounded<const COLORED: bool>(self) -> Event {
        let solver = self.solver;
        let m = solver
            .multiplicities
            .as_mut()
            .expect("a bounded walk has multiplicities");
        let mut matrix = Bounded::<COLORED>::new(m, &mut solver.links, &mut solver.stack[..]);
        match self.budget {
            Some(budget) => solver.driver.resume(&mut matrix, budget),
            None => {
                solver.driver.unwind(&mut matrix);
                Event::Exhausted
            }
        }
    }
}

/// Selecting the option of node `p` (or, with `undo`, taking it back) on
/// the links, Algorithm M's bounds and the bitsets.
struct Selection<'s> {
    solver: &'s mut Solver,
    p: u32,
    undo: bool,
}

impl Selection<'_> {
    /// The bitsets follow the links: a selection at the base, or the
    /// selection at the base taken back.
    fn bitsets<const COLORED: bool>(&mut self) {
        let solver = &mut *self.solver;
        let base = solver.driver.base();
        if let Some(bitsets) = &mut solver.bitsets {
            if self.undo {
                bitsets.unselect(base);
            } else {
                let option = solver.links.option_of(self.p).0;
                let item = solver.links.top[self.p as usize] as u32;
                bitsets.select::<COLORED>(base, option, item);
            }
        }
    }
}

impl OnAlgorithm for Selection<'_> {
    type Output = ();

    fn exact<const COLORED: bool>(mut self) {
        if self.undo {
            self.bitsets::<COLORED>();
        }
        let (links, p) = (&mut self.solver.links, self.p);
        let item = links.top[p as usize] as u32;
        if self.undo {
            links.uncommit_others::<COLORED>(p);
            links.uncover::<COLORED>(item);
        } else {
            links.cover::<COLORED>(item);
            links.commit_others::<COLORED>(p);
            self.bitsets::<COLORED>();
        }
    }

    fn bounded<const COLORED: bool>(self) {
        let solver = self.solver;
        let m = solver
            .multiplicities
            .as_mut()
            .expect("a bounded selection has multiplicities");
        if self.undo {
            m.unselect::<COLORED>(&mut solver.links, self.p);
        } else {
            m.select::<COLORED>(&mut solver.links, self.p);
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

/// The solutions of a [`Solver`], found lazily: see [`Solver::solutions`].
///
/// Fused: after the last solution, `next` keeps returning `None` (and the
/// statistics stop counting).
#[derive(Debug)]
pub struct Solutions<'a> {
    solver: &'a mut Solver,
}

/// The fold of the iterator: the next solution ends the walk.
struct Next;

impl Fold<Solver> for Next {
    fn solution(&mut self, _: &mut Solver) -> ControlFlow<()> {
        ControlFlow::Break(())
    }
}

impl Iterator for Solutions<'_> {
    type Item = Vec<OptionId>;

    fn next(&mut self) -> Option<Vec<OptionId>> {
        match drive(self.solver, &Alarm::SILENT, &mut Next) {
            crate::machine::driver::Ended::Folded => Some(self.solver.solution().collect()),
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
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::contract::answer::{Count, Status};
    use crate::contract::request::{Goal, Request};
    use crate::model::problems::{langford, n_queens, rooks};
    use crate::model::text::parse_problem;

    fn seeded(problem: &Problem, seed: u64) -> Solver {
        let mut solver = Solver::new(problem);
        solver.shuffle(seed);
        solver
    }

    fn first(solver: &mut Solver) -> Option<Vec<OptionId>> {
        solver.solutions().next()
    }

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
                    Some(seed) => seeded(&problem, seed),
                };
                every_search_restores(&mut solver);
            }
        }
    }

    fn every_search_restores(solver: &mut Solver) {
        let built = solver.structure();
        solver.count();
        assert!(solver.structure() == built);
        first(solver);
        assert!(solver.structure() == built);
        solver.run(&Request::new(Goal::Count { limit: 1 }));
        assert!(solver.structure() == built);
        solver.run_with(&Request::new(Goal::All), |_| ControlFlow::Break(()));
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

        let first = first(solver);
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
            let Some(first) = first(&mut solver) else {
                continue;
            };
            solver.select(first[0]).unwrap();
            let with_first = solver.count();
            solver.shuffle(5);
            assert_eq!(solver.selected().collect::<Vec<_>>(), [first[0]]);
            assert_eq!(solver.count(), with_first);
            solver.reset();
            assert!(solver.structure() == seeded(&problem, 5).structure());
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

    fn count(solutions: u64, complete: bool) -> Count {
        Count {
            solutions,
            complete,
        }
    }

    /// Every goal at every limit on problems with 0, 1, 2, 4 and many
    /// solutions: the status and the count follow from the true count.
    #[test]
    fn every_goal_answers_by_the_true_count() {
        // Queens of sizes 1, 3, 4 and 6 have 1, 0, 2 and 4 solutions;
        // rooks(4, 2) has 90.
        let problems = [
            (n_queens(1), 1),
            (n_queens(3), 0),
            (n_queens(4), 2),
            (n_queens(6), 4),
        ];
        for (problem, total) in problems.into_iter().chain([(rooks(4, 2), 90)]) {
            let mut solver = Solver::new(&problem);
            let first = solver.run(&Request::new(Goal::First));
            let expected = if total == 0 {
                Status::NoSolution
            } else {
                Status::Solved
            };
            assert_eq!(first.status, expected);
            assert_eq!(first.solution.is_some(), total > 0);
            assert_eq!(first.count, count(total.min(1), total == 0));

            let unique = solver.run(&Request::new(Goal::Unique));
            let verdict = match total {
                0 => Status::NoSolution,
                1 => Status::Unique,
                _ => Status::Multiple,
            };
            assert_eq!(unique.status, verdict);
            assert_eq!(unique.solution.is_some(), total == 1);
            assert_eq!(unique.count, count(total.min(1), total <= 1));

            for limit in 0..6 {
                let counted = solver.run(&Request::new(Goal::Count { limit }));
                assert_eq!(
                    counted.count,
                    count(total.min(limit), total <= limit),
                    "{limit}"
                );
                let status = if limit == 0 && total > 0 {
                    Status::Solved
                } else {
                    verdict
                };
                assert_eq!(counted.status, status, "{limit}");
                assert_eq!(counted.solution, None);
            }
            let all = solver.run(&Request::new(Goal::All));
            assert_eq!((all.count, all.status), (count(total, true), verdict));
            assert_eq!(all.stats.solutions, total);
        }
    }

    #[test]
    fn a_visitor_sees_the_counted_solutions_and_may_stop() {
        let mut solver = Solver::new(&n_queens(6));
        let mut seen = Vec::new();
        let all = solver.run_with(&Request::new(Goal::All), |s| {
            seen.push(s.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!((seen.len(), all.count), (4, count(4, true)));
        let stopped = solver.run_with(&Request::new(Goal::All), |_| ControlFlow::Break(()));
        assert_eq!(
            (stopped.status, stopped.count),
            (Status::Solved, count(1, false))
        );
        assert_eq!(first(&mut solver), Some(seen[0].clone()));
    }

    #[test]
    fn a_raised_flag_or_a_past_deadline_stops_with_a_timeout() {
        let problem = n_queens(10);
        let flag = Arc::new(AtomicBool::new(true));
        let past = Instant::now();
        for stop in [
            Stop::when(flag),
            Stop::at(past),
            Stop::after(Duration::ZERO),
        ] {
            let mut solver = Solver::new(&problem);
            let answer = solver.run(&Request::new(Goal::All).with_stop(stop));
            assert_eq!(answer.status, Status::Timeout);
            assert!(!answer.count.complete && answer.count.solutions < 724);
            // The search is abandoned cleanly: the next one counts them all.
            assert_eq!(solver.count(), 724);
        }
        let far = Stop::after(Duration::MAX).with_deadline(past + Duration::from_secs(3600));
        let answer = Solver::new(&problem).run(&Request::new(Goal::All).with_stop(far));
        assert_eq!(
            (answer.status, answer.count),
            (Status::Multiple, count(724, true))
        );
    }

    #[test]
    fn selected_options_are_part_of_the_answer() {
        let mut solver = Solver::new(&n_queens(4));
        let first = first(&mut solver).unwrap();
        solver.select(first[0]).unwrap();
        let unique = solver.run(&Request::new(Goal::Unique));
        assert_eq!(unique.status, Status::Unique);
        assert_eq!(unique.solution.as_deref().map(|s| s[0]), Some(first[0]));
        assert_eq!(solver.selected().collect::<Vec<_>>(), [first[0]]);
    }
}
