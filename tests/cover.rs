//! `dance cover` on Knuth-format problems.

use std::io::Read;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use predicates::prelude::*;

use crate::util::{bench_data, dance, data, stdout_of};

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
        ("queens8.dlx", dance_dlx::problems::n_queens(8)),
        ("queens10.dlx", dance_dlx::problems::n_queens(10)),
        ("langford8.dlx", dance_dlx::problems::langford(8)),
    ] {
        let text = std::fs::read_to_string(data(file)).unwrap();
        assert_eq!(dance_dlx::parse_problem(&text).unwrap(), problem, "{file}");
    }
    for n in [8, 12, 16] {
        let file = format!("dominoes{n}x{n}.dlx");
        let text = std::fs::read_to_string(bench_data(&file)).unwrap();
        let problem = dance_dlx::problems::domino_tilings(n, n);
        assert_eq!(dance_dlx::parse_problem(&text).unwrap(), problem, "{file}");
    }
    for (rows, cols) in [(24, 6), (6, 24), (20, 8), (8, 20), (30, 6), (6, 30)] {
        let file = format!("dominoes{rows}x{cols}.dlx");
        let text = std::fs::read_to_string(bench_data(&file)).unwrap();
        let problem = dance_dlx::problems::domino_tilings_by_rows(rows, cols);
        assert_eq!(dance_dlx::parse_problem(&text).unwrap(), problem, "{file}");
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
    dance(&["cover", "-j1", "--stats", &data("queens8.dlx")])
        .assert()
        .success()
        .stdout("92\n")
        // Options tried: Knuth's DLX1 reports 1199, counting the root too.
        .stderr(predicate::str::contains("nodes: 1198"));
}

#[test]
fn either_representation_walks_the_same_tree() {
    let file = data("queens8.dlx");
    for (asked, ran) in [
        ("auto", "bitsets"),
        ("links", "links"),
        ("bitsets", "bitsets"),
    ] {
        for threads in ["-j1", "-j2"] {
            dance(&[
                "cover",
                threads,
                "--stats",
                "--representation",
                asked,
                &file,
            ])
            .assert()
            .success()
            .stdout("92\n")
            .stderr(predicate::str::contains(format!("representation: {ran}\n")));
        }
        dance(&["cover", "-j1", "--stats", "--representation", asked, &file])
            .assert()
            .stderr(predicate::str::contains("nodes: 1198\n"));
    }
    // The memo counts on the links: a representation asked of it would
    // change nothing, and is refused.
    dance(&["cover", "--memo", "--stats", &file])
        .assert()
        .success()
        .stdout("92\n")
        .stderr(predicate::str::contains("representation: links\n"));
    dance(&["cover", "--memo", "--representation", "bitsets", &file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
    dance(&["cover", "--representation", "cells", &file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("invalid value 'cells'"));
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

#[test]
fn threads_give_the_same_answers_as_one() {
    for file in ["queens8.dlx", "queens10.dlx", "langford8.dlx"] {
        let file = data(file);
        for args in [
            &["--all"][..],
            &["--first"],
            &["--all", "--limit", "7"],
            &[],
            &["--limit", "50"],
        ] {
            let run = |threads: &str| {
                let mut all = vec!["cover", "-j", threads];
                all.extend_from_slice(args);
                all.push(&file);
                String::from_utf8(dance(&all).assert().success().get_output().stdout.clone())
                    .unwrap()
            };
            let sequential = run("1");
            assert_eq!(run("2"), sequential, "{file} {args:?}");
            assert_eq!(run("3"), sequential, "{file} {args:?}");
        }
    }
}

#[test]
fn split_jobs_add_up_to_the_count() {
    let file = data("queens10.dlx");
    let jobs = String::from_utf8(
        dance(&["cover", "--split", "2", &file])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    assert!(jobs.lines().count() > 10);
    let total: u64 = jobs
        .lines()
        .map(|job| {
            let output = dance(&["cover", "-j1", "--job", job, &file])
                .assert()
                .get_output()
                .stdout
                .clone();
            String::from_utf8(output)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 724);
    dance(&["cover", "--job", "-", &file])
        .assert()
        .success()
        .stdout("724\n");
}

#[test]
fn bad_jobs_are_errors() {
    let file = data("queens8.dlx");
    dance(&["cover", "--job", "1,x", &file])
        .assert()
        .code(2)
        .stderr(
            "dance: bad --job: expected option numbers separated by commas, or `-`, found `1,x`\n",
        );
    dance(&["cover", "--job", "1,2", &file])
        .assert()
        .code(2)
        .stderr("dance: bad --job: option 2 conflicts with the options before it\n");
    dance(&["cover", "--job", "65", &file])
        .assert()
        .code(2)
        .stderr("dance: bad --job: option 65 does not exist; the problem has 64 options\n");
}

#[test]
fn the_estimate_is_in_the_right_range() {
    let output = dance(&[
        "cover",
        "--estimate",
        "--probes",
        "3000",
        &data("queens8.dlx"),
    ])
    .assert()
    .success()
    .get_output()
    .stdout
    .clone();
    let text = String::from_utf8(output).unwrap();
    let number = |key: &str| -> f64 {
        let line = text.lines().find(|l| l.starts_with(key)).unwrap();
        line[key.len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    // The search has 1372 nodes and 92 solutions.
    assert!((1000.0..1800.0).contains(&number("nodes: ")), "{text}");
    assert!((50.0..150.0).contains(&number("solutions: ")), "{text}");
}

#[test]
fn multiplicities_run_sequentially_with_any_thread_count() {
    dance(&["cover", "-j2"])
        .write_stdin("2:2|k\nk\nk\nk\nk\n")
        .assert()
        .success()
        .stdout("6\n");
}

#[test]
fn memo_prints_the_exact_count_alone() {
    for (file, count) in [
        ("queens8.dlx", "92\n"),
        ("langford8.dlx", "300\n"),
        ("colored.dlx", "1\n"),
        ("toy.dlx", "1\n"),
    ] {
        for threads in ["1", "2"] {
            dance(&["cover", "--memo", "-j", threads, &data(file)])
                .assert()
                .success()
                .stdout(count);
        }
    }
}

#[test]
fn memo_counts_past_u64() {
    // The 14×14 board has 112,202,208,776,036,178,000,000 domino tilings.
    let mut problem = Vec::new();
    dance_dlx::write_problem(&dance_dlx::problems::domino_tilings(14, 14), &mut problem).unwrap();
    for threads in ["1", "2"] {
        dance(&["cover", "--memo", "-j", threads])
            .write_stdin(problem.clone())
            .assert()
            .success()
            .stdout("112202208776036178000000\n");
    }
}

/// The memo's statistics, and its budget: one MiB for the whole memo, on
/// one thread or shared by two (plus the counters' own few KiB).
#[test]
fn memo_stats_and_a_small_budget() {
    for threads in ["-j1", "-j2"] {
        let assert = dance(&[
            "cover",
            "--memo",
            "--memo-mb",
            "1",
            "--stats",
            threads,
            &bench_data("dominoes12x12.dlx"),
        ])
        .assert()
        .success()
        .stdout("53060477521960000\n");
        let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
        for word in ["nodes: ", "entries: ", "hits: ", "misses: ", "evictions: "] {
            assert!(stderr.contains(word), "{word} missing from {stderr}");
        }
        let bytes: u64 = stderr
            .lines()
            .find_map(|line| line.strip_prefix("bytes: "))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no bytes in {stderr}"));
        assert!(bytes <= (1 << 20) + (64 << 10), "{threads}: {bytes} bytes");
    }
}

#[test]
fn memo_with_solutions_or_limits_is_a_usage_error() {
    for flag in [&["--all"][..], &["--first"], &["--limit", "3"]] {
        let mut args = vec!["cover", "--memo"];
        args.extend_from_slice(flag);
        args.push("tests/data/queens8.dlx");
        dance(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
    dance(&["cover", "--memo-mb", "5", &data("queens8.dlx")])
        .assert()
        .code(2);
}

/// Two of four options for `k`: C(4, 2) = 6, at any -j.
#[test]
fn memo_counts_multiplicities() {
    for threads in ["1", "2"] {
        dance(&["cover", "--memo", "-j", threads])
            .write_stdin("2:2|k\nk\nk\nk\nk\n")
            .assert()
            .success()
            .stdout("6\n");
    }
}

#[test]
fn memo_counts_a_job() {
    let file = data("queens10.dlx");
    dance(&["cover", "--memo", "--job", "1", &file])
        .assert()
        .stdout(
            String::from_utf8(
                dance(&["cover", "--job", "1", &file])
                    .assert()
                    .get_output()
                    .stdout
                    .clone(),
            )
            .unwrap(),
        );
}

/// With threads, `--all` streams. The 12×12 board has
/// 5.3·10¹⁶ tilings, so the run never ends by itself; its first solution
/// (the sequential search's first) comes out while it goes on, not when a
/// chunk of subproblems ends.
#[test]
fn all_solutions_stream_while_the_threads_search() {
    let file = bench_data("dominoes12x12.dlx");
    let mut child = Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(["cover", "--all", "-q", "-j2", &file])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let (sender, receiver) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let mut buffer = [0; 4096];
        while !text.windows(2).any(|w| w == b"\n\n") {
            match stdout.read(&mut buffer) {
                Ok(0) | Err(_) => break,
                Ok(n) => text.extend_from_slice(&buffer[..n]),
            }
        }
        let _ = sender.send(text);
    });
    // A liveness bound, not a speed target: the first solution takes
    // milliseconds.
    let first = receiver.recv_timeout(Duration::from_secs(120));
    child.kill().unwrap();
    child.wait().unwrap();
    reader.join().unwrap();
    let first = String::from_utf8(first.expect("a solution before the run ends")).unwrap();
    let first = &first[..first.find("\n\n").unwrap() + 2];
    let sequential = stdout_of(
        dance(&["cover", "--first", "-j1", &file])
            .assert()
            .success(),
    );
    assert_eq!(first, sequential);
    assert_eq!(first.lines().count(), 72 + 1);
}

/// More solutions than the stream's buffer holds (32 MB of text against
/// 16 MiB): the threads ahead of the output wait, and the output is
/// byte for byte the sequential one.
#[test]
fn a_full_stream_keeps_the_sequential_order() {
    let file = bench_data("dominoes8x8.dlx");
    let run = |threads: &str| {
        let args = ["cover", "--all", "--limit", "100000", "-q", threads, &file];
        dance(&args).assert().success().get_output().stdout.clone()
    };
    let sequential = run("-j1");
    assert!(sequential.len() > 24 << 20, "{} bytes", sequential.len());
    assert!(run("-j2") == sequential);
    assert!(run("-j3") == sequential);
}

/// A deadline at `-j2` leaves the beginning of the sequential output, as at
/// `-j1`: the subproblem cut short by the deadline ends the output, and
/// what later subproblems found is dropped, not printed after a gap.
#[test]
fn a_timed_out_stream_is_the_beginning_of_the_sequential_one() {
    let file = bench_data("dominoes8x8.dlx");
    let timed = dance(&["cover", "--all", "-q", "-j2", "--timeout", "1", &file])
        .assert()
        .code(1)
        .get_output()
        .stdout
        .clone();
    let solutions = timed.windows(2).filter(|w| w == b"\n\n").count();
    if solutions > 0 {
        let limit = solutions.to_string();
        let sequential = dance(&["cover", "--all", "-q", "-j1", "--limit", &limit, &file])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        assert!(timed == sequential, "{solutions} solutions");
    }
}

/// `--estimate` and `--split` on a problem with multiplicities: the probes
/// walk Algorithm M's tree (choose 2 of 4 options: 6 solutions, which the
/// mean of a thousand probes comes close to), and the split is one job,
/// the whole problem, whose count is the count.
#[test]
fn estimate_and_split_serve_multiplicities() {
    let problem = "2:2|k\nk\nk\nk\nk\n";
    let estimate = stdout_of(
        dance(&["cover", "--estimate"])
            .write_stdin(problem)
            .assert()
            .success(),
    );
    let solutions: f64 = estimate
        .rsplit("solutions: ")
        .next()
        .and_then(|number| number.trim().parse().ok())
        .unwrap_or_else(|| panic!("{estimate}"));
    assert!((solutions - 6.0).abs() < 0.5, "{estimate}");
    let jobs = stdout_of(
        dance(&["cover", "--split", "1"])
            .write_stdin(problem)
            .assert()
            .success(),
    );
    assert_eq!(jobs, "-\n");
    dance(&["cover", "--job", "-"])
        .write_stdin(problem)
        .assert()
        .success()
        .stdout("6\n");
}

/// `--help` says what `--estimate`, `--split` and `--memo` do with
/// multiplicities, in the command's description and in each flag's.
#[test]
fn help_says_what_each_flag_does_with_multiplicities() {
    let help = stdout_of(dance(&["cover", "--help"]).assert().success());
    assert!(help.contains("--split gives one job"));
    for flag in ["--estimate\n", "--split <DEPTH>\n", "--memo\n"] {
        let start = help
            .find(&format!("\n      {flag}"))
            .unwrap_or_else(|| panic!("{flag}"));
        let rest = &help[start + 8 + flag.len()..];
        let end = rest.find("\n      --").unwrap_or(rest.len());
        assert!(
            rest[..end].contains("multiplicities"),
            "{flag}: {}",
            &rest[..end]
        );
    }
}

/// The peak resident memory of a process, from `/proc` (Linux).
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// `--all -j2` whose output is read slowly (printing the bottleneck: the
/// threads run ahead of it) holds at most 64 MiB resident: 16 MiB of
/// solutions waiting to be printed, the allocators of the threads and the
/// program — docs/design.md states the bound.
#[cfg(target_os = "linux")]
#[test]
#[ignore = "slow: three seconds of 12,988,816 tilings read slowly; run in release"]
fn all_on_threads_holds_its_bound_when_printing_is_slow() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dance"))
        .args(["cover", "--all", "-q", "-j2"])
        .arg(bench_data("dominoes8x8.dlx"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut chunk = vec![0; 1 << 20];
    let mut peak = 0;
    for _ in 0..30 {
        stdout.read_exact(&mut chunk).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        peak = peak.max(peak_kib(child.id()).unwrap_or(0));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(peak > 0, "no reading of the peak");
    assert!(peak <= 64 << 10, "{peak} KiB");
}
