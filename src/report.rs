//! Writing `dance solve`'s answers: one entry per record, in input order, in
//! the line, grid, POJ or JSON Lines shape.

use std::io::{self, Write};

use dance_sudoku::format::{Alphabet, grid, line, poj};
use serde::{Deserialize, Serialize};

use dance_sudoku::Status;

use crate::outcome::Outcome;
use crate::summary::Report;

/// The shape of the answers on stdout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// One line per record.
    Line,
    /// A block of rows per record, then a blank line.
    Grid,
    /// POJ 2676's expected output: 9 lines of 9 digits per solution.
    Poj,
    /// JSON Lines: one object per record, then a summary object.
    Json,
    /// CSV rows, written by `dance solve` itself (`Writer::write_line`).
    Csv,
}

/// One record in JSON Lines output.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct JsonRecord {
    /// 1-based number of the record across all inputs.
    pub record: u64,
    /// The input it came from (`<stdin>` for standard input).
    pub file: String,
    /// The 1-based line where the record starts.
    pub line: usize,
    /// The record's text as read.
    pub input: String,
    /// `solved`, `unique`, `multiple`, `none`, `error` or `timeout`.
    pub status: String,
    /// The solution in the line format, when one was found.
    pub solution: Option<String>,
    /// The number of solutions, in `--count` mode (found before the
    /// deadline, for a record that timed out).
    pub count: Option<u64>,
    /// Whether the count is exact (false when `--limit` stopped it).
    pub complete: Option<bool>,
    /// Search nodes (options tried).
    pub nodes: u64,
    /// Guesses (options tried where there was a choice).
    pub guesses: u64,
    /// Solving time in microseconds.
    pub micros: f64,
    /// Why the record could not be read, as `LINE:COL: message`.
    pub error: Option<String>,
}

/// The summary line closing JSON Lines output.
#[derive(Debug, Serialize)]
struct JsonSummary<'a> {
    summary: &'a Report,
}

/// Writes each outcome in the chosen shape.
pub struct Writer<W> {
    out: W,
    output: Output,
    records: u64,
    /// The digits of the solutions printed (the input's alphabet).
    alphabet: Alphabet,
}

impl<W: Write> Writer<W> {
    /// A writer of `output` to `out`.
    pub fn new(out: W, output: Output) -> Self {
        Writer {
            out,
            output,
            records: 0,
            alphabet: Alphabet::Standard,
        }
    }

    /// Prints solutions in `alphabet`, as they were read.
    pub fn set_alphabet(&mut self, alphabet: Alphabet) {
        self.alphabet = alphabet;
    }

    /// Switches the shape (each input file may have its own format).
    pub fn set_output(&mut self, output: Output) {
        self.output = output;
    }

    /// Writes one record's answer.
    pub fn write(&mut self, file: &str, outcome: &Outcome) -> io::Result<()> {
        self.records += 1;
        let alphabet = self.alphabet;
        let spelled = |format: fn(&dance_sudoku::Grid) -> String| {
            move |grid: &dance_sudoku::Grid| alphabet.respell(format(grid), grid.shape().size())
        };
        match self.output {
            Output::Line | Output::Csv => write_line_answer(&mut self.out, outcome, alphabet),
            Output::Grid => self.write_block(outcome, spelled(grid::format_grid), true),
            Output::Poj => self.write_block(
                outcome,
                |grid| poj::format_grid(grid).unwrap_or_else(|_| grid::format_grid(grid)),
                false,
            ),
            Output::Json => {
                let mut record = json_record(self.records, file, outcome);
                let size = outcome.solution().map_or(0, |grid| grid.shape().size());
                record.solution = record.solution.map(|text| alphabet.respell(text, size));
                serde_json::to_writer(&mut self.out, &record)?;
                writeln!(self.out)
            }
        }
    }

    /// Grid and POJ output: the status word unless a plain solution is
    /// printed, then the rows, then (for grids) a blank line.
    fn write_block(
        &mut self,
        outcome: &Outcome,
        rows: impl Fn(&dance_sudoku::Grid) -> String,
        blank: bool,
    ) -> io::Result<()> {
        match (outcome.status(), outcome.solution(), outcome.count()) {
            (Some(Status::Solved), Some(grid), _) => write!(self.out, "{}", rows(grid))?,
            (_, _, Some(count)) => writeln!(self.out, "{count}")?,
            (Some(Status::Unique), Some(grid), _) => write!(self.out, "unique\n{}", rows(grid))?,
            _ => writeln!(self.out, "{}", outcome.word())?,
        }
        if blank {
            writeln!(self.out)?;
        }
        Ok(())
    }

    /// Writes `text` as one line: an answer in a shape this writer does not
    /// know (CSV) or a header.
    pub fn write_line(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// Writes the closing summary (JSON Lines only) and flushes.
    pub fn finish(&mut self, report: &Report) -> io::Result<()> {
        if self.output == Output::Json {
            serde_json::to_writer(&mut self.out, &JsonSummary { summary: report })?;
            writeln!(self.out)?;
        }
        self.out.flush()
    }

    /// Flushes what was written so far.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// Writes the answer as one line: the solution, `unique SOLUTION`,
/// `multiple`, `none`, the count (with `+` when limited), or `error`.
fn write_line_answer(
    out: &mut (impl Write + ?Sized),
    outcome: &Outcome,
    alphabet: Alphabet,
) -> io::Result<()> {
    if let Some(count) = outcome.count() {
        return writeln!(out, "{count}");
    }
    // The solution's bytes go straight out: this runs once per record.
    match (outcome.status(), outcome.solution()) {
        (Some(Status::Solved), Some(grid)) => line::write_grid(out, grid, alphabet)?,
        (Some(Status::Unique), Some(grid)) => {
            out.write_all(b"unique ")?;
            line::write_grid(out, grid, alphabet)?;
        }
        _ => out.write_all(outcome.word().as_bytes())?,
    }
    out.write_all(b"\n")
}

fn json_record(number: u64, file: &str, outcome: &Outcome) -> JsonRecord {
    let stats = outcome.stats();
    let count = outcome.count();
    JsonRecord {
        record: number,
        file: file.to_owned(),
        line: outcome.record.line,
        input: outcome.record.input.clone(),
        status: outcome.word().to_owned(),
        solution: outcome.solution().map(line::format_grid),
        count: count
            .map(|c| c.solutions)
            .or(outcome.found_before_timeout()),
        complete: count
            .map(|c| c.complete)
            .or(outcome.found_before_timeout().map(|_| false)),
        nodes: stats.nodes,
        guesses: stats.guesses,
        micros: outcome.elapsed().as_secs_f64() * 1e6,
        error: outcome.error().map(ToString::to_string),
    }
}
