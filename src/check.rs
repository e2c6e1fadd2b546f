//! `--check COLUMN`: each solution compared with the answer a CSV record
//! holds in COLUMN. A record whose answer is not a solution of its puzzle,
//! or not the solution found, is a mismatch.

use dance_sudoku::format::Record;
use dance_sudoku::format::csv::{self, Column};
use dance_sudoku::{Digit, Grid, verify};

/// The answer column of one CSV input.
#[derive(Clone, Copy, Debug)]
pub struct Check {
    /// The column, 0-based.
    index: usize,
}

impl Check {
    /// The column `column` of the header `names`.
    ///
    /// # Errors
    /// The message when the header has no such column.
    pub fn new(column: &Column, names: &[String]) -> Result<Check, String> {
        let index = match column {
            Column::Index(index) if *index <= names.len() => Some(index - 1),
            Column::Name(name) => names.iter().position(|n| n == name),
            Column::Index(_) => None,
        };
        index.map(|index| Check { index }).ok_or_else(|| {
            format!(
                "--check: no column {column} in the header {}",
                names.join(",")
            )
        })
    }

    /// Whether the record's answer is wrong: not a solution of the puzzle,
    /// or not the solution found. A record that did not parse is no
    /// mismatch (it is an error).
    pub fn mismatch(&self, record: &Record, solution: Option<&Grid>) -> bool {
        let Ok(puzzle) = &record.puzzle else {
            return false;
        };
        let answer = csv::fields(&record.input)
            .ok()
            .and_then(|fields| fields.into_iter().nth(self.index));
        let digits: Option<Vec<Digit>> = answer
            .as_deref()
            .and_then(|text| text.trim().chars().map(Digit::from_char).collect());
        let grid = digits.and_then(|digits| Grid::new(puzzle.shape().clone(), digits).ok());
        match grid {
            Some(grid) if verify(puzzle, &grid).is_ok() => {
                solution.is_some_and(|solution| *solution != grid)
            }
            _ => true,
        }
    }
}
