//! The cheapest solutions ([`Goal::Best`]) against brute force on random
//! small problems with costs — exactly-once problems with colors and
//! secondary items (DLX5's matrix) and problems with bounds (Algorithm M
//! with a plain bound) — and the answer a request gets.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use dance_dlx::{Goal, OptionId, Problem, Representation, Request, Solver, Status, Stop, Tuning};
use proptest::prelude::*;

use crate::brute_force::{Spec, brute_force, build, spec, spec_with_bounds};
use crate::util::cheapest;

/// `spec`'s problem with these costs (cycled over the options).
fn priced(spec: &Spec, costs: &[u64]) -> (Problem, Vec<u64>) {
    let plain = build(spec);
    let mut builder = Problem::builder();
    for item in plain.items() {
        let name = plain.item_name(item);
        match plain.item_bounds(item) {
            Some(bounds) => builder.primary_with_bounds(name, *bounds.start(), *bounds.end()),
            None => builder.secondary(name),
        }
        .unwrap();
    }
    let colors = ["A", "B"].map(|name| builder.color(name).unwrap());
    let mut option_costs = Vec::new();
    for (option, entries) in plain.options() {
        let cost = costs[option.index() % costs.len()];
        let entries = entries.iter().map(|entry| dance_dlx::Entry {
            item: entry.item,
            color: entry.color.map(|c| colors[c.index()]),
        });
        builder.option_with_cost(entries, cost).unwrap();
        option_costs.push(cost);
    }
    (builder.build(), option_costs)
}

/// The k cheapest costs by brute force, and the checks of what the search
/// found: as many, the same costs, each a distinct solution costing what it
/// says.
fn check_cheapest(spec: &Spec, costs: &[u64], k: u64) -> Result<(), TestCaseError> {
    let (problem, option_costs) = priced(spec, costs);
    let all = brute_force(spec, &[]);
    let cost_of = |s: &[usize]| s.iter().map(|&o| u128::from(option_costs[o])).sum::<u128>();
    let mut expected: Vec<u128> = all.iter().map(|s| cost_of(s)).collect();
    expected.sort_unstable();
    expected.truncate(k as usize);

    let mut solver = Solver::new(&problem);
    // On either matrix (the dense bitsets and the links): the same answer.
    solver.tune(Tuning {
        representation: Some(Representation::Links),
        ..Tuning::default()
    });
    let on_links = cheapest(&mut solver, k);
    solver.tune(Tuning {
        representation: Some(Representation::Bitsets),
        ..Tuning::default()
    });
    let found = cheapest(&mut solver, k);
    prop_assert_eq!(&on_links, &found);
    let costs_found: Vec<u128> = found.iter().map(|(cost, _)| *cost).collect();
    prop_assert_eq!(&costs_found, &expected);
    let mut seen = std::collections::BTreeSet::new();
    for (cost, options) in &found {
        let mut sorted: Vec<usize> = options.iter().map(|o| o.index()).collect();
        sorted.sort_unstable();
        prop_assert!(all.contains(&sorted), "not a solution: {:?}", sorted);
        prop_assert_eq!(cost_of(&sorted), *cost);
        prop_assert_eq!(crate::util::cost_of(&problem, options), *cost);
        prop_assert!(seen.insert(sorted), "found twice");
    }
    // The request's answer agrees, and the solver still counts as before.
    let mut visited = Vec::new();
    let answer = solver.run_with(&Request::new(Goal::Best { k }), |options| {
        visited.push(options.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    let kept: Vec<Vec<OptionId>> = found.into_iter().map(|(_, options)| options).collect();
    prop_assert_eq!(&visited, &kept);
    prop_assert_eq!(answer.count.solutions, kept.len() as u64);
    prop_assert!(answer.count.complete);
    let status = if kept.is_empty() {
        Status::NoSolution
    } else {
        Status::Solved
    };
    prop_assert_eq!(answer.status, status);
    prop_assert_eq!(answer.solution.as_ref(), kept.first());
    prop_assert_eq!(solver.count(), all.len() as u64);
    Ok(())
}

fn costs() -> impl Strategy<Value = Vec<u64>> {
    let cost = prop_oneof![4 => 0u64..6, 1 => Just(u64::MAX), 1 => 0u64..1000];
    proptest::collection::vec(cost, 1..=14)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_cheapest_are_those_of_brute_force(spec in spec(), costs in costs(), k in 1u64..6) {
        check_cheapest(&spec, &costs, k)?;
    }

    #[test]
    fn the_cheapest_with_bounds_are_those_of_brute_force(
        spec in spec_with_bounds(),
        costs in costs(),
        k in 1u64..6,
    ) {
        check_cheapest(&spec, &costs, k)?;
    }
}

/// Ties go to the solution the search finds first: with every cost 0,
/// the k cheapest are the first k solutions in the search's order.
#[test]
fn ties_go_to_the_first_found() {
    let problem = dance_dlx::problems::n_queens(6);
    let mut solver = Solver::new(&problem);
    let first_two: Vec<Vec<OptionId>> = solver.solutions().take(2).collect();
    let best: Vec<Vec<OptionId>> = cheapest(&mut solver, 2)
        .into_iter()
        .map(|(_, s)| s)
        .collect();
    assert_eq!(best, first_two);
}

/// Selected options are in every solution and in its cost.
#[test]
fn selected_options_are_paid_for() {
    let problem: Problem = "a b\na |5\nb |1\na b |9\nb |2\n".parse().unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(
        cheapest(&mut solver, 3)
            .iter()
            .map(|c| c.0)
            .collect::<Vec<_>>(),
        [6, 7, 9]
    );
    solver.select(OptionId::new(3)).unwrap();
    let best = cheapest(&mut solver, 3);
    assert_eq!(best, [(7, vec![OptionId::new(3), OptionId::new(0)])]);
}

/// A stop before the end answers `timeout` with what was found, and the
/// solver is left as it was.
#[test]
fn a_stop_answers_timeout_with_the_best_so_far() {
    let problem: Problem = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../benches/data/pentominoes6x10_costs.dlx"
    ))
    .unwrap()
    .parse()
    .unwrap();
    let mut solver = Solver::new(&problem);
    let stop = Stop::when(Arc::new(AtomicBool::new(true)));
    let answer = solver.run(&Request::new(Goal::Best { k: 3 }).with_stop(stop));
    assert_eq!(answer.status, Status::Timeout);
    assert!(!answer.count.complete);
    assert_eq!(cheapest(&mut solver, 1)[0].0, 230); // DLX5's optimum
}
