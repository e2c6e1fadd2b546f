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
//! Only Algorithms X and C can be cut this way: Algorithm M branches on how
//! many times an item is covered, which is not a choice of one option.

use crate::ids::OptionId;
use crate::links::Links;
use crate::rng::SplitMix64;
use crate::search::Solver;

/// Why the search tree cannot be split or probed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SplitError {
    /// The problem has multiplicities (Algorithm M).
    #[error("problems with multiplicities cannot be split into subproblems")]
    Multiplicities,
}

/// What the search does next from the selected options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Branch {
    /// Every primary item is covered: the selection is a solution.
    Solved,
    /// An item has no option left: no solution contains the selection.
    DeadEnd,
    /// The search chooses an item (the one with the fewest options) and tries
    /// these options of it, in this order.
    Options(Vec<OptionId>),
}

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

impl Solver {
    /// The branch the search would take at the selected options.
    pub fn branch(&mut self) -> Result<Branch, SplitError> {
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        self.unwind();
        let links = &self.links;
        Ok(match links.choose() {
            None => Branch::Solved,
            Some((_, 0)) => Branch::DeadEnd,
            Some((item, len)) => {
                let mut options = Vec::with_capacity(len as usize);
                let mut p = links.nodes[item as usize].down;
                while p != item {
                    options.push(links.option_of(p));
                    p = links.nodes[p as usize].down;
                }
                Branch::Options(options)
            }
        })
    }

    /// The subproblems at `depth` below the selected options, in the order the
    /// search meets them: each is the list of options chosen on the way down
    /// (shorter than `depth` where a solution comes sooner; dead ends are
    /// left out). The selection is unchanged afterwards.
    ///
    /// The walk costs what the search itself spends on the levels above
    /// `depth`: each item is covered once per node, not once per option, so
    /// a node with a million options is split in linear time.
    pub fn split(&mut self, depth: usize) -> Result<Vec<Vec<OptionId>>, SplitError> {
        let cut = self.cut(depth, u64::MAX)?;
        debug_assert!(cut.is_some(), "no cost is above u64::MAX");
        Ok(cut.unwrap_or_default())
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
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        let mut subproblems = vec![Vec::new()];
        for depth in 1..=max_depth {
            let deeper = subproblems.iter().any(|s| s.len() == depth - 1);
            if subproblems.len() >= at_least || !deeper {
                break;
            }
            match self.cut(depth, max_cost)? {
                Some(cut) => subproblems = cut,
                None => break,
            }
        }
        Ok(subproblems)
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
        Ok(self.walk(depth, max_cost, false)?.map(|walk| walk.cost))
    }

    /// The subproblems at `depth`, or `None` when selecting them costs more
    /// than `max_cost` (the walk stops as soon as it knows).
    fn cut(
        &mut self,
        depth: usize,
        max_cost: u64,
    ) -> Result<Option<Vec<Vec<OptionId>>>, SplitError> {
        Ok(self
            .walk(depth, max_cost, true)?
            .map(|walk| walk.subproblems))
    }

    fn walk(
        &mut self,
        depth: usize,
        max_cost: u64,
        collect: bool,
    ) -> Result<Option<Walk>, SplitError> {
        if self.multiplicities.is_some() {
            return Err(SplitError::Multiplicities);
        }
        self.unwind();
        let mut walk = Walk::new(depth, max_cost, collect);
        let within = if self.links.is_colored() {
            walk.run::<true>(&mut self.links)
        } else {
            walk.run::<false>(&mut self.links)
        };
        Ok(within.then_some(walk))
    }

    /// Knuth's estimate of the search below the selected options: `probes`
    /// random paths from the root, each choosing uniformly among the options
    /// of the item the search would branch on. Along a path with branching
    /// degrees d₁, d₂, … the tree has about d₁ + d₁d₂ + … nodes, and d₁d₂…dₖ
    /// solutions if the path ends in one; the estimate is the mean over the
    /// probes (unbiased, but with a large spread on irregular trees — see
    /// `nodes_error`). The same seed gives the same estimate.
    pub fn estimate(&mut self, probes: u32, seed: u64) -> Result<Estimate, SplitError> {
        let mut rng = SplitMix64::new(seed);
        let (mut sum, mut sum_squares, mut solutions) = (0.0, 0.0, 0.0);
        for _ in 0..probes {
            let (mut product, mut nodes, mut depth) = (1.0f64, 0.0, 0);
            loop {
                match self.branch()? {
                    Branch::Solved => {
                        solutions += product;
                        break;
                    }
                    Branch::DeadEnd => break,
                    Branch::Options(options) => {
                        product *= options.len() as f64;
                        nodes += product;
                        let pick = rng.below(options.len() as u64) as usize;
                        self.choose(options[pick]);
                        depth += 1;
                    }
                }
            }
            for _ in 0..depth {
                self.unselect();
            }
            sum += nodes;
            sum_squares += nodes * nodes;
        }
        let n = f64::from(probes.max(1));
        let mean = sum / n;
        let variance = (sum_squares / n - mean * mean).max(0.0);
        Ok(Estimate {
            probes,
            nodes: mean,
            solutions: solutions / n,
            nodes_error: (variance / n).sqrt(),
        })
    }

    /// Selects an option that [`branch`](Self::branch) offered, which is
    /// always available.
    fn choose(&mut self, option: OptionId) {
        let chosen = self.select(option);
        debug_assert!(chosen.is_ok(), "a branch offers only available options");
    }
}

/// One level of a [`Walk`]: the item covered there, the node of the option
/// being tried, and the selection cost of the path down to and including it.
struct Level {
    item: u32,
    node: u32,
    path_cost: u64,
}

/// The search's own descent down to a depth, covering each item once per
/// node and committing one option at a time, as Algorithm X does; without
/// recursion, so that no depth can overflow the stack.
struct Walk {
    depth: usize,
    max_cost: u64,
    /// The selection cost of the subproblems met so far.
    cost: u64,
    /// Whether to collect the subproblems, or only add up their cost.
    collect: bool,
    path: Vec<OptionId>,
    levels: Vec<Level>,
    subproblems: Vec<Vec<OptionId>>,
}

impl Walk {
    fn new(depth: usize, max_cost: u64, collect: bool) -> Walk {
        Walk {
            depth,
            max_cost,
            cost: 0,
            collect,
            path: Vec::new(),
            levels: Vec::new(),
            subproblems: Vec::new(),
        }
    }

    /// Walks the tree down to `depth`, leaving `links` as it found them;
    /// `false` when the cost passed `max_cost` (and the walk stopped there).
    fn run<const COLORED: bool>(&mut self, links: &mut Links) -> bool {
        loop {
            if !self.enter::<COLORED>(links) {
                self.abandon::<COLORED>(links);
                return false;
            }
            if !self.advance::<COLORED>(links) {
                return true;
            }
        }
    }

    /// At a node: goes down first options as far as it can, then records
    /// the node reached as a subproblem (at `depth`, or a solution) unless it
    /// is a dead end. `false` when the cost passed the bound.
    fn enter<const COLORED: bool>(&mut self, links: &mut Links) -> bool {
        loop {
            let choice = if self.levels.len() == self.depth {
                None
            } else {
                links.choose()
            };
            match choice {
                None => {
                    let path_cost = self.levels.last().map_or(0, |level| level.path_cost);
                    self.cost = self.cost.saturating_add(path_cost);
                    if self.collect {
                        self.subproblems.push(self.path.clone());
                    }
                    return self.cost <= self.max_cost;
                }
                Some((_, 0)) => return true,
                Some((item, _)) => {
                    links.cover::<COLORED>(item);
                    let node = links.nodes[item as usize].down;
                    debug_assert!(node != item, "a chosen item has options");
                    self.levels.push(Level {
                        item,
                        node,
                        path_cost: 0,
                    });
                    self.try_node::<COLORED>(links);
                }
            }
        }
    }

    /// Commits the deepest level's option and prices the path down to it.
    fn try_node<const COLORED: bool>(&mut self, links: &mut Links) {
        let above = match self.levels.len() {
            0 | 1 => 0,
            n => self.levels[n - 2].path_cost,
        };
        let Some(level) = self.levels.last_mut() else {
            return;
        };
        // Covering keeps the item's own column, so its length is the
        // number of options the cover visited.
        let cover = u64::from(links.len(level.item));
        level.path_cost = above
            .saturating_add(cover)
            .saturating_add(commit_cost(links, level.node));
        links.commit_others::<COLORED>(level.node);
        self.path.push(links.option_of(level.node));
    }

    /// Leaves the deepest option tried for the next one of its item, going
    /// up where an item has none left; `false` when the whole tree is done.
    fn advance<const COLORED: bool>(&mut self, links: &mut Links) -> bool {
        while let Some(level) = self.levels.last_mut() {
            links.uncommit_others::<COLORED>(level.node);
            self.path.pop();
            level.node = links.nodes[level.node as usize].down;
            if level.node != level.item {
                self.try_node::<COLORED>(links);
                return true;
            }
            links.uncover::<COLORED>(level.item);
            self.levels.pop();
        }
        false
    }

    /// Undoes every level of a walk stopped early.
    fn abandon<const COLORED: bool>(&mut self, links: &mut Links) {
        while let Some(level) = self.levels.pop() {
            links.uncommit_others::<COLORED>(level.node);
            links.uncover::<COLORED>(level.item);
        }
        self.path.clear();
    }
}

/// The option visits of committing the items of `node`'s option other than
/// `node`'s own: each covers (or purifies) an item of that many options.
fn commit_cost(links: &Links, node: u32) -> u64 {
    let mut cost = 0;
    let mut q = node + 1;
    while q != node {
        let top = links.top[q as usize];
        if top <= 0 {
            q = links.nodes[q as usize].up;
        } else {
            cost += u64::from(links.len(top as u32));
            q += 1;
        }
    }
    cost
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{langford, n_queens, pentominoes};

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
    fn multiplicities_cannot_be_split() {
        let problem = crate::parse_problem("2:2|k\nk\nk\nk\n").unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.split(1), Err(SplitError::Multiplicities));
        assert_eq!(solver.estimate(1, 0), Err(SplitError::Multiplicities));
    }
}
