//! The printer of `dance rate`: one line per record — `LEVEL NODES
//! GUESSES`, or `multiple`, `none` or `error` for a record without a
//! rating.

use std::io::{self, Write};

use dance_sudoku::Status;
use dance_sudoku::rate::{RateError, Rating};

use crate::outcome::ERROR;

/// What a record got: `None` when it did not parse.
pub type Rated = Option<Result<Rating, RateError>>;

/// Prints one record's rating, or the word that says why it has none.
pub fn print(out: &mut impl Write, rated: &Rated) -> io::Result<()> {
    match rated {
        Some(Ok(rating)) => writeln!(out, "{rating}"),
        Some(Err(RateError::Multiple)) => writeln!(out, "{}", Status::Multiple),
        Some(Err(RateError::NoSolution)) => writeln!(out, "{}", Status::NoSolution),
        Some(Err(_)) | None => writeln!(out, "{ERROR}"),
    }
}
