//! Every common Sudoku as data: shapes, puzzles, text formats, and the
//! naive depth-first search that faster solvers are measured against.
//!
//! # Brief overview
//!
//! - [`Digit`] and [`Cell`] are newtypes with documented ranges: a digit is
//!   0-based inside (`0..N`) and 1-based in text (`1`–`9`, then `A`–`P`); a
//!   cell is a row-major index `0..N²` (a `u16`, since N ≤ 25).
//! - [`Shape`] is the geometry of an N×N puzzle (1 ≤ N ≤ 25): the region of
//!   every cell, from the boxes of a [`BoxShape`] or from a jigsaw map, and
//!   the [`Variant`] (standard or X-Sudoku). The region table is computed
//!   once and shared behind an `Arc`, so shapes are cheap to clone and can
//!   key a solver cache (`Eq + Hash`).
//! - [`Puzzle`] is a shape plus givens; [`Grid`] is a shape plus a digit in
//!   every cell. Clashing givens are not a construction error: they make a
//!   puzzle with no solution, which is for solvers to report.
//! - [`verify`] checks that a grid solves a puzzle and names the cell or
//!   [`Unit`] that is wrong.
//! - [`Verdict`], [`Count`] and [`SearchStats`] are the results every solver
//!   in this workspace reports: "unique, multiple or none", a possibly
//!   limited solution count, and the work done.
//! - [`format`](mod@format) reads and writes the line, grid and POJ 2676 text formats,
//!   streaming records from any `BufRead` in bounded memory, with a line and
//!   column in every [`ParseError`](format::ParseError).
//! - [`dfs`] is the textbook backtracking baseline: cells in order, digits
//!   in order, no heuristics.
//!
//! `Puzzle` and `Grid` print in the line format through `Display`, and
//! `Puzzle` parses from it through `FromStr`.
//!
//! # Example
//!
//! ```
//! use sudoku::{Verdict, dfs, verify};
//!
//! let puzzle: sudoku::Puzzle =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! assert_eq!((puzzle.shape().size(), puzzle.given_count()), (9, 32));
//! let Verdict::Unique(grid) = dfs::verdict(&puzzle) else {
//!     panic!("expected a unique solution");
//! };
//! verify(&puzzle, &grid)?;
//! assert_eq!(
//!     grid.to_string(),
//!     "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod bitboard;
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
pub mod dfs;
pub mod format;

pub use cell::Cell;
pub use digit::Digit;
pub use outcome::{Count, SearchStats, TimedOut, Verdict};
pub use puzzle::{Grid, Puzzle, PuzzleError};
pub use shape::{BoxShape, Shape, ShapeError, Variant};
pub use solver::{Solutions, Solver};
pub use verify::{Unit, VerifyError, verify};

/// The largest supported size N: digits are `1`–`9` then `A`–`P`.
pub const MAX_SIZE: usize = 25;
