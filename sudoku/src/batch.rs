//! Many puzzles at once: in parallel on rayon's pool with one [`Solver`] per
//! worker thread, or sequentially — with identical results, in input order —
//! and the one policy that turns a thread count into a pool.
//!
//! [`par_map`] and [`solve_batch`] take a slice and return every result at
//! once; [`par_map_until`] and [`map_until`] also stop when a [`Stop`]
//! comes. [`stream`] takes an iterator of any length and hands each result on
//! as soon as every earlier one has been: in input order, within a bounded
//! window, so memory stays flat however long the input, and a slow item
//! holds back only the results after it.
//!
//! # Threads
//!
//! A thread count as a user gives it ([`Threads`]: the command line's `-j`,
//! Python's `threads=`) is 0 for one per core, or 1 to [`MAX_THREADS`];
//! anything else is refused with one message, wherever it came from.
//! [`Threads::pool`] hands out a pool of that many workers, built on first
//! use and kept: the next batch with the same count reuses it, and its
//! workers keep their solvers (and their matrices) between batches.

use std::cell::Cell;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};

use rayon::prelude::*;

use crate::{Answer, Puzzle, Request, Solver, Stop};

mod stream;

pub use stream::{WINDOW_PER_THREAD, stream};

thread_local! {
    /// The solver of each worker thread, so matrices are built once per thread
    /// rather than once per piece of work. Empty while a piece of work on
    /// this thread has it out.
    static WORKER: Cell<Option<Solver>> = const { Cell::new(None) };
}

/// Applies `work` to every item with the current thread's [`Solver`], in
/// parallel on the current rayon pool; results come back in input order.
///
/// This is the primitive behind [`solve_batch`], open to callers whose items
/// are not bare puzzles (records read from a file, say). `work` may itself
/// call `par_map` (or anything built on it): while one piece of work holds
/// the thread's solver, a piece that rayon runs on the same thread (work
/// stealing while the first one waits) gets a fresh solver of its own.
pub fn par_map<T, R>(items: &[T], work: impl Fn(&mut Solver, &T) -> R + Sync) -> Vec<R>
where
    T: Sync,
    R: Send,
{
    items
        .par_iter()
        .map(|item| {
            // Taken out for the duration of `work`, not borrowed, so that a
            // nested piece of work on this thread never finds it in use.
            let mut solver = WORKER.take().unwrap_or_default();
            let result = work(&mut solver, item);
            WORKER.set(Some(solver));
            result
        })
        .collect()
}

/// Items [`par_map_until`] hands to the workers at a time: it looks at its
/// stop between two chunks, so that ten million items left after a stop
/// cost nothing to skip; big enough that the workers' wait at the end of a
/// chunk is lost in its work.
const STOP_CHUNK: usize = 1 << 16;

/// [`par_map`] that a [`Stop`] ends: every result, in input order — or
/// `None` once the stop has come (its flag raised, its deadline passed)
/// before every item was worked on. The stop is looked at before each
/// item, so a batch ends within one item's work of it; an item that has
/// begun runs to its end (a search in it has a stop of its own).
///
/// ```
/// use std::sync::{Arc, atomic::AtomicBool};
/// use dance_sudoku::{Stop, batch::par_map_until};
///
/// let items: Vec<u32> = (0..1000).collect();
/// let squares = par_map_until(&items, &Stop::never(), |_, &n| n * n);
/// assert_eq!(squares.map(|all| all[999]), Some(998_001));
/// let raised = Stop::when(Arc::new(AtomicBool::new(true)));
/// assert_eq!(par_map_until(&items, &raised, |_, &n| n), None);
/// ```
pub fn par_map_until<T, R>(
    items: &[T],
    stop: &Stop,
    work: impl Fn(&mut Solver, &T) -> R + Sync,
) -> Option<Vec<R>>
where
    T: Sync,
    R: Send,
{
    let alarm = stop.start();
    let mut results = Vec::with_capacity(items.len());
    for chunk in items.chunks(STOP_CHUNK) {
        let done = par_map(chunk, |solver, item| {
            (!alarm.rung()).then(|| work(solver, item))
        });
        for result in done {
            results.push(result?);
        }
    }
    Some(results)
}

/// [`par_map_until`] on the calling thread, one item after another, with
/// `solver`: the same results.
pub fn map_until<T, R>(
    solver: &mut Solver,
    items: &[T],
    stop: &Stop,
    mut work: impl FnMut(&mut Solver, &T) -> R,
) -> Option<Vec<R>> {
    let alarm = stop.start();
    let mut results = Vec::with_capacity(items.len());
    for item in items {
        if alarm.rung() {
            return None;
        }
        results.push(work(solver, item));
    }
    Some(results)
}

/// Answers `request` for every puzzle, in parallel; answers in input order.
///
/// ```
/// use dance_sudoku::{Goal, Request, batch::solve_batch};
///
/// let puzzles: Vec<dance_sudoku::Puzzle> = ["1...", "12..", "1..1"]
///     .iter()
///     .map(|line| format!("{line}{}", ".".repeat(12)).parse())
///     .collect::<Result<_, _>>()?;
/// let counts: Vec<String> = solve_batch(&puzzles, &Request::new(Goal::Count { limit: 50 }))
///     .into_iter()
///     .map(|answer| answer.count.to_string())
///     .collect();
/// assert_eq!(counts, ["50+", "24", "0"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_batch(puzzles: &[Puzzle], request: &Request) -> Vec<Answer> {
    par_map(puzzles, |solver, puzzle| solver.run(puzzle, request))
}

/// [`solve_batch`] on the calling thread only, one puzzle after another.
pub fn solve_batch_sequential(puzzles: &[Puzzle], request: &Request) -> Vec<Answer> {
    let mut solver = Solver::new();
    puzzles
        .iter()
        .map(|puzzle| solver.run(puzzle, request))
        .collect()
}

/// The most worker threads a batch takes: far more than any machine's
/// cores, few enough that starting them stays quick. Larger counts are
/// refused, not capped, so that a typo never silently means something else.
pub const MAX_THREADS: usize = 1024;

/// How many pools [`Threads::pool`] keeps: a program usually asks for one
/// or two counts; a program that asks for many does not keep thousands of
/// idle threads.
const KEPT_POOLS: usize = 4;

/// A number of worker threads as a user asks for it: 0 for one per core
/// (the default), or 1 to [`MAX_THREADS`].
///
/// ```
/// use dance_sudoku::batch::Threads;
///
/// assert_eq!("3".parse::<Threads>()?.count(), 3);
/// assert!(Threads::PER_CORE.count() >= 1);
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
    /// One worker per core.
    pub const PER_CORE: Threads = Threads(0);

    /// `asked` workers, 0 for one per core.
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

    /// The number of workers: as asked, or the number of cores (at most
    /// [`MAX_THREADS`]) for [`PER_CORE`](Threads::PER_CORE).
    pub fn count(self) -> usize {
        match self.0 {
            0 => std::thread::available_parallelism()
                .map_or(1, |cores| cores.get())
                .min(MAX_THREADS),
            threads => threads,
        }
    }

    /// The pool of [`count`](Threads::count) workers: built on first use,
    /// then the same pool for every call with the same count (a few counts
    /// are kept, the least recently used dropped).
    ///
    /// # Errors
    /// [`ThreadsError::Start`] when the threads cannot be started.
    pub fn pool(self) -> Result<Arc<rayon::ThreadPool>, ThreadsError> {
        static POOLS: Mutex<Vec<(usize, Arc<rayon::ThreadPool>)>> = Mutex::new(Vec::new());
        let threads = self.count();
        // A panic elsewhere while the lock was held leaves a valid list.
        let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(position) = pools.iter().position(|(count, _)| *count == threads) {
            pools[..=position].rotate_right(1);
        } else {
            let pool = Arc::new(build_pool(threads)?);
            pools.truncate(KEPT_POOLS - 1);
            pools.insert(0, (threads, pool));
        }
        Ok(pools[0].1.clone())
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

/// A rayon pool of exactly `threads` workers, not kept: see
/// [`Threads::pool`] for the shared ones.
///
/// # Errors
/// [`ThreadsError::Start`] when the threads cannot be started.
pub fn build_pool(threads: usize) -> Result<rayon::ThreadPool, ThreadsError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|error| ThreadsError::Start {
            threads,
            reason: error.to_string(),
        })
}

/// Why a thread count gave no pool.
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

    #[test]
    fn a_stop_ends_a_batch_between_items_on_one_thread_or_many() {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let items: Vec<usize> = (0..200_000).collect();
        let plain = par_map(&items, |_, &n| n + 1);
        assert_eq!(
            par_map_until(&items, &Stop::never(), |_, &n| n + 1),
            Some(plain.clone())
        );
        let mut solver = Solver::new();
        assert_eq!(
            map_until(&mut solver, &items, &Stop::never(), |_, &n| n + 1),
            Some(plain)
        );
        // The work raises the flag at its 1000th item: the items after it
        // are not worked on, on one thread or on the pool.
        for threads in [1, 2] {
            let flag = Arc::new(AtomicBool::new(false));
            let worked = AtomicUsize::new(0);
            let work = |_: &mut Solver, _: &usize| {
                if worked.fetch_add(1, Ordering::Relaxed) == 999 {
                    flag.store(true, Ordering::Relaxed);
                }
            };
            let stop = Stop::when(flag.clone());
            let done = if threads == 1 {
                map_until(&mut solver, &items, &stop, work)
            } else {
                let pool = Threads::new(threads).unwrap().pool().unwrap();
                pool.install(|| par_map_until(&items, &stop, work))
            };
            assert_eq!(done, None);
            assert!(
                worked.load(Ordering::Relaxed) < items.len() / 2,
                "{threads} threads"
            );
        }
    }

    #[test]
    fn a_pool_is_built_once_per_count_and_reused() {
        let two = Threads::new(2).unwrap();
        let first = two.pool().unwrap();
        assert_eq!(first.current_num_threads(), 2);
        assert!(Arc::ptr_eq(&first, &two.pool().unwrap()));
        for count in 3..3 + KEPT_POOLS as u64 {
            Threads::new(count).unwrap().pool().unwrap();
        }
        // Pushed out by the others, then built again.
        assert!(!Arc::ptr_eq(&first, &two.pool().unwrap()));
    }
}
