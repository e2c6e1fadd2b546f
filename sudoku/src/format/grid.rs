//! The grid format: N rows of N cells per puzzle, as in SadMan and Simple
//! Sudoku files.
//!
//! ```text
//! *-----------*
//! |4..|...|8.5|
//! |.3.|...|...|
//! |...|7..|...|
//! |---+---+---|
//! |.2.|...|.6.|
//! |...|.8.|4..|
//! |...|.1.|...|
//! |---+---+---|
//! |...|6.3|.7.|
//! |5..|2..|...|
//! |1.4|...|...|
//! *-----------*
//!
//! 1 . | . .
//! . . | . 2
//! ----+----
//! . 3 | . .
//! . . | 4 .
//! ```
//!
//! Grammar:
//!
//! - Records are separated by blank lines. Lines whose first non-blank
//!   character is `#` are skipped anywhere.
//! - A *rule line* holds at least one `-` and nothing but `-`, `+`, `|`,
//!   `*` and whitespace (such as `------+------+------` or
//!   `*-----------*`); rule lines are skipped wherever they appear.
//! - Every other line of a record is a row. In a row, `|`, `+`, `-` and
//!   whitespace separate cells and are otherwise ignored; every other
//!   character is a cell, read as in the [line format](super::line): a
//!   digit `1`–`9`, `A`–`Z` (either case) up to N, or a blank `.`, `_`,
//!   `*`, or `0` when N ≤ 9.
//! - The first row's cell count is the size N, which must have a box shape
//!   ([`BoxShape::infer`](crate::BoxShape::infer), or
//!   [`ParseOptions::boxes`]). Each following row must have N cells, and
//!   the record ends after N rows; a blank line or the end of input before
//!   that is an error naming where the missing row should be.
//! - A *map line* (at least one `=`, and nothing but `=` and whitespace)
//!   right after the N rows starts a region map: N more rows of N labels
//!   each, whitespace apart or not, labels as in the [line
//!   format](super::line)'s region map (any non-whitespace characters,
//!   exactly N distinct ones, each labelling N cells). The puzzle is then a
//!   jigsaw of any size from 1 to 25; without a map it is boxed.
//! - A record whose first row is a row of numbers — 10 decimal numbers or
//!   more, one of two digits or `0` blanks among them, or a whole puzzle of
//!   N² numbers on one line
//!   ([`numbers::is_numbers_row`](super::numbers::is_numbers_row)) — is
//!   read as the [numbers format](super::numbers) reads it: each
//!   whitespace-separated number one cell, `0` a blank.
//! - After an error in a record, the rest of it (up to a blank line) is
//!   skipped and the next record is read normally.
//!
//! Printing follows Norvig's layout: digits and `.` separated by spaces,
//! `|` between boxes and a rule line such as `------+------+------` between
//! bands of boxes. A jigsaw puzzle prints its rows with spaces only, then a
//! map line and its region map, labelled `a` to `y` as the line format
//! labels it, so that it reads back as the same puzzle:
//!
//! ```text
//! 5 . . . . .
//! . 3 . . . .
//! 4 . . . 6 .
//! . . 3 . . .
//! . . . 4 2 .
//! . . 6 . 1 .
//! ===========
//! a a a a b b
//! a a c c b b
//! c c c c b b
//! d d e f f f
//! d d e e e f
//! d d e e f f
//! ```

use std::io::{self, BufRead};

use crate::{Digit, Grid, MAX_SIZE, Puzzle, Shape};

use super::reader::{LineReader, RawLine};
use super::rows::{self, is_separator};
use super::{
    ParseError, ParseErrorKind, ParseOptions, Record, alphabet, boxed_shape, fault_error, line,
    parse_one, past_end,
};

/// Parses the one grid record in `text`.
///
/// # Errors
/// The first problem found, at its line and column; also when `text` holds
/// no record or more than one.
///
/// ```
/// use dance_sudoku::format::{grid, ParseOptions};
///
/// let text = "1 . | . .\n. . | . 2\n----+----\n. 3 | . .\n. . | 4 .\n";
/// let puzzle = grid::parse(text, &ParseOptions::default())?;
/// assert_eq!(puzzle.to_string(), "1......2.3....4.");
/// assert_eq!(grid::format_puzzle(&puzzle), "1 . |. .\n. . |. 2\n----+----\n. 3 |. .\n. . |4 .\n");
/// # Ok::<(), dance_sudoku::format::ParseError>(())
/// ```
pub fn parse(text: &str, options: &ParseOptions) -> Result<Puzzle, ParseError> {
    parse_one(Reader::new(text.as_bytes(), *options).filter_map(Result::ok))
}

/// The puzzle as rows, each ending in `\n`, with box separators when boxed.
pub fn format_puzzle(puzzle: &Puzzle) -> String {
    layout(
        puzzle.shape(),
        puzzle.cells().iter().map(|&cell| alphabet::encode(cell)),
    )
}

/// The grid as rows, each ending in `\n`, with box separators when boxed.
pub fn format_grid(grid: &Grid) -> String {
    layout(grid.shape(), grid.digits().iter().map(|d| d.to_char()))
}

/// Lays out one character per cell in rows: cells apart by a space, boxes
/// by ` |`, bands of boxes by a rule line. Written straight into one string
/// with counters rather than divisions, since `--output grid` prints one
/// per record.
fn layout(shape: &Shape, cells: impl Iterator<Item = char>) -> String {
    let n = shape.size().max(1);
    let boxes = shape.box_shape();
    // Box width and height; without boxes, one as wide as the grid and
    // too tall to end.
    let (width, height) = boxes.map_or((n, usize::MAX), |boxes| (boxes.width(), boxes.height()));
    // Each row and rule line holds at most 3n characters and a newline.
    let mut text = String::with_capacity(2 * n * (3 * n + 1));
    let (mut col, mut across, mut down) = (0, 0, 0);
    for c in cells {
        if col == n {
            text.push('\n');
            (col, across) = (0, 0);
            down += 1;
            if down == height {
                down = 0;
                rule(&mut text, n / width, width);
            }
        } else if col > 0 {
            text.push(' ');
            if across == width {
                across = 0;
                text.push('|');
            }
        }
        text.push(c);
        col += 1;
        across += 1;
    }
    if col > 0 {
        text.push('\n');
    }
    if boxes.is_none() {
        region_map(&mut text, shape);
    }
    text
}

/// Pushes a map line and the region map of a shape without boxes, laid out
/// as its rows are.
pub(crate) fn region_map(text: &mut String, shape: &Shape) {
    let n = shape.size();
    text.extend(std::iter::repeat_n('=', (2 * n).saturating_sub(1)));
    text.push('\n');
    for row in shape.regions().chunks(n.max(1)) {
        for (k, &id) in row.iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            text.push(alphabet::region_label(id));
        }
        text.push('\n');
    }
}

/// Pushes a rule line such as `------+------` for `boxes` boxes of `width`
/// cells across, and its newline.
fn rule(text: &mut String, boxes: usize, width: usize) {
    for k in 0..boxes {
        if k > 0 {
            text.push('+');
        }
        text.extend(std::iter::repeat_n('-', 2 * width));
    }
    text.push('\n');
}

/// Whether `text` is a rule line such as `------+------` or `*-----*`.
pub(crate) fn is_rule(text: &str) -> bool {
    text.contains('-')
        && text
            .chars()
            .all(|c| c.is_whitespace() || "-+|*".contains(c))
}

/// Whether `text` is a valid first row of a boxed grid, for detection.
pub(crate) fn is_first_row(text: &str, alphabet: alphabet::Alphabet) -> bool {
    let cells: Vec<char> = text.chars().filter(|&c| !is_separator(c)).collect();
    let n = cells.len();
    boxed_shape(n, &ParseOptions::default()).is_ok()
        && cells
            .iter()
            .all(|&c| alphabet::decode_in(alphabet, c, n).is_ok())
}

/// Streams grid-format records from a [`BufRead`].
pub struct Reader<R> {
    lines: LineReader<R>,
    options: ParseOptions,
    /// Every record's cells are numbers (the numbers format), rather than
    /// those whose first row is a row of numbers.
    numbers: bool,
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
            numbers: false,
        }
    }

    /// A reader of the [numbers format](super::numbers): the same records,
    /// every cell a whitespace-separated number.
    pub(crate) fn of_numbers(lines: LineReader<R>, options: ParseOptions) -> Reader<R> {
        Reader {
            numbers: true,
            ..Reader::from_lines(lines, options)
        }
    }

    /// Skips the rest of a bad record, up to a blank line or the end of
    /// input, keeping its text.
    fn skip_record(&mut self, partial: &mut Partial) -> io::Result<()> {
        while let Some(line) = self.lines.next_line() {
            let line = line?;
            if line.is_blank() && line.fault.is_none() {
                break;
            }
            partial.input.push(line.text);
        }
        Ok(())
    }

    /// Adds the rule lines right after a record's last row to its text.
    fn take_trailing_rules(&mut self, partial: &mut Partial) -> io::Result<()> {
        while let Some(line) = self.lines.next_line() {
            let line = line?;
            if line.fault.is_some() || !is_rule(&line.text) {
                self.lines.push_back(line);
                break;
            }
            partial.input.push(line.text);
        }
        Ok(())
    }

    /// The region map after a record's rows, when a map line comes next:
    /// the jigsaw shape it makes, or the first problem found in it.
    fn region_map(
        &mut self,
        partial: &mut Partial,
    ) -> io::Result<Result<Option<Shape>, ParseError>> {
        let n = partial.size.map_or(0, |first| first.size);
        let mut separator = None;
        while let Some(line) = self.lines.next_line() {
            let line = line?;
            if line.is_comment() {
                continue;
            }
            if line.fault.is_some() || !alphabet::is_map_line(&line.text) {
                self.lines.push_back(line);
                return Ok(Ok(None));
            }
            partial.input.push(line.text);
            separator = Some(line.number);
            break;
        }
        let Some(separator) = separator else {
            return Ok(Ok(None));
        };
        let mut labels = Vec::with_capacity(n * n);
        let mut rows = 0;
        let mut end = (separator, 1);
        while rows < n {
            let Some(line) = self.lines.next_line() else {
                let at = self.lines.end();
                end = (at.line, at.column);
                break;
            };
            let line = line?;
            if line.is_comment() {
                continue;
            }
            if line.is_blank() && line.fault.is_none() {
                end = (line.number, 1);
                self.lines.push_back(line);
                break;
            }
            partial.input.push(line.text.clone());
            if let Some(err) = fault_error(&line) {
                return Ok(Err(err));
            }
            let row: Vec<((usize, usize), char)> = (1..)
                .zip(line.text.chars())
                .filter(|&(_, c)| !c.is_whitespace())
                .map(|(column, c)| ((line.number, column), c))
                .collect();
            if row.len() != n {
                let column = row
                    .get(n)
                    .map_or(past_end(&line.text), |&((_, column), _)| column);
                let kind = ParseErrorKind::RegionRowLength {
                    found: row.len(),
                    expected: n,
                };
                return Ok(Err(ParseError::new(line.number, column, kind)));
            }
            labels.extend(row);
            rows += 1;
        }
        if rows < n {
            let kind = ParseErrorKind::MissingRegionRows {
                found: rows,
                expected: n,
            };
            return Ok(Err(ParseError::new(end.0, end.1, kind)));
        }
        let start = labels.first().map_or((separator, 1), |&(at, _)| at);
        Ok(line::regions(labels, n, start).map(Some))
    }

    fn fail(&mut self, mut partial: Partial, err: ParseError) -> io::Result<Record> {
        self.skip_record(&mut partial)?;
        Ok(partial.into_record(Err(err)))
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let mut partial = Partial::default();
        while let Some(line) = self.lines.next_line() {
            let line = match line {
                Ok(line) => line,
                Err(e) => return Some(Err(e)),
            };
            if line.is_comment() {
                continue;
            }
            if line.fault.is_none() && line.is_blank() {
                if partial.size.is_some() {
                    let err = partial.cut_short(line.number, 1, &self.options);
                    return Some(Ok(partial.into_record(Err(err))));
                }
                partial = Partial::default();
                continue;
            }
            partial.line.get_or_insert(line.number);
            partial.input.push(line.text.clone());
            if let Some(err) = fault_error(&line) {
                return Some(self.fail(partial, err));
            }
            if is_rule(&line.text) {
                continue;
            }
            if let Err(err) = partial.add_row(&line, &self.options, self.numbers) {
                return Some(self.fail(partial, err));
            }
            if partial.is_complete() {
                if let Err(e) = self.take_trailing_rules(&mut partial) {
                    return Some(Err(e));
                }
                let map = match self.region_map(&mut partial) {
                    Ok(Ok(map)) => map,
                    Ok(Err(err)) => return Some(self.fail(partial, err)),
                    Err(e) => return Some(Err(e)),
                };
                return Some(match partial.puzzle(map, &self.options) {
                    Ok(puzzle) => Ok(partial.into_record(Ok(puzzle))),
                    Err(err) => self.fail(partial, err),
                });
            }
        }
        partial.size.as_ref()?;
        let end = self.lines.end();
        let err = partial.cut_short(end.line, end.column, &self.options);
        Some(Ok(partial.into_record(Err(err))))
    }
}

/// A record being read.
#[derive(Default)]
struct Partial {
    line: Option<usize>,
    input: Vec<String>,
    /// Known once the first row is read.
    size: Option<FirstRow>,
    /// Whether the cells are numbers (the [numbers format](super::numbers)),
    /// known with the size.
    numbers: bool,
    rows: usize,
    cells: Vec<Option<Digit>>,
}

/// The size a record's first row gives, and where that row ends: the place
/// of the error when the size has no box shape and no region map follows.
#[derive(Clone, Copy)]
struct FirstRow {
    size: usize,
    line: usize,
    end: usize,
}

impl Partial {
    /// Reads one row; `numbers` when every record's cells are numbers.
    fn add_row(
        &mut self,
        line: &RawLine,
        options: &ParseOptions,
        numbers: bool,
    ) -> Result<(), ParseError> {
        let error = |column, kind| ParseError::new(line.number, column, kind);
        let end = past_end(&line.text);
        if self.size.is_none() {
            self.numbers = numbers || rows::is_numbers_row(&line.text, options.alphabet);
        }
        // Each cell's text and its column: a character, or a number.
        let cells: Vec<(usize, &str)> = if self.numbers {
            rows::fields(&line.text)
        } else {
            (1..)
                .zip(line.text.char_indices())
                .filter(|&(_, (_, c))| !is_separator(c))
                .map(|(column, (at, c))| (column, &line.text[at..at + c.len_utf8()]))
                .collect()
        };
        let n = match &self.size {
            Some(first) => first.size,
            None => {
                let found = cells.len();
                // A row of numbers may hold a whole puzzle: N² numbers.
                let whole = self.numbers && found > MAX_SIZE;
                let n = if whole {
                    line::square_size(found)
                        .ok_or_else(|| error(end, ParseErrorKind::NumberCount { found }))?
                } else if found == 0 || found > MAX_SIZE {
                    return Err(error(end, ParseErrorKind::RowSize { found }));
                } else {
                    found
                };
                self.size = Some(FirstRow {
                    size: n,
                    line: line.number,
                    end,
                });
                if whole {
                    return self.add_cells(&cells, n, n, options, line.number);
                }
                n
            }
        };
        if cells.len() != n {
            if let Some(err) = self.bad_first_row(options) {
                return Err(err);
            }
            return Err(match cells.get(n) {
                Some(&(column, _)) => error(column, ParseErrorKind::LongRow { expected: n }),
                None => error(
                    end,
                    ParseErrorKind::ShortRow {
                        found: cells.len(),
                        expected: n,
                    },
                ),
            });
        }
        self.add_cells(&cells, n, 1, options, line.number)
    }

    /// Adds `rows` rows of cells of a puzzle of size `n`, read on `line`.
    fn add_cells(
        &mut self,
        cells: &[(usize, &str)],
        n: usize,
        rows: usize,
        options: &ParseOptions,
        line: usize,
    ) -> Result<(), ParseError> {
        for &(column, text) in cells {
            let digit = if self.numbers {
                rows::decode(text, n)
            } else {
                let c = text.chars().next().unwrap_or('.');
                alphabet::decode_in(options.alphabet, c, n)
            };
            self.cells
                .push(digit.map_err(|kind| ParseError::new(line, column, kind))?);
        }
        self.rows += rows;
        Ok(())
    }

    /// The error of a record whose first row has a size without boxes,
    /// once the record turns out to be no jigsaw of that size (a row of
    /// another length follows, or the record ends early): more likely a
    /// bad first row than a jigsaw gone wrong.
    fn bad_first_row(&self, options: &ParseOptions) -> Option<ParseError> {
        let first = self.size?;
        let kind = boxed_shape(first.size, options).err()?;
        Some(ParseError::new(first.line, first.end, kind))
    }

    /// The error of a record that ends at `line` and `column` before its
    /// last row.
    fn cut_short(&self, line: usize, column: usize, options: &ParseOptions) -> ParseError {
        self.bad_first_row(options).unwrap_or_else(|| {
            let kind = ParseErrorKind::MissingRows {
                found: self.rows,
                expected: self.size.map_or(0, |first| first.size),
            };
            ParseError::new(line, column, kind)
        })
    }

    fn is_complete(&self) -> bool {
        self.size
            .as_ref()
            .is_some_and(|first| self.rows == first.size)
    }

    /// The puzzle of the rows read, on the jigsaw shape of `map` when the
    /// record has one, else boxed.
    fn puzzle(&mut self, map: Option<Shape>, options: &ParseOptions) -> Result<Puzzle, ParseError> {
        let line = self.line.unwrap_or(1);
        let first = self
            .size
            .take()
            .ok_or(ParseError::new(line, 1, ParseErrorKind::NoRecord))?;
        let shape = match map {
            Some(shape) => shape,
            None => boxed_shape(first.size, options)
                .map_err(|kind| ParseError::new(first.line, first.end, kind))?,
        };
        let cells = std::mem::take(&mut self.cells);
        Puzzle::new(shape.with_variant(options.variant), cells)
            .map_err(|e| ParseError::new(line, 1, e))
    }

    fn into_record(self, puzzle: Result<Puzzle, ParseError>) -> Record {
        Record {
            line: self.line.unwrap_or(1),
            input: self.input.join("\n"),
            puzzle,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::line;

    const NORVIG: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The layout by its definition, a row at a time.
    fn layout_by_rows(shape: &Shape, cells: &[char]) -> String {
        let n = shape.size();
        let mut text = String::new();
        for (row, chars) in cells.chunks(n).enumerate() {
            let mut line: Vec<String> = Vec::new();
            for (col, c) in chars.iter().enumerate() {
                match shape.box_shape() {
                    Some(boxes) if col > 0 && col % boxes.width() == 0 => {
                        line.push(format!("|{c}"))
                    }
                    _ => line.push(c.to_string()),
                }
            }
            if let Some(boxes) = shape.box_shape()
                && row > 0
                && row % boxes.height() == 0
            {
                let dashes = "-".repeat(2 * boxes.width());
                text += &vec![dashes; n / boxes.width()].join("+");
                text += "\n";
            }
            text += &line.join(" ");
            text += "\n";
        }
        if shape.box_shape().is_none() {
            text += &"=".repeat(2 * n - 1);
            text += "\n";
            for row in shape.regions().chunks(n) {
                let labels: Vec<String> = row
                    .iter()
                    .map(|&id| char::from(b'a' + id).to_string())
                    .collect();
                text += &labels.join(" ");
                text += "\n";
            }
        }
        text
    }

    #[test]
    fn the_layout_matches_its_definition_for_every_box_shape() {
        let jigsaw = Shape::jigsaw(3, &[0, 0, 1, 0, 1, 1, 2, 2, 2]).unwrap();
        let shapes = [4, 6, 8, 9, 10, 12, 16, 25]
            .map(|n| Shape::boxed(n).unwrap())
            .into_iter()
            .chain([jigsaw]);
        for shape in shapes {
            let n = shape.size();
            let cells: Vec<char> = (0..n * n)
                .map(|i| char::from_digit((i % 36) as u32, 36).unwrap())
                .collect();
            assert_eq!(
                layout(&shape, cells.iter().copied()),
                layout_by_rows(&shape, &cells),
                "{n}"
            );
        }
    }

    const SADMAN: &str = "\
*-----------*
|4..|...|8.5|
|.3.|...|...|
|...|7..|...|
|---+---+---|
|.2.|...|.6.|
|...|.8.|4..|
|...|.1.|...|
|---+---+---|
|...|6.3|.7.|
|5..|2..|...|
|1.4|...|...|
*-----------*
";

    fn records(text: &str) -> Vec<Record> {
        Reader::new(text.as_bytes(), ParseOptions::default())
            .map(Result::unwrap)
            .collect()
    }

    fn error(text: &str) -> String {
        parse(text, &ParseOptions::default())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn reads_a_framed_simple_sudoku_grid() {
        let records = records(SADMAN);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].line, 1);
        assert_eq!(records[0].input, SADMAN.trim_end());
        assert_eq!(records[0].puzzle.as_ref().unwrap().to_string(), NORVIG);
    }

    #[test]
    fn prints_norvig_layout() {
        let puzzle = line::parse(NORVIG, &ParseOptions::default()).unwrap();
        let text = format_puzzle(&puzzle);
        assert_eq!(
            text,
            "\
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
"
        );
        assert_eq!(parse(&text, &ParseOptions::default()), Ok(puzzle));
    }

    #[test]
    fn rows_may_be_spaced_or_packed() {
        let spaced = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n";
        let packed = "12|34\n34|12\n-----\n21|43\n43|21";
        let expected = "1234341221434321";
        assert_eq!(
            parse(spaced, &ParseOptions::default()).unwrap().to_string(),
            expected
        );
        assert_eq!(
            parse(packed, &ParseOptions::default()).unwrap().to_string(),
            expected
        );
    }

    #[test]
    fn row_errors_name_the_line_and_column() {
        assert_eq!(
            error("1 2 | 3 4\n3 4 | 1\n"),
            "2:8: row has 3 cells, expected 4"
        );
        assert_eq!(
            error("1 2 | 3 4\n3 4 | 1 2 3\n"),
            "2:11: row has more than 4 cells"
        );
        assert_eq!(
            error("1 2 | 3 4\n3 ? | 1 2\n"),
            "2:3: unexpected character '?'; expected a digit 1-4 or a blank ('.', '_', '*' or '0')"
        );
        assert_eq!(
            error("1 2 | 3 5\n"),
            "1:9: digit '5' stands for 5, out of range for size 4"
        );
    }

    #[test]
    fn missing_rows_are_reported_where_the_row_should_be() {
        assert_eq!(
            error("1 2 | 3 4\n3 4 | 1 2\n\n"),
            "3:1: record ends after 2 of 4 rows"
        );
        assert_eq!(
            error("1 2 | 3 4\n3 4 | 1 2\n"),
            "3:1: record ends after 2 of 4 rows"
        );
        assert_eq!(
            error("1 2 | 3 4\n3 4 | 1 2"),
            "2:10: record ends after 2 of 4 rows"
        );
    }

    #[test]
    fn first_row_sets_a_boxed_size() {
        assert!(error("1234567\n").starts_with("1:8: size 7 has no box shape"));
        assert_eq!(
            error(&format!("{}\n", ".".repeat(26))),
            "1:27: a grid row has 1 to 25 cells, found 26"
        );
        assert_eq!(error("||\n"), "1:3: a grid row has 1 to 25 cells, found 0");
    }

    #[test]
    fn a_bad_record_is_skipped_to_the_blank_line() {
        let text = "12|34\n34|12\n21|43\n43|21\n\n12|34\n3|12\n21|43\n43|21\n\n# next\n12|34\n34|12\n21|43\n43|21\n";
        let records = records(text);
        assert_eq!(records.len(), 3);
        assert!(records[0].puzzle.is_ok());
        assert_eq!(records[1].line, 6);
        assert_eq!(records[1].input, "12|34\n3|12\n21|43\n43|21");
        assert_eq!(
            records[1].puzzle.as_ref().unwrap_err().to_string(),
            "7:5: row has 3 cells, expected 4"
        );
        assert_eq!(records[2].line, 12);
        assert!(records[2].puzzle.is_ok());
    }

    #[test]
    fn records_may_follow_each_other_without_blank_lines() {
        let text = "12|34\n34|12\n21|43\n43|21\n----\n43|21\n21|43\n34|12\n12|34\n";
        let records = records(text);
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].input, "12|34\n34|12\n21|43\n43|21\n----");
        assert_eq!(records[1].line, 6);
        assert_eq!(
            parse(text, &ParseOptions::default())
                .unwrap_err()
                .to_string(),
            "6:1: unexpected second puzzle; expected one"
        );
    }

    #[test]
    fn rule_lines_alone_are_no_record() {
        assert_eq!(records("*-----*\n\n------\n").len(), 0);
        assert!(is_rule("------+------+------"));
        assert!(is_rule("*-----------*"));
        assert!(is_rule("|---+---+---|"));
        assert!(!is_rule("|...|...|...|"));
        assert!(!is_rule("1-2-3-4"));
    }

    #[test]
    fn sixteen_by_sixteen_round_trip() {
        let text: String = (0..256)
            .map(|i| {
                if i % 17 == 0 {
                    crate::Digit::new((i % 16) as u8).unwrap().to_char()
                } else {
                    '.'
                }
            })
            .collect();
        let puzzle = line::parse(&text, &ParseOptions::default()).unwrap();
        let printed = format_puzzle(&puzzle);
        assert_eq!(
            printed.lines().next(),
            Some("1 . . . |. . . . |. . . . |. . . .")
        );
        assert_eq!(
            printed.lines().nth(4),
            Some("--------+--------+--------+--------")
        );
        assert_eq!(parse(&printed, &ParseOptions::default()), Ok(puzzle));
    }

    #[test]
    fn jigsaw_prints_its_region_map_and_reads_back() {
        let options = ParseOptions::default();
        let puzzle = line::parse("*2*1*2*** aababbccc", &options).unwrap();
        let map = "=====\na a b\na b b\nc c c\n";
        let printed = format_puzzle(&puzzle);
        assert_eq!(printed, format!(". 2 .\n1 . 2\n. . .\n{map}"));
        assert_eq!(parse(&printed, &options), Ok(puzzle));
        let grid = line::parse("321132213 aababbccc", &options)
            .unwrap()
            .to_grid()
            .unwrap();
        let printed = format_grid(&grid);
        assert_eq!(printed, format!("3 2 1\n1 3 2\n2 1 3\n{map}"));
        assert_eq!(parse(&printed, &options).unwrap().to_grid(), Some(grid));
        // Labels are any characters, with or without spaces, and a 5×5 (no
        // box shape) is read through its map.
        let five = "1....\n.....\n.....\n.....\n.....\n=\nAAAAA\nBBBBB\nC C C C C\nDDDDD\nEEEEE\n";
        let puzzle = parse(five, &options).unwrap();
        assert_eq!(
            puzzle.to_string(),
            format!("1{} {}", ".".repeat(24), "aaaaabbbbbcccccdddddeeeee")
        );
    }

    #[test]
    fn region_map_errors_are_located() {
        let rows = "1 . .\n. . .\n. . .\n";
        assert_eq!(
            error(&format!("{rows}===\na a b\na b\nc c c\n")),
            "6:4: region map row has 2 labels, expected 3"
        );
        assert_eq!(
            error(&format!("{rows}===\na a b\na b b c\nc c c\n")),
            "6:7: region map row has 4 labels, expected 3"
        );
        assert_eq!(
            error(&format!("{rows}===\na a b\na b b\n")),
            "7:1: region map ends after 2 of 3 rows"
        );
        assert_eq!(
            error(&format!("{rows}===\na a b\n\n")),
            "6:1: region map ends after 1 of 3 rows"
        );
        assert_eq!(
            error(&format!("{rows}===\na a b\na b d\nc c c\n")),
            "7:1: region map has 4 distinct labels, expected 3"
        );
        assert_eq!(
            error(&format!("{rows}===\na a b\na b c\nc c c\n")),
            "5:5: region 'b' has 2 cells, expected 3"
        );
    }
}
