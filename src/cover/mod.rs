//! `dance cover`: exact-cover problems in Knuth's text format — counted,
//! printed, split into jobs, estimated, on one thread or many.
//!
//! A search is a pipeline: the flags become the library's [`Request`]
//! (what to look for, and the [`Stop`]: `--timeout` and the signals, from
//! the start of the run, reading included), the library answers it with the
//! plain search ([`plain`]) or the memo's count ([`memo`]) on as many
//! threads as asked ([`dance_dlx::threads`]), and the [`runner::Run`] goes
//! to the printers of [`mod@print`], one per output. Solutions stream to
//! stdout in the sequential search's order while the search goes on.

mod best;
mod jobs;
mod memo;
mod plain;
mod print;
mod read;
mod reduce;
mod runner;
mod sample;
mod zdd;

use std::io::{self, Write};
use std::time::Instant;

use anyhow::Context;
use dance_dlx::{Goal, Problem, Representation, Request, Solver, Stop};

use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::{self, Bar};
use crate::signal::Interrupt;
use crate::stderr::diagnose;
use read::Loaded;
use runner::Run;

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Exit> {
    let started = Instant::now();
    let interrupt = Interrupt::install()?;
    if let Some(path) = &args.zdd {
        zdd::refuse_to_overwrite_the_problem(args.file.as_deref(), path)?;
    }
    let bar = Bar::start(progress::draw(args.progress.quiet, streams(args)), "", None);
    bar.set_label("reading the problem");
    // A timeout per search, as the library's requests take it; the whole
    // run is one search, so it runs from here: reading the problem and
    // building the links count against it too.
    let stop = args
        .run
        .timeout
        .map_or_else(Stop::never, Stop::after)
        .with_flag(interrupt.flag())
        .started();
    let problem = match read::problem(args, &stop)? {
        Loaded::Problem(problem) => problem,
        Loaded::Stopped => return Ok(halted(&interrupt, started, "reading the problem")),
    };
    if args.preprocess {
        bar.finish();
        let exit = reduce::print(args, &problem)?;
        return Ok(written(&interrupt, started, "the reduced problem", exit));
    }
    let (problem, shown) = match args.reduce {
        true => {
            let (reduced, shown) = reduce::reduce(args, &problem)?;
            (reduced, Some(shown))
        }
        false => (problem, None),
    };
    let shown = shown.as_ref().unwrap_or(&problem);
    refuse_multiplicities(args, &problem)?;
    bar.set_label("building the links");
    let Some(mut solver) = Solver::new_until(&problem, &stop) else {
        return Ok(halted(&interrupt, started, "building the links"));
    };
    if let Some(seed) = args.seed {
        solver.shuffle(seed);
    }
    if let Some(representation) = args.representation.representation() {
        solver.set_representation(representation);
    }
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
        bar.set_label("probing");
        let estimate = solver.estimate_until(args.probes, args.seed.unwrap_or(0), &stop)?;
        bar.finish();
        print::estimate(&mut io::stdout().lock(), &estimate)?;
        return Ok(if estimate.probes < args.probes {
            halted(&interrupt, started, "probing")
        } else {
            written(&interrupt, started, "the estimate", Exit::Success)
        });
    }
    if let Some(depth) = args.split {
        let selected: Vec<_> = solver.selected().collect();
        bar.set_label("splitting");
        let (subproblems, whole) = solver.split_until(depth, &stop)?;
        bar.finish();
        let mut out = io::BufWriter::new(io::stdout().lock());
        print::jobs(&mut out, &selected, &subproblems)?;
        out.flush()?;
        return Ok(if !whole {
            halted(&interrupt, started, "splitting")
        } else if subproblems.is_empty() {
            diagnose!("dance: no subproblem at depth {depth}: the problem has no solution");
            written(&interrupt, started, "the jobs", Exit::Shortfall)
        } else {
            written(&interrupt, started, "the jobs", Exit::Success)
        });
    }
    if let Some(k) = args.best {
        return best::run(args, shown, solver, k, &bar);
    }
    if let Some(path) = &args.zdd {
        return zdd::run(args, solver, path, &stop, &interrupt, started, &bar);
    }
    if args.sample.is_some() {
        return sample::run(args, shown, solver, &stop, &interrupt, started, &bar);
    }
    search(args, shown, solver, stop, &interrupt, started, &bar)
}

/// Whether the run writes its answers to stdout while it searches (so that
/// a bar beside them needs stdout elsewhere than the terminal).
fn streams(args: &CoverArgs) -> bool {
    args.all || args.first || args.sample.is_some()
}

/// Says on stderr what stopped the run (a signal, or the deadline) before
/// its answer, `while` doing what; the exit of such a run. The output above
/// is the beginning of the whole (jobs, an estimate of fewer probes).
fn halted(interrupt: &Interrupt, started: Instant, while_: &str) -> Exit {
    let seconds = started.elapsed().as_secs_f64();
    match interrupt.exit() {
        Some(exit @ Exit::Interrupted { name, .. }) => {
            print::stopped(&format!("interrupted by {name}"), seconds, while_);
            exit
        }
        _ => {
            print::stopped("timed out", seconds, while_);
            Exit::Shortfall
        }
    }
}

/// The exit of a run whose output `what` was written whole: the signal's,
/// said on stderr, when SIGINT or SIGTERM came while it was computed or
/// written (neither stops for it), else `exit`.
pub fn written(interrupt: &Interrupt, started: Instant, what: &str, exit: Exit) -> Exit {
    match interrupt.exit() {
        Some(interrupted @ Exit::Interrupted { name, .. }) => {
            diagnose!(
                "dance: interrupted by {name} after {:.3} s; {what} above is whole",
                started.elapsed().as_secs_f64()
            );
            interrupted
        }
        _ => exit,
    }
}

/// The I/O error of a reader or writer that the run's stop (or a signal)
/// ended: what it was doing, told apart from a real I/O error.
#[derive(Debug)]
struct Stopped(&'static str);

impl Stopped {
    /// The I/O error: not `ErrorKind::Interrupted`, which readers and
    /// writers retry.
    fn error(doing: &'static str) -> io::Error {
        io::Error::new(io::ErrorKind::TimedOut, Stopped(doing))
    }

    /// Whether `error` is one the stop caused.
    fn caused(error: &io::Error) -> bool {
        error.get_ref().is_some_and(|inner| inner.is::<Stopped>())
    }
}

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Stopped {}

/// `--estimate` and `--split` look at the tree as a choice of one option per
/// level, which Algorithm M's is not: say so, naming the flag. (`--memo`,
/// `--zdd` and `--sample` walk Algorithm M's tree on one thread.)
fn refuse_multiplicities(args: &CoverArgs, problem: &Problem) -> anyhow::Result<()> {
    if !problem.has_multiplicities() {
        return Ok(());
    }
    let flags = [
        (args.estimate, "--estimate"),
        (args.split.is_some(), "--split"),
    ];
    match flags.iter().find(|(asked, _)| *asked) {
        Some((_, flag)) => anyhow::bail!(
            "{flag} cannot be used on this problem: it has multiplicities (an item with bounds, \
             `min:max|item`, Knuth's Algorithm M), and --estimate and --split need every \
             primary item covered exactly once"
        ),
        None => Ok(()),
    }
}

/// Counts, or prints solutions: the flags become a [`Request`], the library
/// answers it on as many threads as asked, and the answer is printed.
fn search(
    args: &CoverArgs,
    problem: &Problem,
    mut solver: Solver,
    stop: Stop,
    interrupt: &Interrupt,
    started: Instant,
    bar: &Bar,
) -> anyhow::Result<Exit> {
    let keep = args.all || args.first;
    let goal = match (args.first, args.limit) {
        (true, _) => Goal::First,
        (false, Some(limit)) => Goal::Count { limit },
        (false, None) => Goal::All,
    };
    let threads = crate::threads::count(args.run.threads);
    let request = Request::new(goal).with_stop(stop);
    // The memo counts on the links whatever the solver's search runs on.
    let representation = if args.memo {
        Representation::Links
    } else {
        solver.representation()
    };
    let (run, written) = if args.memo {
        let budget = dance_dlx::memory_of_mb(args.memo_mb);
        let run = memo::count(&mut solver, budget, threads, &request.stop, bar)?;
        (run, None)
    } else if keep {
        let (run, written) = plain::print(&mut solver, problem, &request, threads, bar)?;
        (run, Some(written))
    } else {
        (plain::count(&mut solver, &request, threads, bar), None)
    };
    // The count is written after the bar is gone.
    bar.finish();
    let ending = Ending {
        timed_out: !run.complete && interrupt.exit().is_none() && request.stop.is_past_deadline(),
        interrupt,
        started,
    };
    answer_with(args, goal, &run, written, representation, &ending)
}

/// How a run ended, for its last words.
struct Ending<'a> {
    /// Whether the deadline stopped it.
    timed_out: bool,
    /// Whether a signal did.
    interrupt: &'a Interrupt,
    /// When the run started.
    started: Instant,
}

/// Prints `run`'s answer to `goal`: the count line (unless the solutions
/// were printed: `written` of them; `N+` when the search stopped early, by
/// the library's rule), the timeout or interrupt message, the statistics;
/// and the exit status.
fn answer_with(
    args: &CoverArgs,
    goal: Goal,
    run: &Run,
    written: Option<u64>,
    representation: Representation,
    ending: &Ending,
) -> anyhow::Result<Exit> {
    let Ending {
        timed_out,
        interrupt,
        started,
    } = *ending;
    let found = written.map_or_else(|| run.count.clone(), dance_dlx::ExactCount::from);
    let count = goal.exact_count_of(found, run.complete);
    match written {
        None => print::count(&mut io::stdout().lock(), &count)?,
        // Nothing on stdout says it: stderr does.
        Some(0) if count.complete => diagnose!("dance: no solution: the search is complete"),
        Some(_) => {}
    }
    let seconds = started.elapsed().as_secs_f64();
    let exit = interrupt.exit();
    if let Some(Exit::Interrupted { name, .. }) = exit {
        print::interrupted(seconds, name, written.is_some());
    } else if timed_out {
        print::timed_out(seconds);
    }
    if args.stats {
        print::stats(run, &count, representation);
    }
    Ok(match exit {
        Some(exit) => exit,
        None if !count.solutions.is_zero() && !timed_out => Exit::Success,
        None => Exit::Shortfall,
    })
}
