//! Hostile argument values: huge, zero, negative or nonsensical numbers get a
//! clear usage error (exit 2) or a documented meaning — never a panic.

use predicates::prelude::*;
use proptest::prelude::*;

use crate::util::{NORVIG, NORVIG_SOLVED};
use crate::util::{dance, data, stdout_of};

/// A timeout too large for the clock means no limit.
#[test]
fn a_huge_timeout_means_no_limit() {
    for seconds in ["1e19", "1e30", "inf"] {
        dance(&["solve", "-j1", "--timeout", seconds])
            .write_stdin(format!("{NORVIG}\n"))
            .assert()
            .success()
            .stdout(format!("{NORVIG_SOLVED}\n"));
        dance(&["solve", "-j2", "--count", "--timeout", seconds])
            .write_stdin(format!("{NORVIG}\n"))
            .assert()
            .success()
            .stdout("1\n");
        for threads in ["-j1", "-j2"] {
            dance(&["cover", threads, "--timeout", seconds, &data("queens8.dlx")])
                .assert()
                .success()
                .stdout("92\n");
        }
        dance(&["bench", "--dfs-timeout", seconds, &data("easy3.txt")])
            .assert()
            .success()
            .stdout(predicate::str::contains("(0 puzzles hit the no s cap)").not());
    }
}

#[test]
fn a_timeout_of_zero_or_less_is_a_usage_error() {
    for seconds in ["0", "-1", "nan", "soon"] {
        for flag in ["solve --timeout", "cover --timeout", "bench --dfs-timeout"] {
            let (command, flag) = flag.split_once(' ').unwrap();
            dance(&[command, &format!("{flag}={seconds}")])
                .write_stdin("")
                .assert()
                .code(2)
                .stderr(predicate::str::contains(
                    "expected a number of seconds above 0",
                ));
        }
    }
}

/// `-j` is refused above 1024; `-j 0` is one thread per core.
#[test]
fn thread_counts_above_the_bound_are_refused() {
    for threads in ["1025", "10000", "4294967296", "-1"] {
        for command in ["solve", "cover", "generate", "rate"] {
            dance(&[command, &format!("--threads={threads}")])
                .write_stdin("")
                .assert()
                .code(2)
                .stderr(predicate::str::contains(
                    "expected a number of threads from 0 (one per core) to 1024",
                ));
        }
    }
}

#[test]
fn zero_threads_means_one_per_core() {
    dance(&["solve", "-j", "0"])
        .write_stdin(format!("{NORVIG}\n{NORVIG}\n"))
        .assert()
        .success()
        .stdout(format!("{NORVIG_SOLVED}\n{NORVIG_SOLVED}\n"));
    dance(&["cover", "-j", "0", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n");
    dance(&["generate", "-j", "0", "--seed", "1", "--size", "4"])
        .assert()
        .success();
    dance(&["rate", "-j", "0"])
        .write_stdin(format!("{NORVIG}\n"))
        .assert()
        .success();
}

#[test]
fn the_help_says_how_threads_are_bounded() {
    for command in ["solve", "cover", "generate", "rate"] {
        dance(&[command, "--help"])
            .assert()
            .success()
            .stdout(predicate::str::contains("more than 1024 is refused"))
            .stdout(predicate::str::contains("0 or none: one per"));
    }
}

/// A value for a numeric flag: the edges of every integer type, floats
/// huge and tiny, signs, junk.
fn numeric_value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        (0u64..40).prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|x| x.to_string()),
        prop::sample::select(vec![
            "0",
            "1",
            "-0",
            "1e30",
            "1e19",
            "inf",
            "-inf",
            "nan",
            "4294967296",
            "18446744073709551616",
            "0.0000001",
            "",
            " 3",
            "x",
        ])
        .prop_map(str::to_owned),
    ]
}

/// Every numeric flag of every subcommand, with what it needs to be valid
/// otherwise. Small inputs keep each run short whatever the value.
fn numeric_flags() -> Vec<(Vec<&'static str>, &'static str, &'static str)> {
    vec![
        (vec!["solve", "-q"], "-j", NORVIG),
        (vec!["solve", "-q"], "--timeout", NORVIG),
        (vec!["solve", "-q", "--count"], "--limit", NORVIG),
        (vec!["cover", "-q"], "-j", "a b\na\nb\n"),
        (vec!["cover", "-q"], "--limit", "a b\na\nb\n"),
        (vec!["cover", "-q"], "--timeout", "a b\na\nb\n"),
        (vec!["cover", "-q"], "--seed", "a b\na\nb\n"),
        (vec!["cover", "-q"], "--split", "a b\na\nb\n"),
        (vec!["cover", "-q", "--estimate"], "--probes", "a b\na\nb\n"),
        (vec!["bench"], "--dfs-timeout", NORVIG),
        (vec!["generate", "-q", "--size", "4"], "-n", ""),
        (vec!["generate", "-q", "--size", "4"], "--seed", ""),
        (vec!["generate", "-q", "--size", "4"], "--clues", ""),
        (vec!["generate", "-q", "--size", "4"], "--attempts", ""),
        (vec!["generate", "-q", "--size", "4"], "-j", ""),
        (vec!["generate", "-q", "--size", "4"], "--timeout", ""),
        (vec!["generate", "-q"], "--size", ""),
        (vec!["rate", "-q"], "-j", NORVIG),
        (vec!["rate", "-q"], "--timeout", NORVIG),
    ]
}

/// Flags that set an amount of work take a value that keeps the run short:
/// a million probes or puzzles is slow, not wrong; 25×25 generation takes
/// minutes (bounded by `--timeout`, tested on its own).
fn tame(flag: &str, value: &str) -> String {
    match (flag, value.parse::<u64>()) {
        ("-n" | "--probes", Ok(n)) => (n % 1000).to_string(),
        ("--size", Ok(n)) if (13..=25).contains(&n) => (n - 12).to_string(),
        _ => value.to_owned(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 8, ..ProptestConfig::default() })]

    /// No value of any numeric flag makes `dance` panic (exit 101) or die
    /// by a signal: each case gives every numeric flag of every subcommand
    /// a random value of its own.
    #[test]
    fn no_numeric_value_panics(values in prop::collection::vec(numeric_value(), 19)) {
        let flags = numeric_flags();
        prop_assert_eq!(flags.len(), values.len());
        for ((command, flag, input), value) in flags.iter().zip(&values) {
            let mut args = command.clone();
            let value_arg = format!("{flag}={}", tame(flag, value));
            args.push(&value_arg);
            if *command == vec!["bench"] {
                args.push("-");
            }
            let output = dance(&args)
                .write_stdin(format!("{input}\n"))
                .timeout(std::time::Duration::from_secs(60))
                .output()
                .unwrap();
            let code = output.status.code();
            prop_assert!(
                matches!(code, Some(0..=2)),
                "dance {}: {:?}\n{}",
                args.join(" "),
                code,
                String::from_utf8_lossy(&output.stderr)
            );
        }
    }
}

/// `-h` gives clap's short help, one line per option that fits a wide
/// terminal; `--help` the long text, with every paragraph.
#[test]
fn short_help_is_one_line_per_option_and_long_help_has_the_rest() {
    for command in ["solve", "cover", "generate", "rate", "bench"] {
        let short = stdout_of(dance(&[command, "-h"]).assert().success());
        let long = stdout_of(dance(&[command, "--help"]).assert().success());
        let options = short.split("Options:").nth(1).unwrap();
        for line in options.lines().filter(|line| !line.trim().is_empty()) {
            assert!(line.trim_start().starts_with('-'), "{command} -h: {line}");
            assert!(line.chars().count() <= 180, "{command} -h: {line}");
        }
        assert!(
            long.len() > 2 * short.len(),
            "{command}: --help is not the long text"
        );
    }
}
