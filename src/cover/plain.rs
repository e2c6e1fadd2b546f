//! The plain search: the library answers the request on as many threads as
//! asked ([`Solver::run_in_threads`] for a count,
//! [`Solver::run_with_progress`] for printed solutions, which reach the
//! visitor here in the sequential search's order); this module adds the
//! output. The library decides when to stop (the goal, the deadline, the
//! flags); a closed output ends the search from the visitor.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use dance_dlx::{OptionId, Problem, Progress, Request, Solver};

use super::print;
use super::runner::{self, Counted, Run};
use crate::progress::Bar;

/// Bytes of solutions gathered before they are written.
const BUFFER: usize = 32 << 10;

/// How often solutions waiting in the buffer are written, so that each
/// appears soon after it is found however slowly the next one comes.
const FLUSH_EVERY: Duration = Duration::from_millis(50);

/// Counts the solutions of `solver`'s problem on `threads` threads.
pub fn count(solver: &mut Solver, request: &Request, threads: usize, bar: &Bar) -> Run {
    let started = Instant::now();
    let progress = Progress::new();
    let answer = runner::with_progress(bar, Counted::Solutions, &progress, || {
        solver.run_in_threads(request, threads, Some(&progress))
    });
    Run::of_plain(&answer, threads, &progress, started)
}

/// Prints the solutions the request asks for to stdout, in the sequential
/// search's order, on `threads` threads: the run, and how many were
/// written.
pub fn print(
    solver: &mut Solver,
    problem: &Problem,
    request: &Request,
    threads: usize,
    bar: &Bar,
) -> anyhow::Result<(Run, u64)> {
    let started = Instant::now();
    let progress = Progress::new();
    let out = Mutex::new(BufWriter::with_capacity(BUFFER, io::stdout()));
    let lock = || out.lock().unwrap_or_else(PoisonError::into_inner);
    let done = AtomicBool::new(false);
    let broken = AtomicBool::new(false);
    let mut failed: Option<io::Error> = None;
    let mut written = 0;
    let mut sorted: Vec<OptionId> = Vec::new();
    let mut text = Vec::new();
    let answer = thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                thread::sleep(FLUSH_EVERY);
                if lock().flush().is_err() {
                    broken.store(true, Ordering::Relaxed);
                }
            }
        });
        let search = || {
            solver.run_with_progress(request, threads, &progress, |solution| {
                sorted.clear();
                sorted.extend_from_slice(solution);
                sorted.sort_unstable();
                text.clear();
                print::solution(problem, &sorted, &mut text);
                if let Err(error) = lock().write_all(&text) {
                    failed = Some(error);
                    return ControlFlow::Break(());
                }
                written += 1;
                if broken.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        };
        let answer = runner::with_progress(bar, Counted::Solutions, &progress, search);
        done.store(true, Ordering::Relaxed);
        answer
    });
    let flushed = out
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .flush();
    if let Some(error) = failed {
        return Err(error.into());
    }
    flushed?;
    Ok((Run::of_plain(&answer, threads, &progress, started), written))
}
