//! Selecting options before the search: the primitive that lets one matrix
//! serve many puzzles.

use dance_dlx::problems::n_queens;
use dance_dlx::{OptionId, SelectError, Solver, parse_problem};

use crate::util::first;

/// The option of `n_queens(n)` that puts a queen on row `i`, column `j`.
fn square(n: usize, i: usize, j: usize) -> OptionId {
    OptionId::new((i * n + j) as u32)
}

#[test]
fn selected_options_are_in_every_solution() {
    let n = 8;
    let mut solver = Solver::new(&n_queens(n));
    solver.select(square(n, 0, 0)).unwrap();
    // 4 of the 92 eight-queens solutions have a queen in a corner square.
    assert_eq!(solver.count(), 4);
    for solution in solver.solutions() {
        assert_eq!(solution[0], square(n, 0, 0));
        assert_eq!(solution.len(), n);
    }
    assert_eq!(solver.selected().collect::<Vec<_>>(), [square(n, 0, 0)]);
    assert_eq!(solver.unselect(), Some(square(n, 0, 0)));
    assert_eq!(solver.count(), 92);
}

#[test]
fn a_conflicting_selection_is_refused_and_changes_nothing() {
    let n = 8;
    let mut solver = Solver::new(&n_queens(n));
    solver.select(square(n, 0, 0)).unwrap();
    // Same row, same column, same diagonal.
    for (i, j) in [(0, 5), (3, 0), (4, 4)] {
        assert_eq!(
            solver.select(square(n, i, j)),
            Err(SelectError::Conflict(square(n, i, j)))
        );
    }
    assert_eq!(solver.count(), 4);
    assert_eq!(
        solver.select(OptionId::new(64)),
        Err(SelectError::UnknownOption(OptionId::new(64)))
    );
    solver.select(square(n, 1, 4)).unwrap();
    let with_both = solver.count();
    solver.reset();
    assert_eq!(solver.selected().count(), 0);
    assert_eq!(solver.count(), 92);
    let by_hand = solver
        .solutions()
        .filter(|s| s.contains(&square(n, 0, 0)) && s.contains(&square(n, 1, 4)))
        .count() as u64;
    assert_eq!(with_both, by_hand);
}

#[test]
fn selecting_every_option_of_a_solution_leaves_exactly_it() {
    let mut solver = Solver::new(&n_queens(6));
    let solution = first(&mut solver).unwrap();
    for &option in &solution {
        solver.select(option).unwrap();
    }
    assert_eq!(solver.count(), 1);
    assert_eq!(first(&mut solver).unwrap(), solution);
    assert_eq!(solver.stats().nodes, 0);
}

#[test]
fn colors_decide_which_selections_conflict() {
    let text = "p q r | x\np x:A\nq x:A\nr x:B\n";
    let problem = parse_problem(text).unwrap();
    let mut solver = Solver::new(&problem);
    solver.select(OptionId::new(0)).unwrap();
    // Same color: compatible. Other color: conflict.
    assert_eq!(
        solver.select(OptionId::new(2)),
        Err(SelectError::Conflict(OptionId::new(2)))
    );
    solver.select(OptionId::new(1)).unwrap();
    assert_eq!(solver.count(), 0, "r can only be covered with x:B");
    solver.reset();
    assert_eq!(solver.count(), 0);
}
