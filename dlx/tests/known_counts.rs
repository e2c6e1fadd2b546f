//! Solution counts from the literature: a wrong engine gets at least one wrong.

use dance_dlx::problems::{PieceUse, langford, macmahon_squares, n_queens, pentominoes};
use dance_dlx::{Entry, Problem, Solver, Status, parse_problem};

use crate::util::{count_up_to, first, search, walk_in_slices};

#[test]
fn n_queens_counts_for_n_up_to_12() {
    let known = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &count) in (1..).zip(&known) {
        assert_eq!(Solver::new(&n_queens(n)).count(), count, "{n} queens");
    }
}

#[test]
fn langford_pair_counts() {
    for (n, count) in [
        (1, 0),
        (2, 0),
        (3, 2),
        (4, 2),
        (5, 0),
        (6, 0),
        (7, 52),
        (8, 300),
    ] {
        assert_eq!(Solver::new(&langford(n)).count(), count, "langford {n}");
    }
}

#[test]
fn pentominoes_3x20() {
    assert_eq!(Solver::new(&pentominoes(3, 20)).count(), 8);
}

#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn pentominoes_6x10() {
    assert_eq!(Solver::new(&pentominoes(6, 10)).count(), 9356);
}

/// MacMahon's squares in small frames (colors: Algorithm C). The counts
/// agree with Knuth's DLX2 and SSXCC on the same files.
#[test]
fn macmahon_squares_counts() {
    for (rows, cols, count) in [(2, 2, 28), (2, 3, 216), (2, 4, 1856), (3, 3, 9904)] {
        let problem = macmahon_squares(rows, cols, PieceUse::AtMostOnce);
        assert_eq!(Solver::new(&problem).count(), count, "{rows}x{cols}");
    }
}

/// The problems shipped in `benches/data/` for the races are what the
/// generators build (the first line of each file is a comment).
#[test]
fn the_benchmark_files_are_the_generators_problems() {
    for (file, problem) in [
        ("pentominoes5x12.dlx", pentominoes(5, 12)),
        ("pentominoes6x10.dlx", pentominoes(6, 10)),
        ("queens13.dlx", n_queens(13)),
        ("queens14.dlx", n_queens(14)),
        ("langford12.dlx", langford(12)),
        (
            "macmahon3x5.dlx",
            macmahon_squares(3, 5, PieceUse::AtMostOnce),
        ),
    ] {
        let path = format!("{}/../benches/data/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(parse_problem(&text).unwrap(), problem, "{file}");
    }
}

/// The 4×4 Sudoku as exact cover: cell, row-digit, column-digit and box-digit
/// items, one option per (cell, digit).
#[test]
fn there_are_288_four_by_four_sudoku_grids() {
    let mut b = Problem::builder();
    let mut family = |prefix: &str| -> Vec<dance_dlx::ItemId> {
        (0..16)
            .map(|k| b.primary(format!("{prefix}{k}")).unwrap())
            .collect()
    };
    let (cell, row, col, boxx) = (family("p"), family("r"), family("c"), family("b"));
    for r in 0..4 {
        for c in 0..4 {
            for d in 0..4 {
                let bx = (r / 2) * 2 + c / 2;
                b.option([
                    cell[r * 4 + c],
                    row[r * 4 + d],
                    col[c * 4 + d],
                    boxx[bx * 4 + d],
                ])
                .unwrap();
            }
        }
    }
    let problem = b.build();
    assert_eq!(problem.option_count(), 64);
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 288);
    assert_eq!(solver.solutions().count(), 288);
}

fn option_texts(problem: &Problem, solution: &[dance_dlx::OptionId]) -> Vec<String> {
    let mut texts: Vec<String> = solution
        .iter()
        .map(|&o| dance_dlx::OptionDisplay::new(problem, o).to_string())
        .collect();
    texts.sort();
    texts
}

#[test]
fn knuths_toy_problem_has_one_solution() {
    let problem = parse_problem("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    let solution = first(&mut solver).unwrap();
    assert_eq!(option_texts(&problem, &solution), ["a d f", "b g", "c e"]);
    // Algorithm X on this problem: Knuth's trace tries a few options before
    // the cover is found; the statistics count them.
    assert!(solver.stats().nodes >= 3);
}

#[test]
fn knuths_colored_example_has_one_solution() {
    let text = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let problem = parse_problem(text).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    let solution = first(&mut solver).unwrap();
    assert_eq!(option_texts(&problem, &solution), ["p r x:A y", "q x:A"]);
}

#[test]
fn a_problem_without_primary_items_has_the_empty_solution() {
    let mut b = Problem::builder();
    b.secondary("x").unwrap();
    let mut solver = Solver::new(&b.build());
    assert_eq!(solver.count(), 1);
    assert_eq!(first(&mut solver), Some(vec![]));
}

#[test]
fn an_item_no_option_covers_means_no_solution() {
    let problem = parse_problem("a b\na\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 0);
    assert_eq!(first(&mut solver), None);
    assert_eq!(solver.solutions().count(), 0);
}

#[test]
fn count_up_to_a_limit_says_whether_it_is_complete() {
    let mut solver = Solver::new(&n_queens(6));
    let exact = count_up_to(&mut solver, 10);
    assert_eq!((exact.solutions, exact.complete), (4, true));
    let capped = count_up_to(&mut solver, 3);
    assert_eq!((capped.solutions, capped.complete), (3, false));
    // Exactly the limit is exact: the search looked for one more.
    let at_limit = count_up_to(&mut solver, 4);
    assert_eq!((at_limit.solutions, at_limit.complete), (4, true));
    let zero = count_up_to(&mut solver, 0);
    assert_eq!((zero.solutions, zero.complete), (0, false));
}

#[test]
fn the_visitor_can_stop_the_search() {
    let mut solver = Solver::new(&n_queens(8));
    let mut seen = 0;
    let answer = search(&mut solver, |solution| {
        assert_eq!(solution.len(), 8);
        seen += 1;
        if seen == 5 {
            std::ops::ControlFlow::Break(())
        } else {
            std::ops::ControlFlow::Continue(())
        }
    });
    // Stopped by the visitor: a lower bound, and no timeout.
    assert!(!answer.count.complete && answer.status != Status::Timeout);
    assert_eq!(seen, 5);
    // The stopped search left nothing behind.
    assert_eq!(solver.count(), 92);
}

#[test]
fn a_budgeted_search_resumes_where_it_stopped() {
    let mut solver = Solver::new(&n_queens(8));
    let sliced = walk_in_slices(&mut solver, 7);
    let (solutions, pauses, calls) = (sliced.solutions.len(), sliced.pauses, sliced.calls);
    assert_eq!(solutions, 92);
    let nodes = solver.stats().nodes;
    // Every call tries at most 7 options.
    assert!(calls * 7 >= nodes, "{calls} calls for {nodes} nodes");
    assert!(pauses > 0);
    assert_eq!(solver.count(), 92);
    assert_eq!(
        solver.stats().nodes,
        nodes,
        "budgeting does not change the tree"
    );
}

#[test]
fn statistics_count_guesses_only_at_real_choices() {
    // One item with one option: a forced move, not a guess.
    let problem = parse_problem("a\na\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 1);
    assert_eq!(solver.stats().nodes, 1);
    assert_eq!(solver.stats().guesses, 0);
    // Two options for one item: both tries are guesses.
    let problem = parse_problem("a\na\na\n").unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count(), 2);
    assert_eq!(solver.stats().nodes, 2);
    assert_eq!(solver.stats().guesses, 2);
    assert_eq!(solver.stats().solutions, 2);
}

#[test]
fn entries_keep_their_colors() {
    let problem = parse_problem("p | x\np x:red\n").unwrap();
    let entry: Entry = problem.option(dance_dlx::OptionId::new(0))[1];
    assert_eq!(problem.color_name(entry.color.unwrap()), "red");
}
