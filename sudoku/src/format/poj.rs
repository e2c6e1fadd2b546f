//! The POJ 2676 format: a count, then that many 9×9 puzzles.
//!
//! ```text
//! 1
//! 103000509
//! 002109400
//! 000704000
//! 300502006
//! 060000050
//! 700803004
//! 000401000
//! 009205800
//! 804000107
//! ```
//!
//! Grammar:
//!
//! - The first non-blank line is the number of puzzles T, a decimal
//!   integer.
//! - Then come T puzzles of 9 rows each. A row is 9 digits `0`–`9` with
//!   `0` for a blank; whitespace around a row is ignored, and blank lines
//!   anywhere are skipped.
//! - Every puzzle has 3×3 boxes; [`ParseOptions::variant`] applies and
//!   [`ParseOptions::boxes`] does not.
//! - Input that ends before T puzzles is an error at the position where it
//!   ended. Content after the T puzzles is one error record, after which
//!   reading stops.
//! - A T that is not a number is an error record; puzzles are then read
//!   until the input ends.
//!
//! Solutions print in the shape of the judge's expected output: 9 lines of
//! 9 digits, with no count line.

use std::io::{self, BufRead};

use crate::{BoxShape, Digit, Grid, Puzzle, Shape};

use super::reader::LineReader;
use super::{
    ParseError, ParseErrorKind, ParseOptions, Record, fault_error, first_column, past_end,
};

/// Rows, columns and digits of a POJ puzzle.
const SIZE: usize = 9;

/// A puzzle or grid that the POJ format cannot hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the POJ format holds 9x9 puzzles with 3x3 boxes, not this {size}x{size} {}", if *.jigsaw { "jigsaw" } else { "puzzle" })]
pub struct NotPojShape {
    /// The size of the shape refused.
    pub size: usize,
    /// Whether it was a jigsaw shape.
    pub jigsaw: bool,
}

/// Parses every puzzle of a POJ file held in `text`.
///
/// # Errors
/// The first bad record's error.
///
/// ```
/// use dance_sudoku::format::{poj, ParseOptions};
///
/// let text = format!("1\n{}", "000000000\n".repeat(9));
/// let puzzles = poj::parse(&text, &ParseOptions::default())?;
/// assert_eq!(puzzles.len(), 1);
/// assert_eq!(puzzles[0].given_count(), 0);
/// # Ok::<(), dance_sudoku::format::ParseError>(())
/// ```
pub fn parse(text: &str, options: &ParseOptions) -> Result<Vec<Puzzle>, ParseError> {
    Reader::new(text.as_bytes(), *options)
        .filter_map(Result::ok)
        .map(|record| record.puzzle)
        .collect()
}

/// The puzzles as a POJ file: the count line, then 9 rows per puzzle.
///
/// # Errors
/// [`NotPojShape`] for a puzzle that is not 9×9 with 3×3 boxes.
pub fn format_puzzles(puzzles: &[Puzzle]) -> Result<String, NotPojShape> {
    let mut text = format!("{}\n", puzzles.len());
    for puzzle in puzzles {
        check(puzzle.shape())?;
        text.push_str(&rows(puzzle.cells().iter().copied()));
    }
    Ok(text)
}

/// The grid as 9 rows of 9 digits, each ending in `\n`.
///
/// # Errors
/// [`NotPojShape`] for a grid that is not 9×9 with 3×3 boxes.
pub fn format_grid(grid: &Grid) -> Result<String, NotPojShape> {
    check(grid.shape())?;
    Ok(rows(grid.digits().iter().map(|&d| Some(d))))
}

fn check(shape: &Shape) -> Result<(), NotPojShape> {
    if shape.box_shape() == Some(BoxShape::CLASSIC) {
        Ok(())
    } else {
        Err(NotPojShape {
            size: shape.size(),
            jigsaw: shape.is_jigsaw(),
        })
    }
}

fn rows(cells: impl Iterator<Item = Option<Digit>>) -> String {
    let mut text = String::new();
    for (i, cell) in cells.enumerate() {
        text.push(cell.map_or('0', Digit::to_char));
        if i % SIZE == SIZE - 1 {
            text.push('\n');
        }
    }
    text
}

/// Streams POJ records from a [`BufRead`].
pub struct Reader<R> {
    lines: LineReader<R>,
    options: ParseOptions,
    state: State,
    /// Complete puzzles read so far.
    read: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// The count line is still to come.
    Start,
    /// Reading puzzles, `Some(T)` of them, or until the end of input when
    /// the count was unreadable.
    Puzzles(Option<u64>),
    Done,
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
            state: State::Start,
            read: 0,
        }
    }

    /// The next non-blank line, if any.
    fn next_content(&mut self) -> io::Result<Option<super::reader::RawLine>> {
        while let Some(line) = self.lines.next_line() {
            let line = line?;
            if line.fault.is_some() || !line.is_blank() {
                return Ok(Some(line));
            }
        }
        Ok(None)
    }

    fn step(&mut self) -> io::Result<Option<Record>> {
        match self.state {
            State::Done => Ok(None),
            State::Start => {
                let Some(line) = self.next_content()? else {
                    self.state = State::Done;
                    return Ok(None);
                };
                let count = line.text.trim();
                let parsed = match fault_error(&line) {
                    Some(err) => Err(err),
                    None => count.parse::<u64>().map_err(|_| {
                        let kind = ParseErrorKind::PojCount {
                            found: count.to_string(),
                        };
                        ParseError::new(line.number, first_column(&line.text), kind)
                    }),
                };
                match parsed {
                    Ok(count) => {
                        self.state = State::Puzzles(Some(count));
                        self.step()
                    }
                    Err(err) => {
                        self.state = State::Puzzles(None);
                        Ok(Some(Record {
                            line: line.number,
                            input: line.text,
                            puzzle: Err(err),
                        }))
                    }
                }
            }
            State::Puzzles(Some(expected)) if self.read == expected => {
                self.state = State::Done;
                let Some(line) = self.next_content()? else {
                    return Ok(None);
                };
                let kind = ParseErrorKind::PojTrailing { expected };
                Ok(Some(Record {
                    line: line.number,
                    puzzle: Err(ParseError::new(line.number, first_column(&line.text), kind)),
                    input: line.text,
                }))
            }
            State::Puzzles(expected) => self.puzzle(expected),
        }
    }

    /// Reads the next puzzle's 9 rows; the first bad row decides the error,
    /// but all 9 are read so the next puzzle starts in the right place.
    fn puzzle(&mut self, expected: Option<u64>) -> io::Result<Option<Record>> {
        let mut first_line = None;
        let mut input = Vec::new();
        let mut cells = Vec::with_capacity(SIZE * SIZE);
        let mut error = None;
        while input.len() < SIZE {
            let Some(line) = self.next_content()? else {
                self.state = State::Done;
                let end = self.lines.end();
                let kind = match expected {
                    Some(expected) => ParseErrorKind::PojMissingPuzzles {
                        found: self.read,
                        expected,
                    },
                    None if input.is_empty() => return Ok(None),
                    None => ParseErrorKind::MissingRows {
                        found: input.len(),
                        expected: SIZE,
                    },
                };
                // A bad row read before the end says more than the end does.
                let err = error.unwrap_or(ParseError::new(end.line, end.column, kind));
                return Ok(Some(Record {
                    line: first_line.unwrap_or(end.line),
                    input: input.join("\n"),
                    puzzle: Err(err),
                }));
            };
            first_line.get_or_insert(line.number);
            if error.is_none() {
                error =
                    fault_error(&line).or_else(|| row(&line.text, line.number, &mut cells).err());
            }
            input.push(line.text);
        }
        self.read += 1;
        let shape = Shape::with_boxes(BoxShape::CLASSIC).with_variant(self.options.variant);
        let line = first_line.unwrap_or(1);
        let puzzle = match error {
            Some(err) => Err(err),
            None => Puzzle::new(shape, cells).map_err(|e| ParseError::new(line, 1, e)),
        };
        Ok(Some(Record {
            line,
            input: input.join("\n"),
            puzzle,
        }))
    }
}

/// Reads one row of 9 digits into `cells`.
fn row(text: &str, line: usize, cells: &mut Vec<Option<Digit>>) -> Result<(), ParseError> {
    let start = first_column(text);
    let digits: Vec<(usize, char)> = (start..).zip(text.trim().chars()).collect();
    if digits.len() < SIZE {
        let kind = ParseErrorKind::ShortRow {
            found: digits.len(),
            expected: SIZE,
        };
        return Err(ParseError::new(line, past_end(text), kind));
    }
    if let Some(&(column, _)) = digits.get(SIZE) {
        return Err(ParseError::new(
            line,
            column,
            ParseErrorKind::LongRow { expected: SIZE },
        ));
    }
    for (column, c) in digits {
        let cell = match c {
            '0' => None,
            _ => Some(Digit::from_char(c).filter(|_| c.is_ascii_digit()).ok_or(
                ParseError::new(line, column, ParseErrorKind::PojChar { found: c }),
            )?),
        };
        cells.push(cell);
    }
    Ok(())
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        match self.step() {
            Ok(record) => record.map(Ok),
            Err(e) => {
                self.state = State::Done;
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sample input of POJ 2676.
    const SAMPLE: &str = "1\n103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n000401000\n009205800\n804000107\n";

    const EMPTY_ROWS: &str = "000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n000000000\n";

    fn records(text: &str) -> Vec<Record> {
        Reader::new(text.as_bytes(), ParseOptions::default())
            .map(Result::unwrap)
            .collect()
    }

    fn errors(text: &str) -> Vec<String> {
        records(text)
            .into_iter()
            .filter_map(|r| r.puzzle.err())
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn reads_the_sample() {
        let records = records(SAMPLE);
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].line, 2);
        assert_eq!(records[0].input.lines().count(), 9);
        let puzzle = records[0].puzzle.as_ref().unwrap();
        assert_eq!(
            puzzle.to_string(),
            "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58..8.4...1.7"
        );
        assert_eq!(
            format_puzzles(std::slice::from_ref(puzzle)).unwrap(),
            SAMPLE
        );
    }

    #[test]
    fn prints_solutions_as_nine_rows() {
        let puzzle = parse(SAMPLE, &ParseOptions::default()).unwrap().remove(0);
        let solution = crate::dfs::solve(&puzzle).unwrap();
        assert_eq!(
            format_grid(&solution).unwrap(),
            "143628579\n572139468\n986754231\n391542786\n468917352\n725863914\n237481695\n619275843\n854396127\n"
        );
    }

    #[test]
    fn a_count_larger_than_the_input_is_an_error_where_input_ended() {
        assert_eq!(
            errors(&format!("2\n{EMPTY_ROWS}")),
            ["11:1: input ended after 1 of the 2 puzzles announced"]
        );
        assert_eq!(
            errors(&format!("2\n{}", EMPTY_ROWS.trim_end())),
            ["10:10: input ended after 1 of the 2 puzzles announced"]
        );
        let partial = records("1\n000000000\n000000000\n");
        assert_eq!(partial.len(), 1);
        assert_eq!(partial[0].line, 2);
        assert_eq!(
            partial[0].puzzle.as_ref().unwrap_err().to_string(),
            "4:1: input ended after 0 of the 1 puzzles announced"
        );
    }

    #[test]
    fn a_bad_count_is_reported_and_puzzles_still_read() {
        let records = records(&format!(" x1\n{EMPTY_ROWS}\n{EMPTY_ROWS}"));
        assert_eq!(records.len(), 3);
        assert_eq!(
            records[0].puzzle.as_ref().unwrap_err().to_string(),
            "1:2: expected the number of puzzles, found \"x1\""
        );
        assert!(records[1].puzzle.is_ok());
        assert!(records[2].puzzle.is_ok());
        assert_eq!(records[2].line, 12);
        let tail = self::records(&format!("x\n{EMPTY_ROWS}000000000\n"));
        assert_eq!(
            tail[2].puzzle.as_ref().unwrap_err().to_string(),
            "12:1: record ends after 1 of 9 rows"
        );
    }

    #[test]
    fn row_errors() {
        let row = |bad: &str| {
            let text = format!(
                "1\n{bad}\n{}",
                EMPTY_ROWS.lines().skip(1).collect::<Vec<_>>().join("\n")
            );
            errors(&text)
        };
        assert_eq!(
            row("00000000a"),
            ["2:9: unexpected character 'a'; expected a digit 1-9 or 0 for a blank"]
        );
        assert_eq!(
            row("0000.0000"),
            ["2:5: unexpected character '.'; expected a digit 1-9 or 0 for a blank"]
        );
        assert_eq!(row(" 00000000"), ["2:10: row has 8 cells, expected 9"]);
        assert_eq!(row("0000000000"), ["2:10: row has more than 9 cells"]);
    }

    #[test]
    fn a_bad_puzzle_keeps_the_next_one_aligned() {
        let bad = EMPTY_ROWS.replacen("000000000", "00000000?", 1);
        let text = format!("3\n{EMPTY_ROWS}\n{bad}\n{SAMPLE}").replace("\n1\n", "\n");
        let records = records(&text);
        assert_eq!(records.len(), 3);
        assert!(records[0].puzzle.is_ok());
        assert_eq!(records[1].line, 12);
        assert!(
            records[1]
                .puzzle
                .as_ref()
                .unwrap_err()
                .to_string()
                .starts_with("12:9: unexpected character '?'")
        );
        assert_eq!(records[2].puzzle.as_ref().unwrap().given_count(), 30);
    }

    #[test]
    fn content_after_the_announced_puzzles_is_one_error() {
        let text = format!("{SAMPLE}\n123\n456\n");
        let records = records(&text);
        assert_eq!(records.len(), 2);
        assert_eq!(records[1].input, "123");
        assert_eq!(
            records[1].puzzle.as_ref().unwrap_err().to_string(),
            "12:1: unexpected content after the 1 puzzles announced"
        );
    }

    #[test]
    fn empty_input_and_zero_puzzles() {
        assert!(records("").is_empty());
        assert!(records("\n\n").is_empty());
        assert!(records("0\n").is_empty());
        assert_eq!(format_puzzles(&[]).unwrap(), "0\n");
    }

    #[test]
    fn only_nine_by_nine_boxed_shapes_print() {
        let four = Puzzle::empty(Shape::boxed(4).unwrap());
        assert_eq!(
            format_puzzles(&[four]).unwrap_err().to_string(),
            "the POJ format holds 9x9 puzzles with 3x3 boxes, not this 4x4 puzzle"
        );
        let map: Vec<u8> = (0..81).map(|i| (i / 9) as u8).collect();
        let jigsaw = Puzzle::empty(Shape::jigsaw(9, &map).unwrap());
        assert_eq!(
            format_puzzles(&[jigsaw]).unwrap_err().to_string(),
            "the POJ format holds 9x9 puzzles with 3x3 boxes, not this 9x9 jigsaw"
        );
    }
}
