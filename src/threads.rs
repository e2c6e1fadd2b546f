//! The worker threads of a command: `-j N`, or one per core, by the
//! library's one policy ([`dance_sudoku::batch::Threads`]).

use std::sync::Arc;

use dance_sudoku::batch::{self, Threads};

/// The number of threads asked for: one per core when not given, or 0.
/// The command line bounds `asked` by [`batch::MAX_THREADS`] when it reads
/// it ([`crate::limits::threads`]).
pub fn count(asked: Option<usize>) -> usize {
    threads(asked).count()
}

/// The shared pool for `asked` threads, or `None` for one thread: `-j1`
/// runs on the calling thread only, without rayon.
pub fn workers(asked: Option<usize>) -> anyhow::Result<Option<Arc<rayon::ThreadPool>>> {
    let threads = threads(asked);
    if threads.count() <= 1 {
        return Ok(None);
    }
    Ok(Some(threads.pool()?))
}

/// `asked` as the library's thread count (0 or none: one per core).
fn threads(asked: Option<usize>) -> Threads {
    // The command line refused larger counts when it read them; the
    // clamp only makes that visible here.
    let asked = asked.unwrap_or(0).min(batch::MAX_THREADS) as u64;
    Threads::new(asked).unwrap_or(Threads::PER_CORE)
}
