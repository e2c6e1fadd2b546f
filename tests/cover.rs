//! `dance cover` on Knuth-format problems.

use predicates::prelude::*;

use crate::util::{dance, data};

#[test]
fn counts_the_92_solutions_of_eight_queens() {
    dance(&["cover", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n");
}

#[test]
fn the_shipped_problem_files_are_what_the_generators_build() {
    for (file, problem) in [
        ("queens8.dlx", dlx::problems::n_queens(8)),
        ("queens10.dlx", dlx::problems::n_queens(10)),
        ("langford8.dlx", dlx::problems::langford(8)),
    ] {
        let text = std::fs::read_to_string(data(file)).unwrap();
        assert_eq!(dlx::parse_problem(&text).unwrap(), problem, "{file}");
    }
}

#[test]
fn prints_every_solution_of_the_colored_example() {
    dance(&["cover", "--all", &data("colored.dlx")])
        .assert()
        .success()
        .stdout("p r x:A y\nq x:A\n\n");
}

#[test]
fn first_prints_one_solution_in_input_order() {
    dance(&["cover", "--first", &data("toy.dlx")])
        .assert()
        .success()
        .stdout("c e\na d f\nb g\n\n");
}

#[test]
fn reads_standard_input() {
    for args in [&["cover"][..], &["cover", "-"][..]] {
        dance(args)
            .write_stdin("a b\na\nb\na b\n")
            .assert()
            .success()
            .stdout("2\n");
    }
}

#[test]
fn a_limit_marks_a_partial_count() {
    dance(&["cover", "--limit", "10", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("10+\n");
    dance(&["cover", "--limit", "100", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n");
    let all = dance(&["cover", "--all", "--limit", "3", &data("queens8.dlx")])
        .assert()
        .success();
    let text = String::from_utf8(all.get_output().stdout.clone()).unwrap();
    assert_eq!(text.matches("\n\n").count(), 3);
}

#[test]
fn no_solution_exits_1() {
    dance(&["cover"])
        .write_stdin("a b\na\n")
        .assert()
        .code(1)
        .stdout("0\n");
}

#[test]
fn a_syntax_error_names_file_line_and_column_and_exits_2() {
    dance(&["cover"])
        .write_stdin("a b\na zz\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr("dance: <stdin>:2:3: unknown item `zz`\n");
}

#[test]
fn a_missing_file_is_an_error() {
    dance(&["cover", "no/such/file.dlx"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "dance: cannot open no/such/file.dlx",
        ));
}

#[test]
fn stats_go_to_stderr() {
    dance(&["cover", "--stats", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(predicate::str::contains("nodes: 1372"));
}

#[test]
fn a_seed_changes_the_first_solution_but_not_the_count() {
    let file = data("queens8.dlx");
    let first = |seed: &str| {
        let args = ["cover", "--first", "--seed", seed, &file];
        String::from_utf8(dance(&args).assert().success().get_output().stdout.clone()).unwrap()
    };
    assert_eq!(
        first("7"),
        first("7"),
        "the same seed gives the same solution"
    );
    assert!((1..20).any(|seed| first(&seed.to_string()) != first("0")));
    dance(&["cover", "--seed", "42", &file])
        .assert()
        .success()
        .stdout("92\n");
}

#[test]
fn multiplicities_from_the_dlx3_format() {
    // Choose exactly 2 of 4 singleton options: C(4, 2) = 6.
    dance(&["cover"])
        .write_stdin("2:2|k\nk\nk\nk\nk\n")
        .assert()
        .success()
        .stdout("6\n");
}
