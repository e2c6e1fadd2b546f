//! Cutting the search tree into subproblems ([`Goal::Split`](crate::Goal::Split),
//! and the parts of every search on threads), and looking at the branch
//! the search would take next.
//!
//! A subproblem is a list of options to [`select`](Solver::select): the
//! choices on the path from the root to one node of the tree. Selecting them
//! leaves exactly the links the search had at that node, so the subtrees of
//! the subproblems at one depth partition the whole tree: counting each and
//! adding gives exactly the sequential count, and enumerating each in order
//! gives every solution once, in the sequential order. This is what
//! parallel and distributed searches are built on.
//!
//! The cut is the search itself: the one drive loop walks [`Cut`],
//! Algorithm X's matrix that answers [`Choice::Solved`] at the cut's depth,
//! so the walk stops at every subproblem with its path on the level stack,
//! and prices each path as it tries the options on it.
//!
//! Only Algorithms X and C are cut this way: Algorithm M branches on how
//! many times an item is covered, which is not a choice of one option, so
//! its tree stays one part, the whole problem — still a partition.

use std::ops::ControlFlow;

use crate::contract::stop::Alarm;
use crate::machine::algorithm::{OnColors, on_colors};
use crate::machine::driver::{Choice, Ended, Fold, Matrix, Walking, Work, drive};
use crate::machine::exact::Exact;
use crate::machine::links::Links;
use crate::machine::memo::order::Order;
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;

/// Subproblems per thread that a search on several threads cuts its tree
/// into: enough that uneven subtrees even out.
pub(crate) const PARTS_PER_THREAD: usize = 64;
/// How deep a cut into parts may go.
const PARTS_MAX_DEPTH: usize = 12;
/// Option visits per entry of the problem that selecting the parts may
/// cost: a wide node (one item with 10⁵ options) would cost 10¹⁰ visits
/// to split below, and stays one part.
const PARTS_COST_PER_ENTRY: u64 = 8;
/// Option visits that selecting the parts may always cost.
const PARTS_MIN_COST: u64 = 1 << 20;

/// How a walk of the tree down to a cut ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walked {
    /// Every subproblem was found.
    Whole,
    /// Selecting the subproblems would cost more than the bound.
    Dear,
    /// The stop came.
    Stopped,
}

/// What the search does next at `solver`'s selected options:
/// [`Choice::Solved`] when they are a solution, [`Choice::DeadEnd`] when
/// some item has no option left, or [`Choice::Item`] — the search chooses
/// the item with the fewest options and tries them in the order now in
/// `options` (cleared first; left empty for the other answers). For
/// Algorithms X and C.
pub(crate) fn branch(solver: &mut Solver, options: &mut Vec<OptionId>) -> Choice {
    solver.unwind();
    options.clear();
    let links = &solver.links;
    match links.choose() {
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
    }
}

/// The subproblems at `depth` below `solver`'s selected options, in the
/// order the search meets them (each the options tried on the way down:
/// shorter than `depth` where a solution comes sooner; dead ends left
/// out), handed to `found` as they come, until `alarm` rings; whether they
/// are all of them. Algorithm M's tree is one part.
///
/// The walk is the search's own, down to `depth`: each item is covered
/// once per node, not once per option, so a node with a million options is
/// split in linear time. Afterwards the solver's statistics report that
/// walk: the options it tried above the cut, its link updates, and each
/// subproblem as a solution.
pub(crate) fn split(
    solver: &mut Solver,
    depth: usize,
    alarm: &Alarm<'_>,
    mut found: impl FnMut(&[OptionId]) -> ControlFlow<()>,
) -> bool {
    if solver.multiplicities.is_some() {
        solver.rewind();
        let _ = found(&[]);
        return true;
    }
    let walked = walk_cut(solver, depth, u64::MAX, alarm, &mut |path, _| found(path));
    walked == Walked::Whole
}

/// At least `at_least` subproblems for a search spread over threads (or
/// machines): the cut at the smallest depth, up to [`PARTS_MAX_DEPTH`],
/// that gives that many, no deeper than the last depth whose subproblems
/// cost at most 2²⁰ option visits or [`PARTS_COST_PER_ENTRY`] per entry of
/// the problem to select, whichever is more. When `alarm` rings, the parts
/// of the last depth cut whole: still a partition, so that the search that
/// follows stops at once too. Algorithm M's tree is one part.
///
/// Selecting a subproblem's options repeats covering that the sequential
/// search does once per node: a node with `b` options, whose item and
/// options' items hold about `len` options, costs about `b · len` to select
/// `b` times, against `len` once. With a bound of a few times the
/// problem's size, a parallel search is never much slower than the
/// sequential one, even on a problem whose root has a million options:
/// such a root is not split at all (the one subproblem `[]`, the whole
/// problem).
pub(crate) fn parts(solver: &mut Solver, at_least: usize, alarm: &Alarm<'_>) -> Vec<Vec<OptionId>> {
    let entries = solver.links.nodes.len() as u64;
    let max_cost = PARTS_MIN_COST.max(PARTS_COST_PER_ENTRY.saturating_mul(entries));
    split_within(solver, at_least, PARTS_MAX_DEPTH, max_cost, alarm)
}

/// [`parts`] with the ties between items broken in `order`, the memo's:
/// the subproblems are then the nodes of the memo's own tree, whose
/// subtrees meet the same states.
///
/// The memo may break ties in an order of its own (a sweep of the board
/// along its short side); a split in the links' order then fixes items
/// that the memo covers last, and every state below one subproblem holds
/// its own choices there, so that no two subproblems meet a state and
/// the parts together search far more than one count. Cut in the memo's
/// order, the subproblems are the nodes of the memo's own tree, and their
/// subtrees meet the states one count meets. The links' order is back
/// afterwards.
pub(crate) fn parts_in_order(
    solver: &mut Solver,
    order: &Order,
    at_least: usize,
    alarm: &Alarm<'_>,
) -> Vec<Vec<OptionId>> {
    // Nothing covered above the selection while the order holds: the walk
    // covers and uncovers only below it (see `Order::apply`).
    solver.rewind();
    order.apply(&mut solver.links);
    let parts = parts(solver, at_least, alarm);
    order.undo(&mut solver.links);
    parts
}

/// The cut at the smallest depth (up to `max_depth`) that gives at least
/// `at_least` subproblems, no deeper than the last depth whose
/// subproblems cost at most `max_cost` to select, keeping the last depth
/// cut whole when `alarm` rings: the subproblems are always a partition of
/// the tree (`[[]]`, the whole problem, when it rang at once).
pub(crate) fn split_within(
    solver: &mut Solver,
    at_least: usize,
    max_depth: usize,
    max_cost: u64,
    alarm: &Alarm<'_>,
) -> Vec<Vec<OptionId>> {
    let mut subproblems = vec![Vec::new()];
    if solver.multiplicities.is_some() {
        return subproblems;
    }
    for depth in 1..=max_depth {
        let deeper = subproblems.iter().any(|s| s.len() == depth - 1);
        if subproblems.len() >= at_least || !deeper {
            break;
        }
        let mut cut = Vec::new();
        let walked = walk_cut(solver, depth, max_cost, alarm, &mut |path, _| {
            cut.push(path.to_vec());
            ControlFlow::Continue(())
        });
        if walked != Walked::Whole {
            break;
        }
        subproblems = cut;
    }
    subproblems
}

/// What selecting every subproblem at `depth` costs in all, in option
/// visits (each option of an item covered or purified, the way
/// [`Stats::updates`](crate::Stats::updates) counts its work), or `None`
/// when it is more than `max_cost`.
#[cfg(test)]
pub(crate) fn selection_cost(solver: &mut Solver, depth: usize, max_cost: u64) -> Option<u64> {
    let mut cost = 0;
    let walked = walk_cut(solver, depth, max_cost, &Alarm::SILENT, &mut |_, total| {
        cost = total;
        ControlFlow::Continue(())
    });
    (walked == Walked::Whole).then_some(cost)
}

/// Walks the tree down to `depth` below the selection with the one drive
/// loop over a [`Cut`], calling `found` with every subproblem's options and
/// the selection cost of all the subproblems so far; [`Walked::Dear`] when
/// that cost passed `max_cost` (or `found` broke), [`Walked::Stopped`] when
/// `alarm` rang (and the walk stopped there). Leaves the links as it found
/// them.
fn walk_cut(
    solver: &mut Solver,
    depth: usize,
    max_cost: u64,
    alarm: &Alarm<'_>,
    found: &mut dyn FnMut(&[OptionId], u64) -> ControlFlow<()>,
) -> Walked {
    solver.rewind();
    let colored = solver.links.is_colored();
    let walked = on_colors(
        colored,
        CutWalk {
            solver: &mut *solver,
            depth,
            max_cost,
            alarm,
            found,
        },
    );
    solver.restart();
    walked
}

/// One walk of the cut, on either color.
struct CutWalk<'a, 'b> {
    solver: &'a mut Solver,
    depth: usize,
    max_cost: u64,
    alarm: &'a Alarm<'b>,
    found: &'a mut dyn FnMut(&[OptionId], u64) -> ControlFlow<()>,
}

impl OnColors for CutWalk<'_, '_> {
    type Output = Walked;

    fn run<const COLORED: bool>(self) -> Walked {
        let solver = self.solver;
        let base = solver.driver.base();
        let mut path_costs = vec![0; solver.stack.len()];
        let matrix = Cut::<COLORED> {
            links: &mut solver.links,
            stack: &mut solver.stack,
            path_costs: &mut path_costs,
            base,
            depth: base + self.depth,
        };
        let mut walking = Walking {
            driver: &mut solver.driver,
            matrix,
            per_look: solver.per_look,
        };
        let mut cutting = Cutting {
            base,
            cost: 0,
            max_cost: self.max_cost,
            path: Vec::new(),
            copied: 0,
            found: self.found,
        };
        match drive(&mut walking, self.alarm, &mut cutting) {
            Ended::Exhausted => Walked::Whole,
            // Backed out by the cut's own matrix, which the solver's (the
            // bitsets, perhaps) would not know.
            Ended::Stopped => {
                walking.unwind();
                Walked::Stopped
            }
            Ended::Folded => {
                walking.unwind();
                Walked::Dear
            }
        }
    }
}

/// The fold of the cut: each subproblem's path and the cost so far, until
/// the cost passes its bound.
struct Cutting<'f> {
    base: usize,
    cost: u64,
    max_cost: u64,
    path: Vec<OptionId>,
    /// Options copied out into paths so far.
    copied: u64,
    found: &'f mut dyn FnMut(&[OptionId], u64) -> ControlFlow<()>,
}

impl<const COLORED: bool> Fold<Walking<'_, Cut<'_, COLORED>>> for Cutting<'_> {
    fn solution(&mut self, walk: &mut Walking<'_, Cut<'_, COLORED>>) -> ControlFlow<()> {
        let level = walk.driver.level();
        let cut = &walk.matrix;
        if level > self.base {
            self.cost = self.cost.saturating_add(cut.path_costs[level - 1]);
        }
        self.path.clear();
        self.path.extend(
            cut.stack[self.base..level]
                .iter()
                .map(|&p| cut.links.option_of(p)),
        );
        self.copied += self.path.len() as u64;
        if (self.found)(&self.path, self.cost).is_break() || self.cost > self.max_cost {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    fn work(&self) -> u64 {
        self.copied
    }
}

/// Algorithm X's (or C's) matrix cut at a level: [`Choice::Solved`] there,
/// so that the driver stops at every node of that level as at a
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
    use crate::machine::solver::Tuning;
    use crate::model::problems::{langford, n_queens, pentominoes};

    fn cut(solver: &mut Solver, depth: usize) -> Vec<Vec<OptionId>> {
        let mut parts = Vec::new();
        assert!(split(solver, depth, &Alarm::SILENT, |path| {
            parts.push(path.to_vec());
            ControlFlow::Continue(())
        }));
        parts
    }

    fn within(solver: &mut Solver, at_least: usize, depth: usize, cost: u64) -> Vec<Vec<OptionId>> {
        split_within(solver, at_least, depth, cost, &Alarm::SILENT)
    }

    #[test]
    fn subproblem_counts_add_up_to_the_whole_count() {
        for (problem, total) in [
            (n_queens(8), 92),
            (langford(7), 52),
            (pentominoes(3, 20), 8),
        ] {
            let mut solver = Solver::new(&problem);
            for depth in 0..4 {
                let subproblems = cut(&mut solver, depth);
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
        for subproblem in cut(&mut solver, 2) {
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
        let subproblems = within(&mut solver, 100, 10, u64::MAX);
        assert!(subproblems.len() >= 100);
        assert_eq!(cut(&mut solver, 0), vec![Vec::<OptionId>::new()]);
    }

    #[test]
    fn splitting_a_wide_node_is_linear() {
        let n = 20_000;
        let wide = crate::parse_problem(&format!("a\n{}", "a\n".repeat(n))).unwrap();
        let mut solver = Solver::new(&wide);
        let subproblems = cut(&mut solver, 1);
        assert_eq!(subproblems.len(), n);
        assert!(
            solver.stats().updates <= 4 * n as u64,
            "{:?}",
            solver.stats()
        );
        // Each of them would cover `a` again: n² option visits.
        assert_eq!(
            selection_cost(&mut solver, 1, u64::MAX),
            Some((n * n) as u64)
        );
        assert_eq!(selection_cost(&mut solver, 1, 1000), None);
        assert_eq!(
            within(&mut solver, 4, 8, 1000),
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
            for subproblem in cut(&mut solver, depth) {
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
        let cheap = selection_cost(&mut solver, 2, u64::MAX).unwrap();
        let deep = within(&mut solver, 1000, 2, cheap);
        assert_eq!(deep, cut(&mut solver, 2));
        let shallow = within(&mut solver, 1000, 2, cheap - 1);
        assert_eq!(shallow, cut(&mut solver, 1));
    }

    #[test]
    fn a_cut_stopped_half_way_leaves_either_representation_intact() {
        use crate::Representation::{Bitsets, Links};
        let wide = crate::parse_problem(&format!("a\n{}", "a\n".repeat(1000))).unwrap();
        for (problem, whole) in [(wide, 1000), (n_queens(8), 92), (pentominoes(3, 20), 8)] {
            for (first, then) in [(Links, Bitsets), (Bitsets, Links)] {
                let mut solver = Solver::new(&problem);
                solver.tune(Tuning {
                    representation: Some(first),
                    ..Tuning::default()
                });
                // A cost bound of 1 stops every cut at its first subproblem.
                assert_eq!(within(&mut solver, 1000, 3, 1), [[]; 1]);
                assert_eq!(solver.count(), whole, "{first:?}");
                solver.tune(Tuning {
                    representation: Some(then),
                    ..Tuning::default()
                });
                assert_eq!(solver.count(), whole, "{then:?} after {first:?}");
            }
        }
    }

    /// Algorithm M's tree is not cut: its one part is the whole problem,
    /// at any depth and for any number of parts.
    #[test]
    fn multiplicities_are_one_part() {
        let problem = crate::parse_problem("2:2|k\nk\nk\nk\n").unwrap();
        let mut solver = Solver::new(&problem);
        assert_eq!(cut(&mut solver, 1), [Vec::<OptionId>::new()]);
        assert_eq!(
            parts(&mut solver, 100, &Alarm::SILENT),
            [Vec::<OptionId>::new()]
        );
        assert_eq!(solver.count(), 3);
    }
}
