//! The package's exceptions, and the errors of the Rust crates turned into
//! them.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    dance,
    ParseError,
    PyValueError,
    "Text that is not a puzzle (or not an exact-cover problem).\n\n\
     Attributes: `index` (the puzzle's 0-based index in the list given, or \
     None), `line` and `column` (1-based, columns counting characters) and \
     `reason` (the message without its position). `str()` gives \
     `puzzles[INDEX]:LINE:COL: reason`, or `LINE:COL: reason`."
);

create_exception!(
    dance,
    GenerateError,
    PyValueError,
    "No puzzle could be made with the options given.\n\n\
     Attributes: `index` (the 0-based index of the first puzzle that failed) \
     and `puzzles` (every puzzle of the batch, None where none was made)."
);

/// What a [`ParseError`] at `line`:`column` of puzzle `index` (or of the
/// only text given, when `index` is `None`) says: `puzzles[INDEX]:LINE:COL:
/// reason` — also the message of a row that `errors="status"` keeps.
pub fn located(index: Option<usize>, line: usize, column: usize, reason: &str) -> String {
    match index {
        Some(index) => format!("puzzles[{index}]:{line}:{column}: {reason}"),
        None => format!("{line}:{column}: {reason}"),
    }
}

/// A [`ParseError`] at `line`:`column` of puzzle `index` (or of the only
/// text given, when `index` is `None`).
pub fn parse_error(
    py: Python<'_>,
    index: Option<usize>,
    line: usize,
    column: usize,
    reason: &str,
) -> PyErr {
    let error = ParseError::new_err(located(index, line, column, reason));
    let value = error.value(py);
    let attributes = [
        value.setattr("index", index),
        value.setattr("line", line),
        value.setattr("column", column),
        value.setattr("reason", reason),
    ];
    match attributes.into_iter().find_map(Result::err) {
        Some(failed) => failed,
        None => error,
    }
}

/// The message of an exception, without its type's name.
pub fn message_of(py: Python<'_>, error: &PyErr) -> String {
    error
        .value(py)
        .str()
        .map_or_else(|_| error.to_string(), |text| text.to_string())
}

/// A [`ValueError`](PyValueError) with `message`.
pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}
