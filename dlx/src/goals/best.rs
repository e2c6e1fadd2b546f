//! The cheapest solutions ([`Goal::Best`](crate::Goal::Best)): Knuth's
//! DLX5 on the [`Links`], walked by the one [`Driver`].
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
//!   and stops at the first whose cost reaches the bound: the ones below it
//!   cost more.
//! * **The bound.** Once `k` solutions are known, the *cutoff* is the
//!   largest of their net costs, plus one; a branch whose cost so far plus
//!   what it must still pay reaches the cutoff is cut — a level whose item's
//!   cheapest option costs too much is a dead end, and a level stops trying
//!   options when the next one costs too much.
//! * **Ties.** DLX5 cuts at the `k`-th cost itself, so ties go to the one
//!   its search finds first; but which one that is depends on the bound
//!   (the item chosen does), and so, once threads share the bound, on their
//!   timing. Here ties go to the solution the *plain* search
//!   ([`Solver::solutions`], `dance cover --all`) meets first — the bound
//!   plays no part in that order — and the cutoff is one more than the
//!   `k`-th cost, so that every solution as cheap as the `k`-th is still
//!   found and its place in that order ([`tree_position`]) decides. That
//!   costs the branches whose bound is exactly the `k`-th cost (1–5% more
//!   nodes than DLX5 on the shipped problems), and makes the answer the
//!   same on any number of threads. When no option costs anything every
//!   solution is a tie, and the answer is the plain search's first `k`.
//! * **Threads.** On several threads (the [executor](crate::threads)) the
//!   tree is cut into subproblems as a parallel count cuts it, cheapest
//!   selections first; each thread searches one at a time with taxes of its
//!   own ([`search_part`]), and all of them keep their solutions in one
//!   heap behind a mutex ([`Kept`]), whose cutoff each reads after every
//!   solution and at every look of the drive loop. One thread is the same
//!   search with one part.
//! * **Choosing.** The item with the fewest options that the bound still
//!   allows (counted up to [`LOOK_AHEAD`], then its whole length as an upper
//!   bound); ties to the item whose cheapest option costs most, since that
//!   cost must be paid anyway, then to the first.
//! * **Covering below the bound.** Covering an item hides only its options
//!   that the bound allows below the level; the others stay in the other
//!   columns, after every option that can still be used (the columns are
//!   sorted), where no level ever reaches them. Uncovering walks the same
//!   options with the same threshold, which each level keeps.
//!
//! With multiplicities (Algorithm M) the columns are not lists of
//! alternatives that a level tries cheapest first, so there the search is
//! Algorithm M's own walk with a plain bound, on one thread: a level whose
//! options so far cost the cutoff (the `k`-th cost itself) or more is cut.
//! That walk's tree is the plain search's whatever the bound, so its first
//! found among ties is the plain search's first.
//!
//! Every walk here is the one drive loop's, whose looks come by the work
//! done: the nodes walked and the upkeep of each solution kept (placing it
//! in the plain search's tree, and the heap), so that a search for a
//! million cheapest stops on time however thick its solutions come.
//!
//! Costs add up in `u128`, so no sum of `u64` costs overflows.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::contract::answer::{Answer, Count, Findings, Status};
use crate::contract::stats::Stats;
use crate::contract::stop::Alarm;
use crate::machine::algorithm::{OnColors, on_colors};
use crate::machine::driver::{Choice, Driver, Ended, Fold, Matrix, Resume, Walking, Work, drive};
use crate::machine::links::Links;
use crate::machine::multiplicity::Bounded;
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;

/// How many usable options of an item the choice counts before it takes
/// the item's length as an upper bound instead (DLX5's `lenthresh`).
pub(crate) const LOOK_AHEAD: u32 = 10;

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
/// DLX5's matrix: the links (a copy of the solver's, columns sorted by net
/// cost), and what each level keeps.
struct Priced<'a, const COLORED: bool> {
    links: &'a mut Links,
    /// The net cost of the option of every node (0 for headers and spacers).
    net: &'a [u64],
    /// The option node tried at each level.
    stack: &'a mut [u32],
    /// The net cost of the options of the levels below each level.
    spent: &'a mut [u128],
    /// Per level: the threshold its item was covered with, and the one its
    /// option's other items were committed with.
    item_limit: &'a mut [u128],
    commit_limit: &'a mut [u128],
    cutoff: u128,
    cut: u64,
}

impl<const COLORED: bool> Priced<'_, COLORED> {
    /// Covers item `i`, hiding only its options that cost less than
    /// `limit` (the column is sorted, so the first that costs more ends it).
    fn cover(&mut self, i: u32, limit: u128) {
        let mut p = self.links.nodes[i as usize].down;
        while p != i && u128::from(self.net[p as usize]) < limit {
            self.links.hide::<COLORED>(p);
            p = self.links.nodes[p as usize].down;
        }
        self.links.deactivate(i);
    }

    /// Undoes [`cover`](Self::cover) with the same `limit`. The options are
    /// unhidden in the order they were hidden: each unhide links its nodes
    /// back between neighbours that the later unhides then put right (DLX5).
    fn uncover(&mut self, i: u32, limit: u128) {
        self.links.reactivate(i);
        let mut p = self.links.nodes[i as usize].down;
        while p != i && u128::from(self.net[p as usize]) < limit {
            self.links.unhide::<COLORED>(p);
            p = self.links.nodes[p as usize].down;
        }
    }

    /// Purifies the colored item of node `p`, below `limit`, as
    /// [`cover`](Self::cover) covers.
    fn purify(&mut self, p: u32, item: u32, limit: u128) {
        let color = self.links.colors[p as usize];
        let mut q = self.links.nodes[item as usize].down;
        while q != item && u128::from(self.net[q as usize]) < limit {
            if self.links.colors[q as usize] != color {
                self.links.hide::<true>(q);
            } else if q != p {
                self.links.colors[q as usize] = -1;
            }
            q = self.links.nodes[q as usize].down;
        }
    }

    /// Undoes [`purify`](Self::purify) with the same `limit`.
    fn unpurify(&mut self, p: u32, item: u32, limit: u128) {
        let color = self.links.colors[p as usize];
        let mut q = self.links.nodes[item as usize].down;
        while q != item && u128::from(self.net[q as usize]) < limit {
            if self.links.colors[q as usize] < 0 {
                self.links.colors[q as usize] = color;
            } else if q != p {
                self.links.unhide::<true>(q);
            }
            q = self.links.nodes[q as usize].down;
        }
    }

    /// Commits the other items of `p`'s option, left to right.
    fn commit_others(&mut self, p: u32, limit: u128) {
        let mut q = p + 1;
        while q != p {
            let top = self.links.top[q as usize];
            if top <= 0 {
                q = self.links.nodes[q as usize].up;
                continue;
            }
            let color = if COLORED {
                self.links.colors[q as usize]
            } else {
                0
            };
            if color == 0 {
                self.cover(top as u32, limit);
            } else if color > 0 {
                self.purify(q, top as u32, limit);
            }
            q += 1;
        }
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    fn uncommit_others(&mut self, p: u32, limit: u128) {
        let mut q = p - 1;
        while q != p {
            let top = self.links.top[q as usize];
            if top <= 0 {
                q = self.links.nodes[q as usize].down;
                continue;
            }
            let color = if COLORED {
                self.links.colors[q as usize]
            } else {
                0
            };
            if color == 0 {
                self.uncover(top as u32, limit);
            } else if color > 0 {
                self.unpurify(q, top as u32, limit);
            }
            q -= 1;
        }
    }
}

impl<const COLORED: bool> Matrix for Priced<'_, COLORED> {
    fn choose(&mut self, level: usize) -> Choice {
        let room = self.cutoff.saturating_sub(self.spent[level]);
        let links = &*self.links;
        let mut k = links.items[0].right;
        if k == 0 {
            return Choice::Solved;
        }
        let (mut best, mut fewest, mut dearest) = (k, u32::MAX, 0);
        while k != 0 {
            let first = links.nodes[k as usize].down;
            if first == k {
                return Choice::DeadEnd;
            }
            let cheapest = self.net[first as usize];
            if u128::from(cheapest) >= room {
                self.cut += 1;
                return Choice::DeadEnd;
            }
            // Count the options the bound allows, up to `fewest` (no better
            // then) or `LOOK_AHEAD` (then the length as an upper bound).
            let mut usable = 1;
            let mut p = links.nodes[first as usize].down;
            let better = loop {
                if p == k || u128::from(self.net[p as usize]) >= room {
                    break true;
                }
                if usable == fewest {
                    break false;
                }
                if usable >= LOOK_AHEAD {
                    usable = links.len(k);
                    break true;
                }
                usable += 1;
                p = links.nodes[p as usize].down;
            };
            if better && (usable < fewest || (usable == fewest && cheapest > dearest)) {
                (best, fewest, dearest) = (k, usable, cheapest);
            }
            k = links.items[k as usize].right;
        }
        let first = self.links.nodes[best as usize].down;
        let limit = room - u128::from(self.net[first as usize]);
        self.item_limit[level] = limit;
        self.cover(best, limit);
        self.stack[level] = first;
        Choice::Item
    }

    fn try_option(&mut self, level: usize) -> Work {
        let p = self.stack[level];
        let spent = self.spent[level] + u128::from(self.net[p as usize]);
        self.spent[level + 1] = spent;
        // Saturating: a bound lowered by another thread may already be
        // below what this level spent, and then the level below is cut.
        let limit = self.cutoff.saturating_sub(spent);
        self.commit_limit[level] = limit;
        let item = self.links.top[p as usize] as u32;
        let next = self.links.nodes[p as usize].down;
        let guess = next != item && u128::from(self.net[next as usize]) < limit;
        self.commit_others(p, limit);
        Work {
            nodes: 1,
            guesses: u64::from(guess),
        }
    }

    fn retract(&mut self, level: usize) -> bool {
        let p = self.stack[level];
        self.uncommit_others(p, self.commit_limit[level]);
        let item = self.links.top[p as usize] as u32;
        let next = self.links.nodes[p as usize].down;
        let affordable =
            next != item && self.spent[level] + u128::from(self.net[next as usize]) < self.cutoff;
        if affordable {
            self.stack[level] = next;
            return true;
        }
        self.cut += u64::from(next != item);
        self.uncover(item, self.item_limit[level]);
        false
    }

    fn unchoose(&mut self, level: usize) {
        let item = self.links.top[self.stack[level] as usize] as u32;
        self.uncover(item, self.item_limit[level]);
    }
}

/// Algorithm M's matrix with a plain bound: a level whose options so far
/// cost the cutoff or more is cut.
struct Capped<'a, const COLORED: bool> {
    bounded: Bounded<'a, COLORED>,
    /// The cost of every option, by number.
    costs: &'a [u64],
    spent: &'a mut [u128],
    cutoff: u128,
    cut: u64,
}

impl<const COLORED: bool> Matrix for Capped<'_, COLORED> {
    fn choose(&mut self, level: usize) -> Choice {
        if self.spent[level] >= self.cutoff {
            self.cut += 1;
            return Choice::DeadEnd;
        }
        self.bounded.choose(level)
    }

    fn try_option(&mut self, level: usize) -> Work {
        let cost = self
            .bounded
            .staged_option(level)
            .map_or(0, |option| self.costs[option.index()]);
        self.spent[level + 1] = self.spent[level] + u128::from(cost);
        self.bounded.try_option(level)
    }

    fn retract(&mut self, level: usize) -> bool {
        self.bounded.retract(level)
    }

    fn unchoose(&mut self, level: usize) {
        self.bounded.unchoose(level);
    }
}

/// The search's own copy of the solver's links, with DLX5's taxes and
/// sorted columns.
struct Taxed {
    links: Links,
    /// The net cost of every node's option.
    net: Vec<u64>,
    /// The total tax: what every solution pays beyond its net cost.
    tax: u128,
}

impl Taxed {
    /// Taxes the active primary items of `links` in item order and sorts
    /// every active column by net cost, stably.
    fn new(links: &Links, costs: &[u64]) -> Taxed {
        let mut links = links.clone();
        let mut option_net: Vec<u64> = costs.to_vec();
        let mut tax = 0u128;
        let mut item = links.items[0].right;
        while item != 0 {
            let column = column(&links, item);
            let least = column
                .iter()
                .map(|&p| option_net[links.option_of(p).index()])
                .min();
            if let Some(least) = least.filter(|&least| least > 0) {
                tax += u128::from(least);
                for &p in &column {
                    option_net[links.option_of(p).index()] -= least;
                }
            }
            item = links.items[item as usize].right;
        }
        let mut net = vec![0; links.nodes.len()];
        for (option, &first) in links.option_start.iter().enumerate() {
            let mut p = first as usize;
            while links.top[p] > 0 {
                net[p] = option_net[option];
                p += 1;
            }
        }
        for item in 1..=links.item_count {
            let mut column = column(&links, item);
            column.sort_by_key(|&p| net[p as usize]);
            links.relink_column(item, &column);
        }
        links.updates = 0;
        Taxed { links, net, tax }
    }
}

/// The nodes of item `i`'s column, top to bottom.
fn column(links: &Links, i: u32) -> Vec<u32> {
    let mut nodes = Vec::with_capacity(links.len(i) as usize);
    let mut p = links.nodes[i as usize].down;
    while p != i {
        nodes.push(p);
        p = links.nodes[p as usize].down;
    }
    nodes
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

/// The cheapest with multiplicities: Algorithm M's own walk, on one
/// thread, with a plain bound. Its tree does not depend on the bound, so
/// it meets ties in the plain search's order, and a later solution as
/// cheap as the `k`-th kept is cut.
pub(crate) fn bounded(solver: &mut Solver, k: u64, alarm: &Alarm<'_>) -> Cheapest {
    let selected: Vec<OptionId> = solver.selected().collect();
    let fixed = cost_of(&solver.costs, &selected);
    let costs = std::sync::Arc::clone(&solver.costs);
    let depth = solver.stack.len();
    let before = solver.links.updates;
    let colored = solver.links.is_colored();
    let mut driver = Driver::new();
    let mut spent = vec![0u128; depth + 1];
    let mut stack = vec![0; depth];
    let mut capping = Capping {
        kept: Kept::new(k, false),
        selected,
        work: 0,
    };
    let Solver {
        links,
        multiplicities,
        per_look,
        ..
    } = &mut *solver;
    let m = multiplicities
        .as_mut()
        .expect("a bounded search has multiplicities");
    let walk = CappedWalk {
        m,
        links,
        stack: &mut stack,
        spent: &mut spent,
        costs: &costs,
        driver: &mut driver,
        per_look: *per_look,
        capping: &mut capping,
        alarm,
    };
    let (ended, cut) = on_colors(colored, walk);
    let updates = solver.links.updates - before;
    Cheapest {
        solutions: capping.kept.shifted(fixed).into_sorted(),
        proven: ended != Ended::Stopped,
        stats: Stats {
            cut,
            updates,
            ..driver.stats()
        },
    }
}

/// Algorithm M's walk with a plain bound, on either color.
struct CappedWalk<'a, 'b> {
    m: &'a mut crate::machine::multiplicity::Multiplicities,
    links: &'a mut Links,
    stack: &'a mut [u32],
    spent: &'a mut [u128],
    costs: &'a [u64],
    driver: &'a mut Driver,
    per_look: u64,
    capping: &'a mut Capping,
    alarm: &'a Alarm<'b>,
}

impl OnColors for CappedWalk<'_, '_> {
    type Output = (Ended, u64);

    fn run<const COLORED: bool>(self) -> (Ended, u64) {
        let matrix = Capped::<COLORED> {
            bounded: Bounded::new(self.m, self.links, self.stack),
            costs: self.costs,
            spent: self.spent,
            cutoff: NO_CUTOFF,
            cut: 0,
        };
        let mut walking = Walking {
            driver: self.driver,
            matrix,
            per_look: self.per_look,
        };
        let ended = drive(&mut walking, self.alarm, self.capping);
        if ended == Ended::Stopped {
            walking.unwind();
        }
        (ended, walking.matrix.cut)
    }
}

/// The fold of Algorithm M's capped walk: keeps the `k` cheapest, and
/// lowers the matrix's bound as they come.
struct Capping {
    kept: Kept,
    /// The solver's selection, in every solution.
    selected: Vec<OptionId>,
    /// The upkeep of the solutions kept.
    work: u64,
}

impl<const COLORED: bool> Fold<Walking<'_, Capped<'_, COLORED>>> for Capping {
    fn solution(&mut self, walk: &mut Walking<'_, Capped<'_, COLORED>>) -> ControlFlow<()> {
        let level = walk.driver.level();
        let matrix = &walk.matrix;
        let links = matrix.bounded.links();
        let moves = matrix.bounded.stack()[..level]
            .iter()
            .filter(|&&p| !links.is_header(p));
        let mut solution = self.selected.clone();
        solution.extend(moves.map(|&p| links.option_of(p)));
        self.work += solution.len() as u64;
        self.kept.offer(matrix.spent[level], Vec::new(), solution);
        walk.matrix.cutoff = self.kept.cutoff();
        ControlFlow::Continue(())
    }

    fn work(&self) -> u64 {
        self.work
    }
}

/// Searches the subproblem that selects `prefix` on top of `solver`'s
/// selection with DLX5's matrix (taxes and sorted columns of its own),
/// offering every solution it meets to `shared` and reading the cutoff
/// there after each solution and at each look; adds its work to `stats`.
/// `true` when `alarm` rang first. The selection is left as it was.
pub(crate) fn search_part(
    solver: &mut Solver,
    prefix: &[OptionId],
    shared: &Mutex<Kept>,
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
    };
    let colored = solver.links.is_colored();
    let walk = PricedWalk {
        solver,
        part: &part,
        taxed: &mut taxed,
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
    alarm: &'a Alarm<'b>,
    stats: &'a mut Stats,
}

impl OnColors for PricedWalk<'_, '_> {
    type Output = bool;

    /// The walk on the taxed links; the solver's own links, at the
    /// selection, place each solution in the plain search's tree.
    fn run<const COLORED: bool>(self) -> bool {
        let depth = self.solver.stack.len();
        let per_look = self.solver.nodes_per_look();
        let mut stack = vec![0; depth];
        let mut spent = vec![0u128; depth + 1];
        let (mut item_limit, mut commit_limit) = (vec![0; depth], vec![0; depth]);
        let mut driver = Driver::new();
        let matrix = Priced::<COLORED> {
            links: &mut self.taxed.links,
            net: &self.taxed.net,
            stack: &mut stack,
            spent: &mut spent,
            item_limit: &mut item_limit,
            commit_limit: &mut commit_limit,
            cutoff: net_cutoff(lock(self.part.shared).cutoff(), self.part.base),
            cut: 0,
        };
        let mut walking = Walking {
            driver: &mut driver,
            matrix,
            per_look,
        };
        let mut offering = Offering {
            part: self.part,
            links: &mut self.solver.links,
            sorted: Vec::new(),
            place: Vec::new(),
            trail: Vec::new(),
            work: 0,
        };
        let ended = drive(&mut walking, self.alarm, &mut offering);
        // A stopped part is dropped as it is: the taxed links are its own.
        let cut = walking.matrix.cut;
        *self.stats += Stats {
            cut,
            updates: self.taxed.links.updates,
            ..driver.stats()
        };
        ended == Ended::Stopped
    }
}

/// The fold of a part's walk: places each solution in the plain search's
/// tree, offers it to the kept solutions, and reads the cutoff back.
struct Offering<'a> {
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

impl<const COLORED: bool> Fold<Walking<'_, Priced<'_, COLORED>>> for Offering<'_> {
    fn solution(&mut self, walk: &mut Walking<'_, Priced<'_, COLORED>>) -> ControlFlow<()> {
        let part = self.part;
        let level = walk.driver.level();
        let matrix = &walk.matrix;
        self.sorted.clear();
        self.sorted.extend_from_slice(&part.chosen[part.selected..]);
        self.sorted.extend(
            matrix.stack[..level]
                .iter()
                .map(|&p| matrix.links.option_of(p)),
        );
        self.sorted.sort_unstable();
        tree_position::<COLORED>(self.links, &self.sorted, &mut self.place, &mut self.trail);
        // The options in the plain search's order, as one thread or many,
        // and `solutions`, list them.
        let mut options = part.chosen[..part.selected].to_vec();
        options.extend(self.trail.iter().map(|&p| self.links.option_of(p)));
        let passed: u64 = self.place.iter().map(|&at| u64::from(at)).sum();
        self.work += options.len() as u64 + passed;
        let cost = matrix.spent[level] + part.base;
        let mut kept = lock(part.shared);
        kept.offer(cost, self.place.clone(), options);
        walk.matrix.cutoff = net_cutoff(kept.cutoff(), part.base);
        ControlFlow::Continue(())
    }

    /// Reads a bound that other threads lowered.
    fn look(&mut self, walk: &mut Walking<'_, Priced<'_, COLORED>>) -> ControlFlow<()> {
        walk.matrix.cutoff = net_cutoff(lock(self.part.shared).cutoff(), self.part.base);
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
}
