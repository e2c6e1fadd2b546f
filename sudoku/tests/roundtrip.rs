//! parse → print → parse gives the same puzzle, for every format and size;
//! and no input makes a parser panic.

use dance_sudoku::format::{
    self, Alphabet, Format, ParseOptions, grid, line, numbers, pencilmark, poj,
};
use dance_sudoku::{BoxShape, Digit, Grid, Puzzle, Shape, Variant};
use proptest::prelude::*;

use crate::util::{boxed_shape, collect, jigsaw_shape, options_for, puzzle_of};

/// A complete grid of `shape` with random digits (not a solution).
fn grid_of(shape: Shape) -> impl Strategy<Value = Grid> {
    let n = shape.size() as u8;
    proptest::collection::vec(
        (0..n).prop_map(|d| Digit::new(d).unwrap()),
        shape.cell_count(),
    )
    .prop_map(move |digits| Grid::new(shape.clone(), digits).unwrap())
}

/// Every parse error points at a real line and column.
fn check_errors(input: &[u8], records: &[format::Record]) {
    // A lone `\r` ends a line too; splitting at both bounds the count.
    let lines = input.split(|&b| b == b'\n' || b == b'\r').count();
    for record in records {
        assert!(
            record.line >= 1 && record.line <= lines,
            "record line {}",
            record.line
        );
        if let Err(err) = &record.puzzle {
            assert!(err.line() >= 1 && err.line() <= lines + 1, "{err}");
            assert!(err.column() >= 1, "{err}");
            assert!(!err.to_string().is_empty());
        }
    }
}

fn parse_everything(bytes: &[u8], options: ParseOptions) {
    for format in [
        Format::Line,
        Format::Grid,
        Format::Numbers,
        Format::Poj,
        Format::Pencilmark,
    ] {
        let records = collect(format::read(bytes, format, options));
        check_errors(bytes, &records);
    }
    let (_, records) = format::read_auto(bytes, options).unwrap();
    check_errors(bytes, &collect(records));
    let text = String::from_utf8_lossy(bytes);
    let _ = Format::detect(&text);
    let _ = line::parse(&text, &options);
    let _ = grid::parse(&text, &options);
    let _ = numbers::parse(&text, &options);
    let _ = poj::parse(&text, &options);
    let _ = pencilmark::parse(&text, &options);
}

/// A pencilmark puzzle of `shape` with random candidates, any variant.
fn pencilmark_of(shape: Shape) -> impl Strategy<Value = Puzzle> {
    let n = shape.size();
    let full = (1u32 << n) - 1;
    (
        proptest::collection::vec(prop_oneof![1 => 0..=full, 1 => Just(full)], n * n),
        0..1u8 << Variant::RULES.len(),
    )
        .prop_map(move |(candidates, bits)| {
            // Windoku and disjoint groups need boxes, which prime sizes lack.
            let fits = |rule: Variant| {
                shape.geometry().is_some()
                    || !(rule == Variant::Windoku || rule == Variant::Disjoint)
            };
            let variant = Variant::RULES
                .iter()
                .enumerate()
                .filter(|(i, (rule, _))| bits & (1 << i) != 0 && fits(*rule))
                .fold(Variant::Standard, |v, (_, &(rule, _))| v | rule);
            Puzzle::with_candidates(shape.clone().with_variant(variant), candidates).unwrap()
        })
}

fn any_options() -> impl Strategy<Value = ParseOptions> {
    let boxes = proptest::option::of(
        (2usize..=5, 2usize..=12).prop_filter_map("valid boxes", |(h, w)| BoxShape::new(h, w).ok()),
    );
    let alphabet =
        proptest::sample::select(vec![Alphabet::Standard, Alphabet::Hex, Alphabet::Letters]);
    (crate::util::variant(), boxes, alphabet).prop_map(|(variant, boxes, alphabet)| ParseOptions {
        variant,
        boxes,
        alphabet,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// 16×16 puzzles written `0`–`F` read back with the hex alphabet, in
    /// the line and the grid format.
    #[test]
    fn hex_round_trips(puzzle in puzzle_of(Shape::boxed(16).unwrap())) {
        let hex = ParseOptions {
            alphabet: format::Alphabet::Hex,
            ..ParseOptions::default()
        };
        let text = format::Alphabet::Hex.respell(line::format_puzzle(&puzzle), 16);
        prop_assert!(!text.contains('G'));
        prop_assert_eq!(line::parse(&text, &hex), Ok(puzzle.clone()));
        let rows = format::Alphabet::Hex.respell(grid::format_puzzle(&puzzle), 16);
        prop_assert_eq!(grid::parse(&rows, &hex), Ok(puzzle));
    }

    /// Puzzles of 10×10 to 25×25 written with letters from `A` read back
    /// with the letters alphabet, in the line and the grid format (a
    /// jigsaw's region map as it is).
    #[test]
    fn letters_round_trip(
        puzzle in prop_oneof![boxed_shape(), jigsaw_shape()]
            .prop_filter("sizes 10 to 25", |shape| shape.size() >= 10)
            .prop_flat_map(puzzle_of),
    ) {
        let n = puzzle.shape().size();
        let letters = ParseOptions {
            alphabet: Alphabet::Letters,
            ..options_for(puzzle.shape())
        };
        // A line's cells respelled, its region map (if any) as it is.
        let printed = line::format_puzzle(&puzzle);
        let (cells, map) = printed.split_once(' ').unwrap_or((&printed, ""));
        let cells = Alphabet::Letters.respell(cells, n);
        prop_assert!(cells.chars().all(|c| c == '.' || ('A'..='Y').contains(&c)));
        let text = format!("{cells} {map}");
        prop_assert_eq!(line::parse(&text, &letters), Ok(puzzle.clone()));
        let rows = Alphabet::Letters.respell(grid::format_puzzle(&puzzle), n);
        prop_assert_eq!(grid::parse(&rows, &letters), Ok(puzzle));
    }

    /// Rows of numbers read back, alone and in a stream; a whole puzzle on
    /// one line too; and `--format auto` reads them back — as numbers from
    /// 10×10 up, where a row holds a `0` or a number of two digits, as a
    /// grid below (the same cells; boxed: a tiny jigsaw's first row reads
    /// as a stray line).
    #[test]
    fn numbers_round_trip(
        puzzles in proptest::collection::vec(
            prop_oneof![boxed_shape(), jigsaw_shape()].prop_flat_map(puzzle_of),
            1..4,
        ),
    ) {
        for puzzle in &puzzles {
            let options = options_for(puzzle.shape());
            let text = numbers::format_puzzle(puzzle);
            prop_assert_eq!(numbers::parse(&text, &options), Ok(puzzle.clone()));
            let n = puzzle.shape().size();
            if n > 5 && puzzle.shape().box_shape().is_some() {
                let one_line = text.split_whitespace().collect::<Vec<_>>().join(" ");
                prop_assert_eq!(numbers::parse(&one_line, &options), Ok(puzzle.clone()));
            }
            let first = text.lines().next().unwrap_or_default();
            let (format, records) = format::read_auto(text.as_bytes(), options).unwrap();
            let numbers_row = first.split_whitespace().any(|cell| cell == "0" || cell.len() == 2);
            if n >= 10 && numbers_row {
                prop_assert_eq!(format, Format::Numbers);
            }
            if format == Format::Numbers || (n <= 9 && puzzle.shape().box_shape().is_some()) {
                let read: Vec<Puzzle> = collect(records).into_iter().map(|r| r.puzzle.unwrap()).collect();
                prop_assert_eq!(read, vec![puzzle.clone()]);
            }
        }
        let text = puzzles.iter().map(numbers::format_puzzle).collect::<Vec<_>>().join("\n");
        let records = collect(format::read(text.as_bytes(), Format::Numbers, ParseOptions::default()));
        let read: Vec<Puzzle> = records.into_iter().map(|r| r.puzzle.unwrap()).collect();
        // Read with the default options: inferred boxes, no variant.
        let plain: Vec<Puzzle> = puzzles
            .iter()
            .map(|p| {
                let shape = match p.shape().box_shape() {
                    Some(_) => Shape::boxed(p.shape().size()).unwrap(),
                    None => p.shape().clone().with_variant(Variant::Standard),
                };
                Puzzle::new(shape, p.cells().to_vec()).unwrap()
            })
            .collect();
        prop_assert_eq!(read, plain);
    }

    #[test]
    fn numbers_round_trip_grids(grid in prop_oneof![boxed_shape(), jigsaw_shape()].prop_flat_map(grid_of)) {
        let text = numbers::format_grid(&grid);
        let puzzle = numbers::parse(&text, &options_for(grid.shape())).unwrap();
        prop_assert_eq!(puzzle.to_grid(), Some(grid));
    }

    #[test]
    fn line_round_trips_boxed(puzzle in boxed_shape().prop_flat_map(puzzle_of)) {
        let text = line::format_puzzle(&puzzle);
        prop_assert_eq!(&puzzle.to_string(), &text);
        prop_assert_eq!(line::parse(&text, &options_for(puzzle.shape())), Ok(puzzle));
    }

    #[test]
    fn line_round_trips_jigsaw(puzzle in jigsaw_shape().prop_flat_map(puzzle_of)) {
        let text = line::format_puzzle(&puzzle);
        prop_assert_eq!(line::parse(&text, &options_for(puzzle.shape())), Ok(puzzle));
    }

    #[test]
    fn line_round_trips_grids(grid in boxed_shape().prop_flat_map(grid_of)) {
        let text = line::format_grid(&grid);
        let puzzle = line::parse(&text, &options_for(grid.shape())).unwrap();
        prop_assert_eq!(puzzle.to_grid(), Some(grid));
    }

    #[test]
    fn line_streams_round_trip(puzzles in proptest::collection::vec(
        prop_oneof![
            proptest::sample::select(crate::util::SIZES.to_vec()).prop_map(|n| Shape::boxed(n).unwrap()),
            jigsaw_shape().prop_map(|s| s.with_variant(Variant::Standard)),
        ].prop_flat_map(puzzle_of),
        0..6,
    )) {
        let text: String = puzzles.iter().map(|p| format!("{p}\r\n")).collect();
        let records = collect(line::Reader::new(text.as_bytes(), ParseOptions::default()));
        let read: Vec<Puzzle> = records.into_iter().map(|r| r.puzzle.unwrap()).collect();
        prop_assert_eq!(read, puzzles);
    }

    #[test]
    fn grid_round_trips(puzzle in prop_oneof![boxed_shape(), jigsaw_shape()].prop_flat_map(puzzle_of)) {
        let text = grid::format_puzzle(&puzzle);
        prop_assert_eq!(grid::parse(&text, &options_for(puzzle.shape())), Ok(puzzle));
    }

    #[test]
    fn grid_round_trips_grids(grid in prop_oneof![boxed_shape(), jigsaw_shape()].prop_flat_map(grid_of)) {
        let text = grid::format_grid(&grid);
        let puzzle = grid::parse(&text, &options_for(grid.shape())).unwrap();
        prop_assert_eq!(puzzle.to_grid(), Some(grid));
    }

    #[test]
    fn grid_streams_round_trip(puzzles in proptest::collection::vec(
        prop_oneof![
            proptest::sample::select(crate::util::SIZES.to_vec()).prop_map(|n| Shape::boxed(n).unwrap()),
            jigsaw_shape().prop_map(|s| s.with_variant(Variant::Standard)),
        ].prop_flat_map(puzzle_of),
        0..5,
    )) {
        let text = puzzles.iter().map(grid::format_puzzle).collect::<Vec<_>>().join("\n");
        let records = collect(grid::Reader::new(text.as_bytes(), ParseOptions::default()));
        let read: Vec<Puzzle> = records.into_iter().map(|r| r.puzzle.unwrap()).collect();
        prop_assert_eq!(read, puzzles);
    }

    #[test]
    fn pencilmark_round_trips(
        puzzle in prop_oneof![boxed_shape(), jigsaw_shape()].prop_flat_map(pencilmark_of),
    ) {
        let text = pencilmark::format_puzzle(&puzzle);
        let options = options_for(puzzle.shape());
        prop_assert_eq!(pencilmark::parse(&text, &options), Ok(puzzle.clone()));
        let records = collect(format::read(text.as_bytes(), Format::Pencilmark, options));
        prop_assert_eq!(records.len(), 1);
        prop_assert_eq!(&records[0].puzzle, &Ok(puzzle));
    }

    #[test]
    fn pencilmark_prints_givens_as_single_candidates(
        puzzle in boxed_shape().prop_flat_map(puzzle_of),
    ) {
        let text = pencilmark::format_puzzle(&puzzle);
        let read = pencilmark::parse(&text, &options_for(puzzle.shape())).unwrap();
        prop_assert_eq!(read.cells(), puzzle.cells());
        prop_assert!(puzzle.shape().cells().all(|c| read.candidates(c) == puzzle.candidates(c)));
    }

    #[test]
    fn poj_round_trips(
        variant in crate::util::variant(),
        puzzles in proptest::collection::vec(puzzle_of(Shape::boxed(9).unwrap()), 0..5),
    ) {
        let puzzles: Vec<Puzzle> = puzzles
            .into_iter()
            .map(|p| Puzzle::new(p.shape().clone().with_variant(variant), p.cells().to_vec()).unwrap())
            .collect();
        let text = poj::format_puzzles(&puzzles).unwrap();
        let options = ParseOptions {
            variant,
            ..ParseOptions::default()
        };
        prop_assert_eq!(poj::parse(&text, &options), Ok(puzzles));
    }

    #[test]
    fn poj_round_trips_grids(grid in grid_of(Shape::boxed(9).unwrap())) {
        let text = poj::format_grid(&grid).unwrap();
        let puzzles = poj::parse(&format!("1\n{text}"), &ParseOptions::default()).unwrap();
        prop_assert_eq!(puzzles.first().and_then(Puzzle::to_grid), Some(grid));
    }

    #[test]
    fn parsers_never_panic_on_bytes(
        bytes in proptest::collection::vec(any::<u8>(), 0..2000),
        options in any_options(),
    ) {
        parse_everything(&bytes, options);
    }

    #[test]
    fn parsers_never_panic_on_near_valid_text(
        text in "[0-9A-Za-z._*|+ #\\-\r\n]{0,700}",
        options in any_options(),
    ) {
        parse_everything(text.as_bytes(), options);
    }

    #[test]
    fn parsers_never_panic_on_damaged_puzzles(
        puzzle in prop_oneof![boxed_shape(), jigsaw_shape()].prop_flat_map(puzzle_of),
        at in any::<prop::sample::Index>(),
        replacement in "[^\n]{0,3}",
    ) {
        let mut text = format!("{}\n{}", line::format_puzzle(&puzzle), grid::format_puzzle(&puzzle));
        let index = at.index(text.len());
        if text.is_char_boundary(index) {
            text.replace_range(index..index, &replacement);
        }
        parse_everything(text.as_bytes(), options_for(puzzle.shape()));
    }
}
