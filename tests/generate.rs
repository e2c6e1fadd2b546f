//! `dance generate` end to end: what it prints is read back by `dance solve
//! --unique` and `dance rate`; the same seed gives the same bytes for any
//! -j; targets, symmetry and bad options.

use dance_sudoku::{Goal, Puzzle, Request, Solver, Status};
use predicates::prelude::*;

use crate::util::{dance, stdout_of};

/// The puzzles of `dance generate` output (comment lines skipped).
fn puzzles(output: &str) -> Vec<Puzzle> {
    output
        .lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| line.parse().unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

#[test]
fn solve_finds_every_puzzle_unique() {
    for (args, solve_args) in [
        (&["--size", "9"][..], &["solve", "--unique"][..]),
        (
            &["--size", "4", "--symmetry", "rotational"][..],
            &["solve", "--unique"][..],
        ),
        (&["--jigsaw", "--size", "7"][..], &["solve", "--unique"][..]),
        (&["-x", "--size", "6"][..], &["solve", "--unique", "-x"][..]),
    ] {
        let mut generate = vec!["generate", "-n", "4", "--seed", "5", "-q"];
        generate.extend_from_slice(args);
        let made = stdout_of(dance(&generate).assert().success());
        assert_eq!(puzzles(&made).len(), 4, "{made}");
        let solved = stdout_of(
            dance(solve_args)
                .write_stdin(made.clone())
                .assert()
                .success(),
        );
        assert_eq!(solved.lines().count(), 4);
        assert!(
            solved.lines().all(|line| line.starts_with("unique ")),
            "{solved}"
        );
    }
}

#[test]
fn output_is_the_same_for_any_thread_count() {
    let run = |threads: &str| {
        stdout_of(
            dance(&[
                "generate", "-n", "24", "--seed", "42", "--size", "6", "--jigsaw", "--rate", "-j",
                threads,
            ])
            .assert()
            .success(),
        )
    };
    let sequential = run("1");
    assert_eq!(run("2"), sequential);
    assert_eq!(run("3"), sequential);
    assert_eq!(sequential.lines().count(), 48);
    let other = stdout_of(
        dance(&[
            "generate", "-n", "24", "--seed", "43", "--size", "6", "--jigsaw", "-q",
        ])
        .assert()
        .success(),
    );
    assert_ne!(puzzles(&other), puzzles(&sequential));
}

#[test]
fn a_run_without_a_seed_tells_its_seed() {
    let assert = dance(&["generate", "--size", "4", "-n", "3"])
        .assert()
        .success();
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let seed = stderr
        .split_whitespace()
        .nth(2)
        .unwrap_or_else(|| panic!("no seed in {stderr:?}"));
    let first = stdout_of(assert);
    dance(&["generate", "--size", "4", "-n", "3", "--seed", seed])
        .assert()
        .success()
        .stdout(first)
        .stderr("");
}

#[test]
fn ratings_are_those_of_dance_rate() {
    let made = stdout_of(
        dance(&["generate", "-n", "6", "--seed", "8", "--rate", "-q"])
            .assert()
            .success(),
    );
    let comments: String = made
        .lines()
        .filter_map(|line| line.strip_prefix("# "))
        .map(|rating| format!("{rating}\n"))
        .collect();
    assert_eq!(comments.lines().count(), 6);
    dance(&["rate", "-q"])
        .write_stdin(made)
        .assert()
        .success()
        .stdout(comments);
}

#[test]
fn clue_targets_and_symmetry_hold() {
    let made = stdout_of(
        dance(&[
            "generate",
            "-n",
            "3",
            "--seed",
            "1",
            "--clues",
            "31",
            "--symmetry",
            "diagonal",
            "-q",
        ])
        .assert()
        .success(),
    );
    let mut solver = Solver::new();
    for puzzle in puzzles(&made) {
        assert_eq!(puzzle.given_count(), 31);
        let answer = solver.run(&puzzle, &Request::new(Goal::Unique));
        assert_eq!(answer.status, Status::Unique);
        for row in 0..9 {
            for col in 0..9 {
                let given = |r: usize, c: usize| puzzle.cells()[r * 9 + c].is_some();
                assert_eq!(given(row, col), given(col, row), "{puzzle}");
            }
        }
    }
}

#[test]
fn a_given_region_map_is_printed_with_every_puzzle() {
    let map = "aaabbbaaccbbacccbdeecfddeeffddeefffd";
    let made = stdout_of(
        dance(&["generate", "-n", "2", "--seed", "3", "--regions", map, "-q"])
            .assert()
            .success(),
    );
    for line in made.lines() {
        assert_eq!(line.split_whitespace().nth(1), Some(map), "{line}");
    }
}

#[test]
fn impossible_requests_fail_with_a_reason() {
    let cases: [(&[&str], &str); 5] = [
        (&["--size", "7"], "size 7 has no box shape"),
        (&["--size", "26", "--jigsaw"], "size 26 is out of range"),
        (&["--regions", "abc"], "found 3"),
        (
            &["--clues", "17", "--attempts", "2"],
            "no puzzle with 17 clues in 2 attempts",
        ),
        (
            &["--size", "4", "--clues", "7", "--symmetry", "rotational"],
            "clue counts are even",
        ),
    ];
    for (args, message) in cases {
        let mut command = vec!["generate", "--seed", "1", "-q"];
        command.extend_from_slice(args);
        dance(&command)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(message));
    }
}
