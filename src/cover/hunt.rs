//! Searching for solutions under the user's bounds — a limit, a deadline —
//! on one thread or on many, with progress counted in shared atomics.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use dance_dlx::{Event, OptionId, Solver};
use rayon::prelude::*;

/// Nodes searched between two looks at the clock and at the other workers.
const CHECK_INTERVAL: u64 = 1 << 14;

/// What to look for.
#[derive(Clone, Copy, Debug)]
pub struct Hunt {
    /// Stop after this many solutions.
    pub limit: u64,
    /// Keep the solutions (to print them), not just count them.
    pub keep: bool,
    /// Stop at this time.
    pub deadline: Option<Instant>,
}

/// Counters shared by every worker, read by the progress bar.
#[derive(Debug, Default)]
pub struct Tally {
    /// Solutions found so far.
    pub solutions: AtomicU64,
    /// Subproblems finished (shared with the progress bar).
    pub subproblems: Arc<AtomicU64>,
    /// Search nodes and link updates, added as each subproblem ends.
    pub nodes: AtomicU64,
    /// See `nodes`.
    pub updates: AtomicU64,
    /// Set when the deadline passed.
    pub timed_out: AtomicBool,
}

/// What one search found.
#[derive(Debug, Default)]
pub struct Part {
    /// Solutions found (at most the limit).
    pub count: u64,
    /// The solutions, options sorted, when [`Hunt::keep`] is set and the
    /// part comes from [`search_parallel`] (which must hold them until the
    /// parts before it are written); [`search`] hands each to its visitor.
    pub solutions: Vec<Vec<OptionId>>,
    /// Whether the search tree was exhausted.
    pub complete: bool,
}

/// Searches below `solver`'s selection plus `prefix`, until `limit`
/// solutions, the deadline, exhaustion, or `cancelled()`; calls `visit` with
/// each solution (options sorted). Leaves the selection as it found it.
pub fn search<E>(
    solver: &mut Solver,
    prefix: &[OptionId],
    hunt: &Hunt,
    limit: u64,
    tally: &Tally,
    cancelled: impl Fn() -> bool,
    mut visit: impl FnMut(&[OptionId]) -> Result<(), E>,
) -> Result<Part, E> {
    let selected = solver.selected().count();
    for &option in prefix {
        let chosen = solver.select(option);
        debug_assert!(chosen.is_ok(), "subproblems select available options");
    }
    solver.rewind();
    let budget = if hunt.deadline.is_some() || !prefix.is_empty() {
        CHECK_INTERVAL
    } else {
        u64::MAX
    };
    let mut part = Part::default();
    let mut sorted = Vec::new();
    let result = loop {
        if part.count == limit {
            break Ok(());
        }
        if hunt
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            tally.timed_out.store(true, Ordering::Relaxed);
            break Ok(());
        }
        if tally.timed_out.load(Ordering::Relaxed) || cancelled() {
            break Ok(());
        }
        match solver.resume(budget) {
            Event::Solution => {
                part.count += 1;
                tally.solutions.fetch_add(1, Ordering::Relaxed);
                // A count needs no solution: building and sorting one per
                // solution cost 3-4% of a 13-queens count.
                if hunt.keep {
                    sorted.clear();
                    sorted.extend(solver.solution());
                    sorted.sort_unstable();
                }
                if let Err(error) = visit(&sorted) {
                    break Err(error);
                }
            }
            Event::Exhausted => {
                part.complete = true;
                break Ok(());
            }
            Event::BudgetSpent => {}
        }
    };
    let stats = solver.stats();
    tally.nodes.fetch_add(stats.nodes, Ordering::Relaxed);
    tally.updates.fetch_add(stats.updates, Ordering::Relaxed);
    tally.subproblems.fetch_add(1, Ordering::Relaxed);
    solver.rewind();
    while solver.selected().count() > selected {
        solver.unselect();
    }
    result.map(|()| part)
}

/// Searches every subproblem on `pool`, `chunk` at a time
/// in order, and hands each chunk's parts to `emit` in subproblem order —
/// which is the order of the sequential search. Stops when `hunt.limit`
/// solutions are found in that order (so a limited search finds the same
/// solutions as a sequential one), at the deadline, or when `emit` fails.
/// Returns the solutions found and whether the whole tree was searched.
pub fn search_parallel<E>(
    pool: &rayon::ThreadPool,
    template: &Solver,
    subproblems: &[Vec<OptionId>],
    hunt: &Hunt,
    chunk: usize,
    tally: &Tally,
    mut emit: impl FnMut(Part) -> Result<(), E>,
) -> Result<(u64, bool), E> {
    let mut found = 0;
    let mut complete = true;
    for group in subproblems.chunks(chunk.max(1)) {
        let remaining = hunt.limit - found;
        // With a limit of one (a first solution), a subproblem that found
        // one cancels the later subproblems of its chunk: none of theirs
        // can come first.
        let first_found = AtomicUsize::new(usize::MAX);
        let parts: Vec<Part> = pool.install(|| {
            group
                .par_iter()
                .enumerate()
                .map_init(
                    || template.clone(),
                    |solver, (k, prefix)| {
                        let cancelled =
                            || remaining == 1 && first_found.load(Ordering::Relaxed) < k;
                        let mut kept = Vec::new();
                        let part = search(
                            solver,
                            prefix,
                            hunt,
                            remaining,
                            tally,
                            cancelled,
                            |solution| {
                                if hunt.keep {
                                    kept.push(solution.to_vec());
                                }
                                Ok::<(), ()>(())
                            },
                        );
                        let mut part = part.unwrap_or_default();
                        part.solutions = kept;
                        if part.count > 0 {
                            first_found.fetch_min(k, Ordering::Relaxed);
                        }
                        part
                    },
                )
                .collect()
        });

        for mut part in parts {
            let room = hunt.limit - found;
            if part.count >= room {
                part.count = room;
                part.solutions.truncate(room as usize);
                part.complete = false;
            }
            found += part.count;
            complete &= part.complete;
            emit(part)?;
            if found == hunt.limit {
                return Ok((found, false));
            }
        }
        if tally.timed_out.load(Ordering::Relaxed) {
            return Ok((found, false));
        }
    }
    Ok((found, complete))
}
