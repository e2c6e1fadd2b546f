//! The order in which the memo's search breaks ties between items, chosen
//! from the problem's shape rather than from the order its file happened to
//! list the items in.
//!
//! The search chooses the item with the fewest options, and among equals
//! the first in the list of active items. In a tiling most choices are such
//! ties, so the list's order decides where the covered region grows — and
//! with it how many different states the memo meets. Listed row by row, a
//! 24×6 board (24 rows of 6 cells) is filled row after row: the open cells
//! are a band whose edge is 6 cells long, and few such bands exist. Its
//! transpose, 6 rows of 24 cells listed the same way, is filled along rows
//! of 24: edges of 24 cells, millions of bands, and a count a million times
//! slower for the same number.
//!
//! So the memo measures the order it was given by its *width*: taking the
//! primary items in that order, the most items at any time that are not
//! taken yet but share an option with one that is (the edge of the region
//! covered so far; for a row-by-row board, the length of a row). It
//! compares that width with the width of a Cuthill–McKee order (a
//! breadth-first order from an item at the end of a longest shortest path,
//! neighbours with fewer neighbours first, which sweeps a grid from a corner
//! along its diagonals, whatever its orientation), and uses the
//! Cuthill–McKee order when it is at most three quarters of the given
//! order's width. A board whose rows are its short side keeps its order
//! (its width is already the short side); a board listed along its long
//! side is swept diagonally, with an edge as long as its short side.
//!
//! The order changes which item the search chooses among equals, so it
//! changes the tree and its node count, never the count of solutions. It
//! applies only while the memo counts: the links' list of active primary
//! items is relinked in the memo's order when a count starts and back in
//! the links' own order when it ends (see [`Order::apply`]).

use crate::machine::links::Links;

/// The order in which a memoized walk tries the options of each level.
///
/// Threads that share a [`SharedMemo`] should not all walk the states in
/// the same order: below its first few levels, every subproblem of a tiling
/// leads into the same states, so a thread that follows another one top
/// down catches up with it and then counts, at the same time, the very
/// states the other is counting (neither has stored them yet). A thread
/// that tries the options bottom up walks the same states from the other
/// end: the two count different states until they meet, and from then on
/// each finds what the other stored, and two threads try about the nodes
/// one tries (`benches/memo.sh threads` measures it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) enum OptionOrder {
    /// Each level's options in column order, as every other search.
    #[default]
    TopDown,
    /// Each level's options from the bottom of the column up.
    BottomUp,
}

/// Pairs of items visited while the item graph is built, beyond which the
/// graph is not built and the given order is kept: the graph costs the sum
/// over options of their length squared, which for long options would cost
/// more than it can save.
const MAX_GRAPH_WORK: u64 = 1 << 25;

/// Breadth-first searches spent looking for an item at the end of a
/// longest shortest path (George and Liu's pseudo-peripheral item).
const PERIPHERY_ROUNDS: usize = 8;

/// The memo's order of the primary items: `None` when it is the links' own.
#[derive(Clone, Debug)]
pub(crate) struct Order {
    /// Every primary item (internal numbers, `1..=primary`), in the order
    /// the search breaks ties in.
    items: Option<Vec<u32>>,
}

impl Order {
    /// The order for `links`' problem (see the [module docs](self)).
    pub(crate) fn new(links: &Links) -> Order {
        let items = Graph::new(links).and_then(|graph| {
            let given: Vec<u32> = (1..=links.primary).collect();
            let swept = graph.cuthill_mckee();
            let (given_width, swept_width) = (graph.width(&given), graph.width(&swept));
            (4 * swept_width <= 3 * given_width).then_some(swept)
        });
        Order { items }
    }

    /// Whether the order differs from the links' own.
    #[cfg(test)]
    pub(crate) fn is_reordered(&self) -> bool {
        self.items.is_some()
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.items.as_ref().map_or(0, |items| items.capacity() * 4)
    }

    /// Relinks the active primary items of `links` in this order. The links
    /// must come back to [`undo`](Self::undo) before any item covered now is
    /// uncovered: a covered item remembers its neighbours in the list as it
    /// was.
    pub(crate) fn apply(&self, links: &mut Links) {
        if let Some(items) = &self.items {
            relink(links, items.iter().copied());
        }
    }

    /// Relinks the active primary items of `links` in the links' own order,
    /// exactly as they were before [`apply`](Self::apply): that order is
    /// increasing, and covering and uncovering keep it so.
    pub(crate) fn undo(&self, links: &mut Links) {
        if self.items.is_some() {
            relink(links, 1..=links.primary);
        }
    }
}

/// Links root 0 and those of `items` that are active now into one circular
/// list, in the order given.
fn relink(links: &mut Links, items: impl Iterator<Item = u32>) {
    let mut active = vec![false; links.primary as usize + 1];
    let mut i = links.items[0].right;
    while i != 0 {
        active[i as usize] = true;
        i = links.items[i as usize].right;
    }
    let mut last = 0;
    for i in items.filter(|&i| active[i as usize]) {
        links.items[last as usize].right = i;
        links.items[i as usize].left = last;
        last = i;
    }
    links.items[last as usize].right = 0;
    links.items[0].left = last;
}

/// The primary items, each with the primary items it shares an option
/// with, as built (nothing covered counts).
struct Graph {
    /// `neighbours[start[i]..start[i + 1]]` are item `i + 1`'s.
    start: Vec<usize>,
    neighbours: Vec<u32>,
}

impl Graph {
    /// The graph of `links`' primary items, or `None` when building it
    /// would cost more than [`MAX_GRAPH_WORK`].
    fn new(links: &Links) -> Option<Graph> {
        let primary = links.primary as usize;
        // Every option's primary items, from the option's first node on.
        let options = || {
            links.option_start.iter().map(|&first| {
                (first..)
                    .take_while(|&q| links.top[q as usize] > 0)
                    .map(|q| links.top[q as usize] as u32)
                    .filter(|&i| i as usize <= primary)
            })
        };
        let work: u64 = options().map(|items| (items.count() as u64).pow(2)).sum();
        if work > MAX_GRAPH_WORK || primary < 2 {
            return None;
        }
        let mut lists = vec![Vec::new(); primary + 1];
        for option in options() {
            let items: Vec<u32> = option.collect();
            for &a in &items {
                lists[a as usize].extend(items.iter().filter(|&&b| b != a));
            }
        }
        let mut start = Vec::with_capacity(primary + 1);
        let mut neighbours = Vec::new();
        for list in &mut lists[1..] {
            list.sort_unstable();
            list.dedup();
            start.push(neighbours.len());
            neighbours.extend_from_slice(list);
        }
        start.push(neighbours.len());
        Some(Graph { start, neighbours })
    }

    fn neighbours(&self, i: u32) -> &[u32] {
        let k = i as usize - 1;
        &self.neighbours[self.start[k]..self.start[k + 1]]
    }

    fn degree(&self, i: u32) -> usize {
        self.neighbours(i).len()
    }

    fn items(&self) -> u32 {
        self.start.len() as u32 - 1
    }

    /// The most items at any point of `order` not taken yet but adjacent to
    /// one taken.
    fn width(&self, order: &[u32]) -> usize {
        // 0: untouched, 1: on the edge, 2: taken.
        let mut state = vec![0u8; self.items() as usize + 1];
        let (mut edge, mut widest) = (0usize, 0);
        for &i in order {
            if state[i as usize] == 1 {
                edge -= 1;
            }
            state[i as usize] = 2;
            for &j in self.neighbours(i) {
                if state[j as usize] == 0 {
                    state[j as usize] = 1;
                    edge += 1;
                }
            }
            widest = widest.max(edge);
        }
        widest
    }

    /// The Cuthill–McKee order: component by component (each from its
    /// first item in the given order), breadth first from a
    /// pseudo-peripheral item, each item's new neighbours by increasing
    /// degree (ties: the given order).
    fn cuthill_mckee(&self) -> Vec<u32> {
        let n = self.items();
        let mut order = Vec::with_capacity(n as usize);
        let mut placed = vec![false; n as usize + 1];
        let mut scratch = Vec::new();
        for first in 1..=n {
            if placed[first as usize] {
                continue;
            }
            let root = self.peripheral(first);
            let begin = order.len();
            order.push(root);
            placed[root as usize] = true;
            let mut next = begin;
            while next < order.len() {
                let i = order[next];
                next += 1;
                scratch.clear();
                scratch.extend(
                    self.neighbours(i)
                        .iter()
                        .copied()
                        .filter(|&j| !placed[j as usize]),
                );
                scratch.sort_by_key(|&j| (self.degree(j), j));
                for &j in &scratch {
                    placed[j as usize] = true;
                    order.push(j);
                }
            }
        }
        order
    }

    /// An item of `start`'s component at the end of a longest shortest
    /// path, found as George and Liu do: breadth first from `start`, then
    /// from an item of the farthest level with the fewest neighbours, while
    /// the eccentricity grows.
    fn peripheral(&self, start: u32) -> u32 {
        let mut root = start;
        let mut eccentricity = 0;
        for _ in 0..PERIPHERY_ROUNDS {
            let (depth, farthest) = self.farthest(root);
            if depth <= eccentricity {
                break;
            }
            eccentricity = depth;
            root = farthest;
        }
        root
    }

    /// The depth of a breadth-first search from `root`, and the item of its
    /// last level with the fewest neighbours (ties: the first met).
    fn farthest(&self, root: u32) -> (usize, u32) {
        let mut depth_of = vec![usize::MAX; self.items() as usize + 1];
        depth_of[root as usize] = 0;
        let mut queue = vec![root];
        let mut next = 0;
        while next < queue.len() {
            let i = queue[next];
            next += 1;
            for &j in self.neighbours(i) {
                if depth_of[j as usize] == usize::MAX {
                    depth_of[j as usize] = depth_of[i as usize] + 1;
                    queue.push(j);
                }
            }
        }
        let depth = depth_of[queue[queue.len() - 1] as usize];
        let best = queue
            .iter()
            .copied()
            .filter(|&i| depth_of[i as usize] == depth)
            .min_by_key(|&i| self.degree(i))
            .unwrap_or(root);
        (depth, best)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::stop::Alarm;
    use crate::goals::memo::MemoCounter;
    use crate::model::problems::{domino_tilings, domino_tilings_by_rows, n_queens, pentominoes};
    use crate::{Problem, Solver};

    fn order_of(problem: &Problem) -> Order {
        Order::new(&Solver::new(problem).links)
    }

    #[test]
    fn a_board_listed_along_its_long_side_is_swept_diagonally() {
        assert!(order_of(&domino_tilings_by_rows(6, 24)).is_reordered());
        assert!(order_of(&domino_tilings_by_rows(8, 20)).is_reordered());
        assert!(!order_of(&domino_tilings_by_rows(24, 6)).is_reordered());
        assert!(!order_of(&domino_tilings_by_rows(16, 16)).is_reordered());
        assert!(!order_of(&domino_tilings(6, 24)).is_reordered());
    }

    #[test]
    fn problems_without_a_narrow_sweep_keep_their_order() {
        assert!(!order_of(&n_queens(8)).is_reordered());
        assert!(!order_of(&pentominoes(6, 10)).is_reordered());
    }

    #[test]
    fn the_width_of_a_board_listed_by_rows_is_its_row() {
        let solver = Solver::new(&domino_tilings_by_rows(6, 24));
        let graph = Graph::new(&solver.links).unwrap();
        let given: Vec<u32> = (1..=solver.links.primary).collect();
        assert_eq!(graph.width(&given), 24);
        let swept = graph.cuthill_mckee();
        assert!(graph.width(&swept) <= 8, "{}", graph.width(&swept));
        let mut sorted = swept.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, given, "a permutation of the items");
    }

    #[test]
    fn the_list_comes_back_exactly() {
        let problem = domino_tilings_by_rows(6, 24);
        let mut solver = Solver::new(&problem);
        let options = solver.solutions().next().unwrap();
        solver.select(options[3]).unwrap();
        let before = solver.links.clone();
        let order = order_of(&problem);
        order.apply(&mut solver.links);
        assert!(solver.links != before);
        order.undo(&mut solver.links);
        assert!(solver.links == before);
    }

    /// A board and its transpose, both listed row by row, count the same
    /// with about the same work: within 2× in nodes and in entries.
    #[test]
    fn a_board_and_its_transpose_cost_about_the_same() {
        for (rows, cols) in [(24, 6), (20, 8), (30, 6)] {
            let work = |rows, cols| {
                let mut solver = Solver::new(&domino_tilings_by_rows(rows, cols));
                let mut memo = MemoCounter::new(&solver, 64 << 20);
                let count = memo
                    .count_until(&mut solver, &Alarm::SILENT, &mut |_| {})
                    .unwrap()
                    .solutions;
                (count, memo.stats())
            };
            let (tall, tall_stats) = work(rows, cols);
            let (wide, wide_stats) = work(cols, rows);
            assert_eq!(tall, wide, "{rows}×{cols}");
            for (a, b) in [
                (tall_stats.search.nodes, wide_stats.search.nodes),
                (tall_stats.entries, wide_stats.entries),
            ] {
                assert!(
                    a <= 2 * b && b <= 2 * a,
                    "{rows}×{cols}: {tall_stats:?} {wide_stats:?}"
                );
            }
        }
    }
}
