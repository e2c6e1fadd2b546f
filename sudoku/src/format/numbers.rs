//! The numbers format: N rows of N whitespace-separated numbers per puzzle,
//! `0` for a blank — how course files and many 16×16 and 25×25 collections
//! write their puzzles.
//!
//! ```text
//!  0 15  0  1  0  0  2 14  0  0  0  0 13  0  0  0
//!  7  0 13  0 ...
//!
//! 0 0 3 0 2 0 6 0 0 9 0 0 3 0 5 0 0 1 0 0 1 8 0 6 4 0 0 ...
//! ```
//!
//! Grammar:
//!
//! - Records, comments, rule lines and region maps are as in the [grid
//!   format](super::grid): records are N rows, apart by blank lines or not;
//!   lines whose first non-blank character is `#` are skipped; a rule line
//!   (`-`, `+`, `|`, `*`) is skipped; a map line of `=` after the rows
//!   starts a region map of N rows of labels, which makes a jigsaw.
//! - In a row, whitespace separates the cells (`|`, `+` and `-` do too, as
//!   in a grid row). A cell is a decimal number: `0` for a blank, `1` to N
//!   for a digit; `.`, `_` and `*` are blanks too. Numbers are decimal
//!   whatever the [`Alphabet`](super::Alphabet).
//! - The first row's count of numbers is the size N, from 1 to 25, and N
//!   rows make the record; or it holds more than 25 numbers, N² of them
//!   (N from 6 to 25), and is the whole puzzle, row after row, on one line.
//! - Without a region map the puzzle is boxed, so N must have a box shape
//!   ([`BoxShape::infer`](crate::BoxShape::infer), or
//!   [`ParseOptions::boxes`](super::ParseOptions::boxes)).
//! - After an error in a record, the rest of it (up to a blank line) is
//!   skipped and the next record is read normally.
//!
//! [`Format::detect`](super::Format::detect) takes a first line for a row
//! of numbers by [`is_numbers_row`]; the grid reader reads such a record
//! the same way, so a file of numbers read as a grid reads alike.
//!
//! Printing writes N rows of N numbers, each right-aligned to the width of
//! N (two characters from 10×10 up) and one space apart, `0` for a blank;
//! a jigsaw's region map follows after a map line, as the grid format
//! writes it. What is printed reads back as the same puzzle.
//!
//! ```
//! use dance_sudoku::format::{numbers, ParseOptions};
//!
//! let text = "1 0 0 0\n0 0 0 2\n0 3 0 0\n0 0 4 0\n";
//! let puzzle = numbers::parse(text, &ParseOptions::default())?;
//! assert_eq!(puzzle.to_string(), "1......2.3....4.");
//! assert_eq!(numbers::format_puzzle(&puzzle), text);
//! # Ok::<(), dance_sudoku::format::ParseError>(())
//! ```

use std::fmt::Write as _;
use std::io::{self, BufRead};

use crate::{Digit, Grid, Puzzle, Shape};

use super::reader::LineReader;
use super::{ParseError, ParseOptions, Record, grid, parse_one};

pub use super::rows::is_numbers_row;

/// Parses the one numbers record in `text`.
///
/// # Errors
/// The first problem found, at its line and column; also when `text` holds
/// no record or more than one.
pub fn parse(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    parse_one(Reader::new(text.as_bytes(), *options).filter_map(Result::ok))
}

/// The puzzle as N rows of numbers, each row ending in `\n`, `0` for a
/// blank; a jigsaw's region map after them.
///
/// ```
/// use dance_sudoku::format::{line, numbers, ParseOptions};
///
/// let text = format!("G{}", ".".repeat(255));
/// let puzzle = line::parse(&text, &ParseOptions::default())?;
/// let rows = numbers::format_puzzle(&puzzle);
/// assert_eq!(rows.lines().next(), Some("16  0  0  0  0  0  0  0  0  0  0  0  0  0  0  0"));
/// assert_eq!(numbers::parse(&rows, &ParseOptions::default()), Ok(puzzle));
/// # Ok::<(), dance_sudoku::format::ParseError>(())
/// ```
pub fn format_puzzle(puzzle: &Puzzle) -> String {
    layout(
        puzzle.shape(),
        puzzle
            .cells()
            .iter()
            .map(|cell| cell.map_or(0, Digit::number)),
    )
}

/// The grid as N rows of numbers, each row ending in `\n`; a jigsaw's
/// region map after them.
pub fn format_grid(grid: &Grid) -> String {
    layout(grid.shape(), grid.digits().iter().map(|d| d.number()))
}

/// Lays out one number per cell (0 for a blank) in rows.
fn layout(shape: &Shape, numbers: impl Iterator<Item = u8>) -> String {
    let n = shape.size().max(1);
    let width = if n >= 10 { 2 } else { 1 };
    let mut text = String::with_capacity(n * n * (width + 1) + 2 * n * n);
    for (k, number) in numbers.enumerate() {
        if k % n > 0 {
            text.push(' ');
        }
        // Writing to a string cannot fail.
        let _ = write!(text, "{number:>width$}");
        if k % n == n - 1 {
            text.push('\n');
        }
    }
    if shape.box_shape().is_none() {
        grid::region_map(&mut text, shape);
    }
    text
}

/// Streams numbers-format records from a [`BufRead`].
///
/// ```
/// use dance_sudoku::format::{numbers, ParseOptions};
///
/// let text = "1 0 0 0\n0 0 0 2\n0 3 0 0\n0 0 4 0\n\n1 0 0 0\n0 0 0 5\n";
/// let records: Vec<_> = numbers::Reader::new(text.as_bytes(), ParseOptions::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 2);
/// assert!(records[0].puzzle.is_ok());
/// assert_eq!(
///     records[1].puzzle.as_ref().unwrap_err().to_string(),
///     "7:7: unexpected \"5\"; expected a number 1-4 or a blank (0, '.', '_' or '*')"
/// );
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Reader<R> {
    rows: grid::Reader<R>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `reader` with `options` for every record.
    pub fn new(reader: R, options: ParseOptions) -> Reader<R> {
        Reader::from_lines(LineReader::new(reader), options)
    }

    pub(crate) fn from_lines(lines: LineReader<R>, options: ParseOptions) -> Reader<R> {
        Reader {
            rows: grid::Reader::of_numbers(lines, options),
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        self.rows.next()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Alphabet, Format, line};

    fn error(text: &str) -> String {
        parse(text, &ParseOptions::default())
            .unwrap_err()
            .to_string()
    }

    /// A 16×16 puzzle's rows of numbers, `0` blanks, with a given on the
    /// diagonal: digit k + 1 at row k.
    fn sixteen() -> String {
        (0..16)
            .map(|row| {
                let cells: Vec<String> = (0..16)
                    .map(|col| if col == row { row + 1 } else { 0 })
                    .map(|number| number.to_string())
                    .collect();
                cells.join(" ") + "\n"
            })
            .collect()
    }

    #[test]
    fn reads_sixteen_by_sixteen_rows_of_numbers() {
        let puzzle = parse(&sixteen(), &ParseOptions::default()).unwrap();
        assert_eq!(puzzle.shape().size(), 16);
        let line: String = (0..256)
            .map(|cell| match cell % 17 {
                0 => Digit::new((cell / 17) as u8).unwrap().to_char(),
                _ => '.',
            })
            .collect();
        assert_eq!(puzzle.to_string(), line);
        // The grid reader reads the same rows the same way.
        assert_eq!(
            grid::parse(&sixteen(), &ParseOptions::default()),
            Ok(puzzle)
        );
    }

    #[test]
    fn a_whole_puzzle_may_be_one_line() {
        let rows = sixteen();
        let one_line = rows.split_whitespace().collect::<Vec<_>>().join(" ");
        let options = ParseOptions::default();
        assert_eq!(parse(&one_line, &options), parse(&rows, &options));
        assert_eq!(
            error(&"0 ".repeat(30)),
            "1:60: a row of numbers holds N of them for a size N from 1 to 25, or a whole puzzle's N*N; found 30"
        );
    }

    #[test]
    fn errors_name_the_cell() {
        let mut rows = sixteen();
        rows.replace_range(0..1, "17");
        assert_eq!(
            error(&rows),
            "1:1: unexpected \"17\"; expected a number 1-16 or a blank (0, '.', '_' or '*')"
        );
        let rows = sixteen().replacen("0", "x", 1);
        assert_eq!(
            error(&rows),
            "1:3: unexpected \"x\"; expected a number 1-16 or a blank (0, '.', '_' or '*')"
        );
        let short: String = sixteen()
            .lines()
            .take(15)
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(error(&short), "16:1: record ends after 15 of 16 rows");
    }

    #[test]
    fn blanks_may_be_dots_and_rows_may_have_box_separators() {
        let text = "1 . | 0 0\n0 0 | 0 2\n----+----\n0 3 | 0 0\n0 0 | 4 0\n";
        let puzzle = parse(text, &ParseOptions::default()).unwrap();
        assert_eq!(puzzle.to_string(), "1......2.3....4.");
    }

    #[test]
    fn a_jigsaw_prints_its_map_and_reads_back() {
        let options = ParseOptions::default();
        let puzzle = line::parse("*2*1*2*** aababbccc", &options).unwrap();
        let text = format_puzzle(&puzzle);
        assert_eq!(text, "0 2 0\n1 0 2\n0 0 0\n=====\na a b\na b b\nc c c\n");
        assert_eq!(parse(&text, &options), Ok(puzzle));
    }

    #[test]
    fn twenty_five_by_twenty_five_round_trips() {
        let text: String = (0..625)
            .map(|cell| match cell % 26 {
                0 => Digit::new((cell % 25) as u8).unwrap().to_char(),
                _ => '.',
            })
            .collect();
        let puzzle = line::parse(&text, &ParseOptions::default()).unwrap();
        let rows = format_puzzle(&puzzle);
        assert!(rows.starts_with(" 1  0  0"), "{rows}");
        assert_eq!(parse(&rows, &ParseOptions::default()), Ok(puzzle.clone()));
        let grid_rows = grid::format_puzzle(&puzzle);
        assert_eq!(
            Format::detect(rows.lines().next().unwrap()),
            Format::Numbers
        );
        assert_eq!(
            Format::detect(grid_rows.lines().next().unwrap()),
            Format::Grid
        );
    }

    #[test]
    fn rows_of_numbers_are_told_from_rows_of_characters() {
        let standard = Alphabet::Standard;
        // Zeros among 16 cells, but hexadecimal: a digit, not a blank.
        let hex = "0 1 2 3 4 5 6 7 8 9 0 0 0 0 0 0";
        assert!(is_numbers_row(hex, standard));
        assert!(!is_numbers_row(hex, Alphabet::Hex));
        assert!(is_numbers_row(
            "10 . . . . . . . . . . . . . . .",
            Alphabet::Hex
        ));
        // A number above the size is a number still, which its error names.
        assert!(is_numbers_row(
            "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 17",
            standard
        ));
        assert!(!is_numbers_row("12 21 | 34 43", standard)); // packed, four boxes
        assert!(!is_numbers_row("0 0", standard));
        assert!(!is_numbers_row(&"0 ".repeat(30), standard));
        assert!(is_numbers_row(&"0 ".repeat(81), standard));
        assert!(!is_numbers_row("1 2 3 4 5 6 7 8 9 A B C D E F G", standard));
    }
}
