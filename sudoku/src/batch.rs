//! Many puzzles at once: in parallel on rayon's pool with one [`Solver`] per
//! worker thread, or sequentially — with identical results, in input order —
//! and the one policy that turns a thread count into a pool.
//!
//! [`par_map`] and [`solve_batch`] take a slice and return every result at
//! once. [`stream`] takes an iterator of any length and hands each result on
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
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use rayon::prelude::*;

use crate::{Answer, Puzzle, Request, Solver};

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

/// Results a [`stream`] holds per worker thread at most, finished but not
/// handed on because an earlier item is still being worked on: enough for
/// the other workers to go on past a slow item for a while, little enough
/// that memory stays flat.
pub const WINDOW_PER_THREAD: usize = 256;

/// Applies `work` to every item of `items` and shows each result to `sink`
/// in input order, as soon as the results of every earlier item have been:
/// on the calling thread alone when `pool` is `None` (one item after
/// another, nothing else running), else on every worker of `pool`, each
/// with its own [`Solver`] (as in [`par_map`]).
///
/// On the pool, the workers take items one at a time (`items` is read by
/// one worker at a time, in order), and a finished result waits until the
/// results before it are handed on. At most [`WINDOW_PER_THREAD`] results
/// per worker wait: a worker whose result would be further ahead waits
/// for the window to move, so memory stays bounded however long the input.
/// `sink` runs on whichever worker finished the next item, one call at a
/// time; when it returns [`ControlFlow::Break`], no more items are read,
/// the results of items already taken are dropped, and the break is
/// returned. An iterator that ends early (a stop flag raised, a read error)
/// ends the stream after the results of the items it gave.
///
/// Both paths hand `sink` the same results in the same order.
///
/// ```
/// use std::ops::ControlFlow;
/// use dance_sudoku::{Goal, Request, batch};
///
/// let puzzles = ["1...", "12..", "1..1"]
///     .iter()
///     .map(|line| format!("{line}{}", ".".repeat(12)).parse::<dance_sudoku::Puzzle>());
/// let request = Request::new(Goal::Count { limit: 50 });
/// let pool = batch::Threads::new(2)?.pool()?;
/// let mut counts = Vec::new();
/// let ended: ControlFlow<()> = batch::stream(
///     Some(&pool),
///     puzzles,
///     |solver, puzzle| solver.run(&puzzle.unwrap(), &request).count.to_string(),
///     |count| {
///         counts.push(count.clone());
///         ControlFlow::Continue(())
///     },
/// );
/// assert_eq!((ended, counts), (ControlFlow::Continue(()), vec!["50+".to_owned(), "24".into(), "0".into()]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn stream<I, R, B>(
    pool: Option<&rayon::ThreadPool>,
    items: I,
    work: impl Fn(&mut Solver, I::Item) -> R + Sync,
    mut sink: impl FnMut(&R) -> ControlFlow<B> + Send,
) -> ControlFlow<B>
where
    I: Iterator + Send,
    I::Item: Send,
    R: Send,
    B: Send,
{
    let Some(pool) = pool else {
        let mut solver = Solver::new();
        for item in items {
            sink(&work(&mut solver, item))?;
        }
        return ControlFlow::Continue(());
    };
    let window = WINDOW_PER_THREAD * pool.current_num_threads();
    let shared = Stream {
        input: Mutex::new(Input {
            items,
            taken: 0,
            ended: false,
        }),
        output: Mutex::new(Output {
            slots: (0..window).map(|_| None).collect(),
            next: 0,
            waiting: 0,
            sink,
            ended: None,
        }),
        room: Condvar::new(),
    };
    pool.broadcast(|_| shared.work(&work));
    let output = shared
        .output
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    match output.ended {
        Some(End::Broken(value)) => ControlFlow::Break(value),
        Some(End::Panicked) => unreachable!("a worker's panic is raised by `broadcast`"),
        None => ControlFlow::Continue(()),
    }
}

/// What the workers of a [`stream`] share.
struct Stream<I, R, S, B> {
    input: Mutex<Input<I>>,
    output: Mutex<Output<R, S, B>>,
    /// Signalled when the window moves and a worker waits for room.
    room: Condvar,
}

/// The items not taken yet.
struct Input<I> {
    items: I,
    /// Items taken so far: the number of the next one.
    taken: u64,
    /// No more items: the iterator ended, or the stream stopped.
    ended: bool,
}

/// The window of finished results waiting for earlier ones.
struct Output<R, S, B> {
    /// The result of item `k` waits in slot `k % len` until every earlier
    /// one has been handed on.
    slots: Box<[Option<R>]>,
    /// The number of the next result to hand on.
    next: u64,
    /// Workers waiting for the window to move.
    waiting: usize,
    sink: S,
    /// Why the stream ended early, if it did.
    ended: Option<End<B>>,
}

/// Why a [`stream`] ended before its items did.
enum End<B> {
    /// The sink said so.
    Broken(B),
    /// A worker panicked: the others stop waiting for its result.
    Panicked,
}

/// Locks `mutex`, whose data stays valid even if a holder panicked.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl<I, R, S, B> Stream<I, R, S, B>
where
    I: Iterator,
    S: FnMut(&R) -> ControlFlow<B>,
{
    /// One worker: takes items and works on them until none is left, handing
    /// on every result that is next.
    fn work(&self, work: &(impl Fn(&mut Solver, I::Item) -> R + Sync)) {
        // Taken out for the whole loop, as in `par_map`.
        let mut solver = WORKER.take().unwrap_or_default();
        let _guard = PanicGuard(self);
        while let Some((number, item)) = self.take() {
            let result = work(&mut solver, item);
            if !self.put(number, result) {
                break;
            }
        }
        WORKER.set(Some(solver));
    }

    /// The next item and its number, or `None` when there is none left.
    fn take(&self) -> Option<(u64, I::Item)> {
        let mut input = lock(&self.input);
        if input.ended {
            return None;
        }
        match input.items.next() {
            Some(item) => {
                let number = input.taken;
                input.taken += 1;
                Some((number, item))
            }
            None => {
                input.ended = true;
                None
            }
        }
    }

    /// Puts the result of item `number` in the window, once there is room,
    /// and hands on every result that is next. `false` once the stream has
    /// ended early.
    fn put(&self, number: u64, result: R) -> bool {
        let mut output = lock(&self.output);
        let len = output.slots.len() as u64;
        while number >= output.next + len && output.ended.is_none() {
            output.waiting += 1;
            output = self
                .room
                .wait(output)
                .unwrap_or_else(PoisonError::into_inner);
            output.waiting -= 1;
        }
        if output.ended.is_some() {
            return false;
        }
        output.slots[(number % len) as usize] = Some(result);
        let mut moved = false;
        loop {
            let slot = (output.next % len) as usize;
            let Some(next) = output.slots[slot].take() else {
                break;
            };
            output.next += 1;
            moved = true;
            if let ControlFlow::Break(value) = (output.sink)(&next) {
                output.ended = Some(End::Broken(value));
                break;
            }
        }
        let broken = output.ended.is_some();
        if moved && output.waiting > 0 {
            self.room.notify_all();
        }
        drop(output);
        if broken {
            lock(&self.input).ended = true;
        }
        !broken
    }
}

/// Ends the stream when a worker unwinds from a panic, so that the others
/// stop waiting for a result that will never come; `broadcast` then raises
/// the panic on the calling thread.
struct PanicGuard<'a, I, R, S, B>(&'a Stream<I, R, S, B>);

impl<I, R, S, B> Drop for PanicGuard<'_, I, R, S, B> {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            return;
        }
        let mut output = lock(&self.0.output);
        output.ended.get_or_insert(End::Panicked);
        self.0.room.notify_all();
        drop(output);
        lock(&self.0.input).ended = true;
    }
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

    /// Items of uneven cost, results in order on both paths; a slow item
    /// holds back the results after it only, and never more of them than the
    /// window.
    #[test]
    fn a_stream_hands_results_on_in_order_within_its_window() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let pool = Threads::new(3).unwrap().pool().unwrap();
        let window = WINDOW_PER_THREAD as u64 * 3;
        for pool in [None, Some(&*pool)] {
            let taken = AtomicU64::new(0);
            let items = (0..5000u64).inspect(|_| {
                taken.fetch_add(1, Ordering::Relaxed);
            });
            let mut seen = Vec::new();
            let ended: ControlFlow<()> = stream(
                pool,
                items,
                |_, k| {
                    if k % 997 == 0 {
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    k * k
                },
                |square| {
                    let ahead = taken.load(Ordering::Relaxed) - seen.len() as u64;
                    assert!(ahead <= window + 3 + 1, "{ahead} taken ahead");
                    seen.push(*square);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(ended, ControlFlow::Continue(()));
            assert_eq!(seen, (0..5000u64).map(|k| k * k).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_stream_stops_when_its_sink_breaks() {
        let pool = Threads::new(2).unwrap().pool().unwrap();
        for pool in [None, Some(&*pool)] {
            let mut seen = Vec::new();
            let ended = stream(
                pool,
                0..u64::MAX,
                |_, k| k,
                |k| {
                    seen.push(*k);
                    if *k == 99 {
                        ControlFlow::Break("enough")
                    } else {
                        ControlFlow::Continue(())
                    }
                },
            );
            assert_eq!(ended, ControlFlow::Break("enough"));
            assert_eq!(seen, (0..100).collect::<Vec<_>>());
        }
    }

    /// A panicking item ends the stream with the panic, and no worker is
    /// left waiting for its result.
    #[test]
    fn a_panic_in_a_stream_reaches_the_caller() {
        let pool = Threads::new(2).unwrap().pool().unwrap();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            stream(
                Some(&*pool),
                0..100_000u64,
                |_, k| assert!(k != 600, "item 600"),
                |()| ControlFlow::<()>::Continue(()),
            )
        }));
        assert!(outcome.is_err());
        // The pool still works.
        let counted = stream(
            Some(&*pool),
            0..10u64,
            |_, k| k,
            |_| ControlFlow::<()>::Continue(()),
        );
        assert_eq!(counted, ControlFlow::Continue(()));
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
