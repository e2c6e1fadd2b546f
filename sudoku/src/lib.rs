//! Every common Sudoku as exact cover: shapes, puzzles, text formats, a
//! solver that reuses one matrix per shape on the engine chosen for it —
//! deductions of its own for the classic 9×9 shape, Algorithm X (bands,
//! bitboards, Dancing Links) elsewhere — parallel batches, and the naive
//! depth-first search that they are measured against.
//!
//! # Brief overview
//!
//! - [`Digit`] and [`Cell`] are newtypes with documented ranges: a digit is
//!   0-based inside (`0..N`) and 1-based in text (`1`–`9`, then `A`–`P`); a
//!   cell is a row-major index `0..N²` (a `u16`, since N ≤ 25).
//! - [`Shape`] is the geometry of an N×N puzzle (1 ≤ N ≤ 25): the region of
//!   every cell, from the boxes of a [`BoxShape`] or from a jigsaw map, and
//!   the [`Variant`]: standard, or any combination of X (both diagonals),
//!   windoku (also called hyper), disjoint groups, anti-knight, anti-king and
//!   non-consecutive, with boxes or a jigsaw map. The region table is computed
//!   once and shared behind an `Arc`, so shapes are cheap to clone and key
//!   the solver's cache of matrices (`Eq + Hash`).
//! - [`Puzzle`] is a shape plus givens; [`Grid`] is a shape plus a digit in
//!   every cell. Clashing givens are not a construction error: they make a
//!   puzzle with no solution, which is for solvers to report.
//! - [`cover`] maps a shape to exact cover: one option per (cell, digit),
//!   N³ of them (729 for 9×9), and four families of N² primary items — cell
//!   filled, row has digit, column has digit, region has digit — 324 for
//!   9×9; a variant adds a family of primary items per unit rule (the
//!   diagonals of X, windows, disjoint groups) and secondary items for the
//!   rules that forbid pairs (anti-knight, anti-king, non-consecutive). The
//!   module documents the numbering.
//! - [`Solver`] solves puzzles of any shape on the [`engines`] chosen for
//!   them (for the classic 9×9 shape under the default engine, deductions
//!   and a search tree of their own: [`Tree`]; Algorithm X elsewhere): it
//!   builds each shape's matrix once, enters a puzzle's givens and
//!   [`run`](Solver::run)s a [`Request`] — a [`Goal`] (the first solution,
//!   unique or not, a count up to a limit, every solution), a [`Stop`] (a
//!   timeout, a deadline, a flag raised by Ctrl-C) and the [`EngineChoice`]
//!   (`fast`, `dlx` or `dfs`) — into an [`Answer`]: a [`Status`] in the
//!   words every output prints, a [`Count`] that says whether it is exact
//!   (`N`) or a lower bound (`N+`), the solution, and [`Stats`], which name
//!   the [`Engine`] that served. The request and answer are
//!   [`dance_dlx`]'s (see [`dance_dlx::request`] for the rules: a count
//!   limited to N looks for N + 1 solutions), so every engine, the command
//!   line and the Python package answer alike. [`Solver::solutions`]
//!   streams every solution lazily.
//! - [`batch`] solves slices of puzzles on rayon's pool, one solver per
//!   worker thread, with results in input order; its sequential twin gives
//!   identical results. [`batch::stream`] does the same for an iterator of
//!   any length, handing each result on as soon as the ones before it are,
//!   within a bounded window. Its [`Threads`](dance_dlx::Threads) is the one
//!   policy for thread counts (0 for one per core, at most 1024) and reuses
//!   one pool per count.
//! - [`verify`] checks that a grid solves a puzzle and names the cell or
//!   [`Unit`] that is wrong.
//! - [`format`](mod@format) reads and writes six text formats — one
//!   puzzle per line, grids of rows, grids of numbers, POJ 2676,
//!   pencilmarks (Sukaku) and CSV datasets — for every size, boxed or
//!   jigsaw (a region map with the cells), with 16×16 also in hexadecimal
//!   digits ([`Alphabet::Hex`](format::Alphabet::Hex)) and the large sizes
//!   in letters from `A` ([`Alphabet::Letters`](format::Alphabet::Letters)),
//!   streaming records from any
//!   `BufRead` in bounded memory, with a line and column in every
//!   [`ParseError`](format::ParseError).
//! - [`dfs`] is the textbook backtracking baseline: cells in order, digits
//!   in order, no heuristics.
//! - [`generate`] makes minimal puzzles with exactly one solution for every
//!   shape (random connected [`jigsaw`] maps included), optionally
//!   symmetric or with a clue target, the same for a seed on every machine;
//!   [`rate`] tells how much searching a puzzle takes, in named levels.
//!
//! `Puzzle` and `Grid` print in the line format through `Display`, and
//! parse from it through `FromStr` (a grid with no blank cell).
//!
//! The [`engines`] module is the one description of the engines — what
//! each serves, which tree it walks, and how one is chosen for a puzzle.
//!
//! # Example
//!
//! ```
//! use dance_sudoku::{EngineChoice, Goal, Request, Solver, Status, verify};
//!
//! let puzzle: dance_sudoku::Puzzle =
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
//! assert_eq!((puzzle.shape().size(), puzzle.given_count()), (9, 32));
//!
//! let mut solver = Solver::new();
//! let answer = solver.run(&puzzle, &Request::new(Goal::Unique));
//! assert_eq!(answer.status, Status::Unique);
//! let grid = answer.solution.expect("a unique puzzle's answer holds its solution");
//! verify(&puzzle, &grid)?;
//! assert_eq!(
//!     grid.to_string(),
//!     "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
//! );
//! // The naive DFS agrees, with far more nodes.
//! let naive = solver.run(&puzzle, &Request::new(Goal::Unique).with_engine(EngineChoice::Dfs));
//! assert_eq!((naive.status, naive.solution), (Status::Unique, Some(grid)));
//! assert!(naive.stats.nodes > answer.stats.nodes);
//! // A count limited to 1 tells one solution from more.
//! let count = solver.run(&puzzle, &Request::new(Goal::Count { limit: 1 }));
//! assert_eq!((count.status, count.count.to_string()), (Status::Unique, "1".to_owned()));
//!
//! // Many puzzles at once: on every core, one solver per thread, the
//! // answers in input order.
//! let puzzles: Vec<dance_sudoku::Puzzle> = [
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
//!     "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
//! ]
//! .iter()
//! .map(|line| line.parse())
//! .collect::<Result<_, _>>()?;
//! let answers = dance_sudoku::batch::solve_batch(&puzzles, &Request::new(Goal::Unique));
//! let statuses: Vec<Status> = answers.iter().map(|answer| answer.status).collect();
//! assert_eq!(statuses, [Status::Unique, Status::Unique]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Examples
//!
//! Whole programs in the crate's `examples/` folder, each run by the
//! project's CI (`cargo run --release -p dance-sudoku --example NAME`):
//! `one_puzzle` solves a puzzle and prints its grid; `batch` solves a file
//! of puzzles on every core with [`batch::solve_batch`], reporting the
//! records that are not puzzles at their line and column; `variant` reads
//! the same givens as X-Sudoku and as plain Sudoku; `generate` makes minimal
//! puzzles with [`generate::generate_batch`] and rates them with
//! [`rate::rate`].
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod cell;
mod digit;
pub mod kept;
mod puzzle;
mod request;
mod shape;
mod solver;
mod transform;
mod values;
mod verify;

pub mod batch;
pub mod cover;
pub mod engines;
pub mod format;
pub mod generate;
pub mod jigsaw;
pub mod rate;

pub use cell::Cell;
pub use dance_dlx::{Count, Goal, Stats, Status, Stop};
pub use digit::Digit;
pub use engines::dfs;
pub use engines::{Engine, Tree};
pub use puzzle::{Grid, Puzzle, PuzzleError};
pub use request::{Answer, EngineChoice, EngineError, Request};
pub use shape::{BoxShape, Shape, ShapeError, Variant, VariantError};
pub use solver::{Solutions, Solver};

pub use verify::{Unit, VerifyError, verify};

/// The largest supported size N: digits are `1`–`9` then `A`–`P`.
pub const MAX_SIZE: usize = 25;
