//! Text formats: one puzzle per line, multi-line grids, grids of numbers,
//! POJ 2676, pencilmarks (Sukaku) and CSV datasets.
//!
//! | format | one record is | module |
//! |---|---|---|
//! | [`Format::Line`] | a line of N² cells, plus a region map for jigsaw | [`line`](mod@line) |
//! | [`Format::Grid`] | N rows of N cells, with optional box separators; for jigsaw, a map line of `=` and N rows of region labels | [`grid`] |
//! | [`Format::Numbers`] | N rows of N whitespace-separated numbers, `0` for a blank (or all N² on one line); a region map as in a grid | [`numbers`] |
//! | [`Format::Poj`] | 9 rows of 9 digits after a count line | [`poj`] |
//! | [`Format::Csv`] | a CSV record, after a header line; the puzzle in one column | [`csv`](mod@csv) |
//! | [`Format::Pencilmark`] | a line of N³ candidate marks, plus a region map for jigsaw | [`pencilmark`] |
//!
//! Every format but POJ (9×9 with boxes) takes any size from 1×1 to 25×25,
//! boxed or jigsaw: a jigsaw puzzle carries its map of region labels after
//! the cells (in a CSV dataset, inside the puzzle's field, as in the line
//! format). The [`Variant`] comes from the caller ([`ParseOptions::variant`]),
//! never from the text. Digits are `1`–`9` then `A`–`P`; in the line, grid
//! and CSV formats a 16×16 puzzle may be written `0`–`F` instead
//! ([`Alphabet::Hex`]), and the sizes from 10×10 to 25×25 with letters
//! from `A` for 1 ([`Alphabet::Letters`]: `A`–`P` for 16×16), as
//! [`ParseOptions::alphabet`] says; the numbers format writes digits as
//! decimal numbers whatever the alphabet.
//!
//! Each module documents its grammar, parses one record from a string
//! (`parse`), streams records from any [`BufRead`] (`Reader`), and prints
//! puzzles and grids back in the same shape, so that parse → print → parse
//! gives the same puzzle. [`read`] and [`read_auto`] pick the reader by
//! [`Format`].
//!
//! Readers never stop at a bad record: each [`Record`] carries its own
//! `Result`, and the next record is read normally. Lines are read with a cap
//! of [`LINE_CAP`] bytes, so memory stays bounded on any input; Windows
//! (`\r\n`) and classic Mac OS (`\r`) line endings, a UTF-8 byte-order mark,
//! a last line without a line ending and non-UTF-8 bytes are all handled.
//! Every [`ParseError`] carries a 1-based line and column.

mod alphabet;
pub mod csv;
mod error;
pub mod grid;
pub mod line;
pub mod numbers;
pub mod pencilmark;
pub mod poj;
mod reader;
mod rows;

use std::io::{self, BufRead};

use crate::{BoxShape, Puzzle, Shape, Variant};

pub use alphabet::Alphabet;
pub use error::{ParseError, ParseErrorKind};
pub use reader::LINE_CAP;

use reader::{Fault, LineReader, RawLine};

/// A text format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// One puzzle per line; see [`line`](mod@line).
    Line,
    /// N rows of N cells per puzzle; see [`grid`].
    Grid,
    /// N rows of N numbers per puzzle, `0` for a blank; see [`numbers`].
    Numbers,
    /// The POJ 2676 input shape; see [`poj`].
    Poj,
    /// One pencilmark (Sukaku) puzzle per line; see [`pencilmark`].
    Pencilmark,
    /// A CSV dataset with a header line; see [`csv`](mod@csv).
    Csv,
}

impl Format {
    /// Guesses the format from the first content line (the first line that
    /// is neither blank nor a `#` comment). The rule, in order:
    ///
    /// 1. A row of numbers ([`numbers::is_numbers_row`]: 10 decimal
    ///    numbers or more, one of two digits or `0` blanks among them, or a
    ///    whole puzzle of N² numbers) is [`Format::Numbers`].
    /// 2. Else a line with `|` or `+`, or a rule line such as
    ///    `------+------`, is [`Format::Grid`].
    /// 3. A line of three or more whitespace-separated fields is a row of
    ///    spaced cells: [`Format::Grid`].
    /// 4. Two fields whose first has a square length N² (N up to 25) and
    ///    whose second is within N characters of it are cells and a region
    ///    map, perhaps a few labels off: [`Format::Line`] (whose reader then
    ///    says what is wrong with the map); other pairs are a row with a
    ///    gap: [`Format::Grid`].
    /// 5. One field is [`Format::Line`] when it parses as a boxed line
    ///    puzzle (N² cells, N with a box shape, every cell valid for N),
    ///    else [`Format::Grid`] when it is a valid first row (a boxed size
    ///    N of cells, each valid for N), else [`Format::Line`], whose error
    ///    messages suit a stray line best.
    ///
    /// So `4.....8.5` (9 cells: 9 is a boxed size but not a square of one)
    /// is a grid row, while a 16-character row of digits 1–4 reads as a 4×4
    /// line, not a 16×16 row: add separators to a 16×16 grid to be sure.
    /// [`Format::Poj`] needs the next line: see [`Format::detect_start`].
    /// First of all, a line with a comma is a [`Format::Csv`] header. Then,
    /// before these rules, a first field of N³ characters (N from 4 to 25:
    /// shorter ones are grid rows) that is not a boxed line puzzle is
    /// [`Format::Pencilmark`].
    ///
    /// ```
    /// use dance_sudoku::format::Format;
    ///
    /// assert_eq!(Format::detect(&".".repeat(81)), Format::Line);
    /// assert_eq!(Format::detect("4.....8.5"), Format::Grid);
    /// assert_eq!(Format::detect("4 . . |. . . |8 . 5"), Format::Grid);
    /// assert_eq!(Format::detect("123456789ABCDEFG"), Format::Grid);
    /// assert_eq!(Format::detect("0 15 0 1 0 0 2 14 0 0 0 0 13 0 0 0"), Format::Numbers);
    /// ```
    pub fn detect(first_line: &str) -> Format {
        Format::detect_in(first_line, Alphabet::Standard)
    }

    /// [`detect`](Self::detect) with the digits of `alphabet`.
    fn detect_in(first_line: &str, alphabet: Alphabet) -> Format {
        let text = first_line.trim();
        if text.contains(',') {
            return Format::Csv;
        }
        if numbers::is_numbers_row(text, alphabet) {
            return Format::Numbers;
        }
        if text.contains(['|', '+']) || grid::is_rule(text) {
            return Format::Grid;
        }
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields.as_slice() {
            [marks, ..]
                if pencilmark::cube_size(marks.chars().count()).is_some_and(|n| n >= 4)
                    && !line::is_boxed_line(marks, alphabet) =>
            {
                Format::Pencilmark
            }
            [cells]
                if line::is_boxed_line(cells, alphabet) || !grid::is_first_row(cells, alphabet) =>
            {
                Format::Line
            }
            [cells, map] if is_cells_and_map(cells, map) => Format::Line,
            _ => Format::Grid,
        }
    }

    /// Guesses the format from the first content line and what follows it:
    /// `next` is the next content line (`None` at the end of input), and
    /// `blank_between` whether a blank line comes before it. The rule, in
    /// order:
    ///
    /// 1. A first line of 1 to 8 digits alone followed by a row of 9
    ///    digits is a POJ 2676 count and its first row: [`Format::Poj`].
    /// 2. A first line that [`detect`](Self::detect) takes for the first
    ///    row of a grid is a stray line of the line format instead when no
    ///    row follows it (the input ends, or a blank line comes next) or when
    ///    the next line is a complete line-format puzzle.
    /// 3. Otherwise, [`detect`](Self::detect) on the first line.
    ///
    /// ```
    /// use dance_sudoku::format::Format;
    ///
    /// assert_eq!(Format::detect_start("2", Some("103000509"), false), Format::Poj);
    /// assert_eq!(Format::detect_start("4.....8.5", Some("..3......"), false), Format::Grid);
    /// assert_eq!(Format::detect_start("4.....8.5", None, false), Format::Line);
    /// assert_eq!(Format::detect_start("4.....8.5", Some(&".".repeat(81)), false), Format::Line);
    /// ```
    pub fn detect_start(first: &str, next: Option<&str>, blank_between: bool) -> Format {
        Format::detect_start_in(first, next, blank_between, Alphabet::Standard)
    }

    /// [`detect_start`](Self::detect_start) with the digits of `alphabet`.
    fn detect_start_in(
        first: &str,
        next: Option<&str>,
        blank_between: bool,
        alphabet: Alphabet,
    ) -> Format {
        let first = first.trim();
        let next = next.map(str::trim);
        let is_digits = |text: &str| text.bytes().all(|b| b.is_ascii_digit());
        let count = (1..=8).contains(&first.len()) && is_digits(first);
        if count && next.is_some_and(|row| row.len() == 9 && is_digits(row)) {
            return Format::Poj;
        }
        let format = Format::detect_in(first, alphabet);
        let one_field = first.split_whitespace().count() == 1;
        let lone = blank_between || next.is_none_or(|next| looks_like_line(next, alphabet));
        if format == Format::Grid && one_field && grid::is_first_row(first, alphabet) && lone {
            return Format::Line;
        }
        format
    }
}

/// Whether two fields are a line record's cells and its region map, the map
/// perhaps a few labels off.
fn is_cells_and_map(cells: &str, map: &str) -> bool {
    let (cells, labels) = (cells.chars().count(), map.chars().count());
    line::square_size(cells).is_some_and(|n| cells.abs_diff(labels) <= n)
}

/// Whether a line is a complete line-format record.
fn looks_like_line(text: &str, alphabet: Alphabet) -> bool {
    match text.split_whitespace().collect::<Vec<_>>().as_slice() {
        [cells] => line::is_boxed_line(cells, alphabet),
        [cells, map] => is_cells_and_map(cells, map),
        _ => false,
    }
}

/// Options for every parser.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The variant given to every puzzle read (text does not carry it).
    pub variant: Variant,
    /// Boxes to use instead of [`BoxShape::infer`]'s; every boxed puzzle
    /// must then have size `height · width`. Region maps take precedence,
    /// and the POJ format always uses 3×3 boxes.
    pub boxes: Option<BoxShape>,
    /// The characters of the digits (the line and grid formats; POJ is
    /// always `1`–`9` with `0` for a blank).
    pub alphabet: Alphabet,
}

/// One record read from a stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The 1-based line where the record starts.
    pub line: usize,
    /// The record's text as read, lines joined with `\n`, without line
    /// endings (lossily decoded where it was not UTF-8, and cut at
    /// [`LINE_CAP`] bytes where a line was longer).
    pub input: String,
    /// The puzzle, or why the record is not one.
    pub puzzle: Result<Puzzle, ParseError>,
}

/// Records from a stream in any [`Format`]; see [`read`].
pub struct Records<R> {
    inner: Inner<R>,
}

enum Inner<R> {
    Line(line::Reader<R>),
    Grid(grid::Reader<R>),
    Numbers(numbers::Reader<R>),
    Poj(poj::Reader<R>),
    Pencilmark(pencilmark::Reader<R>),
    Csv(csv::Reader<R>),
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let mut record = match &mut self.inner {
            Inner::Line(reader) => reader.next(),
            Inner::Grid(reader) => reader.next(),
            Inner::Numbers(reader) => reader.next(),
            Inner::Poj(reader) => reader.next(),
            Inner::Pencilmark(reader) => reader.next(),
            Inner::Csv(reader) => reader.next(),
        };
        // Checked where it lies: a record is large, and moving it in and
        // out of the check copied it twice per record.
        if let Some(Ok(record)) = &mut record {
            refuse_unfit_variant(record);
        }
        record
    }
}

impl<R: BufRead> Records<R> {
    /// The same records, a CSV dataset's puzzles taken from `column`
    /// (other formats have no columns and are unchanged).
    pub fn with_column(self, column: csv::Column) -> Records<R> {
        match self.inner {
            Inner::Csv(reader) => Records {
                inner: Inner::Csv(reader.with_column(column)),
            },
            inner => Records { inner },
        }
    }

    /// A CSV dataset's column names, read now if they have not been
    /// ([`csv::Reader::header`]); `None` for the other formats, and for a
    /// CSV input with no content line.
    ///
    /// # Errors
    /// See [`csv::Reader::header`]: a header that cannot be read, lacks the
    /// column asked for, or reads as a puzzle ends the input.
    pub fn header(&mut self) -> io::Result<Option<&[String]>> {
        match &mut self.inner {
            Inner::Csv(reader) => reader.header(),
            _ => Ok(None),
        }
    }

    /// A CSV dataset's header line as read, once [`header`](Self::header)
    /// has read it; `None` for the other formats.
    pub fn header_line(&self) -> Option<&str> {
        match &self.inner {
            Inner::Csv(reader) => reader.header_line(),
            _ => None,
        }
    }
}

/// Makes `record` an error at its line when the variant asked for does not
/// fit its shape (windoku or disjoint groups on a jigsaw of a size without
/// boxes), which the parsers' [`Shape::with_variant`] cannot refuse.
fn refuse_unfit_variant(record: &mut Record) {
    if let Ok(puzzle) = &record.puzzle {
        let shape = puzzle.shape();
        // The standard rules fit every shape: nothing to clone and try.
        if shape.variant().is_standard() {
            return;
        }
        if let Err(error) = shape.clone().try_with_variant(shape.variant()) {
            record.puzzle = Err(ParseError::new(record.line, 1, error));
        }
    }
}

/// Reads records of `format` from `reader`.
pub fn read<R: BufRead>(reader: R, format: Format, options: ParseOptions) -> Records<R> {
    from_lines(LineReader::new(reader), format, options)
}

/// Reads records after guessing the format with [`Format::detect_start`]
/// from the first content line and the next; an input with no content reads
/// as [`Format::Line`].
///
/// # Errors
/// An I/O error met while looking for the first content line.
///
/// ```
/// use dance_sudoku::format::{self, Format, ParseOptions};
///
/// let text = "# a 4x4 grid\r\n1 2 | 3 4\r\n3 4 | 1 2\r\n----+----\r\n2 1 | 4 3\r\n4 3 | 2 1";
/// let (found, mut records) = format::read_auto(text.as_bytes(), ParseOptions::default())?;
/// assert_eq!(found, Format::Grid);
/// let record = records.next().unwrap()?;
/// assert_eq!(record.line, 2);
/// assert_eq!(record.puzzle.unwrap().to_string(), "1234341221434321");
/// assert!(records.next().is_none());
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn read_auto<R: BufRead>(reader: R, options: ParseOptions) -> io::Result<(Format, Records<R>)> {
    let mut lines = LineReader::new(reader);
    let mut peeked = Vec::new();
    let mut first = None;
    let mut next = None;
    let mut blank_between = false;
    while let Some(line) = lines.next_line() {
        let line = line?;
        let content = !line.is_blank() && !line.is_comment();
        match (content, first.is_some()) {
            (true, false) => first = Some(peeked.len()),
            (true, true) => next = Some(peeked.len()),
            (false, true) => blank_between |= line.is_blank(),
            (false, false) => {}
        }
        peeked.push(line);
        if next.is_some() {
            break;
        }
    }
    let text = |index: Option<usize>| index.and_then(|k| peeked.get(k)).map(|l| l.text.as_str());
    let format = match text(first) {
        Some(first) => Format::detect_start_in(first, text(next), blank_between, options.alphabet),
        None => Format::Line,
    };
    for line in peeked {
        lines.push_back(line);
    }
    Ok((format, from_lines(lines, format, options)))
}

fn from_lines<R: BufRead>(
    lines: LineReader<R>,
    format: Format,
    options: ParseOptions,
) -> Records<R> {
    let inner = match format {
        Format::Line => Inner::Line(line::Reader::from_lines(lines, options)),
        Format::Grid => Inner::Grid(grid::Reader::from_lines(lines, options)),
        Format::Numbers => Inner::Numbers(numbers::Reader::from_lines(lines, options)),
        Format::Poj => Inner::Poj(poj::Reader::from_lines(lines, options)),
        Format::Pencilmark => Inner::Pencilmark(pencilmark::Reader::from_lines(lines, options)),
        Format::Csv => Inner::Csv(csv::Reader::from_lines(lines, options)),
    };
    Records { inner }
}

/// The next record of a format with one record per content line (the line
/// and pencilmark formats): comment and blank lines are skipped, a line's
/// fault (too long, not UTF-8) is its record's error, and `parse` reads the
/// rest.
fn next_line_record<R: BufRead>(
    lines: &mut LineReader<R>,
    options: &ParseOptions,
    mut parse: impl FnMut(&str, usize, &ParseOptions) -> Result<Puzzle, ParseError>,
) -> Option<io::Result<Record>> {
    loop {
        let line = match lines.next_line()? {
            Ok(line) => line,
            Err(e) => return Some(Err(e)),
        };
        if line.is_comment() || (line.fault.is_none() && line.is_blank()) {
            continue;
        }
        let puzzle = match fault_error(&line) {
            Some(err) => Err(err),
            None => parse(&line.text, line.number, options),
        };
        return Some(Ok(Record {
            line: line.number,
            input: line.text,
            puzzle,
        }));
    }
}

/// The error for a line that cannot be parsed at all, if it is one.
fn fault_error(line: &RawLine) -> Option<ParseError> {
    match line.fault? {
        Fault::NotUtf8 { column } => Some(ParseError::new(
            line.number,
            column,
            ParseErrorKind::NotUtf8,
        )),
        Fault::TooLong => Some(ParseError::new(
            line.number,
            line.text.chars().count() + 1,
            ParseErrorKind::LineTooLong { cap: LINE_CAP },
        )),
    }
}

/// The one puzzle in `records`: an error when there is none or more.
fn parse_one(mut records: impl Iterator<Item = Record>) -> Result<Puzzle, ParseError> {
    let first = records
        .next()
        .ok_or_else(|| ParseError::new(1, 1, ParseErrorKind::NoRecord))?;
    match records.next() {
        Some(second) => Err(ParseError::new(second.line, 1, ParseErrorKind::ExtraRecord)),
        None => first.puzzle,
    }
}

/// The 1-based column of the first non-whitespace character of `text`
/// (1 for a blank line).
fn first_column(text: &str) -> usize {
    text.chars().take_while(|c| c.is_whitespace()).count() + 1
}

/// The 1-based column just past the last non-whitespace character.
fn past_end(text: &str) -> usize {
    text.trim_end().chars().count() + 1
}

/// The boxed shape of size `n`: the boxes of `options` or else the inferred
/// ones.
fn boxed_shape(n: usize, options: &ParseOptions) -> Result<Shape, ParseErrorKind> {
    match options.boxes {
        Some(boxes) if boxes.size() == n => Ok(Shape::with_boxes(boxes)),
        Some(boxes) => Err(ParseErrorKind::BoxShapeMismatch { boxes, size: n }),
        None => BoxShape::infer(n)
            .map(Shape::with_boxes)
            .ok_or(ParseErrorKind::NoBoxShape { size: n }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detect_follows_the_documented_rule() {
        let cases = [
            (".".repeat(81), Format::Line),
            (".".repeat(80), Format::Line),
            ("1.3.............".to_string(), Format::Line),
            ("*2*1*2*** aababbccc".to_string(), Format::Line),
            ("4.....8.5".to_string(), Format::Grid),
            ("1.3.".to_string(), Format::Grid),
            (".".repeat(25), Format::Grid),
            ("123456789ABCDEFG".to_string(), Format::Grid),
            ("12 34".to_string(), Format::Grid),
            (
                format!("{} {}", ".".repeat(289), "a".repeat(288)),
                Format::Line,
            ),
            (
                format!("{} {}", ".".repeat(81), "a".repeat(70)),
                Format::Grid,
            ),
            ("4 . . . . . 8 . 5".to_string(), Format::Grid),
            ("|4..|...|8.5|".to_string(), Format::Grid),
            ("*-----------*".to_string(), Format::Grid),
            ("------+------+------".to_string(), Format::Grid),
        ];
        for (text, format) in cases {
            assert_eq!(Format::detect(&text), format, "{text}");
        }
    }

    #[test]
    fn read_auto_peeks_without_losing_lines() {
        let text = "# comment\n\n12|34\n34|12\n21|43\n43|21\n";
        let (format, records) = read_auto(text.as_bytes(), ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Grid);
        let records: Vec<Record> = records.map(Result::unwrap).collect();
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].line, 3);

        let (format, mut records) = read_auto(&b""[..], ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Line);
        assert!(records.next().is_none());

        let (format, records) = read_auto(&b"1...\n....\n"[..], ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Grid);
        assert_eq!(records.count(), 1);
    }

    #[test]
    fn read_auto_recognises_poj_and_stray_lines() {
        let poj = format!("2\n\n{}", "000000000\n".repeat(18));
        let (format, records) = read_auto(poj.as_bytes(), ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Poj);
        assert_eq!(records.count(), 2);
        // A 1x1 puzzle file is not a POJ count.
        let (format, _) = read_auto(&b"1\n1\n"[..], ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Line);
        // A short stray line, then a blank line, then line puzzles.
        let stray = format!("4.....8.5\n\n{}\n", ".".repeat(81));
        let (format, records) = read_auto(stray.as_bytes(), ParseOptions::default()).unwrap();
        assert_eq!(format, Format::Line);
        assert_eq!(records.count(), 2);
    }

    #[test]
    fn read_picks_the_reader() {
        let poj = format!("1\n{}", "000000000\n".repeat(9));
        let records: Vec<Record> = read(poj.as_bytes(), Format::Poj, ParseOptions::default())
            .map(Result::unwrap)
            .collect();
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].line, 2);
        let as_lines = read(poj.as_bytes(), Format::Line, ParseOptions::default()).count();
        assert_eq!(as_lines, 10);
    }
}
