//! The memo on long strips and boards (issue 39): counts far past `2^127`
//! exact at every budget and thread count, the memo's bytes never above
//! `--memo-mb`, and `--estimate`'s error bar finite, or `inf` with the
//! estimate. The references are computed here: Fibonacci numbers for the
//! 1×n strips tiled by cells and pairs, a transfer matrix for the domino
//! boards, both in decimal big integers of their own.

use crate::util::dance;

/// A natural number in base 10¹⁸, least significant limb first.
#[derive(Clone, Debug, Default)]
struct Decimal(Vec<u64>);

const LIMB: u64 = 1_000_000_000_000_000_000;

impl Decimal {
    fn from_small(n: u64) -> Decimal {
        let mut d = Decimal::default();
        d.add(&Decimal(vec![n % LIMB, n / LIMB]));
        d
    }

    fn add(&mut self, other: &Decimal) {
        let mut carry = 0;
        for k in 0..self.0.len().max(other.0.len()) {
            if k == self.0.len() {
                self.0.push(0);
            }
            let sum = self.0[k] + other.0.get(k).copied().unwrap_or(0) + carry;
            self.0[k] = sum % LIMB;
            carry = sum / LIMB;
        }
        if carry > 0 {
            self.0.push(carry);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.0.is_empty()
    }
}

impl std::fmt::Display for Decimal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0.split_last() {
            None => write!(f, "0"),
            Some((top, rest)) => {
                write!(f, "{top}")?;
                rest.iter()
                    .rev()
                    .try_for_each(|limb| write!(f, "{limb:018}"))
            }
        }
    }
}

/// The tilings of a 1×`n` strip by cells and pairs: F(n+1), F(1) = F(2) = 1.
fn strip_tilings(n: usize) -> String {
    let (mut a, mut b) = (Decimal::from_small(1), Decimal::from_small(1));
    for _ in 1..n {
        let next = {
            let mut sum = a.clone();
            sum.add(&b);
            sum
        };
        a = std::mem::replace(&mut b, next);
    }
    b.to_string()
}

/// The domino tilings of `rows` × `cols`: a transfer matrix over the
/// columns, the state the rows of the next column already covered.
fn domino_tilings(rows: usize, cols: usize) -> String {
    let full = 1usize << rows;
    let mut ways = vec![Decimal::default(); full];
    ways[0] = Decimal::from_small(1);
    for _ in 0..cols {
        let mut next = vec![Decimal::default(); full];
        for (covered, count) in ways.iter().enumerate() {
            if count.is_zero() {
                continue;
            }
            // Fill the column row by row: a cell covered already, a
            // horizontal domino into the next column, or a vertical one.
            let mut fills = vec![(0usize, 0usize)];
            while let Some((row, into_next)) = fills.pop() {
                if row == rows {
                    next[into_next].add(count);
                    continue;
                }
                if covered >> row & 1 == 1 {
                    fills.push((row + 1, into_next));
                    continue;
                }
                fills.push((row + 1, into_next | 1 << row));
                if row + 1 < rows && covered >> (row + 1) & 1 == 0 {
                    fills.push((row + 2, into_next));
                }
            }
        }
        ways = next;
    }
    ways[0].to_string()
}

/// A 1×`n` strip tiled by cells and pairs, in the DLX format.
fn strip(n: usize) -> String {
    dance_dlx::problems::strip(n).to_string()
}

/// The domino tilings of `rows` × `cols`, cells declared row by row
/// (benches/strips.sh writes the same).
fn dominoes(rows: usize, cols: usize) -> String {
    let cell = |r: usize, c: usize| format!("r{r}c{c}");
    let mut text = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| cell(r, c)))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for r in 0..rows {
        for c in 0..cols.saturating_sub(1) {
            text.push_str(&format!("{} {}\n", cell(r, c), cell(r, c + 1)));
        }
    }
    for r in 0..rows.saturating_sub(1) {
        for c in 0..cols {
            text.push_str(&format!("{} {}\n", cell(r, c), cell(r + 1, c)));
        }
    }
    text
}

/// Counts `problem` with `--memo --stats` at `--memo-mb budget` (the
/// default when `None`) on `threads` threads, and checks the count and that
/// the memo's bytes stayed within the budget; the search nodes.
fn count_within_budget(problem: &str, expected: &str, budget: Option<u64>, threads: u32) -> u64 {
    let mb = budget.map(|mb| mb.to_string());
    let threads = threads.to_string();
    let mut args = vec!["cover", "--memo", "--stats", "-j", &threads];
    if let Some(mb) = &mb {
        args.extend(["--memo-mb", mb]);
    }
    let output = dance(&args)
        .write_stdin(problem.to_owned())
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let case = format!("--memo-mb {mb:?} -j{threads}");
    assert!(output.status.success(), "{case}: {stderr}");
    assert_eq!(stdout.trim_end(), expected, "{case}");
    let bytes: u64 = stderr
        .lines()
        .find_map(|line| line.strip_prefix("bytes: "))
        .unwrap_or_else(|| panic!("{case}: no bytes in {stderr}"))
        .parse()
        .unwrap();
    let limit = budget.unwrap_or(1024) << 20;
    assert!(bytes <= limit, "{case}: {bytes} bytes above {limit}");
    assert!(bytes > 0, "{case}");
    stderr
        .lines()
        .find_map(|line| line.strip_prefix("nodes: "))
        .unwrap_or_else(|| panic!("{case}: no nodes in {stderr}"))
        .parse()
        .unwrap()
}

#[test]
fn the_references_are_right() {
    assert_eq!(strip_tilings(1), "1");
    assert_eq!(strip_tilings(10), "89");
    // F(101), and past one limb.
    assert_eq!(strip_tilings(100), "573147844013817084101");
    assert_eq!(domino_tilings(8, 8), "12988816");
    assert_eq!(domino_tilings(2, 3), "3");
    assert_eq!(domino_tilings(3, 3), "0");
    assert_eq!(domino_tilings(8, 20), "3547073578562247994");
}

/// The transfer matrix over a board's long side (2^20 states) counts what
/// it counts over the short one.
#[test]
#[ignore = "slow: a million states of big numbers, 20 s in a debug build; run in release"]
fn the_reference_counts_a_board_and_its_transpose_alike() {
    assert_eq!(domino_tilings(20, 8), domino_tilings(8, 20));
}

/// Counts past `2^127` kept by the shared memo as by the one-thread one: the
/// 1×3000 strip (F(3001), 627 digits) at every budget and thread count.
#[test]
fn strips_count_exactly_within_every_budget() {
    for n in [1000, 3000] {
        let (problem, expected) = (strip(n), strip_tilings(n));
        for budget in [Some(4), Some(16), Some(100), None] {
            for threads in [1, 2, 4] {
                count_within_budget(&problem, &expected, budget, threads);
            }
        }
    }
}

/// Budgets that the big counts fill: the memo then frees old big counts for
/// new ones, whatever they cost (the search only comes back to states near
/// its frontier). At 1 and 2 MiB the 1×4000 strip's counts (up to 836
/// digits) fill the budget; two threads thrashed there (stopped at 5 s in
/// release: a budget full of costly big counts refused every new one).
#[test]
fn strips_count_exactly_when_big_counts_fill_the_budget() {
    let (problem, expected) = (strip(4000), strip_tilings(4000));
    for budget in [1, 2] {
        for threads in [1, 2, 4] {
            count_within_budget(&problem, &expected, Some(budget), threads);
        }
    }
}

/// Boards of 8 rows, declared along their long side, whose counts pass
/// `2^127` (8×60: 56 digits), at every budget and thread count.
#[test]
fn boards_count_exactly_within_every_budget() {
    let (problem, expected) = (dominoes(8, 60), domino_tilings(8, 60));
    for budget in [Some(4), Some(16), Some(100), None] {
        for threads in [1, 2, 4] {
            count_within_budget(&problem, &expected, budget, threads);
        }
    }
}

/// The board of 8 rows of 160 cells, declared along its long side, which
/// the memo sweeps from a corner of its own: the threads' subproblems are
/// cut in the memo's order, so that they meet the same states. Cut along
/// the first row, each of the 128 subproblems met states of its own: 9.1 M
/// nodes against 71 k on one thread, and a stall at 12 MiB. The bound here
/// is loose (threads racing on a shared machine may count a state twice,
/// more so in a debug build); benches/memo.sh strips measures the CPU.
#[test]
fn a_board_along_its_long_side_shares_the_memo_between_threads() {
    let (problem, expected) = (dominoes(8, 160), domino_tilings(8, 160));
    for budget in [Some(12), None] {
        let one = count_within_budget(&problem, &expected, budget, 1);
        let nodes = count_within_budget(&problem, &expected, budget, 2);
        assert!(
            nodes <= 10 * one,
            "--memo-mb {budget:?} -j2: {nodes} nodes against {one} on one thread"
        );
    }
}

/// The 1×20,000 strip and the 8×160 board, declared along either side, at
/// every budget and thread count: a budget full of costly big counts must
/// not refuse every new one, so the memo frees old big counts for new
/// ones, whatever they cost.
#[test]
#[ignore = "slow: 1×20,000 strips and 8×160 boards at every budget and thread count, about 30 s in release"]
fn long_strips_and_boards_count_exactly_within_every_budget() {
    let (problem, expected) = (strip(20_000), strip_tilings(20_000));
    for budget in [Some(4), Some(8), Some(16), Some(100), None] {
        for threads in [1, 2, 4] {
            count_within_budget(&problem, &expected, budget, threads);
        }
    }
    let expected = domino_tilings(8, 160);
    for problem in [dominoes(8, 160), dominoes(160, 8)] {
        for budget in [Some(4), Some(12), Some(16), Some(100), None] {
            for threads in [1, 2, 4] {
                count_within_budget(&problem, &expected, budget, threads);
            }
        }
    }
}

#[test]
#[ignore = "slow: the 1×100,000 strip at the default budget, about 40 s in release"]
fn the_longest_strip_counts_exactly_on_one_thread_and_two() {
    let (problem, expected) = (strip(100_000), strip_tilings(100_000));
    for threads in [1, 2] {
        count_within_budget(&problem, &expected, None, threads);
    }
}

/// The sum of the probes' squares overflows on the 1×1000 strip: the error
/// bar stays finite (it printed `± 0`).
#[test]
fn estimates_of_huge_trees_print_a_finite_error() {
    let output = dance(&["cover", "--estimate", "--probes", "20"])
        .write_stdin(strip(1000))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let first = stdout.lines().next().unwrap();
    let error: f64 = first
        .split("(± ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(error.is_finite() && error > 1e200, "{stdout}");
}

/// Past an `f64`, the estimate and its error both say `inf`.
#[test]
#[ignore = "slow: 20 probes of 20,000 levels, about 5 s in release"]
fn estimates_past_an_f64_print_inf_for_both() {
    let output = dance(&["cover", "--estimate", "--probes", "20"])
        .write_stdin(strip(20_000))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("nodes: inf (± inf standard error, 20 probes)\nsolutions: inf"),
        "{stdout}"
    );
}
