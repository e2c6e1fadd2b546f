//! Wide problems: a root with tens of thousands of options is not split into
//! a subproblem per option (each would cover the root item again, a
//! quadratic cost); `--split` itself is linear in the options it walks.

use predicates::prelude::*;

use crate::util::{dance, stdout_of};

fn one_item(options: usize) -> String {
    format!("a\n{}", "a\n".repeat(options))
}

#[test]
fn a_wide_root_is_searched_as_one_subproblem() {
    dance(&["cover", "-q", "-j2", "--stats"])
        .write_stdin(one_item(40_000))
        .assert()
        .success()
        .stdout("40000\n")
        .stderr(predicate::str::contains("solutions: 40000\n"))
        .stderr(predicate::str::contains("subproblems").not());
}

#[test]
fn many_colors_of_one_secondary_item() {
    let mut text = "a | s\n".to_owned();
    for k in 0..20_000 {
        text.push_str(&format!("a s:c{k}\n"));
    }
    for threads in ["-j1", "-j2"] {
        dance(&["cover", "-q", threads])
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout("20000\n");
    }
}

#[test]
fn split_one_level_of_a_wide_root_is_linear() {
    let stdout = stdout_of(
        dance(&["cover", "--split", "1"])
            .write_stdin(one_item(40_000))
            .assert()
            .success(),
    );
    let jobs: Vec<&str> = stdout.lines().collect();
    assert_eq!(jobs.len(), 40_000);
    assert_eq!((jobs[0], jobs[39_999]), ("1", "40000"));
}

#[test]
fn a_wide_node_below_a_narrow_root_keeps_the_split_above_it() {
    // `r` has two options; below each, `a` has 20,000: the split stops at
    // depth 1 (two subproblems) and the count is still exact and ordered.
    let text = format!("r a\nr\nr\n{}", "a\n".repeat(20_000));
    for threads in ["-j1", "-j2"] {
        dance(&["cover", "-q", threads, "--stats"])
            .write_stdin(text.clone())
            .assert()
            .success()
            .stdout("40000\n");
    }
    dance(&["cover", "-q", "-j2", "--stats"])
        .write_stdin(text.clone())
        .assert()
        .stderr(predicate::str::contains("threads: 2, subproblems: 2 "));
    let all_one = stdout_of(
        dance(&["cover", "-j1", "--limit", "3", "--all"])
            .write_stdin(text.clone())
            .assert()
            .success(),
    );
    let all_two = stdout_of(
        dance(&["cover", "-j2", "--limit", "3", "--all"])
            .write_stdin(text)
            .assert()
            .success(),
    );
    assert_eq!(all_one, all_two);
}
