//! The grid printer: a block of rows per record, as the grid format reads
//! them (with the region map of a jigsaw), then a blank line; and POJ
//! 2676's expected output, nine rows of nine digits per solution. A record
//! whose answer is not a plain solution prints its word (or count) on a
//! line first: `unique` and the rows, or the word alone.

use std::io::{self, Write};

use dance_sudoku::format::{grid, poj};
use dance_sudoku::{Grid, Status};

use super::Options;
use crate::outcome::Outcome;

/// Prints each answer as a block of rows.
#[derive(Debug)]
pub struct Printer {
    options: Options,
    /// POJ's rows (nine digits, no blank line) instead of the grid format's.
    poj: bool,
}

impl Printer {
    /// The grid format's blocks.
    pub fn grid(options: Options) -> Printer {
        Printer {
            options,
            poj: false,
        }
    }

    /// POJ 2676's output.
    pub fn poj(options: Options) -> Printer {
        Printer { options, poj: true }
    }

    /// The rows of `solution`.
    fn rows(&self, solution: &Grid) -> String {
        if self.poj {
            poj::format_grid(solution).unwrap_or_else(|_| grid::format_grid(solution))
        } else {
            let rows = grid::format_grid(solution);
            self.options.alphabet.respell(rows, solution.shape().size())
        }
    }

    /// Prints one record's answer.
    pub fn answer(&mut self, out: &mut impl Write, outcome: &Outcome) -> io::Result<()> {
        match (outcome.status(), outcome.solution(), outcome.count()) {
            _ if outcome.mismatch => out.write_all(b"mismatch\n")?,
            (_, _, Some(count)) => writeln!(out, "{count}")?,
            (Some(Status::Solved), Some(grid), _) => out.write_all(self.rows(grid).as_bytes())?,
            (Some(Status::Unique), Some(grid), _) => {
                write!(out, "unique\n{}", self.rows(grid))?;
            }
            _ => writeln!(out, "{}", outcome.word())?,
        }
        if !self.poj {
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}
