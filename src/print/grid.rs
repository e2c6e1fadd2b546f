//! The grid printer: a block of rows per record, as the grid format reads
//! them (with the region map of a jigsaw), then a blank line; the same
//! blocks in the numbers format (rows of numbers); and POJ 2676's expected
//! output, nine rows of nine digits per solution. A record whose answer is
//! not a plain solution prints its word (or count) on a line first:
//! `unique` and the rows, or the word alone.

use std::io::{self, Write};

use dance_sudoku::format::{grid, numbers, poj};
use dance_sudoku::{Grid, Status};

use super::Options;
use crate::outcome::Outcome;

/// Prints each answer as a block of rows.
#[derive(Debug)]
pub struct Printer {
    options: Options,
    rows: Rows,
}

/// How a block's rows are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rows {
    /// The grid format's, in the alphabet asked for.
    Grid,
    /// The numbers format's.
    Numbers,
    /// POJ's (nine digits, no blank line).
    Poj,
}

impl Printer {
    /// The grid format's blocks.
    pub fn grid(options: Options) -> Printer {
        Printer {
            options,
            rows: Rows::Grid,
        }
    }

    /// The numbers format's blocks.
    pub fn numbers(options: Options) -> Printer {
        Printer {
            options,
            rows: Rows::Numbers,
        }
    }

    /// POJ 2676's output.
    pub fn poj(options: Options) -> Printer {
        Printer {
            options,
            rows: Rows::Poj,
        }
    }

    /// The rows of `solution`.
    fn rows(&self, solution: &Grid) -> String {
        match self.rows {
            Rows::Poj => poj::format_grid(solution).unwrap_or_else(|_| grid::format_grid(solution)),
            Rows::Numbers => numbers::format_grid(solution),
            Rows::Grid => {
                let rows = grid::format_grid(solution);
                self.options.alphabet.respell(rows, solution.shape().size())
            }
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
        if self.rows != Rows::Poj {
            out.write_all(b"\n")?;
        }
        Ok(())
    }
}
