//! `dance cover --memo`: the exact count with a memo of subproblems
//! ([`dance_dlx::MemoCounter`]), on one thread or many, within a memory budget.
//!
//! With `-jN` the tree is cut into subproblems as for the plain count, and
//! each worker thread keeps a memo of its own (a budget of `--memo-mb / N`)
//! for every subproblem it takes: a state met again by the same thread is
//! found in its memo, and nothing is shared or locked. Without `-j` the
//! memo runs on one thread: on the 16×16 domino board the per-thread memos
//! of `-j2` try twice the nodes of `-j1` (docs/benchmarks.md).

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use dance_dlx::{ExactCount, MemoCounter, MemoStats, OptionId, Solver};
use rayon::prelude::*;

use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::Progress;
use crate::stderr::{diagnose, diagnose_text};

/// What every worker found, added up.
#[derive(Debug, Default)]
struct Total {
    solutions: ExactCount,
    complete: bool,
    stats: MemoStats,
}

impl Total {
    fn add(&mut self, solutions: &ExactCount, complete: bool, stats: &MemoStats) {
        self.solutions += solutions;
        self.complete &= complete;
        let sum = &mut self.stats;
        sum.nodes += stats.nodes;
        sum.updates += stats.updates;
        sum.entries += stats.entries;
        sum.hits += stats.hits;
        sum.misses += stats.misses;
        sum.evictions += stats.evictions;
        sum.bytes += stats.bytes;
    }
}

/// Counts `solver`'s problem (with its selected options) with the memo.
pub fn run(
    args: &CoverArgs,
    mut solver: Solver,
    threads: usize,
    pool: Option<rayon::ThreadPool>,
    subproblems: impl FnOnce(&mut Solver) -> Option<Vec<Vec<OptionId>>>,
) -> anyhow::Result<Exit> {
    let budget = usize::try_from(args.memo_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
    let deadline = args.timeout.and_then(crate::limits::deadline);
    let show_progress = crate::progress::on_terminal(args.quiet);
    let started = Instant::now();
    let timed_out = AtomicBool::new(false);
    let nodes = AtomicU64::new(0);
    let finished = Arc::new(AtomicU64::new(0));
    // Called by every worker every 65,536 nodes: counts progress and stops
    // the count at the deadline.
    let observe = |last_nodes: &mut u64, stats: &MemoStats| {
        nodes.fetch_add(stats.nodes - *last_nodes, Ordering::Relaxed);
        *last_nodes = stats.nodes;
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            timed_out.store(true, Ordering::Relaxed);
        }
        if timed_out.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    };
    let parallel = pool.and_then(|pool| Some((pool, subproblems(&mut solver)?)));
    let total_parts = parallel.as_ref().map(|(_, s)| s.len() as u64);

    let counted = with_progress(show_progress, total_parts, &finished, &nodes, || {
        let mut total = Total {
            complete: true,
            ..Total::default()
        };
        match &parallel {
            None => {
                let mut memo = MemoCounter::new(&solver, budget)?;
                let mut last = 0;
                let count = memo.count_until(&mut solver, |stats| observe(&mut last, stats))?;
                total.add(&count.solutions, count.complete, &memo.stats());
            }
            Some((pool, subproblems)) => {
                // One solver and memo per worker thread, each with its share
                // of the budget.
                let workers = (0..threads)
                    .map(|_| {
                        Ok(Mutex::new((
                            solver.clone(),
                            MemoCounter::new(&solver, budget / threads)?,
                        )))
                    })
                    .collect::<Result<Vec<_>, dance_dlx::MemoError>>()?;
                let parts = pool.install(|| {
                    subproblems
                        .par_iter()
                        .map(|prefix| {
                            let index = rayon::current_thread_index().unwrap_or(0) % threads;
                            let mut worker = workers[index]
                                .lock()
                                .unwrap_or_else(|poisoned| poisoned.into_inner());
                            let (solver, memo) = &mut *worker;
                            let part = count_part(solver, memo, prefix, &observe);
                            finished.fetch_add(1, Ordering::Relaxed);
                            part
                        })
                        .collect::<Result<Vec<_>, dance_dlx::MemoError>>()
                })?;
                for part in &parts {
                    total.add(&part.solutions, part.complete, &MemoStats::default());
                }
                for worker in workers {
                    let (_, memo) = worker
                        .into_inner()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    total.add(&ExactCount::ZERO, true, &memo.stats());
                }
            }
        }
        Ok::<Total, dance_dlx::MemoError>(total)
    })
    .context("cannot count with --memo")?;

    let timed_out = timed_out.load(Ordering::Relaxed);
    let plus = if counted.complete { "" } else { "+" };
    let mut out = io::stdout().lock();
    writeln!(out, "{}{plus}", counted.solutions)?;
    out.flush()?;
    if timed_out {
        diagnose!(
            "dance: timed out after {:.3} s",
            started.elapsed().as_secs_f64()
        );
    }
    if args.stats {
        let stats = &counted.stats;
        let seconds = started.elapsed().as_secs_f64();
        let mut report = format!(
            "solutions: {}{plus}\nnodes: {}\nentries: {}\nhits: {}\nmisses: {}\nevictions: {}\nbytes: {}\nupdates: {}\ntime: {seconds:.3} s\n",
            counted.solutions,
            stats.nodes,
            stats.entries,
            stats.hits,
            stats.misses,
            stats.evictions,
            stats.bytes,
            stats.updates,
        );
        if let Some((_, subproblems)) = &parallel {
            report.push_str(&format!(
                "threads: {threads}, subproblems: {}, a memo of {} bytes at most per thread\n",
                subproblems.len(),
                budget / threads
            ));
        }
        diagnose_text!("{report}");
    }
    Ok(if !counted.solutions.is_zero() && !timed_out {
        Exit::Success
    } else {
        Exit::Shortfall
    })
}

/// What one subproblem's count found.
struct Part {
    solutions: ExactCount,
    complete: bool,
}

/// Counts the subproblem that selects `prefix` on top of `solver`'s
/// selection, and takes the prefix back.
fn count_part(
    solver: &mut Solver,
    memo: &mut MemoCounter,
    prefix: &[OptionId],
    observe: &(impl Fn(&mut u64, &MemoStats) -> ControlFlow<()> + Sync),
) -> Result<Part, dance_dlx::MemoError> {
    let selected = solver.selected().count();
    for &option in prefix {
        let chosen = solver.select(option);
        debug_assert!(chosen.is_ok(), "subproblems select available options");
    }
    let mut last = memo.stats().nodes;
    let count = memo.count_until(solver, |stats| observe(&mut last, stats));
    while solver.selected().count() > selected {
        solver.unselect();
    }
    let count = count?;
    Ok(Part {
        solutions: count.solutions,
        complete: count.complete,
    })
}

/// Runs `work` while a thread shows the nodes searched and the subproblems
/// finished.
fn with_progress<T>(
    enabled: bool,
    total: Option<u64>,
    finished: &Arc<AtomicU64>,
    nodes: &AtomicU64,
    work: impl FnOnce() -> T,
) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        if enabled {
            let done = &done;
            let finished = finished.clone();
            scope.spawn(move || {
                let mut progress = Progress::new(true, total, finished, "nodes");
                while !done.load(Ordering::Relaxed) {
                    progress.update(nodes.load(Ordering::Relaxed));
                    std::thread::sleep(Duration::from_millis(100));
                }
                progress.finish();
            });
        }
        let result = work();
        done.store(true, Ordering::Relaxed);
        result
    })
}
