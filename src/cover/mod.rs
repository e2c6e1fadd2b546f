//! `dance cover`: exact-cover problems in Knuth's text format — counted,
//! printed, split into jobs, estimated, on one thread or many.
//!
//! A search is a pipeline: the flags become a request ([`Hunt`]: what to
//! look for, and until when), the [`runner`] runs it with the plain
//! search or the memo's count on as many threads as asked, and its
//! [`runner::Answer`] goes to the printers of [`mod@print`], one per
//! output. Solutions stream to stdout in the sequential search's order
//! through a bounded buffer ([`stream`]) while the search goes on.

mod best;
mod jobs;
mod memo;
mod plain;
mod print;
mod reduce;
mod runner;
mod stream;

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};

use anyhow::Context;
use dance_dlx::{Goal, Problem, Representation, Request, SharedMemo, Solver, TextError};

use crate::Exit;
use crate::cli::CoverArgs;
use crate::signal::Interrupt;
pub use best::MAX_BEST;
use memo::Memo;
use plain::Plain;
use runner::{Answer, Halt, Hunt, Show, Tally};
use stream::Stream;

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Exit> {
    let problem = read(args)?;
    if args.preprocess {
        return reduce::print(args, &problem);
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
    let mut solver = match args.seed {
        Some(seed) => Solver::with_seed(&problem, seed),
        None => Solver::new(&problem),
    };
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
        let estimate = solver.estimate(args.probes, args.seed.unwrap_or(0))?;
        print::estimate(&mut io::stdout().lock(), &estimate)?;
        return Ok(Exit::Success);
    }
    if let Some(depth) = args.split {
        let selected: Vec<_> = solver.selected().collect();
        let subproblems = solver.split(depth)?;
        print::jobs(&mut io::stdout().lock(), &selected, &subproblems)?;
        return Ok(if subproblems.is_empty() {
            Exit::Shortfall
        } else {
            Exit::Success
        });
    }
    if let Some(k) = args.best {
        return best::run(args, shown, solver, k);
    }
    search(args, shown, solver)
}

/// `--estimate`, `--split` and `--memo` look at the tree as a choice of one
/// option per level, which Algorithm M's is not: say so, naming the flag.
fn refuse_multiplicities(args: &CoverArgs, problem: &Problem) -> anyhow::Result<()> {
    if !problem.has_multiplicities() {
        return Ok(());
    }
    let flags = [
        (args.estimate, "--estimate"),
        (args.split.is_some(), "--split"),
        (args.memo, "--memo"),
    ];
    match flags.iter().find(|(asked, _)| *asked) {
        Some((_, flag)) => anyhow::bail!(
            "{flag} cannot be used on this problem: it has multiplicities (an item with bounds, \
             `min:max|item`, Knuth's Algorithm M), and --estimate, --split and --memo need \
             every primary item covered exactly once"
        ),
        None => Ok(()),
    }
}

/// Counts, or prints solutions: the flags become a [`Hunt`], the runner
/// answers it, and the answer is printed.
fn search(args: &CoverArgs, problem: &Problem, mut solver: Solver) -> anyhow::Result<Exit> {
    let keep = args.all || args.first;
    let goal = match (args.first, args.limit) {
        (true, _) => Goal::First,
        (false, Some(limit)) => Goal::Count { limit },
        (false, None) => Goal::All,
    };
    let interrupt = Interrupt::install()?;
    let request = Request::new(goal).with_stop(crate::limits::run_stop(args.timeout, &interrupt));
    let hunt = Hunt::new(&request, keep);
    let threads = crate::threads::count(args.threads);
    let subproblems = runner::subproblems(&mut solver, threads, problem.entry_count())
        .map(|subproblems| (threads, subproblems));
    let stop = Halt::new(&request.stop);
    let tally = Tally::default();
    // The count is written after the bar is gone; solutions stream.
    let show = Show {
        enabled: !keep && crate::progress::on_terminal(args.quiet),
        noun: if args.memo { "nodes" } else { "solutions" },
    };
    // The memo counts on the links whatever the solver's search runs on.
    let representation = if args.memo {
        Representation::Links
    } else {
        solver.representation()
    };
    let (answer, written) = if args.memo {
        let budget = usize::try_from(args.memo_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        let answer = if subproblems.is_some() {
            // One memo for every thread, within the one budget.
            let memo = SharedMemo::new(&solver, budget).context("cannot count with --memo")?;
            let make = |solver, thread| Memo::shared(solver, &memo, thread, &stop, &tally);
            runner::run(solver, make, subproblems, &tally, show)?
        } else {
            let make = |solver, _| Memo::new(solver, budget, &stop, &tally);
            runner::run(solver, make, None, &tally, show)?
        };
        (answer, None)
    } else {
        let out = BufWriter::with_capacity(2 * stream::CHUNK, io::stdout());
        let stream = keep.then(|| Stream::new(out, hunt.limit));
        let shared = plain::Shared {
            problem,
            hunt,
            stop: &stop,
            tally: &tally,
            stream: stream.as_ref(),
        };
        let make = |solver, _| Ok(Plain::new(solver, &shared));
        let answer = runner::run(solver, make, subproblems, &tally, show)?;
        let written = match stream {
            Some(stream) => {
                let written = stream.written();
                stream.finish()?.flush()?;
                Some(written)
            }
            None => None,
        };
        (answer, written)
    };
    answer_with(
        args,
        request.goal,
        &answer,
        written,
        representation,
        &stop,
        &interrupt,
    )
}

/// Prints `answer` to `goal`: the count line (unless the solutions were
/// printed: `written` of them; `N+` when the search stopped early), the timeout or
/// interrupt message, the statistics; and the exit status.
fn answer_with(
    args: &CoverArgs,
    goal: Goal,
    answer: &Answer,
    written: Option<u64>,
    representation: Representation,
    halt: &Halt,
    interrupt: &Interrupt,
) -> anyhow::Result<Exit> {
    let mut count = written.map_or_else(|| answer.count.clone(), dance_dlx::ExactCount::from);
    let mut complete = answer.complete;
    // The workers looked for one more than a count's limit: more than the
    // limit is printed as the limit, a lower bound.
    if let Goal::Count { limit } = goal {
        let limit = dance_dlx::ExactCount::from(limit);
        if count.to_biguint() > limit.to_biguint() {
            (count, complete) = (limit, false);
        }
    }
    if written.is_none() {
        print::count(&mut io::stdout().lock(), &count, complete)?;
    }
    let exit = interrupt.exit().filter(|_| halt.interrupted());
    if let Some(Exit::Interrupted { name, .. }) = exit {
        print::interrupted(answer, name, written.is_some());
    } else if halt.timed_out() {
        print::timed_out(answer);
    }
    if args.stats {
        print::stats(answer, &count, complete, representation);
    }
    Ok(match exit {
        Some(exit) => exit,
        None if !count.is_zero() && !halt.timed_out() => Exit::Success,
        None => Exit::Shortfall,
    })
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
