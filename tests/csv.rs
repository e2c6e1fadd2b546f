//! CSV datasets end to end: the three shipped layouts, column choice,
//! located errors.

use predicates::prelude::*;

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
    dance(&[
        "solve",
        "-q",
        "--column",
        "quiz",
        &data("csv/quizzes_solutions.csv"),
    ])
    .assert()
    .code(1)
    .stderr(predicate::str::contains(
        "quizzes_solutions.csv:1:1: no column `quiz` in the header quizzes,solutions",
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
