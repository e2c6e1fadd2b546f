//! `dance solve` end to end: formats, modes, errors in the middle of a batch,
//! order across thread counts, JSON, exit codes and closed pipes.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use dance_sudoku::Puzzle;
use predicates::prelude::*;
use serde::Deserialize;

use crate::util::{NORVIG, NORVIG_SOLVED};
use crate::util::{dance, data, stdout_of};

/// Checks `solution` (line format) against `puzzle` with the library.
fn assert_solves(puzzle: &str, solution: &str) {
    let puzzle: Puzzle = puzzle.parse().unwrap();
    let grid: Puzzle = solution.parse().unwrap();
    dance_sudoku::verify(&puzzle, &grid.to_grid().unwrap()).unwrap();
}

#[test]
fn solves_one_puzzle_from_stdin() {
    assert_solves(NORVIG, NORVIG_SOLVED);
    for args in [&["solve"][..], &["solve", "-"][..]] {
        dance(args)
            .write_stdin(format!("{NORVIG}\n"))
            .assert()
            .success()
            .stdout(format!("{NORVIG_SOLVED}\n"));
    }
}

#[test]
fn bad_records_are_flagged_in_place_and_the_batch_goes_on() {
    let file = data("mixed.txt");
    let output = dance(&["solve", "-j2", &file]).assert().code(1);
    let stdout = String::from_utf8(output.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 6, "one answer per record: {stdout}");
    assert_eq!(lines[0], NORVIG_SOLVED);
    assert_eq!(lines[1], "error");
    assert_eq!(lines[2], "none", "clashing givens have no solution");
    assert_eq!(lines[3], "error");
    assert_solves(&".".repeat(81), lines[4]);
    assert_solves(
        ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
        lines[5],
    );
    let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
    assert_eq!(
        stderr,
        format!(
            "{file}:4:12: expected N*N cells for a size N from 1 to 25 (e.g. 81 for 9x9, 256 for 16x16), found 11\n\
             {file}:7:38: 'x' is not a digit of size 9; expected a digit 1-9 or a blank ('.', '_', '*' or '0')\n"
        )
    );
}

#[test]
fn unique_prints_the_verdict_of_each_record() {
    dance(&["solve", "--unique", &data("mixed.txt")])
        .assert()
        .code(1)
        .stdout(format!(
            "unique {NORVIG_SOLVED}\nerror\nnone\nerror\nmultiple\nmultiple\n"
        ));
    dance(&["solve", "--unique"])
        .write_stdin(format!("{NORVIG}\n"))
        .assert()
        .success();
}

#[test]
fn count_marks_counts_stopped_by_the_limit() {
    dance(&["solve", "--count", "--limit", "5", &data("mixed.txt")])
        .assert()
        .code(1)
        .stdout("1\nerror\n0\nerror\n5+\n2\n");
}

#[test]
fn the_seed_jigsaw_cases_get_the_seed_verdicts() {
    // Checked by brute force over all 3x3 Latin squares.
    dance(&["solve", "--unique", &data("jigsaw3.txt")])
        .assert()
        .code(1)
        .stdout("unique 321132213 aababbccc\nmultiple\nnone\nnone\n");
}

#[test]
fn x_sudoku_needs_the_flag() {
    let file = data("x.txt");
    dance(&["solve", "--unique", "-x", &file])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("unique "));
    dance(&["solve", "--count", &file])
        .assert()
        .success()
        .stdout("37\n");
}

#[test]
fn poj_in_poj_out() {
    dance(&["solve", "--format", "poj", &data("poj.txt")])
        .assert()
        .success()
        .stdout(
            "143628579\n572139468\n986754231\n391542786\n468917352\n725863914\n237481695\n619275843\n854396127\n",
        );
}

#[test]
fn grid_in_grid_out_and_line_out() {
    let file = data("grid.txt");
    let grid = stdout_of(dance(&["solve", &file]).assert().success());
    assert_eq!(grid.lines().next(), Some("4 1 7 |3 6 9 |8 2 5"));
    assert_eq!(grid.lines().count(), 12, "9 rows, 2 rules, a blank line");
    dance(&["solve", "--output", "line", &file])
        .assert()
        .success()
        .stdout(format!("{NORVIG_SOLVED}\n"));
}

/// The JSON Lines record, as a typed struct.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Record {
    record: u64,
    file: String,
    line: usize,
    input: String,
    status: String,
    solution: Option<String>,
    count: Option<u64>,
    complete: Option<bool>,
    nodes: u64,
    guesses: u64,
    engine: Option<String>,
    micros: f64,
    error: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Summary {
    summary: Totals,
}

#[derive(Debug, Deserialize)]
struct Totals {
    records: u64,
    solved: u64,
    unique: u64,
    multiple: u64,
    none: u64,
    error: u64,
    micros_p50: u64,
    nodes_per_puzzle: f64,
}

#[test]
fn json_lines_parse_into_typed_records() {
    let file = data("mixed.txt");
    let stdout = stdout_of(
        dance(&["solve", "--output", "json", "--unique", &file])
            .assert()
            .code(1),
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 7, "six records and a summary");
    let records: Vec<Record> = lines[..6]
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let statuses: Vec<&str> = records.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(
        statuses,
        ["unique", "error", "none", "error", "multiple", "multiple"]
    );
    let first = &records[0];
    assert_eq!(
        (first.record, first.line, first.file.as_str()),
        (1, 3, file.as_str())
    );
    assert_eq!(first.input, NORVIG);
    assert_eq!(first.solution.as_deref(), Some(NORVIG_SOLVED));
    // The fast engine's deductions solve Norvig's hardest without a guess.
    assert!(first.nodes > 0 && first.micros > 0.0);
    assert_eq!(first.guesses, 0);
    assert_eq!(first.engine.as_deref(), Some("deductions"));
    assert_eq!(
        (first.count, first.complete, &first.error),
        (None, None, &None)
    );
    let bad = &records[1];
    assert_eq!(bad.line, 4);
    assert_eq!((bad.nodes, &bad.engine), (0, &None));
    assert!(
        bad.error
            .as_deref()
            .unwrap()
            .starts_with("4:12: expected N*N cells")
    );
    let summary: Summary = serde_json::from_str(lines[6]).unwrap();
    let totals = summary.summary;
    assert_eq!(
        (
            totals.records,
            totals.solved,
            totals.unique,
            totals.multiple,
            totals.none,
            totals.error
        ),
        (6, 0, 1, 2, 1, 2)
    );
    assert!(totals.nodes_per_puzzle > 0.0 && totals.micros_p50 < 1_000_000);

    let counted = stdout_of(
        dance(&[
            "solve", "--output", "json", "--count", "--limit", "5", &file,
        ])
        .assert()
        .code(1),
    );
    let empty: Record = serde_json::from_str(counted.lines().nth(4).unwrap()).unwrap();
    assert_eq!((empty.count, empty.complete), (Some(5), Some(false)));
}

/// Two copies of top1465: 2930 hard puzzles.
fn many_puzzles() -> String {
    let top = std::fs::read_to_string(crate::util::bench_data("top1465.txt")).unwrap();
    top.repeat(2)
}

#[test]
fn output_is_identical_whatever_the_thread_count() {
    let input = many_puzzles();
    let sequential = stdout_of(
        dance(&["solve", "-j1"])
            .write_stdin(input.clone())
            .assert()
            .success(),
    );
    assert_eq!(sequential.lines().count(), 2930);
    for threads in ["2", "4"] {
        let parallel = stdout_of(
            dance(&["solve", "-j", threads])
                .write_stdin(input.clone())
                .assert()
                .success(),
        );
        assert!(parallel == sequential, "-j{threads} differs from -j1");
    }
}

#[test]
fn a_closed_stdout_pipe_ends_quietly() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("dance"))
        .args([
            "solve",
            "-j2",
            &crate::util::bench_data("top1465.txt"),
            &crate::util::bench_data("top1465.txt"),
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    // The reader is dropped here: the pipe closes while dance still writes.
    let output = child.wait_with_output().unwrap();
    assert_eq!(first.trim_end().len(), 81);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}

#[test]
fn exit_codes() {
    dance(&["solve"])
        .write_stdin(format!("{NORVIG}\n"))
        .assert()
        .code(0);
    dance(&["solve"])
        .write_stdin(format!("11{}\n", ".".repeat(79)))
        .assert()
        .code(1)
        .stdout("none\n");
    dance(&["solve", "no/such/file.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dance: cannot open no/such/file.txt",
        ));
    dance(&["solve", "--limit", "3"]).assert().code(2);
    dance(&["solve", "--unique", "--count"]).assert().code(2);
}

#[test]
fn stats_summarise_the_run_on_stderr() {
    dance(&["solve", "--stats", &data("mixed.txt")])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "records: 6 (solved 3, none 1, error 2)",
        ))
        .stderr(predicate::str::contains("per puzzle:"));
}

#[test]
fn an_empty_input_has_nothing_to_do() {
    dance(&["solve"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("");
}
