//! Shared checks of the fuzz targets: every record a reader yields must
//! print and read back as the same puzzle.

use dance_sudoku::Puzzle;
use dance_sudoku::format::{self, Alphabet, Format, ParseOptions, Records};

/// Reads every record of `data` in `format` (or by detection), and checks
/// that each puzzle survives a round trip through the line format.
pub fn read_all(data: &[u8], format: Option<Format>) {
    read_all_in(data, format, Alphabet::Standard);
}

/// [`read_all`] with the digits of `alphabet`.
pub fn read_all_in(data: &[u8], format: Option<Format>, alphabet: Alphabet) {
    let options = ParseOptions {
        alphabet,
        ..ParseOptions::default()
    };
    match format {
        Some(format) => check(format::read(data, format, options)),
        None => {
            if let Ok((_, records)) = format::read_auto(data, options) {
                check(records);
            }
        }
    }
}

fn check(records: Records<&[u8]>) {
    for record in records {
        let Ok(record) = record else { return };
        if let Ok(puzzle) = record.puzzle {
            round_trip(&puzzle);
        }
    }
}

/// The line format and the numbers format print every puzzle (jigsaw
/// included) so that it reads back equal; the pencilmark format does for
/// pencilmark puzzles.
fn round_trip(puzzle: &Puzzle) {
    if !puzzle.is_pencilmark() {
        let rows = format::numbers::format_puzzle(puzzle);
        let again = format::numbers::parse(&rows, &ParseOptions::default())
            .unwrap_or_else(|error| panic!("{rows:?} does not read back: {error}"));
        assert_eq!(&again, puzzle, "{rows:?} reads back as another puzzle");
    }
    let (text, again) = if puzzle.is_pencilmark() {
        let text = format::pencilmark::format_puzzle(puzzle);
        let again = format::pencilmark::parse(&text, &ParseOptions::default());
        (text, again)
    } else {
        let text = format::line::format_puzzle(puzzle);
        let again = format::line::parse(&text, &ParseOptions::default());
        (text, again)
    };
    let again = again.unwrap_or_else(|error| panic!("{text:?} does not read back: {error}"));
    assert_eq!(&again, puzzle, "{text:?} reads back as another puzzle");
}
