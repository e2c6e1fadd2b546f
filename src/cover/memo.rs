//! The memo's count: the library's
//! [`MemoCounter::count_in_threads`](dance_dlx::MemoCounter::count_in_threads),
//! which counts on one thread with a memo of its own, or on many with one
//! [`SharedMemo`](dance_dlx::SharedMemo) that every thread fills and reads
//! (every other thread bottom up, from the last subproblem back), so that
//! `-j2` tries about the nodes of `-j1` (`benches/memo.sh threads`). The
//! memo's budget, `--memo-mb`, is the whole memo's, however many threads
//! share it.

use std::time::Instant;

use anyhow::Context;
use dance_dlx::{MemoCounter, Progress, Solver, Stop};

use super::runner::{self, Counted, Run};
use crate::progress::Bar;

/// Counts `solver`'s problem with a memo of `budget` bytes on `threads`
/// threads until `stop`.
pub fn count(
    solver: &mut Solver,
    budget: usize,
    threads: usize,
    stop: &Stop,
    bar: &Bar,
) -> anyhow::Result<Run> {
    let started = Instant::now();
    let progress = Progress::new();
    let (count, stats) = runner::with_progress(bar, Counted::Nodes, &progress, || {
        MemoCounter::count_in_threads(solver, budget, threads, stop, Some(&progress))
    })
    .context("cannot count with --memo")?;
    Ok(Run {
        count: count.solutions,
        complete: count.complete,
        work: stats.search,
        memo: Some(stats),
        parallel: runner::parallel(threads, &progress),
        elapsed: started.elapsed(),
    })
}
