//! `--variant` end to end: the shipped puzzles of every variant solve to
//! their recorded solutions (and are not unique without their rules),
//! generate and rate take every variant, and bad names are refused.

use predicates::prelude::*;

use crate::util::{dance, data, stdout_of};

/// The single rules, each with a fixture `tests/data/variants/NAME.txt`
/// made by `dance generate -n 3 --seed 15 --variant NAME`.
const RULES: [&str; 6] = [
    "x",
    "windoku",
    "disjoint",
    "anti-knight",
    "anti-king",
    "non-consecutive",
];

fn fixture(name: &str) -> String {
    data(&format!("variants/{name}.txt"))
}

fn solutions(name: &str) -> String {
    std::fs::read_to_string(data(&format!("variants/{name}.solutions.txt"))).unwrap()
}

#[test]
fn known_puzzles_of_every_variant_have_their_solutions() {
    for (name, variant) in RULES
        .iter()
        .map(|rule| (*rule, *rule))
        .chain([("jigsaw-windoku", "hyper")])
    {
        let solved = stdout_of(
            dance(&[
                "solve",
                "-q",
                "--unique",
                "--variant",
                variant,
                &fixture(name),
            ])
            .assert()
            .success(),
        );
        assert_eq!(solved, solutions(name), "{name}");
        dance(&["solve", "-q", "--unique", &fixture(name)])
            .assert()
            .code(1)
            .stdout(predicate::str::contains("multiple"));
    }
}

#[test]
fn x_flag_is_short_for_variant_x_and_combines() {
    let by_name = dance(&["solve", "-q", "--variant", "x", &fixture("x")])
        .assert()
        .success();
    dance(&["solve", "-q", "-x", &fixture("x")])
        .assert()
        .success()
        .stdout(stdout_of(by_name));
    // The x puzzles with -x and --variant anti-king: a stricter puzzle.
    let both = stdout_of(
        dance(&[
            "solve",
            "-q",
            "--count",
            "-x",
            "--variant",
            "anti-king",
            &fixture("x"),
        ])
        .assert(),
    );
    assert_eq!(both.lines().count(), 3);
    assert!(
        both.lines().all(|line| line == "0" || line == "1"),
        "{both}"
    );
}

#[test]
fn generate_and_rate_take_variants() {
    for variant in ["windoku,disjoint", "anti-king", "non-consecutive"] {
        let made = stdout_of(
            dance(&[
                "generate",
                "-q",
                "-n",
                "2",
                "--size",
                "6",
                "--seed",
                "3",
                "--variant",
                variant,
            ])
            .assert()
            .success(),
        );
        assert_eq!(made.lines().count(), 2, "{variant}: {made}");
        let unique = stdout_of(
            dance(&["solve", "-q", "--unique", "--variant", variant])
                .write_stdin(made.clone())
                .assert()
                .success(),
        );
        assert!(unique.lines().all(|l| l.starts_with("unique ")), "{unique}");
        let rated = stdout_of(
            dance(&["rate", "-q", "--variant", variant])
                .write_stdin(made)
                .assert()
                .success(),
        );
        assert_eq!(rated.lines().count(), 2, "{rated}");
        assert!(!rated.contains("multiple"), "{rated}");
    }
}

#[test]
fn bench_races_a_variant() {
    dance(&["bench", "--variant", "anti-king", &fixture("anti-king")])
        .assert()
        .success()
        .stdout(predicate::str::contains("anti-king.txt"));
}

#[test]
fn bad_variants_are_refused_clearly() {
    dance(&["solve", "--variant", "x,knight"])
        .write_stdin("....")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown variant `knight`"));
    dance(&[
        "generate",
        "-q",
        "--jigsaw",
        "--size",
        "7",
        "--variant",
        "windoku",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains(
        "windoku needs boxes, and size 7 has no box shape",
    ));
    // A 7x7 jigsaw read with windoku: an error at the record, not a
    // solution that ignores the windows.
    let jigsaw = stdout_of(
        dance(&["generate", "-q", "--jigsaw", "--size", "7", "--seed", "3"])
            .assert()
            .success(),
    );
    dance(&["solve", "-q", "--variant", "windoku"])
        .write_stdin(jigsaw)
        .assert()
        .code(1)
        .stdout("error\n")
        .stderr(predicate::str::contains(
            "<stdin>:1:1: windoku needs boxes, and size 7 has no box shape",
        ));
    // No 6x6 grid keeps both diagonals and no consecutive neighbours.
    dance(&[
        "generate",
        "-q",
        "--size",
        "6",
        "--variant",
        "x,non-consecutive",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains("the shape has no solution"));
}
