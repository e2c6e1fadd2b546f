//! What `dance cover` keeps of a search for its printers, and its progress
//! bar. The search itself — the cut into subproblems, the threads, the
//! stop, the limit — is the library's ([`dance_dlx::threads`]): the plain
//! search answers through [`Solver::run_in_threads`](dance_dlx::Solver::run_in_threads)
//! and [`Solver::run_with_progress`](dance_dlx::Solver::run_with_progress),
//! the memo's count through
//! [`MemoCounter::count_in_threads`](dance_dlx::MemoCounter::count_in_threads),
//! and the bar reads their [`Progress`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use dance_dlx::{Answer, ExactCount, MemoStats, Progress, Stats};

use crate::progress::Bar;

/// What the search found, for the printers.
#[derive(Clone, Debug)]
pub struct Run {
    /// Solutions found: the exact count when `complete`.
    pub count: ExactCount,
    /// Whether the answer is exact.
    pub complete: bool,
    /// The work of every thread.
    pub work: Stats,
    /// The memo's statistics, for a count with the memo.
    pub memo: Option<MemoStats>,
    /// Threads and subproblems, when the tree was cut for threads.
    pub parallel: Option<(usize, usize)>,
    /// From the start of the search to its end.
    pub elapsed: Duration,
}

impl Run {
    /// The run of the plain search whose answer is `answer`, on `threads`
    /// threads that `progress` followed, started at `started`.
    pub fn of_plain(answer: &Answer, threads: usize, progress: &Progress, started: Instant) -> Run {
        Run {
            count: ExactCount::from(answer.count.solutions),
            complete: answer.count.complete,
            work: answer.stats,
            memo: None,
            parallel: parallel(threads, progress),
            elapsed: started.elapsed(),
        }
    }
}

/// The threads and subproblems of a search that `progress` followed, when
/// the tree was cut for threads.
pub fn parallel(threads: usize, progress: &Progress) -> Option<(usize, usize)> {
    let parts = usize::try_from(progress.parts()).unwrap_or(usize::MAX);
    (parts > 1).then_some((threads.min(parts), parts))
}

/// What the bar of a search counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Solutions found ([`Progress::solutions`]).
    Solutions,
    /// Nodes searched ([`Progress::nodes`]): the memo's count.
    Nodes,
}

/// Runs `search` while a thread feeds `bar` from `progress`: the solutions
/// or nodes so far, and the subproblems done of those the library cut
/// (once it has cut them).
pub fn with_progress<T>(
    bar: &Bar,
    counted: Counted,
    progress: &Progress,
    search: impl FnOnce() -> T,
) -> T {
    let done = AtomicBool::new(false);
    bar.set_noun(match counted {
        Counted::Solutions => "solutions",
        Counted::Nodes => "nodes",
    });
    bar.set_label("");
    thread::scope(|scope| {
        if bar.is_drawn() {
            let done = &done;
            scope.spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    bar.set(match counted {
                        Counted::Solutions => progress.solutions(),
                        Counted::Nodes => progress.nodes(),
                    });
                    let parts = progress.parts();
                    if parts > 1 {
                        let finished = progress.parts_done();
                        bar.set_label(format!("subproblems: {finished} of {parts} done"));
                    }
                    thread::sleep(Duration::from_millis(100));
                }
            });
        }
        let result = search();
        done.store(true, Ordering::Relaxed);
        result
    })
}
