//! The search tree node for node: the solutions in their order, the nodes
//! and the guesses of both dead-end rules, on both representations, against
//! a reference search written from the rules' definitions on plain sets
//! (exactly-once problems, colors included), and against each other on the
//! shipped workloads.

use dance_dlx::problems::{PieceUse, langford, macmahon_squares, n_queens, pentominoes};
use dance_dlx::{DeadEnds, OptionId, Problem, Representation, Solver, Tuning};
use proptest::prelude::*;

use crate::brute_force::{Spec, brute_force, build, spec};
use crate::util::walk_in_slices;

/// What a search reports: the solutions in the order found (each sorted),
/// the nodes and the guesses.
#[derive(Debug, Default, PartialEq, Eq)]
struct Walk {
    solutions: Vec<Vec<usize>>,
    nodes: u64,
    guesses: u64,
}

/// The walk of a search made in steps of at most `budget` nodes.
fn walk_in_steps(solver: &mut Solver, budget: u64) -> Walk {
    let solutions = walk_in_slices(solver, budget)
        .solutions
        .into_iter()
        .map(|solution| {
            let mut s: Vec<usize> = solution.iter().map(|o| o.index()).collect();
            s.sort_unstable();
            s
        })
        .collect();
    let stats = solver.stats();
    Walk {
        solutions,
        nodes: stats.nodes,
        guesses: stats.guesses,
    }
}

fn walk(solver: &mut Solver) -> Walk {
    let solutions = solver
        .solutions()
        .map(|s| {
            let mut s: Vec<usize> = s.iter().map(|o| o.index()).collect();
            s.sort_unstable();
            s
        })
        .collect();
    let stats = solver.stats();
    Walk {
        solutions,
        nodes: stats.nodes,
        guesses: stats.guesses,
    }
}

/// Algorithm X (and C) on sets, from the definitions: choose the first
/// uncovered primary item (in item order) with at most one option left,
/// else the first with the fewest; try its options in input order, each one
/// node (a guess when the item had more than one); an option is left out
/// once it shares a primary item with a chosen one, or a secondary item
/// without agreeing on a color. With `at_commit`, an option that leaves
/// some uncovered primary item, which had options before, without any is
/// not searched below.
struct Reference<'a> {
    spec: &'a Spec,
    at_commit: bool,
    chosen: Vec<usize>,
    walk: Walk,
}

impl Reference<'_> {
    fn run(spec: &Spec, at_commit: bool) -> Walk {
        let mut reference = Reference {
            spec,
            at_commit,
            chosen: Vec::new(),
            walk: Walk::default(),
        };
        reference.search();
        reference.walk
    }

    fn compatible(&self, o: usize) -> bool {
        let spec = self.spec;
        self.chosen.iter().all(|&c| {
            spec.options[o].iter().all(|&(item, color)| {
                spec.options[c].iter().all(|&(other, other_color)| {
                    other != item || (item >= spec.primary && color != 0 && color == other_color)
                })
            })
        })
    }

    fn covered(&self, item: usize) -> bool {
        let spec = self.spec;
        self.chosen
            .iter()
            .any(|&c| spec.options[c].iter().any(|&(i, _)| i == item))
    }

    /// The options still possible for each uncovered primary item.
    fn lengths(&self) -> Vec<Option<usize>> {
        let spec = self.spec;
        (0..spec.primary)
            .map(|item| {
                (!self.covered(item)).then(|| {
                    (0..spec.options.len())
                        .filter(|&o| spec.options[o].iter().any(|&(i, _)| i == item))
                        .filter(|&o| self.compatible(o))
                        .count()
                })
            })
            .collect()
    }

    fn search(&mut self) {
        let lengths = self.lengths();
        let open: Vec<(usize, usize)> = lengths
            .iter()
            .enumerate()
            .filter_map(|(item, len)| len.map(|len| (item, len)))
            .collect();
        let Some(&first) = open.first() else {
            let mut solution = self.chosen.clone();
            solution.sort_unstable();
            self.walk.solutions.push(solution);
            return;
        };
        let (item, len) = open
            .iter()
            .copied()
            .find(|&(_, len)| len <= 1)
            .unwrap_or_else(|| {
                let fewest = open.iter().map(|&(_, len)| len).min().unwrap_or(0);
                open.iter()
                    .copied()
                    .find(|&(_, len)| len == fewest)
                    .unwrap_or(first)
            });
        let spec = self.spec;
        let options: Vec<usize> = (0..spec.options.len())
            .filter(|&o| spec.options[o].iter().any(|&(i, _)| i == item))
            .filter(|&o| self.compatible(o))
            .collect();
        for o in options {
            self.walk.nodes += 1;
            self.walk.guesses += u64::from(len > 1);
            self.chosen.push(o);
            let emptied = self.at_commit
                && self
                    .lengths()
                    .iter()
                    .zip(&lengths)
                    .any(|(after, before)| *after == Some(0) && *before != Some(0));
            if !emptied {
                self.search();
            }
            self.chosen.pop();
        }
    }
}

/// Every way of searching: each dead-end rule on each representation
/// (the bitsets serve only dead ends found at the commit).
const WAYS: [(DeadEnds, Representation); 3] = [
    (DeadEnds::AtCommit, Representation::Links),
    (DeadEnds::AtCommit, Representation::Bitsets),
    (DeadEnds::AtChoice, Representation::Links),
];

fn solver(problem: &Problem, (dead_ends, representation): (DeadEnds, Representation)) -> Solver {
    let mut solver = Solver::new(problem);
    solver.tune(Tuning {
        representation: Some(representation),
        dead_ends,
    });
    assert_eq!(solver.tuning().representation, Some(representation));
    solver
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn every_way_walks_the_reference_tree(spec in spec()) {
        let problem = build(&spec);
        for way in WAYS {
            let expected = Reference::run(&spec, way.0 == DeadEnds::AtCommit);
            prop_assert_eq!(expected.solutions.len(), brute_force(&spec, &[]).len());
            prop_assert_eq!(walk(&mut solver(&problem, way)), expected, "{:?}", way);
        }
    }

    #[test]
    fn every_way_finds_the_same_solutions_in_the_same_order(
        spec in spec(),
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..3),
    ) {
        // Shuffled, with options selected, budgets spent on the way.
        let problem = build(&spec);
        let walks = WAYS.map(|way| {
            let mut solver = solver(&problem, way);
            solver.shuffle(seed);
            for pick in &picks {
                if !spec.options.is_empty() {
                    let _ = solver.select(OptionId::new(pick.index(spec.options.len()) as u32));
                }
            }
            let in_steps = walk_in_steps(&mut solver, 3);
            let whole = walk(&mut solver);
            assert_eq!(in_steps, whole);
            (whole, solver.selected().collect::<Vec<_>>())
        });
        let [(commit, commit_selected), (bitsets, bitsets_selected), (choice, choice_selected)] = walks;
        prop_assert_eq!(&commit_selected, &choice_selected);
        prop_assert_eq!(&commit_selected, &bitsets_selected);
        prop_assert_eq!(&commit, &bitsets);
        prop_assert_eq!(&commit.solutions, &choice.solutions);
        prop_assert_eq!(commit.guesses, choice.guesses);
        prop_assert!(commit.nodes <= choice.nodes);
    }
}

/// On the benchmark workloads (small sizes): the same solutions in the same
/// order and the same guesses, the same tree on both representations, and
/// no more nodes where dead ends are found at the commit — one less than
/// Knuth's DLX1 and DLX2 report, counting the root (1199, 607, 32978 and
/// 824).
#[test]
fn the_rules_differ_only_in_nodes_on_the_workloads() {
    for (problem, at_commit_nodes, at_choice_nodes) in [
        (n_queens(8), 1198, 1372),
        (langford(7), 606, 684),
        (pentominoes(3, 20), 32977, 36241),
        (macmahon_squares(2, 3, PieceUse::AtMostOnce), 823, 823),
    ] {
        let [commit, bitsets, choice] = WAYS.map(|way| walk(&mut solver(&problem, way)));
        assert_eq!(commit, bitsets);
        assert_eq!(commit.solutions, choice.solutions);
        assert_eq!(commit.guesses, choice.guesses);
        assert_eq!(
            (commit.nodes, choice.nodes),
            (at_commit_nodes, at_choice_nodes)
        );
    }
}
