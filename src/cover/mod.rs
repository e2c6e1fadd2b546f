//! `dance cover`: exact-cover problems in Knuth's text format — counted,
//! printed, split into jobs, estimated, on one thread or many.

mod hunt;
mod jobs;
mod memo;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use dlx::{OptionDisplay, OptionId, Problem, Solver, TextError};

use crate::Outcome;
use crate::cli::CoverArgs;
use crate::progress::Progress;
use hunt::{Hunt, Part, Tally};

/// Subproblems per worker thread: enough that uneven subtrees even out.
const SUBPROBLEMS_PER_THREAD: usize = 64;
/// How deep the split may go looking for that many subproblems.
const MAX_SPLIT_DEPTH: usize = 12;

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Outcome> {
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

    let hunt = Hunt {
        limit: if args.first {
            args.limit.unwrap_or(1).min(1)
        } else {
            args.limit.unwrap_or(u64::MAX)
        },
        keep: args.all || args.first,
        deadline: args
            .timeout
            .map(|seconds| Instant::now() + Duration::from_secs_f64(seconds)),
    };
    if args.memo {
        // One thread unless -j asks for more: per-thread memos repeat each
        // other's work on tilings (docs/benchmarks.md).
        let (threads, pool) = crate::threads::pool(Some(args.threads.unwrap_or(1)))?;
        return memo::run(args, solver, threads, pool, |solver| {
            solver
                .split_into(threads * SUBPROBLEMS_PER_THREAD, MAX_SPLIT_DEPTH)
                .ok()
        });
    }
    let (threads, pool) = crate::threads::pool(args.threads)?;
    // Problems with multiplicities cannot be split: they run sequentially.
    let parallel = pool.and_then(|pool| {
        let subproblems = solver
            .split_into(threads * SUBPROBLEMS_PER_THREAD, MAX_SPLIT_DEPTH)
            .ok()?;
        Some((pool, subproblems))
    });

    let started = Instant::now();
    let tally = Tally::default();
    let mut out = BufWriter::new(io::stdout().lock());
    let total = parallel.as_ref().map(|(_, s)| s.len() as u64);
    let show_progress = !args.quiet && !hunt.keep && io::stderr().is_terminal();
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
    let (found, complete) = searched?;
    let timed_out = tally.timed_out.load(Ordering::Relaxed);
    if !hunt.keep {
        let plus = if complete { "" } else { "+" };
        writeln!(out, "{found}{plus}")?;
    }
    out.flush()?;

    if timed_out {
        eprintln!(
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
        eprint!("{report}");
    }
    Ok(if found > 0 && !timed_out {
        Outcome::Success
    } else {
        Outcome::Shortfall
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

/// Prints a solution's options (sorted), one per line, then a blank line.
fn print_solution(
    problem: &Problem,
    solution: &[OptionId],
    out: &mut impl Write,
) -> io::Result<()> {
    for &option in solution {
        writeln!(out, "{}", OptionDisplay::new(problem, option))?;
    }
    writeln!(out)
}

/// `--split DEPTH`: one job line per subproblem at that depth.
fn split(solver: &mut Solver, depth: usize) -> anyhow::Result<Outcome> {
    let selected: Vec<OptionId> = solver.selected().collect();
    let subproblems = solver.split(depth)?;
    let mut out = BufWriter::new(io::stdout().lock());
    for subproblem in &subproblems {
        let job: Vec<OptionId> = selected.iter().chain(subproblem).copied().collect();
        writeln!(out, "{}", jobs::format(&job))?;
    }
    out.flush()?;
    Ok(if subproblems.is_empty() {
        Outcome::Shortfall
    } else {
        Outcome::Success
    })
}

/// `--estimate`: Knuth's estimate of the search by random probes.
fn estimate(args: &CoverArgs, solver: &mut Solver) -> anyhow::Result<Outcome> {
    let estimate = solver.estimate(args.probes, args.seed.unwrap_or(0))?;
    println!(
        "nodes: {} (± {} standard error, {} probes)\nsolutions: {}",
        significant(estimate.nodes),
        significant(estimate.nodes_error),
        estimate.probes,
        significant(estimate.solutions),
    );
    Ok(Outcome::Success)
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
    dlx::read_problem(reader).map_err(|error| match error {
        TextError::Syntax { .. } => anyhow::anyhow!("{name}:{error}"),
        error => anyhow::Error::new(error).context(format!("cannot read {name}")),
    })
}
