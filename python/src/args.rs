//! Arguments read as the command line reads its flags: the same ranges and
//! the same words, every error naming the argument (`threads: …`), bools
//! refused where a number is expected, NumPy integers taken as integers.

use std::ffi::CString;
use std::sync::Arc;
use std::time::{Duration, Instant};

use dance_dlx::Stop;
use dance_dlx::{Threads, ThreadsError};
use dance_sudoku::Variant;
use dance_sudoku::format::Alphabet;
use pyo3::exceptions::{PyOverflowError, PyRuntimeWarning, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::errors::value_error;

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

/// An integer argument from `min` to `max`, or a `ValueError` that names
/// it, the range and the value given (as Python prints it).
pub fn ranged(name: &str, value: &Bound<'_, PyAny>, min: u64, max: u64) -> PyResult<u64> {
    let number = integer(name, value)?;
    u64::try_from(number)
        .ok()
        .filter(|number| (min..=max).contains(number))
        .ok_or_else(|| {
            let upper = if max == u64::MAX {
                "2**64 - 1".to_owned()
            } else {
                max.to_string()
            };
            value_error(format!(
                "{name}: expected an int from {min} to {upper}, found {}",
                shown(value)
            ))
        })
}

/// A count of at least `min`, where a count beyond 64 bits means "no
/// limit" and saturates (`limit=2**70`).
pub fn count_at_least(name: &str, value: &Bound<'_, PyAny>, min: u64) -> PyResult<u64> {
    let number = integer(name, value)?;
    if number < i128::from(min) {
        return Err(value_error(format!(
            "{name}: expected a count of at least {min}, found {number}"
        )));
    }
    Ok(u64::try_from(number).unwrap_or(u64::MAX))
}

/// A seed: any int from 0 to 2⁶⁴ − 1, as the command line's `--seed`.
pub fn seed(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    value
        .map(|value| ranged("seed", value, 0, u64::MAX))
        .transpose()
}

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

/// The digit alphabet named by `alphabet=`, as the command line's
/// `--alphabet`: `"standard"` (digits from 1, then letters), `"hex"`
/// (16×16 puzzles written 0–F) or `"letters"` (10×10 to 25×25 written from
/// A for 1).
pub fn alphabet(name: &str) -> PyResult<Alphabet> {
    match name {
        "standard" => Ok(Alphabet::Standard),
        "hex" => Ok(Alphabet::Hex),
        "letters" => Ok(Alphabet::Letters),
        other => Err(value_error(format!(
            "alphabet: unknown alphabet {other:?}; expected \"standard\", \"hex\" or \"letters\""
        ))),
    }
}

/// What becomes of a puzzle that cannot be read, as `errors=` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Errors {
    /// `"raise"`: an exception, before anything is solved.
    Raise,
    /// `"status"`: the puzzle gets the status `error` and its message, and
    /// the others are solved — as the command line goes on past a bad
    /// record.
    Status,
}

/// What `errors=` asks for: `"raise"` or `"status"`.
pub fn errors(name: &str) -> PyResult<Errors> {
    match name {
        "raise" => Ok(Errors::Raise),
        "status" => Ok(Errors::Status),
        other => Err(value_error(format!(
            "errors: unknown policy {other:?}; expected \"raise\" or \"status\""
        ))),
    }
}

/// The thread count `threads=` asks for, by the command line's rule
/// ([`Threads`]): `None` or 0 for one per core, at most 1024.
pub fn threads(value: Option<&Bound<'_, PyAny>>) -> PyResult<Threads> {
    let Some(value) = value else {
        return Ok(Threads::PER_CORE);
    };
    let asked = integer("threads", value)?;
    let threads = u64::try_from(asked)
        .ok()
        .and_then(|asked| Threads::new(asked).ok())
        .ok_or_else(|| {
            value_error(format!(
                "threads: {}",
                ThreadsError::out_of_range(shown(value))
            ))
        })?;
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    if u64::try_from(asked).is_ok_and(|asked| asked > (OVERSUBSCRIBED * cores) as u64) {
        let message = format!(
            "threads={asked} is more than {OVERSUBSCRIBED} times this machine's {cores} cores: \
             the threads take turns on the cores, and each costs a stack and a share of the \
             work's set-up (a count split into more parts); threads=None uses one per core"
        );
        let category = value.py().get_type::<PyRuntimeWarning>();
        PyErr::warn(value.py(), &category, &CString::new(message)?, 1)?;
    }
    Ok(threads)
}

/// How many threads per core `threads=` may ask for before a warning:
/// beyond a few per core they only take turns.
const OVERSUBSCRIBED: usize = 4;

/// The shared pool of `threads`: the same count gets the same pool on
/// every call.
pub fn pool(threads: Threads) -> PyResult<Arc<rayon::ThreadPool>> {
    dance_sudoku::batch::pool(threads).map_err(|error| value_error(format!("threads: {error}")))
}

/// A call's `timeout=`: the seconds asked for, and the deadline they set
/// from the start of the call — so that the links a first call builds count
/// against it, as `dance cover --timeout` counts the reading.
#[derive(Clone, Copy, Debug, Default)]
pub struct Timeout {
    limit: Option<Duration>,
    deadline: Option<Instant>,
}

impl Timeout {
    /// The seconds asked for (0 without a timeout), for messages.
    pub fn seconds(&self) -> f64 {
        self.limit.unwrap_or_default().as_secs_f64()
    }

    /// The time asked for, if any: a batch gives each puzzle this much.
    pub fn limit(&self) -> Option<Duration> {
        self.limit
    }

    /// A stop at the deadline (none without one).
    pub fn stop(&self) -> Stop {
        self.deadline.map_or_else(Stop::never, Stop::at)
    }
}

/// `timeout=` as the command line's `--timeout` reads it
/// ([`dance_dlx::timeout_from_secs`]): seconds above 0; infinity (or any
/// number beyond the clock) means no limit. The deadline runs from now.
pub fn timeout(value: Option<&Bound<'_, PyAny>>) -> PyResult<Timeout> {
    let limit = timeout_limit(value)?;
    Ok(Timeout {
        limit,
        deadline: limit.and_then(dance_dlx::deadline_in),
    })
}

/// The seconds of `timeout=`, if any.
fn timeout_limit(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Duration>> {
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

/// A list of strings called `name` (any iterable of `str`; a lone `str`
/// is refused rather than read as its characters).
pub fn strings(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if value.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{name}: expected a list of str, found one str; put it in a list"
        )));
    }
    let items = value.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name}: expected a list of str, found {}",
            type_name(value)
        ))
    })?;
    items
        .enumerate()
        .map(|(index, item)| {
            let item = item?;
            item.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "{name}[{index}]: expected a str, found {}",
                    type_name(&item)
                ))
            })
        })
        .collect()
}

/// The name of `object`'s type, for messages.
pub fn type_name(object: &Bound<'_, PyAny>) -> String {
    object
        .get_type()
        .name()
        .map_or_else(|_| "an unknown type".to_owned(), |name| name.to_string())
}

/// `value` as Python prints it, for messages.
fn shown(value: &Bound<'_, PyAny>) -> String {
    value
        .str()
        .map_or_else(|_| "?".to_owned(), |text| text.to_string())
}
