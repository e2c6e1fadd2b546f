//! The one runner of `dance cover`'s searches: the plain search (a count,
//! or solutions printed) and the memo's count, on one thread or many.
//!
//! A search is a [`Worker`] per thread — [`Plain`](super::plain::Plain) or
//! [`Memo`](super::memo::Memo) — and the runner does the rest, the same
//! for both: it cuts the tree into subproblems for the threads (within a
//! cost bound, see [`subproblems`]), starts the threads, which take the
//! subproblems in the order of the sequential search, keeps the progress
//! bar, and adds up what the workers found into one [`Run`]. With one
//! thread, or a tree that cannot be cut, the search runs on the calling
//! thread, with no other thread started but the progress bar's.
//!
//! Every worker stops at the first of: its subproblem exhausted, the
//! library's [`Stop`] of the request (the `--timeout` deadline, the flag a
//! signal raises, and the flag a worker raises when the run has what it
//! looks for: the limit reached, the output closed) — each worker's search
//! is the library's [`Pursuit`](dance_dlx::Pursuit) of the request, which
//! looks at the stop by the work done, not by the nodes alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::Context;
use dance_dlx::{ExactCount, MemoStats, OptionId, PARTS_PER_THREAD, Solver, Stop};

use crate::progress::Progress;

/// Counters that the workers add to as they go, read by the progress bar.
#[derive(Debug, Default)]
pub struct LiveCounts {
    /// Solutions found so far.
    pub solutions: AtomicU64,
    /// Search nodes so far (the memo's; the plain search counts its
    /// solutions).
    pub nodes: AtomicU64,
    /// Subproblems finished.
    subproblems: Arc<AtomicU64>,
}

/// What one subproblem's search found.
#[derive(Clone, Debug)]
pub struct PartCount {
    /// Solutions: all of the subproblem's, or as many as were found before
    /// it stopped.
    pub count: ExactCount,
    /// Whether the subproblem's tree was exhausted.
    pub complete: bool,
}

/// The work behind an answer, in units that do not depend on the machine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Effort {
    /// Search nodes: options tried.
    pub nodes: u64,
    /// Link updates.
    pub updates: u64,
    /// The memo's statistics, for a count with the memo.
    pub memo: Option<MemoStats>,
}

impl Effort {
    /// Adds the work of another worker. Workers of one count share one
    /// memo, so its size (entries, evictions, bytes) is the largest any of
    /// them saw, not a sum.
    fn add(&mut self, other: &Effort) {
        self.nodes += other.nodes;
        self.updates += other.updates;
        self.memo = match (self.memo, other.memo) {
            (Some(a), Some(b)) => Some(MemoStats {
                nodes: a.nodes + b.nodes,
                updates: a.updates + b.updates,
                hits: a.hits + b.hits,
                misses: a.misses + b.misses,
                entries: a.entries.max(b.entries),
                evictions: a.evictions.max(b.evictions),
                bytes: a.bytes.max(b.bytes),
            }),
            (a, b) => a.or(b),
        };
    }
}

/// A search of subproblems on one thread: the plain search or the memo's
/// count.
pub trait Worker {
    /// Searches the subproblem that selects `prefix` on top of the
    /// selection, the `index`-th in the order of the sequential search;
    /// leaves the selection as it found it.
    fn search(&mut self, index: usize, prefix: &[OptionId]) -> anyhow::Result<PartCount>;

    /// The work of every search so far.
    fn work(&self) -> Effort;

    /// Whether the worker takes the subproblems from the last one back,
    /// meeting the workers that take them from the first on: the memo's
    /// bottom-up counters do, so that their walk of the states runs from
    /// the far end of the tree.
    fn takes_from_the_back(&self) -> bool {
        false
    }
}

/// What the runner found.
#[derive(Clone, Debug)]
pub struct Run {
    /// Solutions found: the exact count when `complete`.
    pub count: ExactCount,
    /// Whether the whole tree was searched.
    pub complete: bool,
    /// The work of every worker.
    pub work: Effort,
    /// Worker threads and subproblems, when the tree was cut for threads.
    pub parallel: Option<(usize, usize)>,
    /// From the start of the search to its end.
    pub elapsed: Duration,
}

/// How the runner shows its progress: a bar on stderr counting `noun`s.
#[derive(Clone, Copy, Debug)]
pub struct Show {
    /// Whether to draw the bar at all.
    pub enabled: bool,
    /// What the bar counts: `"solutions"` (read from [`LiveCounts::solutions`])
    /// or `"nodes"` ([`LiveCounts::nodes`]).
    pub noun: &'static str,
}

/// The subproblems for `threads` workers below `solver`'s selection:
/// [`PARTS_PER_THREAD`] per thread, cut within the library's bound for the
/// problem's size, `entries` (`Solver::split_into_parts_until`, which a
/// stop cuts short) — or `None` when one thread is asked for, or the tree
/// cannot be cut (multiplicities, a root too wide to split cheaply).
pub fn subproblems(
    solver: &mut Solver,
    threads: usize,
    entries: usize,
    stop: &Stop,
) -> Option<Vec<Vec<OptionId>>> {
    if threads <= 1 {
        return None;
    }
    let subproblems = solver
        .split_into_parts_until(threads * PARTS_PER_THREAD, entries, stop)
        .ok()?;
    (subproblems.len() > 1).then_some(subproblems)
}

/// Runs the search: one worker made by `make` from `solver` on this thread
/// when there are no `subproblems`; else one worker per thread, each with a
/// copy of `solver` and its thread's index (0 for the calling thread), each
/// taking the next subproblem until none is left — in order, or from the
/// back for a worker that asks to ([`Worker::takes_from_the_back`]).
pub fn run<W: Worker + Send>(
    solver: Solver,
    make: impl Fn(Solver, usize) -> anyhow::Result<W> + Sync,
    subproblems: Option<(usize, Vec<Vec<OptionId>>)>,
    tally: &LiveCounts,
    show: Show,
) -> anyhow::Result<Run> {
    let started = Instant::now();
    let total = subproblems.as_ref().map(|(_, s)| s.len() as u64);
    let (parts, work) = with_progress(show, total, tally, || match &subproblems {
        None => {
            let mut worker = make(solver, 0)?;
            let part = worker.search(0, &[]);
            tally.subproblems.fetch_add(1, Ordering::Relaxed);
            Ok((vec![part?], worker.work()))
        }
        Some((threads, subproblems)) => in_threads(solver, &make, *threads, subproblems, tally),
    })?;
    let mut count = ExactCount::ZERO;
    let mut complete = true;
    for part in &parts {
        count += &part.count;
        complete &= part.complete;
    }
    Ok(Run {
        count,
        complete,
        work,
        parallel: subproblems.map(|(threads, s)| (threads, s.len())),
        elapsed: started.elapsed(),
    })
}

/// One worker per thread over `subproblems`, taken from the front (or the
/// back); the parts come back in subproblem order.
fn in_threads<W: Worker + Send>(
    solver: Solver,
    make: &(impl Fn(Solver, usize) -> anyhow::Result<W> + Sync),
    threads: usize,
    subproblems: &[Vec<OptionId>],
    tally: &LiveCounts,
) -> anyhow::Result<(Vec<PartCount>, Effort)> {
    let left = Mutex::new(0..subproblems.len());
    let work_on =
        |solver: Solver, thread: usize| -> anyhow::Result<(Vec<(usize, PartCount)>, Effort)> {
            let mut worker = make(solver, thread)?;
            let back = worker.takes_from_the_back();
            let mut parts = Vec::new();
            loop {
                let taken = {
                    let mut left = left.lock().unwrap_or_else(PoisonError::into_inner);
                    if back { left.next_back() } else { left.next() }
                };
                let Some(index) = taken else {
                    break;
                };
                parts.push((index, worker.search(index, &subproblems[index])?));
                tally.subproblems.fetch_add(1, Ordering::Relaxed);
            }
            Ok((parts, worker.work()))
        };
    let copies: Vec<Solver> = (1..threads).map(|_| solver.clone()).collect();
    let results = thread::scope(|scope| {
        let mut handles = Vec::with_capacity(threads);
        for (thread, copy) in (1..).zip(copies) {
            let work_on = &work_on;
            let handle = thread::Builder::new()
                .spawn_scoped(scope, move || work_on(copy, thread))
                .context("cannot start the worker threads")?;
            handles.push(handle);
        }
        let mut results = vec![work_on(solver, 0)];
        for handle in handles {
            results.push(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        anyhow::Ok(results)
    })?;
    let mut parts = Vec::with_capacity(subproblems.len());
    let mut work = Effort::default();
    for result in results {
        let (found, worked) = result?;
        parts.extend(found);
        work.add(&worked);
    }
    parts.sort_by_key(|&(index, _)| index);
    Ok((parts.into_iter().map(|(_, part)| part).collect(), work))
}

/// Runs `search` while a thread keeps the progress bar up to date.
fn with_progress<T>(
    show: Show,
    total: Option<u64>,
    tally: &LiveCounts,
    search: impl FnOnce() -> T,
) -> T {
    let done = AtomicBool::new(false);
    thread::scope(|scope| {
        if show.enabled {
            let done = &done;
            scope.spawn(move || {
                let mut progress = Progress::new(true, total, tally.subproblems.clone(), show.noun);
                let counter = if show.noun == "nodes" {
                    &tally.nodes
                } else {
                    &tally.solutions
                };
                while !done.load(Ordering::Relaxed) {
                    progress.update(counter.load(Ordering::Relaxed));
                    thread::sleep(Duration::from_millis(100));
                }
                progress.finish();
            });
        }
        let result = search();
        done.store(true, Ordering::Relaxed);
        result
    })
}

/// Selects `prefix` on top of `solver`'s selection; returns how many
/// options were selected before, for [`unselect`].
pub fn select(solver: &mut Solver, prefix: &[OptionId]) -> usize {
    let selected = solver.selected().count();
    for &option in prefix {
        let chosen = solver.select(option);
        debug_assert!(chosen.is_ok(), "subproblems select available options");
    }
    selected
}

/// Takes back every option selected after the first `selected`.
pub fn unselect(solver: &mut Solver, selected: usize) {
    while solver.selected().count() > selected {
        solver.unselect();
    }
}
