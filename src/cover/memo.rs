//! The memo's count: the library's
//! [`MemoCounter::count_in_threads`](dance_dlx::MemoCounter::count_in_threads),
//! which counts on one thread with a memo of its own, or on many with one
//! [`SharedMemo`](dance_dlx::SharedMemo) that every thread fills and reads
//! (every other thread bottom up, from the last subproblem back), so that
//! `-j2` tries about the nodes of `-j1` (`benches/memo.sh threads`). The
//! memo's budget, `--memo-mb`, is the whole memo's, however many threads
//! share it.

use std::time::Instant;

use dance_dlx::threads::Executor;
use dance_dlx::{Goal, Progress, Request, Solver, Stop, Threads};

use super::runner::{self, Run, Show};

/// Counts `solver`'s problem with a memo of `budget` bytes on `threads`
/// threads until `stop`.
pub fn count(
    solver: &mut Solver,
    budget: usize,
    threads: Threads,
    stop: &Stop,
    show: Show,
) -> anyhow::Result<Run> {
    let started = Instant::now();
    let progress = Progress::new();
    let request = Request::new(Goal::MemoCount { memory: budget }).with_stop(stop.clone());
    let answer = runner::with_progress(show, &progress, || {
        Executor::new(threads)
            .with_progress(&progress)
            .run(solver, &request)
    });
    let (count, stats) = match answer.findings {
        dance_dlx::Findings::Memo { count, stats } => (count, stats),
        _ => anyhow::bail!("cannot count with --memo"),
    };
    Ok(Run {
        count: count.solutions,
        complete: count.complete,
        work: stats.search,
        memo: Some(stats),
        parallel: runner::parallel(threads.count(), &progress),
        elapsed: started.elapsed(),
    })
}
