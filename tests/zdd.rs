//! `dance cover --zdd` and `--sample`: the ZDD written counts what `--memo`
//! and the plain count count, reads back, and `--sample` prints solutions
//! that check, the same for a seed at any -j and memo budget — on problems
//! with multiplicities too.

use std::collections::HashMap;

use dance_dlx::{OptionDisplay, OptionId, Problem, Zdd, parse_problem};
use predicates::prelude::*;

use crate::util::{bench_data, dance, data, stdout_of};

/// The problems of the tests: primary items only, colors, secondary items.
const FILES: [&str; 4] = ["toy.dlx", "colored.dlx", "queens8.dlx", "langford8.dlx"];

fn problem_of(path: &str) -> Problem {
    parse_problem(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// The solutions printed as `--all` prints them, as options of `problem`.
fn solutions_of(problem: &Problem, text: &str) -> Vec<Vec<OptionId>> {
    let lines: HashMap<String, OptionId> = problem
        .options()
        .map(|(option, _)| (OptionDisplay::new(problem, option).to_string(), option))
        .collect();
    text.split_terminator("\n\n")
        .map(|block| block.lines().map(|line| lines[line]).collect())
        .collect()
}

#[test]
fn the_zdd_written_counts_what_the_memo_and_the_plain_search_count() {
    let dir = std::env::temp_dir().join(format!("dance-zdd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files: Vec<String> = FILES.iter().map(|f| data(f)).collect();
    files.push(bench_data("dominoes8x8.dlx"));
    files.push(bench_data("pentominoes6x10.dlx"));
    for file in &files {
        let path = dir.join("out.zdd");
        let path = path.to_str().unwrap();
        let written = stdout_of(dance(&["cover", "--zdd", path, file]).assert().success());
        let memo = stdout_of(dance(&["cover", "--memo", file]).assert().success());
        assert_eq!(written, memo, "{file}");
        // The plain search on the small ones (the boards take it minutes
        // in a debug build).
        if FILES.iter().any(|f| file.ends_with(f)) {
            let plain = stdout_of(dance(&["cover", file]).assert().success());
            assert_eq!(written, plain, "{file}");
        }
        let zdd: Zdd = std::fs::read_to_string(path).unwrap().parse().unwrap();
        assert_eq!(format!("{}\n", zdd.count()), written, "{file}");
        // The file is the diagram as the library writes it: reduced, read back whole.
        assert_eq!(zdd.to_string(), std::fs::read_to_string(path).unwrap());
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_zdd_on_stdout_is_alone_and_stats_give_its_size() {
    let assert = dance(&["cover", "--zdd", "-", "--stats", &data("queens8.dlx")])
        .assert()
        .success()
        .stderr(predicate::str::contains("92\n"))
        .stderr(predicate::str::contains("zdd nodes: "));
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    let text = stdout_of(assert);
    let zdd: Zdd = text.parse().unwrap();
    assert_eq!(*zdd.count(), 92);
    let size = stderr
        .lines()
        .find_map(|line| line.strip_prefix("zdd nodes: "))
        .unwrap();
    assert_eq!(size.parse::<usize>().unwrap(), text.lines().count() - 1);
    assert_eq!(size.parse::<usize>().unwrap(), zdd.node_count());
    assert!(text.lines().last().unwrap().contains("(~0?0:"));
}

#[test]
fn sampled_solutions_check_and_a_seed_gives_the_same_sample_everywhere() {
    for file in FILES {
        let file = data(file);
        let problem = problem_of(&file);
        let sample = stdout_of(
            dance(&["cover", "--sample", "40", "--seed", "9", &file])
                .assert()
                .success(),
        );
        let solutions = solutions_of(&problem, &sample);
        assert_eq!(solutions.len(), 40, "{file}");
        for solution in &solutions {
            problem.check(solution).unwrap();
        }
        for other in [
            vec!["-j", "2"],
            vec!["--memo-mb", "1"],
            vec!["-j", "2", "--memo-mb", "1"],
        ] {
            let mut args = vec!["cover", "--sample", "40", "--seed", "9"];
            args.extend(other.iter().copied());
            args.push(&file);
            assert_eq!(
                stdout_of(dance(&args).assert().success()),
                sample,
                "{file} {other:?}"
            );
        }
    }
    let queens = data("queens8.dlx");
    let one = stdout_of(dance(&["cover", "--sample", "20", "--seed", "1", &queens]).assert());
    let two = stdout_of(dance(&["cover", "--sample", "20", "--seed", "2", &queens]).assert());
    assert_ne!(one, two);
}

/// Dominoes 16×16: about 2.4 · 10³⁰ tilings, far past 2⁶⁴; a thousand
/// samples, each a tiling.
#[test]
fn a_thousand_samples_of_the_16x16_board_are_tilings() {
    let file = bench_data("dominoes16x16.dlx");
    let problem = problem_of(&file);
    let sample = stdout_of(
        dance(&["cover", "--sample", "1000", "--seed", "16", &file])
            .assert()
            .success(),
    );
    let solutions = solutions_of(&problem, &sample);
    assert_eq!(solutions.len(), 1000);
    for solution in &solutions {
        assert_eq!(solution.len(), 128);
        problem.check(solution).unwrap();
    }
    // Independent draws: no two of them alike among 2.4 · 10³⁰.
    let mut distinct = solutions.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 1000);
}

#[test]
fn no_solution_is_a_shortfall() {
    let dir = std::env::temp_dir().join(format!("dance-zdd-none-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("none.dlx");
    std::fs::write(&file, "a b\na\n").unwrap();
    let file = file.to_str().unwrap();
    dance(&["cover", "--zdd", "-", file])
        .assert()
        .code(1)
        .stdout("2: (~0?0:0)\n");
    dance(&["cover", "--sample", "3", file])
        .assert()
        .code(1)
        .stdout("");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A problem with bounds, colors and secondary items (Algorithm M): items
/// `a` once or twice, `b` up to twice, `c` exactly twice.
const BOUNDED: &str = "1:2|a 0:2|b 2|c | x y\n\
    a b x:1\nb c x:2\na c y\nc\nb y:1\na x:1 y\nc x:1\nc y:2\na\n";

/// On problems with multiplicities, `--zdd` writes a diagram that counts
/// what `--memo` and the plain search count, at -j1 and -j2, and
/// `--sample` prints solutions that check, the same at any -j and budget.
#[test]
fn multiplicities_have_their_zdd_memo_count_and_samples() {
    let dir = std::env::temp_dir().join(format!("dance-zdd-m-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bounded = dir.join("bounds.dlx");
    std::fs::write(&bounded, BOUNDED).unwrap();
    let bounded = bounded.to_str().unwrap().to_string();
    let rooks = bench_data("rooks6x3.dlx");
    for (file, count) in [(&bounded, None), (&rooks, Some("297200\n"))] {
        let path = dir.join("out.zdd");
        let path = path.to_str().unwrap();
        let written = stdout_of(dance(&["cover", "--zdd", path, file]).assert().success());
        if let Some(count) = count {
            assert_eq!(written, count);
        } else {
            let plain = stdout_of(dance(&["cover", file]).assert().success());
            assert_eq!(written, plain, "{file}");
            assert_ne!(written, "0\n");
        }
        let zdd: Zdd = std::fs::read_to_string(path).unwrap().parse().unwrap();
        assert_eq!(format!("{}\n", zdd.count()), written, "{file}");
        for threads in ["1", "2"] {
            let memo = stdout_of(
                dance(&["cover", "--memo", "-j", threads, file])
                    .assert()
                    .success(),
            );
            assert_eq!(memo, written, "{file} -j{threads}");
            let zdd_j = stdout_of(
                dance(&["cover", "--zdd", "-", "-j", threads, file])
                    .assert()
                    .success(),
            );
            assert_eq!(zdd_j, std::fs::read_to_string(path).unwrap(), "{file}");
        }
        let problem = problem_of(file);
        let sample = stdout_of(
            dance(&["cover", "--sample", "30", "--seed", "4", file])
                .assert()
                .success(),
        );
        let solutions = solutions_of(&problem, &sample);
        assert_eq!(solutions.len(), 30, "{file}");
        for solution in &solutions {
            problem.check(solution).unwrap();
        }
        for other in [vec!["-j", "2"], vec!["--memo-mb", "1"]] {
            let mut args = vec!["cover", "--sample", "30", "--seed", "4"];
            args.extend(other.iter().copied());
            args.push(file);
            assert_eq!(
                stdout_of(dance(&args).assert().success()),
                sample,
                "{other:?}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn other_goals_are_refused() {
    for flag in ["--zdd", "--sample"] {
        let value = if flag == "--zdd" { "-" } else { "2" };
        dance(&["cover", flag, value, "--all", &data("toy.dlx")])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("cannot be used with"));
    }
}

#[test]
fn a_timeout_stops_the_build_and_says_so() {
    for flag in [["--zdd", "-"], ["--sample", "5"]] {
        let mut args = vec!["cover", "--timeout", "0.05"];
        args.extend(flag);
        let file = bench_data("dominoes16x16.dlx");
        args.push(&file);
        dance(&args)
            .assert()
            .code(1)
            .stdout("")
            .stderr(predicate::str::contains("timed out after"));
    }
}
