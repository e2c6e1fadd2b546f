//! Looking at the search tree from outside: the branch the search would take
//! next, the subproblems of the tree cut at a depth, and Knuth's estimate of
//! its size by random probes.
//!
//! A subproblem is a list of options to [`select`](Solver::select): the
//! choices on the path from the root to one node of the tree. Selecting them
//! leaves exactly the links the search had at that node, so the subtrees of
//! the subproblems at one depth partition the whole tree: counting each and
//! adding gives exactly the sequential count, and enumerating each in order
//! gives every solution once, in the sequential order. This is what parallel
//! and distributed searches are built on; the engine itself stays
//! single-threaded.
//!
//! The cut is the search itself: the [`Driver`] walks [`Cut`], Algorithm X's
//! matrix that answers [`Choice::Solved`] at the cut's depth, so the walk
//! stops at every subproblem with its path on the level stack, and prices
//! each path as it tries the options on it.
//!
//! Only Algorithms X and C can be cut this way: Algorithm M branches on how
//! many times an item is covered, which is not a choice of one option.

use crate::contract::request::{Alarm, Stop};
use crate::goals::memo::Order;
use crate::machine::driver::{Choice, Driver, Event, Matrix, Work};
use crate::machine::exact::Exact;
use crate::machine::links::Links;
use crate::model::ids::OptionId;
use crate::rng::SplitMix64;
use crate::solver::Solver;

/// Subproblems per thread that a count on several threads asks
/// [`Solver::split_into_parts`] for: enough that uneven subtrees even out.
pub const PARTS_PER_THREAD: usize = 64;
/// How deep [`Solver::split_into_parts`] may cut looking for its parts.
pub const PARTS_MAX_DEPTH: usize = 12;
/// Option visits per entry of the problem that selecting the parts of
/// [`Solver::split_into_parts`] may cost: a wide node (one item with 10⁵
/// options) would cost 10¹⁰ visits to split below, and stays one part.
pub const PARTS_COST_PER_ENTRY: u64 = 8;
/// Option visits that selecting the parts may always cost.
const PARTS_MIN_COST: u64 = 1 << 20;

/// Why the search tree cannot be split or probed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The problem has multiplicities (Algorithm M).
    #[error(
        "the problem has multiplicities (items with bounds, Algorithm M); only a \
         search that covers every primary item exactly once can be split or probed"
    )]
    Multiplicities,
}

/// The probes of an estimate when the user names none (the command
/// line's `--probes`, Python's `estimate(probes=)`): enough for an error
/// bar of a few percent on the problems of the tests, in milliseconds.
pub const DEFAULT_PROBES: u32 = 1000;

/// Knuth's estimate of the cost of a search, from random probes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Probes made.
    pub probes: u32,
    /// Estimated search-tree nodes ([`Stats::nodes`](crate::Stats::nodes):
    /// options tried).
    pub nodes: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// The standard error of `nodes` (the spread of the probes' estimates
    /// divided by the square root of their number).
    pub nodes_error: f64,
}

/// How a walk of the tree down to a cut ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Walked {
    /// Every subproblem was found.
    Whole,
    /// Selecting the subproblems would cost more than the bound.
    Dear,
    /// The stop came.
    Stopped,
}

impl Solver {
    /// What the search does next at the selected options: [`Choice::Solved`]
    /// when they are a solution, [`Choice::DeadEnd`] when some item has no
    /// option left, or [`Choice::Item`] — the search chooses the item with
    /// the fewest options and tries them in the order now in `options`
    /// (cleared first; left empty for the other answers). Never
    /// [`Choice::Known`].
    ///
    /// ```
    /// use dance_dlx::{Choice, Solver, parse_problem};
    ///
    /// let problem = parse_problem("a b\na\nb\na b\n")?;
    /// let mut solver = Solver::new(&problem);
    /// let mut options = Vec::new();
    /// assert_eq!(solver.branch(&mut options)?, Choice::Item);
    /// assert_eq!(options.iter().map(|o| o.index()).collect::<Vec<_>>(), [0, 2]);
    /// solver.select(options[1])?;
    /// assert_eq!(solver.branch(&mut options)?, Choice::Solved);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn branch(&mut self, options: &mut Vec<OptionId>) -> Result<Choice, SplitError> {
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        self.unwind();
        options.clear();
        let links = &self.links;
        Ok(match links.choose() {
            None => Choice::Solved,
            Some((_, 0)) => Choice::DeadEnd,
            Some((item, _)) => {
                let mut p = links.nodes[item as usize].down;
                while p != item {
                    options.push(links.option_of(p));
                    p = links.nodes[p as usize].down;
                }
                Choice::Item
            }
        })
    }

    /// The subproblems at `depth` below the selected options, in the order the
    /// search meets them: each is the list of options tried on the way down
    /// (shorter than `depth` where a solution comes sooner; dead ends are
    /// left out). The selection is unchanged afterwards.
    ///
    /// The walk is the search's own, down to `depth`: each item is
    /// covered once per node, not once per option, so a node with a million
    /// options is split in linear time. Afterwards [`stats`](Self::stats)
    /// reports that walk: the options it tried above the cut, its link
    /// updates, and each subproblem as a solution.
    pub fn split(&mut self, depth: usize) -> Result<Vec<Vec<OptionId>>, SplitError> {
        Ok(self.split_until(depth, &Stop::never())?.0)
    }

    /// [`split`](Self::split) until `stop` comes: the subproblems and
    /// whether they are all of them (`false`: the stop came, and the list
    /// is the beginning of the whole one, in order). The walk looks at the
    /// stop at every subproblem and every
    /// [`nodes_per_look`](Self::nodes_per_look) nodes.
    pub fn split_until(
        &mut self,
        depth: usize,
        stop: &Stop,
    ) -> Result<(Vec<Vec<OptionId>>, bool), SplitError> {
        let mut subproblems = Vec::new();
        let walked = self.walk_cut(depth, u64::MAX, stop.start(), |path, _| {
            subproblems.push(path.collect());
        })?;
        debug_assert!(walked != Walked::Dear, "no cost is above u64::MAX");
        Ok((subproblems, walked == Walked::Whole))
    }

    /// [`split`](Self::split) at the smallest depth (up to `max_depth`) that
    /// gives at least `at_least` subproblems, or at `max_depth`.
    pub fn split_into(
        &mut self,
        at_least: usize,
        max_depth: usize,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        self.split_within(at_least, max_depth, u64::MAX)
    }

    /// [`split_into`](Self::split_into), but no deeper than the last depth
    /// whose subproblems cost at most `max_cost` to select.
    ///
    /// Selecting a subproblem's options repeats covering that the
    /// sequential search does once per node: a node with `b` options, whose
    /// item and options' items hold about `len` options, costs about
    /// `b · len` to select `b` times, against `len` once. The [selection
    /// cost](Self::selection_cost) of the subproblems at a depth adds this
    /// up; when it passes `max_cost` the split stops one level higher, where
    /// the subproblems are fewer and cheaper. With a bound of a few times
    /// the problem's size, a parallel search is never much slower than the
    /// sequential one, even on a problem whose root has a million options:
    /// such a root is not split at all (the result is the one subproblem
    /// `[]`, the whole problem).
    ///
    /// ```
    /// use dance_dlx::{Solver, parse_problem};
    ///
    /// // One item with 1,000 options: 1,000 subproblems of depth 1 would
    /// // each cover the item again, 10⁶ option visits in all.
    /// let wide = parse_problem(&format!("a\n{}", "a\n".repeat(1000))).unwrap();
    /// let mut solver = Solver::new(&wide);
    /// assert_eq!(solver.split_within(8, 4, 100_000).unwrap().len(), 1);
    /// assert_eq!(solver.split_within(8, 4, u64::MAX).unwrap().len(), 1000);
    /// ```
    pub fn split_within(
        &mut self,
        at_least: usize,
        max_depth: usize,
        max_cost: u64,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        self.split_within_until(at_least, max_depth, max_cost, &Stop::never())
    }

    /// [`split_within`](Self::split_within), keeping the last depth cut
    /// whole when `stop` comes: the subproblems are always a partition of
    /// the tree (`[[]]`, the whole problem, when the stop came at once).
    fn split_within_until(
        &mut self,
        at_least: usize,
        max_depth: usize,
        max_cost: u64,
        stop: &Stop,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        let alarm = stop.start();
        let mut subproblems = vec![Vec::new()];
        for depth in 1..=max_depth {
            let deeper = subproblems.iter().any(|s| s.len() == depth - 1);
            if subproblems.len() >= at_least || !deeper {
                break;
            }
            let mut cut = Vec::new();
            let walked =
                self.walk_cut(depth, max_cost, alarm, |path, _| cut.push(path.collect()))?;
            if walked != Walked::Whole {
                break;
            }
            subproblems = cut;
        }
        Ok(subproblems)
    }

    /// At least `at_least` subproblems for a count spread over threads or
    /// machines, cut within the bound every parallel count here uses:
    /// [`split_within`](Self::split_within) no deeper than
    /// [`PARTS_MAX_DEPTH`] levels, and at a selection cost of at most 2²⁰
    /// option visits (a few milliseconds) or [`PARTS_COST_PER_ENTRY`] per
    /// entry of the problem (`entries`:
    /// [`Problem::entry_count`](crate::Problem::entry_count)), whichever is
    /// more. A root too wide to split cheaply stays one subproblem. `dance
    /// cover -j` asks for [`PARTS_PER_THREAD`] per thread, and so does the
    /// Python package.
    ///
    /// ```
    /// use dance_dlx::{PARTS_PER_THREAD, Solver, problems::n_queens};
    ///
    /// let queens = n_queens(10);
    /// let mut solver = Solver::new(&queens);
    /// let parts = solver.split_into_parts(2 * PARTS_PER_THREAD, queens.entry_count()).unwrap();
    /// assert!(parts.len() >= 2 * PARTS_PER_THREAD);
    /// ```
    pub fn split_into_parts(
        &mut self,
        at_least: usize,
        entries: usize,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        self.split_into_parts_until(at_least, entries, &Stop::never())
    }

    /// [`split_into_parts`](Self::split_into_parts) until `stop` comes:
    /// then the parts of the last depth cut whole, still a partition of
    /// the tree, so that the count that follows stops at once too.
    pub fn split_into_parts_until(
        &mut self,
        at_least: usize,
        entries: usize,
        stop: &Stop,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        let max_cost = PARTS_MIN_COST.max(PARTS_COST_PER_ENTRY.saturating_mul(entries as u64));
        self.split_within_until(at_least, PARTS_MAX_DEPTH, max_cost, stop)
    }

    /// [`split_into_parts_until`](Self::split_into_parts_until) with the
    /// ties between items broken in `order`, the memo's: the subproblems
    /// are then the nodes of the memo's own tree, whose subtrees meet the
    /// same states (see `MemoCounter::split_into_parts_until`). The
    /// links' order is back afterwards.
    pub(crate) fn split_into_parts_in_order_until(
        &mut self,
        order: &Order,
        at_least: usize,
        entries: usize,
        stop: &Stop,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        // Nothing covered above the selection while the order holds: the
        // walk covers and uncovers only below it (see `Order::apply`).
        self.rewind();
        order.apply(&mut self.links);
        let parts = self.split_into_parts_until(at_least, entries, stop);
        order.undo(&mut self.links);
        parts
    }

    /// What selecting every subproblem at `depth` costs in all, in option
    /// visits (each option of an item covered or purified, the way
    /// [`Stats::updates`](crate::Stats::updates) counts its work), or `None`
    /// when it is more than `max_cost`. Costs what the search spends on the
    /// levels above `depth`, as [`split`](Self::split) does.
    pub fn selection_cost(
        &mut self,
        depth: usize,
        max_cost: u64,
    ) -> Result<Option<u64>, SplitError> {
        let mut cost = 0;
        let never = Stop::never();
        let walked = self.walk_cut(depth, max_cost, never.start(), |_, total| cost = total)?;
        Ok((walked == Walked::Whole).then_some(cost))
    }

    /// Walks the tree down to `depth` below the selection with the driver
    /// over a [`Cut`], calling `found` with every subproblem's options and
    /// the selection cost of all the subproblems so far; [`Walked::Dear`]
    /// when that cost passed `max_cost`, [`Walked::Stopped`] when `alarm`
    /// rang (and the walk stopped there). Leaves the links as it found
    /// them.
    fn walk_cut(
        &mut self,
        depth: usize,
        max_cost: u64,
        alarm: Alarm<'_>,
        mut found: impl FnMut(&mut dyn Iterator<Item = OptionId>, u64),
    ) -> Result<Walked, SplitError> {
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        self.rewind();
        let base = self.driver.base();
        let mut path_costs = vec![0; self.stack.len()];
        let mut cost = 0u64;
        let mut walked = Walked::Whole;
        let budget = if alarm.is_silent() {
            u64::MAX
        } else {
            self.nodes_per_look()
        };
        // The driver over the cut: to the next subproblem or the next look
        // at the stop, or (`abandon`) back out of a walk stopped half-way
        // on the links — by the cut's own matrix, which the solver's (the
        // bitsets, perhaps) would not know.
        let cut_step = |solver: &mut Solver, path_costs: &mut [u64], abandon: bool| {
            let (links, stack, driver) =
                (&mut solver.links, &mut solver.stack[..], &mut solver.driver);
            let end = base + depth;
            if links.is_colored() {
                Cut::<true>::run(links, stack, path_costs, end, driver, abandon, budget)
            } else {
                Cut::<false>::run(links, stack, path_costs, end, driver, abandon, budget)
            }
        };
        loop {
            match cut_step(self, &mut path_costs, false) {
                Event::Exhausted => break,
                _ if alarm.rung() => {
                    walked = Walked::Stopped;
                    cut_step(self, &mut path_costs, true);
                    break;
                }
                Event::BudgetSpent => continue,
                Event::Solution => {}
            }
            let level = self.driver.level();
            if level > base {
                cost = cost.saturating_add(path_costs[level - 1]);
            }
            let links = &self.links;
            found(
                &mut self.stack[base..level].iter().map(|&p| links.option_of(p)),
                cost,
            );
            if cost > max_cost {
                walked = Walked::Dear;
                cut_step(self, &mut path_costs, true);
                break;
            }
        }
        self.restart();
        Ok(walked)
    }

    /// Knuth's estimate of the search below the selected options: `probes`
    /// random paths from the root, each trying an option picked uniformly
    /// among those of the item the search would branch on. Along a path
    /// with branching degrees d₁, d₂, … the tree has about d₁ + d₁d₂ + …
    /// nodes, and d₁d₂…dₖ solutions if the path ends in one; the estimate is
    /// the mean over the probes (unbiased, but with a large spread on
    /// irregular trees — see `nodes_error`). The same seed gives the same
    /// estimate.
    pub fn estimate(&mut self, probes: u32, seed: u64) -> Result<Estimate, SplitError> {
        self.estimate_until(probes, seed, &Stop::never())
    }

    /// [`estimate`](Self::estimate) until `stop` comes: the estimate of the
    /// probes finished by then ([`Estimate::probes`] says how many; a probe
    /// cut short is dropped). A probe looks at the stop at every level, each
    /// of which scans the items to choose one.
    pub fn estimate_until(
        &mut self,
        probes: u32,
        seed: u64,
        stop: &Stop,
    ) -> Result<Estimate, SplitError> {
        let alarm = stop.start();
        let mut rng = SplitMix64::new(seed);
        // Scaled by powers of 2²⁵⁶: a probe of a deep tree multiplies past
        // what an `f64` holds (a 1×20,000 strip's paths branch in two at
        // every level), and the squares of the probes' estimates overflow
        // long before (a 1×1,000 strip's): see `mean_and_error`.
        let (mut nodes_of_probes, mut solutions) = (Vec::new(), Vec::new());
        let mut options = Vec::new();
        let mut made = 0;
        while made < probes {
            let (mut product, mut nodes, mut depth) = (Scaled::ONE, Scaled::ZERO, 0);
            let mut stopped = false;
            loop {
                if alarm.rung() {
                    stopped = true;
                    break;
                }
                match self.branch(&mut options)? {
                    Choice::Solved => {
                        solutions.push(product);
                        break;
                    }
                    Choice::Item => {
                        product = product.times(options.len() as f64);
                        nodes = nodes.plus(product);
                        let pick = options[rng.below(options.len() as u64) as usize];
                        let selected = self.select(pick);
                        debug_assert!(selected.is_ok(), "a branch offers available options");
                        depth += 1;
                    }
                    Choice::DeadEnd | Choice::Known => break,
                }
            }
            for _ in 0..depth {
                self.unselect();
            }
            if stopped {
                // A probe cut short is dropped (it found no solution).
                break;
            }
            made += 1;
            nodes_of_probes.push(nodes);
        }
        let probes = made;
        let (nodes, nodes_error) = mean_and_error(&nodes_of_probes, probes);
        let (solutions, _) = mean_and_error(&solutions, probes);
        Ok(Estimate {
            probes,
            nodes,
            solutions,
            nodes_error,
        })
    }
}

/// `2^256`: the step of [`Scaled`]'s scale.
const SCALE: f64 = 1.157_920_892_373_162e77;

/// A number `m · 2^(256·k)` with `m` below [`SCALE`]: a product of
/// branching degrees of any depth, scaled only by powers of two, so that
/// the arithmetic of numbers an `f64` holds is the `f64`'s own.
#[derive(Clone, Copy, Debug)]
struct Scaled {
    m: f64,
    k: i32,
}

impl Scaled {
    const ZERO: Scaled = Scaled { m: 0.0, k: 0 };
    const ONE: Scaled = Scaled { m: 1.0, k: 0 };

    fn normalized(mut self) -> Scaled {
        while self.m >= SCALE {
            self.m /= SCALE;
            self.k += 1;
        }
        self
    }

    fn times(self, factor: f64) -> Scaled {
        Scaled {
            m: self.m * factor,
            k: self.k,
        }
        .normalized()
    }

    /// The `m` of this number at scale `k` (at least its own).
    fn at(self, k: i32) -> f64 {
        (0..k - self.k).fold(self.m, |m, _| m / SCALE)
    }

    fn plus(self, other: Scaled) -> Scaled {
        let k = self.k.max(other.k);
        Scaled {
            m: self.at(k) + other.at(k),
            k,
        }
        .normalized()
    }
}

/// The mean over `probes` probes of `values` (probes missing from it count
/// as 0), and its standard error: worked out at the largest value's scale,
/// so that neither overflows while the result fits an `f64` — and both
/// `inf` when the mean itself does not.
fn mean_and_error(values: &[Scaled], probes: u32) -> (f64, f64) {
    let Some(k) = values.iter().map(|value| value.k).max() else {
        return (0.0, 0.0);
    };
    let n = f64::from(probes.max(1));
    let scaled = || values.iter().map(|value| value.at(k));
    let mean = scaled().sum::<f64>() / n;
    // The probes missing from `values` are zeros: (0 − mean)² each.
    let missing = n - values.len() as f64;
    let squares = scaled().map(|x| (x - mean) * (x - mean)).sum::<f64>() + missing * mean * mean;
    let error = (squares / n / n).sqrt();
    let unscale = |x: f64| (0..k).fold(x, |x, _| x * SCALE);
    let mean = unscale(mean);
    if mean.is_infinite() {
        (f64::INFINITY, f64::INFINITY)
    } else {
        (mean, unscale(error))
    }
}

/// Algorithm X's (or C's) matrix cut at a level: [`Choice::Solved`] there,
/// so that the [`Driver`] stops at every node of that level as at a
/// solution, with the path down to it on the level stack. Each option tried
/// above the cut is priced as it is committed: `path_costs[l]` is the
/// selection cost of the path down to and including level `l`'s option.
struct Cut<'a, const COLORED: bool> {
    links: &'a mut Links,
    stack: &'a mut [u32],
    path_costs: &'a mut [u64],
    /// The first level of the walk: it has no path above it.
    base: usize,
    /// The level where the tree is cut.
    depth: usize,
}

impl<'a, const COLORED: bool> Cut<'a, COLORED> {
    /// Resumes `driver` over the cut until the next subproblem, the end or
    /// `budget` nodes; with `abandon`, backs it out of a walk stopped half-way instead (and
    /// reports [`Event::Exhausted`]).
    fn run(
        links: &'a mut Links,
        stack: &'a mut [u32],
        path_costs: &'a mut [u64],
        depth: usize,
        driver: &mut Driver,
        abandon: bool,
        budget: u64,
    ) -> Event {
        let mut cut = Cut::<COLORED> {
            links,
            stack,
            path_costs,
            base: driver.base(),
            depth,
        };
        if abandon {
            driver.unwind(&mut cut);
            return Event::Exhausted;
        }
        driver.resume(&mut cut, budget)
    }

    /// Algorithm X's matrix on the links, dead ends found at the choice:
    /// the cut is made afresh at every call, so no commit may stop half-way
    /// (a stopped commit is remembered by the matrix until the next call).
    /// A subproblem whose last option empties an item is then listed, and
    /// its search finds nothing; the subtrees still partition the tree of
    /// either rule ([`DeadEnds`](crate::DeadEnds)), which differ only below
    /// such options. The cut walks the links whatever the
    /// [`Representation`](crate::Representation): its prices are their
    /// column lengths, and it walks a few levels only.
    fn exact(&mut self) -> Exact<'_, COLORED, false> {
        Exact::new(self.links, self.stack)
    }
}

impl<const COLORED: bool> Matrix for Cut<'_, COLORED> {
    fn choose(&mut self, level: usize) -> Choice {
        if level == self.depth {
            return Choice::Solved;
        }
        self.exact().choose(level)
    }

    fn try_option(&mut self, level: usize) -> Work {
        let p = self.stack[level];
        let above = if level > self.base {
            self.path_costs[level - 1]
        } else {
            0
        };
        // Covering keeps the item's own column, so its length is the
        // number of options the cover visited.
        let cover = u64::from(self.links.len(self.links.top[p as usize] as u32));
        self.path_costs[level] = above
            .saturating_add(cover)
            .saturating_add(commit_cost(self.links, p));
        self.exact().try_option(level)
    }

    fn retract(&mut self, level: usize) -> bool {
        self.exact().retract(level)
    }

    fn unchoose(&mut self, level: usize) {
        self.exact().unchoose(level);
    }
}

/// The option visits of committing the items of `node`'s option other than
/// `node`'s own: each covers (or purifies) an item of that many options.
fn commit_cost(links: &Links, node: u32) -> u64 {
    links
        .others(node)
        .map(|(_, item)| u64::from(links.len(item)))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::problems::{langford, n_queens, pentominoes};

    #[test]
    fn subproblem_counts_add_up_to_the_whole_count() {
        for (problem, total) in [
            (n_queens(8), 92),
            (langford(7), 52),
            (pentominoes(3, 20), 8),
        ] {
            let mut solver = Solver::new(&problem);
            for depth in 0..4 {
                let subproblems = solver.split(depth).unwrap();
                let mut sum = 0;
                for subproblem in &subproblems {
                    for &option in subproblem {
                        solver.select(option).unwrap();
                    }
                    sum += solver.count();
                    solver.reset();
                }
                assert_eq!(sum, total, "depth {depth}");
            }
            assert_eq!(solver.selected().count(), 0);
        }
    }

    #[test]
    fn subproblems_come_in_search_order() {
        let problem = n_queens(6);
        let mut solver = Solver::new(&problem);
        let sequential: Vec<Vec<OptionId>> = solver.solutions().collect();
        let mut in_parts = Vec::new();
        for subproblem in solver.split(2).unwrap() {
            for &option in &subproblem {
                solver.select(option).unwrap();
            }
            in_parts.extend(solver.solutions());
            solver.reset();
        }
        assert_eq!(in_parts, sequential);
    }

    #[test]
    fn split_into_goes_deep_enough() {
        let mut solver = Solver::new(&n_queens(10));
        let subproblems = solver.split_into(100, 10).unwrap();
        assert!(subproblems.len() >= 100);
        assert_eq!(solver.split(0).unwrap(), vec![Vec::<OptionId>::new()]);
    }

    #[test]
    fn the_estimate_is_exact_on_a_uniform_tree_and_repeatable() {
        // Choosing exactly one of four options: one level of four branches,
        // each a solution.
        let problem = crate::parse_problem("a\na\na\na\na\n").unwrap();
        let mut solver = Solver::new(&problem);
        let estimate = solver.estimate(10, 1).unwrap();
        assert_eq!(
            (estimate.nodes, estimate.solutions, estimate.nodes_error),
            (4.0, 4.0, 0.0)
        );
        let mut queens = Solver::new(&n_queens(8));
        let first = queens.estimate(2000, 7).unwrap();
        assert_eq!(queens.estimate(2000, 7).unwrap(), first);
        // 1372 nodes and 92 solutions, within a loose margin.
        assert!((first.nodes - 1372.0).abs() < 300.0, "{first:?}");
        assert!((first.solutions - 92.0).abs() < 40.0, "{first:?}");
    }

    #[test]
    fn estimates_of_huge_trees_keep_a_finite_error_or_say_inf() {
        // About 10^206 nodes: the squares of the probes' estimates overflow
        // an f64, the estimate and its error do not.
        let estimate = Solver::new(&crate::model::problems::strip(1000))
            .estimate(20, 1)
            .unwrap();
        assert!(
            estimate.nodes > 1e200 && estimate.nodes.is_finite(),
            "{estimate:?}"
        );
        assert!(
            estimate.nodes_error.is_finite() && estimate.nodes_error > 0.0,
            "{estimate:?}"
        );
        assert!(estimate.solutions > 1e150 && estimate.solutions.is_finite());
        // About 2^1400 nodes: beyond any f64, and said so for both (the
        // 1×20,000 strip is tests/memo_budget.rs's, through the CLI).
        let estimate = Solver::new(&crate::model::problems::strip(2000))
            .estimate(20, 1)
            .unwrap();
        assert_eq!(
            (estimate.nodes, estimate.nodes_error, estimate.solutions),
            (f64::INFINITY, f64::INFINITY, f64::INFINITY),
        );
    }

    #[test]
    fn scaled_numbers_add_and_multiply_exactly_by_powers_of_two() {
        let two_to_300 = (0..300).fold(Scaled::ONE, |x, _| x.times(2.0));
        assert_eq!(two_to_300.k, 1);
        assert_eq!(two_to_300.m, 2f64.powi(44));
        let sum = two_to_300.plus(Scaled::ONE.times(3.0));
        assert_eq!(mean_and_error(&[sum], 1).0, 2f64.powi(300));
        assert_eq!(mean_and_error(&[], 5), (0.0, 0.0));
        // Two probes, one of them 0: mean 2; the error is the spread
        // √(((4−2)² + (0−2)²) / 2) = 2 over √2.
        let (mean, error) = mean_and_error(&[Scaled::ONE.times(4.0)], 2);
        assert_eq!(mean, 2.0);
        assert!((error - 2f64.sqrt()).abs() < 1e-12);
    }

    #[test]
    fn splitting_a_wide_node_is_linear() {
        let n = 20_000;
        let wide = crate::parse_problem(&format!("a\n{}", "a\n".repeat(n))).unwrap();
        let mut solver = Solver::new(&wide);
        let subproblems = solver.split(1).unwrap();
        assert_eq!(subproblems.len(), n);
        assert!(
            solver.stats().updates <= 4 * n as u64,
            "{:?}",
            solver.stats()
        );
        // Each of them would cover `a` again: n² option visits.
        assert_eq!(
            solver.selection_cost(1, u64::MAX).unwrap(),
            Some((n * n) as u64)
        );
        assert_eq!(solver.selection_cost(1, 1000).unwrap(), None);
        assert_eq!(
            solver.split_within(4, 8, 1000).unwrap(),
            vec![Vec::<OptionId>::new()]
        );
        assert_eq!(solver.count(), n as u64);
    }

    #[test]
    fn colored_subproblems_add_up_too() {
        let text = "a b | s t\na s:1\na s:2 t:1\nb s:1 t:2\nb s:2\nb t:1\na t:2\n";
        let problem = crate::parse_problem(text).unwrap();
        let mut solver = Solver::new(&problem);
        let total = solver.count();
        for depth in 0..3 {
            let mut sum = 0;
            for subproblem in solver.split(depth).unwrap() {
                for &option in &subproblem {
                    solver.select(option).unwrap();
                }
                sum += solver.count();
                solver.reset();
            }
            assert_eq!(sum, total, "depth {depth}");
        }
        assert!(total > 0);
    }

    #[test]
    fn a_bounded_split_stops_where_selection_gets_dear() {
        let mut solver = Solver::new(&n_queens(8));
        let cheap = solver.selection_cost(2, u64::MAX).unwrap().unwrap();
        let deep = solver.split_within(1000, 2, cheap).unwrap();
        assert_eq!(deep, solver.split(2).unwrap());
        let shallow = solver.split_within(1000, 2, cheap - 1).unwrap();
        assert_eq!(shallow, solver.split(1).unwrap());
    }

    #[test]
    fn a_cut_stopped_half_way_leaves_either_representation_intact() {
        use crate::Representation::{Bitsets, Links};
        let wide = crate::parse_problem(&format!("a\n{}", "a\n".repeat(1000))).unwrap();
        for (problem, whole) in [(wide, 1000), (n_queens(8), 92), (pentominoes(3, 20), 8)] {
            for (first, then) in [(Links, Bitsets), (Bitsets, Links)] {
                let mut solver = Solver::new(&problem);
                solver.set_representation(first);
                // A cost bound of 1 stops every cut at its first subproblem.
                assert_eq!(solver.split_within(1000, 3, 1).unwrap(), [[]; 1]);
                assert_eq!(solver.count(), whole, "{first:?}");
                solver.set_representation(then);
                assert_eq!(solver.count(), whole, "{then:?} after {first:?}");
            }
        }
    }

    #[test]
    fn multiplicities_cannot_be_split() {
        let problem = crate::parse_problem("2:2|k\nk\nk\nk\n").unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.split(1), Err(SplitError::Multiplicities));
        assert_eq!(solver.estimate(1, 0), Err(SplitError::Multiplicities));
    }
}
