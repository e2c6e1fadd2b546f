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
    pub fn split(&mut self, depth: usize) -> Result<Vec<Vec<OptionId>>, SplitError> {
        let mut subproblems = Vec::new();
        let mut path = Vec::with_capacity(depth);
        self.split_below(depth, &mut path, &mut subproblems)?;
        Ok(subproblems)
    }

    /// [`split`](Self::split) at the smallest depth (up to `max_depth`) that
    /// gives at least `at_least` subproblems, or at `max_depth`.
    pub fn split_into(
        &mut self,
        at_least: usize,
        max_depth: usize,
    ) -> Result<Vec<Vec<OptionId>>, SplitError> {
        let mut depth = 0;
        loop {
            let subproblems = self.split(depth)?;
            let deeper = subproblems.iter().any(|s| s.len() == depth);
            if subproblems.len() >= at_least || depth >= max_depth || !deeper {
                return Ok(subproblems);
            }
            depth += 1;
        }
    }

    fn split_below(
        &mut self,
        depth: usize,
        path: &mut Vec<OptionId>,
        subproblems: &mut Vec<Vec<OptionId>>,
    ) -> Result<(), SplitError> {
        if path.len() == depth {
            subproblems.push(path.clone());
            return Ok(());
        }
        match self.branch()? {
            Branch::Solved => subproblems.push(path.clone()),
            Branch::DeadEnd => {}
            Branch::Options(options) => {
                for option in options {
                    self.choose(option);
                    path.push(option);
                    self.split_below(depth, path, subproblems)?;
                    path.pop();
                    self.unselect();
                }
            }
        }
        Ok(())
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
    fn multiplicities_cannot_be_split() {
        let problem = crate::parse_problem("2:2|k\nk\nk\nk\n").unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(solver.split(1), Err(SplitError::Multiplicities));
        assert_eq!(solver.estimate(1, 0), Err(SplitError::Multiplicities));
    }
}
