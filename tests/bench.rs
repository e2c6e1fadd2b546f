//! `dance bench`: the race table.

use predicates::prelude::*;

use crate::util::{dance, data, stdout_of};

#[test]
fn races_both_solvers_on_a_small_set() {
    let stdout = stdout_of(
        dance(&["bench", "--mode", "unique", &data("easy3.txt")])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "3 puzzles, uniqueness (count to 2), one thread",
            ))
            .stdout(predicate::str::contains("dfs/dlx:"))
            .stdout(predicate::str::contains("(0 puzzles hit the 5s cap)")),
    );
    let solved: Vec<&str> = stdout
        .lines()
        .map(str::trim_start)
        .filter(|line| line.starts_with("dlx ") || line.starts_with("dfs "))
        .map(|line| line.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(solved, ["3", "3"], "{stdout}");
}

#[test]
fn a_bad_record_is_reported_and_the_rest_raced() {
    dance(&["bench", &data("mixed.txt")])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("dfs/dlx:"))
        .stderr(predicate::str::contains(
            "mixed.txt:4:12: expected N*N cells",
        ));
}

#[test]
fn a_tiny_dfs_cap_counts_timeouts_instead_of_hanging() {
    dance(&["bench", "--dfs-timeout", "0.000001", &data("grid.txt")])
        .assert()
        .success()
        .stdout(predicate::str::contains("dfs/dlx: at least"))
        .stdout(predicate::str::contains("(1 puzzles hit the 1µs cap)"));
}
