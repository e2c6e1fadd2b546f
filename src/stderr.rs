//! Diagnostics on stderr that can never cost an answer: a closed or full
//! stderr (`2>/dev/full`, `2> >(head -c 10)`) is ignored, as a closed stdout
//! ends the run quietly, instead of panicking as `eprintln!` does and losing
//! the answers still buffered for stdout.

use std::fmt;
use std::io::{self, Write};

/// Writes `text` to stderr, ignoring any failure, with the progress bar
/// (if one is drawn) cleared around it.
pub fn write(text: fmt::Arguments<'_>) {
    crate::progress::suspend(|| {
        let mut stderr = io::stderr().lock();
        // A diagnostic that cannot be written is dropped: stdout's answers
        // matter more than it.
        let _ = stderr.write_fmt(text).and_then(|()| stderr.flush());
    });
}

/// `eprintln!` that ignores a closed or full stderr.
macro_rules! diagnose {
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` that ignores a closed or full stderr.
macro_rules! diagnose_text {
    ($($arg:tt)*) => {
        $crate::stderr::write(format_args!($($arg)*))
    };
}

pub(crate) use {diagnose, diagnose_text};
