//! Counting with the memo of subproblems: the same counts as the plain search
//! on every problem of the suite, domino tilings against an independent
//! transfer-matrix count, counts past `u128`, and the memory budget.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use dance_dlx::problems::{
    PieceSet, PieceUse, domino_tilings, domino_tilings_by_rows, langford, n_queens, pentominoes,
    polyomino_tilings, rooks,
};
use dance_dlx::{
    BigCount, Goal, OptionId, Problem, Progress, Request, Solver, Status, Stop, parse_problem,
};
use num_bigint::BigUint;

use crate::util::{
    first, memo_answer, memo_count as memo_count_of, memo_count_within, memo_findings, on, seeded,
    split, split_into_parts,
};

/// The memo's count of `problem`, with a fresh memo of `max_bytes`.
fn memo_count(problem: &Problem, max_bytes: usize) -> BigCount {
    memo_count_within(&mut Solver::new(problem), max_bytes)
}

/// Problems with primary items only, secondary items, and colors.
fn suite() -> Vec<(&'static str, Problem)> {
    let colored = "p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n";
    let toy = "a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n";
    // Colors that many options share, so that purified items matter.
    let paint = "a b c d | x y z\na x:R\na x:G y:R\nb x:R z:G\nb y:G\nc x:G z:G\nc y:R z:R\n\
                 d x:R\nd z:G\nd x:G y:R\nb c x:R\na d z:R\n";
    let mut suite = vec![
        ("toy", parse_problem(toy).unwrap()),
        ("colored", parse_problem(colored).unwrap()),
        ("paint", parse_problem(paint).unwrap()),
        ("pentominoes 3x20", pentominoes(3, 20)),
        (
            "pentominoes at most once 5x5",
            polyomino_tilings(5, 5, PieceSet::Pentominoes, PieceUse::AtMostOnce),
        ),
        (
            "tetrominoes 4x6",
            polyomino_tilings(4, 6, PieceSet::Tetrominoes, PieceUse::Unlimited),
        ),
        (
            "trominoes 6x6",
            polyomino_tilings(6, 6, PieceSet::Trominoes, PieceUse::Unlimited),
        ),
        (
            "tetrominoes once 4x5",
            polyomino_tilings(4, 5, PieceSet::Tetrominoes, PieceUse::ExactlyOnce),
        ),
        ("dominoes 6x6", domino_tilings(6, 6)),
    ];
    for n in 1..=9 {
        suite.push(("queens", n_queens(n)));
    }
    for n in 1..=8 {
        suite.push(("langford", langford(n)));
    }
    suite
}

#[test]
fn memo_counts_equal_plain_counts_on_the_suite() {
    for (name, problem) in suite() {
        let plain = Solver::new(&problem).count();
        assert_eq!(memo_count(&problem, 1 << 24), u128::from(plain), "{name}");
        // A budget of a few entries evicts all the time and stays exact.
        assert_eq!(memo_count(&problem, 300), u128::from(plain), "{name}, tiny");
        let mut shuffled = seeded(&problem, 3);
        assert_eq!(
            memo_count_of(&mut shuffled),
            u128::from(plain),
            "{name}, shuffled"
        );
    }
}

#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn memo_counts_the_larger_problems_of_the_suite() {
    for (problem, count) in [
        (pentominoes(6, 10), 9356),
        (n_queens(12), 14200),
        (langford(11), 35584),
    ] {
        assert_eq!(memo_count_of(&mut Solver::new(&problem)), count);
    }
}

/// The memo counts the subproblems of a split search: their counts, with
/// the options selected, add up to the whole, and each equals the plain
/// count.
#[test]
fn the_memo_counts_selections() {
    for problem in [n_queens(7), domino_tilings(5, 6), pentominoes(3, 20)] {
        let mut solver = Solver::new(&problem);
        let total = solver.count();
        let mut sum = 0u128;
        for subproblem in split(&mut solver, 2) {
            for &option in &subproblem {
                solver.select(option).unwrap();
            }
            let plain = solver.count();
            let counted = memo_count_within(&mut solver, 1 << 22);
            assert_eq!(counted, u128::from(plain), "{subproblem:?}");
            assert_eq!(solver.selected().collect::<Vec<_>>(), subproblem);
            sum += counted.to_u128().unwrap();
            solver.reset();
        }
        assert_eq!(sum, u128::from(total));
        assert_eq!(memo_count_within(&mut solver, 1 << 22), u128::from(total));
    }
}

#[test]
fn colored_selections_are_part_of_the_key() {
    // After selecting `p x:A`, only options agreeing on x's color remain.
    let text = "p q r | x\np x:A\np x:B\nq x:A\nq x:B\nr x:A\nr\n";
    let problem = parse_problem(text).unwrap();
    let mut solver = Solver::new(&problem);
    for option in 0..problem.option_count() as u32 {
        if solver.select(OptionId::new(option)).is_err() {
            continue;
        }
        let plain = solver.count();
        assert_eq!(memo_count_within(&mut solver, 1 << 20), u128::from(plain));
        solver.reset();
    }
    let plain = solver.count();
    assert_eq!(memo_count_within(&mut solver, 1 << 20), u128::from(plain));
}

#[test]
fn problems_with_multiplicities_count_as_the_plain_search() {
    for (n, k) in [(3, 2), (4, 2), (5, 2), (6, 2), (5, 3), (6, 3)] {
        let problem = rooks(n, k);
        let plain = Solver::new(&problem).count();
        assert_eq!(
            memo_count(&problem, 1 << 20),
            u128::from(plain),
            "rooks({n}, {k})"
        );
        // A budget too small to store anything counts like the plain search.
        assert_eq!(
            memo_count(&problem, 0),
            u128::from(plain),
            "rooks({n}, {k})"
        );
    }
    // With colors and secondary items, and bounds that let items go
    // uncovered: the plain count is the reference.
    let text = "0:2|a 1:2|b 2|c | x y\na b x:1\nb c x:2\na c y\nc\nb y:1\na x:1 y\nc x:1\n";
    let problem = parse_problem(text).unwrap();
    let plain = Solver::new(&problem).count();
    assert!(plain > 0);
    assert_eq!(memo_count(&problem, 1 << 20), u128::from(plain));
}

#[test]
fn the_bounds_are_part_of_the_problem() {
    // The same options with other bounds: another problem, another count.
    let mut one = Solver::new(&parse_problem("1:2|a b\na\na b\nb\n").unwrap());
    let mut two = Solver::new(&parse_problem("2|a b\na\na b\nb\n").unwrap());
    assert_eq!(memo_count_within(&mut one, 1 << 20), 3);
    assert_eq!(memo_count_of(&mut two), 1);
}

/// The shared memo does not take Algorithm M's states: on threads, a
/// problem with multiplicities is counted on one thread, as the plain
/// search counts it.
#[test]
fn multiplicities_count_on_threads_as_on_one() {
    for (n, k) in [(3, 2), (4, 2)] {
        let mut solver = Solver::new(&rooks(n, k));
        let plain = solver.count();
        let answer = memo_answer(&mut solver, 1 << 20, 2);
        let (count, _) = memo_findings(&answer);
        assert!(count.complete);
        assert_eq!(count.solutions, u128::from(plain), "rooks({n}, {k})");
        assert_eq!(answer.count.solutions, plain);
    }
}

#[test]
fn a_stopped_count_is_a_lower_bound_and_leaves_the_links_as_they_were() {
    let problem = n_queens(12);
    let mut solver = Solver::new(&problem);
    // The flag is raised once the progress reports the first look's work:
    // the count stops at a later look.
    let flag = Arc::new(AtomicBool::new(false));
    let stop = Stop::when(flag.clone());
    let request = Request::new(Goal::MemoCount { memory: 1 << 22 }).with_stop(stop);
    let progress = Progress::new();
    let done = AtomicBool::new(false);
    let stopped = std::thread::scope(|scope| {
        scope.spawn(|| {
            while progress.nodes() == 0 && !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_micros(100));
            }
            flag.store(true, Ordering::Relaxed);
        });
        let answer = on(1).with_progress(&progress).run(&mut solver, &request);
        done.store(true, Ordering::Relaxed);
        answer
    });
    let (count, stats) = memo_findings(&stopped);
    assert!(stats.search.nodes > 0);
    assert_eq!(stopped.status, Status::Timeout);
    assert!(!count.complete);
    assert!(count.solutions.to_u128().unwrap() < 14200);
    assert_eq!(solver.count(), 14200);
    flag.store(false, Ordering::Relaxed);
    let (full, _) = memo_findings(&solver.run(&request));
    assert_eq!(full.solutions, 14200);
    let past =
        Request::new(Goal::MemoCount { memory: 1 << 22 }).with_stop(Stop::at(Instant::now()));
    let (past, _) = memo_findings(&solver.run(&past));
    assert!(!past.complete);
}

#[test]
fn statistics_count_the_work_and_the_memory() {
    let problem = domino_tilings(8, 8);
    let mut solver = Solver::new(&problem);
    let budget = 1 << 20;
    let (count, stats) = memo_findings(&memo_answer(&mut solver, budget, 1));
    assert_eq!(count.solutions, 12_988_816);
    assert!(
        stats.search.nodes > 0 && stats.search.nodes < 10_000,
        "{stats:?}"
    );
    assert!(stats.hits > 0 && stats.misses > 0 && stats.entries > 0);
    assert!(stats.search.updates > 0);
    assert!(stats.bytes as usize <= budget + 64 * 1024, "{stats:?}");
    // The count is the solver's own driver in the memo's mode: its walk is
    // the memo's.
    assert_eq!(solver.stats().nodes, stats.search.nodes);
    assert_eq!(
        solver.stats().solutions,
        0,
        "solutions are counted, not visited"
    );
}

/// Domino tilings of `rows`×`cols` by a transfer matrix over the columns of
/// the board's shorter side: a state is the set of cells of the next column
/// that horizontal dominoes from this one already fill.
fn transfer_matrix_dominoes(rows: usize, cols: usize) -> BigUint {
    let (height, width) = if rows <= cols {
        (rows, cols)
    } else {
        (cols, rows)
    };
    if height == 0 {
        return BigUint::from(1u32);
    }
    let mut ways = vec![BigUint::from(0u32); 1 << height];
    ways[0] = BigUint::from(1u32);
    for _ in 0..width {
        let mut next = vec![BigUint::from(0u32); 1 << height];
        for (filled, count) in ways.iter().enumerate() {
            if *count != BigUint::from(0u32) {
                fill_column(height, 0, filled, 0, count, &mut next);
            }
        }
        ways = next;
    }
    ways.swap_remove(0)
}

/// Fills the column from `row` on, given the cells `filled` already, adding
/// `count` to `next[sticking]` for every way (horizontal dominoes stick into
/// the next column).
fn fill_column(
    height: usize,
    row: usize,
    filled: usize,
    sticking: usize,
    count: &BigUint,
    next: &mut [BigUint],
) {
    if row == height {
        next[sticking] += count;
        return;
    }
    if filled & (1 << row) != 0 {
        return fill_column(height, row + 1, filled, sticking, count, next);
    }
    fill_column(height, row + 1, filled, sticking | 1 << row, count, next);
    if row + 1 < height && filled & (1 << (row + 1)) == 0 {
        fill_column(height, row + 2, filled, sticking, count, next);
    }
}

#[test]
fn the_transfer_matrix_knows_the_published_counts() {
    assert_eq!(transfer_matrix_dominoes(8, 8), BigUint::from(12_988_816u32));
    assert_eq!(
        transfer_matrix_dominoes(12, 12),
        BigUint::from(53_060_477_521_960_000u64)
    );
    assert_eq!(transfer_matrix_dominoes(3, 4), BigUint::from(11u32));
    assert_eq!(transfer_matrix_dominoes(3, 3), BigUint::from(0u32));
}

#[test]
fn domino_tilings_agree_with_the_transfer_matrix() {
    for rows in 0..=8 {
        for cols in 0..=8 {
            let expected = transfer_matrix_dominoes(rows, cols);
            let counted = memo_count(&domino_tilings(rows, cols), 1 << 24);
            assert_eq!(counted.to_biguint(), expected, "{rows}x{cols}");
        }
    }
    for (rows, cols) in [(10, 10), (12, 12), (6, 14), (3, 20)] {
        let counted = memo_count(&domino_tilings(rows, cols), 1 << 26);
        assert_eq!(
            counted.to_biguint(),
            transfer_matrix_dominoes(rows, cols),
            "{rows}x{cols}"
        );
    }
}

/// Boards listed row by row along their long side, which the memo counts
/// in an order of its own (a diagonal sweep), agree too.
#[test]
fn boards_listed_along_their_long_side_agree_with_the_transfer_matrix() {
    for (rows, cols) in [(2, 9), (3, 20), (4, 13), (5, 16), (6, 24), (7, 8)] {
        let counted = memo_count(&domino_tilings_by_rows(rows, cols), 1 << 24);
        assert_eq!(
            counted.to_biguint(),
            transfer_matrix_dominoes(rows, cols),
            "{rows}x{cols}"
        );
    }
}

/// A memo counting in an order of its own relinks the items in that order
/// and back around every count, also when options are selected: counts
/// with selections equal the plain search's, and the links come back.
#[test]
fn a_reordered_count_with_selections_equals_the_plain_count() {
    let problem = domino_tilings_by_rows(3, 12);
    let mut solver = Solver::new(&problem);
    let first = first(&mut solver).unwrap();
    for &option in &first[..4] {
        solver.select(option).unwrap();
        let plain = solver.count();
        assert_eq!(memo_count_within(&mut solver, 1 << 20), u128::from(plain));
    }
    solver.reset();
    assert_eq!(solver.count(), 2131);
    assert_eq!(memo_count_within(&mut solver, 1 << 20), 2131);
}

#[test]
#[ignore = "slow in debug builds; run with --release -- --ignored"]
fn domino_tilings_up_to_16x16_agree_with_the_transfer_matrix() {
    for (rows, cols) in [(14, 14), (13, 16), (15, 16), (16, 16)] {
        let counted = memo_count_of(&mut Solver::new(&domino_tilings(rows, cols)));
        assert_eq!(
            counted.to_biguint(),
            transfer_matrix_dominoes(rows, cols),
            "{rows}x{cols}"
        );
    }
    assert_eq!(
        transfer_matrix_dominoes(14, 14).to_string(),
        "112202208776036178000000"
    );
}

/// The tilings of a 2×n strip are the Fibonacci numbers, far past `u128`.
#[test]
fn counts_past_u128_are_exact() {
    let n = 250;
    let (mut a, mut b) = (BigUint::from(1u32), BigUint::from(1u32));
    for _ in 0..n {
        let c = &a + &b;
        a = std::mem::replace(&mut b, c);
    }
    // a = F(n + 1) with F(1) = F(2) = 1.
    let started = std::time::Instant::now();
    let counted = memo_count(&domino_tilings(2, n), 1 << 24);
    eprintln!("2x{n}: {:?}", started.elapsed());
    assert_eq!(counted.to_u128(), None);
    assert_eq!(counted.to_biguint(), a);
    assert_eq!(counted.to_biguint(), transfer_matrix_dominoes(2, n));
    let wide = memo_count(&domino_tilings(5, 120), 1 << 26);
    assert_eq!(wide.to_biguint(), transfer_matrix_dominoes(5, 120));
    assert!(wide.to_u128().is_none());
}

/// The memo's counts of `parts`, each with its options selected and a
/// memo of its own, added up, and the nodes they tried.
fn count_parts(solver: &mut Solver, parts: &[Vec<OptionId>]) -> (BigCount, u64) {
    let mut total = BigCount::ZERO;
    let mut nodes = 0;
    for part in parts {
        for &option in part {
            solver.select(option).unwrap();
        }
        let (count, stats) = memo_findings(&memo_answer(solver, 1 << 26, 1));
        assert!(count.complete);
        total += &count.solutions;
        nodes += stats.search.nodes;
        while solver.selected().count() > 0 {
            solver.unselect();
        }
    }
    (total, nodes)
}

/// A board listed along its long side is swept by the memo from a corner
/// of its own choosing: the memo's count on threads cuts the tree in the
/// memo's order, so that its parts, sharing one memo, meet the states one
/// count meets and cost about its nodes, while subproblems cut in the
/// links' order ([`Cut::Parts`](dance_dlx::Cut::Parts)) fix cells that the
/// memo covers last, so that each is a count of its own.
#[test]
fn subproblems_cut_in_the_memos_order_share_its_states() {
    let problem = domino_tilings_by_rows(6, 60);
    let expected = transfer_matrix_dominoes(6, 60);
    let mut solver = Solver::new(&problem);
    let (whole, stats) = memo_findings(&memo_answer(&mut solver, 1 << 26, 1));
    assert_eq!(whole.solutions.to_biguint(), expected);
    let one_count = stats.search.nodes;

    let progress = Progress::new();
    let request = Request::new(Goal::MemoCount { memory: 1 << 26 });
    let answer = on(2).with_progress(&progress).run(&mut solver, &request);
    assert!(progress.parts() >= 128, "{} parts", progress.parts());
    let (count, stats) = memo_findings(&answer);
    assert_eq!(count.solutions.to_biguint(), expected);
    let in_memo_order = stats.search.nodes;
    assert!(
        in_memo_order * 2 <= one_count * 3,
        "{in_memo_order} nodes against {one_count}"
    );

    let parts = split_into_parts(&mut solver, 128);
    let (total, in_links_order) = count_parts(&mut solver, &parts);
    assert_eq!(total.to_biguint(), expected);
    assert!(
        in_links_order > 4 * one_count,
        "{in_links_order} nodes against {one_count}"
    );
}
