//! `dance cover --best K`: the K cheapest solutions of problems with costs
//! (Knuth's DLX5's `|n`), against the costs DLX5 reports for the shipped
//! problems.

use predicates::prelude::*;

use crate::util::{bench_data, dance, stdout_of};

/// The `cost C` lines of `--best` output.
fn costs(output: &str) -> Vec<u64> {
    output
        .lines()
        .filter_map(|line| line.strip_prefix("cost "))
        .map(|cost| cost.parse().unwrap())
        .collect()
}

#[test]
fn prints_each_solution_after_its_cost_cheapest_first() {
    let problem = "a b c\na b |5\nc |1\na |1\nb c |2\nb |3\na c |1\n";
    dance(&["cover", "--best", "5", "-"])
        .write_stdin(problem)
        .assert()
        .success()
        .stdout(concat!(
            "cost 3\na |1\nb c |2\n\n",
            "cost 4\nb |3\na c |1\n\n",
            "cost 5\nc |1\na |1\nb |3\n\n",
            "cost 6\na b |5\nc |1\n\n",
        ));
}

/// DLX5 (`k10`) finds these ten cheapest costs on the shipped problems.
#[test]
fn the_ten_cheapest_costs_are_dlx5s() {
    for (file, expected) in [
        (
            "queens12_costs.dlx",
            [238, 285, 302, 309, 312, 317, 318, 328, 328, 330],
        ),
        (
            "pentominoes6x10_costs.dlx",
            [230, 241, 241, 253, 257, 263, 264, 269, 278, 283],
        ),
    ] {
        let output = stdout_of(
            dance(&["cover", "--best", "10", &bench_data(file)])
                .assert()
                .success(),
        );
        assert_eq!(costs(&output), expected, "{file}");
        let best = stdout_of(
            dance(&["cover", "--best", "1", &bench_data(file)])
                .assert()
                .success(),
        );
        assert_eq!(costs(&best), [expected[0]], "{file}");
    }
}

#[test]
fn every_thread_count_prints_the_same() {
    let file = bench_data("queens12_costs.dlx");
    let one = stdout_of(
        dance(&["cover", "--best", "10", "-j1", &file])
            .assert()
            .success(),
    );
    for threads in ["-j2", "-j4"] {
        let many = stdout_of(
            dance(&["cover", "--best", "10", threads, &file])
                .assert()
                .success(),
        );
        assert_eq!(many, one, "{threads}");
    }
}

#[test]
fn stats_count_the_branches_the_bound_cut() {
    dance(&[
        "cover",
        "--best",
        "1",
        "--stats",
        &bench_data("queens12_costs.dlx"),
    ])
    .assert()
    .success()
    .stderr(predicate::str::contains("cut by the bound: "))
    .stderr(predicate::str::contains("nodes: 3040\n"));
}

#[test]
fn a_timeout_prints_the_best_so_far_and_says_they_are_not_proven() {
    dance(&[
        "cover",
        "--best",
        "3",
        "--timeout",
        "0.01",
        &bench_data("pentominoes5x12_corner.dlx"),
    ])
    .assert()
    .code(1)
    .stderr(predicate::str::contains("not proven optimal"));
}

#[test]
fn no_solution_exits_1_and_counting_ignores_costs() {
    dance(&["cover", "--best", "2", "-"])
        .write_stdin("a b\na |4\n")
        .assert()
        .code(1)
        .stdout("");
    dance(&["cover", "-"])
        .write_stdin("a\na |4\na |1\n")
        .assert()
        .success()
        .stdout("2\n");
    dance(&["cover", "--all", "-"])
        .write_stdin("a b\na |4\nb |1 |2\n")
        .assert()
        .success()
        .stdout("a |4\nb |3\n\n");
}

#[test]
fn bad_k_is_a_usage_error() {
    for k in ["0", "-1", "x", "99999999999999999999", "1000001"] {
        dance(&["cover", &format!("--best={k}"), "-"])
            .write_stdin("a\na\n")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--best"));
    }
    dance(&["cover", "--best", "1", "--all", "-"])
        .write_stdin("a\na\n")
        .assert()
        .code(2);
}

#[test]
fn a_bad_cost_names_the_file_line_and_column() {
    dance(&["cover", "--best", "1", "-"])
        .write_stdin("a b\na |x b\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "<stdin>:2:3: expected an option cost `|n` in decimal, found `|x`",
        ));
}
