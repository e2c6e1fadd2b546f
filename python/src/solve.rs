//! `dance.solve`: a batch of puzzles on the worker threads, answers in
//! input order. Arguments become a `dance_sudoku::Request`; the answers'
//! statuses, counts and exactness are the library's, as on the command
//! line.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use dance_sudoku::batch::par_map;
use dance_sudoku::{Answer, Engine, Goal, Puzzle, Request, Status, Stop};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::errors::value_error;
use crate::input::{self, Cell, with_int_array};

/// How often a waiting batch looks at Python's signals (Ctrl-C).
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// Solves a batch of Sudoku puzzles with Dancing Links.
///
/// `puzzles` is a list of strings, each one puzzle in any format the
/// command line reads (a line of N*N cells with `.` or `0` for blanks,
/// optionally followed by a jigsaw region map; or N rows of N cells, with or
/// without box separators), or a NumPy integer array of shape `(n, N*N)`
/// with 0 for a blank (boxed sizes only).
///
/// `mode`: `"first"` finds a solution; `"unique"` tells unique, multiple or
/// none (a solution only for unique puzzles); `"count"` counts solutions:
/// every one, or with `limit=N` exactly up to N — a puzzle with more than N
/// solutions counts N, marked inexact (the search looks for N + 1 to tell),
/// as `dance solve --count --limit N` prints `N+`. `variant`: `None`, or
/// the command line's `--variant` names, comma-separated: `"x"`,
/// `"windoku"` (`"hyper"`), `"disjoint"`, `"anti-knight"`, `"anti-king"`,
/// `"non-consecutive"`. `engine`: `"fast"` (default), `"dlx"` or `"dfs"`,
/// as `--engine`. `threads`: worker threads, `None` or 0 for one per core,
/// at most 1024 (the pool of each count is kept for the next call).
/// `timeout`: seconds allowed per puzzle (`inf`: no limit).
///
/// Returns `(solutions, status)`, both in input order — or, with
/// `details=True`, `(solutions, status, details)`. `solutions` is of the
/// input's kind: for strings, a list with each solution as a string in its
/// puzzle's format (None where there is none); for an array, an array of
/// the same shape and dtype (rows of zeros where there is none). In count
/// mode `solutions` holds the counts instead: a list of ints, or a uint64
/// array of shape `(n,)`. `status` is a list of the command line's words:
/// `"solved"`, `"unique"`, `"multiple"`, `"none"` or `"timeout"`.
/// `details` is a dict of per-puzzle columns (lists, or arrays for an array
/// input): `count` (solutions counted), `exact` (whether `count` is exact;
/// false for `N+` and for a timeout, whose count is the solutions found in
/// time), `nodes` and `guesses`.
///
/// The GIL is released while solving, and Ctrl-C stops the batch (raising
/// `KeyboardInterrupt`). Raises `dance.ParseError` (with `index`, `line`
/// and `column`) for a string that is not one puzzle, `ValueError` for an
/// array value or an argument out of range, and `TypeError` for other kinds
/// of input; all before any solving starts.
#[pyfunction]
#[pyo3(signature = (puzzles, *, mode = "first", limit = None, variant = None, engine = "fast", threads = None, timeout = None, details = false))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    mode: &str,
    limit: Option<Bound<'py, PyAny>>,
    variant: Option<&str>,
    engine: &str,
    threads: Option<Bound<'py, PyAny>>,
    timeout: Option<Bound<'py, PyAny>>,
    details: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let goal = goal(mode, limit.as_ref())?;
    let variant = input::variant(variant)?;
    let engine: Engine = engine
        .parse()
        .map_err(|error| value_error(format!("engine: {error}")))?;
    let stop = input::timeout(timeout.as_ref())?.map_or_else(Stop::never, Stop::after);
    let batch = Batch {
        request: Request::new(goal).with_stop(stop).with_engine(engine),
        pool: input::workers(threads.as_ref())?,
        details,
    };
    if input::is_array(puzzles) {
        return with_int_array!(puzzles, |array| solve_array(py, array, variant, &batch));
    }
    let texts = input::texts(puzzles)?;
    let parsed = input::parse_texts(py, &texts, variant)?;
    let answers = batch.run(py, parsed.puzzles)?;
    let solutions = if goal.is_count() {
        let counts: Vec<u64> = answers
            .iter()
            .map(|answer| answer.count.solutions)
            .collect();
        PyList::new(py, counts)?.into_any()
    } else {
        let grids = answers
            .iter()
            .zip(&parsed.formats)
            .map(|(answer, &format)| {
                answer
                    .solution
                    .as_ref()
                    .map(|grid| input::format_grid(grid, format))
            });
        PyList::new(py, grids)?.into_any()
    };
    batch.result(py, solutions, &answers, false)
}

/// What to do with every puzzle of a batch, and where.
struct Batch {
    request: Request,
    pool: Arc<rayon::ThreadPool>,
    details: bool,
}

impl Batch {
    /// Answers every puzzle, in input order, with the GIL released. The
    /// calling thread waits for the workers and looks at Python's signals
    /// meanwhile: on Ctrl-C, a raised stop flag ends every search at its
    /// next check, and the `KeyboardInterrupt` is raised.
    fn run(&self, py: Python<'_>, puzzles: Vec<Puzzle>) -> PyResult<Vec<Answer>> {
        let interrupted = Arc::new(AtomicBool::new(false));
        let stop = self.request.stop.clone().with_flag(interrupted.clone());
        let request = self.request.clone().with_stop(stop);
        let (sender, mut receiver) = mpsc::channel();
        self.pool.spawn(move || {
            let answers = par_map(&puzzles, |solver, puzzle| solver.run(puzzle, &request));
            // The receiver is gone only if the caller's thread died.
            let _ = sender.send(answers);
        });
        loop {
            // The receiver goes into the GIL-free closure and comes back:
            // a channel's end is not shared between threads.
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(SIGNAL_INTERVAL);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(answers) => return Ok(answers),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(signal) = py.check_signals() {
                        interrupted.store(true, Ordering::Relaxed);
                        // The workers stop within a few milliseconds.
                        let _ = py.detach(move || receiver.recv());
                        return Err(signal);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("the worker threads stopped"));
                }
            }
        }
    }

    /// `(solutions, status)`, or with details `(solutions, status,
    /// details)`, the details' columns NumPy arrays when `arrays`, lists
    /// otherwise.
    fn result<'py>(
        &self,
        py: Python<'py>,
        solutions: Bound<'py, PyAny>,
        answers: &[Answer],
        arrays: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let statuses = statuses(py, answers)?;
        if !self.details {
            return Ok((solutions, statuses).into_pyobject(py)?.into_any());
        }
        let details = PyDict::new(py);
        let count = answers.iter().map(|a| a.count.solutions).collect();
        let exact = answers.iter().map(|a| a.count.complete).collect();
        let nodes = answers.iter().map(|a| a.stats.nodes).collect();
        let guesses = answers.iter().map(|a| a.stats.guesses).collect();
        details.set_item("count", column(py, count, arrays)?)?;
        details.set_item("exact", column(py, exact, arrays)?)?;
        details.set_item("nodes", column(py, nodes, arrays)?)?;
        details.set_item("guesses", column(py, guesses, arrays)?)?;
        Ok((solutions, statuses, details).into_pyobject(py)?.into_any())
    }
}

/// A column of `details`: a NumPy array, or a list.
fn column<'py, T>(py: Python<'py>, values: Vec<T>, array: bool) -> PyResult<Bound<'py, PyAny>>
where
    T: numpy::Element + for<'a> IntoPyObject<'py>,
{
    if array {
        Ok(PyArray1::from_vec(py, values).into_any())
    } else {
        Ok(PyList::new(py, values)?.into_any())
    }
}

/// Solves the puzzles of an array and answers in arrays of the same dtype.
fn solve_array<'py, T: Cell>(
    py: Python<'py>,
    array: &Bound<'py, numpy::PyArray2<T>>,
    variant: dance_sudoku::Variant,
    batch: &Batch,
) -> PyResult<Bound<'py, PyAny>> {
    let cells = array.shape()[1];
    let readonly = array.try_readonly()?;
    let puzzles = input::array_puzzles(py, readonly.as_array(), variant)?;
    drop(readonly);
    let answers = batch.run(py, puzzles)?;
    if batch.request.goal.is_count() {
        let counts = answers
            .iter()
            .map(|answer| answer.count.solutions)
            .collect();
        let counts = PyArray1::<u64>::from_vec(py, counts).into_any();
        return batch.result(py, counts, &answers, true);
    }
    let values = py.detach(|| {
        let mut values = vec![T::from_number(0); answers.len() * cells];
        for (row, answer) in values.chunks_exact_mut(cells.max(1)).zip(&answers) {
            if let Some(grid) = &answer.solution {
                for (value, digit) in row.iter_mut().zip(grid.digits()) {
                    *value = T::from_number(digit.number());
                }
            }
        }
        values
    });
    let solutions = input::array_of(py, values, cells)?.into_any();
    batch.result(py, solutions, &answers, true)
}

/// The goal named by `mode=`, with `limit=` for counts: at least 1; a limit
/// beyond 64 bits counts every solution.
fn goal(mode: &str, limit: Option<&Bound<'_, PyAny>>) -> PyResult<Goal> {
    let limit = match limit {
        None => None,
        Some(value) => match input::integer("limit", value)? {
            limit if limit >= 1 => Some(u64::try_from(limit).unwrap_or(u64::MAX)),
            limit => {
                return Err(value_error(format!(
                    "limit: expected a count of at least 1, found {limit}"
                )));
            }
        },
    };
    match (mode, limit) {
        ("first", None) => Ok(Goal::First),
        ("unique", None) => Ok(Goal::Unique),
        ("count", None) => Ok(Goal::All),
        ("count", Some(limit)) => Ok(Goal::Count { limit }),
        ("first" | "unique", Some(_)) => Err(value_error(
            "limit applies to mode=\"count\" only".to_owned(),
        )),
        (other, _) => Err(value_error(format!(
            "unknown mode {other:?}; expected \"first\", \"unique\" or \"count\""
        ))),
    }
}

/// The status words of a batch, as `dance solve` prints them; one shared
/// string object per word.
fn statuses<'py>(py: Python<'py>, answers: &[Answer]) -> PyResult<Bound<'py, PyList>> {
    let words = Status::ALL.map(|status| PyString::intern(py, status.name()));
    PyList::new(
        py,
        answers.iter().map(|answer| &words[answer.status as usize]),
    )
}
