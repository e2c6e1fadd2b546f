//! [`preprocess`] against brute force on random problems with colors and
//! secondary items: the reduced problem has the same number of solutions,
//! and they are the original's, option for option.

use std::collections::BTreeSet;

use dance_dlx::{PreprocessError, Problem, Solver, preprocess};
use proptest::prelude::*;

use crate::brute_force::{brute_force, build, spec, spec_with_bounds};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn the_reduced_problem_has_the_original_solutions(spec in spec()) {
        let problem = build(&spec);
        let expected = brute_force(&spec, &[]);
        let reduction = preprocess(&problem).unwrap();
        let reduced = reduction.problem();
        prop_assert_eq!(
            reduction.options_removed(),
            problem.option_count() - reduced.option_count()
        );
        let mut solver = Solver::new(reduced);
        let found: BTreeSet<Vec<usize>> = solver
            .solutions()
            .map(|solution| {
                let mut original: Vec<usize> = reduction
                    .solution_of_original(&solution)
                    .iter()
                    .map(|o| o.index())
                    .collect();
                original.sort_unstable();
                original
            })
            .collect();
        prop_assert_eq!(&found, &expected);
        prop_assert_eq!(solver.count(), expected.len() as u64);
        // A fixpoint: reducing again removes nothing.
        let again = preprocess(reduced).unwrap();
        prop_assert_eq!(again.options_removed(), 0);
        prop_assert_eq!(again.items_removed(), 0);
    }

    #[test]
    fn bounds_are_refused(spec in spec_with_bounds()) {
        let problem = build(&spec);
        match preprocess(&problem) {
            Ok(_) => prop_assert!(!problem.has_multiplicities()),
            Err(PreprocessError::Multiplicities(_)) => prop_assert!(problem.has_multiplicities()),
            Err(other) => prop_assert!(false, "{other}"),
        }
    }
}

/// Knuth's second example in DLX-PRE: `A B X:0 Y:0` goes (it leaves C
/// with no option); then every option with A has C, or the other way
/// round — DLX-PRE drops C, this order of the rules drops A: the same
/// problem up to a name, one solution either way.
#[test]
fn knuths_color_example_reduces_as_dlx_pre_does() {
    let problem: Problem = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n"
        .parse()
        .unwrap();
    let reduction = preprocess(&problem).unwrap();
    assert_eq!(
        reduction.problem().to_string(),
        "B C | X Y\nC X:1 Y:1\nB X:1\n"
    );
    assert_eq!(
        (reduction.items_removed(), reduction.options_removed()),
        (1, 2)
    );
    assert_eq!(Solver::new(reduction.problem()).count(), 1);
}

/// The problems `benches/vs_knuth.sh` races lose as many options as
/// DLX-PRE removes from them (144 on both pentomino boards, none on the
/// others), and one the rules cannot reduce comes back as it was, every
/// option its own original.
#[test]
fn the_benchmark_problems_lose_what_dlx_pre_removes() {
    for (file, removed) in [
        ("pentominoes6x10.dlx", 144),
        ("pentominoes5x12.dlx", 144),
        ("queens13.dlx", 0),
        ("queens14.dlx", 0),
        ("langford12.dlx", 0),
        ("macmahon3x5.dlx", 0),
        ("dominoes8x8.dlx", 0),
        ("dominoes16x16.dlx", 0),
    ] {
        let path = format!("{}/../benches/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let problem: Problem = std::fs::read_to_string(path).unwrap().parse().unwrap();
        let reduction = preprocess(&problem).unwrap();
        assert!(reduction.options_removed() >= removed, "{file}");
        if reduction.options_removed() == 0 {
            assert_eq!(reduction.items_removed(), 0, "{file}");
            for (option, _) in problem.options() {
                assert_eq!(reduction.original(option), option, "{file}");
            }
            assert_eq!(reduction.into_problem(), problem, "{file}");
        }
    }
}
