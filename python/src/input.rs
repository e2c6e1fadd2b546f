//! Puzzles from Python — strings in any format the command line reads,
//! Kaggle-style integers, a pandas Series of either, or NumPy integer
//! arrays with one row of N² cells per puzzle (0 for a blank) — and their
//! answers back in the same kind.

use dance_sudoku::format::{self, Alphabet, Format, ParseErrorKind, ParseOptions};
use dance_sudoku::{BoxShape, Digit, Grid, Puzzle, Shape, Variant};
use numpy::ndarray::{ArrayView2, Axis};
use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyString};
use rayon::prelude::*;

use crate::args::{self, type_name};
use crate::errors::{located, message_of, parse_error, value_error};

/// How strings are read: the command line's `--format`, `--alphabet` and
/// `--variant`.
#[derive(Clone, Copy, Debug)]
pub struct Reading {
    /// The format, or `None` to detect each string's as the command line
    /// detects a file's.
    pub format: Option<Format>,
    /// The digits, the variant.
    pub options: ParseOptions,
}

impl Reading {
    /// The reading of `format=`, `alphabet=` and `variant=`.
    pub fn new(format: &str, alphabet: &str, variant: Option<&str>) -> PyResult<Reading> {
        let format = match format {
            "auto" => None,
            "line" => Some(Format::Line),
            "grid" => Some(Format::Grid),
            "numbers" => Some(Format::Numbers),
            "poj" => Some(Format::Poj),
            "pencilmark" => Some(Format::Pencilmark),
            "csv" => Some(Format::Csv),
            other => {
                return Err(value_error(format!(
                    "format: unknown format {other:?}; expected \"auto\", \"line\", \"grid\", \
                     \"numbers\", \"poj\", \"pencilmark\" or \"csv\""
                )));
            }
        };
        let options = ParseOptions {
            variant: args::variant(variant)?,
            alphabet: args::alphabet(alphabet)?,
            ..ParseOptions::default()
        };
        Ok(Reading { format, options })
    }

    /// The variant given to every puzzle.
    pub fn variant(&self) -> Variant {
        self.options.variant
    }
}

/// Puzzles given as strings, one puzzle each, with the format each was
/// written in (answers are written back in it).
pub struct Texts {
    /// The puzzles, in order.
    pub puzzles: Vec<Puzzle>,
    /// The format of each.
    pub formats: Vec<Format>,
}

/// Parses every string as one puzzle.
///
/// # Errors
/// A [`ParseError`](crate::errors::ParseError) for the first string that is
/// not exactly one puzzle, with its index, line and column.
pub fn parse_texts(py: Python<'_>, texts: &[String], reading: &Reading) -> PyResult<Texts> {
    let mut puzzles = Vec::with_capacity(texts.len());
    let mut formats = Vec::with_capacity(texts.len());
    for (index, read) in read_texts(py, texts, reading)?.into_iter().enumerate() {
        match read {
            Ok((puzzle, format)) => {
                puzzles.push(puzzle);
                formats.push(format);
            }
            Err((line, column, reason)) => {
                return Err(parse_error(py, Some(index), line, column, &reason));
            }
        }
    }
    Ok(Texts { puzzles, formats })
}

/// Every string read as one puzzle, in parallel: the puzzle and its format,
/// or where and why it is not one (the reason with the hint of
/// [`lost_zeros_hint`]).
fn read_texts(
    py: Python<'_>,
    texts: &[String],
    reading: &Reading,
) -> PyResult<Vec<Result<(Puzzle, Format), Located>>> {
    let mut read = Vec::with_capacity(texts.len());
    for texts in texts.chunks(SIGNAL_CHUNK) {
        // Between chunks, a look at Ctrl-C: millions of strings take
        // seconds to read.
        py.check_signals()?;
        let parsed: Vec<Result<(Puzzle, Format), Located>> = py.detach(|| {
            texts
                .par_iter()
                .map(|text| {
                    parse_text(text, reading).map_err(|(line, column, reason)| {
                        (line, column, reason + lost_zeros_hint(text))
                    })
                })
                .collect()
        });
        read.extend(parsed);
    }
    Ok(read)
}

/// The puzzles of a `puzzles` argument of strings (or ints) with
/// `errors="status"`: each one's puzzle and format, or its located message
/// — a missing value, an element that is no puzzle, a string that does not
/// parse — in the words of the exception `errors="raise"` would raise.
///
/// # Errors
/// What concerns the whole argument: a lone string, a value that cannot be
/// iterated, Ctrl-C.
pub fn rows_of_texts(
    py: Python<'_>,
    object: &Bound<'_, PyAny>,
    reading: &Reading,
) -> PyResult<Vec<Result<(Puzzle, Format), String>>> {
    let items = each_item("puzzles", object)?;
    let texts: Vec<String> = items
        .iter()
        .map(|item| match item {
            Ok(Some(text)) => text.clone(),
            _ => String::new(),
        })
        .collect();
    let read = read_texts(py, &texts, reading)?;
    Ok(items
        .into_iter()
        .zip(read)
        .enumerate()
        .map(|(index, (item, read))| match item {
            Ok(Some(_)) => {
                read.map_err(|(line, column, reason)| located(Some(index), line, column, &reason))
            }
            Ok(None) => Err(missing(index)),
            Err(error) => Err(message_of(py, &error)),
        })
        .collect())
}

/// Items read, converted or written between two looks at Python's signals
/// (Ctrl-C): tens of milliseconds of work at most.
pub const SIGNAL_CHUNK: usize = 1 << 16;

/// What to add to the error of a string that looks like a 9×9 puzzle whose
/// leading zeros (blanks) were lost: a string of 17 to 80 decimal digits
/// and nothing else, as an integer column of a Kaggle-style file becomes
/// when read as numbers and turned back into text.
fn lost_zeros_hint(text: &str) -> &'static str {
    let digits = text.trim();
    let lost = (FEWEST_INTEGER_DIGITS..INTEGER_CELLS).contains(&digits.len())
        && digits.bytes().all(|byte| byte.is_ascii_digit());
    if lost {
        "; leading zeros lost? read the column as strings (pandas.read_csv(..., dtype=str))"
    } else {
        ""
    }
}

/// What is wrong with a string, and where: `(line, column, reason)`.
type Located = (usize, usize, String);

/// The one puzzle of `text`, read as the command line reads a file: its
/// format detected from its first content lines unless one is given.
/// Errors are `(line, column, reason)`.
fn parse_text(text: &str, reading: &Reading) -> Result<(Puzzle, Format), Located> {
    let bytes = text.as_bytes();
    let unreadable = |error: std::io::Error| (1, 1, error.to_string());
    let (format, mut records) = match reading.format {
        Some(format) => (format, format::read(bytes, format, reading.options)),
        None => format::read_auto(bytes, reading.options).map_err(unreadable)?,
    };
    let located =
        |error: format::ParseError| (error.line(), error.column(), error.kind().to_string());
    let Some(first) = records.next() else {
        return Err((1, 1, ParseErrorKind::NoRecord.to_string()));
    };
    let first = first.map_err(unreadable)?;
    match records.next() {
        None => first.puzzle.map(|puzzle| (puzzle, format)).map_err(located),
        Some(Err(error)) => Err(unreadable(error)),
        // A bad second record says what is wrong with it; a good one that
        // it should not be there.
        Some(Ok(second)) => Err(match (first.puzzle, second.puzzle) {
            (Err(error), _) | (Ok(_), Err(error)) => located(error),
            (Ok(_), Ok(_)) => (second.line, 1, ParseErrorKind::ExtraRecord.to_string()),
        }),
    }
}

/// A grid written as the command line writes a solution of a puzzle read
/// in `format`: POJ's rows for POJ, rows for a grid, rows of numbers for
/// numbers, a line otherwise — in the digits of `alphabet`.
pub fn format_grid(grid: &Grid, format: Format, alphabet: Alphabet) -> String {
    let size = grid.shape().size();
    match format {
        Format::Grid => alphabet.respell(format::grid::format_grid(grid), size),
        Format::Numbers => format::numbers::format_grid(grid),
        Format::Poj => format::poj::format_grid(grid)
            .unwrap_or_else(|_| alphabet.respell(format::grid::format_grid(grid), size)),
        _ => {
            let mut line = Vec::with_capacity(2 * size * size);
            // Writing into a vector cannot fail.
            let _ = format::line::write_grid(&mut line, grid, alphabet);
            String::from_utf8_lossy(&line).into_owned()
        }
    }
}

/// The cells of a 9×9 puzzle given as an integer (Kaggle's CSV files, read
/// by pandas, hold their puzzles as 81-digit integers whose leading zeros —
/// blanks — are lost).
const INTEGER_CELLS: usize = 81;

/// The fewest digits of an integer that is a 9×9 puzzle: a puzzle with one
/// solution has at least 17 givens, all of them in the digits from its
/// first given on. Fewer digits make an id or a count, not a puzzle (the
/// rule `dance.solve_frame` picks a puzzle column by).
const FEWEST_INTEGER_DIGITS: usize = 17;

/// The strings of a list, a pandas Series or any iterable of puzzles: each
/// a `str`, or an `int` read as a 9×9 puzzle in the Kaggle style (its
/// decimal digits, left-padded with zeros — blanks — to 81).
///
/// # Errors
/// A `TypeError` for a lone string, a value that cannot be iterated or an
/// element of another type; a `ValueError` naming the index of a missing
/// value (`None`, NaN, `pandas.NA`) or of an int that is not a puzzle.
pub fn texts(object: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    items("puzzles", object)?
        .into_iter()
        .enumerate()
        .map(|(index, text)| text.ok_or_else(|| value_error(missing(index))))
        .collect()
}

/// What is wrong with puzzle `index` when it is a missing value.
fn missing(index: usize) -> String {
    format!(
        "puzzles[{index}]: missing puzzle (None or NaN); drop missing values first \
         (Series.dropna())"
    )
}

/// [`texts`] of the argument `name`, with `None` for a missing value.
pub fn items(name: &str, object: &Bound<'_, PyAny>) -> PyResult<Vec<Option<String>>> {
    each_item(name, object)?.into_iter().collect()
}

/// Each element of the argument `name` as a string, `None` when missing,
/// or the exception that says why it is neither.
///
/// # Errors
/// What concerns the whole argument: a lone string, a value that cannot be
/// iterated, an error while iterating, Ctrl-C.
fn each_item(name: &str, object: &Bound<'_, PyAny>) -> PyResult<Vec<PyResult<Option<String>>>> {
    if object.cast::<PyString>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list of strings, found one str; put the puzzle in a list"
        )));
    }
    let Ok(items) = object.try_iter() else {
        return Err(array_type_error(object));
    };
    let mut texts = Vec::with_capacity(object.len().unwrap_or(0));
    for (index, item) in items.enumerate() {
        if index % SIGNAL_CHUNK == SIGNAL_CHUNK - 1 {
            object.py().check_signals()?;
        }
        texts.push(text_of(name, index, &item?));
    }
    Ok(texts)
}

/// One element of a list of puzzles as a string, or `None` when missing.
fn text_of(name: &str, index: usize, item: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(text) = item.cast::<PyString>() {
        return Ok(Some(text.to_str()?.to_owned()));
    }
    if is_missing(item) {
        return Ok(None);
    }
    if item.cast::<PyUntypedArray>().is_ok() {
        return Err(PyTypeError::new_err(format!(
            "{name}[{index}]: expected a str or an int, found a NumPy array; give the puzzles \
             as one array of shape (n, N*N) or (n, N, N) (numpy.stack({name}))"
        )));
    }
    let integer = !item.is_instance_of::<PyBool>() && item.hasattr("__index__")?;
    if !integer {
        return Err(PyTypeError::new_err(format!(
            "{name}[{index}]: expected a str or an int, found {}",
            type_name(item)
        )));
    }
    let digits = item.call_method0("__index__")?.str()?.to_string();
    let puzzle_digits = FEWEST_INTEGER_DIGITS..=INTEGER_CELLS;
    if digits.starts_with('-') || !puzzle_digits.contains(&digits.len()) {
        return Err(value_error(format!(
            "{name}[{index}]: the int {digits} is not a 9x9 puzzle; an int puzzle has 17 to \
             81 decimal digits, 0 for a blank (leading zeros may be left out)"
        )));
    }
    Ok(Some(format!("{digits:0>INTEGER_CELLS$}")))
}

/// Whether a list element is a missing value: `None`, a float NaN, or
/// pandas' `NA` and `NaT`.
fn is_missing(item: &Bound<'_, PyAny>) -> bool {
    if item.is_none() {
        return true;
    }
    if let Ok(number) = item.cast::<PyFloat>() {
        return number.value().is_nan();
    }
    matches!(type_name(item).as_str(), "NAType" | "NaTType")
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
/// `$object` must be in native byte order ([`native_order`]).
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
            "puzzles: expected an array of shape (n, N*N), (n, N, N) or (N*N,), found {} \
             dimensions",
            array.ndim()
        )),
        Ok(array) => PyTypeError::new_err(format!(
            "puzzles: expected an array of integers, found dtype {}",
            array.dtype()
        )),
        Err(_) => PyTypeError::new_err(format!(
            "puzzles: expected a list of strings or a NumPy integer array, found {}",
            type_name(object)
        )),
    }
}

/// What a `puzzles` argument holds.
pub enum Given<'py> {
    /// A 2-dimensional NumPy array of integers, in native byte order.
    Array(Bound<'py, PyAny>),
    /// Anything else: an iterable of strings or ints (a list, a pandas
    /// Series, a 1-dimensional NumPy array of strings).
    Items,
}

/// Sorts a `puzzles` argument: NumPy arrays of integers (converted to
/// native byte order when they are not: a big-endian array is read, not
/// refused) apart from iterables of strings.
pub fn given<'py>(object: &Bound<'py, PyAny>) -> PyResult<Given<'py>> {
    let Ok(array) = object.cast::<PyUntypedArray>() else {
        return Ok(Given::Items);
    };
    let dtype = array.dtype();
    let kind: String = dtype.getattr("kind")?.extract()?;
    if array.ndim() == 1 && matches!(kind.as_str(), "U" | "O") {
        return Ok(Given::Items);
    }
    if matches!(kind.as_str(), "i" | "u") && !dtype.getattr("isnative")?.is_truthy()? {
        let native = dtype.call_method1("newbyteorder", ("=",))?;
        return Ok(Given::Array(object.call_method1("astype", (native,))?));
    }
    Ok(Given::Array(object.clone()))
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
    array_rows(py, array, variant)?
        .into_iter()
        .map(|row| row.map_err(value_error))
        .collect()
}

/// The puzzle of each row of an `(n, N*N)` array, as [`array_puzzles`]
/// reads them, or what is wrong with the row (`errors="status"`).
///
/// # Errors
/// A `ValueError` for a width that is not N² for a boxed size N; Ctrl-C.
pub fn array_rows<T: Cell>(
    py: Python<'_>,
    array: ArrayView2<'_, T>,
    variant: Variant,
) -> PyResult<Vec<Result<Puzzle, String>>> {
    let cells = array.ncols();
    let size = (1..=dance_sudoku::MAX_SIZE).find(|n| n * n == cells);
    let Some(size) = size else {
        return Err(value_error(format!(
            "puzzles: expected rows of N*N cells for a size N from 1 to 25 (81 for 9x9), found {cells}"
        )));
    };
    let Some(boxes) = BoxShape::infer(size) else {
        return Err(value_error(format!(
            "puzzles: size {size} has no box shape; give such puzzles as strings with a region map"
        )));
    };
    let shape = Shape::with_boxes(boxes).with_variant(variant);
    let mut puzzles = Vec::with_capacity(array.nrows());
    for (chunk, rows) in array.axis_chunks_iter(Axis(0), SIGNAL_CHUNK).enumerate() {
        py.check_signals()?;
        // On the calling thread: rayon's global pool would ignore
        // `threads=`, and reading a row costs far less than solving it.
        py.detach(|| {
            for (offset, row) in rows.outer_iter().enumerate() {
                let index = chunk * SIGNAL_CHUNK + offset;
                puzzles.push(row_puzzle(index, row.iter().copied(), &shape));
            }
        });
    }
    Ok(puzzles)
}

/// Row `index` of an array as a puzzle of `shape`.
fn row_puzzle<T: Cell>(
    index: usize,
    row: impl Iterator<Item = T>,
    shape: &Shape,
) -> Result<Puzzle, String> {
    let size = shape.size() as i128;
    // A loop, not a collect of Results: that one cannot know the length
    // and grows the vector a few times per row.
    let mut cells = Vec::with_capacity(shape.size() * shape.size());
    for (cell, value) in row.enumerate() {
        cells.push(match value.wide() {
            0 => None,
            number if (1..=size).contains(&number) => Digit::from_number(number as u8),
            number => {
                return Err(format!(
                    "puzzles[{index}, {cell}]: value {number} is out of range; expected 0 for a blank or a digit 1 to {size}"
                ));
            }
        });
    }
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

/// The puzzles of a `puzzles` argument that is read, not solved (`rate`):
/// an array's rows, or the strings' puzzles.
pub fn puzzles(
    py: Python<'_>,
    object: &Bound<'_, PyAny>,
    reading: &Reading,
) -> PyResult<Vec<Puzzle>> {
    match given(object)? {
        Given::Array(array) => with_int_array!(&array, |array| {
            let readonly = array.try_readonly()?;
            array_puzzles(py, readonly.as_array(), reading.variant())
        }),
        Given::Items => {
            let texts = texts(object)?;
            Ok(parse_texts(py, &texts, reading)?.puzzles)
        }
    }
}
