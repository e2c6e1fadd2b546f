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

/// What DLX-PRE does to a problem: removes this many options and items, or
/// cannot read it.
#[derive(Clone, Copy, Debug)]
enum DlxPre {
    /// `Removed N options and M items` (options, items).
    Removes(usize, usize),
    /// The file has bounds (`a:b|item`), which DLX-PRE does not read and
    /// `preprocess` refuses.
    Refuses,
}

/// Every problem shipped in `benches/data` and `tests/data` loses at least
/// the options and items DLX-PRE removes from it (`dlx-pre < FILE`, built as
/// `benches/vs_knuth.sh` says; for a file with costs, which DLX-PRE does not
/// read, the file without them: `sed -E 's/[ \t]+\|[0-9]+//g'`), and one the
/// rules cannot reduce comes back as it was, every option its own original.
/// A problem shipped without a row here fails the test.
#[test]
fn every_shipped_problem_loses_what_dlx_pre_removes() {
    use DlxPre::{Refuses, Removes};
    let benches = [
        ("dominoes12x12.dlx", Removes(0, 0)),
        ("dominoes16x16.dlx", Removes(0, 0)),
        ("dominoes20x8.dlx", Removes(0, 0)),
        ("dominoes24x6.dlx", Removes(0, 0)),
        ("dominoes30x6.dlx", Removes(0, 0)),
        ("dominoes6x24.dlx", Removes(0, 0)),
        ("dominoes6x30.dlx", Removes(0, 0)),
        ("dominoes8x20.dlx", Removes(0, 0)),
        ("dominoes8x8.dlx", Removes(0, 0)),
        ("langford12.dlx", Removes(0, 0)),
        ("macmahon3x5.dlx", Removes(0, 0)),
        ("pentominoes5x12.dlx", Removes(144, 0)),
        ("pentominoes5x12_corner.dlx", Removes(144, 0)),
        ("pentominoes6x10.dlx", Removes(144, 0)),
        ("pentominoes6x10_costs.dlx", Removes(144, 0)),
        ("pentominoes7x8_costs.dlx", Removes(0, 0)),
        ("queens12_costs.dlx", Removes(0, 0)),
        ("queens13.dlx", Removes(0, 0)),
        ("queens14.dlx", Removes(0, 0)),
        ("queens20_costs.dlx", Removes(0, 0)),
        ("queens22_costs.dlx", Removes(0, 0)),
        ("rooks6x3.dlx", Refuses),
    ];
    let tests = [
        ("colored.dlx", Removes(3, 2)),
        ("langford8.dlx", Removes(0, 0)),
        ("queens10.dlx", Removes(0, 0)),
        ("queens8.dlx", Removes(0, 0)),
        ("toy.dlx", Removes(3, 4)),
    ];
    let root = format!("{}/..", env!("CARGO_MANIFEST_DIR"));
    for (folder, known) in [("benches/data", &benches[..]), ("tests/data", &tests[..])] {
        let shipped: BTreeSet<String> = std::fs::read_dir(format!("{root}/{folder}"))
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".dlx"))
            .collect();
        let listed: BTreeSet<String> = known.iter().map(|&(file, _)| file.to_owned()).collect();
        assert_eq!(
            shipped, listed,
            "{folder}: every problem has a row, every row a file"
        );
        for &(file, dlx_pre) in known {
            let text = std::fs::read_to_string(format!("{root}/{folder}/{file}")).unwrap();
            let problem: Problem = text.parse().unwrap();
            match (preprocess(&problem), dlx_pre) {
                (Ok(reduction), Removes(options, items)) => {
                    assert!(reduction.options_removed() >= options, "{file}");
                    assert!(reduction.items_removed() >= items, "{file}");
                    if reduction.options_removed() == 0 && reduction.items_removed() == 0 {
                        for (option, _) in problem.options() {
                            assert_eq!(reduction.original(option), option, "{file}");
                        }
                        assert_eq!(reduction.into_problem(), problem, "{file}");
                    }
                }
                (Err(PreprocessError::Multiplicities(_)), Refuses) => {}
                (outcome, expected) => panic!("{file}: {outcome:?}, expected {expected:?}"),
            }
        }
    }
}
