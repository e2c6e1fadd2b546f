//! The `dance` Python package: the project's Sudoku batches, generator,
//! rater and exact-cover engine, called from Python.
//!
//! # Design
//!
//! This crate is a thin layer: it converts Python values to the types of
//! the `sudoku` and `dlx` crates, calls their public entry points, and
//! converts the answers back. Nothing here solves anything; the Rust crates
//! know nothing of Python.
//!
//! | Python | Rust |
//! |---|---|
//! | [`solve`](solve::solve) | `dance_sudoku::format::read_auto` (strings), `dance_sudoku::Puzzle::new` (arrays), a `dance_sudoku::Request` answered by `Solver::run` under `dance_sudoku::batch::par_map` |
//! | [`generate`](make::generate) | `dance_sudoku::generate::generate` on the batch workers |
//! | [`rate`](make::rate) | `dance_sudoku::rate::rate` on the batch workers |
//! | [`ExactCover`](cover::ExactCover) | `dance_dlx::ProblemBuilder`, `dance_dlx::parse_problem`, `dance_dlx::Solver::resume` |
//!
//! The policies are the libraries': `mode` and `limit` become a
//! `dance_dlx::Goal` (a count limited to N looks for N + 1 solutions to tell
//! N from N+ there, not here), statuses are `dance_dlx::Status` words,
//! `variant` is read by `Variant`'s `FromStr`, `timeout` by
//! `dance_dlx::timeout_from_secs`, and `threads` by
//! `dance_sudoku::batch::Threads`, whose pools are kept per count — the
//! same rules as the command line's.
//!
//! Every call that searches releases the GIL for the search, so other
//! Python threads run meanwhile; batches run on the shared pool of their
//! thread count. `solve` waits for its batch while looking at Python's
//! signals: Ctrl-C raises the batch's `dance_dlx::Stop` flag, which ends
//! every search within a few milliseconds. Long exact-cover searches give
//! the GIL back every [`cover::NODE_BUDGET`] nodes to let Python deliver
//! signals, so Ctrl-C stops them.
//!
//! Errors are Python exceptions: [`ParseError`](errors::ParseError) (a
//! `ValueError`) with `line` and `column` for text that does not parse,
//! `ValueError` for other bad arguments, `TypeError` for values of the
//! wrong type, and [`GenerateError`](errors::GenerateError) when no puzzle
//! can be made. Nothing panics on caller input.

#![deny(missing_docs)]

use pyo3::prelude::*;

mod cover;
mod errors;
mod input;
mod make;
mod solve;

/// Batch Sudoku solving, generation and exact cover with Dancing Links.
///
/// `solve`, `generate` and `rate` work on many puzzles at once, on all cores,
/// with the GIL released; `ExactCover` is Knuth's Algorithms X, C and M on any
/// exact-cover problem.
#[pymodule]
fn dance(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("ParseError", py.get_type::<errors::ParseError>())?;
    module.add("GenerateError", py.get_type::<errors::GenerateError>())?;
    module.add_function(wrap_pyfunction!(solve::solve, module)?)?;
    module.add_function(wrap_pyfunction!(make::generate, module)?)?;
    module.add_function(wrap_pyfunction!(make::rate, module)?)?;
    module.add_class::<make::Rating>()?;
    module.add_class::<cover::ExactCover>()?;
    module.add_class::<cover::Solutions>()?;
    Ok(())
}
