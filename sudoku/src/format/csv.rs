//! CSV datasets: a header line, then one puzzle per record in one column.
//!
//! ```text
//! quizzes,solutions
//! 004300209005009001070060043006002087190007400050083000600000105003508690042910300,864371259325849761971265843436192587198657432257483916689734125713528694542916378
//! ```
//!
//! The big public Sudoku datasets look like this (`quizzes,solutions` with
//! `0` blanks, `id,puzzle,solution,clues,difficulty` with `.` blanks,
//! `source,question,answer,rating`). Grammar:
//!
//! - Fields are RFC 4180, read with the `csv` crate: separated by commas,
//!   optionally in double quotes (`""` inside quotes is one quote). A record
//!   is one line — puzzles have no line breaks, so a quoted field that runs
//!   past the end of its line is an error rather than a silent join.
//! - The first content line is the header: the column names. Empty lines
//!   and lines starting with `#` are skipped, as in the other formats.
//! - The puzzle column is the one asked for ([`Column`]: a name from the
//!   header, or a 1-based index), or by default the first column whose value
//!   in the first record is a puzzle (records before the first one with a
//!   puzzle are errors). Its value is read as a [line
//!   format](super::line) puzzle (cells, and a region map after a space for
//!   jigsaw). Other columns are not looked at.
//! - A record may have fewer fields than the header (the puzzle column must
//!   be there), not more: a record wider than its header is an error.
//! - Errors point at the line and at the column (in characters) inside the
//!   puzzle field, so `FILE:LINE:COL` names the offending character.
//! - The header is never a record. A header that cannot be read, that lacks
//!   the column asked for, or one of whose fields reads as a puzzle of size
//!   4 or more (a file in the line format read as CSV, or a CSV file without
//!   a header, which would lose its first puzzle) ends the input with an
//!   error ([`Reader::header`]).
//!
//! [`Format::detect`](super::Format::detect) takes a first content line
//! with a comma for CSV.

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use super::line::parse_line;
use super::reader::{LineReader, RawLine};
use super::{ParseError, ParseErrorKind, ParseOptions, Record, fault_error};

/// Which column holds the puzzles.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Column {
    /// The column with this name in the header (exact match).
    Name(String),
    /// The column at this 1-based position.
    Index(usize),
}

impl FromStr for Column {
    type Err = std::convert::Infallible;

    /// A positive number is an index, anything else a name.
    fn from_str(text: &str) -> Result<Column, Self::Err> {
        Ok(match text.parse::<usize>() {
            Ok(index) if index > 0 => Column::Index(index),
            _ => Column::Name(text.to_owned()),
        })
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Column::Name(name) => write!(f, "`{name}`"),
            Column::Index(index) => write!(f, "{index}"),
        }
    }
}

/// Streams the puzzles of a CSV dataset from a [`BufRead`].
///
/// ```
/// use dance_sudoku::format::{ParseOptions, csv};
///
/// let text = "id,puzzle\n1,\"1.3.............\"\n2,1.3.?...........\n";
/// let records: Vec<_> = csv::Reader::new(text.as_bytes(), ParseOptions::default())
///     .collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[0].puzzle.as_ref().unwrap().given_count(), 2);
/// assert_eq!(
///     records[1].puzzle.as_ref().unwrap_err().to_string(),
///     "3:7: unexpected character '?'; expected a digit 1-4 or a blank ('.', '_', '*' or '0')"
/// );
/// # Ok::<(), std::io::Error>(())
/// ```
pub struct Reader<R> {
    lines: LineReader<R>,
    options: ParseOptions,
    column: Option<Column>,
    /// The 0-based puzzle column, once the header (and for the default
    /// choice, the first record) has been read.
    index: Option<usize>,
    /// The header's names, once read.
    header: Option<Vec<String>>,
    /// The header line as read.
    header_line: Option<String>,
    /// Whether the input has ended: at its end, or at a header that cannot
    /// be read.
    ended: bool,
    fields: Fields,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `reader` with `options` for every record, taking the
    /// first column that holds a puzzle.
    pub fn new(reader: R, options: ParseOptions) -> Reader<R> {
        Reader::from_lines(LineReader::new(reader), options)
    }

    pub(crate) fn from_lines(lines: LineReader<R>, options: ParseOptions) -> Reader<R> {
        Reader {
            lines,
            options,
            column: None,
            index: None,
            header: None,
            header_line: None,
            ended: false,
            fields: Fields::default(),
        }
    }

    /// The same reader, taking the puzzles from `column`.
    pub fn with_column(mut self, column: Column) -> Reader<R> {
        self.column = Some(column);
        self
    }

    /// Reads the header, if it has not been read yet, and returns its column
    /// names: `None` for an input with no content line at all.
    ///
    /// ```
    /// use dance_sudoku::format::{ParseErrorKind, ParseOptions, csv};
    ///
    /// let mut reader = csv::Reader::new(&b"id,puzzle\n"[..], ParseOptions::default());
    /// assert_eq!(reader.header()?, Some(&["id".to_owned(), "puzzle".to_owned()][..]));
    /// assert!(reader.next().is_none());
    ///
    /// // A line-format puzzle read as CSV: its first line is no header.
    /// let mut reader = csv::Reader::new(&b"1.3.............\n"[..], ParseOptions::default());
    /// let error = reader.header().unwrap_err();
    /// let error = error.get_ref().and_then(|e| e.downcast_ref::<dance_sudoku::format::ParseError>());
    /// assert!(matches!(error.map(|e| e.kind()), Some(ParseErrorKind::HeaderIsPuzzle { field: 1 })));
    /// assert!(reader.next().is_none());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    ///
    /// # Errors
    /// An I/O error; or, of kind [`io::ErrorKind::InvalidData`] with the
    /// [`ParseError`] inside, a header that cannot be read (not UTF-8, too
    /// long, a quote left open), that lacks the column asked for, or a
    /// field of which reads as a puzzle of size 4 or more. The input then
    /// has no record.
    pub fn header(&mut self) -> io::Result<Option<&[String]>> {
        if self.header.is_none() && !self.ended {
            match self.next_content() {
                None => self.ended = true,
                Some(Err(error)) => {
                    self.ended = true;
                    return Err(error);
                }
                Some(Ok(line)) => {
                    if let Err(error) = self.read_header(&line) {
                        self.ended = true;
                        return Err(io::Error::new(io::ErrorKind::InvalidData, error));
                    }
                }
            }
        }
        Ok(self.header.as_deref())
    }

    /// The header line as read, once [`header`](Self::header) (or the first
    /// record) has read it.
    pub fn header_line(&self) -> Option<&str> {
        self.header_line.as_deref()
    }

    /// The next content line, or `None` at the end.
    fn next_content(&mut self) -> Option<io::Result<RawLine>> {
        loop {
            match self.lines.next_line()? {
                Ok(line) if line.is_comment() || (line.fault.is_none() && line.is_blank()) => {}
                other => return Some(other),
            }
        }
    }

    /// Reads the header from `line` and resolves an asked-for column.
    fn read_header(&mut self, line: &RawLine) -> Result<(), ParseError> {
        if let Some(error) = fault_error(line) {
            return Err(error);
        }
        self.fields
            .split(&line.text)
            .map_err(|column| ParseError::new(line.number, column, ParseErrorKind::OpenQuote))?;
        let names: Vec<String> = (0..self.fields.len())
            .filter_map(|i| self.fields.get(i))
            .map(str::to_owned)
            .collect();
        let puzzle = names.iter().position(|name| {
            parse_line(name, line.number, &self.options)
                .is_ok_and(|puzzle| puzzle.shape().size() >= 4)
        });
        if let Some(field) = puzzle {
            let column = self.fields.starts.get(field).map_or(1, |start| start + 1);
            let kind = ParseErrorKind::HeaderIsPuzzle { field: field + 1 };
            return Err(ParseError::new(line.number, column, kind));
        }
        self.index = match &self.column {
            None => None,
            Some(Column::Index(index)) if *index <= names.len() => Some(index - 1),
            Some(Column::Name(name)) if names.contains(name) => {
                names.iter().position(|n| n == name)
            }
            Some(column) => {
                let kind = ParseErrorKind::NoColumn {
                    column: column.to_string(),
                    header: names.join(","),
                };
                return Err(ParseError::new(line.number, 1, kind));
            }
        };
        self.header_line = Some(line.text.clone());
        self.header = Some(names);
        Ok(())
    }

    /// The puzzle of the data record on `line`.
    fn parse(&mut self, line: &RawLine) -> Result<crate::Puzzle, ParseError> {
        if let Some(error) = fault_error(line) {
            return Err(error);
        }
        self.fields
            .split(&line.text)
            .map_err(|column| ParseError::new(line.number, column, ParseErrorKind::OpenQuote))?;
        let fields = &self.fields;
        let names = self.header.as_ref().map_or(0, Vec::len);
        if fields.len() > names {
            let column = fields.starts.get(names).map_or(1, |start| start + 1);
            let kind = ParseErrorKind::ExtraFields {
                found: fields.len(),
                names,
            };
            return Err(ParseError::new(line.number, column, kind));
        }
        let index = match self.index {
            Some(index) => index,
            None => {
                // The default: the first field that reads as a puzzle.
                let found = (0..fields.len()).find(|&i| {
                    fields
                        .get(i)
                        .is_some_and(|field| parse_line(field, line.number, &self.options).is_ok())
                });
                let index = found.ok_or_else(|| {
                    ParseError::new(line.number, 1, ParseErrorKind::NoPuzzleColumn)
                })?;
                self.index = Some(index);
                index
            }
        };
        let Some(field) = fields.get(index) else {
            let kind = ParseErrorKind::MissingField {
                column: index + 1,
                found: fields.len(),
            };
            return Err(ParseError::new(
                line.number,
                line.text.chars().count() + 1,
                kind,
            ));
        };
        parse_line(field, line.number, &self.options).map_err(|error| {
            let offset = fields.starts.get(index).copied().unwrap_or(0);
            ParseError::new(error.line(), error.column() + offset, error.kind().clone())
        })
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        if let Err(error) = self.header() {
            return Some(Err(error));
        }
        if self.ended {
            return None;
        }
        let line = match self.next_content() {
            Some(Ok(line)) => line,
            Some(Err(error)) => return Some(Err(error)),
            None => {
                self.ended = true;
                return None;
            }
        };
        let puzzle = self.parse(&line);
        Some(Ok(Record {
            line: line.number,
            input: line.text,
            puzzle,
        }))
    }
}

/// The fields of one CSV line (as in [`Record::input`]), unquoted.
///
/// ```
/// let fields = dance_sudoku::format::csv::fields("\"a, b\",c,\"d\"\"\"");
/// assert_eq!(fields, Ok(vec!["a, b".to_owned(), "c".to_owned(), "d\"".to_owned()]));
/// ```
///
/// # Errors
/// The 1-based column of a quote still open at the end of the line.
pub fn fields(line: &str) -> Result<Vec<String>, usize> {
    thread_local! {
        static FIELDS: std::cell::RefCell<Fields> = std::cell::RefCell::new(Fields::default());
    }
    FIELDS.with_borrow_mut(|fields| {
        fields.split(line)?;
        Ok((0..fields.len())
            .filter_map(|i| fields.get(i))
            .map(str::to_owned)
            .collect())
    })
}

/// The fields of one line, split by the `csv` crate's parser (`csv-core`,
/// built once: building it per line cost more than reading the puzzle).
struct Fields {
    /// Boxed: its tables are large, and a reader is built once per input.
    parser: Box<csv_core::Reader>,
    /// The unquoted values, back to back.
    values: Vec<u8>,
    /// Where each value ends in `values`.
    ends: Vec<usize>,
    count: usize,
    /// Characters before each value in the line (after an opening quote),
    /// so that a column inside a value plus this is a column of the line.
    starts: Vec<usize>,
}

impl Default for Fields {
    /// `csv_core::Reader::default()` has no parsing tables built; `new`
    /// builds them.
    fn default() -> Fields {
        Fields {
            parser: Box::new(csv_core::Reader::new()),
            values: Vec::new(),
            ends: Vec::new(),
            count: 0,
            starts: Vec::new(),
        }
    }
}

impl Fields {
    /// Splits `line`.
    ///
    /// # Errors
    /// The 1-based column of a quote that is still open at the end of the
    /// line.
    fn split(&mut self, line: &str) -> Result<(), usize> {
        self.locate(line)?;
        self.parser.reset();
        if self.values.len() < line.len() + 1 {
            self.values.resize(line.len() + 1, 0);
        }
        let mut input = line.as_bytes();
        let (mut written, mut count) = (0, 0);
        loop {
            if self.ends.len() <= count {
                self.ends.resize(count * 2 + 8, 0);
            }
            let (result, read, wrote, ended) = self.parser.read_record(
                input,
                &mut self.values[written..],
                &mut self.ends[count..],
            );
            input = &input[read..];
            written += wrote;
            count += ended;
            match result {
                // An empty input tells the parser the line is over.
                csv_core::ReadRecordResult::InputEmpty => {}
                csv_core::ReadRecordResult::OutputFull => {
                    self.values.resize(self.values.len() * 2 + 16, 0);
                }
                csv_core::ReadRecordResult::OutputEndsFull => {}
                csv_core::ReadRecordResult::Record | csv_core::ReadRecordResult::End => break,
            }
        }
        self.count = count;
        Ok(())
    }

    /// Fills `starts` from the raw line, and finds an unclosed quote.
    fn locate(&mut self, line: &str) -> Result<(), usize> {
        self.starts.clear();
        self.starts.push(0);
        let (mut quoted, mut open_at, mut at_start) = (false, 0, true);
        for (column, c) in line.chars().enumerate() {
            match c {
                '"' if at_start => {
                    quoted = true;
                    open_at = column + 1;
                    if let Some(start) = self.starts.last_mut() {
                        *start = column + 1;
                    }
                }
                '"' => quoted = !quoted,
                ',' if !quoted => {
                    self.starts.push(column + 1);
                    at_start = true;
                    continue;
                }
                _ => {}
            }
            at_start = false;
        }
        if quoted { Err(open_at) } else { Ok(()) }
    }

    fn len(&self) -> usize {
        self.count
    }

    /// Field `index`: removing quotes from UTF-8 text leaves UTF-8 text.
    fn get(&self, index: usize) -> Option<&str> {
        let end = *self.ends.get(..self.count)?.get(index)?;
        let start = index.checked_sub(1).map_or(0, |i| self.ends[i]);
        std::str::from_utf8(self.values.get(start..end)?).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, column: Option<Column>) -> io::Result<Vec<Record>> {
        let reader = Reader::new(text.as_bytes(), ParseOptions::default());
        match column {
            Some(column) => reader.with_column(column).collect(),
            None => reader.collect(),
        }
    }

    #[test]
    fn the_default_column_is_the_first_with_a_puzzle() {
        let text = "id,puzzle,solution\n7,1.3.............,1234341221434321\n";
        let records = read(text, None).unwrap();
        assert_eq!(records[0].puzzle.as_ref().unwrap().given_count(), 2);
        let by_name = read(text, Some("solution".parse().unwrap())).unwrap();
        assert_eq!(by_name[0].puzzle.as_ref().unwrap().given_count(), 16);
        let by_index = read(text, Some("3".parse().unwrap())).unwrap();
        assert_eq!(by_index[0].puzzle, by_name[0].puzzle);
    }

    #[test]
    fn the_header_is_never_a_record() {
        let puzzle = "1.3.............";
        // A line-format file read as CSV, with one puzzle or more.
        for text in [format!("{puzzle}\n"), format!("{puzzle}\n{puzzle}\n")] {
            let mut reader = Reader::new(text.as_bytes(), ParseOptions::default());
            let error = reader.next().unwrap().unwrap_err();
            assert_eq!(
                error.to_string(),
                "1:1: field 1 of the header reads as a puzzle, but the first line of a CSV \
                 input names its columns; is the input in the line format?"
            );
            assert!(reader.next().is_none());
        }
        // Short names that happen to read as tiny puzzles are names.
        let records = read("1,2\n7,1.3.............\n", None).unwrap();
        assert_eq!(records.len(), 1);
        // A header and no record: no record, and the header is known.
        let mut reader = Reader::new(&b"# data\nid,puzzle\n"[..], ParseOptions::default());
        assert!(reader.next().is_none());
        assert_eq!(reader.header_line(), Some("id,puzzle"));
        assert!(reader.header().unwrap().is_some());
        let mut empty = Reader::new(&b""[..], ParseOptions::default());
        assert_eq!(empty.header().unwrap(), None);
    }

    #[test]
    fn a_record_wider_than_its_header_is_an_error() {
        let records = read(
            "id,puzzle\n1,1.3.............,x\n2,1.3.............\n",
            None,
        )
        .unwrap();
        assert_eq!(
            records[0].puzzle.as_ref().unwrap_err().to_string(),
            "2:20: the record has 3 fields, but the header names 2"
        );
        assert!(records[1].puzzle.is_ok());
    }

    #[test]
    fn errors_are_located_in_the_line() {
        let text = "a,b\r\n\"x\",\"1.3.......?.....\"\n1,\"12\n";
        let records = read(text, Some(Column::Index(2))).unwrap();
        assert_eq!(
            records[0].puzzle.as_ref().unwrap_err().to_string(),
            "2:16: unexpected character '?'; expected a digit 1-4 or a blank ('.', '_', '*' or '0')"
        );
        assert_eq!(
            records[1].puzzle.as_ref().unwrap_err().to_string(),
            "3:3: quote opened here is not closed on this line; a CSV record must be one line"
        );
        let missing = read("a,b\n1\n", Some(Column::Index(2))).unwrap();
        assert_eq!(
            missing[0].puzzle.as_ref().unwrap_err().to_string(),
            "2:2: the record has 1 fields, so no column 2"
        );
        // A column the header lacks ends the input at its header.
        for (column, message) in [
            ("c", "1:1: no column `c` in the header a,b"),
            ("3", "1:1: no column 3 in the header a,b"),
        ] {
            let error = read("a,b\n1,2\n", Some(column.parse().unwrap())).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidData);
            assert_eq!(error.to_string(), message);
        }
        let none = read("a,b\n1,2\n", None).unwrap();
        assert_eq!(
            none[0].puzzle.as_ref().unwrap_err().to_string(),
            "2:1: no field of this record is a puzzle, and no puzzle column was named"
        );
    }
}
