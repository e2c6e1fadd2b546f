//! Long calls that Ctrl-C stops: the work runs on another thread while the
//! calling thread, the GIL released, waits for it and looks at Python's
//! signals every [`SIGNAL_INTERVAL`]. On a signal it raises the work's stop
//! flag — which every search of the libraries looks at within a few
//! milliseconds (a [`dance_dlx::Stop`] with the flag, handed to the
//! searches and to a batch, which then starts no more items:
//! `dance_sudoku::batch::par_map_until`) — waits for the work to end and
//! raises the signal's exception (`KeyboardInterrupt`).
//!
//! Making and rating a puzzle look at the flag too (the generator's and the
//! rater's `Stop`). Work is waited for [`GRACE`] at most all the same: a
//! call raises within a second whatever its work does, and what is left of
//! it ends in the background and is dropped.
//!
//! Batches ([`batch`]) run on the shared pool of their thread count — but
//! a batch of one thread runs on a thread of its own, with a solver kept
//! from an earlier call: a pool of one thread shared by every caller would
//! make calls from several Python threads (a Dask worker's tasks) wait for
//! each other.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError, mpsc};
use std::time::Duration;

use dance_dlx::Flag;
use dance_dlx::Threads;
use dance_sudoku::Solver;
use dance_sudoku::Stop;
use dance_sudoku::batch::{map_until, par_map_until};
use dance_sudoku::kept::Kept;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::args;

/// How often a waiting call looks at Python's signals.
const SIGNAL_INTERVAL: Duration = Duration::from_millis(50);

/// How long a call interrupted by Ctrl-C waits for its work to end.
const GRACE: Duration = Duration::from_millis(500);

/// Solvers kept for batches of one thread: enough for the Python threads
/// of a busy process; more are made when needed, and dropped after.
const KEPT_SOLVERS: usize = 16;

/// A flag for a new call, not raised: Ctrl-C raises it, and the work
/// looks at it (or hands it to the searches' [`dance_dlx::Stop`]).
pub fn flag() -> Flag {
    Arc::new(AtomicBool::new(false))
}

/// Runs `work` on every item of a batch on `threads` — in parallel on the
/// shared pool of that count, or in order on a thread of its own for one
/// thread — results in input order; Ctrl-C raises `stop` and stops the
/// batch between items.
pub fn batch<T, R>(
    py: Python<'_>,
    threads: Threads,
    items: Vec<T>,
    stop: &Flag,
    work: impl Fn(&mut Solver, &T) -> R + Send + Sync + 'static,
) -> PyResult<Vec<R>>
where
    T: Send + Sync + 'static,
    R: Send + 'static,
{
    // The libraries stop the batch when Ctrl-C raises `stop`; their `None`
    // then never reaches Python, which gets the signal's exception from
    // `wait` instead.
    let flag = stop.clone();
    if threads.count() == 1 {
        return on_thread(py, stop, move || {
            let mut solver = kept_solver();
            let results = map_until(&mut solver, &items, &Stop::when(flag), work);
            keep_solver(solver);
            results.unwrap_or_default()
        });
    }
    let pool = args::pool(threads)?;
    on_pool(py, &pool, stop, move || {
        par_map_until(&items, &Stop::when(flag), work).unwrap_or_default()
    })
}

/// The idle solvers of batches of one thread, in the Sudoku crate's one
/// cache.
static SOLVERS: Mutex<Kept<(), Solver, KEPT_SOLVERS>> = Mutex::new(Kept::new());

/// A solver kept from an earlier batch (with its matrices), or a new one.
fn kept_solver() -> Solver {
    let mut solvers = SOLVERS.lock().unwrap_or_else(PoisonError::into_inner);
    solvers.take(|_| true).unwrap_or_default()
}

/// Keeps `solver` for the next batch (the least recently kept goes when
/// there are too many).
fn keep_solver(solver: Solver) {
    let mut solvers = SOLVERS.lock().unwrap_or_else(PoisonError::into_inner);
    solvers.keep((), solver, |_| false);
}

/// Runs `work` on `pool` (whose threads are kept between calls); Ctrl-C
/// raises `stop`, which the work looks at.
fn on_pool<R: Send + 'static>(
    py: Python<'_>,
    pool: &rayon::ThreadPool,
    stop: &Flag,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (sender, receiver) = mpsc::channel();
    pool.spawn(move || {
        // The receiver is gone only if the call was interrupted.
        let _ = sender.send(work());
    });
    wait(py, receiver, stop)
}

/// Runs `work` on a thread of its own — so that calls from several Python
/// threads run side by side; Ctrl-C raises `stop`, which the work looks at.
pub fn on_thread<R: Send + 'static>(
    py: Python<'_>,
    stop: &Flag,
    work: impl FnOnce() -> R + Send + 'static,
) -> PyResult<R> {
    let (sender, receiver) = mpsc::channel();
    std::thread::Builder::new()
        .name("dance".to_owned())
        .spawn(move || {
            let _ = sender.send(work());
        })
        .map_err(|error| PyRuntimeError::new_err(format!("cannot start a thread: {error}")))?;
    wait(py, receiver, stop)
}

/// Waits for the work's result, looking at Python's signals meanwhile; on
/// a signal, raises `stop`, waits [`GRACE`] at most for the work to end
/// and returns the signal's exception.
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
                    let _ = py.detach(move || receiver.recv_timeout(GRACE));
                    return Err(signal);
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the worker threads stopped"));
            }
        }
    }
}
