//! `dance rate` end to end: a line per record in input order, errors in
//! place, the same output for any -j, and easy puzzles below hard ones.

use crate::util::{bench_data, dance, data, stdout_of};

#[test]
fn every_record_gets_a_line_in_order() {
    let output = dance(&["rate", &data("mixed.txt")]).assert().code(1);
    let stderr = String::from_utf8(output.get_output().stderr.clone()).unwrap();
    let stdout = stdout_of(output);
    let words: Vec<&str> = stdout
        .lines()
        .map(|line| line.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        words[1..],
        ["error", "none", "error", "multiple", "multiple"]
    );
    assert!(stdout.lines().next().unwrap().starts_with("extreme "));
    let file = data("mixed.txt");
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stderr.starts_with(&format!("{file}:4:12: ")), "{stderr}");
}

#[test]
fn a_rating_is_level_nodes_and_guesses() {
    // One blank: one forced move, no guess, in every transformation.
    let solved =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
    let puzzle = format!(".{}", &solved[1..]);
    dance(&["rate"])
        .write_stdin(format!("{puzzle}\n"))
        .assert()
        .success()
        .stdout("easy 1.0 0.0\n");
}

#[test]
fn output_is_the_same_for_any_thread_count() {
    let hardest = data("puzzles_9x9.txt");
    let sequential = stdout_of(dance(&["rate", "-j1", &hardest]).assert().success());
    assert_eq!(sequential.lines().count(), 11);
    let parallel = stdout_of(dance(&["rate", "-j2", &hardest]).assert().success());
    assert_eq!(parallel, sequential);
}

#[test]
fn grids_and_jigsaw_maps_are_read_as_solve_reads_them() {
    let grids = stdout_of(
        dance(&["rate", &data("puzzles_grid.txt")])
            .assert()
            .success(),
    );
    let jigsaw = stdout_of(
        dance(&["rate", &data("puzzles_jigsaw.txt")])
            .assert()
            .success(),
    );
    let x = stdout_of(
        dance(&["rate", "-x", &data("puzzles_x.txt")])
            .assert()
            .success(),
    );
    for output in [grids, jigsaw, x] {
        assert!(!output.is_empty());
        for line in output.lines() {
            let fields: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(fields.len(), 3, "{line}");
            assert!(fields[1].parse::<f64>().is_ok() && fields[2].parse::<f64>().is_ok());
        }
    }
}

#[test]
fn easy_puzzles_rate_below_the_forum_hardest() {
    let mean_guesses = |lines: &str| {
        let guesses: Vec<f64> = lines
            .lines()
            .map(|line| line.split_whitespace().nth(2).unwrap().parse().unwrap())
            .collect();
        guesses.iter().sum::<f64>() / guesses.len() as f64
    };
    let easy: String = std::fs::read_to_string(bench_data("easy_with_solutions.txt"))
        .unwrap()
        .lines()
        .take(40)
        .map(|line| format!("{}\n", &line[..81]))
        .collect();
    let easy = stdout_of(dance(&["rate"]).write_stdin(easy).assert().success());
    let hardest: String = std::fs::read_to_string(bench_data("forum_hardest.txt"))
        .unwrap()
        .lines()
        .take(10)
        .map(|line| format!("{line}\n"))
        .collect();
    let hardest = stdout_of(dance(&["rate"]).write_stdin(hardest).assert().success());
    assert!(mean_guesses(&easy) < 1.0, "{easy}");
    assert!(mean_guesses(&hardest) > 100.0, "{hardest}");
    assert!(hardest.lines().all(|line| !line.starts_with("easy")));
}

/// The rating is a function of the puzzle, not of the format it is written
/// in: the same puzzles as lines, as grids and as pencilmarks (every cell
/// its given alone or every digit) rate the same.
#[test]
fn a_rating_does_not_depend_on_the_format() {
    let generate = |output: &str| {
        stdout_of(
            dance(&[
                "generate", "-q", "-n", "6", "--seed", "4", "--output", output,
            ])
            .assert()
            .success(),
        )
    };
    let lines = generate("line");
    let marks = generate("pencilmark");
    let options = dance_sudoku::format::ParseOptions::default();
    let grids: Vec<String> = lines
        .lines()
        .map(|line| {
            let puzzle = dance_sudoku::format::line::parse(line, &options).unwrap();
            dance_sudoku::format::grid::format_puzzle(&puzzle)
        })
        .collect();
    let rate = |input: String| stdout_of(dance(&["rate"]).write_stdin(input).assert().success());
    let by_line = rate(lines);
    assert_eq!(by_line.lines().count(), 6);
    assert_eq!(rate(marks), by_line);
    assert_eq!(rate(grids.join("\n")), by_line);
}

/// The ratings recorded under `tests/data/rate/` before the fast 9×9
/// engine got its own search tree: the rating is defined on Algorithm X's
/// tree, so they must not move.
#[test]
fn ratings_stay_on_algorithm_x_tree() {
    let inputs = [
        data("easy3.txt"),
        data("grid.txt"),
        data("mixed.txt"),
        data("poj.txt"),
        data("puzzles_9x9.txt"),
        data("puzzles_grid.txt"),
        data("puzzles_poj.txt"),
        bench_data("top95.txt"),
    ];
    for input in inputs {
        let name = std::path::Path::new(&input).file_name().unwrap();
        let expected =
            std::fs::read_to_string(data(&format!("rate/{}", name.to_str().unwrap()))).unwrap();
        let output = dance(&["rate", "-j2", &input]).output().unwrap();
        assert_eq!(
            String::from_utf8(output.stdout).unwrap(),
            expected,
            "{input}"
        );
    }
}
