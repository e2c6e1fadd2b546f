//! The printer of `dance generate`: each puzzle on one line, in the line
//! format (with its region map for jigsaw) or the pencilmark format, after
//! a `# LEVEL NODES GUESSES` comment line with `--rate`.

use std::io::{self, Write};

use dance_sudoku::Puzzle;
use dance_sudoku::format::{line, pencilmark};
use dance_sudoku::rate::Rating;

use crate::cli::GenerateOutput;

/// Prints `puzzle`, after its rating when it has one.
pub fn print(
    out: &mut impl Write,
    format: GenerateOutput,
    puzzle: &Puzzle,
    rating: Option<&Rating>,
) -> io::Result<()> {
    if let Some(rating) = rating {
        writeln!(out, "# {rating}")?;
    }
    let text = match format {
        GenerateOutput::Line => line::format_puzzle(puzzle),
        GenerateOutput::Pencilmark => pencilmark::format_puzzle(puzzle),
    };
    writeln!(out, "{text}")
}
