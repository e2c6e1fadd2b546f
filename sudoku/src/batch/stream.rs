//! [`stream`]: results handed on in input order while the workers of a pool
//! work on the items — `dance_dlx`'s [ordered stream](dance_dlx::ordered),
//! fed in chunks of records.
//!
//! # Chunks
//!
//! A worker takes a *chunk* of consecutive items at once (one lock on the
//! input for all of them): a position of the ordered stream, whose results
//! it pushes there as they finish, and at the end of the chunk hands on
//! every result that is next, its own and the ones others finished. The
//! locks that the workers share are taken once a chunk, not once an item.
//! At three microseconds an item, locking and moving results one by one
//! through a shared window made two threads spend a third more CPU than
//! one.
//!
//! Chunks adapt to the items: a worker's first chunk is one item, and the
//! next one is twice as long while chunks take less than half of
//! [`CHUNK_TIME`], half as long when one takes more, from one item to
//! [`CHUNK_MAX`]. Slow items go one at a time, so a chunk never holds
//! back a result for long: the results before a slow item in its chunk are
//! handed on by the other workers at the end of their chunks, or, when
//! they have nothing to do (the window is full, the input all taken),
//! every [`IDLE_TURN`](dance_dlx::ordered::IDLE_TURN) (the ordered stream's wait by design). A pool of
//! one worker takes one item at a time, as no other worker would hand its
//! results on.
//!
//! # The window
//!
//! Every result weighs one, and the stream's bound is
//! [`WINDOW_PER_THREAD`] items per worker: a worker takes no item past
//! the room left, it waits (handing on meanwhile), so memory stays flat
//! however long the input. The stream has as many slots as the window
//! holds items, so chunk `k`'s slot is free by then, since each chunk
//! holds at least one item of the window.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use dance_dlx::ordered::{Ordered, SharedSink, StopOnPanic};

use super::WORKER;
use crate::Solver;

/// Results a [`stream`] holds per worker thread at most, finished but not
/// handed on because an earlier item is still being worked on: enough for
/// the other workers to go on past a slow item for a while, little enough
/// that memory stays flat.
pub const WINDOW_PER_THREAD: usize = 256;

/// The most items a worker of a [`stream`] takes at a time.
const CHUNK_MAX: usize = 64;

/// How long a chunk should take: long enough that the locks a chunk takes
/// cost nothing beside its work, short enough that the workers hand
/// results on often.
const CHUNK_TIME: Duration = Duration::from_millis(1);

/// Applies `work` to every item of `items` and shows each result to `sink`
/// in input order, as soon as the results of every earlier item have been:
/// on the calling thread alone when `pool` is `None` (one item after
/// another, nothing else running), else on every worker of `pool`, each
/// with its own [`Solver`] (as in [`par_map`](super::par_map)).
///
/// On the pool, the workers take consecutive items a chunk at a time
/// (`items` is read by one worker at a time, in order; a chunk is one item
/// at first, then longer while chunks take well under a millisecond, up to
/// 64 items), and a finished result waits until the results before it are
/// handed on. At most [`WINDOW_PER_THREAD`] items
/// per worker are taken and not handed on: a worker that would take
/// further waits for the window to move, so memory stays bounded however
/// long the input. A slow item holds back the results after it only.
/// `sink` runs on one worker at a time; when it returns
/// [`ControlFlow::Break`], no more items are read or worked on (a worker
/// finishes the item it is on), the results not handed on are dropped,
/// and the break is returned. An iterator that ends early (a stop flag
/// raised, a read error) ends the stream after the results of the items
/// it gave.
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
/// let pool = batch::pool(dance_dlx::Threads::new(2)?)?;
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
    let threads = pool.current_num_threads();
    let window = WINDOW_PER_THREAD * threads;
    let shared = Stream {
        input: Mutex::new(Input { items, chunks: 0 }),
        // One item, one unit of the window; as many slots as it holds.
        ordered: Ordered::new(window, threads, window as u64, one::<R> as fn(&R) -> u64),
        chunk_max: if threads == 1 { 1 } else { CHUNK_MAX },
        exhausted: AtomicBool::new(false),
    };
    let sink = SharedSink::new(sink);
    pool.broadcast(|context| shared.work(context.index(), &work, &sink));
    sink.ended()
}

/// Every result's weight in the window.
fn one<R>(_: &R) -> u64 {
    1
}

/// What the workers of a [`stream`] share.
struct Stream<I: Iterator, R> {
    input: Mutex<Input<I>>,
    /// Chunk `k` is the ordered stream's position `k`.
    ordered: Ordered<R>,
    /// The most items in a chunk.
    chunk_max: usize,
    /// The items ran out: every item is taken.
    exhausted: AtomicBool,
}

/// The items not taken yet.
struct Input<I> {
    items: I,
    /// Chunks taken so far: the number of the next one.
    chunks: u64,
}

/// Locks `mutex`, whose data stays valid even if a holder panicked.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The length of a worker's next chunk after one of `len` items took
/// `took`.
fn next_len(len: usize, took: Duration, max: usize) -> usize {
    if took < CHUNK_TIME / 2 {
        (len * 2).min(max)
    } else if took > CHUNK_TIME {
        (len / 2).max(1)
    } else {
        len
    }
}

impl<I: Iterator, R> Stream<I, R> {
    /// One worker: takes chunks and works on them until none is left,
    /// handing on the results that are next after each, then hands on what
    /// the others finish until every result is handed on.
    fn work<S, B>(
        &self,
        worker: usize,
        work: &(impl Fn(&mut Solver, I::Item) -> R + Sync),
        sink: &SharedSink<S, B>,
    ) where
        S: FnMut(&R) -> ControlFlow<B>,
    {
        // Taken out for the whole loop, as in `par_map`.
        let mut solver = WORKER.take().unwrap_or_default();
        // A panicking worker ends the stream, so that the others stop
        // waiting for a result that will never come; `broadcast` then
        // raises the panic on the calling thread.
        let _guard = StopOnPanic(&self.ordered);
        let mut len = 1;
        let mut items = Vec::new();
        while let Some(number) = self.take(worker, len, &mut items, sink) {
            let started = Instant::now();
            for item in items.drain(..) {
                if self.ordered.stopped() {
                    break;
                }
                let result = work(&mut solver, item);
                self.ordered.push(number, result);
            }
            self.ordered.offer(sink);
            len = next_len(len, started.elapsed(), self.chunk_max);
        }
        self.ordered.wait_until(
            || self.exhausted.load(SeqCst) && self.ordered.waiting() == 0,
            || self.ordered.offer(sink),
        );
        WORKER.set(Some(solver));
    }

    /// Takes the next chunk of at most `len` items into `items` for
    /// `worker`, once the window has room (handing on meanwhile), opens it
    /// and returns its number; `None` when no item is left or the stream
    /// stopped.
    fn take<S, B>(
        &self,
        worker: usize,
        len: usize,
        items: &mut Vec<I::Item>,
        sink: &SharedSink<S, B>,
    ) -> Option<u64>
    where
        S: FnMut(&R) -> ControlFlow<B>,
    {
        let mut input = lock(&self.input);
        let ordered = &self.ordered;
        // Under the input's lock the room only grows.
        if ordered.room() == 0 {
            ordered.wait_until(|| ordered.room() > 0, || ordered.offer(sink));
        }
        if ordered.stopped() || self.exhausted.load(SeqCst) {
            return None;
        }
        let len = len.min(ordered.room() as usize);
        items.extend(input.items.by_ref().take(len));
        let ran_out = items.len() < len;
        let number = (!items.is_empty()).then(|| {
            let number = input.chunks;
            input.chunks += 1;
            ordered.open(number, worker, Some(items.len()));
            ordered.admit(items.len() as u64);
            number
        });
        if ran_out {
            // After the admission: a worker that sees the items ran out
            // sees them all held until they are handed on.
            self.exhausted.store(true, SeqCst);
        }
        number
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::pool;
    use dance_dlx::Threads;
    use dance_dlx::ordered::IDLE_TURN;

    /// Items of uneven cost, results in order on both paths; a slow item
    /// holds back the results after it only, and never more of them than the
    /// window.
    #[test]
    fn a_stream_hands_results_on_in_order_within_its_window() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let pool = pool(Threads::new(3).unwrap()).unwrap();
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
                    assert!(ahead <= window, "{ahead} taken ahead");
                    seen.push(*square);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(ended, ControlFlow::Continue(()));
            assert_eq!(seen, (0..5000u64).map(|k| k * k).collect::<Vec<_>>());
        }
    }

    /// The results before a slow item are handed on while it is worked
    /// on, though it came in the same chunk as they did: with one worker
    /// and with two, the slow item waits until the sink has seen every
    /// result before it (or gives up after ten seconds, and the test
    /// fails).
    #[test]
    fn a_slow_item_holds_back_no_result_before_it() {
        use std::sync::atomic::{AtomicU64, Ordering};
        for threads in [1, 2] {
            let pool = pool(Threads::new(threads).unwrap()).unwrap();
            for slow in [1, 700, 1500, 1999] {
                let seen = AtomicU64::new(0);
                let mut waited = None;
                let ended: ControlFlow<()> = stream(
                    Some(&pool),
                    0..2000u64,
                    |_, k| {
                        if k + 1 == slow {
                            // Long enough for the other worker to run out
                            // of work when `slow` is the last item.
                            std::thread::sleep(Duration::from_millis(20));
                        }
                        if k == slow {
                            let started = Instant::now();
                            while seen.load(Ordering::SeqCst) < slow
                                && started.elapsed() < Duration::from_secs(10)
                            {
                                std::thread::sleep(Duration::from_millis(1));
                            }
                            return Some(seen.load(Ordering::SeqCst));
                        }
                        None
                    },
                    |before| {
                        if before.is_some() {
                            waited = *before;
                        }
                        seen.fetch_add(1, Ordering::SeqCst);
                        ControlFlow::Continue(())
                    },
                );
                assert_eq!(ended, ControlFlow::Continue(()));
                assert_eq!(seen.into_inner(), 2000);
                assert_eq!(waited, Some(slow), "{threads} threads, item {slow}");
            }
        }
    }

    /// The one wait by design: results finished in a chunk whose worker is
    /// then busy with a slow item of the same chunk reach the sink within
    /// an idle turn or a chunk of the other worker, not when the slow item
    /// ends — 50 idle turns allowed, for a loaded machine; the slow item
    /// takes 100.
    #[test]
    fn a_finished_result_waits_at_most_an_idle_turn() {
        let pool = pool(Threads::new(2).unwrap()).unwrap();
        // In the middle, the other worker hands on at the end of its own
        // chunks; last, it has nothing left but its idle turns.
        for slow in [1500u64, 1999] {
            let finished: Vec<Mutex<Option<Instant>>> =
                (0..2000).map(|_| Mutex::new(None)).collect();
            let mut latest = Duration::ZERO;
            let ended: ControlFlow<()> = stream(
                Some(&pool),
                0..2000u64,
                |_, k| {
                    if k == slow {
                        std::thread::sleep(IDLE_TURN * 100);
                    }
                    *lock(&finished[k as usize]) = Some(Instant::now());
                    k
                },
                |&k| {
                    if k < slow {
                        let done = lock(&finished[k as usize]).expect("finished before seen");
                        latest = latest.max(done.elapsed());
                    }
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(ended, ControlFlow::Continue(()));
            assert!(
                latest < IDLE_TURN * 50,
                "item {slow}: a result waited {latest:?}"
            );
        }
    }

    #[test]
    fn an_empty_stream_hands_nothing_on() {
        let pool = pool(Threads::new(2).unwrap()).unwrap();
        for pool in [None, Some(&*pool)] {
            let ended = stream(pool, 0..0u64, |_, k| k, |_| ControlFlow::Break(()));
            assert_eq!(ended, ControlFlow::Continue(()));
        }
    }

    #[test]
    fn a_stream_stops_when_its_sink_breaks() {
        let pool = pool(Threads::new(2).unwrap()).unwrap();
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
        let pool = pool(Threads::new(2).unwrap()).unwrap();
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
}
