//! The line format: one puzzle per line.
//!
//! ```text
//! # Norvig's hardest, then a 4x4 with '0' blanks and a 3x3 jigsaw
//! 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
//! 1.3.0..2........
//! *2*1*2*** aababbccc
//! ```
//!
//! Grammar, for a puzzle of size N:
//!
//! - A record is one line: a field of N² cells, row-major, optionally
//!   followed by whitespace and a field of N² region labels. Leading and
//!   trailing whitespace is ignored; a third field is an error.
//! - N comes from the cell count, which must be a square N² with
//!   `1 ≤ N ≤ 25`.
//! - A cell is a digit `1`–`9` then `A`–`Z` (either case) standing for 1 to
//!   35, of which 1 to N are valid, or a blank: `.`, `_`, `*`, and `0` when
//!   N ≤ 9.
//! - Without a region map the puzzle is boxed, with
//!   [`ParseOptions::boxes`] or else [`BoxShape::infer`]'s boxes, so N must
//!   be 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 or 25.
//! - A region map makes a jigsaw puzzle. Labels are any non-whitespace
//!   characters, compared exactly (`a` and `A` differ); regions are
//!   numbered in order of first appearance, there must be exactly N
//!   distinct labels, and each must label exactly N cells.
//! - Empty lines and lines whose first non-blank character is `#` are
//!   skipped.
//!
//! Printing writes blanks as `.` and digits in upper case; a jigsaw puzzle
//! gets a region map labelled `a` (region 0, the region of the first cell)
//! to `y` (region 24). A [`Grid`] prints as its N² digits, with the region
//! map of a jigsaw.

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use crate::values::Values;
use crate::{BoxShape, Grid, MAX_SIZE, Puzzle, Shape};

use super::reader::LineReader;
use super::{
    Alphabet, ParseError, ParseErrorKind, ParseOptions, Record, alphabet, boxed_shape,
    next_line_record, parse_one,
};

/// Parses the one puzzle in `text` (comment and blank lines aside).
///
/// # Errors
/// The first problem found, at its line and column; also when `text` holds
/// no puzzle or more than one.
///
/// ```
/// use dance_sudoku::format::{line, ParseOptions};
///
/// let puzzle = line::parse("*2*1*2*** aababbccc", &ParseOptions::default())?;
/// assert!(puzzle.shape().is_jigsaw());
/// assert_eq!(line::format_puzzle(&puzzle), ".2.1.2... aababbccc");
/// # Ok::<(), dance_sudoku::format::ParseError>(())
/// ```
pub fn parse(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    parse_one(Reader::new(text.as_bytes(), *options).filter_map(Result::ok))
}

/// The puzzle as one line, without a line ending.
pub fn format_puzzle(puzzle: &Puzzle) -> String {
    let mut text: String = puzzle
        .cells()
        .iter()
        .map(|&cell| alphabet::encode(cell))
        .collect();
    let shape = puzzle.shape();
    if shape.is_jigsaw() {
        text.push(' ');
        text.extend(shape.regions().iter().map(|&id| alphabet::region_label(id)));
    }
    text
}

/// The grid as a line record, without a line ending: its N² digits, and for
/// a jigsaw a space and its region map (as [`format_puzzle`] writes it), so
/// that it reads back on its own shape.
pub fn format_grid(grid: &Grid) -> String {
    // The bytes of `write_grid`, allocated once.
    let mut bytes = Vec::with_capacity(2 * grid.digits().len() + 1);
    match write_grid(&mut bytes, grid, Alphabet::Standard).map(|()| String::from_utf8(bytes)) {
        Ok(Ok(text)) => text,
        // Never taken: a vector takes every byte, and digits are ASCII.
        _ => grid.digits().iter().map(|d| d.to_char()).collect(),
    }
}

/// Writes the grid as a line record in `alphabet`, without a line ending:
/// the bytes of [`format_grid`] with the digits respelled by
/// [`Alphabet::respell`], with no string built on the way.
///
/// ```
/// use dance_sudoku::format::{Alphabet, line};
///
/// let grid: dance_sudoku::Grid = "1234341221434321".parse()?;
/// let mut out = Vec::new();
/// line::write_grid(&mut out, &grid, Alphabet::Standard)?;
/// assert_eq!(out, b"1234341221434321");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// Those of `out`.
pub fn write_grid<W: io::Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    alphabet: Alphabet,
) -> io::Result<()> {
    write_digits(out, grid, alphabet)?;
    let shape = grid.shape();
    if !shape.is_jigsaw() {
        return Ok(());
    }
    // A jigsaw has at most 625 cells, each labelled by one ASCII letter.
    let mut map = [b' '; MAX_SIZE * MAX_SIZE + 1];
    let text = map.get_mut(..=shape.regions().len()).unwrap_or_default();
    for (byte, &id) in text.iter_mut().skip(1).zip(shape.regions()) {
        *byte = alphabet::region_label(id) as u8;
    }
    out.write_all(text)
}

/// Writes the grid's N² digits in `alphabet`.
fn write_digits<W: io::Write + ?Sized>(
    out: &mut W,
    grid: &Grid,
    alphabet: Alphabet,
) -> io::Result<()> {
    let digits = grid.digits();
    if grid.shape().size() <= 9 {
        // `1` to `9` in every alphabet: a sum, which compiles to a few
        // vector instructions for a whole 9×9 grid.
        let mut buffer = [0; 81];
        let text = buffer.get_mut(..digits.len()).unwrap_or_default();
        for (byte, digit) in text.iter_mut().zip(digits) {
            *byte = b'0' + digit.number();
        }
        return out.write_all(text);
    }
    let chars = alphabet::digit_bytes(alphabet, grid.shape().size());
    let mut buffer = [0; MAX_SIZE * MAX_SIZE];
    // A grid has at most 625 cells.
    let text = buffer.get_mut(..digits.len()).unwrap_or_default();
    for (byte, digit) in text.iter_mut().zip(digits) {
        *byte = chars[digit.index()];
    }
    out.write_all(text)
}

/// Streams line-format records from a [`BufRead`].
///
/// ```
/// use dance_sudoku::format::{line, ParseOptions};
///
/// let text = "1.3.............\n# comment\n1.3..............\n....\n";
/// let records: Vec<_> = line::Reader::new(text.as_bytes(), ParseOptions::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 3);
/// assert!(records[0].puzzle.is_ok());
/// assert_eq!(
///     records[1].puzzle.as_ref().unwrap_err().to_string(),
///     "3:18: expected N*N cells for a size N from 1 to 25 (e.g. 81 for 9x9, 256 for 16x16), found 17"
/// );
/// assert_eq!(records[2].line, 4);
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Reader<R> {
    lines: LineReader<R>,
    options: ParseOptions,
    /// The shape of the last plain record, for the next ([`parse_line_in`]).
    shape: Option<Shape>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `reader` with `options` for every record.
    pub fn new(reader: R, options: ParseOptions) -> Reader<R> {
        Reader::from_lines(LineReader::new(reader), options)
    }

    pub(crate) fn from_lines(lines: LineReader<R>, options: ParseOptions) -> Reader<R> {
        Reader {
            lines,
            options,
            shape: None,
        }
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let shape = &mut self.shape;
        next_line_record(&mut self.lines, &self.options, |text, line, options| {
            parse_line_in(text, line, options, shape)
        })
    }
}

/// A whitespace-separated field and its 1-based starting column.
pub(crate) struct Field<'a> {
    pub(crate) column: usize,
    pub(crate) text: &'a str,
}

impl Field<'_> {
    pub(crate) fn len(&self) -> usize {
        self.text.chars().count()
    }

    /// The column just past the field's last character.
    pub(crate) fn end(&self) -> usize {
        self.column + self.len()
    }

    /// The characters with their columns.
    pub(crate) fn chars(&self) -> impl Iterator<Item = (usize, char)> + '_ {
        (self.column..).zip(self.text.chars())
    }
}

/// The whitespace-separated fields of `text`.
pub(crate) fn fields(text: &str) -> Vec<Field<'_>> {
    // A record has one or two fields; a third is an error.
    let mut fields = Vec::with_capacity(2);
    if text.is_ascii() {
        // A byte per character, so columns are byte offsets plus one. The
        // whitespace is `char::is_whitespace`'s, in ASCII.
        let blank = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
        let bytes = text.as_bytes();
        let mut at = 0;
        while let Some(skip) = bytes[at..].iter().position(|b| !blank(b)) {
            let start = at + skip;
            let len = bytes[start..]
                .iter()
                .position(blank)
                .unwrap_or(bytes.len() - start);
            at = start + len;
            fields.extend(text.get(start..at).map(|text| Field {
                column: start + 1,
                text,
            }));
        }
        return fields;
    }
    fields.extend(fields_of_chars(text));
    fields
}

/// [`fields`], a character at a time: for any text.
fn fields_of_chars(text: &str) -> Vec<Field<'_>> {
    let mut fields = Vec::new();
    let mut start = None;
    for (column, (byte, c)) in (1..).zip(text.char_indices()) {
        if !c.is_whitespace() {
            start.get_or_insert((column, byte));
        } else if let Some((column, from)) = start.take() {
            fields.extend(text.get(from..byte).map(|text| Field { column, text }));
        }
    }
    if let Some((column, from)) = start {
        fields.extend(text.get(from..).map(|text| Field { column, text }));
    }
    fields
}

/// Parses one line-format record found on line `line`.
pub(crate) fn parse_line(
    text: &str,
    line: usize,
    options: &ParseOptions,
) -> Result<Puzzle, ParseError> {
    parse_line_in(text, line, options, &mut None)
}

/// [`parse_line`] for a reader, which keeps in `shape` the shape of its
/// last plain record: the next one of the same size gets a clone (which
/// shares the region table) instead of building it again.
fn parse_line_in(
    text: &str,
    line: usize,
    options: &ParseOptions,
    shape: &mut Option<Shape>,
) -> Result<Puzzle, ParseError> {
    match parse_plain(text, options, shape) {
        Some(puzzle) => Ok(puzzle),
        None => parse_any(text, line, options),
    }
}

/// The common record, read a byte at a time: a boxed puzzle whose line is
/// one field of N² ASCII cells, all valid, perhaps with ASCII whitespace
/// around it. `None` for anything else (another shape, a region map, a bad
/// cell, non-ASCII text), which [`parse_any`] reads instead, errors and
/// all: on the lines this accepts, [`parse_any`] gives the same puzzle.
fn parse_plain(text: &str, options: &ParseOptions, last: &mut Option<Shape>) -> Option<Puzzle> {
    // `trim_ascii` leaves a vertical tab (which `char::is_whitespace`
    // takes for a blank), but the table below refuses it.
    let cells = text.as_bytes().trim_ascii();
    let n = square_size(cells.len())?;
    let table = alphabet::cell_table(options.alphabet, n);
    // One pass without early exits: every cell is decoded and the largest
    // entry kept. An entry above n is a byte `decode_in` refuses:
    // whitespace inside the field, a byte of a non-ASCII character, a bad
    // or too large digit.
    // Four running maxima, a cell in four to each: one alone made a chain
    // of a compare and a conditional move per cell (162 cycles a 9×9 line)
    // that the processor could not overlap.
    let mut tops = [0; 4];
    let mut digits = Values::filled(None, cells.len());
    let mut four_digits = digits.chunks_exact_mut(4);
    let mut four_cells = cells.chunks_exact(4);
    for (digits, cells) in (&mut four_digits).zip(&mut four_cells) {
        for ((digit, &b), top) in digits.iter_mut().zip(cells).zip(&mut tops) {
            let entry = table[usize::from(b)];
            *top = (*top).max(entry);
            *digit = alphabet::CELLS[usize::from(entry)];
        }
    }
    let rest = four_digits.into_remainder();
    for (digit, &b) in rest.iter_mut().zip(four_cells.remainder()) {
        let entry = table[usize::from(b)];
        tops[0] = tops[0].max(entry);
        *digit = alphabet::CELLS[usize::from(entry)];
    }
    if usize::from(tops.into_iter().max().unwrap_or(0)) > n {
        return None;
    }
    let shape = match last {
        Some(shape) if shape.size() == n => shape.clone(),
        _ => {
            let shape = boxed_shape(n, options).ok()?.with_variant(options.variant);
            last.insert(shape).clone()
        }
    };
    // N² cells, each blank or a digit of at most n: what `Puzzle::new`
    // checks.
    Some(Puzzle::from_checked(shape, digits))
}

/// [`parse_line`] for any text, a character at a time.
fn parse_any(text: &str, line: usize, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    let fields = fields(text);
    let Some(cells) = fields.first() else {
        return Err(ParseError::new(line, 1, ParseErrorKind::NoRecord));
    };
    if let Some(extra) = fields.get(2) {
        return Err(ParseError::new(
            line,
            extra.column,
            ParseErrorKind::ExtraField,
        ));
    }
    let Some(n) = square_size(cells.len()) else {
        let kind = ParseErrorKind::CellCount { found: cells.len() };
        return Err(ParseError::new(line, cells.end(), kind));
    };
    // Allocated once (collecting into a `Result` would grow it step by
    // step: its size is not known up front).
    let mut digits = Vec::with_capacity(n * n);
    for (column, c) in cells.chars() {
        let digit = alphabet::decode_in(options.alphabet, c, n)
            .map_err(|kind| ParseError::new(line, column, kind))?;
        digits.push(digit);
    }
    let shape = match fields.get(1) {
        Some(map) => region_map(map, n, line)?,
        None => boxed_shape(n, options).map_err(|kind| ParseError::new(line, cells.end(), kind))?,
    };
    Puzzle::new(shape.with_variant(options.variant), digits)
        .map_err(|e| ParseError::new(line, cells.column, e))
}

/// N when `count` is N² for N in `1..=25`.
pub(crate) fn square_size(count: usize) -> Option<usize> {
    (1..=MAX_SIZE).find(|n| n * n == count)
}

/// Whether `cells` is a complete boxed line-format puzzle, for detection.
pub(crate) fn is_boxed_line(cells: &str, alphabet: alphabet::Alphabet) -> bool {
    square_size(cells.chars().count())
        .filter(|&n| BoxShape::infer(n).is_some())
        .is_some_and(|n| {
            cells
                .chars()
                .all(|c| alphabet::decode_in(alphabet, c, n).is_ok())
        })
}

/// A label of a region map, where it first appears (line and column) and
/// how many cells it labels.
struct Label {
    label: char,
    at: (usize, usize),
    cells: usize,
}

/// Reads the region map field of a puzzle of size `n`.
pub(crate) fn region_map(field: &Field<'_>, n: usize, line: usize) -> Result<Shape, ParseError> {
    let expected = n * n;
    if field.len() != expected {
        let kind = ParseErrorKind::RegionMapLength {
            found: field.len(),
            expected,
        };
        return Err(ParseError::new(line, field.end(), kind));
    }
    let labels = field.chars().map(|(column, c)| ((line, column), c));
    regions(labels, n, (line, field.column))
}

/// The jigsaw shape of size `n` whose cells, row-major, carry `labels`
/// (each with its line and column): exactly N² of them, checked by the
/// caller. `start` is where the map begins, for the errors that belong to
/// the map as a whole.
pub(crate) fn regions(
    labels: impl IntoIterator<Item = ((usize, usize), char)>,
    n: usize,
    start: (usize, usize),
) -> Result<Shape, ParseError> {
    let at = |(line, column): (usize, usize), kind| ParseError::new(line, column, kind);
    let mut found: Vec<Label> = Vec::new();
    let mut ids = Vec::with_capacity(n * n);
    for (position, c) in labels {
        let id = match found.iter().position(|l| l.label == c) {
            Some(id) => id,
            None => {
                found.push(Label {
                    label: c,
                    at: position,
                    cells: 0,
                });
                found.len() - 1
            }
        };
        if let Some(label) = found.get_mut(id) {
            label.cells += 1;
        }
        ids.push(id);
    }
    if found.len() != n {
        let position = found.get(n).map_or(start, |l| l.at);
        let kind = ParseErrorKind::RegionCount {
            found: found.len(),
            expected: n,
        };
        return Err(at(position, kind));
    }
    if let Some(bad) = found.iter().find(|l| l.cells != n) {
        let kind = ParseErrorKind::RegionSize {
            label: bad.label,
            found: bad.cells,
            expected: n,
        };
        return Err(at(bad.at, kind));
    }
    // Exactly n ≤ 25 labels, so every id fits in a u8.
    let ids: Vec<u8> = ids.into_iter().map(|id| id as u8).collect();
    Shape::jigsaw(n, &ids).map_err(|e| at(start, e.into()))
}

impl fmt::Display for Puzzle {
    /// The line format, with `.` for blanks and a region map for jigsaw.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_puzzle(self))
    }
}

impl fmt::Display for Grid {
    /// The line format: N² digits, then a jigsaw's region map.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format_grid(self))
    }
}

impl FromStr for Puzzle {
    type Err = ParseError;

    /// Parses one line-format puzzle with default [`ParseOptions`].
    fn from_str(text: &str) -> Result<Puzzle, ParseError> {
        parse(text, &ParseOptions::default())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn ascii_fields_are_the_character_walk_s() {
        let texts = [
            "",
            " ",
            "1.3. aabb",
            "\t1.3.\x0b\x0caabb\r",
            "  a  b  c ",
            "a\u{85}b",
            "x",
            "\x0b",
        ];
        for text in texts {
            let pairs = |fields: Vec<Field<'_>>| -> Vec<(usize, String)> {
                fields
                    .into_iter()
                    .map(|f| (f.column, f.text.to_owned()))
                    .collect()
            };
            assert_eq!(
                pairs(super::fields(text)),
                pairs(fields_of_chars(text)),
                "{text:?}"
            );
        }
    }

    use super::*;
    use crate::Variant;

    fn error(text: &str) -> String {
        parse(text, &ParseOptions::default())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn parses_boxed_puzzles_of_every_boxed_size() {
        for n in [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25] {
            let text: String = (0..n * n)
                .map(|i| if i == 0 { 'P'.min(last(n)) } else { '.' })
                .collect();
            let puzzle = parse(&text, &ParseOptions::default()).unwrap();
            assert_eq!(puzzle.shape(), &Shape::boxed(n).unwrap());
            assert_eq!(puzzle.given_count(), 1);
            assert_eq!(format_puzzle(&puzzle), text);
        }
    }

    fn last(n: usize) -> char {
        crate::Digit::from_number(n as u8).unwrap().to_char()
    }

    #[test]
    fn reads_every_blank_and_both_cases() {
        let puzzle = parse("1._*0...........", &ParseOptions::default()).unwrap();
        assert_eq!(puzzle.given_count(), 1);
        let text = format!("g{}", ".".repeat(255));
        let puzzle = parse(&text, &ParseOptions::default()).unwrap();
        assert_eq!(puzzle.to_string(), text.to_uppercase());
    }

    #[test]
    fn wrong_length_points_past_the_field() {
        assert_eq!(
            error("  1.3"),
            "1:6: expected N*N cells for a size N from 1 to 25 (e.g. 81 for 9x9, 256 for 16x16), found 3"
        );
        assert_eq!(
            error(&".".repeat(626)),
            "1:627: expected N*N cells for a size N from 1 to 25 (e.g. 81 for 9x9, 256 for 16x16), found 626"
        );
    }

    #[test]
    fn bad_cells_point_at_the_character() {
        assert_eq!(
            error("1.3?............"),
            "1:4: unexpected character '?'; expected a digit 1-4 or a blank ('.', '_', '*' or '0')"
        );
        assert_eq!(
            error("1.35............"),
            "1:4: digit '5' stands for 5, out of range for size 4"
        );
        assert_eq!(
            error(&format!("..0{}", ".".repeat(253))),
            "1:3: unexpected character '0'; expected a digit 1-9 or A-G or a blank ('.', '_' or '*'); \
             if 0-F are the digits, use the hex alphabet (--alphabet hex)"
        );
        let hex = ParseOptions {
            alphabet: Alphabet::Hex,
            ..ParseOptions::default()
        };
        assert_eq!(
            parse(&format!("..G{}", ".".repeat(253)), &hex)
                .unwrap_err()
                .to_string(),
            "1:3: unexpected character 'G'; expected a digit 0-9 or A-F or a blank ('.', '_' or '*')"
        );
        assert_eq!(
            error(&format!("{}A", ".".repeat(80))),
            "1:81: 'A' is not a digit of size 9; expected a digit 1-9 or a blank ('.', '_', '*' or '0')"
        );
    }

    #[test]
    fn sizes_without_boxes_need_a_region_map() {
        let message = "size 7 has no box shape; boxed sizes are 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 and 25, other sizes need a region map";
        assert_eq!(error(&".".repeat(49)), format!("1:50: {message}"));
        assert!(error(".").starts_with("1:2: size 1 has no box shape"));
        let tiny = parse("1 x", &ParseOptions::default()).unwrap();
        assert_eq!((tiny.shape().size(), tiny.given_count()), (1, 1));
        assert_eq!(tiny.to_string(), "1 a");
    }

    #[test]
    fn region_map_errors() {
        assert_eq!(
            error("*2*1*2*** aabab"),
            "1:16: region map has 5 labels, expected 9 (one per cell)"
        );
        assert_eq!(
            error("*2*1*2*** aababbccd"),
            "1:19: region map has 4 distinct labels, expected 3"
        );
        assert_eq!(
            error("*2*1*2*** aaaabbbbb"),
            "1:11: region map has 2 distinct labels, expected 3"
        );
        assert_eq!(
            error("*2*1*2*** aaaabbccc"),
            "1:11: region 'a' has 4 cells, expected 3"
        );
        assert_eq!(
            error("*2*1*2*** aabbbbacc"),
            "1:13: region 'b' has 4 cells, expected 3"
        );
        assert_eq!(
            error("*2*1*2*** aababbccc x"),
            "1:21: unexpected third field; a line holds the cells and an optional region map"
        );
    }

    #[test]
    fn region_labels_are_any_characters_renumbered() {
        let options = ParseOptions::default();
        let a = parse("*2*1*2*** ☃☃é☃ééZZZ", &options).unwrap();
        let b = parse("*2*1*2*** aababbccc", &options).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), ".2.1.2... aababbccc");
        let err = parse("*2*1*2*** ☃☃é☃éé\u{1}ZZ", &options).unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:18: region map has 4 distinct labels, expected 3"
        );
    }

    #[test]
    fn options_set_the_variant_and_the_boxes() {
        let nine = ".".repeat(81);
        let x = ParseOptions {
            variant: Variant::X,
            ..ParseOptions::default()
        };
        assert_eq!(parse(&nine, &x).unwrap().shape().variant(), Variant::X);
        let wide = ParseOptions {
            boxes: Some(BoxShape::new(2, 6).unwrap()),
            ..ParseOptions::default()
        };
        let twelve = parse(&".".repeat(144), &wide).unwrap();
        assert_eq!(twelve.shape().box_shape(), BoxShape::new(2, 6).ok());
        assert_eq!(
            parse(&nine, &wide).unwrap_err().to_string(),
            "1:82: expected size 12 for 2x6 boxes, found size 9"
        );
        let jigsaw = parse("*2*1*2*** aababbccc", &wide).unwrap();
        assert!(jigsaw.shape().is_jigsaw());
    }

    #[test]
    fn reader_skips_comments_and_keeps_going_after_errors() {
        let text = "# header\n\n1.3.............\r\n  # indented comment\nbad\n...4............";
        let records: Vec<Record> = Reader::new(text.as_bytes(), ParseOptions::default())
            .map(Result::unwrap)
            .collect();
        let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
        assert_eq!(lines, [3, 5, 6]);
        assert_eq!(records[0].input, "1.3.............");
        assert!(records[0].puzzle.is_ok());
        assert_eq!(records[1].input, "bad");
        assert!(
            records[1]
                .puzzle
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("5:4: expected N*N")
        );
        assert_eq!(records[2].puzzle.as_ref().unwrap().given_count(), 1);
    }

    #[test]
    fn parse_wants_exactly_one_puzzle() {
        assert_eq!(error(""), "1:1: no puzzle found");
        assert_eq!(error("# only a comment\n"), "1:1: no puzzle found");
        assert_eq!(
            error("1.3.............\n\n1.3.............\n"),
            "3:1: unexpected second puzzle; expected one"
        );
    }

    #[test]
    fn written_grids_are_formatted_grids_respelled() {
        for n in 1..=MAX_SIZE {
            let digits: Vec<crate::Digit> = (0..n * n)
                .filter_map(|i| crate::Digit::new(((i * 7 + i / n) % n) as u8))
                .collect();
            let ids: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
            let shape = Shape::jigsaw(n, &ids).unwrap();
            let grid = Grid::new(shape, digits.clone()).unwrap();
            let by_char: String = digits.iter().map(|d| d.to_char()).collect();
            let map: String = ids.iter().map(|&id| alphabet::region_label(id)).collect();
            assert_eq!(format_grid(&grid), format!("{by_char} {map}"));
            for alphabet in [Alphabet::Standard, Alphabet::Hex, Alphabet::Letters] {
                let mut out = Vec::new();
                write_grid(&mut out, &grid, alphabet).unwrap();
                // The digits respelled; the region labels as they are.
                let digits = alphabet.respell(by_char.as_str(), n);
                assert_eq!(
                    String::from_utf8(out).unwrap(),
                    format!("{digits} {map}"),
                    "{n} {alphabet:?}"
                );
            }
        }
    }

    #[test]
    fn grids_print_their_digits_and_a_jigsaw_its_map() {
        let puzzle = parse("1234341243212143", &ParseOptions::default()).unwrap();
        let grid = puzzle.to_grid().unwrap();
        assert_eq!(format_grid(&grid), "1234341243212143");
        let jigsaw = parse("321132213 aababbccc", &ParseOptions::default()).unwrap();
        let grid = jigsaw.to_grid().unwrap();
        assert_eq!(grid.to_string(), "321132213 aababbccc");
        assert_eq!(grid.to_string().parse::<Grid>(), Ok(grid));
    }
}

/// The byte-table path of [`parse_line`] against the character walk.
#[cfg(test)]
mod plain {
    use proptest::prelude::*;
    use proptest::strategy::ValueTree;

    use super::*;
    use crate::{Digit, Variant};

    /// Whether the plain path reads `text`; checks that, when it does, it
    /// reads what the character walk reads, and that `parse_line` always
    /// gives what the character walk gives.
    fn agrees(text: &str, options: &ParseOptions) -> bool {
        let general = parse_any(text, 7, options);
        assert_eq!(parse_line(text, 7, options), general, "{text:?}");
        match parse_plain(text, options, &mut None) {
            Some(puzzle) => {
                assert_eq!(Ok(puzzle), general, "{text:?}");
                true
            }
            None => false,
        }
    }

    fn with(alphabet: Alphabet) -> ParseOptions {
        ParseOptions {
            alphabet,
            ..ParseOptions::default()
        }
    }

    const NORVIG: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    #[test]
    fn plain_lines_take_the_fast_path() {
        let standard = ParseOptions::default();
        for text in [
            NORVIG.to_owned(),
            NORVIG.replace('.', "0"),
            NORVIG.replace('.', "_").replace('4', "*"),
            format!("  {NORVIG}\t\r"),
            "1.3.0..2........".to_owned(),
            format!("g{}", ".".repeat(255)),
            format!("G{}p", ".".repeat(623)),
            "4".repeat(81),
        ] {
            assert!(agrees(&text, &standard), "{text:?}");
        }
        let hex = format!("0f.A{}", ".".repeat(252));
        assert!(agrees(&hex, &with(Alphabet::Hex)));
        assert!(agrees(&NORVIG.replace('.', "0"), &with(Alphabet::Hex)));
    }

    #[test]
    fn anything_else_takes_the_character_walk_with_its_errors() {
        let standard = ParseOptions::default();
        let at = |i: usize, c: &str| format!("{}{c}{}", &NORVIG[..i], &NORVIG[i + 1..]);
        let cases = [
            (at(40, "?"), "7:41: unexpected character '?'"),
            (at(40, "A"), "7:41: 'A' is not a digit of size 9"),
            (at(40, "a"), "7:41: 'a' is not a digit of size 9"),
            (at(40, "é"), "7:41: unexpected character 'é'"),
            (at(40, " "), "7:41: expected N*N cells"),
            (at(80, "\u{b}"), "7:81: expected N*N cells"),
            (format!("{NORVIG}\u{b}"), ""),
            (format!("{NORVIG}\u{a0}"), ""),
            (format!("\u{3000}{NORVIG}"), ""),
            (NORVIG[1..].to_owned(), "7:81: expected N*N cells"),
            (format!("{NORVIG}."), "7:83: expected N*N cells"),
            (
                format!("{NORVIG} {}", "a".repeat(81)),
                "7:83: region map has 1",
            ),
            (format!("{NORVIG} x y"), "7:85: unexpected third field"),
            (".".repeat(49), "7:50: size 7 has no box shape"),
            (
                format!("0{}", ".".repeat(255)),
                "7:1: unexpected character '0'",
            ),
            (
                format!("Q{}", ".".repeat(624)),
                "7:1: digit 'Q' stands for 26",
            ),
            (String::new(), "7:1: no puzzle found"),
        ];
        for (text, error) in cases {
            assert!(!agrees(&text, &standard), "{text:?}");
            let result = parse_any(&text, 7, &standard);
            match result {
                Err(e) => assert!(e.to_string().starts_with(error), "{text:?}: {e}"),
                Ok(_) => assert!(error.is_empty(), "{text:?}"),
            }
        }
        let hex = with(Alphabet::Hex);
        let g = format!("g{}", ".".repeat(255));
        assert!(!agrees(&g, &hex));
        assert!(!agrees(&format!("0{}", ".".repeat(255)), &standard));
        let clash = format!("11{}", ".".repeat(79));
        assert!(agrees(&clash, &standard), "clashing givens are a puzzle");
        let jigsaw = "*2*1*2*** aababbccc";
        assert!(!agrees(jigsaw, &standard));
        let wide = ParseOptions {
            boxes: Some(BoxShape::new(2, 6).unwrap()),
            variant: Variant::X,
            ..ParseOptions::default()
        };
        assert!(!agrees(NORVIG, &wide));
        assert!(agrees(&".".repeat(144), &wide));
    }

    #[test]
    fn a_reader_reuses_a_shape_only_for_its_size() {
        let text = format!(
            "{NORVIG}\n1.3.............\n{NORVIG}\n*2*1*2*** aababbccc\n{}\n",
            ".".repeat(81)
        );
        for options in [
            ParseOptions::default(),
            ParseOptions {
                variant: Variant::X,
                ..ParseOptions::default()
            },
        ] {
            let shapes: Vec<Shape> = Reader::new(text.as_bytes(), options)
                .map(|record| record.unwrap().puzzle.unwrap().shape().clone())
                .collect();
            let expected: Vec<Shape> = text
                .lines()
                .map(|line| parse_any(line, 1, &options).unwrap().shape().clone())
                .collect();
            assert_eq!(shapes, expected);
        }
    }

    /// Characters a line might hold, valid or not.
    const ANY: &str = "0123456789AaFfGgPpQZz._*?# \t\u{b}\u{c}\ré\u{a0}\u{85}\u{3000}";

    /// A line of about n² cells, valid for size n (in the standard
    /// alphabet) but for a few, perhaps with whitespace around them.
    fn line() -> impl Strategy<Value = String> {
        let boxed = (4..=MAX_SIZE).filter(|&n| BoxShape::infer(n).is_some());
        let size = prop_oneof![
            3 => proptest::sample::select(boxed.collect::<Vec<_>>()),
            1 => 1..=MAX_SIZE,
        ];
        (size, prop_oneof![3 => Just(0isize), 1 => -1..=1isize])
            .prop_flat_map(|(n, off)| {
                let len = (n * n).saturating_add_signed(off);
                let valid: Vec<char> = "._*0"
                    .chars()
                    .filter(|&c| c != '0' || n <= 9)
                    .chain(
                        (1..=n as u8)
                            .filter_map(Digit::from_number)
                            .map(Digit::to_char),
                    )
                    .chain(('a'..='p').take(n.saturating_sub(9)))
                    .collect();
                let pad = proptest::sample::select(vec!["", "", "", " ", "\t", "  \r", "\u{b}"]);
                let bad = proptest::collection::vec(
                    (
                        any::<proptest::sample::Index>(),
                        proptest::sample::select(ANY.chars().collect::<Vec<_>>()),
                    ),
                    0..=2,
                );
                (
                    pad.clone(),
                    proptest::collection::vec(proptest::sample::select(valid), len),
                    prop_oneof![Just(Vec::new()), bad],
                    pad,
                )
            })
            .prop_map(|(front, mut cells, bad, back)| {
                for (at, c) in bad {
                    if !cells.is_empty() {
                        let at = at.index(cells.len());
                        cells[at] = c;
                    }
                }
                format!("{front}{}{back}", cells.into_iter().collect::<String>())
            })
    }

    fn options() -> impl Strategy<Value = ParseOptions> {
        let boxes = proptest::option::weighted(0.2, (2..=5usize, 2..=5usize))
            .prop_map(|hw| hw.and_then(|(h, w)| BoxShape::new(h.min(w), h.max(w)).ok()));
        let alphabet =
            proptest::sample::select(vec![Alphabet::Standard, Alphabet::Hex, Alphabet::Letters]);
        let variant = proptest::sample::select(vec![Variant::Standard, Variant::X]);
        (boxes, alphabet, variant).prop_map(|(boxes, alphabet, variant)| ParseOptions {
            variant,
            boxes,
            alphabet,
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn the_plain_path_reads_what_the_character_walk_reads(
            text in line(),
            options in options(),
        ) {
            agrees(&text, &options);
        }
    }

    #[test]
    fn the_generator_feeds_both_paths() {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = line();
        let plain = (0..1000)
            .filter(|_| {
                let text = strategy.new_tree(&mut runner).unwrap().current();
                parse_plain(&text, &ParseOptions::default(), &mut None).is_some()
            })
            .count();
        assert!((200..=800).contains(&plain), "{plain} plain lines of 1000");
    }
}
