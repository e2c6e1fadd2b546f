//! `dance._native`, the compiled half of the `dance` Python package: the
//! project's Sudoku batches, generator, rater and exact-cover engine,
//! called from Python. The pure-Python half (`python/dance/`) re-exports it
//! and adds what needs no Rust: `dance.Count`, `dance.solve_frame` for
//! pandas and the `dance.dask` module.
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
//! | [`solve`](solve::solve) | `dance_sudoku::format::read_auto` (strings, each read as the command line reads a file), `dance_sudoku::Puzzle::new` (arrays), a `dance_sudoku::Request` answered by `Solver::run` under `dance_sudoku::batch::par_map_until` (`map_until` on one thread) |
//! | [`generate`](make::generate) | `dance_sudoku::generate::generate` on the batch workers (`Options::stop` raised by Ctrl-C) |
//! | [`rate`](make::rate) | `dance_sudoku::rate::rate_until` on the batch workers (its `Stop` raised by Ctrl-C) |
//! | [`ExactCover`](problem::ExactCover) | `dance_dlx::ProblemBuilder` (from lists, [`build`]; from a NumPy or SciPy matrix, [`matrix`]; items named by any hashable values, [`labels`]), `dance_dlx::parse_problem`, `Solver::select` (subproblems), a `dance_dlx::Request` answered by `Solver::run` or the `Executor` on threads — `Goal::Best` for `best` ([`best`]), `Goal::Split` for `split`, `Goal::Estimate`, `Goal::MemoCount` for `count_memo`, `Goal::Zdd` for `zdd` and `sample` ([`zdd`]) — `Problem::check` (`verify`), `dance_dlx::preprocess` (`preprocess`) |
//!
//! The policies are the libraries': `mode` and `limit` become a
//! `dance_dlx::Goal` (a count limited to N looks for N + 1 solutions to tell
//! N from N+ there, not here), statuses are `dance_dlx::Status` words,
//! `variant` is read by `Variant`'s `FromStr`, `timeout` by
//! `dance_dlx::timeout_from_secs`, and `threads` by
//! `dance_sudoku::batch::Threads`, whose pools are kept per count — the
//! same rules as the command line's ([`args`] reads every argument the way
//! the command line reads its flag).
//!
//! Every call that searches releases the GIL for the search, so other
//! Python threads run meanwhile, and stops on Ctrl-C: the work runs on
//! another thread while the calling one waits, looking at Python's signals,
//! and raises the work's stop flag on a signal ([`interrupt`]).
//!
//! Errors are Python exceptions, each naming the argument or the index at
//! fault: [`ParseError`](errors::ParseError) (a `ValueError`) with `line`
//! and `column` for text that does not parse, `ValueError` for other bad
//! values, `TypeError` for values of the wrong type, and
//! [`GenerateError`](errors::GenerateError) when no puzzle can be made.
//! Nothing panics on caller input. Every class pickles but
//! [`Solutions`](solutions::Solutions), which holds a search in progress,
//! and a ZDD's [`ZddSolutions`](zdd::ZddSolutions), a walk in progress (a
//! [`Zdd`](zdd::Zdd) pickles as its text).

#![deny(missing_docs)]

use pyo3::prelude::*;

mod args;
mod best;
mod build;
mod cover;
mod errors;
mod input;
mod interrupt;
mod labels;
mod make;
mod matrix;
mod naming;
mod problem;
mod search;
mod solutions;
mod solve;
mod zdd;

/// Batch Sudoku solving, generation and exact cover with Dancing Links.
///
/// `solve`, `generate` and `rate` work on many puzzles at once, on all cores,
/// with the GIL released; `ExactCover` is Knuth's Algorithms X, C and M on any
/// exact-cover problem.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add("ParseError", py.get_type::<errors::ParseError>())?;
    module.add("GenerateError", py.get_type::<errors::GenerateError>())?;
    module.add_function(wrap_pyfunction!(solve::solve, module)?)?;
    module.add_function(wrap_pyfunction!(make::generate, module)?)?;
    module.add_function(wrap_pyfunction!(make::rate, module)?)?;
    module.add_class::<make::Rating>()?;
    module.add_class::<problem::ExactCover>()?;
    module.add_class::<solutions::Solutions>()?;
    module.add_class::<search::Estimate>()?;
    module.add_class::<best::Reduced>()?;
    module.add_class::<zdd::Zdd>()?;
    Ok(())
}
