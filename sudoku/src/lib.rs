//! Every common Sudoku as data: shapes, puzzles, text formats, and the
//! naive depth-first search that faster solvers are measured against.
//!
//! The puzzle model: [`Digit`], [`Cell`], [`Shape`], [`Puzzle`], [`Grid`],
//! [`verify`] and the solver result types.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod cell;
mod digit;
mod kernel;
mod outcome;
mod puzzle;
mod shape;
mod solver;
mod verify;

pub mod batch;
pub mod cover;

pub use cell::Cell;
pub use digit::Digit;
pub use outcome::{Count, SearchStats, Verdict};
pub use puzzle::{Grid, Puzzle, PuzzleError};
pub use shape::{BoxShape, Shape, ShapeError, Variant};
pub use solver::Solver;
pub use verify::{Unit, VerifyError, verify};

/// The largest supported size N: digits are `1`–`9` then `A`–`P`.
pub const MAX_SIZE: usize = 25;
