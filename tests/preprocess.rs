//! `dance cover --preprocess` (the reduced problem) and `--reduce` (search
//! it, print solutions of the original).

use predicates::prelude::*;

use crate::util::{bench_data, dance, data, stdout_of};

/// Knuth's first example in DLX-PRE.
const KNUTH: &str = "A B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

#[test]
fn preprocess_prints_the_reduced_problem_and_stats_say_what_went() {
    dance(&["cover", "--preprocess", "--stats", "-"])
        .write_stdin(KNUTH)
        .assert()
        .success()
        .stdout("A B E\nE\nA\nB\n")
        .stderr("preprocessing: 4 of 7 items and 3 of 6 options removed, 3 rounds\n");
}

#[test]
fn reduce_prints_solutions_of_the_original() {
    dance(&["cover", "--reduce", "--all", "-"])
        .write_stdin(KNUTH)
        .assert()
        .success()
        .stdout("C E F\nA D\nB G\n\n");
    dance(&["cover", "--reduce", "--best", "1", "-"])
        .write_stdin("a b c\na b |5\nc |1\na |1\nb c |2\nb |3\na c |1\n")
        .assert()
        .success()
        .stdout("cost 3\na |1\nb c |2\n\n");
}

#[test]
fn reduce_keeps_every_count() {
    for file in ["queens8.dlx", "langford8.dlx", "colored.dlx", "toy.dlx"] {
        let plain = stdout_of(dance(&["cover", &data(file)]).assert().success());
        for flags in [
            &["--reduce"][..],
            &["--reduce", "--memo"],
            &["--reduce", "-j2"],
        ] {
            let mut args = vec!["cover"];
            args.extend_from_slice(flags);
            let path = data(file);
            args.push(&path);
            let reduced = stdout_of(dance(&args).assert().success());
            assert_eq!(reduced, plain, "{file} {flags:?}");
        }
    }
    dance(&[
        "cover",
        "--preprocess",
        "--stats",
        &bench_data("pentominoes6x10.dlx"),
    ])
    .assert()
    .success()
    .stderr(predicate::str::contains("144 of 2056 options removed"));
}

#[test]
fn multiplicities_are_refused_with_the_reason() {
    for flag in ["--preprocess", "--reduce"] {
        dance(&["cover", flag, &bench_data("rooks6x3.dlx")])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("has bounds (multiplicities)"));
    }
}
