//! CSV datasets end to end: the three shipped layouts, column choice,
//! located errors, and CSV output that keeps its shape (one header, unique
//! names, rows as wide as the header, the header never a record).

use predicates::prelude::*;

use crate::util::{NORVIG, NORVIG_SOLVED};
use crate::util::{dance, data, stdout_of};

/// The solutions of the first six puzzles of top95, which every shipped
/// CSV layout holds.
fn solutions() -> String {
    let puzzles = std::fs::read_to_string(crate::util::bench_data("top95.txt")).unwrap();
    let six: String = puzzles.lines().take(6).map(|l| format!("{l}\n")).collect();
    stdout_of(dance(&["solve", "-q"]).write_stdin(six).assert().success())
}

#[test]
fn every_shipped_layout_solves_by_detection_and_by_name() {
    let expected = solutions();
    for file in [
        "csv/quizzes_solutions.csv",
        "csv/id_puzzle_solution.csv",
        "csv/source_question_answer.csv",
    ] {
        for format in ["auto", "csv"] {
            dance(&["solve", "-q", "-j2", "--format", format, &data(file)])
                .assert()
                .success()
                .stdout(expected.clone());
        }
    }
    // The answer column, by name and by 1-based index, solves to itself.
    for column in ["answer", "3"] {
        dance(&[
            "solve",
            "-q",
            "--column",
            column,
            &data("csv/source_question_answer.csv"),
        ])
        .assert()
        .success()
        .stdout(expected.clone());
    }
    let rated = stdout_of(
        dance(&[
            "rate",
            "-q",
            "--column",
            "puzzle",
            &data("csv/id_puzzle_solution.csv"),
        ])
        .assert()
        .success(),
    );
    assert_eq!(rated.lines().count(), 6);
}

#[test]
fn csv_errors_are_located() {
    let text = "id,puzzle\n1,\"1.3.......?.....\"\n2,1.3.............\n3,\"12\n";
    dance(&["solve", "-q", "--format", "csv", "--column", "puzzle"])
        .write_stdin(text)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with("error\n"))
        .stderr(predicate::str::contains(
            "<stdin>:2:14: unexpected character '?'",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:4:3: quote opened here is not closed on this line",
        ));
}

#[test]
fn check_prints_mismatch_counts_it_and_fails() {
    let good = data("csv/quizzes_solutions.csv");
    for threads in ["1", "2"] {
        dance(&["solve", "-q", "-j", threads, "--check", "solutions", &good])
            .assert()
            .success()
            .stdout(solutions());
    }
    // One answer with two digits swapped: not a solution any more.
    let text = std::fs::read_to_string(&good).unwrap();
    let bad = text.replacen(",417369825", ",417369852", 1);
    assert_ne!(bad, text);
    for threads in ["1", "2"] {
        let out = stdout_of(
            dance(&["solve", "-q", "-j", threads, "--check", "2", "--stats"])
                .write_stdin(bad.clone())
                .assert()
                .code(1)
                .stderr(predicate::str::contains("mismatches: 1")),
        );
        let expected: Vec<String> = std::iter::once("mismatch".to_owned())
            .chain(solutions().lines().skip(1).map(str::to_owned))
            .collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    }
    dance(&["solve", "-q", "--check", "answer", &good])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--check: no column `answer` in the header quizzes,solutions",
        ));
}

#[test]
fn output_csv_keeps_the_input_columns() {
    let file = data("csv/source_question_answer.csv");
    let text = std::fs::read_to_string(&file).unwrap();
    let out = stdout_of(
        dance(&["solve", "-q", "--output", "csv", &file])
            .assert()
            .success(),
    );
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows[0], "source,question,answer,rating,solution");
    for ((row, input), solution) in rows[1..]
        .iter()
        .zip(text.lines().skip(1))
        .zip(solutions().lines())
    {
        assert_eq!(*row, format!("{input},{solution}"));
    }
    let unique = stdout_of(
        dance(&[
            "solve", "-q", "--unique", "--output", "csv", "--check", "answer", &file,
        ])
        .assert()
        .success(),
    );
    assert!(unique.starts_with("source,question,answer,rating,solution,status\n"));
    assert!(
        unique.lines().skip(1).all(|row| row.ends_with(",unique")),
        "{unique}"
    );
}

/// A column the header lacks, by name or by index, is fatal to the input
/// (exit status 2) as a missing `--check` column is, and the header is
/// never read as a record: nothing is printed for the input, with or
/// without `--output csv`.
#[test]
fn a_missing_column_is_fatal_and_the_header_never_a_record() {
    let file = data("csv/quizzes_solutions.csv");
    for column in ["nosuch", "3"] {
        for output in ["line", "csv"] {
            dance(&["solve", "-q", "--column", column, "--output", output, &file])
                .assert()
                .code(2)
                .stdout("")
                .stderr(predicate::str::contains(format!(
                    "quizzes_solutions.csv:1:1: no column {} in the header quizzes,solutions",
                    if column == "3" {
                        "3".to_owned()
                    } else {
                        format!("`{column}`")
                    }
                )));
        }
        dance(&["rate", "-q", "--column", column, &file])
            .assert()
            .code(2)
            .stdout("");
    }
}

/// The new columns never take an input column's name: `solution` becomes
/// `solution_2` (and `status` `status_2`) when the input has one.
#[test]
fn output_column_names_are_unique() {
    let file = data("csv/id_puzzle_solution.csv");
    let out = stdout_of(
        dance(&["solve", "-q", "--output", "csv", &file])
            .assert()
            .success(),
    );
    let mut rows = out.lines();
    assert_eq!(
        rows.next(),
        Some("id,puzzle,solution,clues,difficulty,solution_2")
    );
    let solutions = solutions();
    for (row, solution) in rows.zip(solutions.lines()) {
        let fields: Vec<&str> = row.split(',').collect();
        assert_eq!(
            (fields.len(), fields[2], fields[5]),
            (6, solution, solution)
        );
    }
    let unique = stdout_of(
        dance(&["solve", "-q", "--unique", "--output", "csv"])
            .write_stdin(format!("puzzle,status,solution\n{NORVIG},new,\n"))
            .assert()
            .success(),
    );
    assert_eq!(
        unique,
        format!(
            "puzzle,status,solution,solution_2,status_2\n{NORVIG},new,,{NORVIG_SOLVED},unique\n"
        )
    );
}

/// Several inputs make one stream with one header; an input whose columns
/// differ is reported and skipped (exit status 2), the others printed.
#[test]
fn one_header_per_output_stream() {
    let quizzes = data("csv/quizzes_solutions.csv");
    for threads in ["-j1", "-j2"] {
        let out = stdout_of(
            dance(&[
                "solve", "-q", threads, "--output", "csv", &quizzes, &quizzes,
            ])
            .assert()
            .success(),
        );
        let rows: Vec<&str> = out.lines().collect();
        assert_eq!(rows.len(), 1 + 12, "{out}");
        assert_eq!(rows[0], "quizzes,solutions,solution");
        assert!(rows[1..].iter().all(|row| !row.starts_with("quizzes")));
    }
    let other = data("csv/source_question_answer.csv");
    let out = stdout_of(
        dance(&["solve", "-q", "--output", "csv", &quizzes, &other, &quizzes])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "source_question_answer.csv: its columns source,question,answer,rating differ \
                 from the first input's quizzes,solutions",
            )),
    );
    assert_eq!(out.lines().count(), 1 + 12);
}

/// Input that is not CSV gives CSV with a header, one `puzzle` column of
/// line-format puzzles (a grid record too), and the new columns.
#[test]
fn csv_output_from_other_formats_has_a_header() {
    let out = stdout_of(
        dance(&["solve", "-q", "--output", "csv"])
            .write_stdin(format!("{NORVIG}\n"))
            .assert()
            .success(),
    );
    assert_eq!(out, format!("puzzle,solution\n{NORVIG},{NORVIG_SOLVED}\n"));
    let grid = "1 2 | . .\n. . | 1 2\n----+----\n2 1 | . .\n. . | 2 1\n";
    let out = stdout_of(
        dance(&["solve", "-q", "--count", "--output", "csv"])
            .write_stdin(grid)
            .assert()
            .success(),
    );
    assert_eq!(out, "puzzle,solution,status\n12....1221....21,,4\n");
    // An empty input is an empty table.
    dance(&["solve", "-q", "--output", "csv"])
        .write_stdin("")
        .assert()
        .success()
        .stdout("puzzle,solution\n");
}

/// A record with fewer fields than the header is padded, so the solution
/// lands under `solution`; one with more is an error (reported with its
/// place) whose row is cut to the header's width.
#[test]
fn every_row_is_as_wide_as_the_header() {
    let text = format!("id,puzzle,answer,note\n7,{NORVIG}\n8,{NORVIG},x,y,z\n9,\"{NORVIG}\n");
    for threads in ["-j1", "-j2"] {
        let assert = dance(&["solve", "-q", threads, "--output", "csv"])
            .write_stdin(text.clone())
            .assert()
            .code(1)
            .stderr(predicate::str::contains(
                "<stdin>:3:89: the record has 5 fields, but the header names 4",
            ))
            .stderr(predicate::str::contains("<stdin>:4:3: quote opened here"));
        let out = stdout_of(assert);
        let rows: Vec<&str> = out.lines().collect();
        assert_eq!(
            rows,
            [
                "id,puzzle,answer,note,solution".to_owned(),
                format!("7,{NORVIG},,,{NORVIG_SOLVED}"),
                format!("8,{NORVIG},x,y,"),
                format!("\"9,\"\"{NORVIG}\",,,,"),
            ]
        );
    }
}

/// `--check` and `--column` on input that is not CSV, a CSV input with a
/// header and no record, and a line file read with `--format csv` are
/// reported, never silent.
#[test]
fn csv_only_flags_and_empty_datasets_are_reported() {
    let line = format!("{NORVIG}\n");
    for flag in ["--check", "--column"] {
        dance(&["solve", "-q", flag, "2"])
            .write_stdin(line.clone())
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!(
                "dance: <stdin>: {flag} needs CSV input, and <stdin> reads as the line format \
                 (--format csv reads it as CSV)\n"
            ));
    }
    dance(&["solve", "-q"])
        .write_stdin("# nothing yet\nid,puzzle\n")
        .assert()
        .code(1)
        .stdout("")
        .stderr("dance: <stdin>: a CSV header and no record\n");
    for text in [line.clone(), line.repeat(3)] {
        dance(&["solve", "-q", "--format", "csv"])
            .write_stdin(text)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(
                "<stdin>:1:1: field 1 of the header reads as a puzzle",
            ));
    }
}

/// `--check` prints `mismatch` in every output format, JSON included, as a
/// field of the record.
#[test]
fn check_marks_mismatches_in_json_too() {
    let good = data("csv/quizzes_solutions.csv");
    let text = std::fs::read_to_string(&good).unwrap();
    let bad = text.replacen(",417369825", ",417369852", 1);
    let out = stdout_of(
        dance(&["solve", "-q", "--check", "2", "--output", "json"])
            .write_stdin(bad)
            .assert()
            .code(1),
    );
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 7);
    let marks: Vec<bool> = records[..6]
        .iter()
        .map(|record| record["mismatch"].as_bool().unwrap())
        .collect();
    assert_eq!(marks, [true, false, false, false, false, false]);
    assert_eq!(records[0]["status"], "solved");
}
