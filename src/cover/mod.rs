//! `dance cover`: exact-cover problems in Knuth's text format — counted,
//! printed, the cheapest, as a diagram, sampled, estimated, split into
//! jobs, on one thread or many — as one pipeline, like `dance solve`:
//!
//! 1. the flags become one [`Mode`] ([`mode`]) and one library [`Request`]
//!    (its goal, and the [`Stop`]: `--timeout` and the signals, from the
//!    start of the run, reading included);
//! 2. the library's [`Executor`] answers it on as many threads as asked,
//!    handing what the search finds as it goes — solutions, the cheapest,
//!    samples, jobs — to the one [`Output`], as text the threads that
//!    found it already wrote ([`Executor::run_rendered`]), in the
//!    sequential search's order;
//! 3. the [`Answer`](dance_dlx::Answer) goes to the printers of
//!    [`mod@print`] — the count, the estimate, the diagram, and the one
//!    `--stats` report of every mode — and to the one ending policy
//!    ([`ending`]): what stderr says and the exit status.

mod ending;
mod jobs;
mod mode;
mod print;
mod read;
mod reduce;
mod runner;
mod zdd;

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::Context;
use dance_dlx::threads::Executor;
use dance_dlx::{
    BigCount, Count, Findings, OptionId, Problem, Progress, Representation, Request, Solver, Stop,
    Tuning,
};

use crate::Exit;
use crate::cli::CoverArgs;
use crate::print::Output;
use crate::progress::{self, Bar};
use crate::signal::Interrupt;
use crate::stderr::diagnose;
use crate::stderr::diagnose_text;
use mode::Mode;
use read::Loaded;
use runner::Counted;

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Exit> {
    let started = Instant::now();
    let interrupt = Interrupt::install()?;
    if let Some(path) = &args.zdd {
        zdd::refuse_to_overwrite_the_problem(args.file.as_deref(), path)?;
    }
    let streams = args.all || args.first || args.sample.is_some();
    let bar = Bar::start(progress::draw(args.progress.quiet, streams), "", None);
    bar.set_label("reading the problem");
    // A timeout per search, as the library's requests take it; the whole
    // run is one search, so it runs from here: reading the problem and
    // building the links count against it too.
    let stop = args
        .run
        .timeout
        .map_or_else(Stop::never, Stop::after)
        .with_flag(interrupt.flag())
        .from_now();
    let problem = match read::problem(args, &stop)? {
        Loaded::Problem(problem) => problem,
        Loaded::Stopped => {
            return Ok(ending::halted(
                &interrupt,
                started.elapsed(),
                "reading the problem",
            ));
        }
    };
    if args.preprocess {
        bar.finish();
        let exit = reduce::print(args, &problem)?;
        return Ok(ending::written(
            &interrupt,
            started.elapsed(),
            "the reduced problem",
            exit,
        ));
    }
    let mode = Mode::of(args);
    let (problem, shown) = match args.reduce {
        true => {
            let (reduced, shown) = reduce::reduce(args, &problem)?;
            (reduced, Some(shown))
        }
        false => (problem, None),
    };
    let shown = shown.as_ref().unwrap_or(&problem);
    bar.set_label("building the links");
    let Some(mut solver) = Solver::new_until(&problem, &stop) else {
        return Ok(ending::halted(
            &interrupt,
            started.elapsed(),
            "building the links",
        ));
    };
    prepare(args, &problem, &mut solver)?;
    let request = Request::new(mode.goal(
        dance_dlx::memory_of_mb(args.memo_mb),
        args.probes,
        args.seed.unwrap_or(0),
    ))
    .with_stop(stop);
    if let (Some(flag), Some(asked)) = (mode.on_one_thread(), args.run.threads)
        && asked != 1
    {
        diagnose!("dance: warning: {flag} runs on one thread; -j {asked} changes nothing");
    }
    let threads = crate::threads::threads(args.run.threads);
    let progress = Progress::new();
    let executor = Executor::new(threads).with_progress(&progress);
    let output = Output::start((), interrupt.clone());
    let counted = if mode.walks_the_memo() {
        Counted::Nodes
    } else {
        Counted::Solutions
    };
    let searching = Instant::now();
    let (answer, written) = runner::with_progress(&bar, counted, &progress, || {
        search(
            &mode,
            &executor,
            &mut solver,
            &request,
            shown,
            &output,
            &bar,
        )
    });
    let elapsed = searching.elapsed();
    bar.finish();
    let printed = answer_lines(&mode, &answer, &output, &interrupt);
    output.finish()?;
    written?;
    if let Some(cut) = printed? {
        return Ok(ending::cut_short(&interrupt, started.elapsed(), &cut));
    }
    if args.stats {
        let representation = if mode.walks_the_memo() {
            Representation::Links
        } else {
            solver
                .tuning()
                .representation
                .unwrap_or(Representation::Links)
        };
        let run = print::Run {
            elapsed,
            representation,
            parallel: runner::parallel(executor.threads(), &progress),
        };
        print::stats(&mode, &answer, &run);
    }
    Ok(ending::end(&mode, &answer, &interrupt, started.elapsed()))
}

/// Shuffles the solver's options by `--seed`, sets its representation,
/// and selects `--job`'s options.
fn prepare(args: &CoverArgs, problem: &Problem, solver: &mut Solver) -> anyhow::Result<()> {
    if let Some(seed) = args.seed {
        solver.shuffle(seed);
    }
    if let Some(representation) = args.representation.representation() {
        solver.tune(Tuning {
            representation: Some(representation),
            ..solver.tuning()
        });
    }
    if let Some(job) = &args.job {
        for option in jobs::parse(job, problem).context("bad --job")? {
            solver.select(option).map_err(|_| {
                anyhow::anyhow!(
                    "bad --job: option {} conflicts with the options before it",
                    option.index() + 1
                )
            })?;
        }
    }
    Ok(())
}

/// The search of `request`, what it finds as it goes written to `output`
/// as text the threads that found it made: the answer, and the first
/// error writing.
fn search(
    mode: &Mode,
    executor: &Executor<'_>,
    solver: &mut Solver,
    request: &Request,
    shown: &Problem,
    output: &Output<()>,
    bar: &Bar,
) -> (dance_dlx::Answer, io::Result<()>) {
    if mode.prints_a_count() || matches!(mode, Mode::Zdd { .. } | Mode::Estimate) {
        return (executor.run(solver, request), Ok(()));
    }
    let selected: Vec<OptionId> = solver.selected().collect();
    let render = |options: &[OptionId], text: &mut Vec<u8>| match mode {
        Mode::Best { .. } => print::priced(shown, cost_of(shown, options), options, text),
        Mode::Split { .. } => print::job(&selected, options, text),
        _ => print::solution(shown, options, text),
    };
    let mut written = Ok(());
    let answer = executor.run_rendered(solver, request, render, |text| {
        match bar.suspend(|| output.with(|_, out| out.write_all(text))) {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                written = Err(error);
                ControlFlow::Break(())
            }
        }
    });
    (answer, written)
}

/// The cost of a solution of `problem`: the sum of its options' costs.
fn cost_of(problem: &Problem, options: &[OptionId]) -> u128 {
    options
        .iter()
        .map(|&option| u128::from(problem.option_cost(option)))
        .sum()
}

/// The lines of the answer printed after the search: the count, the
/// estimate, the diagram (to its file, or to stdout with the count on
/// stderr); what became of the diagram when a signal cut its writing
/// short.
fn answer_lines(
    mode: &Mode,
    answer: &dance_dlx::Answer,
    output: &Output<()>,
    interrupt: &Interrupt,
) -> anyhow::Result<Option<String>> {
    match (mode, &answer.findings) {
        (Mode::Memo, Findings::Memo { count, .. }) => {
            output.with(|_, out| print::count(out, count))?;
        }
        (Mode::Count { .. }, _) => {
            let count = Count {
                solutions: BigCount::from(answer.count.solutions),
                complete: answer.count.complete,
            };
            output.with(|_, out| print::count(out, &count))?;
        }
        (Mode::Estimate, Findings::Estimate(estimate)) => {
            output.with(|_, out| print::estimate(out, estimate))?;
        }
        (Mode::Zdd { path }, Findings::Zdd { zdd, .. }) => {
            let written = output.with(|_, out| zdd::write(zdd, path, out, interrupt))?;
            if let zdd::Written::Cut(then) = written {
                return Ok(Some(then));
            }
            let count = Count {
                solutions: zdd.count().clone(),
                complete: true,
            };
            if path.as_os_str() == "-" {
                diagnose_text!("{count}\n");
            } else {
                output.with(|_, out| print::count(out, &count))?;
            }
        }
        (_, Findings::TooLarge) => {
            anyhow::bail!(
                "cannot build the ZDD: {}",
                dance_dlx::ZddError::TooManyNodes
            )
        }
        _ => {}
    }
    Ok(None)
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
