//! `dance bench`: the race table, a row per engine labelled for what it is,
//! the speed-up of each of `fast` and `dlx` over the DFS on a line of its
//! own.

use predicates::prelude::*;

use crate::util::{dance, data, stdout_of};

/// The rows of a table: each engine's name, its `solved` column and what it
/// says the engine is.
fn rows(stdout: &str) -> Vec<(String, String, String)> {
    stdout
        .lines()
        .map(str::trim_start)
        .filter(|line| {
            ["fast ", "dlx ", "dfs "]
                .iter()
                .any(|e| line.starts_with(e))
        })
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            let what = fields[9..].join(" ");
            (fields[0].to_owned(), fields[2].to_owned(), what)
        })
        .collect()
}

#[test]
fn races_the_three_engines_on_a_small_set() {
    let stdout = stdout_of(
        dance(&["bench", "--mode", "unique", &data("easy3.txt")])
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "3 puzzles, uniqueness (count to 2), one thread",
            ))
            .stdout(predicate::str::contains("what it is"))
            .stdout(predicate::str::contains("dfs/dlx:"))
            .stdout(predicate::str::contains("(0 puzzles hit the 5s cap)"))
            .stdout(predicate::str::contains("DISAGREEMENTS").not()),
    );
    let rows = rows(&stdout);
    let names: Vec<&str> = rows.iter().map(|row| row.0.as_str()).collect();
    assert_eq!(names, ["fast", "dlx", "dfs"], "{stdout}");
    let solved: Vec<&str> = rows.iter().map(|row| row.1.as_str()).collect();
    assert_eq!(solved, ["3", "3", "3"], "{stdout}");
    let what: Vec<&str> = rows.iter().map(|row| row.2.as_str()).collect();
    assert_eq!(
        what,
        [
            "bands with own deductions and own search tree, not Algorithm X's (no dancing links)",
            "Dancing Links, the generic engine",
            "naive depth-first search",
        ],
        "{stdout}"
    );
}

#[test]
fn each_engine_has_its_own_speed_up_over_the_dfs() {
    let stdout = stdout_of(dance(&["bench", &data("easy3.txt")]).assert().success());
    let ratios: Vec<&str> = stdout
        .lines()
        .map(str::trim_start)
        .filter(|line| line.contains("x the time"))
        .collect();
    assert_eq!(ratios.len(), 3, "{stdout}");
    for (line, (pair, cap)) in ratios.iter().zip([
        ("dfs/fast: ", " the time (0 puzzles hit the 5s cap)"),
        ("dfs/dlx: ", " the time (0 puzzles hit the 5s cap)"),
        ("dlx/fast: ", " the time"),
    ]) {
        let ratio = line
            .strip_prefix(pair)
            .and_then(|rest| rest.strip_suffix(cap))
            .and_then(|ratio| ratio.strip_suffix('x'))
            .unwrap_or_else(|| panic!("{line:?} is not {pair}RATIOx{cap}"));
        let ratio: f64 = ratio.parse().unwrap();
        assert!(ratio > 0.0, "{line}");
    }
}

#[test]
fn the_engines_agree_on_every_kind_of_answer() {
    // Unique, multiple and unsolvable puzzles; jigsaw, X and 16×16 shapes,
    // where `fast` is not bitboards.
    for mode in ["first", "unique"] {
        for (file, extra) in [
            ("puzzles_9x9.txt", None),
            ("puzzles_jigsaw.txt", None),
            ("puzzles_x.txt", Some("-x")),
            ("puzzles_16x16.txt", None),
        ] {
            let file = data(file);
            let mut args = vec!["bench", "--mode", mode];
            args.extend(extra);
            args.push(&file);
            let stdout = stdout_of(
                dance(&args)
                    .assert()
                    .success()
                    .stdout(predicate::str::contains("DISAGREEMENTS").not()),
            );
            assert_eq!(rows(&stdout).len(), 3, "{stdout}");
        }
    }
    let two = ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
    let none = "11..............................................................................1";
    for mode in ["first", "unique"] {
        dance(&["bench", "--mode", mode, "-"])
            .write_stdin(format!("{two}\n{none}\n"))
            .assert()
            .success()
            .stdout(predicate::str::contains("DISAGREEMENTS").not());
    }
}

#[test]
fn engines_picks_the_racers() {
    let stdout = stdout_of(
        dance(&["bench", "--engines", "dfs,fast", &data("easy3.txt")])
            .assert()
            .success()
            .stdout(predicate::str::contains("dfs/fast: "))
            .stdout(predicate::str::contains("dfs/dlx:").not())
            .stdout(predicate::str::contains("dlx/fast:").not()),
    );
    let names: Vec<String> = rows(&stdout).into_iter().map(|row| row.0).collect();
    assert_eq!(names, ["fast", "dfs"], "{stdout}");
    let stdout = stdout_of(
        dance(&["bench", "--engines", "dlx,fast,dlx", &data("easy3.txt")])
            .assert()
            .success()
            .stdout(predicate::str::contains("dlx/fast: "))
            .stdout(predicate::str::contains("dfs/").not()),
    );
    let names: Vec<String> = rows(&stdout).into_iter().map(|row| row.0).collect();
    assert_eq!(names, ["fast", "dlx"], "{stdout}");
    dance(&["bench", "--engines", "dlx", &data("easy3.txt")])
        .assert()
        .success()
        .stdout(predicate::str::contains("x the time").not());
    for bad in ["--engines=", "--engines=bitboards", "--engines=fast,,dfs"] {
        dance(&["bench", bad, &data("easy3.txt")])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("possible values: fast, dlx, dfs"));
    }
    dance(&["bench", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--engines <ENGINE[,ENGINE...]>"))
        .stdout(predicate::str::contains("[default: fast,dlx,dfs]"));
}

#[test]
fn a_bad_record_is_reported_and_the_rest_raced() {
    let stdout = stdout_of(
        dance(&["bench", "--dfs-timeout", "0.5", &data("mixed.txt")])
            .assert()
            .code(1)
            .stdout(predicate::str::contains("dfs/fast:"))
            .stdout(predicate::str::contains("dfs/dlx:"))
            .stderr(predicate::str::contains(
                "mixed.txt:4:12: expected N*N cells",
            ))
            .stderr(predicate::str::contains(
                "mixed.txt:7:38: 'x' is not a digit of size 9",
            )),
    );
    assert_eq!(rows(&stdout).len(), 3, "{stdout}");
}

#[test]
fn a_tiny_dfs_cap_counts_timeouts_instead_of_hanging() {
    dance(&["bench", "--dfs-timeout", "0.000001", &data("grid.txt")])
        .assert()
        .success()
        .stdout(predicate::str::contains("dfs/fast: at least"))
        .stdout(predicate::str::contains("dfs/dlx: at least"))
        .stdout(predicate::str::contains("(1 puzzles hit the 1µs cap)"));
}

#[test]
fn the_fast_row_names_the_engine_that_served_the_set() {
    let what_fast = |args: &[&str], stdin: &str| {
        let stdout = stdout_of(
            dance(&[&["bench", "--engines", "fast,dlx"], args].concat())
                .write_stdin(stdin.to_owned())
                .assert()
                .success(),
        );
        let rows = rows(&stdout);
        assert_eq!(rows[1].2, "Dancing Links, the generic engine", "{stdout}");
        rows[0].2.clone()
    };
    let nine = std::fs::read_to_string(data("easy3.txt")).unwrap();
    assert_eq!(
        what_fast(&["-"], &nine),
        "bands with own deductions and own search tree, not Algorithm X's (no dancing links)"
    );
    // A 9×9 jigsaw runs on the per-item bitboards.
    let jigsaw = format!(
        "{} aaaabbcccaabbbbcccaaaebbcccdddebffffdddeeeeffdgdeeeiffggdhhhifiggghhiiiiggghhhhii\n",
        ".".repeat(81)
    );
    assert_eq!(
        what_fast(&["-"], &jigsaw),
        "Algorithm X on bitboards (no dancing links)"
    );
    // 4×4 runs on the four-item kernel, 16×16 and X-Sudoku on the generic
    // engine: `fast` is Dancing Links there, and says so.
    assert_eq!(
        what_fast(&["-"], "1...\n..3.\n.4..\n...2\n\n"),
        "Dancing Links, the four-item Sudoku kernel"
    );
    let sixteen = std::fs::read_to_string(data("puzzles_16x16.txt")).unwrap();
    assert_eq!(
        what_fast(&["-"], &sixteen),
        "Dancing Links, the generic engine"
    );
    let x = std::fs::read_to_string(data("x.txt")).unwrap();
    assert_eq!(
        what_fast(&["-x", "-"], &x),
        "Dancing Links, the generic engine"
    );
    // A file of two shapes names both, in order of first use.
    assert_eq!(
        what_fast(
            &["-"],
            &format!(
                "{}{sixteen}",
                nine.lines().next().unwrap().to_owned() + "\n"
            )
        ),
        "bands with own deductions and own search tree, not Algorithm X's (no dancing links); Dancing Links, the generic engine"
    );
}
