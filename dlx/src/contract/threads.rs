//! A number of threads as a user asks for it ([`Threads`]: the command
//! line's `-j`, Python's `threads=`): 0 for one per core, or 1 to
//! [`MAX_THREADS`]; anything else is refused with one message, wherever it
//! came from. Exact cover on threads ([`Executor`](crate::threads::Executor))
//! and the Sudoku crate's batches take the same count.

use std::fmt;
use std::str::FromStr;

/// The most threads a search or a batch takes: far more than any machine's
/// cores, few enough that starting them stays quick. Larger counts are
/// refused, not capped, so that a typo never silently means something else.
pub const MAX_THREADS: usize = 1024;

/// A number of threads as a user asks for it: 0 for one per core (the
/// default), or 1 to [`MAX_THREADS`].
///
/// ```
/// use dance_dlx::Threads;
///
/// assert_eq!("3".parse::<Threads>()?.count(), 3);
/// assert!(Threads::PER_CORE.count() >= 1);
/// assert_eq!(Threads::ONE.count(), 1);
/// let refused = "2000".parse::<Threads>().unwrap_err();
/// assert_eq!(
///     refused.to_string(),
///     "expected a number of threads from 0 (one per core) to 1024, found `2000`"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Threads(usize);

impl Threads {
    /// One thread per core.
    pub const PER_CORE: Threads = Threads(0);

    /// One thread: the calling one.
    pub const ONE: Threads = Threads(1);

    /// `asked` threads, 0 for one per core.
    ///
    /// # Errors
    /// [`ThreadsError::OutOfRange`] above [`MAX_THREADS`].
    pub fn new(asked: u64) -> Result<Threads, ThreadsError> {
        usize::try_from(asked)
            .ok()
            .filter(|&threads| threads <= MAX_THREADS)
            .map(Threads)
            .ok_or_else(|| ThreadsError::out_of_range(asked))
    }

    /// The count as asked: 0 for one per core.
    pub fn asked(self) -> usize {
        self.0
    }

    /// The number of threads: as asked, or the number of cores (at most
    /// [`MAX_THREADS`]) for [`PER_CORE`](Threads::PER_CORE).
    pub fn count(self) -> usize {
        match self.0 {
            0 => std::thread::available_parallelism()
                .map_or(1, |cores| cores.get())
                .min(MAX_THREADS),
            threads => threads,
        }
    }
}

impl fmt::Display for Threads {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Threads {
    type Err = ThreadsError;

    /// A whole number from 0 to [`MAX_THREADS`], spaces around it ignored.
    fn from_str(text: &str) -> Result<Threads, ThreadsError> {
        text.trim()
            .parse::<u64>()
            .ok()
            .and_then(|asked| Threads::new(asked).ok())
            .ok_or_else(|| ThreadsError::out_of_range(text))
    }
}

/// Why a thread count gave no threads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ThreadsError {
    /// Not a count from 0 to [`MAX_THREADS`].
    #[error("expected a number of threads from 0 (one per core) to {MAX_THREADS}, found `{found}`")]
    OutOfRange {
        /// What was given, as written.
        found: String,
    },
    /// The operating system would not start the threads.
    #[error("cannot start {threads} worker threads: {reason}")]
    Start {
        /// The threads asked for.
        threads: usize,
        /// Why they could not start.
        reason: String,
    },
}

impl ThreadsError {
    /// The error for a count given as `found` (a number, or text that is
    /// none).
    pub fn out_of_range(found: impl fmt::Display) -> ThreadsError {
        ThreadsError::OutOfRange {
            found: found.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_counts_are_bounded() {
        assert_eq!("0".parse(), Ok(Threads::PER_CORE));
        assert_eq!(" 1024 ".parse::<Threads>().map(Threads::count), Ok(1024));
        for text in ["1025", "4294967296", "18446744073709551616", "-1", "x", ""] {
            let error = text.parse::<Threads>().unwrap_err();
            assert_eq!(error, ThreadsError::out_of_range(text), "{text}");
        }
        assert!(Threads::new(u64::MAX).is_err());
    }
}
