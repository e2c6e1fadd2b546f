//! `dance.solve`: a batch of puzzles on the worker threads, answers in
//! input order, with the command line's status words.

use std::time::{Duration, Instant};

use dance_sudoku::batch::{Answer, Finding, Mode, par_map};
use dance_sudoku::{Count, Grid, Puzzle, Verdict};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::value_error;
use crate::input::{self, Cell, with_int_array};

/// Solves a batch of Sudoku puzzles with Dancing Links.
///
/// `puzzles` is a list of strings, each one puzzle in any format the
/// command line reads (a line of N*N cells with `.` or `0` for blanks,
/// optionally followed by a jigsaw region map; or N rows of N cells, with or
/// without box separators), or a NumPy integer array of shape `(n, N*N)`
/// with 0 for a blank (boxed sizes only).
///
/// `mode`: `"first"` finds a solution; `"unique"` tells unique, multiple or
/// none (a solution only for unique puzzles); `"count"` counts solutions,
/// up to `limit` when given. `variant`: `None` or `"standard"`, or `"x"`
/// (X-Sudoku: both main diagonals hold every digit too). `threads`: worker
/// threads (default: one per core). `timeout`: seconds allowed per puzzle.
///
/// Returns `(solutions, status)`, both in input order. `solutions` is of
/// the input's kind: for strings, a list with each solution as a string in
/// its puzzle's format (None where there is none); for an array, an array
/// of the same shape and dtype (rows of zeros where there is none). In
/// count mode `solutions` holds the counts instead: a list of ints, or a
/// uint64 array of shape `(n,)`. `status` is a list of the command line's
/// words: `"solved"`, `"unique"`, `"multiple"`, `"none"` or `"timeout"`.
///
/// The GIL is released while solving. Raises `dance.ParseError` (with
/// `index`, `line` and `column`) for a string that is not one puzzle,
/// `ValueError` for an array value or an argument out of range, and
/// `TypeError` for other kinds of input; all before any solving starts.
#[pyfunction]
#[pyo3(signature = (puzzles, *, mode = "first", limit = None, variant = None, threads = None, timeout = None))]
pub fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    mode: &str,
    limit: Option<i64>,
    variant: Option<&str>,
    threads: Option<i64>,
    timeout: Option<f64>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyList>)> {
    let mode = parse_mode(mode, limit)?;
    let variant = input::variant(variant)?;
    let pool = input::pool(threads_arg(threads)?)?;
    let timeout = timeout_arg(timeout)?;
    let batch = Batch {
        mode,
        timeout,
        pool: pool.as_ref(),
    };
    if input::is_array(puzzles) {
        return with_int_array!(puzzles, |array| solve_array(py, array, variant, &batch));
    }
    let texts = input::texts(puzzles)?;
    let parsed = input::parse_texts(py, &texts, variant)?;
    let answers = batch.run(py, &parsed.puzzles);
    let statuses = statuses(py, &answers)?;
    let solutions = if let Mode::Count { .. } = mode {
        let counts: Vec<u64> = answers.iter().map(count_of).collect();
        PyList::new(py, counts)?.into_any()
    } else {
        let grids = answers
            .iter()
            .zip(&parsed.formats)
            .map(|(answer, &format)| {
                solution_of(answer).map(|grid| input::format_grid(grid, format))
            });
        PyList::new(py, grids)?.into_any()
    };
    Ok((solutions, statuses))
}

/// What to do with every puzzle of a batch, and where.
struct Batch<'a> {
    mode: Mode,
    timeout: Option<Duration>,
    pool: Option<&'a rayon::ThreadPool>,
}

impl Batch<'_> {
    /// Answers every puzzle, in input order, with the GIL released.
    fn run(&self, py: Python<'_>, puzzles: &[Puzzle]) -> Vec<Answer> {
        py.detach(|| self.run_detached(puzzles))
    }

    fn run_detached(&self, puzzles: &[Puzzle]) -> Vec<Answer> {
        let (mode, timeout) = (self.mode, self.timeout);
        input::on_pool(self.pool, || {
            par_map(puzzles, |solver, puzzle| {
                match timeout.and_then(|timeout| Instant::now().checked_add(timeout)) {
                    Some(deadline) => solver.with_deadline(deadline).answer(puzzle, mode),
                    None => solver.answer(puzzle, mode),
                }
            })
        })
    }
}

/// Solves the puzzles of an array and answers in arrays of the same dtype.
fn solve_array<'py, T: Cell>(
    py: Python<'py>,
    array: &Bound<'py, numpy::PyArray2<T>>,
    variant: dance_sudoku::Variant,
    batch: &Batch<'_>,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyList>)> {
    let cells = array.shape()[1];
    let readonly = array.try_readonly()?;
    let puzzles = input::array_puzzles(py, readonly.as_array(), variant)?;
    drop(readonly);
    let answers = batch.run(py, &puzzles);
    let statuses = statuses(py, &answers)?;
    if let Mode::Count { .. } = batch.mode {
        let counts: Vec<u64> = answers.iter().map(count_of).collect();
        return Ok((PyArray1::from_vec(py, counts).into_any(), statuses));
    }
    let values = py.detach(|| {
        let mut values = vec![T::from_number(0); answers.len() * cells];
        for (row, answer) in values.chunks_exact_mut(cells.max(1)).zip(&answers) {
            if let Some(grid) = solution_of(answer) {
                for (value, digit) in row.iter_mut().zip(grid.digits()) {
                    *value = T::from_number(digit.number());
                }
            }
        }
        values
    });
    Ok((input::array_of(py, values, cells)?.into_any(), statuses))
}

/// The mode named by `mode=`, with `limit=` for counts.
fn parse_mode(mode: &str, limit: Option<i64>) -> PyResult<Mode> {
    let limit = match limit {
        None => None,
        Some(limit) if limit >= 1 => Some(limit as u64),
        Some(limit) => {
            return Err(value_error(format!(
                "limit must be at least 1, not {limit}"
            )));
        }
    };
    match (mode, limit) {
        ("first", None) => Ok(Mode::First),
        ("unique", None) => Ok(Mode::Verdict),
        ("count", limit) => Ok(Mode::Count {
            limit: limit.unwrap_or(u64::MAX),
        }),
        ("first" | "unique", Some(_)) => Err(value_error(
            "limit applies to mode=\"count\" only".to_owned(),
        )),
        (other, _) => Err(value_error(format!(
            "unknown mode {other:?}; expected \"first\", \"unique\" or \"count\""
        ))),
    }
}

/// `threads=` checked: at least 1.
pub fn threads_arg(threads: Option<i64>) -> PyResult<Option<usize>> {
    match threads {
        None => Ok(None),
        Some(threads) if threads >= 1 => Ok(Some(threads as usize)),
        Some(threads) => Err(value_error(format!(
            "threads must be at least 1, not {threads}"
        ))),
    }
}

/// `timeout=` checked: a positive, finite number of seconds.
fn timeout_arg(timeout: Option<f64>) -> PyResult<Option<Duration>> {
    match timeout {
        None => Ok(None),
        Some(seconds) => Duration::try_from_secs_f64(seconds)
            .ok()
            .filter(|duration| !duration.is_zero())
            .map(Some)
            .ok_or_else(|| {
                value_error(format!(
                    "timeout must be a positive number of seconds, not {seconds}"
                ))
            }),
    }
}

/// The status words of a batch, as `dance solve` prints them; one shared
/// string object per word.
fn statuses<'py>(py: Python<'py>, answers: &[Answer]) -> PyResult<Bound<'py, PyList>> {
    let word = |answer: &Answer| match &answer.finding {
        Finding::First(Some(_)) => intern!(py, "solved"),
        Finding::First(None) | Finding::Verdict(Verdict::NoSolution) => intern!(py, "none"),
        Finding::Verdict(Verdict::Unique(_)) => intern!(py, "unique"),
        Finding::Verdict(Verdict::Multiple) => intern!(py, "multiple"),
        Finding::Count(Count { solutions: 0, .. }) => intern!(py, "none"),
        Finding::Count(Count {
            solutions: 1,
            complete: true,
        }) => intern!(py, "unique"),
        Finding::Count(Count { solutions: 1, .. }) => intern!(py, "solved"),
        Finding::Count(_) => intern!(py, "multiple"),
        Finding::TimedOut(_) => intern!(py, "timeout"),
        // `Finding` may grow; a finding this package does not know yet is
        // not an answer it can vouch for.
        _ => intern!(py, "error"),
    };
    PyList::new(py, answers.iter().map(word))
}

/// The solution an answer carries, if any.
fn solution_of(answer: &Answer) -> Option<&Grid> {
    match &answer.finding {
        Finding::First(grid) => grid.as_ref(),
        Finding::Verdict(verdict) => verdict.solution(),
        _ => None,
    }
}

/// The count of a count-mode answer (solutions found before the deadline
/// for one that timed out).
fn count_of(answer: &Answer) -> u64 {
    match &answer.finding {
        Finding::Count(count) => count.solutions,
        Finding::TimedOut(late) => late.found,
        _ => 0,
    }
}
