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
//! * **Threads.** [`Solver::cheapest_in_threads`] cuts the tree into
//!   subproblems as a parallel count does, cheapest selections first; each
//!   thread searches one at a time with taxes of its own, and all of them
//!   keep their solutions in one heap behind a mutex, whose cutoff each
//!   reads after every solution and every short slice of nodes.
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
//! Costs add up in `u128`, so no sum of `u64` costs overflows.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::thread;

use crate::contract::request::Pursuit;
use crate::machine::driver::{Choice, Driver, Event, Matrix, Work};
use crate::machine::links::Links;
use crate::machine::multiplicity::Bounded;
use crate::model::ids::OptionId;
use crate::{Answer, Count, PARTS_PER_THREAD, Request, Solver, Stats, Status};

/// How many usable options of an item the choice counts before it takes
/// the item's length as an upper bound instead (DLX5's `lenthresh`).
pub const LOOK_AHEAD: u32 = 10;

/// An unbounded cutoff: fewer than `k` solutions are known.
const NO_CUTOFF: u128 = u128::MAX;

/// A kept solution: its cost, its place in the plain search's tree (empty
/// where the search's own order is that order), the order it was kept in,
/// and its options.
type Entry = (u128, Vec<u32>, u64, Vec<OptionId>);

/// The `k` cheapest solutions seen so far, the most expensive on top —
/// ties by their place in the plain search's tree ([`tree_position`]),
/// then by the order they came in.
struct Kept {
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
    fn new(k: u64, strict: bool) -> Kept {
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
    fn into_sorted(self) -> Vec<(u128, Vec<OptionId>)> {
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
fn lock(shared: &Mutex<Kept>) -> MutexGuard<'_, Kept> {
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

impl Solver {
    /// The `k` cheapest solutions (fewer if there are fewer), cheapest
    /// first, each with its cost — the selected options included, in the
    /// solution and in its cost, each solution's options in the order
    /// [`solutions`](Self::solutions) lists them. Ties
    /// come in the order of the plain search ([`solutions`](Self::solutions),
    /// `dance cover --all`), whatever the search for the cheapest meets
    /// first (see [`Goal::Best`](crate::Goal::Best)). `k = 0` finds nothing.
    ///
    /// ```
    /// use dance_dlx::{Problem, Solver};
    ///
    /// let problem: Problem = "a b c\na b |5\nc |1\na |1\nb c |2\nb |3\na c |1\n".parse()?;
    /// let best = Solver::new(&problem).cheapest(2);
    /// let costs: Vec<u128> = best.iter().map(|(cost, _)| *cost).collect();
    /// assert_eq!(costs, [3, 4]); // {a, b c} and {a c, b}; {a b, c} costs 6
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cheapest(&mut self, k: u64) -> Vec<(u128, Vec<OptionId>)> {
        self.cheapest_in_threads(k, 1)
    }

    /// [`cheapest`](Self::cheapest) on `threads` threads, which share the
    /// bound: the same solutions, in the same order, as on one thread. The
    /// tree is cut into subproblems as a parallel count cuts it
    /// ([`split_into_parts`](Self::split_into_parts)); a problem with
    /// multiplicities, or a tree that cannot be cut, or `threads <= 1`, or
    /// a target without threads (WASM), searches on this thread.
    ///
    /// ```
    /// use dance_dlx::{Problem, Solver};
    ///
    /// let problem: Problem = "a b c\na b |5\nc |1\na |1\nb c |2\nb |3\na c |1\n".parse()?;
    /// let mut solver = Solver::new(&problem);
    /// assert_eq!(solver.cheapest_in_threads(3, 4), solver.cheapest(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cheapest_in_threads(&mut self, k: u64, threads: usize) -> Vec<(u128, Vec<OptionId>)> {
        self.search_cheapest(&Request::new(crate::Goal::Best { k }), k, threads)
            .solutions
    }

    /// The cost of a set of options: the sum of their costs.
    ///
    /// # Panics
    /// If an option is not one of the problem's.
    pub fn cost_of(&self, options: &[OptionId]) -> u128 {
        options
            .iter()
            .map(|option| {
                assert!(
                    option.index() < self.links.option_start.len(),
                    "option {option} does not exist"
                );
                u128::from(self.costs.get(option.index()).copied().unwrap_or(0))
            })
            .sum()
    }

    /// [`run_with`](Solver::run_with) for [`Goal::Best`](crate::Goal::Best):
    /// searches, then hands the kept solutions to `visit`, cheapest first.
    pub(crate) fn run_best(
        &mut self,
        request: &Request,
        k: u64,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        let found = self.search_cheapest(request, k, 1);
        Self::answer_best(found, visit)
    }

    /// The answer of a search for the cheapest solutions, handing them to
    /// `visit`, cheapest first.
    pub(crate) fn answer_best(
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
            solution: found
                .solutions
                .into_iter()
                .next()
                .map(|(_, options)| options),
            stats: found.stats,
            engine: (),
        }
    }

    /// The search itself, on up to `threads` threads: the first `k`
    /// solutions of the plain search when nothing costs anything (all
    /// ties); Algorithm M's matrix with a plain bound for multiplicities;
    /// else DLX5's matrix on every subproblem, the kept solutions shared.
    pub(crate) fn search_cheapest(
        &mut self,
        request: &Request,
        k: u64,
        threads: usize,
    ) -> Cheapest {
        self.restart();
        if k == 0 {
            return Cheapest {
                solutions: Vec::new(),
                proven: true,
                stats: Stats::default(),
            };
        }
        if self.costs.iter().all(|&cost| cost == 0) {
            return self.first_k(request, k);
        }
        if self.multiplicities.is_some() {
            return self.cheapest_bounded(request, k);
        }
        // One clock for every thread: a timeout runs from here.
        let request = Request::new(request.goal).with_stop(request.stop.started());
        let shared = Mutex::new(Kept::new(k, true));
        let parts = if threads > 1 {
            let entries = self.links.nodes.len();
            self.split_into_parts_until(
                threads.saturating_mul(PARTS_PER_THREAD),
                entries,
                &request.stop,
            )
            .ok()
            .filter(|parts| parts.len() > 1)
        } else {
            None
        };
        let (stats, proven) = match parts {
            None => {
                let mut pursuit = Pursuit::new(&request);
                let budget = pursuit.budget();
                let mut stats = Stats::default();
                let stopped = pursuit.checkpoint().is_break()
                    || self.search_part(&[], &shared, &mut pursuit, budget, &mut stats);
                (stats, !stopped)
            }
            Some(mut parts) => {
                // The cheapest beginnings first: their solutions lower the
                // bound for the others sooner.
                parts.sort_by_cached_key(|part| self.cost_of(part));
                self.in_threads(&request, &parts, threads, &shared)
            }
        };
        let kept = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        Cheapest {
            solutions: kept.into_sorted(),
            proven,
            stats,
        }
    }

    /// `parts` searched on `threads` threads (this one and copies of the
    /// solver), each taking the next part until none is left or the stop
    /// comes: the work of all, and whether every part was searched whole.
    fn in_threads(
        &mut self,
        request: &Request,
        parts: &[Vec<OptionId>],
        threads: usize,
        shared: &Mutex<Kept>,
    ) -> (Stats, bool) {
        let next = AtomicUsize::new(0);
        let stopped = AtomicBool::new(false);
        let work = |solver: &mut Solver| -> Stats {
            let mut pursuit = Pursuit::new(request);
            // Short slices, so that a bound lowered elsewhere is seen soon.
            let budget = pursuit.budget().min(solver.nodes_per_look());
            let mut stats = Stats::default();
            while !stopped.load(Ordering::Relaxed) {
                if pursuit.checkpoint().is_break() {
                    stopped.store(true, Ordering::Relaxed);
                    break;
                }
                let Some(part) = parts.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    break;
                };
                if solver.search_part(part, shared, &mut pursuit, budget, &mut stats) {
                    stopped.store(true, Ordering::Relaxed);
                }
            }
            stats
        };
        let copies: Vec<Solver> = (1..threads.min(parts.len()))
            .map(|_| self.clone())
            .collect();
        let stats = thread::scope(|scope| {
            let work = &work;
            let handles: Vec<_> = copies
                .into_iter()
                .filter_map(|mut copy| {
                    thread::Builder::new()
                        .spawn_scoped(scope, move || work(&mut copy))
                        .ok()
                })
                .collect();
            let mut stats = work(self);
            for handle in handles {
                let more = handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
                stats += more;
            }
            stats
        });
        (stats, !stopped.into_inner())
    }

    /// Searches the subproblem that selects `prefix` on top of the
    /// selection with DLX5's matrix (taxes and sorted columns of its own),
    /// offering every solution it meets to `shared` and reading the cutoff
    /// there after each solution and every `budget` nodes; adds its work to
    /// `stats`. `true` when the stop came first. The selection is left as
    /// it was.
    fn search_part(
        &mut self,
        prefix: &[OptionId],
        shared: &Mutex<Kept>,
        pursuit: &mut Pursuit,
        budget: u64,
        stats: &mut Stats,
    ) -> bool {
        let selected = self.selected().count();
        let mut fits = true;
        for &option in prefix {
            fits &= self.select(option).is_ok();
        }
        let chosen: Vec<OptionId> = self.selected().collect();
        let costs = std::sync::Arc::clone(&self.costs);
        let taxed = fits.then(|| Taxed::new(&self.links, &costs));
        while self.selected().count() > selected {
            self.unselect();
        }
        // A part that cannot be selected has no solution (never the case
        // for the parts of a split).
        let Some(mut taxed) = taxed else {
            return false;
        };
        let base = self.cost_of(&chosen) + taxed.tax;
        let part = Part {
            chosen: &chosen,
            selected,
            base,
            shared,
            budget,
        };
        if self.links.is_colored() {
            self.walk_part::<true>(&part, &mut taxed, pursuit, stats)
        } else {
            self.walk_part::<false>(&part, &mut taxed, pursuit, stats)
        }
    }

    /// The walk of [`search_part`](Self::search_part) on `taxed`; the
    /// solver's own links, at the selection, place each solution in the
    /// plain search's tree.
    fn walk_part<const COLORED: bool>(
        &mut self,
        part: &Part<'_>,
        taxed: &mut Taxed,
        pursuit: &mut Pursuit,
        stats: &mut Stats,
    ) -> bool {
        let depth = self.stack.len();
        let mut stack = vec![0; depth];
        let mut spent = vec![0u128; depth + 1];
        let (mut item_limit, mut commit_limit) = (vec![0; depth], vec![0; depth]);
        let (mut sorted, mut place, mut trail) = (Vec::new(), Vec::new(), Vec::new());
        let mut driver = Driver::new();
        let mut cut = 0;
        let stopped = loop {
            let cutoff = net_cutoff(lock(part.shared).cutoff(), part.base);
            let mut matrix = Priced::<COLORED> {
                links: &mut taxed.links,
                net: &taxed.net,
                stack: &mut stack,
                spent: &mut spent,
                item_limit: &mut item_limit,
                commit_limit: &mut commit_limit,
                cutoff,
                cut: 0,
            };
            let event = driver.resume(&mut matrix, part.budget);
            cut += matrix.cut;
            match event {
                Event::Solution => {
                    let level = driver.level();
                    sorted.clear();
                    sorted.extend_from_slice(&part.chosen[part.selected..]);
                    sorted.extend(stack[..level].iter().map(|&p| taxed.links.option_of(p)));
                    sorted.sort_unstable();
                    tree_position::<COLORED>(&mut self.links, &sorted, &mut place, &mut trail);
                    // The options in the plain search's order, as one
                    // thread or many, and `solutions`, list them.
                    let mut options = part.chosen[..part.selected].to_vec();
                    options.extend(trail.iter().map(|&p| self.links.option_of(p)));
                    let cost = spent[level] + part.base;
                    lock(part.shared).offer(cost, place.clone(), options);
                }
                Event::Exhausted => break false,
                Event::BudgetSpent => {
                    if pursuit.checkpoint().is_break() {
                        break true;
                    }
                }
            }
        };
        *stats += Stats {
            cut,
            updates: taxed.links.updates,
            ..driver.stats()
        };
        stopped
    }

    /// The `k` cheapest when no option costs anything: every solution is a
    /// tie, so the first `k` of the plain search.
    fn first_k(&mut self, request: &Request, k: u64) -> Cheapest {
        self.rewind();
        let mut pursuit = Pursuit::new(request);
        let budget = pursuit.budget();
        let mut solutions = Vec::new();
        let proven = pursuit.checkpoint().is_continue()
            && loop {
                match self.resume(budget) {
                    Event::Solution => {
                        solutions.push((0, self.solution().collect()));
                        if solutions.len() as u64 >= k {
                            break true;
                        }
                    }
                    Event::Exhausted => break true,
                    Event::BudgetSpent => {
                        if pursuit.checkpoint().is_break() {
                            break false;
                        }
                    }
                }
            };
        let stats = self.stats();
        self.restart();
        Cheapest {
            solutions,
            proven,
            stats,
        }
    }

    /// The cheapest with multiplicities: Algorithm M's own walk, on one
    /// thread, with a plain bound. Its tree does not depend on the bound,
    /// so it meets ties in the plain search's order, and a later solution
    /// as cheap as the `k`-th kept is cut.
    fn cheapest_bounded(&mut self, request: &Request, k: u64) -> Cheapest {
        let selected: Vec<OptionId> = self.selected().collect();
        let mut kept = Kept::new(k, false);
        let mut pursuit = Pursuit::new(request);
        let mut walk = Walk {
            driver: Driver::new(),
            budget: pursuit.budget(),
            cut: 0,
            stopped: false,
        };
        let depth = self.stack.len();
        let mut stack = vec![0; depth];
        let mut spent = vec![0u128; depth + 1];
        let colored = self.links.is_colored();
        let costs = std::sync::Arc::clone(&self.costs);
        let fixed = self.cost_of(&selected);
        let before = self.links.updates;
        let options = |links: &Links, levels: &[u32]| {
            let moves = levels.iter().filter(|&&p| !links.is_header(p));
            moves.map(|&p| links.option_of(p)).collect::<Vec<_>>()
        };
        if pursuit.checkpoint().is_continue()
            && let Some(m) = &mut self.multiplicities
        {
            let links = &mut self.links;
            macro_rules! capped {
                ($colored:literal) => {
                    loop {
                        let cutoff = kept.cutoff();
                        let found = {
                            let mut matrix = Capped::<$colored> {
                                bounded: Bounded::new(m, links, &mut stack[..]),
                                costs: &costs,
                                spent: &mut spent,
                                cutoff,
                                cut: 0,
                            };
                            let found = walk.next(&mut matrix, &mut pursuit);
                            walk.cut += matrix.cut;
                            found
                        };
                        let Some(level) = found else { break };
                        let mut solution = selected.clone();
                        solution.extend(options(links, &stack[..level]));
                        kept.offer(spent[level], Vec::new(), solution);
                    }
                };
            }
            if colored {
                capped!(true);
            } else {
                capped!(false);
            }
        } else {
            walk.stopped = true;
        }
        let updates = self.links.updates - before;
        let kept = kept.shifted(fixed);
        Cheapest {
            solutions: kept.into_sorted(),
            proven: !walk.stopped,
            stats: Stats {
                cut: walk.cut,
                updates,
                ..walk.driver.stats()
            },
        }
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
    budget: u64,
}

/// The driver of one search for the cheapest solutions, and what it counts
/// beside the driver's statistics.
struct Walk {
    driver: Driver,
    budget: u64,
    cut: u64,
    stopped: bool,
}

impl Walk {
    /// Walks `matrix` to the next solution — `Some` of its level — or to
    /// the end of the tree or the stop (`None`, `stopped` set, the matrix
    /// unwound).
    fn next<M: Matrix>(&mut self, matrix: &mut M, pursuit: &mut Pursuit) -> Option<usize> {
        loop {
            match self.driver.resume(matrix, self.budget) {
                Event::Solution => return Some(self.driver.level()),
                Event::Exhausted => return None,
                Event::BudgetSpent => {
                    if pursuit.checkpoint().is_break() {
                        self.driver.unwind(matrix);
                        self.stopped = true;
                        return None;
                    }
                }
            }
        }
    }
}
