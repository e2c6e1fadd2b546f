//! `dance cover` through the library's searches on threads: a limit, a
//! deadline and a signal (the stop's flag) give the same statuses and
//! counts at `-j1`, `-j2` and `-j4`, and printed solutions are byte for
//! byte the sequential search's.

use std::time::Duration;

use crate::util::{bench_data, dance, data, signal, spawn_piped, stdout_of};

const THREADS: [&str; 3] = ["-j1", "-j2", "-j4"];

/// `dance cover ARGS` at every thread count: the exit codes and outputs.
fn at_every_thread_count(args: &[&str]) -> Vec<(Option<i32>, String)> {
    THREADS
        .iter()
        .map(|threads| {
            let mut all = vec!["cover", "-q", threads];
            all.extend_from_slice(args);
            let output = dance(&all).output().unwrap();
            (
                output.status.code(),
                String::from_utf8(output.stdout).unwrap(),
            )
        })
        .collect()
}

#[test]
fn limits_answer_alike_on_every_thread_count() {
    let queens = data("queens10.dlx");
    for (limit, expected, code) in [
        ("1", "1+\n", 0),
        ("100", "100+\n", 0),
        ("723", "723+\n", 0),
        ("724", "724\n", 0),
        ("5000", "724\n", 0),
    ] {
        for (got, threads) in at_every_thread_count(&["--limit", limit, &queens])
            .into_iter()
            .zip(THREADS)
        {
            assert_eq!(
                got,
                (Some(code), expected.to_owned()),
                "--limit {limit} {threads}"
            );
        }
    }
    let count = at_every_thread_count(&[&queens]);
    assert!(
        count
            .iter()
            .all(|got| *got == (Some(0), "724\n".to_owned()))
    );
}

#[test]
fn printed_solutions_are_the_sequential_searchs_on_every_thread_count() {
    let queens = data("queens10.dlx");
    for args in [
        vec!["--all"],
        vec!["--first"],
        vec!["--all", "--limit", "7"],
        vec!["--all", "--limit", "724"],
    ] {
        let mut with = args.clone();
        with.push(&queens);
        let outputs = at_every_thread_count(&with);
        assert!(!outputs[0].1.is_empty(), "{args:?}");
        for (got, threads) in outputs.iter().zip(THREADS) {
            assert_eq!(*got, outputs[0], "{args:?} {threads}");
        }
    }
}

/// The 18 queens take minutes, the tilings of a 30×30 board with the memo
/// too: a 0.2 s timeout answers a lower bound and `timed out`, exit 1.
#[test]
fn a_deadline_answers_a_lower_bound_on_every_thread_count() {
    let queens18 = n_queens_file(18);
    let dominoes = bench_data("dominoes12x12.dlx");
    // The memo counts the 12×12 board in milliseconds in a release build;
    // a 30×30 board within 1 MiB takes minutes.
    let wide = dominoes_file(30, 30);
    for args in [
        vec!["--timeout", "0.2", queens18.as_str()],
        vec![
            "--timeout",
            "0.2",
            "--limit",
            "100000000",
            queens18.as_str(),
        ],
        vec!["--timeout", "0.2", dominoes.as_str()],
        vec![
            "--timeout",
            "0.2",
            "--memo",
            "--memo-mb",
            "1",
            wide.as_str(),
        ],
    ] {
        for threads in THREADS {
            let mut all = vec!["cover", "-q", threads];
            all.extend_from_slice(&args);
            let assert = dance(&all)
                .timeout(Duration::from_secs(60))
                .assert()
                .code(1)
                .stderr(predicates::str::contains("timed out"));
            let stdout = stdout_of(assert);
            let count = stdout.trim_end().strip_suffix('+');
            assert!(
                count.is_some_and(|n| n.parse::<u64>().is_ok()),
                "{args:?} {threads}: {stdout}"
            );
        }
    }
}

/// A signal raises the stop's flag: the count so far, `N+`, status 130.
#[test]
fn a_signal_answers_a_lower_bound_on_every_thread_count() {
    let queens18 = n_queens_file(18);
    for threads in THREADS {
        let child = spawn_piped(&["cover", "-q", threads, &queens18]);
        std::thread::sleep(Duration::from_millis(500));
        signal(&child, "INT");
        let output = child.wait_with_output().unwrap();
        assert_eq!(output.status.code(), Some(130), "{threads}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        let count = stdout.trim_end().strip_suffix('+');
        assert!(
            count.is_some_and(|n| n.parse::<u64>().is_ok()),
            "{threads}: {stdout}"
        );
    }
}

/// The `n` queens in Knuth's format, written by `dance` itself into a
/// temporary file.
fn n_queens_file(n: usize) -> String {
    problem_file(&format!("queens{n}"), || dance_dlx::problems::n_queens(n))
}

/// The domino tilings of a `rows`×`cols` board, likewise.
fn dominoes_file(rows: usize, cols: usize) -> String {
    problem_file(&format!("dominoes{rows}x{cols}"), || {
        dance_dlx::problems::domino_tilings(rows, cols)
    })
}

/// `problem()` in Knuth's format, written once per process into a temporary
/// file named after `name`.
fn problem_file(name: &str, problem: impl FnOnce() -> dance_dlx::Problem) -> String {
    let path =
        std::env::temp_dir().join(format!("dance-threads-{name}-{}.dlx", std::process::id()));
    if !path.exists() {
        std::fs::write(&path, problem().to_string()).unwrap();
    }
    path.display().to_string()
}
