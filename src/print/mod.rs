//! Printers: one per output format, each owning its format whole, as
//! ripgrep's printer crate has a standard, a JSON and a summary printer.
//!
//! A command is a pipeline: it reads records, answers them (in order, on
//! one thread or many: [`dance_sudoku::batch::stream`]) and hands every
//! answer to one printer; no format is written by the command itself.
//!
//! | `dance solve --output` | printer | one record is |
//! |---|---|---|
//! | `line` (and the input's own for line, pencilmark and CSV input) | [`line`](mod@line) | one line |
//! | `grid` (and the input's own for grid input); POJ input's own | [`grid`] | rows, then a blank line; POJ: nine rows |
//! | `json` | [`json`] | a JSON object on one line; a summary object closes the stream |
//! | `csv` | [`csv`](mod@csv) | a row: the input's columns, `solution`, and `status` |
//! | `--stats` (stderr) | [`summary`] | the totals, after the last record |
//!
//! `dance rate` prints through [`rating`], `dance generate` through
//! [`puzzles`], `dance bench` through [`race`]. The output goes to standard output through [`Output`],
//! which a thread of its own flushes whenever answers wait in its buffer
//! (every [`output::FLUSH_EVERY`]), so an answer reaches a pipe soon after it is
//! known even while the next record takes minutes.

pub mod csv;
pub mod grid;
pub mod json;
pub mod line;
mod output;
pub mod puzzles;
pub mod race;
pub mod rating;
pub mod summary;

use std::io::{self, Write};

use dance_sudoku::Goal;
use dance_sudoku::format::{Alphabet, Format};

use crate::cli::OutputFormat;
use crate::outcome::Outcome;
use crate::summary::Report;

pub use output::Output;

/// An input as a printer meets it: its name, its format and, for CSV, its
/// header.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// The name in messages and in JSON records: the path, or `<stdin>`.
    pub name: &'a str,
    /// The format its records are in.
    pub format: Format,
    /// A CSV input's header: the line as read and its column names.
    pub header: Option<(&'a str, &'a [String])>,
}

/// What every printer of `dance solve` needs to know of the run.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The digits of the solutions printed.
    pub alphabet: Alphabet,
    /// What was asked.
    pub goal: Goal,
    /// Whether `--check` compares each solution with the record's own.
    pub check: bool,
}

/// The printer of `dance solve`'s answers in the format asked for, or in
/// each input's own format when none was asked for.
#[derive(Debug)]
pub struct Printer {
    /// The format asked for with `--output`.
    asked: Option<OutputFormat>,
    options: Options,
    kind: Kind,
}

/// The printer in use.
#[derive(Debug)]
enum Kind {
    Line(line::Printer),
    Grid(grid::Printer),
    Json(json::Printer),
    Csv(csv::Printer),
}

impl Printer {
    /// The printer for `--output asked` (`None`: each input's own format).
    pub fn new(asked: Option<OutputFormat>, options: Options) -> Printer {
        let kind = match asked {
            None | Some(OutputFormat::Line) => Kind::Line(line::Printer::new(options)),
            Some(OutputFormat::Grid) => Kind::Grid(grid::Printer::grid(options)),
            Some(OutputFormat::Numbers) => Kind::Grid(grid::Printer::numbers(options)),
            Some(OutputFormat::Json) => Kind::Json(json::Printer::new(options)),
            Some(OutputFormat::Csv) => Kind::Csv(csv::Printer::new(options)),
        };
        Printer {
            asked,
            options,
            kind,
        }
    }

    /// An input begins: without `--output`, its own format is taken (line
    /// answers for line, pencilmark and CSV input, grids for grids, rows of
    /// numbers for numbers, POJ's output for POJ).
    ///
    /// # Errors
    /// [`InputError`] when the printer cannot print this input's answers in
    /// the same stream (a CSV input whose columns differ from the first
    /// one's), or an error writing a header.
    pub fn begin(&mut self, out: &mut impl Write, input: &Input<'_>) -> Result<(), InputError> {
        if self.asked.is_none() {
            let options = self.options;
            self.kind = match input.format {
                Format::Line | Format::Pencilmark | Format::Csv => {
                    Kind::Line(line::Printer::new(options))
                }
                Format::Grid => Kind::Grid(grid::Printer::grid(options)),
                Format::Numbers => Kind::Grid(grid::Printer::numbers(options)),
                Format::Poj => Kind::Grid(grid::Printer::poj(options)),
            };
        }
        match &mut self.kind {
            Kind::Json(printer) => printer.begin(input),
            Kind::Csv(printer) => printer.begin(out, input)?,
            Kind::Line(_) | Kind::Grid(_) => {}
        }
        Ok(())
    }

    /// Prints one record's answer.
    #[inline]
    pub fn answer(&mut self, out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
        match &mut self.kind {
            Kind::Line(printer) => printer.answer(out, outcome),
            Kind::Grid(printer) => printer.answer(out, outcome),
            Kind::Json(printer) => printer.answer(out, outcome),
            Kind::Csv(printer) => printer.answer(out, outcome),
        }
    }

    /// Prints what closes the stream (JSON's summary object).
    pub fn finish(&mut self, out: &mut impl Write, report: &Report) -> io::Result<()> {
        match &mut self.kind {
            Kind::Json(printer) => printer.finish(out, report),
            Kind::Line(_) | Kind::Grid(_) | Kind::Csv(_) => Ok(()),
        }
    }
}

/// Why an input's answers cannot join the stream.
#[derive(Debug)]
pub enum InputError {
    /// The stream's shape does not fit the input: the input is reported and
    /// skipped.
    Shape(String),
    /// Writing failed: the run ends.
    Io(io::Error),
}

impl From<io::Error> for InputError {
    fn from(error: io::Error) -> InputError {
        InputError::Io(error)
    }
}

/// Writes `text` as a CSV field: in double quotes (a quote doubled) when it
/// holds a comma, a quote or a line break, or starts or ends with a space.
pub fn write_csv_field(out: &mut impl Write, text: &str) -> io::Result<()> {
    let plain =
        !text.contains([',', '"', '\n', '\r']) && !text.starts_with(' ') && !text.ends_with(' ');
    if plain {
        out.write_all(text.as_bytes())
    } else {
        write!(out, "\"{}\"", text.replace('"', "\"\""))
    }
}
