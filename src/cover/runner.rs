//! The progress bar of `dance cover`'s searches. The search itself — the
//! cut into subproblems, the threads, the stop, the limit — is the
//! library's ([`dance_dlx::threads`]); the bar reads its [`Progress`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use dance_dlx::Progress;

use crate::progress::Bar;

/// How often the bar reads the search's progress.
const READ_EVERY: Duration = Duration::from_millis(100);

/// The threads and subproblems of a search that `progress` followed, when
/// the tree was cut for threads.
pub fn parallel(threads: usize, progress: &Progress) -> Option<(usize, usize)> {
    let parts = usize::try_from(progress.parts()).unwrap_or(usize::MAX);
    (parts > 1).then_some((threads.min(parts), parts))
}

/// What the bar counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// The solutions found ([`Progress::solutions`]).
    Solutions,
    /// The search nodes of a memo's walk ([`Progress::nodes`]).
    Nodes,
}

/// Runs `search` while a thread shows on `bar` what `progress` says: the
/// solutions or nodes so far and, once the library has cut the tree, the
/// subproblems done. The thread is woken when the search ends, so that it
/// never holds the run up.
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
        let reader = bar.is_drawn().then(|| {
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
                    thread::park_timeout(READ_EVERY);
                }
            })
        });
        let result = search();
        done.store(true, Ordering::Relaxed);
        if let Some(reader) = reader {
            reader.thread().unpark();
        }
        result
    })
}
