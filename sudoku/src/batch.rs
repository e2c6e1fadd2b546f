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
//! A thread count as a user gives it is the exact-cover crate's
//! [`Threads`] (the command line's `-j`, Python's `threads=`): 0 for one
//! per core, or 1 to [`MAX_THREADS`](dance_dlx::MAX_THREADS), anything
//! else refused with one message, wherever it came from. [`pool`] hands out
//! a pool of that many workers, built on first use and kept: the next
//! batch with the same count reuses it, and its workers keep their solvers
//! (and their matrices) between batches.

use std::cell::Cell;
use std::sync::{Arc, Mutex, PoisonError};

use dance_dlx::{Threads, ThreadsError};
use rayon::prelude::*;

use crate::kept::Kept;
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
    let alarm = stop.arm();
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
    let alarm = stop.arm();
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

/// How many pools [`pool`] keeps: a program usually asks for one or two
/// counts; a program that asks for many does not keep thousands of idle
/// threads.
const KEPT_POOLS: usize = 4;

/// The pool of `threads`' [`count`](Threads::count) workers: built on first
/// use, then the same pool for every call with the same count (a few
/// counts are kept, the least recently used dropped).
///
/// ```
/// let pool = dance_sudoku::batch::pool("2".parse()?)?;
/// assert_eq!(pool.current_num_threads(), 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`ThreadsError::Start`] when the threads cannot be started.
pub fn pool(threads: Threads) -> Result<Arc<rayon::ThreadPool>, ThreadsError> {
    static POOLS: Mutex<Kept<usize, Arc<rayon::ThreadPool>, KEPT_POOLS>> = Mutex::new(Kept::new());
    let threads = threads.count();
    // A panic elsewhere while the lock was held leaves a valid cache.
    let mut pools = POOLS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(pool) = pools.find(|&count| count == threads) {
        return Ok(pool.clone());
    }
    let pool = Arc::new(build_pool(threads)?);
    Ok(pools.keep(threads, pool, |_| false).clone())
}

/// A rayon pool of exactly `threads` workers, not kept: see [`pool`] for
/// the shared ones.
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

#[cfg(test)]
mod tests {
    use super::*;

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
                let pool = pool(Threads::new(threads).unwrap()).unwrap();
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
        let first = pool(two).unwrap();
        assert_eq!(first.current_num_threads(), 2);
        assert!(Arc::ptr_eq(&first, &pool(two).unwrap()));
        for count in 3..3 + KEPT_POOLS as u64 {
            pool(Threads::new(count).unwrap()).unwrap();
        }
        // Pushed out by the others, then built again.
        assert!(!Arc::ptr_eq(&first, &pool(two).unwrap()));
    }
}
