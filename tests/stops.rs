//! Stops on problems that are wide rather than deep: `--timeout` and the
//! signals end every search within a second of the deadline or the signal,
//! however many items each node scans to choose one — in every mode of
//! `dance cover`, reading the problem included (docs/reliability.md, "Stops
//! on wide problems").
//!
//! The problem is random, made here: 50,000 items, 500,000 options of three
//! of them (about 10 MB), whose search never ends by itself. The bound is
//! checked in release builds (CI runs these with `--release --ignored`); a
//! debug build searches ten times slower, and is held to ten seconds.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::util::{dance_process, signal, spawn_piped};

/// How late a run may end after its deadline or signal: the promise is a
/// second (docs/reliability.md measures it); the test allows two, since it
/// runs beside the other slow tests on a shared two-core machine.
fn bound() -> Duration {
    if cfg!(debug_assertions) {
        Duration::from_secs(10)
    } else {
        Duration::from_secs(2)
    }
}

/// A random problem of `items` primary items and `options` options of three
/// distinct items each, in Knuth's format (as `benches/wide_problem.sh`
/// makes, from another generator).
fn wide_problem(items: u64, options: u64) -> String {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move || {
        // SplitMix64: the items of each option.
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % items
    };
    let mut text = (0..items)
        .map(|i| format!("i{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    text.push('\n');
    for _ in 0..options {
        let a = next();
        let mut b = next();
        while b == a {
            b = next();
        }
        let mut c = next();
        while c == a || c == b {
            c = next();
        }
        text.push_str(&format!("i{a} i{b} i{c}\n"));
    }
    text
}

/// The wide problem, written to a file of this test process and this test
/// (`test`): the tests run side by side, and each removes its own file.
fn wide_file(test: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("dance-wide-{}-{test}.dlx", std::process::id()));
    std::fs::write(&path, wide_problem(50_000, 500_000)).unwrap();
    path
}

/// How long `dance cover` takes to read and build `file` on this machine
/// now (a split one level deep is all it does then), so that a deadline or
/// a signal can be set to fall in the middle of the search, two seconds
/// past it, whatever the load.
fn reading_time(file: &str) -> Duration {
    let (output, took) = timed(&["cover", "--split", "1", file]);
    assert!(output.status.success());
    took
}

/// Runs `dance ARGS`; the output and the wall time it took.
fn timed(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let output = dance_process().args(args).output().unwrap();
    (output, started.elapsed())
}

/// Every mode of `dance cover` ends within the bound of a deadline that
/// falls in the middle of its search, says `timed out` and exits 1; a count
/// prints what it found so far as a lower bound (`0+`: a random problem this
/// wide has no solution to be found in seconds), `--all` and `--first` the
/// solutions found (none), `--estimate` the probes made, `--split` the jobs
/// found so far, `--best` the cheapest so far at K = 10⁶ (none), `--zdd` and
/// `--sample` nothing (a diagram cut short is not written).
#[test]
#[ignore = "slow: a 10 MB problem searched in twenty modes; run in release"]
fn every_mode_stops_within_a_second_of_the_deadline_on_a_wide_problem() {
    let file = wide_file("modes");
    let file = file.to_str().unwrap();
    let timeout = reading_time(file).as_secs_f64() * 1.5 + 2.0;
    let seconds = format!("{timeout:.1}");
    let timeout: f64 = seconds.parse().unwrap();
    let modes: [(&[&str], Option<&str>); 20] = [
        (&["-j1"], Some("0+\n")),
        (&["-j2"], Some("0+\n")),
        (&["-j4"], Some("0+\n")),
        (&["--memo", "-j1"], Some("0+\n")),
        (&["--memo", "-j2"], Some("0+\n")),
        (&["--memo", "-j4"], Some("0+\n")),
        (&["--all", "-j1"], Some("")),
        (&["--all", "-j2"], Some("")),
        (&["--first", "-j1"], Some("")),
        (&["--first", "-j2"], Some("")),
        (&["--limit", "5", "-j1"], Some("0+\n")),
        (&["--limit", "5", "-j2"], Some("0+\n")),
        (&["--representation", "bitsets", "-j1"], Some("0+\n")),
        (&["--estimate", "--probes", "1000000"], None),
        (&["--split", "8"], None),
        (&["--memo", "--memo-mb", "64", "-j2"], Some("0+\n")),
        (&["--best", "1000000", "-j1"], Some("")),
        (&["--best", "1000000", "-j2"], Some("")),
        (&["--zdd", "-"], Some("")),
        (&["--sample", "3"], Some("")),
    ];
    for (flags, stdout) in modes {
        let mut args = vec!["cover", "-q", "--timeout", &seconds];
        args.extend(flags);
        args.push(file);
        let (output, took) = timed(&args);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let late = took.saturating_sub(Duration::from_secs_f64(timeout));
        assert_eq!(output.status.code(), Some(1), "{flags:?}: {stderr}");
        assert!(stderr.contains("timed out after"), "{flags:?}: {stderr}");
        assert!(
            late <= bound(),
            "{flags:?}: {took:?} for {timeout} s: {stderr}"
        );
        match stdout {
            Some(stdout) => assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                stdout,
                "{flags:?}: {stderr}"
            ),
            None => assert!(!output.stdout.is_empty(), "{flags:?}"),
        }
    }
    std::fs::remove_file(file).unwrap();
}

/// SIGTERM ends a two-thread count with the memo within the bound, with
/// status 143 and the count so far.
#[test]
#[ignore = "slow: a 10 MB problem; run in release"]
fn a_signal_stops_a_wide_count_within_a_second() {
    let file = wide_file("signal");
    let searching = reading_time(file.to_str().unwrap()).mul_f64(1.5) + Duration::from_secs(2);
    for flags in [&["--memo", "-j2"][..], &["-j2"]] {
        let child = dance_process()
            .args(["cover", "-q"])
            .args(flags)
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(searching);
        let signalled = Instant::now();
        signal(&child, "TERM");
        let output = child.wait_with_output().unwrap();
        let took = signalled.elapsed();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(143), "{flags:?}: {stderr}");
        assert!(stderr.contains("interrupted by SIGTERM"), "{stderr}");
        assert_eq!(String::from_utf8_lossy(&output.stdout), "0+\n", "{stderr}");
        assert!(took <= bound(), "{flags:?}: {took:?}");
    }
    std::fs::remove_file(file).unwrap();
}

/// An input that never ends (a generator piping options for ever) is read
/// only until the deadline: the run says it timed out while reading, and
/// exits 1.
#[test]
fn reading_an_endless_input_stops_at_the_deadline() {
    let mut child = spawn_piped(&["cover", "--timeout", "1"]);
    let mut stdin = child.stdin.take().unwrap();
    let started = Instant::now();
    let writer = std::thread::spawn(move || {
        let options = b"a b c\n".repeat(1 << 14);
        stdin.write_all(b"a b c\n").unwrap();
        // Until the reader goes away: a broken pipe ends the generator.
        while stdin.write_all(&options).is_ok() {}
    });
    let output = child.wait_with_output().unwrap();
    let took = started.elapsed();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("timed out after") && stderr.contains("while reading the problem"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
    assert!(took <= Duration::from_secs(1) + bound(), "{took:?}");
}

/// Queens on an `n`×`n` board whose options cost 0 to 99 at random (the
/// same every time): a search for the cheapest whose solutions come thick.
fn costed_queens(n: usize, test: &str) -> PathBuf {
    let problem = dance_dlx::problems::n_queens(n).to_string();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut lines = problem.lines();
    let mut text = format!("{}\n", lines.next().unwrap());
    for line in lines {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        text.push_str(&format!("{line} |{}\n", state % 100));
    }
    let path = std::env::temp_dir().join(format!("dance-best-{}-{test}.dlx", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// A search for the million cheapest — a million solutions kept, each
/// placed in the plain search's tree and in a heap, thousands a second —
/// ends within the bound of its deadline on one thread and on two, says it
/// is not proven optimal and exits 1: the upkeep of what it keeps counts
/// towards its looks at the stop as its nodes do.
#[test]
#[ignore = "slow: 14 queens searched for their million cheapest; run in release"]
fn the_million_cheapest_stop_on_time() {
    let file = costed_queens(14, "timeout");
    let file = file.to_str().unwrap();
    for threads in ["-j1", "-j2"] {
        let (output, took) = timed(&[
            "cover",
            "-q",
            threads,
            "--best",
            "1000000",
            "--timeout",
            "0.5",
            file,
        ]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{threads}: {stderr}");
        assert!(stderr.contains("not proven optimal"), "{threads}: {stderr}");
        assert!(
            took <= Duration::from_secs_f64(0.5) + bound(),
            "{threads}: {took:?}: {stderr}"
        );
    }
    std::fs::remove_file(file).unwrap();
}

/// SIGINT and SIGTERM end a search for the million cheapest within the
/// bound, with the signal's status and the cheapest found so far.
#[test]
#[ignore = "slow: 16 queens searched for their million cheapest; run in release"]
fn a_signal_stops_the_million_cheapest_within_a_second() {
    let file = costed_queens(16, "signal");
    for (signal, code) in [("-INT", 130), ("-TERM", 143)] {
        for threads in ["-j1", "-j2"] {
            let child = dance_process()
                .args(["cover", "-q", threads, "--best", "1000000"])
                .arg(&file)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            std::thread::sleep(Duration::from_millis(300));
            let signalled = Instant::now();
            crate::util::signal(&child, signal.trim_start_matches('-'));
            let output = child.wait_with_output().unwrap();
            let took = signalled.elapsed();
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(
                output.status.code(),
                Some(code),
                "{signal} {threads}: {stderr}"
            );
            assert!(
                stderr.contains("not proven optimal"),
                "{signal} {threads}: {stderr}"
            );
            assert!(took <= bound(), "{signal} {threads}: {took:?}");
        }
    }
    std::fs::remove_file(file).unwrap();
}
