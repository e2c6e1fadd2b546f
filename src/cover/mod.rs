//! `dance cover`: exact-cover problems in Knuth's text format — counted,
//! printed, split into jobs, estimated, on one thread or many.

mod hunt;
mod jobs;
mod memo;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use dance_dlx::{OptionDisplay, OptionId, Problem, Solver, TextError};

use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::Progress;
use crate::stderr::{diagnose, diagnose_text};
use hunt::{Hunt, Part, Tally};

/// Subproblems per worker thread: enough that uneven subtrees even out.
const SUBPROBLEMS_PER_THREAD: usize = 64;
/// How deep the split may go looking for that many subproblems.
const MAX_SPLIT_DEPTH: usize = 12;
/// Option visits that selecting the subproblems may always cost: a few
/// milliseconds, nothing next to a search worth running in parallel.
const MIN_SPLIT_COST: u64 = 1 << 20;
/// Beyond that, option visits allowed per entry of the problem: a wide node
/// (one item with 10⁵ options) would cost 10¹⁰ visits to split below, and is
/// searched as one subproblem instead (see `Solver::split_within`).
const SPLIT_COST_PER_ENTRY: u64 = 8;

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Exit> {
    let problem = read(args)?;
    let mut solver = match args.seed {
        Some(seed) => Solver::with_seed(&problem, seed),
        None => Solver::new(&problem),
    };
    if let Some(job) = &args.job {
        for option in jobs::parse(job, &problem).context("bad --job")? {
            solver.select(option).map_err(|_| {
                anyhow::anyhow!(
                    "bad --job: option {} conflicts with the options before it",
                    option.index() + 1
                )
            })?;
        }
    }
    if args.estimate {
        return estimate(args, &mut solver);
    }
    if let Some(depth) = args.split {
        return split(&mut solver, depth);
    }

    if args.memo {
        // One thread unless -j asks for more: per-thread memos repeat each
        // other's work on tilings (docs/benchmarks.md).
        let (threads, pool) = crate::threads::pool(Some(args.threads.unwrap_or(1)))?;
        let max_cost =
            MIN_SPLIT_COST.max(SPLIT_COST_PER_ENTRY.saturating_mul(problem.entry_count() as u64));
        return memo::run(args, solver, threads, pool, |solver| {
            solver
                .split_within(threads * SUBPROBLEMS_PER_THREAD, MAX_SPLIT_DEPTH, max_cost)
                .ok()
        });
    }

    let keep = args.all || args.first;
    // A count limited to N looks for N + 1 solutions, to tell exactly N
    // (printed `N`) from more (printed `N+`).
    let hunt = Hunt {
        limit: match (args.first, keep, args.limit) {
            (true, _, _) => 1,
            (_, true, Some(limit)) => limit,
            (_, false, Some(limit)) => limit.saturating_add(1),
            (_, _, None) => u64::MAX,
        },
        keep,
        deadline: args.timeout.and_then(crate::limits::deadline),
    };
    let threads = crate::threads::count(args.threads);
    // Problems with multiplicities cannot be split, and a problem whose
    // root is too wide to split cheaply is one subproblem: both run
    // sequentially, without starting any thread.
    let max_cost =
        MIN_SPLIT_COST.max(SPLIT_COST_PER_ENTRY.saturating_mul(problem.entry_count() as u64));
    let subproblems = if threads > 1 {
        solver
            .split_within(threads * SUBPROBLEMS_PER_THREAD, MAX_SPLIT_DEPTH, max_cost)
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let parallel = if subproblems.len() > 1 {
        Some((crate::threads::start(threads)?, subproblems))
    } else {
        None
    };

    let started = Instant::now();
    let tally = Tally::default();
    let mut out = BufWriter::new(io::stdout().lock());
    let total = parallel.as_ref().map(|(_, s)| s.len() as u64);
    // The count is written after the bar is gone; solutions stream.
    let show_progress = !hunt.keep && crate::progress::on_terminal(args.quiet);
    let searched: anyhow::Result<(u64, bool)> =
        with_progress(show_progress, total, &tally, || match &parallel {
            None => {
                let part = hunt::search(
                    &mut solver,
                    &[],
                    &hunt,
                    hunt.limit,
                    &tally,
                    || false,
                    |solution| {
                        if hunt.keep {
                            print_solution(&problem, solution, &mut out)
                        } else {
                            Ok(())
                        }
                    },
                )?;
                Ok((part.count, part.complete))
            }
            Some((pool, subproblems)) => {
                // Counting needs no order: one pass over every subproblem. Printing
                // and limits go a few subproblems per thread at a time, in order.
                let chunk = if hunt.keep || hunt.limit != u64::MAX {
                    threads * 4
                } else {
                    subproblems.len()
                };
                let emit = |part: Part| -> io::Result<()> {
                    part.solutions
                        .iter()
                        .try_for_each(|solution| print_solution(&problem, solution, &mut out))?;
                    out.flush()
                };
                let (found, complete) =
                    hunt::search_parallel(pool, &solver, subproblems, &hunt, chunk, &tally, emit)?;
                Ok((found, complete))
            }
        });
    let (mut found, mut complete) = searched?;
    if let Some(limit) = args.limit.filter(|&limit| found > limit) {
        (found, complete) = (limit, false);
    }
    let timed_out = tally.timed_out.load(Ordering::Relaxed);
    if !hunt.keep {
        let plus = if complete { "" } else { "+" };
        writeln!(out, "{found}{plus}")?;
    }
    out.flush()?;

    if timed_out {
        diagnose!(
            "dance: timed out after {:.3} s",
            started.elapsed().as_secs_f64()
        );
    }
    if args.stats {
        let seconds = started.elapsed().as_secs_f64();
        let plus = if complete { "" } else { "+" };
        let updates = tally.updates.load(Ordering::Relaxed);
        let mut report = format!(
            "solutions: {found}{plus}\nnodes: {}\nupdates: {updates}\ntime: {seconds:.3} s\nupdates per second: {:.0}\n",
            tally.nodes.load(Ordering::Relaxed),
            updates as f64 / seconds.max(1e-9),
        );
        if let Some((_, subproblems)) = &parallel {
            report.push_str(&format!(
                "threads: {threads}, subproblems: {} (nodes count their searches, not the split above them)\n",
                subproblems.len()
            ));
        }
        diagnose_text!("{report}");
    }
    Ok(if found > 0 && !timed_out {
        Exit::Success
    } else {
        Exit::Shortfall
    })
}

/// Runs `work` while a thread keeps the progress bar up to date.
fn with_progress<T>(
    enabled: bool,
    total: Option<u64>,
    tally: &Tally,
    work: impl FnOnce() -> T,
) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        if enabled {
            let done = &done;
            scope.spawn(move || {
                let mut progress =
                    Progress::new(true, total, tally.subproblems.clone(), "solutions");

                while !done.load(Ordering::Relaxed) {
                    progress.update(tally.solutions.load(Ordering::Relaxed));
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

/// Prints a solution's options (sorted), one per line, then a blank line —
/// in one write, so that a buffered writer holds and flushes whole
/// solutions only, and a run cut short (Ctrl-C, a closed pipe) never ends in
/// half a solution.
fn print_solution(
    problem: &Problem,
    solution: &[OptionId],
    out: &mut impl Write,
) -> io::Result<()> {
    let mut text = String::new();
    for &option in solution {
        text.push_str(&OptionDisplay::new(problem, option).to_string());
        text.push('\n');
    }
    text.push('\n');
    out.write_all(text.as_bytes())
}

/// `--split DEPTH`: one job line per subproblem at that depth.
fn split(solver: &mut Solver, depth: usize) -> anyhow::Result<Exit> {
    let selected: Vec<OptionId> = solver.selected().collect();
    let subproblems = solver.split(depth)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for subproblem in &subproblems {
        let job: Vec<OptionId> = selected.iter().chain(subproblem).copied().collect();
        writeln!(out, "{}", jobs::format(&job))?;
    }
    out.flush()?;
    Ok(if subproblems.is_empty() {
        Exit::Shortfall
    } else {
        Exit::Success
    })
}

/// `--estimate`: Knuth's estimate of the search by random probes.
fn estimate(args: &CoverArgs, solver: &mut Solver) -> anyhow::Result<Exit> {
    let estimate = solver.estimate(args.probes, args.seed.unwrap_or(0))?;
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "nodes: {} (± {} standard error, {} probes)\nsolutions: {}",
        significant(estimate.nodes),
        significant(estimate.nodes_error),
        estimate.probes,
        significant(estimate.solutions),
    )?;
    Ok(Exit::Success)
}

/// A number to about three significant digits: `1234567` → `1.23e6`,
/// `42.5` → `42.5`.
fn significant(x: f64) -> String {
    if x == 0.0 {
        "0".to_owned()
    } else if x.abs() >= 1e5 || x.abs() < 1e-2 {
        format!("{x:.2e}")
    } else {
        let digits = if x.abs() >= 100.0 {
            0
        } else if x.abs() >= 10.0 {
            1
        } else {
            2
        };
        format!("{x:.digits$}")
    }
}

/// Reads the problem, naming the file in every error.
fn read(args: &CoverArgs) -> anyhow::Result<Problem> {
    let (name, reader): (String, Box<dyn BufRead>) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            (path.display().to_string(), Box::new(BufReader::new(file)))
        }
        _ => ("<stdin>".to_owned(), Box::new(io::stdin().lock())),
    };
    dance_dlx::read_problem(reader).map_err(|error| match error {
        TextError::Syntax { .. } => anyhow::anyhow!("{name}:{error}"),
        // The I/O error alone: its own message already says what failed.
        TextError::Io(error) => anyhow::Error::new(error).context(format!("cannot read {name}")),
        error => anyhow::Error::new(error).context(format!("cannot read {name}")),
    })
}
