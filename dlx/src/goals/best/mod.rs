//! The cheapest solutions ([`Goal::Best`](crate::Goal::Best)): Knuth's
//! DLX5, with a stronger bound, walked by the one [`Driver`].
//!
//! Every option has a cost (its `|n` entries); a solution costs the sum of
//! its options' costs, and the search keeps the `k` cheapest it has seen.
//! As in DLX5:
//!
//! * **Taxes.** Each active primary item, in item order, is taxed the
//!   least cost of the options in its column, and every option in that
//!   column costs that much less. A solution's *net* cost is its cost minus
//!   the total tax, the same for every solution, so the order of solutions
//!   does not change; but every item now has an option of net cost 0, and an
//!   option whose net cost is large is seen to be useless early.
//! * **Sorted columns.** Every column lists its options by net cost, ties in
//!   the order they were in (stable), so a level tries them cheapest first
//!   and stops at the first whose cost reaches the cutoff: the ones below
//!   it cost more.
//! * **The cutoff.** Once `k` solutions are known, the *cutoff* is the
//!   largest of their net costs, plus one; a branch whose cost so far plus
//!   what it must still pay reaches the cutoff is cut.
//! * **Ties.** DLX5 cuts at the `k`-th cost itself, so ties go to the one
//!   its search finds first; but which one that is depends on the bound
//!   (the item chosen does), and so, once threads share the bound, on their
//!   timing. Here ties go to the solution the *plain* search
//!   ([`Solver::solutions`], `dance cover --all`) meets first — the bound
//!   plays no part in that order — and the cutoff is one more than the
//!   `k`-th cost, so that every solution as cheap as the `k`-th is still
//!   found and its place in that order ([`tree_position`]) decides. That
//!   costs the branches whose bound is exactly the `k`-th cost, and makes
//!   the answer the same on any number of threads and either matrix. When
//!   no option costs anything every solution is a tie, and the answer is
//!   the plain search's first `k`.
//! * **Threads.** On several threads (the [executor](crate::threads)) the
//!   tree is cut into subproblems as a parallel count cuts it, cheapest
//!   selections first; each thread searches one at a time with taxes of its
//!   own ([`search_part`]), and all of them keep their solutions in one
//!   heap behind a mutex ([`Kept`]), whose cutoff each reads after every
//!   solution and at every look of the drive loop. One thread is the same
//!   search with one part.
//! * **Choosing.** The item with the fewest options that the cutoff still
//!   allows; ties to the item whose cheapest option costs most, since that
//!   cost must be paid anyway, then to the first.
//!
//! Beyond DLX5:
//!
//! * **The bound** ([`bound`]). What a level must still pay is bounded by
//!   a sum over *all* its open items, each option's cost shared out among
//!   the items it covers — the largest sum of cheapest costs over a class
//!   of items no option covers twice, or every item's fair share — where
//!   DLX5 takes the cheapest cost of one item. A level whose bound reaches
//!   the room left is cut before it counts anything, and an option whose
//!   cost and the bound without its items reach the room is skipped
//!   without being tried.
//! * **Two matrices.** Where the solver keeps its matrix as bitsets (and
//!   the part's options fit), the search numbers the options by net cost
//!   and walks them as [`dense`] bitsets: a column's cheapest option is its
//!   lowest bit alive, trying an option is a few AND-NOTs and the way back
//!   is nothing. Elsewhere it walks the [`linked`] lists as DLX5 does,
//!   covering below the cutoff: covering an item hides only its options
//!   that the cutoff allows below the level; the others stay in the other
//!   columns, after every option that can still be used, where no level
//!   ever reaches them. Both find the same answer.
//!
//! With multiplicities (Algorithm M) the columns are not lists of
//! alternatives that a level tries cheapest first, so there the search is
//! Algorithm M's own walk with a plain bound ([`capped`]), on one thread.
//!
//! Every walk here is the one drive loop's, whose looks come by the work
//! done: the nodes walked and the upkeep of each solution kept (placing it
//! in the plain search's tree, and the heap), so that a search for a
//! million cheapest stops on time however thick its solutions come.
//!
//! Costs add up in `u128`, so no sum of `u64` costs overflows.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::contract::answer::{Answer, Count, Findings, Status};
use crate::contract::stats::Stats;
use crate::contract::stop::Alarm;
use crate::goals::best::dense::{Bits, Dense};
use crate::goals::best::linked::Linked;
use crate::goals::best::taxes::Taxed;
use crate::machine::algorithm::{OnColors, on_colors};
use crate::machine::driver::{Driver, Ended, Fold, Matrix, Resume, Walking, drive};
use crate::machine::links::Links;
use crate::machine::solver::Representation;
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;

mod bound;
mod capped;
mod dense;
mod linked;
mod taxes;

pub(crate) use capped::bounded;

/// An unbounded cutoff: fewer than `k` solutions are known.
const NO_CUTOFF: u128 = u128::MAX;

/// A kept solution: its cost, its place in the plain search's tree (empty
/// where the search's own order is that order), the order it was kept in,
/// and its options.
type Entry = (u128, Vec<u32>, u64, Vec<OptionId>);

/// The `k` cheapest solutions seen so far, the most expensive on top —
/// ties by their place in the plain search's tree ([`tree_position`]),
/// then by the order they came in.
pub(crate) struct Kept {
    k: usize,
    /// Whether a solution as cheap as the `k`-th must still be found: the
    /// search that feeds it (DLX5's) does not meet ties in the plain
    /// search's order, so the cutoff lets them through and the place in
    /// that order decides.
    strict: bool,
    heap: BinaryHeap<Entry>,
    found: u64,
}

impl Kept {
    pub(crate) fn new(k: u64, strict: bool) -> Kept {
        Kept {
            k: usize::try_from(k).unwrap_or(usize::MAX),
            strict,
            heap: BinaryHeap::new(),
            found: 0,
        }
    }

    /// The cutoff: a solution must cost less than this to be kept — or, at
    /// the same cost as the `k`-th, come before it.
    fn cutoff(&self) -> u128 {
        match self.heap.peek() {
            Some(&(cost, ..)) if self.heap.len() >= self.k => cost + u128::from(self.strict),
            _ => NO_CUTOFF,
        }
    }

    /// Keeps a solution if it is one of the `k` cheapest so far.
    fn offer(&mut self, cost: u128, place: Vec<u32>, options: Vec<OptionId>) {
        let entry = (cost, place, self.found, options);
        self.found += 1;
        if self.heap.len() < self.k {
            self.heap.push(entry);
        } else if let Some(mut top) = self.heap.peek_mut()
            && (entry.0, &entry.1) < (top.0, &top.1)
        {
            *top = entry;
        }
    }

    /// The kept solutions, cheapest first, ties in their order.
    pub(crate) fn into_sorted(self) -> Vec<(u128, Vec<OptionId>)> {
        let mut kept = self.heap.into_vec();
        kept.sort_unstable_by(|a, b| (a.0, &a.1, a.2).cmp(&(b.0, &b.1, b.2)));
        kept.into_iter()
            .map(|(cost, _, _, options)| (cost, options))
            .collect()
    }

    /// The same solutions, each costing `extra` more.
    fn shifted(self, extra: u128) -> Kept {
        let heap = self
            .heap
            .into_iter()
            .map(|(cost, place, order, options)| (cost + extra, place, order, options))
            .collect();
        Kept { heap, ..self }
    }
}

/// The kept solutions of a search, shared by its threads.
pub(crate) fn lock(shared: &Mutex<Kept>) -> MutexGuard<'_, Kept> {
    shared.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The place of a solution in the plain search's tree, the order in which
/// [`Solver::solutions`] (and `dance cover --all`) meet solutions: at each
/// level, the place of the solution's option in the column of the item
/// that search chooses there. Comparing places as sequences is comparing
/// positions in that order. `options` are the solution's options not
/// selected on `links`, sorted; `trail` ends with the nodes of those
/// options in the order of that search's levels; `links` are left as they
/// were.
fn tree_position<const COLORED: bool>(
    links: &mut Links,
    options: &[OptionId],
    place: &mut Vec<u32>,
    trail: &mut Vec<u32>,
) {
    place.clear();
    trail.clear();
    while let Some((item, _)) = links.choose() {
        let mut p = links.nodes[item as usize].down;
        let mut at = 0;
        while p != item && options.binary_search(&links.option_of(p)).is_err() {
            p = links.nodes[p as usize].down;
            at += 1;
        }
        if p == item {
            break; // not a solution of these links: cannot happen
        }
        place.push(at);
        links.cover::<COLORED>(item);
        links.commit_others::<COLORED>(p);
        trail.push(p);
    }
    for &p in trail.iter().rev() {
        let item = links.top[p as usize] as u32;
        links.uncommit_others::<COLORED>(p);
        links.uncover::<COLORED>(item);
    }
}
/// What one search for the cheapest solutions found.
#[derive(Debug)]
pub(crate) struct Cheapest {
    /// The kept solutions, cheapest first, with their costs.
    pub(crate) solutions: Vec<(u128, Vec<OptionId>)>,
    /// Whether the search ran to the end, so these are the cheapest.
    pub(crate) proven: bool,
    pub(crate) stats: Stats,
}

/// A cutoff on the costs of whole solutions as one on the net costs of a
/// search whose solutions all pay `base` beyond them.
fn net_cutoff(cutoff: u128, base: u128) -> u128 {
    if cutoff == NO_CUTOFF {
        NO_CUTOFF
    } else {
        cutoff.saturating_sub(base)
    }
}

/// The cost of a set of options: the sum of their costs (`costs` empty
/// when no option costs anything).
pub(crate) fn cost_of(costs: &[u64], options: &[OptionId]) -> u128 {
    options
        .iter()
        .map(|option| u128::from(costs.get(option.index()).copied().unwrap_or(0)))
        .sum()
}

/// The answer of a search for the cheapest solutions, handing them to
/// `visit`, cheapest first: its count is how many `visit` saw (exact once
/// the search was proven and `visit` saw them all), its solution the
/// cheapest, its findings every kept solution with its cost.
pub(crate) fn answer(
    found: Cheapest,
    mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Answer {
    let status = match (found.solutions.is_empty(), found.proven) {
        (_, false) => Status::Timeout,
        (true, true) => Status::NoSolution,
        (false, true) => Status::Solved,
    };
    let mut visited = 0;
    for (_, options) in &found.solutions {
        visited += 1;
        if visit(options).is_break() {
            break;
        }
    }
    let complete = found.proven && visited == found.solutions.len();
    Answer {
        status,
        count: Count {
            solutions: visited as u64,
            complete,
        },
        solution: found.solutions.first().map(|(_, options)| options.clone()),
        stats: found.stats,
        engine: (),
        findings: Findings::Cheapest(found.solutions),
    }
}

/// Nothing found, proven: what `k = 0` finds.
pub(crate) fn nothing() -> Cheapest {
    Cheapest {
        solutions: Vec::new(),
        proven: true,
        stats: Stats::default(),
    }
}

/// The `k` cheapest when no option costs anything: every solution is a
/// tie, so the first `k` of the plain search.
pub(crate) fn first_k(solver: &mut Solver, k: u64, alarm: &Alarm<'_>) -> Cheapest {
    solver.rewind();
    let mut first = FirstK {
        k,
        solutions: Vec::new(),
    };
    let ended = drive(solver, alarm, &mut first);
    let stats = solver.stats();
    solver.restart();
    Cheapest {
        solutions: first.solutions,
        proven: ended != Ended::Stopped,
        stats,
    }
}

/// The fold of [`first_k`].
struct FirstK {
    k: u64,
    solutions: Vec<(u128, Vec<OptionId>)>,
}

impl Fold<Solver> for FirstK {
    fn solution(&mut self, solver: &mut Solver) -> ControlFlow<()> {
        self.solutions.push((0, solver.solution().collect()));
        if self.solutions.len() as u64 >= self.k {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    fn work(&self) -> u64 {
        self.solutions.len() as u64
    }
}

/// A matrix of DLX5's search, as the fold of a part's walk reads it.
trait Pricing: Matrix {
    /// The net cost of the options of the levels below `level`.
    fn spent(&self, level: usize) -> u128;

    /// The options tried at the levels below `level`.
    fn moves(&self, level: usize) -> impl Iterator<Item = OptionId>;

    /// Lowers the bound: a branch must cost less than `cutoff`.
    fn set_cutoff(&mut self, cutoff: u128);
}

/// The parts per thread that the cheapest search cuts its tree into, at
/// least: fewer than the other goals' ([`split::PARTS_PER_THREAD`](crate::goals::split::PARTS_PER_THREAD)), since each
/// part builds its own taxes, bound and bitsets, which on problems of a
/// tenth of a second cost more than the part's search
/// (`benches/costs_threads.sh`); the shared bound and the cheapest parts
/// first keep the threads busy with fewer.
pub(crate) const PARTS_PER_THREAD: usize = 8;

/// Searches the subproblem that selects `prefix` on top of `solver`'s
/// selection with DLX5's matrix (taxes and sorted columns of its own) —
/// on [`Dense`] bitsets where they can serve and the solver keeps its
/// matrix as bitsets, else on the links — offering every solution it
/// meets to `shared` (and counting it in `offered`) and reading the cutoff
/// there after each solution and at each look; adds its work to `stats`.
/// `true` when `alarm` rang first.
/// The selection is left as it was.
pub(crate) fn search_part(
    solver: &mut Solver,
    prefix: &[OptionId],
    shared: &Mutex<Kept>,
    offered: &AtomicU64,
    alarm: &Alarm<'_>,
    stats: &mut Stats,
) -> bool {
    let selected = solver.selected().count();
    let mut fits = true;
    for &option in prefix {
        fits &= solver.select(option).is_ok();
    }
    let chosen: Vec<OptionId> = solver.selected().collect();
    let costs = std::sync::Arc::clone(&solver.costs);
    let taxed = fits.then(|| Taxed::new(&solver.links, &costs));
    while solver.selected().count() > selected {
        solver.unselect();
    }
    // A part that cannot be selected has no solution (never the case for
    // the parts of a split).
    let Some(mut taxed) = taxed else {
        return false;
    };
    let base = cost_of(&costs, &chosen) + taxed.tax;
    let part = Part {
        chosen: &chosen,
        selected,
        base,
        shared,
        offered,
    };
    let bitsets = solver.tuning().representation == Some(Representation::Bitsets);
    let dense = if bitsets { Dense::new(&taxed) } else { None };
    let colored = solver.links.is_colored();
    let walk = PricedWalk {
        solver,
        part: &part,
        taxed: &mut taxed,
        dense: dense.as_ref(),
        alarm,
        stats,
    };
    on_colors(colored, walk)
}

/// One part's walk of DLX5's matrix, on either color.
struct PricedWalk<'a, 'b> {
    solver: &'a mut Solver,
    part: &'a Part<'a>,
    taxed: &'a mut Taxed,
    dense: Option<&'a Dense>,
    alarm: &'a Alarm<'b>,
    stats: &'a mut Stats,
}

impl OnColors for PricedWalk<'_, '_> {
    type Output = bool;

    /// The walk on the bitsets or the taxed links; the solver's own links,
    /// at the selection, place each solution in the plain search's tree.
    fn run<const COLORED: bool>(self) -> bool {
        let per_look = self.solver.nodes_per_look();
        let cutoff = net_cutoff(lock(self.part.shared).cutoff(), self.part.base);
        let mut driver = Driver::new();
        let mut offering = Offering::<COLORED> {
            part: self.part,
            links: &mut self.solver.links,
            sorted: Vec::new(),
            place: Vec::new(),
            trail: Vec::new(),
            work: 0,
        };
        // A stopped part is dropped as it is: the matrix is its own.
        let (ended, cut, updates) = if let Some(dense) = self.dense {
            let mut walking = Walking {
                driver: &mut driver,
                matrix: Bits::new(dense, &self.taxed.shares, cutoff),
                per_look,
            };
            let ended = drive(&mut walking, self.alarm, &mut offering);
            (ended, walking.matrix.cut, walking.matrix.updates)
        } else {
            let depth = self.solver.stack.len();
            let taxed = &mut *self.taxed;
            let matrix =
                Linked::<COLORED>::new(&mut taxed.links, &taxed.net, &taxed.shares, depth, cutoff);
            let mut walking = Walking {
                driver: &mut driver,
                matrix,
                per_look,
            };
            let ended = drive(&mut walking, self.alarm, &mut offering);
            (ended, walking.matrix.cut, walking.matrix.updates())
        };
        *self.stats += Stats {
            cut,
            updates,
            ..driver.stats()
        };
        ended == Ended::Stopped
    }
}

/// The fold of a part's walk: places each solution in the plain search's
/// tree, offers it to the kept solutions, and reads the cutoff back.
struct Offering<'a, const COLORED: bool> {
    part: &'a Part<'a>,
    /// The solver's own links, at the selection.
    links: &'a mut Links,
    sorted: Vec<OptionId>,
    place: Vec<u32>,
    trail: Vec<u32>,
    /// The upkeep of the solutions offered: the options placed and the
    /// column entries passed to place them.
    work: u64,
}

impl<M: Pricing, const COLORED: bool> Fold<Walking<'_, M>> for Offering<'_, COLORED> {
    fn solution(&mut self, walk: &mut Walking<'_, M>) -> ControlFlow<()> {
        let part = self.part;
        let level = walk.driver.level();
        let matrix = &walk.matrix;
        self.sorted.clear();
        self.sorted.extend_from_slice(&part.chosen[part.selected..]);
        self.sorted.extend(matrix.moves(level));
        self.sorted.sort_unstable();
        tree_position::<COLORED>(self.links, &self.sorted, &mut self.place, &mut self.trail);
        // The options in the plain search's order, as one thread or many,
        // and `solutions`, list them.
        let mut options = part.chosen[..part.selected].to_vec();
        options.extend(self.trail.iter().map(|&p| self.links.option_of(p)));
        let passed: u64 = self.place.iter().map(|&at| u64::from(at)).sum();
        self.work += options.len() as u64 + passed;
        let cost = matrix.spent(level) + part.base;
        part.offered.fetch_add(1, Ordering::Relaxed);
        let mut kept = lock(part.shared);
        kept.offer(cost, self.place.clone(), options);
        walk.matrix.set_cutoff(net_cutoff(kept.cutoff(), part.base));
        ControlFlow::Continue(())
    }

    /// Reads a bound that other threads lowered.
    fn look(&mut self, walk: &mut Walking<'_, M>) -> ControlFlow<()> {
        walk.matrix
            .set_cutoff(net_cutoff(lock(self.part.shared).cutoff(), self.part.base));
        ControlFlow::Continue(())
    }

    fn looks(&self) -> bool {
        true
    }

    fn work(&self) -> u64 {
        self.work
    }
}

/// What every walk of one part shares: the options it selects on top of
/// the solver's selection, what its solutions pay beyond their net cost,
/// and where they go.
struct Part<'a> {
    /// The selection, then the part's prefix.
    chosen: &'a [OptionId],
    /// How many of `chosen` the solver had selected.
    selected: usize,
    /// The cost of `chosen` and the part's taxes.
    base: u128,
    shared: &'a Mutex<Kept>,
    /// Solutions offered to `shared` so far, by every part.
    offered: &'a AtomicU64,
}
