//! Fixture pairs under `tests/data/`: every puzzle file comes with a file of
//! its solutions, computed by the DFS and checked with `verify`.

use std::fs;

use dance_sudoku::format::{self, Format, ParseOptions};
use dance_sudoku::{Digit, EngineChoice, Grid, Puzzle, Status, Variant, dfs, verify};

use crate::util::{collect, data};

/// Reads every puzzle of a fixture file, which must all parse.
fn puzzles(name: &str, format: Format, options: ParseOptions) -> Vec<Puzzle> {
    let bytes = fs::read(data(name)).unwrap();
    collect(format::read(&bytes[..], format, options))
        .into_iter()
        .map(|r| r.puzzle.unwrap_or_else(|e| panic!("{name}:{e}")))
        .collect()
}

/// Reads a solution file as a stream of digits, whatever its layout: lines,
/// grids with separators or POJ rows.
fn solution_digits(name: &str) -> Vec<Digit> {
    fs::read_to_string(data(name))
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(|line| {
            line.chars()
                .filter_map(Digit::from_char)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Checks a fixture pair and returns how many puzzles it holds.
fn check_pair(puzzles: &[Puzzle], solutions: &str, unique: bool) -> usize {
    let mut digits = solution_digits(solutions).into_iter();
    for (i, puzzle) in puzzles.iter().enumerate() {
        let expected: Vec<Digit> = digits.by_ref().take(puzzle.shape().cell_count()).collect();
        let expected = Grid::new(puzzle.shape().clone(), expected).unwrap();
        assert_eq!(verify(puzzle, &expected), Ok(()), "{solutions} #{}", i + 1);
        let found = dfs::solve(puzzle).unwrap();
        assert_eq!(found, expected, "{solutions} #{}", i + 1);
        if unique {
            assert_eq!(
                crate::util::verdict(puzzle, EngineChoice::Dfs),
                (Status::Unique, Some(expected)),
                "{solutions} #{}",
                i + 1
            );
        }
    }
    assert_eq!(digits.next(), None, "{solutions} has extra solutions");
    puzzles.len()
}

#[test]
fn norvig_hardest_nine_by_nine() {
    let puzzles = puzzles("puzzles_9x9.txt", Format::Line, ParseOptions::default());
    assert_eq!(check_pair(&puzzles, "solutions_9x9.txt", false), 11);
}

#[test]
fn jigsaw() {
    let puzzles = puzzles("puzzles_jigsaw.txt", Format::Line, ParseOptions::default());
    assert!(puzzles.iter().all(|p| p.shape().is_jigsaw()));
    assert!(check_pair(&puzzles, "solutions_jigsaw.txt", true) >= 5);
}

#[test]
fn x_sudoku() {
    let options = ParseOptions {
        variant: Variant::X,
        ..ParseOptions::default()
    };
    let puzzles = puzzles("puzzles_x.txt", Format::Line, options);
    assert!(check_pair(&puzzles, "solutions_x.txt", true) >= 3);
}

#[test]
fn sixteen_by_sixteen() {
    let puzzles = puzzles("puzzles_16x16.txt", Format::Line, ParseOptions::default());
    assert!(puzzles.iter().all(|p| p.shape().size() == 16));
    assert!(check_pair(&puzzles, "solutions_16x16.txt", true) >= 2);
}

#[test]
fn poj_shaped() {
    let puzzles = puzzles("puzzles_poj.txt", Format::Poj, ParseOptions::default());
    assert!(check_pair(&puzzles, "solutions_poj.txt", true) >= 3);
    let printed: String = puzzles
        .iter()
        .map(|p| format::poj::format_grid(&dfs::solve(p).unwrap()).unwrap())
        .collect();
    assert_eq!(
        printed,
        fs::read_to_string(data("solutions_poj.txt")).unwrap()
    );
}

#[test]
fn grid_shaped() {
    let bytes = fs::read(data("puzzles_grid.txt")).unwrap();
    let (format, _) = format::read_auto(&bytes[..], ParseOptions::default()).unwrap();
    assert_eq!(format, Format::Grid);
    let puzzles = puzzles("puzzles_grid.txt", Format::Grid, ParseOptions::default());
    assert!(check_pair(&puzzles, "solutions_grid.txt", true) >= 3);
}

#[test]
fn line_fixtures_are_detected_as_lines() {
    for name in [
        "puzzles_9x9.txt",
        "puzzles_jigsaw.txt",
        "puzzles_x.txt",
        "puzzles_16x16.txt",
    ] {
        let bytes = fs::read(data(name)).unwrap();
        let (format, _) = format::read_auto(&bytes[..], ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Line, "{name}");
    }
}
