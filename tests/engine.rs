//! `dance solve --engine fast|dlx|dfs`: the same answers from the 9×9
//! deductions, the generic Dancing Links engine and the naive DFS. On plain
//! 9×9 `fast` walks its own tree (fewer guesses); elsewhere it makes
//! `dlx`'s guesses. Every answer names the engine that served it.

use serde::Deserialize;

use crate::util::{bench_data, dance, data, stdout_of};

const ENGINES: [&str; 3] = ["fast", "dlx", "dfs"];

/// The fields of a JSON Lines record this module looks at.
#[derive(Debug, Deserialize)]
struct Record {
    status: String,
    solution: Option<String>,
    nodes: u64,
    guesses: u64,
    engine: Option<String>,
}

/// The records of `dance solve --output json ARGS`, without the summary.
fn records(args: &[&str]) -> Vec<Record> {
    let mut all = vec!["solve", "--output", "json"];
    all.extend_from_slice(args);
    stdout_of(dance(&all).assert())
        .lines()
        .filter(|line| !line.starts_with("{\"summary\""))
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
fn every_engine_gives_the_same_answers_at_any_thread_count() {
    for (file, extra) in [
        ("puzzles_9x9.txt", None),
        ("puzzles_jigsaw.txt", None),
        ("puzzles_x.txt", Some("-x")),
    ] {
        let file = data(file);
        let mut outputs = Vec::new();
        for engine in ENGINES {
            for threads in ["-j1", "-j2"] {
                let mut args = vec!["solve", "--unique", "--engine", engine, threads];
                args.extend(extra);
                args.push(&file);
                outputs.push((engine, threads, dance(&args).output().unwrap()));
            }
        }
        let (_, _, first) = &outputs[0];
        assert!(!first.stdout.is_empty());
        for (engine, threads, output) in &outputs {
            assert_eq!(output.stdout, first.stdout, "{file} {engine} {threads}");
            assert_eq!(output.status.code(), first.status.code(), "{file} {engine}");
        }
    }
}

#[test]
fn fast_finds_dlx_answers_with_fewer_guesses_and_the_dfs_its_own() {
    // top95 is too hard for the DFS in a debug test; its 12 puzzles are not.
    let top95 = bench_data("top95.txt");
    let fast = records(&["--engine", "fast", "-j2", &top95]);
    let dlx = records(&["--engine", "dlx", "-j2", &top95]);
    assert_eq!((fast.len(), dlx.len()), (95, 95));
    for (fast, dlx) in fast.iter().zip(&dlx) {
        assert_eq!(fast.status, "solved");
        assert_eq!(fast.solution, dlx.solution);
        assert!(dlx.guesses > 0);
    }
    // Its own deductions prune harder than Algorithm X's forced choices.
    let guesses = |records: &[Record]| records.iter().map(|r| r.guesses).sum::<u64>();
    assert!(
        2 * guesses(&fast) < guesses(&dlx),
        "{} {}",
        guesses(&fast),
        guesses(&dlx)
    );
    // Elsewhere `fast` is Algorithm X: a 9×9 jigsaw makes dlx's guesses.
    let jigsaw = data("puzzles_jigsaw.txt");
    let fast = records(&["--engine", "fast", "-j1", &jigsaw]);
    let dlx = records(&["--engine", "dlx", "-j1", &jigsaw]);
    assert!(!fast.is_empty());
    for (fast, dlx) in fast.iter().zip(&dlx) {
        assert_eq!((fast.guesses, &fast.solution), (dlx.guesses, &dlx.solution));
    }
    let file = data("puzzles_9x9.txt");
    let dlx = records(&["--engine", "dlx", "-j1", &file]);
    let dfs = records(&["--engine", "dfs", "-j1", &file]);
    assert_eq!(dlx.len(), dfs.len());
    for (dlx, dfs) in dlx.iter().zip(&dfs) {
        assert_eq!(dlx.solution, dfs.solution);
        assert!(dfs.nodes > 0);
    }
    let total = |records: &[Record]| records.iter().map(|r| r.nodes).sum::<u64>();
    // The DFS tries one digit per node in row-major order: far more nodes.
    assert!(total(&dfs) > 10 * total(&dlx));
}

#[test]
fn the_dfs_honours_the_timeout() {
    // 17-clue puzzles take the naive DFS far more than 1 ms each.
    let puzzles = std::fs::read_to_string(bench_data("17clue_sample.txt")).unwrap();
    let first: String = puzzles
        .lines()
        .take(30)
        .map(|line| format!("{line}\n"))
        .collect();
    let output = dance(&["solve", "--engine", "dfs", "--timeout", "0.001", "-j1"])
        .write_stdin(first)
        .assert()
        .code(1);
    assert!(stdout_of(output).lines().any(|line| line == "timeout"));
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    dance(&["solve", "--engine", "dancing"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("fast"));
}

/// The engines of each record of `dance solve --output json ARGS`.
fn engines(args: &[&str]) -> Vec<String> {
    records(args)
        .into_iter()
        .map(|record| {
            record
                .engine
                .expect("a record that was read names its engine")
        })
        .collect()
}

#[test]
fn each_answer_names_the_engine_that_served_it() {
    let nine = data("puzzles_9x9.txt");
    let served = |args: &[&str], expected: &str| {
        let names = engines(args);
        assert!(!names.is_empty(), "{args:?}");
        assert!(
            names.iter().all(|name| name == expected),
            "{args:?}: {names:?}"
        );
    };
    served(&[&nine], "deductions");
    served(&["--engine", "dlx", &nine], "dlx");
    served(&["--engine", "dfs", "-j2", &nine], "dfs");
    served(&[&data("puzzles_jigsaw.txt")], "kernel");
    served(&[&bench_data("generated9_jigsaw.txt")], "bitboards");
    served(&["-x", &data("puzzles_x.txt")], "dlx");
    served(&[&data("puzzles_16x16.txt")], "dlx");
    // A pencilmark puzzle with candidates of its own has a matrix of its
    // own, on the generic engine; one whose cells are given or blank is a
    // plain puzzle.
    let marks = engines(&[&data("pencilmark.txt")]);
    assert_eq!(marks, ["dlx", "deductions", "deductions"]);
    let four = format!("12..{}\n", ".".repeat(12));
    let json = stdout_of(
        dance(&["solve", "--output", "json"])
            .write_stdin(four)
            .assert()
            .success(),
    );
    let record: Record = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(record.engine.as_deref(), Some("kernel"));
    // A record that could not be read was served by none.
    let mixed = stdout_of(dance(&["solve", "--output", "json", &data("mixed.txt")]).assert());
    let unread: Vec<serde_json::Value> = mixed
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .filter(|value: &serde_json::Value| value["status"] == "error")
        .collect();
    assert_eq!(unread.len(), 2);
    assert!(unread.iter().all(|value| value["engine"].is_null()));
}

#[test]
fn stats_and_the_json_summary_count_records_per_engine() {
    // Two shapes in one run: the 9×9 puzzles on the deductions, the
    // smaller jigsaw ones on the four-item kernel.
    let (nine, jigsaw) = (data("puzzles_9x9.txt"), data("puzzles_jigsaw.txt"));
    let (nines, jigsaws) = (records(&[&nine]).len(), records(&[&jigsaw]).len());
    let stderr = |args: &[&str]| {
        let mut all = vec!["solve", "--stats", "-q"];
        all.extend_from_slice(args);
        let output = dance(&all).assert().success();
        String::from_utf8(output.get_output().stderr.clone()).unwrap()
    };
    let both = stderr(&[&nine, &jigsaw]);
    assert!(
        both.contains(&format!(
            "\nengines: deductions {nines}, kernel {jigsaws}\n"
        )),
        "{both}"
    );
    let generic = stderr(&["--engine", "dlx", &nine]);
    assert!(
        generic.ends_with(&format!("\nengines: dlx {nines}\n")),
        "{generic}"
    );
    let json = stdout_of(dance(&["solve", "--output", "json", &nine, &jigsaw]).assert());
    let summary: serde_json::Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    assert_eq!(
        summary["summary"]["engines"],
        serde_json::json!({"deductions": nines, "kernel": jigsaws})
    );
    // Nothing searched: no engine.
    let none = dance(&["solve", "--stats"])
        .write_stdin("")
        .assert()
        .success();
    let none = String::from_utf8(none.get_output().stderr.clone()).unwrap();
    assert!(none.ends_with("\nengines: none\n"), "{none}");
}

#[test]
fn every_copy_of_the_9x9_deductions_walks_the_same_tree() {
    // `DANCE_SIMD` caps the copy the fast engine runs (the baseline, the
    // AVX2 one, the AVX-512 one: each where the CPU has it); every copy
    // gives the same answers, nodes and guesses, record by record.
    /// A record's status, solution, nodes and guesses.
    type Walk = (String, Option<String>, u64, u64);
    let top95 = bench_data("top95.txt");
    let runs: Vec<(&str, Vec<Walk>)> = ["off", "avx2", "avx512"]
        .into_iter()
        .map(|cap| {
            let output = dance(&["solve", "--output", "json", "--unique", &top95])
                .env("DANCE_SIMD", cap)
                .assert();
            let records = stdout_of(output)
                .lines()
                .filter(|line| !line.starts_with("{\"summary\""))
                .map(|line| {
                    let record: Record = serde_json::from_str(line).unwrap();
                    (record.status, record.solution, record.nodes, record.guesses)
                })
                .collect();
            (cap, records)
        })
        .collect();
    let (_, baseline) = &runs[0];
    assert_eq!(baseline.len(), 95);
    assert!(baseline.iter().all(|(status, ..)| status == "unique"));
    for (cap, records) in &runs[1..] {
        assert_eq!(records, baseline, "DANCE_SIMD={cap}");
    }
}
