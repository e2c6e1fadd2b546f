//! The progress bar of `dance cover`'s counts. The search itself — the
//! cut into subproblems, the threads, the stop, the limit — is the
//! library's ([`dance_dlx::threads`]); the bar reads its [`Progress`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::Duration;

use dance_dlx::Progress;

/// The threads and subproblems of a search that `progress` followed, when
/// the tree was cut for threads.
pub fn parallel(threads: usize, progress: &Progress) -> Option<(usize, usize)> {
    let parts = usize::try_from(progress.parts()).unwrap_or(usize::MAX);
    (parts > 1).then_some((threads.min(parts), parts))
}

/// How a search shows its progress: a bar on stderr counting `noun`s.
#[derive(Clone, Copy, Debug)]
pub struct Show {
    /// Whether to draw the bar at all.
    pub enabled: bool,
    /// What the bar counts: `"solutions"` ([`Progress::solutions`]) or
    /// `"nodes"` ([`Progress::nodes`]).
    pub noun: &'static str,
}

/// Runs `search` while a thread draws the bar from `progress`: the
/// subproblems done of those the library cut (once it has cut them), and
/// the solutions or nodes so far.
pub fn with_progress<T>(show: Show, progress: &Progress, search: impl FnOnce() -> T) -> T {
    let done = AtomicBool::new(false);
    thread::scope(|scope| {
        if show.enabled {
            let done = &done;
            scope.spawn(move || {
                // The bar's total is known once the library has cut the tree.
                while progress.parts() == 0 && !done.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(10));
                }
                let parts = progress.parts();
                let finished = Arc::new(AtomicU64::new(0));
                let total = (parts > 1).then_some(parts);
                let mut bar = crate::progress::Bar::new(true, total, finished.clone(), show.noun);
                while !done.load(Ordering::Relaxed) {
                    finished.store(progress.parts_done(), Ordering::Relaxed);
                    let counted = if show.noun == "nodes" {
                        progress.nodes()
                    } else {
                        progress.solutions()
                    };
                    bar.update(counted);
                    thread::sleep(Duration::from_millis(100));
                }
                bar.finish();
            });
        }
        let result = search();
        done.store(true, Ordering::Relaxed);
        result
    })
}
