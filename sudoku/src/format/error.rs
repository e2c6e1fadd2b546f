//! [`ParseError`]: what went wrong, and where, in any text format.

use crate::{BoxShape, PuzzleError, ShapeError};

use super::alphabet::{self, Alphabet};

/// A parse error at a 1-based line and column (columns count characters).
///
/// `Display` prints `LINE:COL: message`, so a caller that knows the file
/// name prints `FILE:` in front to get the usual `FILE:LINE:COL: message`.
///
/// ```
/// use dance_sudoku::format::ParseErrorKind;
///
/// let err = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4.....?"
///     .parse::<dance_sudoku::Puzzle>()
///     .unwrap_err();
/// assert_eq!((err.line(), err.column()), (1, 81));
/// assert!(matches!(err.kind(), ParseErrorKind::UnexpectedChar { found: '?', .. }));
/// assert_eq!(
///     err.to_string(),
///     "1:81: unexpected character '?'; expected a digit 1-9 or a blank ('.', '_', '*' or '0')"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{line}:{column}: {kind}")]
pub struct ParseError {
    line: usize,
    column: usize,
    kind: ParseErrorKind,
}

impl ParseError {
    pub(crate) fn new(line: usize, column: usize, kind: impl Into<ParseErrorKind>) -> ParseError {
        ParseError {
            line,
            column,
            kind: kind.into(),
        }
    }

    /// The 1-based line.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column, in characters.
    pub fn column(&self) -> usize {
        self.column
    }

    /// What was wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

/// What was wrong with the text; each message says what was expected.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseErrorKind {
    /// The line holds bytes that are not UTF-8; the column is the first one.
    #[error("invalid UTF-8; expected text")]
    NotUtf8,
    /// The line is longer than the reader's cap; the column is just past it.
    #[error("line longer than {cap} bytes; no valid record is that long")]
    LineTooLong {
        /// The cap, [`LINE_CAP`](super::LINE_CAP).
        cap: usize,
    },
    /// A line-format puzzle whose cell count is not N² for N in `1..=25`.
    #[error(
        "expected N*N cells for a size N from 1 to 25 (e.g. 81 for 9x9, 256 for 16x16), found {found}"
    )]
    CellCount {
        /// Cells found.
        found: usize,
    },
    /// A character that is neither a digit nor a blank.
    #[error("{}", unexpected(*.found, *.size, *.alphabet))]
    UnexpectedChar {
        /// The character.
        found: char,
        /// The puzzle size.
        size: usize,
        /// The alphabet the cells were read in (with the size, it decides
        /// which characters are digits).
        alphabet: alphabet::Alphabet,
    },
    /// A pencilmark field whose length is not N³ for N in `1..=25`.
    #[error(
        "expected N*N*N candidate marks for a size N from 1 to 25 (e.g. 729 for 9x9, 64 for 4x4), found {found}"
    )]
    MarkCount {
        /// Marks found.
        found: usize,
    },
    /// A pencilmark position holding neither its own digit nor a blank.
    #[error(
        "unexpected character {found:?} at the place of digit {expected:?}; expected {expected:?} or a blank ('.' or '0')"
    )]
    Mark {
        /// The character.
        found: char,
        /// The digit whose place it is.
        expected: char,
    },
    /// A CSV column asked for that the header does not have.
    #[error("no column {column} in the header {header}")]
    NoColumn {
        /// The column asked for, as given.
        column: String,
        /// The header line's names, comma-separated.
        header: String,
    },
    /// A field of a CSV header that reads as a puzzle (of size 4 or more):
    /// the first line of a CSV input names its columns, so a file without
    /// a header would lose its first puzzle.
    #[error(
        "field {field} of the header reads as a puzzle, but the first line of a CSV input names its columns; is the input in the line format?"
    )]
    HeaderIsPuzzle {
        /// The field, 1-based.
        field: usize,
    },
    /// A CSV record with more fields than its header has names.
    #[error("the record has {found} fields, but the header names {names}")]
    ExtraFields {
        /// Fields in the record.
        found: usize,
        /// Names in the header.
        names: usize,
    },
    /// No field of a CSV record is a puzzle, and no column was named yet:
    /// the first record with a puzzle picks the column.
    #[error("no field of this record is a puzzle, and no puzzle column was named")]
    NoPuzzleColumn,
    /// A CSV record too short to have the puzzle column.
    #[error("the record has {found} fields, so no column {column}")]
    MissingField {
        /// The puzzle column, 1-based.
        column: usize,
        /// Fields in the record.
        found: usize,
    },
    /// A CSV quote still open at the end of the line.
    #[error("quote opened here is not closed on this line; a CSV record must be one line")]
    OpenQuote,
    /// A digit above the puzzle size, such as `A` (10) in a 9×9 puzzle.
    #[error("{}", out_of_range(*.digit, *.size))]
    DigitOutOfRange {
        /// The digit's character.
        digit: char,
        /// The puzzle size.
        size: usize,
    },
    /// A boxed puzzle of a size that has no box shape.
    #[error(
        "size {size} has no box shape; boxed sizes are 4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24 and 25, other sizes need a region map"
    )]
    NoBoxShape {
        /// The puzzle size.
        size: usize,
    },
    /// The puzzle size does not match the box shape asked for.
    #[error("expected size {} for {boxes} boxes, found size {size}", .boxes.size())]
    BoxShapeMismatch {
        /// The box shape from the parse options.
        boxes: BoxShape,
        /// The puzzle size found.
        size: usize,
    },
    /// A region map with a label count other than N².
    #[error("region map has {found} labels, expected {expected} (one per cell)")]
    RegionMapLength {
        /// Labels found.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A region map with a number of distinct labels other than N.
    #[error("region map has {found} distinct labels, expected {expected}")]
    RegionCount {
        /// Distinct labels found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A region with a cell count other than N.
    #[error("region {label:?} has {found} cells, expected {expected}")]
    RegionSize {
        /// The region's label.
        label: char,
        /// Cells found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A third whitespace-separated field on a line-format line.
    #[error("unexpected third field; a line holds the cells and an optional region map")]
    ExtraField,
    /// A grid row with a cell count outside `1..=25`.
    #[error("a grid row has 1 to 25 cells, found {found}")]
    RowSize {
        /// Cells found.
        found: usize,
    },
    /// A row with too few cells.
    #[error("row has {found} cells, expected {expected}")]
    ShortRow {
        /// Cells found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A row with too many cells; the column is the first extra one.
    #[error("row has more than {expected} cells")]
    LongRow {
        /// N.
        expected: usize,
    },
    /// A record that ends before its last row.
    #[error("record ends after {found} of {expected} rows")]
    MissingRows {
        /// Rows found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A row of a grid record's region map with other than N labels; the
    /// column is the first extra label, or the end of a short row.
    #[error("region map row has {found} labels, expected {expected}")]
    RegionRowLength {
        /// Labels found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A grid record's region map that ends before its last row.
    #[error("region map ends after {found} of {expected} rows")]
    MissingRegionRows {
        /// Rows found.
        found: usize,
        /// N.
        expected: usize,
    },
    /// A cell of a row of numbers that is neither a number from 1 to N
    /// nor a blank.
    #[error("unexpected {found:?}; expected a number 1-{size} or a blank (0, '.', '_' or '*')")]
    Number {
        /// The cell's text.
        found: String,
        /// The puzzle size.
        size: usize,
    },
    /// A first row of numbers holding neither N numbers (a size N from 1
    /// to 25) nor a whole puzzle's N*N.
    #[error(
        "a row of numbers holds N of them for a size N from 1 to 25, or a whole puzzle's N*N; found {found}"
    )]
    NumberCount {
        /// Numbers found.
        found: usize,
    },
    /// A POJ file whose first line is not a number of puzzles.
    #[error("expected the number of puzzles, found {found:?}")]
    PojCount {
        /// The text found.
        found: String,
    },
    /// A POJ cell that is not a digit `0`–`9`.
    #[error("unexpected character {found:?}; expected a digit 1-9 or 0 for a blank")]
    PojChar {
        /// The character.
        found: char,
    },
    /// A POJ file that ends before the number of puzzles it announced.
    #[error("input ended after {found} of the {expected} puzzles announced")]
    PojMissingPuzzles {
        /// Complete puzzles found.
        found: u64,
        /// Puzzles announced on the first line.
        expected: u64,
    },
    /// Content after the last puzzle a POJ file announced.
    #[error("unexpected content after the {expected} puzzles announced")]
    PojTrailing {
        /// Puzzles announced on the first line.
        expected: u64,
    },
    /// Text with no puzzle in it, where one was expected.
    #[error("no puzzle found")]
    NoRecord,
    /// Text with more than one puzzle, where one was expected.
    #[error("unexpected second puzzle; expected one")]
    ExtraRecord,
    /// A region map the shape rejected.
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// Givens the puzzle rejected.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

/// The message of [`ParseErrorKind::DigitOutOfRange`]: a digit character
/// too large for the size says what it stands for (`'A'` is 10, too large
/// for 9×9), but a letter in a puzzle of at most 9×9, where no letter is a
/// digit, says what a cell may be instead — "`'x'` stands for 33" would
/// puzzle a reader who typed an `x` for a blank.
///
/// A letter too large for 10×10 to 25×25 that the letters alphabet reads
/// (`H` in a 16×16 written `A`–`P`) says how to read it so.
fn out_of_range(digit: char, size: usize) -> String {
    if digit.is_ascii_alphabetic() && size <= 9 {
        return format!(
            "{digit:?} is not a digit of size {size}; expected {}",
            alphabet::expected(size, Alphabet::Standard)
        );
    }
    let message = format!(
        "digit {digit:?} stands for {}, out of range for size {size}",
        alphabet::number(digit)
    );
    let letters = Alphabet::Letters;
    match alphabet::decode_in(letters, digit, size) {
        Ok(Some(_)) => format!(
            "{message}; if the letters {} are the digits, use the letters alphabet (--alphabet letters)",
            alphabet::letter_range(size)
        ),
        _ => message,
    }
}

/// The message of [`ParseErrorKind::UnexpectedChar`]: what a cell may be,
/// and for a `0` in a 16×16 puzzle read in the standard alphabet, where it
/// is no cell, the alphabet that reads it: 16×16 puzzles are often written
/// `0`–`F`.
fn unexpected(found: char, size: usize, alphabet: Alphabet) -> String {
    let message = format!(
        "unexpected character {found:?}; expected {}",
        alphabet::expected(size, alphabet)
    );
    if found == '0' && alphabet == Alphabet::Standard && size == 16 {
        format!("{message}; if 0-F are the digits, use the hex alphabet (--alphabet hex)")
    } else {
        message
    }
}
