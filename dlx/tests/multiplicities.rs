//! Algorithm M: counts that follow from binomial coefficients, from tilings
//! counted by hand-written brute force, and from Knuth's own example.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;

use dance_dlx::problems::rooks;
use dance_dlx::{ItemId, OptionId, Problem, SelectError, Solver, Status, parse_problem};

use crate::util::{count_up_to, first, search, walk_in_slices};

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |c, i| c * (n - i) / (i + 1))
}

/// One primary item with bounds `min:max` and `n` options that contain
/// only it.
fn singletons(n: usize, min: u32, max: u32) -> Problem {
    let mut b = Problem::builder();
    let x = b.primary_with_bounds("x", min, max).unwrap();
    for _ in 0..n {
        b.option([x]).unwrap();
    }
    b.build()
}

#[test]
fn choosing_exactly_k_of_n_options() {
    for n in 0..=8 {
        for k in 1..=n as u32 + 1 {
            let expected = binomial(n as u64, u64::from(k));
            let mut solver = Solver::new(&singletons(n, k, k));
            assert_eq!(solver.count(), expected, "{k} of {n}");
            for solution in solver.solutions() {
                assert_eq!(solution.len(), k as usize);
            }
        }
    }
}

#[test]
fn a_range_of_counts_sums_the_binomials() {
    for n in 0..=7 {
        for max in 1..=n as u32 + 1 {
            for min in 0..=max {
                let expected: u64 = (min..=max).map(|k| binomial(n as u64, u64::from(k))).sum();
                let mut solver = Solver::new(&singletons(n, min, max));
                assert_eq!(solver.count(), expected, "{min}:{max} of {n}");
                assert_eq!(solver.solutions().count() as u64, expected);
            }
        }
    }
}

#[test]
fn the_lower_bound_prunes_every_dead_branch() {
    // Choosing k of n in increasing order: level j has C(n − k + j, j)
    // nodes, and Knuth's test `len ≤ bound − slack` leaves no others.
    for (n, k) in [(4u64, 2u32), (6, 3), (7, 1), (5, 5)] {
        let mut solver = Solver::new(&singletons(n as usize, k, k));
        solver.count();
        let nodes: u64 = (1..=u64::from(k))
            .map(|j| binomial(n - u64::from(k) + j, j))
            .sum();
        assert_eq!(solver.stats().nodes, nodes, "{k} of {n}");
    }
    // k of k is forced all the way.
    let mut solver = Solver::new(&singletons(4, 4, 4));
    assert_eq!(solver.count(), 1);
    assert_eq!((solver.stats().nodes, solver.stats().guesses), (4, 0));
}

#[test]
fn independent_items_multiply() {
    // Knuth's MDANCE example: 2 of 4 options in one item, 3 of 5 in another.
    let mut b = Problem::builder();
    let x = b.primary_with_bounds("x", 2, 2).unwrap();
    let y = b.primary_with_bounds("y", 3, 3).unwrap();
    for _ in 0..4 {
        b.option([x]).unwrap();
    }
    for _ in 0..5 {
        b.option([y]).unwrap();
    }
    assert_eq!(Solver::new(&b.build()).count(), 6 * 10);
}

/// Tilings of a `rows`×`cols` board by monominoes and dominoes, counted by
/// recursion over the first empty cell: how many use `m` monominoes and `d`
/// dominoes, for every `(m, d)`.
fn tilings_by_pieces(rows: usize, cols: usize) -> BTreeMap<(u32, u32), u64> {
    fn fill(
        filled: &mut Vec<bool>,
        rows: usize,
        cols: usize,
        pieces: (u32, u32),
        counts: &mut BTreeMap<(u32, u32), u64>,
    ) {
        let Some(cell) = filled.iter().position(|&f| !f) else {
            *counts.entry(pieces).or_default() += 1;
            return;
        };
        let (r, c) = (cell / cols, cell % cols);
        filled[cell] = true;
        fill(filled, rows, cols, (pieces.0 + 1, pieces.1), counts);
        let mut neighbours = Vec::new();
        if c + 1 < cols {
            neighbours.push(cell + 1);
        }
        if r + 1 < rows {
            neighbours.push(cell + cols);
        }
        for other in neighbours {
            if !filled[other] {
                filled[other] = true;
                fill(filled, rows, cols, (pieces.0, pieces.1 + 1), counts);
                filled[other] = false;
            }
        }
        filled[cell] = false;
    }
    let mut counts = BTreeMap::new();
    fill(
        &mut vec![false; rows * cols],
        rows,
        cols,
        (0, 0),
        &mut counts,
    );
    counts
}

/// The same tilings as exact cover: cells exactly once, the piece kinds
/// `mono` and `domino` as primary items with the given bounds.
fn tiling_problem(
    rows: usize,
    cols: usize,
    mono: RangeInclusive<u32>,
    domino: RangeInclusive<u32>,
) -> Problem {
    let mut b = Problem::builder();
    let m = b
        .primary_with_bounds("mono", *mono.start(), *mono.end())
        .unwrap();
    let d = b
        .primary_with_bounds("domino", *domino.start(), *domino.end())
        .unwrap();
    let cells: Vec<ItemId> = (0..rows * cols)
        .map(|k| b.primary(format!("c{k}")).unwrap())
        .collect();
    for r in 0..rows {
        for c in 0..cols {
            let cell = r * cols + c;
            b.option([m, cells[cell]]).unwrap();
            if c + 1 < cols {
                b.option([d, cells[cell], cells[cell + 1]]).unwrap();
            }
            if r + 1 < rows {
                b.option([d, cells[cell], cells[cell + cols]]).unwrap();
            }
        }
    }
    b.build()
}

#[test]
fn strips_tiled_with_a_bounded_number_of_each_piece() {
    let ranges = [0..=0, 0..=1, 1..=2, 2..=2, 0..=3, 2..=5, 1..=10];
    for (rows, cols) in [(1, 1), (1, 4), (1, 7), (2, 1), (2, 3), (2, 4)] {
        let by_pieces = tilings_by_pieces(rows, cols);
        for mono in &ranges {
            for domino in &ranges {
                if *mono.end() == 0 || *domino.end() == 0 {
                    // An upper bound of 0 is refused by the builder.
                    continue;
                }
                let expected: u64 = by_pieces
                    .iter()
                    .filter(|((m, d), _)| mono.contains(m) && domino.contains(d))
                    .map(|(_, &count)| count)
                    .sum();
                let problem = tiling_problem(rows, cols, mono.clone(), domino.clone());
                assert_eq!(
                    Solver::new(&problem).count(),
                    expected,
                    "{rows}x{cols}, monominoes {mono:?}, dominoes {domino:?}"
                );
            }
        }
    }
}

#[test]
fn knuths_dlx3_example_has_one_solution() {
    let text = "| A simple example of color controls\n\
                A B 2:3|C | X Y\n\
                A B X:0 Y:0\n\
                A C X:1 Y:1\n\
                C X:0\n\
                B X:1\n\
                C Y:1\n";
    let problem = parse_problem(text).unwrap();
    assert!(problem.has_multiplicities());
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    let mut options: Vec<String> = first(&mut solver)
        .unwrap()
        .iter()
        .map(|&o| dance_dlx::OptionDisplay::new(&problem, o).to_string())
        .collect();
    options.sort();
    assert_eq!(options, ["A C X:1 Y:1", "B X:1", "C Y:1"]);
}

#[test]
fn rooks_match_the_permanent_counts() {
    // n×n 0/1 matrices with two 1s in every row and column (OEIS A001499),
    // three (A001501).
    for (n, k, count) in [(6, 2, 67_950), (6, 3, 297_200)] {
        assert_eq!(Solver::new(&rooks(n, k)).count(), count, "rooks({n}, {k})");
    }
}

#[test]
fn null_moves_are_not_options_of_the_solution() {
    // `a` may stay uncovered; `b` is covered once.
    let problem = parse_problem("0:1|a 1|b\na b\nb\n").unwrap();
    let mut solver = Solver::new(&problem);
    let mut solutions: Vec<Vec<OptionId>> = solver.solutions().collect();
    solutions.sort();
    assert_eq!(solutions, [vec![OptionId::new(0)], vec![OptionId::new(1)]]);
    // Lower bounds of 0 everywhere admit the empty solution.
    let problem = parse_problem("0:2|a\na\na\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 4);
    assert!(solver.solutions().any(|s| s.is_empty()));
    let mut visited = 0;
    let answer = search(&mut solver, |s| {
        assert!(s.len() <= 2);
        visited += 1;
        std::ops::ControlFlow::Continue(())
    });
    assert_eq!(visited, 4);
    assert_eq!(
        (answer.status, answer.count.solutions),
        (Status::Multiple, 4)
    );
}

/// The option of `rooks(n, k)` that puts a rook on row `i`, column `j`.
fn square(n: usize, i: usize, j: usize) -> OptionId {
    OptionId::new((i * n + j) as u32)
}

#[test]
fn a_selected_option_counts_towards_the_bounds() {
    let mut solver = Solver::new(&rooks(4, 2));
    solver.select(square(4, 0, 0)).unwrap();
    // A rook on a given square in half of the 90 matrices, by symmetry.
    assert_eq!(solver.count(), 45);
    assert!(solver.solutions().all(|s| s[0] == square(4, 0, 0)));
    solver.select(square(4, 0, 1)).unwrap();
    // Row 0 is full: 90 / C(4, 2) completions of it.
    assert_eq!(solver.count(), 15);
    for (i, j) in [(0, 2), (0, 1)] {
        assert_eq!(
            solver.select(square(4, i, j)),
            Err(SelectError::Conflict(square(4, i, j))),
            "row 0 is full and (0, 1) is taken"
        );
    }
    solver.select(square(4, 1, 0)).unwrap();
    // Column 0 is full too.
    assert_eq!(
        solver.select(square(4, 2, 0)),
        Err(SelectError::Conflict(square(4, 2, 0)))
    );
    let expected = Solver::new(&rooks(4, 2))
        .solutions()
        .filter(|s| {
            [(0, 0), (0, 1), (1, 0)]
                .iter()
                .all(|&(i, j)| s.contains(&square(4, i, j)))
        })
        .count() as u64;
    assert_eq!(solver.count(), expected);
    assert_eq!(solver.unselect(), Some(square(4, 1, 0)));
    assert_eq!(solver.count(), 15);
    solver.reset();
    assert_eq!(solver.count(), 90);
}

#[test]
fn selecting_a_whole_solution_leaves_exactly_it() {
    let mut solver = Solver::new(&rooks(5, 2));
    let solution = first(&mut solver).unwrap();
    for &option in &solution {
        solver.select(option).unwrap();
    }
    assert_eq!(solver.count(), 1);
    assert_eq!(first(&mut solver).unwrap(), solution);
    assert_eq!(solver.stats().nodes, 0);
}

#[test]
fn a_budgeted_search_with_multiplicities_resumes_where_it_stopped() {
    let mut solver = Solver::new(&rooks(4, 2));
    assert_eq!(solver.count(), 90);
    let nodes = solver.stats().nodes;
    let sliced = walk_in_slices(&mut solver, 5);
    let (solutions, pauses) = (sliced.solutions.len(), sliced.pauses);
    assert_eq!(solutions, 90);
    assert!(pauses > 0);
    assert_eq!(
        solver.stats().nodes,
        nodes,
        "budgeting does not change the tree"
    );
    let capped = count_up_to(&mut solver, 7);
    assert_eq!((capped.solutions, capped.complete), (7, false));
    assert_eq!(solver.count(), 90);
}

#[test]
fn a_problem_without_bounds_keeps_algorithm_x() {
    // Bounds of exactly 1:1 are no multiplicities: the same search, the same
    // statistics as a plain primary item.
    let mut b = Problem::builder();
    let x = b.primary_with_bounds("x", 1, 1).unwrap();
    let y = b.primary("y").unwrap();
    b.option([x, y]).unwrap();
    b.option([x]).unwrap();
    b.option([y]).unwrap();
    let problem = b.build();
    assert!(!problem.has_multiplicities());
    let plain = parse_problem("x y\nx y\nx\ny\n").unwrap();
    let (mut one, mut other) = (Solver::new(&problem), Solver::new(&plain));
    assert_eq!(one.count(), 2);
    other.count();
    assert_eq!(one.stats(), other.stats());
}
