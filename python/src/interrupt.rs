//! Long calls that Ctrl-C stops: the work runs on another thread while the
//! calling thread, the GIL released, waits for it and looks at Python's
//! signals every [`SIGNAL_INTERVAL`]. On a signal it raises the work's stop
//! flag — which every search of the libraries looks at within a few
//! milliseconds (a [`dance_dlx::Stop`] with the flag, a memo count's
//! observer, a batch that starts no more items) — waits for the work to
//! end and raises the signal's exception (`KeyboardInterrupt`).
//!
//! One kind of work cannot be stopped inside an item: making a puzzle
//! (the generator takes no stop) and rating one. Work on a pool is waited
//! for [`GRACE`] at most: a big puzzle still being made (a 25×25 one takes
//! seconds) is finished in the background and dropped, and the call raises
//! at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use dance_sudoku::batch::par_map;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call looks at Python's signals.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// How long a call interrupted by Ctrl-C waits for work on a pool to end.
const GRACE: Duration = Duration::from_millis(500);

/// Items of a batch handed to the workers at a time: a batch stops between
/// two chunks when its flag is raised, so that ten million items left
/// cost nothing to skip; big enough that the threads' wait at the end of
/// a chunk is lost in its work.
const CHUNK: usize = 1 << 16;

/// [`par_map`] over `items`, a chunk at a time, none started once `stop`
/// is raised (the results then stop short).
pub fn par_map_chunks<T: Sync, R: Send>(
    items: &[T],
    stop: &AtomicBool,
    work: impl Fn(&mut dance_sudoku::Solver, &T) -> R + Sync,
) -> Vec<R> {
    let mut results = Vec::with_capacity(items.len());
    for chunk in items.chunks(CHUNK) {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        results.extend(par_map(chunk, &work));
    }
    results
}

/// Runs `work` on `pool` (whose threads are kept between calls), handing
/// it the flag that Ctrl-C raises.
pub fn on_pool<R: Send + 'static>(
    py: Python<'_>,
    pool: &rayon::ThreadPool,
    work: impl FnOnce(Arc<AtomicBool>) -> R + Send + 'static,
) -> PyResult<R> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let (sender, receiver) = mpsc::channel();
    pool.spawn(move || {
        // The receiver is gone only if the caller's thread died.
        let _ = sender.send(work(flag));
    });
    wait(py, receiver, &stop, Some(GRACE))
}

/// Runs `work` on a thread of its own — so that calls from several Python
/// threads run side by side — handing it the flag that Ctrl-C raises.
pub fn on_own_thread<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(Arc<AtomicBool>) -> R + Send,
) -> PyResult<R> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        let worker = scope.spawn(move || {
            let _ = sender.send(work(flag));
        });
        // Scoped work is always waited for; it must look at the flag.
        let result = wait(py, receiver, &stop, None);
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
        result
    })
}

/// Waits for the work's result, looking at Python's signals meanwhile; on
/// a signal, raises `stop`, waits for the work to end (`grace` at most)
/// and returns the signal's exception.
fn wait<R: Send>(
    py: Python<'_>,
    receiver: mpsc::Receiver<R>,
    stop: &AtomicBool,
    grace: Option<Duration>,
) -> PyResult<R> {
    let mut receiver = receiver;
    loop {
        // The receiver goes into the GIL-free closure and comes back: a
        // channel's end is not shared between threads.
        let (back, received) = py.detach(move || {
            let received = receiver.recv_timeout(SIGNAL_INTERVAL);
            (receiver, received)
        });
        receiver = back;
        match received {
            Ok(result) => return Ok(result),
            Err(mpsc::RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    stop.store(true, Ordering::Relaxed);
                    let _ = py.detach(move || match grace {
                        Some(grace) => receiver.recv_timeout(grace).ok(),
                        None => receiver.recv().ok(),
                    });
                    return Err(signal);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the worker threads stopped"));
            }
        }
    }
}
