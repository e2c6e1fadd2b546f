//! Long calls that Ctrl-C stops: the work runs on another thread while the
//! calling thread, the GIL released, waits for it and looks at Python's
//! signals every [`SIGNAL_INTERVAL`]. On a signal it raises the work's stop
//! flag — which every search of the libraries looks at within a few
//! milliseconds (a [`dance_dlx::Stop`] with the flag, a memo count's
//! observer, a batch that skips what is left) — waits for the work to end
//! and raises the signal's exception (`KeyboardInterrupt`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call looks at Python's signals.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

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
    wait(py, receiver, &stop)
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
        let result = wait(py, receiver, &stop);
        if let Err(panic) = worker.join() {
            std::panic::resume_unwind(panic);
        }
        result
    })
}

/// Waits for the work's result, looking at Python's signals meanwhile; on
/// a signal, raises `stop`, waits for the work to end and returns the
/// signal's exception.
fn wait<R: Send>(py: Python<'_>, receiver: mpsc::Receiver<R>, stop: &AtomicBool) -> PyResult<R> {
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
                    // The work looks at the flag within milliseconds.
                    let _ = py.detach(move || receiver.recv());
                    return Err(signal);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the worker threads stopped"));
            }
        }
    }
}
