//! Contracts and consistency: the summary lists every status, unreadable
//! inputs do not stop the others, limits mean exactly what they say, and
//! messages never print nonsense figures.

use predicates::prelude::*;

use crate::util::NORVIG;
use crate::util::{dance, data, stdout_of};

/// A record that timed out appears in the text summary too.
#[test]
fn the_text_summary_lists_timed_out_records() {
    // The empty 25×25 grid cannot be counted in a fifth of a second, and
    // Norvig's puzzle takes about a millisecond even in a debug build.
    let input = format!("{NORVIG}\n{}\n{NORVIG}\n", ".".repeat(625));
    dance(&["solve", "-j1", "--count", "--timeout", "0.2", "--stats"])
        .write_stdin(input)
        .assert()
        .code(1)
        .stdout("1\ntimeout\n1\n")
        .stderr(predicate::str::contains("records: 3 (unique 2, timeout 1)"));
}

/// A missing file is reported, the next one still solved, and
/// the exit status is 2 at the end.
#[test]
fn a_missing_file_does_not_stop_the_others() {
    for threads in ["-j1", "-j2"] {
        dance(&[
            "solve",
            threads,
            &data("easy3.txt"),
            "no-such-file.txt",
            &data("easy3.txt"),
        ])
        .assert()
        .code(2)
        .stdout(predicate::str::is_match("^([1-9]{81}\n){6}$").unwrap())
        .stderr(predicate::str::starts_with(
            "dance: cannot open no-such-file.txt: No such file or directory",
        ));
    }
    dance(&["rate", "no-such-file.txt", &data("easy3.txt")])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\n").count(3));
    // A directory fails at the first read, not at open.
    dance(&["solve", "tests", &data("easy3.txt")])
        .assert()
        .code(2)
        .stdout(predicate::str::contains("\n").count(3))
        .stderr("dance: cannot read tests: Is a directory (os error 21)\n");
}

/// `bench` reports a bad record and races the rest.
#[test]
fn bench_goes_on_after_a_bad_record_and_a_missing_file() {
    dance(&[
        "bench",
        &data("mixed.txt"),
        "no-such-file.txt",
        &data("easy3.txt"),
    ])
    .assert()
    .code(2)
    .stdout(predicate::str::contains("mixed.txt: 4 puzzles"))
    .stdout(predicate::str::contains("easy3.txt: 3 puzzles"))
    .stderr(predicate::str::contains(
        "mixed.txt:4:12: expected N*N cells",
    ))
    .stderr(predicate::str::contains("cannot open no-such-file.txt"));
}

/// `--limit N` on exactly N solutions is a complete `N`.
#[test]
fn a_count_limited_to_exactly_its_solutions_is_complete() {
    let two = ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
    for threads in ["-j1", "-j2"] {
        dance(&["solve", threads, "--count", "--limit", "2"])
            .write_stdin(format!("{two}\n"))
            .assert()
            .code(0)
            .stdout("2\n");
        dance(&["solve", threads, "--count", "--limit", "1"])
            .write_stdin(format!("{two}\n{NORVIG}\n"))
            .assert()
            .stdout("1+\n1\n");
        dance(&["cover", threads, "--limit", "92", &data("queens8.dlx")])
            .assert()
            .success()
            .stdout("92\n");
        dance(&["cover", threads, "--limit", "91", &data("queens8.dlx")])
            .assert()
            .success()
            .stdout("91+\n");
    }
}

/// Values that make no sense are usage errors.
#[test]
fn nonsensical_values_are_usage_errors() {
    for args in [
        &["solve", "--count", "--limit", "0"][..],
        &["solve", "--unique", "--limit", "3"],
        &["cover", "--limit", "0"],
        &["cover", "--estimate", "--probes", "0"],
        &["bench", "--dfs-timeout", "0"],
        &["generate", "-n", "0"],
        &["generate", "--attempts", "0"],
    ] {
        dance(args)
            .write_stdin(format!("{NORVIG}\n"))
            .assert()
            .code(2)
            .stdout("");
    }
}

/// No absurd figures for empty sets, fast naive searches or slow
/// runs, and no message said twice.
#[test]
fn messages_have_sensible_figures() {
    dance(&["bench", "/dev/null"])
        .assert()
        .success()
        .stdout("/dev/null: 0 puzzles, first solution, one thread\n  no puzzles to race\n\n");
    let stdout = stdout_of(dance(&["bench", &data("easy3.txt")]).assert().success());
    let ratio = stdout.lines().find(|l| l.contains("dfs/dlx:")).unwrap();
    assert!(!ratio.contains(" 0x"), "{ratio}");
    dance(&["cover", "tests"])
        .assert()
        .code(2)
        .stderr("dance: cannot read tests: Is a directory (os error 21)\n");
    dance(&["generate", "--size", "26"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--jigsaw").not());
    dance(&["generate", "--size", "26", "--jigsaw"])
        .assert()
        .code(2)
        .stderr("dance: size 26 is out of range; sizes go from 1 to 25\n");
}

#[test]
fn stats_rates_below_one_per_second_are_not_zero() {
    // One record in 2.5 s is 0.4 puzzles/s, which `{:.0}` printed as 0.
    let report = dance(&["solve", "--stats", "--timeout", "2.5", "-j1", "--count"])
        .write_stdin(format!("{}\n", ".".repeat(625)))
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let report = String::from_utf8(report).unwrap();
    assert!(
        report.contains(", 0.") && report.contains(" puzzles/s"),
        "{report}"
    );
}

/// `generate` and `rate` stop at `--timeout` (through the library's stop,
/// not by ending the process), keeping what they finished: a prefix of
/// the whole run's output.
#[test]
fn generate_and_rate_stop_at_the_timeout() {
    let started = std::time::Instant::now();
    dance(&[
        "generate",
        "--size",
        "25",
        "--seed",
        "3",
        "-j1",
        "--timeout",
        "0.5",
    ])
    .assert()
    .code(1)
    .stdout("")
    .stderr(predicate::str::starts_with("dance: timed out after 0."));
    assert!(started.elapsed().as_secs() < 30);
    let input = std::fs::read_to_string(crate::util::bench_data("top1465.txt")).unwrap();
    let input = input.repeat(20);
    let output = dance(&["rate", "-j1", "--timeout", "1"])
        .write_stdin(input.clone())
        .assert()
        .code(1)
        .stderr(predicate::str::contains("timed out after"))
        .get_output()
        .stdout
        .clone();
    let stdout = String::from_utf8(output).unwrap();
    // The ratings of the records before the first one cut short, each
    // whole and right: what rating those records alone prints.
    let rated = stdout.lines().count();
    let first: String = input
        .lines()
        .take(rated)
        .map(|line| format!("{line}\n"))
        .collect();
    dance(&["rate", "-j1"])
        .write_stdin(first)
        .assert()
        .success()
        .stdout(stdout);
    dance(&[
        "generate",
        "--size",
        "4",
        "--seed",
        "3",
        "--timeout",
        "1e30",
    ])
    .assert()
    .success();
}
