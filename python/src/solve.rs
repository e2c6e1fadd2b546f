//! `dance.solve`: a batch of puzzles on the worker threads, answers in
//! input order. Arguments become a `dance_sudoku::Request`; the answers'
//! statuses, counts and exactness are the library's, as on the command
//! line.

use std::time::Instant;

use dance_dlx::Threads;
use dance_sudoku::format::Format;
use dance_sudoku::{
    Answer, Digit, EngineChoice, Goal, Grid, Puzzle, Request, Status, Stop, verify,
};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};

use crate::args::{self, Errors};
use crate::errors::value_error;
use crate::input::{self, Cell, Given, Reading, with_int_array};
use crate::interrupt;

/// Solves a batch of Sudoku puzzles with Dancing Links.
///
/// `puzzles` is a list (or any iterable, such as a pandas Series) of
/// puzzles, each a string in any format the command line reads — a line of
/// N*N cells with `.` or `0` for blanks, optionally followed by a jigsaw
/// region map; N rows of N cells, with or without box separators; N rows
/// of N space-separated numbers, 0 for a blank; POJ
/// 2676's count and 9 rows of 9 digits; a pencilmark line of N*N*N
/// candidates — or an int, read as a 9x9 puzzle in the Kaggle style (its
/// digits, left-padded with zeros to 81: pandas reads those datasets' puzzle
/// columns as ints). Or a NumPy integer array of shape `(n, N*N)` with 0
/// for a blank (boxed sizes only; any byte order). A missing value (None,
/// NaN, `pandas.NA`) is an error naming its index: drop such rows first.
///
/// `mode`: `"first"` finds a solution; `"unique"` tells unique, multiple or
/// none (a solution only for unique puzzles); `"count"` counts solutions:
/// every one, or with `limit=N` exactly up to N — a puzzle with more than N
/// solutions counts N, marked inexact (the search looks for N + 1 to tell),
/// as `dance solve --count --limit N` prints `N+`. `variant`: `None`, or
/// the command line's `--variant` names, comma-separated: `"x"`,
/// `"windoku"` (`"hyper"`), `"disjoint"`, `"anti-knight"`, `"anti-king"`,
/// `"non-consecutive"`. `engine`: `"fast"` (default), `"dlx"` or `"dfs"`,
/// as `--engine`. `format`: as `--format`, `"auto"` (each string's format
/// detected as the command line detects a file's), `"line"`, `"grid"`,
/// `"numbers"`, `"poj"`, `"pencilmark"` or `"csv"` (a header line and one
/// record). `alphabet`: as `--alphabet`, `"standard"`, `"hex"` (16x16
/// written 0-F) or `"letters"` (10x10 to 25x25 written from A for 1: A-P
/// for 16x16); solutions are written back in it. `check`: as `--check`, the
/// expected answers, one per puzzle (strings of digits, or Kaggle-style
/// ints; puzzles given as strings only): a puzzle whose answer is not a
/// solution of it, or not the solution found, gets the status
/// `"mismatch"`. `threads`: worker threads,
/// `None` or 0 for one per core, at most 1024 (the pool of each count is
/// kept for the next call). `timeout`: seconds allowed per puzzle (`inf`:
/// no limit). `errors`: what becomes of a puzzle that cannot be read (a
/// string that does not parse, a missing value, an element that is no
/// puzzle, an array row with a value out of range): `"raise"` (the
/// default) raises before anything is solved; `"status"` gives it the
/// status `"error"` (no solution, a count of 0) and its message — what
/// `"raise"` would have said, `puzzles[INDEX]:LINE:COL: reason` for a
/// string — in `details["error"]`, and solves the others, as `dance solve`
/// reports a bad record and goes on.
///
/// Returns `(solutions, status)`, both in input order — or, with
/// `details=True`, `(solutions, status, details)`. `solutions` is of the
/// input's kind: for strings (and ints), a list with each solution as a
/// string in its puzzle's format as the command line prints it (a line; rows
/// for a grid; rows of numbers for numbers; POJ's rows for POJ), None where
/// there is none; for an array,
/// an array of the same shape and dtype (rows of zeros where there is
/// none). In count mode `solutions` holds the counts instead: a list of
/// ints, or a uint64 array of shape `(n,)`. `status` is a list of the
/// command line's words: `"solved"`, `"unique"`, `"multiple"`, `"none"` or
/// `"timeout"` (and `"mismatch"` with `check`, `"error"` with
/// `errors="status"`). `details` is a dict of per-puzzle columns (lists, or arrays
/// for an array input), the fields of `dance solve --output json`:
/// `count` (solutions counted), `exact` (whether `count` is exact; false
/// for `N+` and for a timeout, whose count is the solutions found in time),
/// `nodes`, `guesses`, `micros` (the search's time in microseconds) and
/// `engine` (the name of the engine that served, as `--stats` prints it —
/// `"deductions"`, `"bands"`, `"bitboards"`, `"kernel"`, `"dlx"` or
/// `"dfs"`; None for an `"error"`), and `error` (the message of a puzzle
/// that could not be read, None for the others).
///
/// The GIL is released while solving, and Ctrl-C stops the batch (raising
/// `KeyboardInterrupt`). Raises `dance.ParseError` (with `index`, `line`
/// and `column`) for a string that is not one puzzle, `ValueError` for an
/// array value, a missing value or an argument out of range, and
/// `TypeError` for other kinds of input; all before any solving starts
/// (with `errors="status"`, only for what concerns the whole call).
#[pyfunction]
#[pyo3(signature = (puzzles, *, mode = "first", limit = None, variant = None, engine = "fast", format = "auto", alphabet = "standard", check = None, threads = None, timeout = None, details = false, errors = "raise"))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    mode: &str,
    limit: Option<Bound<'py, PyAny>>,
    variant: Option<&str>,
    engine: &str,
    format: &str,
    alphabet: &str,
    check: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
    timeout: Option<Bound<'py, PyAny>>,
    details: bool,
    errors: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let goal = goal(mode, limit.as_ref())?;
    let errors = args::errors(errors)?;
    let reading = Reading::new(format, alphabet, variant)?;
    let engine: EngineChoice = engine
        .parse()
        .map_err(|error| value_error(format!("engine: {error}")))?;
    let stop = args::timeout(timeout.as_ref())?
        .limit()
        .map_or_else(Stop::never, Stop::after);
    let interrupted = interrupt::flag();
    let batch = Batch {
        request: Request::new(goal)
            .with_stop(stop.with_flag(interrupted.clone()))
            .with_engine(engine),
        threads: args::threads(threads.as_ref())?,
        interrupted,
        details,
        errors,
    };
    if let Given::Array(array) = input::given(puzzles)? {
        if check.is_some() {
            return Err(PyTypeError::new_err(
                "check: compares answers with puzzles given as strings; compare an array's \
                 solutions with NumPy",
            ));
        }
        return with_int_array!(&array, |array| solve_array(
            py,
            array,
            reading.variant(),
            &batch
        ));
    }
    let (rows, formats) = read_strings(py, puzzles, &reading, errors)?;
    let answers = check
        .map(|check| input::items("check", &check))
        .transpose()?;
    if let Some(answers) = answers.as_ref().filter(|a| a.len() != rows.len()) {
        return Err(value_error(format!(
            "check: expected one answer per puzzle, found {} for {} puzzles",
            answers.len(),
            rows.len()
        )));
    }
    let kept = answers.as_ref().map(|_| rows.clone());
    let mut solved = batch.run_rows(py, rows)?;
    if let (Some(answers), Some(puzzles)) = (&answers, &kept) {
        for ((solved, puzzle), expected) in solved.iter_mut().zip(puzzles).zip(answers) {
            if let (Ok(found), Ok(puzzle)) = (&solved.outcome, puzzle) {
                solved.mismatch = mismatch(puzzle, found, expected.as_deref());
            }
        }
    }
    let solutions = if goal.is_count() {
        let counts: Vec<u64> = solved.iter().map(Solved::count).collect();
        PyList::new(py, counts)?.into_any()
    } else {
        let grids = written(py, &solved, &formats, reading.options.alphabet)?;
        PyList::new(py, grids)?.into_any()
    };
    batch.result(py, solutions, &solved, false)
}

/// The puzzles of a `puzzles` argument of strings (or ints), each with the
/// format it was read in: all of them, or the first problem raised, with
/// `errors="raise"`; each one's puzzle or message with `"status"` (a bad
/// row's format is the line format's, which nothing is written in).
fn read_strings(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    reading: &Reading,
    errors: Errors,
) -> PyResult<(Vec<Row>, Vec<Format>)> {
    if errors == Errors::Raise {
        let texts = input::texts(puzzles)?;
        let parsed = input::parse_texts(py, &texts, reading)?;
        return Ok((parsed.puzzles.into_iter().map(Ok).collect(), parsed.formats));
    }
    let rows = input::rows_of_texts(py, puzzles, reading)?;
    let formats = rows
        .iter()
        .map(|row| row.as_ref().map_or(Format::Line, |&(_, format)| format))
        .collect();
    let rows = rows
        .into_iter()
        .map(|row| row.map(|(puzzle, _)| puzzle))
        .collect();
    Ok((rows, formats))
}

/// Each answer's solution written as the command line writes it for its
/// puzzle's format, or `None`; a chunk at a time, with a look at Ctrl-C
/// between two.
fn written(
    py: Python<'_>,
    solved: &[Solved],
    formats: &[dance_sudoku::format::Format],
    alphabet: dance_sudoku::format::Alphabet,
) -> PyResult<Vec<Option<String>>> {
    let mut grids = Vec::with_capacity(solved.len());
    for (solved, formats) in solved
        .chunks(input::SIGNAL_CHUNK)
        .zip(formats.chunks(input::SIGNAL_CHUNK))
    {
        py.check_signals()?;
        py.detach(|| {
            grids.extend(solved.iter().zip(formats).map(|(solved, &format)| {
                solved
                    .solution()
                    .map(|grid| input::format_grid(grid, format, alphabet))
            }));
        });
    }
    Ok(grids)
}

/// A puzzle of a batch, or why it could not be read (`errors="status"`).
type Row = Result<Puzzle, String>;

/// One puzzle's answer.
struct Solved {
    /// The answer, or why the puzzle could not be read (`errors="status"`).
    outcome: Result<Answer, String>,
    /// The microseconds its search took (measured for `details=True`).
    micros: f64,
    /// Whether `check`'s answer is wrong.
    mismatch: bool,
}

impl Solved {
    /// A puzzle that could not be read, and why.
    fn error(message: String) -> Solved {
        Solved {
            outcome: Err(message),
            micros: 0.0,
            mismatch: false,
        }
    }

    /// The solution found, if any.
    fn solution(&self) -> Option<&Grid> {
        self.outcome.as_ref().ok()?.solution.as_ref()
    }

    /// The solutions counted: 0 for a puzzle that could not be read.
    fn count(&self) -> u64 {
        self.outcome
            .as_ref()
            .map_or(0, |answer| answer.count.solutions)
    }
}

/// Whether `expected` (a `check` answer) is wrong: missing, not a solution
/// of `puzzle`, or not the solution found — the command line's `--check`.
fn mismatch(puzzle: &Puzzle, answer: &Answer, expected: Option<&str>) -> bool {
    let digits: Option<Vec<Digit>> =
        expected.and_then(|text| text.trim().chars().map(Digit::from_char).collect());
    let grid = digits.and_then(|digits| Grid::new(puzzle.shape().clone(), digits).ok());
    match grid {
        Some(grid) if verify(puzzle, &grid).is_ok() => {
            answer.solution.as_ref().is_some_and(|found| *found != grid)
        }
        _ => true,
    }
}

/// What to do with every puzzle of a batch, and where.
struct Batch {
    /// The request, stopped by `interrupted` too.
    request: Request,
    threads: Threads,
    /// Raised by Ctrl-C.
    interrupted: dance_dlx::Flag,
    details: bool,
    /// What becomes of a puzzle that cannot be read.
    errors: Errors,
}

impl Batch {
    /// Answers every puzzle, in input order, on the batch's threads; Ctrl-C
    /// raises the stop flag of every search (see [`interrupt`]).
    fn run(&self, py: Python<'_>, puzzles: Vec<Puzzle>) -> PyResult<Vec<Solved>> {
        let request = self.request.clone();
        let timed = self.details;
        interrupt::batch(
            py,
            self.threads,
            puzzles,
            &self.interrupted,
            move |solver, puzzle| {
                let started = timed.then(Instant::now);
                let answer = solver.run(puzzle, &request);
                Solved {
                    outcome: Ok(answer),
                    micros: started.map_or(0.0, |started| started.elapsed().as_secs_f64() * 1e6),
                    mismatch: false,
                }
            },
        )
    }

    /// [`run`](Self::run) on the rows that are puzzles; the others answered
    /// by their messages, each in its place.
    fn run_rows(&self, py: Python<'_>, rows: Vec<Row>) -> PyResult<Vec<Solved>> {
        let total = rows.len();
        let mut puzzles = Vec::with_capacity(total);
        let mut messages = Vec::new();
        for (index, row) in rows.into_iter().enumerate() {
            match row {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(message) => messages.push((index, message)),
            }
        }
        let mut answers = self.run(py, puzzles)?.into_iter();
        let mut messages = messages.into_iter().peekable();
        let mut solved = Vec::with_capacity(total);
        for index in 0..total {
            match messages.next_if(|(at, _)| *at == index) {
                Some((_, message)) => solved.push(Solved::error(message)),
                None => solved.extend(answers.next()),
            }
        }
        Ok(solved)
    }

    /// `(solutions, status)`, or with details `(solutions, status,
    /// details)`, the details' columns NumPy arrays when `arrays`, lists
    /// otherwise.
    fn result<'py>(
        &self,
        py: Python<'py>,
        solutions: Bound<'py, PyAny>,
        solved: &[Solved],
        arrays: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let statuses = statuses(py, solved)?;
        if !self.details {
            return Ok((solutions, statuses).into_pyobject(py)?.into_any());
        }
        let details = PyDict::new(py);
        let answers = solved.iter().map(|solved| solved.outcome.as_ref().ok());
        let count = solved.iter().map(Solved::count).collect();
        let exact = answers
            .clone()
            .map(|a| a.is_some_and(|a| a.count.complete))
            .collect();
        let nodes = answers
            .clone()
            .map(|a| a.map_or(0, |a| a.stats.nodes))
            .collect();
        let guesses = answers
            .clone()
            .map(|a| a.map_or(0, |a| a.stats.guesses))
            .collect();
        // Names and messages: Python strings (or None), in an object array
        // for an array input.
        let text = |text: Option<&str>| match text {
            Some(text) => PyString::new(py, text).into_any().unbind(),
            None => py.None(),
        };
        let engines: Vec<Py<PyAny>> = answers.map(|a| text(a.map(|a| a.engine.name()))).collect();
        let messages: Vec<Py<PyAny>> = solved
            .iter()
            .map(|solved| text(solved.outcome.as_ref().err().map(String::as_str)))
            .collect();
        let micros = solved.iter().map(|solved| solved.micros).collect();
        details.set_item("count", column(py, count, arrays)?)?;
        details.set_item("exact", column(py, exact, arrays)?)?;
        details.set_item("nodes", column(py, nodes, arrays)?)?;
        details.set_item("guesses", column(py, guesses, arrays)?)?;
        details.set_item("micros", column(py, micros, arrays)?)?;
        details.set_item("engine", column(py, engines, arrays)?)?;
        details.set_item("error", column(py, messages, arrays)?)?;
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
    let rows = match batch.errors {
        Errors::Raise => input::array_puzzles(py, readonly.as_array(), variant)?
            .into_iter()
            .map(Ok)
            .collect(),
        Errors::Status => input::array_rows(py, readonly.as_array(), variant)?,
    };
    drop(readonly);
    let solved = batch.run_rows(py, rows)?;
    if batch.request.goal.is_count() {
        let counts = solved.iter().map(Solved::count).collect();
        let counts = PyArray1::<u64>::from_vec(py, counts).into_any();
        return batch.result(py, counts, &solved, true);
    }
    let values = py.detach(|| {
        let mut values = vec![T::from_number(0); solved.len() * cells];
        for (row, solved) in values.chunks_exact_mut(cells.max(1)).zip(&solved) {
            if let Some(grid) = solved.solution() {
                for (value, digit) in row.iter_mut().zip(grid.digits()) {
                    *value = T::from_number(digit.number());
                }
            }
        }
        values
    });
    let solutions = input::array_of(py, values, cells)?.into_any();
    batch.result(py, solutions, &solved, true)
}

/// The goal named by `mode=`, with `limit=` for counts: at least 1; a limit
/// beyond 64 bits counts every solution.
fn goal(mode: &str, limit: Option<&Bound<'_, PyAny>>) -> PyResult<Goal> {
    let limit = limit
        .map(|value| args::count_at_least("limit", value, 1))
        .transpose()?;
    match (mode, limit) {
        ("first", None) => Ok(Goal::First),
        ("unique", None) => Ok(Goal::Unique),
        ("count", None) => Ok(Goal::All),
        ("count", Some(limit)) => Ok(Goal::Count { limit }),
        ("first" | "unique", Some(_)) => Err(value_error(
            "limit: applies to mode=\"count\" only".to_owned(),
        )),
        (other, _) => Err(value_error(format!(
            "mode: unknown mode {other:?}; expected \"first\", \"unique\" or \"count\""
        ))),
    }
}

/// The status words of a batch, as `dance solve` prints them; one shared
/// string object per word.
fn statuses<'py>(py: Python<'py>, solved: &[Solved]) -> PyResult<Bound<'py, PyList>> {
    let words = Status::ALL.map(|status| PyString::intern(py, status.name()));
    let mismatch = PyString::intern(py, "mismatch");
    let error = PyString::intern(py, "error");
    PyList::new(
        py,
        solved
            .iter()
            .map(|solved| match (&solved.outcome, solved.mismatch) {
                (Err(_), _) => &error,
                (Ok(_), true) => &mismatch,
                (Ok(answer), false) => &words[answer.status as usize],
            }),
    )
}
