//! The worker threads of a command: `-j N`, or one per core.

use anyhow::Context;

/// The number of threads asked for (one per core when not given, or 0), and
/// a rayon pool of that many when it is more than one: `-j1` runs on the
/// calling thread only, without rayon. The command line bounds `asked` by
/// [`MAX_THREADS`](crate::limits::MAX_THREADS).
pub fn pool(asked: Option<usize>) -> anyhow::Result<(usize, Option<rayon::ThreadPool>)> {
    let threads = count(asked);
    if threads <= 1 {
        return Ok((1, None));
    }
    Ok((threads, Some(start(threads)?)))
}

/// The number of threads asked for: one per core when not given, or 0.
pub fn count(asked: Option<usize>) -> usize {
    match asked {
        Some(0) | None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        Some(threads) => threads,
    }
}

/// A rayon pool of `threads` threads.
pub fn start(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")
}

/// `work` on every item, results in item order: on `pool` with one solver
/// per worker thread, or — without a pool — on this thread with `solver`.
pub fn map_with_solver<T: Sync, R: Send>(
    pool: Option<&rayon::ThreadPool>,
    solver: &mut dance_sudoku::Solver,
    items: &[T],
    work: impl Fn(&mut dance_sudoku::Solver, &T) -> R + Sync + Send,
) -> Vec<R> {
    match pool {
        None => items.iter().map(|item| work(solver, item)).collect(),
        Some(pool) => pool.install(|| dance_sudoku::batch::par_map(items, work)),
    }
}
