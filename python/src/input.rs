//! Puzzles from Python: strings in any format the command line reads, or
//! NumPy integer arrays with one row of N² cells per puzzle (0 for a
//! blank) — and their answers back in the same kind.

use std::sync::Arc;
use std::time::Duration;

use dance_sudoku::batch::{Threads, ThreadsError};
use dance_sudoku::format::{self, Format, ParseOptions};
use dance_sudoku::{BoxShape, Digit, Grid, Puzzle, Shape, Variant};
use numpy::ndarray::ArrayView2;
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString};
use rayon::prelude::*;

use crate::errors::{parse_error, value_error};

/// The variant named by `variant=`, as the command line's `--variant` reads
/// it ([`Variant`]'s `FromStr`): `None`, `"standard"`, or rules separated
/// by commas — `x`, `windoku` (`hyper`), `disjoint`, `anti-knight`,
/// `anti-king`, `non-consecutive`.
pub fn variant(name: Option<&str>) -> PyResult<Variant> {
    name.map_or(Ok(Variant::Standard), |name| {
        name.parse()
            .map_err(|error| value_error(format!("variant: {error}")))
    })
}

/// The shared pool of the worker threads `threads=` asks for, by the
/// command line's rule ([`Threads`]): `None` or 0 for one per core, at most
/// 1024. The same count gets the same pool on every call.
pub fn workers(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Arc<rayon::ThreadPool>> {
    let threads = match threads {
        None => Threads::PER_CORE,
        Some(value) => {
            let asked = integer("threads", value)?;
            u64::try_from(asked)
                .ok()
                .and_then(|asked| Threads::new(asked).ok())
                .ok_or_else(|| {
                    let found = value
                        .str()
                        .map_or_else(|_| asked.to_string(), |s| s.to_string());
                    value_error(format!("threads: {}", ThreadsError::out_of_range(found)))
                })?
        }
    };
    threads
        .pool()
        .map_err(|error| value_error(format!("threads: {error}")))
}

/// Runs `work` on `pool`.
pub fn on_pool<R: Send>(pool: &rayon::ThreadPool, work: impl FnOnce() -> R + Send) -> R {
    pool.install(work)
}

/// An integer argument called `name`: any Python int (or object with
/// `__index__`, as NumPy's integers), bools refused; one beyond the range
/// of `i128` saturates.
pub fn integer(name: &str, value: &Bound<'_, PyAny>) -> PyResult<i128> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected an int, found bool"
        )));
    }
    match value.extract::<i128>() {
        Ok(number) => Ok(number),
        Err(error) if error.is_instance_of::<PyOverflowError>(value.py()) => {
            Ok(if value.lt(0)? { i128::MIN } else { i128::MAX })
        }
        Err(_) => Err(PyTypeError::new_err(format!(
            "{name}: expected an int, found {}",
            type_name(value)
        ))),
    }
}

/// `timeout=` as the command line's `--timeout` reads it
/// ([`dance_dlx::timeout_from_secs`]): seconds above 0; infinity (or any
/// number beyond the clock) means no limit.
pub fn timeout(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Duration>> {
    let Some(value) = value else {
        return Ok(None);
    };
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(
            "timeout: expected a number of seconds, found bool",
        ));
    }
    let seconds: f64 = value.extract().map_err(|_| {
        PyTypeError::new_err(format!(
            "timeout: expected a number of seconds, found {}",
            type_name(value)
        ))
    })?;
    dance_dlx::timeout_from_secs(seconds)
        .map(Some)
        .map_err(|error| value_error(format!("timeout: {error}")))
}

/// Puzzles given as strings, one puzzle each, with the format each was
/// written in (answers are written back in it).
pub struct Texts {
    /// The puzzles, in order.
    pub puzzles: Vec<Puzzle>,
    /// The format of each.
    pub formats: Vec<Format>,
}

/// Parses every string as one puzzle, its format detected as the command
/// line detects a file's ([`Format::detect`] on its first content line).
///
/// # Errors
/// A [`ParseError`](crate::errors::ParseError) for the first string that is
/// not exactly one puzzle, with its index, line and column.
pub fn parse_texts(py: Python<'_>, texts: &[String], variant: Variant) -> PyResult<Texts> {
    let options = ParseOptions {
        variant,
        ..ParseOptions::default()
    };
    let parsed: Vec<Result<(Puzzle, Format), format::ParseError>> = py.detach(|| {
        texts
            .par_iter()
            .map(|text| parse_text(text, &options))
            .collect()
    });
    let mut puzzles = Vec::with_capacity(parsed.len());
    let mut formats = Vec::with_capacity(parsed.len());
    for (index, result) in parsed.into_iter().enumerate() {
        match result {
            Ok((puzzle, format)) => {
                puzzles.push(puzzle);
                formats.push(format);
            }
            Err(error) => {
                let reason = error.kind().to_string();
                return Err(parse_error(
                    py,
                    Some(index),
                    error.line(),
                    error.column(),
                    &reason,
                ));
            }
        }
    }
    Ok(Texts { puzzles, formats })
}

/// One puzzle in the line or grid format.
fn parse_text(text: &str, options: &ParseOptions) -> Result<(Puzzle, Format), format::ParseError> {
    let first_content = text
        .lines()
        .find(|line| !line.trim().is_empty() && !line.trim_start().starts_with('#'))
        .unwrap_or_default();
    match Format::detect(first_content) {
        Format::Grid => format::grid::parse(text, options).map(|p| (p, Format::Grid)),
        _ => format::line::parse(text, options).map(|p| (p, Format::Line)),
    }
}

/// A grid written as the command line writes a solution of a puzzle read
/// in `format`.
pub fn format_grid(grid: &Grid, format: Format) -> String {
    match format {
        Format::Grid => format::grid::format_grid(grid),
        _ => format::line::format_grid(grid),
    }
}

/// An integer element type of a NumPy puzzle array.
pub trait Cell: Element + Copy + Send + Sync + 'static {
    /// The value as a wide integer (every supported type fits in `i128`).
    fn wide(self) -> i128;
    /// The 1-based number of a digit (at most 25, which fits every type).
    fn from_number(number: u8) -> Self;
}

macro_rules! cells {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            fn wide(self) -> i128 {
                i128::from(self)
            }
            fn from_number(number: u8) -> Self {
                <$t>::from(number)
            }
        }
    )*};
}

cells!(u8, u16, u32, u64, i16, i32, i64);

impl Cell for i8 {
    fn wide(self) -> i128 {
        i128::from(self)
    }
    fn from_number(number: u8) -> Self {
        // Digits go up to 25, well inside i8.
        number as i8
    }
}

/// Calls `$body` with `$array` bound to the `&Bound<PyArray2<T>>` of
/// whichever integer type `$object` holds; a `TypeError` for other arrays.
macro_rules! with_int_array {
    ($object:expr, |$array:ident| $body:expr) => {{
        let object = $object;
        if let Ok($array) = object.cast::<numpy::PyArray2<u8>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<i64>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<i32>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<i8>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<i16>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<u16>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<u32>>() {
            $body
        } else if let Ok($array) = object.cast::<numpy::PyArray2<u64>>() {
            $body
        } else {
            Err($crate::input::array_type_error(object))
        }
    }};
}
pub(crate) use with_int_array;

/// Why a NumPy array cannot hold puzzles.
pub fn array_type_error(object: &Bound<'_, PyAny>) -> PyErr {
    match object.cast::<PyUntypedArray>() {
        Ok(array) if array.ndim() != 2 => value_error(format!(
            "expected a 2-dimensional array of shape (puzzles, N*N), found {} dimensions",
            array.ndim()
        )),
        Ok(array) => PyTypeError::new_err(format!(
            "expected an array of integers, found dtype {}",
            array.dtype()
        )),
        Err(_) => PyTypeError::new_err(format!(
            "expected a list of strings or a NumPy integer array, found {}",
            type_name(object)
        )),
    }
}

/// The strings of a list (or any iterable) of puzzles.
///
/// # Errors
/// A `TypeError` for a lone string, a value that cannot be iterated or an
/// element that is not a string.
pub fn texts(object: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if object.cast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(
            "expected a list of strings, found one str; put the puzzle in a list",
        ));
    }
    let Ok(items) = object.try_iter() else {
        return Err(array_type_error(object));
    };
    items
        .enumerate()
        .map(|(index, item)| {
            let item = item?;
            match item.cast::<PyString>() {
                Ok(text) => Ok(text.to_str()?.to_owned()),
                Err(_) => Err(PyTypeError::new_err(format!(
                    "puzzles[{index}]: expected a str, found {}",
                    type_name(&item)
                ))),
            }
        })
        .collect()
}

/// The name of `object`'s type, for messages.
fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |name| name.to_string())
}

/// Whether `object` is a NumPy array.
pub fn is_array(object: &Bound<'_, PyAny>) -> bool {
    object.cast::<PyUntypedArray>().is_ok()
}

/// The puzzles of an `(n, N*N)` array, 0 for a blank and `1..=N` for a
/// given, boxed by [`BoxShape::infer`].
///
/// # Errors
/// A `ValueError` naming the row and cell of the first value out of range,
/// or for a width that is not N² for a boxed size N.
pub fn array_puzzles<T: Cell>(
    py: Python<'_>,
    array: ArrayView2<'_, T>,
    variant: Variant,
) -> PyResult<Vec<Puzzle>> {
    let cells = array.ncols();
    let size = (1..=dance_sudoku::MAX_SIZE).find(|n| n * n == cells);
    let Some(size) = size else {
        return Err(value_error(format!(
            "expected rows of N*N cells for a size N from 1 to 25 (81 for 9x9), found {cells}"
        )));
    };
    let Some(boxes) = BoxShape::infer(size) else {
        return Err(value_error(format!(
            "size {size} has no box shape; give such puzzles as strings with a region map"
        )));
    };
    let shape = Shape::with_boxes(boxes).with_variant(variant);
    let rows: Vec<Result<Puzzle, String>> = py.detach(|| {
        let rows: Vec<_> = array.outer_iter().collect();
        rows.into_par_iter()
            .enumerate()
            .map(|(index, row)| row_puzzle(index, row.iter().copied(), &shape))
            .collect()
    });
    rows.into_iter()
        .collect::<Result<_, _>>()
        .map_err(value_error)
}

/// Row `index` of an array as a puzzle of `shape`.
fn row_puzzle<T: Cell>(
    index: usize,
    row: impl Iterator<Item = T>,
    shape: &Shape,
) -> Result<Puzzle, String> {
    let size = shape.size() as i128;
    let cells = row
        .enumerate()
        .map(|(cell, value)| match value.wide() {
            0 => Ok(None),
            number if (1..=size).contains(&number) => Ok(Digit::from_number(number as u8)),
            number => Err(format!(
                "puzzles[{index}, {cell}]: value {number} is out of range; expected 0 for a blank or a digit 1 to {size}"
            )),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Puzzle::new(shape.clone(), cells).map_err(|error| format!("puzzles[{index}]: {error}"))
}

/// An `(n, cells)` array of `T` from row-major `values`.
pub fn array_of<'py, T: Cell>(
    py: Python<'py>,
    values: Vec<T>,
    cells: usize,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    let rows = values.len().checked_div(cells).unwrap_or(0);
    PyArray1::from_vec(py, values).reshape([rows, cells])
}
