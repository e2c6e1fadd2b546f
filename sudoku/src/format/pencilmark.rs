//! The pencilmark (Sukaku) format: one puzzle per line, every cell's
//! candidates written out.
//!
//! ```text
//! # A 4x4 pencilmark puzzle: the first cell may hold 1 or 2, the rest any digit.
//! 12..123412341234123412341234123412341234123412341234123412341234
//! ```
//!
//! Grammar, for a puzzle of size N (the format tdoku reads, for any size):
//!
//! - A record is one line: a field of N³ marks, optionally followed by
//!   whitespace and a field of N² region labels as in the
//!   [line format](super::line) (a jigsaw map). Leading and trailing
//!   whitespace is ignored; a third field is an error.
//! - N comes from the mark count, which must be N³ with `1 ≤ N ≤ 25`.
//! - The marks are N per cell, cells row-major. Mark `k` (0-based) of a
//!   cell is digit `k + 1` (`1`–`9`, then `A`–`P` in either case) when that
//!   digit is a candidate of the cell, or a blank, `.` or `0`, when it is
//!   not. Any other character, a digit included, is an error at its column.
//! - A cell with one candidate is a given; a cell with none makes a puzzle
//!   without solution.
//! - Without a region map the puzzle is boxed, as in the line format.
//! - Empty lines and lines whose first non-blank character is `#` are
//!   skipped.
//!
//! Detection ([`Format::detect`](super::Format::detect)) takes a single
//! field of N³ characters for pencilmarks unless it also reads as a boxed
//! line puzzle — so 4×4 pencilmarks (64 marks, also the length of an 8×8
//! line) need the format asked for.
//!
//! Printing writes blanks as `.`, digits in upper case and a jigsaw map as
//! the line format does. Any puzzle prints: a puzzle of givens prints its
//! givens as single candidates and its blanks as every digit.

use std::io::{self, BufRead};

use crate::{Digit, MAX_SIZE, Puzzle};

use super::line::{fields, region_map};
use super::reader::LineReader;
use super::{
    ParseError, ParseErrorKind, ParseOptions, Record, alphabet, boxed_shape, next_line_record,
    parse_one,
};

/// Parses the one puzzle in `text` (comment and blank lines aside).
///
/// # Errors
/// The first problem found, at its line and column; also when `text` holds
/// no puzzle or more than one.
///
/// ```
/// use dance_sudoku::format::{ParseOptions, pencilmark};
///
/// let marks = format!("12..{}", "1234".repeat(15));
/// let puzzle = pencilmark::parse(&marks, &ParseOptions::default())?;
/// assert!(puzzle.is_pencilmark());
/// assert_eq!(pencilmark::format_puzzle(&puzzle), marks);
/// let err = pencilmark::parse(&format!("21..{}", "1234".repeat(15)), &ParseOptions::default())
///     .unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "1:1: unexpected character '2' at the place of digit '1'; expected '1' or a blank ('.' or '0')"
/// );
/// # Ok::<(), dance_sudoku::format::ParseError>(())
/// ```
pub fn parse(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    parse_one(Reader::new(text.as_bytes(), *options).filter_map(Result::ok))
}

/// The puzzle's candidates as one line, without a line ending.
pub fn format_puzzle(puzzle: &Puzzle) -> String {
    let shape = puzzle.shape();
    let n = shape.size();
    let mut text = String::with_capacity(n * n * n + n * n + 1);
    for cell in shape.cells() {
        let allowed = puzzle.candidates(cell);
        for digit in (0..n as u8).filter_map(Digit::new) {
            text.push(if allowed & (1 << digit.index()) != 0 {
                digit.to_char()
            } else {
                '.'
            });
        }
    }
    if shape.is_jigsaw() {
        text.push(' ');
        text.extend(shape.regions().iter().map(|&id| alphabet::region_label(id)));
    }
    text
}

/// N when `count` is N³ for N in `1..=25`.
pub(crate) fn cube_size(count: usize) -> Option<usize> {
    (1..=MAX_SIZE).find(|n| n * n * n == count)
}

/// Streams pencilmark records from a [`BufRead`], one per content line.
pub struct Reader<R> {
    lines: LineReader<R>,
    options: ParseOptions,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `reader` with `options` for every record.
    pub fn new(reader: R, options: ParseOptions) -> Reader<R> {
        Reader::from_lines(LineReader::new(reader), options)
    }

    pub(crate) fn from_lines(lines: LineReader<R>, options: ParseOptions) -> Reader<R> {
        Reader { lines, options }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        next_line_record(&mut self.lines, &self.options, parse_line)
    }
}

/// Parses one pencilmark record found on line `line`.
fn parse_line(text: &str, line: usize, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let fields = fields(text);
    let Some(marks) = fields.first() else {
        return Err(ParseError::new(line, 1, ParseErrorKind::NoRecord));
    };
    if let Some(extra) = fields.get(2) {
        return Err(ParseError::new(
            line,
            extra.column,
            ParseErrorKind::ExtraField,
        ));
    }
    let Some(n) = cube_size(marks.len()) else {
        let kind = ParseErrorKind::MarkCount { found: marks.len() };
        return Err(ParseError::new(line, marks.end(), kind));
    };
    let mut candidates = vec![0u32; n * n];
    for (index, (column, c)) in marks.chars().enumerate() {
        let (cell, place) = (index / n, index % n);
        let Some(digit) = Digit::new(place as u8) else {
            unreachable!("a place within a cell is below N ≤ 25");
        };
        if c == '.' || c == '0' {
            continue;
        }
        if alphabet::decode(c, MAX_SIZE) == Ok(Some(digit)) {
            candidates[cell] |= 1 << place;
        } else {
            let kind = ParseErrorKind::Mark {
                found: c,
                expected: digit.to_char(),
            };
            return Err(ParseError::new(line, column, kind));
        }
    }
    let shape = match fields.get(1) {
        Some(map) => region_map(map, n, line)?,
        None => boxed_shape(n, options).map_err(|kind| ParseError::new(line, marks.end(), kind))?,
    };
    Puzzle::with_candidates(shape.with_variant(options.variant), candidates)
        .map_err(|e| ParseError::new(line, marks.column, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> ParseOptions {
        ParseOptions::default()
    }

    #[test]
    fn errors_name_line_and_column() {
        let text = format!(
            "# c\n{}\n{}x\n",
            "1234".repeat(15),
            "1234".repeat(15) + "123"
        );
        let records: Vec<Record> = Reader::new(text.as_bytes(), options())
            .map(Result::unwrap)
            .collect();
        assert_eq!(records.len(), 2);
        assert_eq!(
            records[0].puzzle.as_ref().unwrap_err().to_string(),
            "2:61: expected N*N*N candidate marks for a size N from 1 to 25 (e.g. 729 for 9x9, 64 for 4x4), found 60"
        );
        assert_eq!(
            records[1].puzzle.as_ref().unwrap_err().to_string(),
            "3:64: unexpected character 'x' at the place of digit '4'; expected '4' or a blank ('.' or '0')"
        );
        let jigsaw = format!("{} aaabbbccc extra", "123".repeat(9));
        let err = parse(&jigsaw, &options()).unwrap_err();
        assert_eq!(
            (err.column(), err.kind()),
            (39, &ParseErrorKind::ExtraField)
        );
    }

    #[test]
    fn single_candidates_are_givens_and_zero_is_a_blank() {
        let marks = format!("0200{}", "1234".repeat(15));
        let puzzle = parse(&marks, &options()).unwrap();
        assert_eq!(puzzle.given_count(), 1);
        assert_eq!(puzzle.cells()[0], Digit::new(1));
        assert_eq!(format_puzzle(&puzzle), format!(".2..{}", "1234".repeat(15)));
        let jigsaw = parse(&format!("{} aababbccc", "123".repeat(9)), &options()).unwrap();
        assert!(jigsaw.shape().is_jigsaw());
        assert_eq!(
            format_puzzle(&jigsaw),
            format!("{} aababbccc", "123".repeat(9))
        );
    }
}
