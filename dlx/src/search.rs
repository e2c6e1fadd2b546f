//! Algorithms X and C as a resumable machine over the [`Links`].
//!
//! The search is iterative (Knuth's steps X2–X8 as states of a loop), so its
//! depth is bounded only by the preallocated level stack, and it can stop after
//! any solution or after a budget of nodes and continue later. Every public
//! operation leaves the links exactly as built plus the selected options.

use std::ops::ControlFlow;

use crate::ids::OptionId;
use crate::links::Links;
use crate::problem::Problem;

/// Work done by a search, in units that do not depend on the machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Search-tree nodes: options tried.
    pub nodes: u64,
    /// Options tried at an item that had more than one option left, i.e. real
    /// choices rather than forced moves.
    pub guesses: u64,
    /// Link updates: nodes removed from their columns (Knuth's "updates").
    pub updates: u64,
    /// Solutions found.
    pub solutions: u64,
}

/// The result of counting solutions up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// Solutions found (at most the limit).
    pub solutions: u64,
    /// `true` when the whole search tree was explored, so `solutions` is the
    /// exact count; `false` when the limit stopped the search.
    pub complete: bool,
}

/// How a call to [`Solver::resume`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A solution was found; read it with [`Solver::solution`]. Resuming looks
    /// for the next one.
    Solution,
    /// The search tree is exhausted; the links are back at the selection.
    Exhausted,
    /// The node budget was spent; resuming continues where the search stopped.
    BudgetSpent,
}

/// Why [`Solver::select`] refused an option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SelectError {
    /// The option does not exist in the problem.
    #[error("option {0} does not exist")]
    UnknownOption(OptionId),
    /// The option shares an item with an option already selected (or gives a
    /// secondary item a different color), so no solution contains both.
    #[error("option {0} conflicts with the options already selected")]
    Conflict(OptionId),
}

/// Knuth's steps, as the states the machine can stop in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// X2/X3/X4: at a new level, check for a solution, choose and cover an item.
    Enter,
    /// X5: try the option at `stack[level]`, or leave the level if exhausted.
    Try,
    /// X8/X6: go back one level and move to the next option there.
    Leave,
}

/// Searches one problem, as many times as wanted.
///
/// Build it once with [`Solver::new`]; then any number of times: [`select`]
/// options every solution must contain, search ([`first`], [`count`],
/// [`count_up_to`], [`search`], [`solutions`] or the low-level [`resume`]), and
/// [`unselect`] or [`reset`]. Nothing allocates after `new` except the vectors
/// that [`first`] and [`solutions`] return.
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
    links: Links,
    /// `stack[l]` is the node of the option chosen at level `l` (Knuth's `x_l`);
    /// levels below `selected` hold the selected options. A level covers at
    /// least one primary item, so `primary + 1` slots always suffice.
    stack: Vec<u32>,
    level: usize,
    selected: usize,
    step: Step,
    stats: Stats,
    /// Scratch for the solution handed to a visitor.
    solution: Vec<OptionId>,
}

impl Solver {
    /// Builds the dancing links for `problem`.
    pub fn new(problem: &Problem) -> Solver {
        let links = Links::new(problem);
        let depth = links.primary as usize + 1;
        Solver {
            links,
            stack: vec![0; depth],
            level: 0,
            selected: 0,
            step: Step::Enter,
            stats: Stats::default(),
            solution: Vec::with_capacity(depth),
        }
    }

    /// Makes `option` part of every solution from now on: its items are covered
    /// (or purified) as if the search had chosen it. Fails, changing nothing,
    /// when the option conflicts with those already selected.
    ///
    /// Any search in progress is abandoned first.
    pub fn select(&mut self, option: OptionId) -> Result<(), SelectError> {
        self.unwind();
        let &first = self
            .links
            .option_start
            .get(option.index())
            .ok_or(SelectError::UnknownOption(option))?;
        let p = self
            .links
            .choosable_node(first)
            .ok_or(SelectError::Conflict(option))?;
        let item = self.links.nodes[p as usize].top as u32;
        if self.links.is_colored() {
            self.links.cover::<true>(item);
            self.links.commit_others::<true>(p);
        } else {
            self.links.cover::<false>(item);
            self.links.commit_others::<false>(p);
        }
        self.stack[self.selected] = p;
        self.selected += 1;
        self.level = self.selected;
        Ok(())
    }

    /// Undoes the most recent [`select`](Self::select) and returns its option,
    /// or `None` when nothing is selected. Any search in progress is abandoned
    /// first.
    pub fn unselect(&mut self) -> Option<OptionId> {
        self.unwind();
        if self.selected == 0 {
            return None;
        }
        self.selected -= 1;
        let p = self.stack[self.selected];
        let item = self.links.nodes[p as usize].top as u32;
        if self.links.is_colored() {
            self.links.uncommit_others::<true>(p);
            self.links.uncover::<true>(item);
        } else {
            self.links.uncommit_others::<false>(p);
            self.links.uncover::<false>(item);
        }
        self.level = self.selected;
        Some(self.links.option_of(p))
    }

    /// Abandons any search in progress and undoes every selection: the links
    /// are exactly as [`new`](Self::new) built them.
    pub fn reset(&mut self) {
        while self.unselect().is_some() {}
    }

    /// The selected options, in the order they were selected.
    pub fn selected(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.stack[..self.selected]
            .iter()
            .map(|&p| self.links.option_of(p))
    }

    /// The statistics of the current (or last) search.
    pub fn stats(&self) -> Stats {
        Stats {
            updates: self.links.updates,
            ..self.stats
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
        self.count_up_to(u64::MAX).solutions
    }

    /// Counts solutions, stopping when `limit` are found. The count is
    /// [`complete`](Count::complete) only when the search tree was exhausted
    /// before the limit was reached: reaching the limit means "at least", and
    /// no time is spent finding out whether more solutions exist.
    pub fn count_up_to(&mut self, limit: u64) -> Count {
        self.rewind();
        let mut complete = false;
        while self.stats.solutions < limit {
            if self.run_to_event() == Event::Exhausted {
                complete = true;
                break;
            }
        }
        self.unwind();
        Count {
            solutions: self.stats.solutions,
            complete,
        }
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

    /// A lazy iterator over the solutions. Dropping it abandons the search.
    pub fn solutions(&mut self) -> Solutions<'_> {
        self.rewind();
        Solutions { solver: self }
    }

    /// Abandons any search in progress and zeroes the statistics, ready for
    /// [`resume`](Self::resume) to start a new search.
    pub fn rewind(&mut self) {
        self.unwind();
        self.stats = Stats::default();
        self.links.updates = 0;
    }

    /// The low-level search: runs until a solution is found, the tree is
    /// exhausted, or `node_budget` more options were tried. Call it again to
    /// continue; call [`rewind`](Self::rewind) to start over.
    pub fn resume(&mut self, node_budget: u64) -> Event {
        if self.links.is_colored() {
            self.resume_with::<true>(node_budget)
        } else {
            self.resume_with::<false>(node_budget)
        }
    }

    /// [`resume`](Self::resume), for colored problems or not: the uncolored
    /// version never reads a color.
    fn resume_with<const COLORED: bool>(&mut self, node_budget: u64) -> Event {
        let budget_end = self.stats.nodes.saturating_add(node_budget);
        let links = &mut self.links;
        let stack = &mut self.stack;
        let stats = &mut self.stats;
        let mut level = self.level;
        let mut step = self.step;
        let event = loop {
            match step {
                Step::Enter => match links.choose() {
                    None => {
                        stats.solutions += 1;
                        step = Step::Leave;
                        break Event::Solution;
                    }
                    Some((_, 0)) => step = Step::Leave,
                    Some((item, _)) => {
                        links.cover::<COLORED>(item);
                        stack[level] = links.nodes[item as usize].down;
                        step = Step::Try;
                    }
                },
                Step::Try => {
                    let p = stack[level];
                    if links.is_header(p) {
                        links.uncover::<COLORED>(p);
                        step = Step::Leave;
                        continue;
                    }
                    if stats.nodes >= budget_end {
                        break Event::BudgetSpent;
                    }
                    stats.nodes += 1;
                    let item = links.nodes[p as usize].top;
                    if links.items[item as usize].len > 1 {
                        stats.guesses += 1;
                    }
                    links.commit_others::<COLORED>(p);
                    level += 1;
                    step = Step::Enter;
                }
                Step::Leave => {
                    if level == self.selected {
                        step = Step::Enter;
                        break Event::Exhausted;
                    }
                    level -= 1;
                    let p = stack[level];
                    links.uncommit_others::<COLORED>(p);
                    stack[level] = links.nodes[p as usize].down;
                    step = Step::Try;
                }
            }
        };
        self.level = level;
        self.step = step;
        event
    }

    /// The solution just found by [`resume`](Self::resume): the selected
    /// options, then the options the search chose.
    pub fn solution(&self) -> impl ExactSizeIterator<Item = OptionId> + '_ {
        self.stack[..self.level]
            .iter()
            .map(|&p| self.links.option_of(p))
    }

    fn run_to_event(&mut self) -> Event {
        loop {
            match self.resume(u64::MAX) {
                Event::BudgetSpent => continue,
                event => return event,
            }
        }
    }

    /// Backs out of every level above the selection, leaving the statistics.
    fn unwind(&mut self) {
        if self.links.is_colored() {
            self.unwind_with::<true>();
        } else {
            self.unwind_with::<false>();
        }
    }

    fn unwind_with<const COLORED: bool>(&mut self) {
        // At `Try`, the item of this level is covered and maybe an option is
        // about to be tried; at `Enter` and `Leave` this level holds nothing.
        if self.step == Step::Try {
            let p = self.stack[self.level];
            let item = if self.links.is_header(p) {
                p
            } else {
                self.links.nodes[p as usize].top as u32
            };
            self.links.uncover::<COLORED>(item);
        }
        while self.level > self.selected {
            self.level -= 1;
            let p = self.stack[self.level];
            self.links.uncommit_others::<COLORED>(p);
            let item = self.links.nodes[p as usize].top as u32;
            self.links.uncover::<COLORED>(item);
        }
        self.step = Step::Enter;
    }

    /// The link arrays, to compare before and after a search.
    #[cfg(test)]
    fn structure(&self) -> (Vec<crate::links::Item>, Vec<crate::links::Node>, Vec<i32>) {
        (
            self.links.items.clone(),
            self.links.nodes.clone(),
            self.links.colors.clone(),
        )
    }
}

/// The solutions of a [`Solver`], found lazily: see [`Solver::solutions`].
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

impl Drop for Solutions<'_> {
    fn drop(&mut self) {
        self.solver.unwind();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problems::{langford, n_queens};
    use crate::text::parse_problem;

    /// After every kind of search, stopped or not, the links are exactly as
    /// built: every link, length and color.
    #[test]
    fn every_operation_leaves_the_links_as_built() {
        let colored = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
        for problem in [n_queens(6), langford(4), parse_problem(colored).unwrap()] {
            let mut solver = Solver::new(&problem);
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
            // Stopped by a budget in the middle of the tree.
            solver.rewind();
            solver.resume(3);
            solver.rewind();
            assert!(solver.structure() == built);

            let first = solver.first();
            for option in first.into_iter().flatten() {
                solver.select(option).unwrap();
            }
            solver.resume(1);
            solver.reset();
            assert!(solver.structure() == built);
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
