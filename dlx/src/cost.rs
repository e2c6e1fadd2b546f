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
//!   largest of their net costs; a branch whose cost so far plus what it must
//!   still pay reaches the cutoff is cut — a level whose item's cheapest
//!   option costs too much is a dead end, and a level stops trying options
//!   when the next one costs too much. So a later solution of the same cost
//!   as the `k`-th is never found: ties go to the one found first.
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
//! Algorithm M's own walk with a plain bound: a level whose options so far
//! cost the cutoff or more is cut.
//!
//! Costs add up in `u128`, so no sum of `u64` costs overflows.

use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use crate::driver::{Choice, Driver, Event, Matrix, Work};
use crate::ids::OptionId;
use crate::links::Links;
use crate::multiplicity::Bounded;
use crate::request::Pursuit;
use crate::{Answer, Count, Request, Solver, Stats, Status};

/// How many usable options of an item the choice counts before it takes
/// the item's length as an upper bound instead (DLX5's `lenthresh`).
pub const LOOK_AHEAD: u32 = 10;

/// An unbounded cutoff: fewer than `k` solutions are known.
const NO_CUTOFF: u128 = u128::MAX;

/// The `k` cheapest solutions seen so far, the most expensive on top.
struct Kept {
    k: usize,
    /// (net cost, the order of discovery, the options): the heap's largest
    /// is the most expensive, the latest found among equals.
    heap: BinaryHeap<(u128, u64, Vec<OptionId>)>,
    found: u64,
}

impl Kept {
    fn new(k: u64) -> Kept {
        Kept {
            k: usize::try_from(k).unwrap_or(usize::MAX),
            heap: BinaryHeap::new(),
            found: 0,
        }
    }

    /// The cutoff: a solution must cost less than this to be kept.
    fn cutoff(&self) -> u128 {
        match self.heap.peek() {
            Some(&(cost, _, _)) if self.heap.len() >= self.k => cost,
            _ => NO_CUTOFF,
        }
    }

    /// Keeps a solution that costs less than the cutoff.
    fn keep(&mut self, cost: u128, options: impl Iterator<Item = OptionId>) {
        let mut vec = if self.heap.len() >= self.k {
            self.heap.pop().map(|(_, _, vec)| vec).unwrap_or_default()
        } else {
            Vec::new()
        };
        vec.clear();
        vec.extend(options);
        self.heap.push((cost, self.found, vec));
        self.found += 1;
    }

    /// The kept solutions, cheapest first, ties in the order found.
    fn into_sorted(self) -> Vec<(u128, Vec<OptionId>)> {
        let mut kept = self.heap.into_vec();
        kept.sort_unstable_by_key(|&(cost, order, _)| (cost, order));
        kept.into_iter()
            .map(|(cost, _, options)| (cost, options))
            .collect()
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
        let room = self.cutoff - self.spent[level];
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
        let limit = self.cutoff - spent;
        self.commit_limit[level] = limit;
        let item = self.links.top[p as usize] as u32;
        let next = self.links.nodes[p as usize].down;
        let guess = next != item && u128::from(self.net[next as usize]) < self.cutoff - spent;
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

/// What one search for the cheapest solutions found.
pub(crate) struct Cheapest {
    /// The kept solutions, cheapest first, with their costs.
    pub(crate) solutions: Vec<(u128, Vec<OptionId>)>,
    /// Whether the search ran to the end, so these are the cheapest.
    pub(crate) proven: bool,
    pub(crate) stats: Stats,
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

impl Solver {
    /// The `k` cheapest solutions (fewer if there are fewer), cheapest
    /// first, each with its cost — the selected options included, in the
    /// solution and in its cost. Ties come in the order the search found
    /// them; the search, and so that order, is DLX5's (see
    /// [`Goal::Best`](crate::Goal::Best)). `k = 0` finds nothing.
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
        self.search_cheapest(&Request::new(crate::Goal::Best { k }), k)
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
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        let found = self.search_cheapest(request, k);
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
        }
    }

    /// The search itself: DLX5's matrix, or Algorithm M's with a plain
    /// bound, walked by a driver of its own on a copy of the links.
    pub(crate) fn search_cheapest(&mut self, request: &Request, k: u64) -> Cheapest {
        self.restart();
        let selected: Vec<OptionId> = self.selected().collect();
        let mut kept = Kept::new(k);
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
        let costs: &[u64] = if self.costs.is_empty() {
            &vec![0; self.links.option_start.len()]
        } else {
            &self.costs
        };
        // One walk to the next solution on `$matrix`, made anew after each
        // solution with the cutoff it moved.
        macro_rules! search {
            ($links:expr, $cutoff:ident => $matrix:expr, $options:expr) => {
                loop {
                    let $cutoff = kept.cutoff();
                    let found = {
                        let mut matrix = $matrix;
                        let found = walk.next(&mut matrix, &mut pursuit);
                        walk.cut += matrix.cut;
                        found
                    };
                    let Some(level) = found else { break };
                    let links = &$links;
                    let options = $options(links, &stack[..level]);
                    kept.keep(spent[level], selected.iter().copied().chain(options));
                }
            };
        }
        let mut proven = k == 0;
        let mut updates = 0;
        if k > 0 && pursuit.checkpoint().is_continue() {
            let fixed = self.cost_of(&selected);
            match &mut self.multiplicities {
                None => {
                    let mut taxed = Taxed::new(&self.links, costs);
                    let (mut item_limit, mut commit_limit) = (vec![0; depth], vec![0; depth]);
                    let options = |links: &Links, levels: &[u32]| {
                        levels
                            .iter()
                            .map(|&p| links.option_of(p))
                            .collect::<Vec<_>>()
                    };
                    macro_rules! priced {
                        ($colored:literal) => {
                            search!(
                                taxed.links,
                                cutoff => Priced::<$colored> {
                                    links: &mut taxed.links,
                                    net: &taxed.net,
                                    stack: &mut stack,
                                    spent: &mut spent,
                                    item_limit: &mut item_limit,
                                    commit_limit: &mut commit_limit,
                                    cutoff,
                                    cut: 0,
                                },
                                options
                            )
                        };
                    }
                    if colored {
                        priced!(true);
                    } else {
                        priced!(false);
                    }
                    kept = kept.shifted(fixed + taxed.tax);
                    updates = taxed.links.updates;
                }
                Some(m) => {
                    let options = |links: &Links, levels: &[u32]| {
                        let moves = levels.iter().filter(|&&p| !links.is_header(p));
                        moves.map(|&p| links.option_of(p)).collect::<Vec<_>>()
                    };
                    let before = self.links.updates;
                    let links = &mut self.links;
                    macro_rules! capped {
                        ($colored:literal) => {
                            search!(
                                *links,
                                cutoff => Capped::<$colored> {
                                    bounded: Bounded::new(m, links, &mut stack[..]),
                                    costs,
                                    spent: &mut spent,
                                    cutoff,
                                    cut: 0,
                                },
                                options
                            )
                        };
                    }
                    if colored {
                        capped!(true);
                    } else {
                        capped!(false);
                    }
                    kept = kept.shifted(fixed);
                    updates = self.links.updates - before;
                }
            }
            proven = !walk.stopped;
        }
        Cheapest {
            solutions: kept.into_sorted(),
            proven,
            stats: Stats {
                cut: walk.cut,
                updates,
                ..walk.driver.stats()
            },
        }
    }
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

impl Kept {
    /// The same solutions, each costing `extra` more.
    fn shifted(self, extra: u128) -> Kept {
        let heap = self
            .heap
            .into_iter()
            .map(|(cost, order, options)| (cost + extra, order, options))
            .collect();
        Kept { heap, ..self }
    }
}
