//! The CSV printer: the input's columns, then `solution` and, when the
//! goal is a verdict or a count or `--check` compares answers, `status`,
//! under one header for the whole stream.
//!
//! The shape of the stream, whatever the inputs:
//!
//! - One header, first: the first input's header (its line as read) and
//!   the new columns; for an input that is not CSV, the one column
//!   `puzzle`. An input of the same run whose columns differ is reported
//!   and skipped, since its rows would not fit the header.
//! - Column names are unique: a new column whose name the input already
//!   uses is renamed with the first free suffix `_2`, `_3`, … (an input
//!   with a `solution` column gets `solution_2`), so that no input column
//!   is lost or overwritten.
//! - Every row is as wide as the header: a record with fewer fields than
//!   its header gets empty ones, so the solution always lands under
//!   `solution`. A record that cannot be split into fields (a quote left
//!   open), an error already reported, is written as one quoted field.
//! - A record of an input that is not CSV is written as its puzzle in the
//!   line format (as read when it is one line), so that solving the output
//!   again gives the same answers.

use std::io::{self, Write};

use dance_sudoku::format::{Format, csv, line};

use super::{Input, InputError, Options, write_csv_field};
use crate::outcome::Outcome;

/// The new columns' names before renaming.
const SOLUTION: &str = "solution";
const STATUS: &str = "status";

/// The column of a record of an input that is not CSV.
const PUZZLE: &str = "puzzle";

/// Prints each answer as a CSV row.
#[derive(Debug)]
pub struct Printer {
    options: Options,
    /// The input columns of the stream, once the first input has set them.
    columns: Option<Vec<String>>,
    /// Whether the current input is CSV (its records are rows already).
    csv_input: bool,
}

impl Printer {
    /// A CSV printer.
    pub fn new(options: Options) -> Printer {
        Printer {
            options,
            columns: None,
            csv_input: false,
        }
    }

    /// Whether rows get a `status` column: for a verdict, a count or a check.
    fn with_status(&self) -> bool {
        self.options.goal != dance_sudoku::Goal::First || self.options.check
    }

    /// An input begins: the first one writes the header; a later one must
    /// have the same columns.
    pub fn begin(&mut self, out: &mut impl Write, input: &Input<'_>) -> Result<(), InputError> {
        let puzzle = [PUZZLE.to_owned()];
        let (line, names) = input.header.unwrap_or((PUZZLE, &puzzle));
        self.csv_input = input.format == Format::Csv;
        match &self.columns {
            Some(columns) if columns == names => Ok(()),
            Some(columns) => Err(InputError::Shape(format!(
                "its columns {} differ from the first input's {}, and CSV output has one header",
                names.join(","),
                columns.join(","),
            ))),
            None => {
                let mut taken = names.to_vec();
                out.write_all(line.as_bytes())?;
                let added: &[&str] = if self.with_status() {
                    &[SOLUTION, STATUS]
                } else {
                    &[SOLUTION]
                };
                for name in added {
                    let name = unique(name, &taken);
                    out.write_all(b",")?;
                    write_csv_field(out, &name)?;
                    taken.push(name);
                }
                out.write_all(b"\n")?;
                self.columns = Some(names.to_vec());
                Ok(())
            }
        }
    }

    /// Prints one record's row.
    pub fn answer(&mut self, out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
        let width = self.columns.as_ref().map_or(1, Vec::len);
        let input = &outcome.record.input;
        if self.csv_input {
            match csv::fields(input) {
                Ok(fields) if fields.len() <= width => {
                    out.write_all(input.as_bytes())?;
                    for _ in fields.len()..width {
                        out.write_all(b",")?;
                    }
                }
                // An error record, already reported: wider than the header,
                // or not even fields.
                Ok(fields) => write_fields(out, &fields, width)?,
                Err(_) => write_fields(out, std::slice::from_ref(input), width)?,
            }
        } else {
            let one_line = match &outcome.record.puzzle {
                _ if !input.contains('\n') => input.clone(),
                Ok(puzzle) => self
                    .options
                    .alphabet
                    .respell(line::format_puzzle(puzzle), puzzle.shape().size()),
                Err(_) => input.replace('\n', " "),
            };
            write_csv_field(out, &one_line)?;
            for _ in 1..width {
                out.write_all(b",")?;
            }
        }
        out.write_all(b",")?;
        if let Some(grid) = outcome.solution() {
            line::write_grid(out, grid, self.options.alphabet)?;
        }
        if self.with_status() {
            out.write_all(b",")?;
            match outcome.count() {
                _ if outcome.mismatch => out.write_all(b"mismatch")?,
                Some(count) => write!(out, "{count}")?,
                None => out.write_all(outcome.word().as_bytes())?,
            }
        }
        out.write_all(b"\n")
    }
}

/// `fields` as a row's first `width` fields: cut, or padded with empty ones.
fn write_fields(out: &mut impl Write, fields: &[String], width: usize) -> io::Result<()> {
    for k in 0..width {
        if k > 0 {
            out.write_all(b",")?;
        }
        if let Some(field) = fields.get(k) {
            write_csv_field(out, field)?;
        }
    }
    Ok(())
}

/// `name`, or `name_2`, `name_3`, … : the first that `taken` lacks.
fn unique(name: &str, taken: &[String]) -> String {
    std::iter::once(name.to_owned())
        .chain((2..).map(|k| format!("{name}_{k}")))
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or_else(|| name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_column_names_take_the_first_free_suffix() {
        let taken: Vec<String> = ["id", "solution", "solution_2"].map(String::from).to_vec();
        assert_eq!(unique("solution", &taken), "solution_3");
        assert_eq!(unique("status", &taken), "status");
    }
}
