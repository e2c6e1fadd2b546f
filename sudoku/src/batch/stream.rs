//! [`stream`]: results handed on in input order while the workers of a pool
//! work on the items.
//!
//! # Chunks
//!
//! A worker takes a *chunk* of consecutive items at once (one lock on the
//! input for all of them), puts each result in the chunk's own buffer as
//! it finishes (a lock on that buffer, which no one else touches meanwhile
//! but to hand results on), and at the end of the chunk hands on every
//! result that is next, its own and the ones others finished. A result is
//! written once, into its buffer, and read there by the sink; nothing
//! is moved through a shared window item by item, and the locks that the
//! workers share are taken once a chunk, not once an item. At three
//! microseconds an item, locking and moving results one by one made two
//! threads spend a third more CPU than one.
//!
//! Chunks adapt to the items: a worker's first chunk is one item, and the
//! next one is twice as long while chunks take less than half of
//! [`CHUNK_TIME`], half as long when one takes more, from one item to
//! [`CHUNK_MAX`]. Slow items go one at a time, so a chunk never holds
//! back a result for long: the results before a slow item in its chunk are
//! handed on by the other workers at the end of their chunks, or, when
//! they have nothing to do (the window is full, the input all taken),
//! every [`IDLE_TURN`]. A pool of one worker takes one item at a time, as
//! no other worker would hand its results on.
//!
//! # The window
//!
//! A worker takes no item that is [`WINDOW_PER_THREAD`] items per worker
//! or more past the next result to hand on: it waits (handing on
//! meanwhile), so memory stays flat however long the input. Chunk `k`
//! waits in buffer `k % window`, which is free by then, since each chunk
//! holds at least one item of the window.
//!
//! # Handing on
//!
//! One worker at a time hands results on, holding the sink; a worker that
//! finds it held leaves a mark and goes on working, and the holder looks
//! again before it lets go, so no result is left behind and no worker
//! waits for another to print.
//!
//! One wait is by design, and [`IDLE_TURN`] bounds it: a result finished
//! early in a chunk whose worker is still on a later item of it is handed
//! on by another worker — at the end of that one's chunk (a millisecond or
//! so, [`CHUNK_TIME`]) or, when it has nothing to do, at its next idle
//! turn — or by its own worker when the chunk ends. Handing on after every
//! item instead would take the sink's lock once an item, what chunks are
//! there to avoid; so the idle turn is the mechanism for that case, not a
//! safety net for a lost wake-up, and `a_finished_result_waits_at_most_an_idle_turn`
//! holds its bound. With one worker, chunks are one item long and nothing
//! waits.
//!
//! Every atomic is `SeqCst`: the argument above reads several of them in
//! one order (`pending` then the sink's lock, `idlers` then the condition
//! variable, `taken` before `exhausted`), which is simplest to trust under
//! one total order, and they are touched once a chunk, never once an item.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::SeqCst};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError, TryLockError};
use std::time::{Duration, Instant};

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

/// How often a worker with nothing to do hands on what the others finished.
const IDLE_TURN: Duration = Duration::from_millis(10);

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
    let threads = pool.current_num_threads();
    let window = WINDOW_PER_THREAD * threads;
    let shared = Stream {
        input: Mutex::new(Input {
            items,
            taken: 0,
            chunks: 0,
        }),
        chunks: (0..window)
            .map(|_| Padded(Mutex::new(Chunk::free())))
            .collect(),
        spares: (0..threads).map(|_| Padded(Mutex::new(None))).collect(),
        output: Mutex::new(Output {
            sink,
            chunk: 0,
            handed: 0,
            ended: None,
        }),
        window: window as u64,
        chunk_max: if threads == 1 { 1 } else { CHUNK_MAX },
        taken: AtomicU64::new(0),
        handed: AtomicU64::new(0),
        exhausted: AtomicBool::new(false),
        stopped: AtomicBool::new(false),
        pending: AtomicBool::new(false),
        idle: Mutex::new(()),
        idlers: AtomicUsize::new(0),
        moved: Condvar::new(),
    };
    pool.broadcast(|context| shared.work(context.index(), &work));
    let output = shared
        .output
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    match output.ended {
        Some(value) => ControlFlow::Break(value),
        None => ControlFlow::Continue(()),
    }
}

/// What the workers of a [`stream`] share.
struct Stream<I: Iterator, R, S, B> {
    input: Mutex<Input<I>>,
    /// Chunk `k`'s results wait in `chunks[k % len]`; `len` is the window.
    chunks: Box<[Locked<Chunk<R>>]>,
    /// Per worker, the buffer of one of its chunks handed on, results and
    /// all: the worker drops the results and fills the buffer again, so
    /// what a worker allocated it frees itself, and a chunk costs no
    /// allocation.
    spares: Box<[Locked<Option<Vec<R>>>]>,
    output: Mutex<Output<S, B>>,
    /// Items taken and not handed on at most.
    window: u64,
    /// The most items in a chunk.
    chunk_max: usize,
    /// Items taken (as in [`Input::taken`]), for idle workers to read
    /// without the input's lock.
    taken: AtomicU64,
    /// Results handed on (as in [`Output::handed`]), for workers to read
    /// without the sink's lock.
    handed: AtomicU64,
    /// The items ran out: every item is taken.
    exhausted: AtomicBool,
    /// The stream ended early: the sink broke, or a worker panicked.
    stopped: AtomicBool,
    /// Results may be ready that the worker handing on has not seen.
    pending: AtomicBool,
    /// Held by a worker with nothing to do while it decides to sleep.
    idle: Mutex<()>,
    /// Workers asleep on `moved`, or deciding to.
    idlers: AtomicUsize,
    /// Signalled when results are handed on (the window moves) or the
    /// stream stops, for workers with nothing to do.
    moved: Condvar,
}

/// The items not taken yet.
struct Input<I> {
    items: I,
    /// Items taken so far: the number of the next one.
    taken: u64,
    /// Chunks taken so far: the number of the next one.
    chunks: u64,
}

/// The results of one chunk of items, while it is worked on and until
/// every one is handed on.
struct Chunk<R> {
    /// The chunk's number; `None` while the buffer is free.
    number: Option<u64>,
    /// Items in the chunk.
    len: usize,
    /// The worker working on it.
    worker: usize,
    /// Results so far, in order.
    results: Vec<R>,
    /// Results handed on so far.
    handed: usize,
}

impl<R> Chunk<R> {
    fn free() -> Chunk<R> {
        Chunk {
            number: None,
            len: 0,
            worker: 0,
            results: Vec::new(),
            handed: 0,
        }
    }
}

/// A value alone on its cache lines: two workers filling neighbouring
/// chunks do not take the same line from each other at every result.
#[repr(align(128))]
struct Padded<T>(T);

/// A value under its own lock, alone on its cache lines.
type Locked<T> = Padded<Mutex<T>>;

/// The sink and how far it got.
struct Output<S, B> {
    sink: S,
    /// The number of the chunk whose results are next.
    chunk: u64,
    /// Results handed on so far.
    handed: u64,
    /// The sink's break, if it broke.
    ended: Option<B>,
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

impl<I, R, S, B> Stream<I, R, S, B>
where
    I: Iterator,
    S: FnMut(&R) -> ControlFlow<B>,
{
    /// One worker: takes chunks and works on them until none is left,
    /// handing on the results that are next after each, then hands on what
    /// the others finish until every result is handed on.
    fn work(&self, worker: usize, work: &(impl Fn(&mut Solver, I::Item) -> R + Sync)) {
        // Taken out for the whole loop, as in `par_map`.
        let mut solver = WORKER.take().unwrap_or_default();
        let _guard = PanicGuard(self);
        let mut len = 1;
        let mut items = Vec::new();
        while let Some(number) = self.take(worker, len, &mut items) {
            let started = Instant::now();
            let chunk = &self.chunks[self.buffer(number)].0;
            for item in items.drain(..) {
                if self.stopped.load(SeqCst) {
                    break;
                }
                let result = work(&mut solver, item);
                lock(chunk).results.push(result);
            }
            self.hand_on();
            len = next_len(len, started.elapsed(), self.chunk_max);
        }
        self.idle_until(|| {
            self.exhausted.load(SeqCst) && self.handed.load(SeqCst) == self.taken.load(SeqCst)
        });
        WORKER.set(Some(solver));
    }

    /// Where chunk `number` waits.
    fn buffer(&self, number: u64) -> usize {
        (number % self.chunks.len() as u64) as usize
    }

    /// Takes the next chunk of at most `len` items into `items` for
    /// `worker`, once the window has room, and returns its number; `None`
    /// when no item is left or the stream stopped.
    fn take(&self, worker: usize, len: usize, items: &mut Vec<I::Item>) -> Option<u64> {
        let mut results = lock(&self.spares[worker].0).take().unwrap_or_default();
        results.clear();
        let mut input = lock(&self.input);
        let taken = input.taken;
        let room = || (self.handed.load(SeqCst) + self.window).saturating_sub(taken);
        if room() == 0 {
            self.idle_until(|| room() > 0);
        }
        if self.stopped.load(SeqCst) || self.exhausted.load(SeqCst) {
            return None;
        }
        let len = len.min(room() as usize);
        items.extend(input.items.by_ref().take(len));
        let ran_out = items.len() < len;
        let number = (!items.is_empty()).then(|| {
            let number = input.chunks;
            input.chunks += 1;
            input.taken += items.len() as u64;
            let mut chunk = lock(&self.chunks[self.buffer(number)].0);
            debug_assert!(chunk.number.is_none(), "chunk {number}'s buffer is in use");
            results.reserve(items.len());
            *chunk = Chunk {
                number: Some(number),
                len: items.len(),
                worker,
                results,
                handed: 0,
            };
            self.taken.store(input.taken, SeqCst);
            number
        });
        if ran_out {
            // After `taken`: a worker that sees the items ran out sees them
            // all taken.
            self.exhausted.store(true, SeqCst);
        }
        number
    }

    /// Hands on every result that is next, unless another worker is at it:
    /// that one then looks again before it lets go.
    fn hand_on(&self) {
        self.pending.store(true, SeqCst);
        while self.pending.load(SeqCst) && !self.stopped.load(SeqCst) {
            let mut output = match self.output.try_lock() {
                Ok(output) => output,
                Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner(),
                Err(TryLockError::WouldBlock) => return,
            };
            self.pending.store(false, SeqCst);
            let before = output.handed;
            self.hand_on_locked(&mut output);
            let moved = output.handed > before;
            drop(output);
            if moved {
                self.wake();
            }
        }
    }

    /// Hands on the results that are next, chunk after chunk, until one
    /// is missing or the sink breaks; frees the buffers handed on.
    fn hand_on_locked(&self, output: &mut Output<S, B>) {
        while output.ended.is_none() {
            let number = output.chunk;
            let mut chunk = lock(&self.chunks[self.buffer(number)].0);
            if chunk.number != Some(number) {
                // Not taken yet.
                return;
            }
            let Chunk {
                results, handed, ..
            } = &mut *chunk;
            for result in &results[*handed..] {
                *handed += 1;
                output.handed += 1;
                if let ControlFlow::Break(value) = (output.sink)(result) {
                    output.ended = Some(value);
                    break;
                }
            }
            self.handed.store(output.handed, SeqCst);
            if output.ended.is_some() {
                drop(chunk);
                self.stop();
                return;
            }
            if chunk.handed < chunk.len {
                // Still being worked on.
                return;
            }
            let results = std::mem::take(&mut chunk.results);
            let worker = chunk.worker;
            *chunk = Chunk::free();
            drop(chunk);
            let mut spare = lock(&self.spares[worker].0);
            if spare.is_none() {
                *spare = Some(results);
            }
            drop(spare);
            output.chunk += 1;
        }
    }

    /// Hands on what other workers finish, at least every [`IDLE_TURN`],
    /// until `ready` or the stream stops.
    fn idle_until(&self, ready: impl Fn() -> bool) {
        loop {
            self.hand_on();
            let idle = lock(&self.idle);
            // Counted before looking, so that a worker that moves the
            // window after this look sees someone to wake.
            self.idlers.fetch_add(1, SeqCst);
            if ready() || self.stopped.load(SeqCst) {
                self.idlers.fetch_sub(1, SeqCst);
                return;
            }
            let (idle, _) = self
                .moved
                .wait_timeout(idle, IDLE_TURN)
                .unwrap_or_else(PoisonError::into_inner);
            self.idlers.fetch_sub(1, SeqCst);
            drop(idle);
        }
    }

    /// Wakes the idle workers, if any, after the window moved.
    fn wake(&self) {
        if self.idlers.load(SeqCst) > 0 {
            drop(lock(&self.idle));
            self.moved.notify_all();
        }
    }
}

impl<I: Iterator, R, S, B> Stream<I, R, S, B> {
    /// Ends the stream early: no worker takes or works on another item.
    fn stop(&self) {
        self.stopped.store(true, SeqCst);
        drop(lock(&self.idle));
        self.moved.notify_all();
    }
}

/// Ends the stream when a worker unwinds from a panic, so that the others
/// stop waiting for a result that will never come; `broadcast` then raises
/// the panic on the calling thread.
struct PanicGuard<'a, I: Iterator, R, S, B>(&'a Stream<I, R, S, B>);

impl<I: Iterator, R, S, B> Drop for PanicGuard<'_, I, R, S, B> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::Threads;

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
            let pool = Threads::new(threads).unwrap().pool().unwrap();
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
        let pool = Threads::new(2).unwrap().pool().unwrap();
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
        let pool = Threads::new(2).unwrap().pool().unwrap();
        for pool in [None, Some(&*pool)] {
            let ended = stream(pool, 0..0u64, |_, k| k, |_| ControlFlow::Break(()));
            assert_eq!(ended, ControlFlow::Continue(()));
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
}
