//! The JSON printer: JSON Lines, one object per record ([`JsonRecord`]),
//! then one object with the run's totals (`{"summary": …}`).

use std::io::{self, Write};

use dance_sudoku::format::line;
use serde::Serialize;

use super::{Input, Options};
use crate::outcome::Outcome;
use crate::summary::Report;

/// One record in JSON Lines output.
#[derive(Debug, Serialize)]
pub struct JsonRecord {
    /// 1-based number of the record across all inputs.
    pub record: u64,
    /// The input it came from (`<stdin>` for standard input).
    pub file: String,
    /// The 1-based line where the record starts.
    pub line: usize,
    /// The record's text as read.
    pub input: String,
    /// `solved`, `unique`, `multiple`, `none`, `error`, `timeout` or
    /// `interrupted`.
    pub status: String,
    /// The solution in the line format, when one was found.
    pub solution: Option<String>,
    /// The number of solutions, in `--count` mode (found before the
    /// deadline or the signal, for a record that timed out or was
    /// interrupted).
    pub count: Option<u64>,
    /// Whether the count is exact (false when `--limit` stopped it).
    pub complete: Option<bool>,
    /// With `--check`: whether the record's own answer is not this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mismatch: Option<bool>,
    /// Search nodes (options tried).
    pub nodes: u64,
    /// Guesses (options tried where there was a choice).
    pub guesses: u64,
    /// The engine that served, as `--stats` names it (`deductions`,
    /// `bands`, `bitboards`, `kernel`, `dlx`, `dfs`); none for a record
    /// that could not be read.
    pub engine: Option<&'static str>,
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

/// Prints each answer as a JSON object on its own line.
#[derive(Debug)]
pub struct Printer {
    options: Options,
    /// Records printed so far.
    records: u64,
    /// The name of the input being printed.
    file: String,
}

impl Printer {
    /// A JSON Lines printer.
    pub fn new(options: Options) -> Printer {
        Printer {
            options,
            records: 0,
            file: String::new(),
        }
    }

    /// An input begins: its records carry its name.
    pub fn begin(&mut self, input: &Input<'_>) {
        input.name.clone_into(&mut self.file);
    }

    /// Prints one record's answer.
    pub fn answer(&mut self, out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
        self.records += 1;
        let stats = outcome.stats();
        let count = outcome.count();
        let alphabet = self.options.alphabet;
        let record = JsonRecord {
            record: self.records,
            file: self.file.clone(),
            line: outcome.record.line,
            input: outcome.record.input.clone(),
            status: outcome.word().to_owned(),
            solution: outcome
                .solution()
                .map(|grid| alphabet.respell(line::format_grid(grid), grid.shape().size())),
            count: count.map(|c| c.solutions).or(outcome.found_before_stop()),
            complete: count
                .map(|c| c.complete)
                .or(outcome.found_before_stop().map(|_| false)),
            mismatch: self.options.check.then_some(outcome.mismatch),
            nodes: stats.nodes,
            guesses: stats.guesses,
            engine: outcome.engine().map(|engine| engine.name()),
            micros: outcome.elapsed().as_secs_f64() * 1e6,
            error: outcome.error().map(ToString::to_string),
        };
        serde_json::to_writer(&mut *out, &record)?;
        out.write_all(b"\n")
    }

    /// Prints the summary object.
    pub fn finish(&mut self, out: &mut impl Write, report: &Report) -> io::Result<()> {
        serde_json::to_writer(&mut *out, &JsonSummary { summary: report })?;
        out.write_all(b"\n")
    }
}
