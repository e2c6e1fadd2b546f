//! The line printer: one line per record — the solution, `unique
//! SOLUTION`, `multiple`, `none`, the count (`N+` when it is a lower
//! bound), `timeout`, `interrupted`, `error`, or `mismatch` under
//! `--check` — which `dance solve` reads back.

use std::io::{self, Write};

use dance_sudoku::Status;
use dance_sudoku::format::line;

use super::Options;
use crate::outcome::Outcome;

/// Prints each answer on one line.
#[derive(Debug)]
pub struct Printer {
    options: Options,
}

impl Printer {
    /// A line printer.
    pub fn new(options: Options) -> Printer {
        Printer { options }
    }

    /// Prints one record's answer.
    pub fn answer(&mut self, out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
        if outcome.mismatch {
            return out.write_all(b"mismatch\n");
        }
        if let Some(count) = outcome.count() {
            return writeln!(out, "{count}");
        }
        // The solution's bytes go straight out: this runs once per record.
        let alphabet = self.options.alphabet;
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
}
