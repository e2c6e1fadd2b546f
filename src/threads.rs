//! The worker threads of a command: `-j N`, or one per core, by the
//! library's one policy ([`dance_dlx::Threads`]).

use std::sync::Arc;

use dance_dlx::{MAX_THREADS, Threads};
use dance_sudoku::batch;

/// The pool of workers of a command that runs batches: `None` for one
/// thread (the command runs on its own).
pub fn workers(asked: Option<usize>) -> anyhow::Result<Option<Arc<rayon::ThreadPool>>> {
    let threads = threads(asked);
    if threads.count() <= 1 {
        return Ok(None);
    }
    Ok(Some(batch::pool(threads)?))
}

/// `asked` as the library's thread count (0 or none: one per core).
pub fn threads(asked: Option<usize>) -> Threads {
    // The command line refused larger counts when it read them; the
    // clamp only makes that visible here.
    let asked = asked.unwrap_or(0).min(MAX_THREADS) as u64;
    Threads::new(asked).unwrap_or(Threads::PER_CORE)
}
