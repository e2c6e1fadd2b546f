//! `dance solve`: a pipeline from records to answers to one printer.
//!
//! Each input's records are read in order and answered by the library
//! ([`Solver::run`] on one [`Request`] made from the flags), on this thread
//! alone with `-j1` or on the worker threads, and every answer goes to the
//! printer of the output format ([`crate::print`]) as soon as the answers
//! before it have: in input order, through a bounded window, so `-jN`
//! prints exactly what `-j1` prints, memory stays flat however long the
//! input, and a slow record holds back only the answers after it
//! ([`batch::stream`]).
//!
//! Ctrl-C or SIGTERM ([`crate::signal`]) stops the searches in flight and
//! the reading: every answer found is printed, a count cut short prints
//! what it found so far as `N+`, another answer cut short prints
//! `interrupted`, and the exit status is the signal's.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use dance_sudoku::batch;
use dance_sudoku::format::{ParseOptions, Record};
use dance_sudoku::{Goal, Request, Solver, Status, Stop};

use crate::check::Check;
use crate::cli::{OutputFormat, SolveArgs};
use crate::exit::Exit;
use crate::input::{self, Opened, Reading, Source, parse_options};
use crate::outcome::Outcome;
use crate::print::{self, InputError, Output, Printer};
use crate::progress::{self, Bar};
use crate::signal::Interrupt;
use crate::stderr::diagnose;
use crate::summary::Summary;

/// Runs `dance solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<Exit> {
    if args.limit.is_some() && !args.count {
        anyhow::bail!("--limit needs --count (--unique already stops at two solutions)");
    }
    let interrupt = Interrupt::install()?;
    let request = request(args, &interrupt);
    let sources = Source::all(&args.files);
    // The output clears the bar around its writes to a terminal.
    let draw = progress::draw(args.progress.quiet, false);
    let mut run = Run {
        args,
        request,
        options: ParseOptions {
            alphabet: args.input.alphabet.alphabet(),
            ..parse_options(args.rules.variant())
        },
        pool: crate::threads::workers(args.run.threads)?,
        interrupt,
        totals: RunTotals {
            summary: Summary::default(),
            mismatches: 0,
            unreadable: 0,
            empty: 0,
            bar: Bar::start(draw, "puzzles", None),
        },
    };
    let printer = Printer::new(
        args.output,
        print::Options {
            alphabet: run.options.alphabet,
            goal: run.request.goal,
            check: args.check.is_some(),
        },
    );
    let output = Output::start(printer, run.interrupt.clone());
    let started = Instant::now();
    for (k, source) in sources.iter().enumerate() {
        if run.interrupt.is_raised() {
            break;
        }
        run.totals
            .bar
            .set_label(progress::input_label(source, k, sources.len()));
        run.input(source, &output)?;
    }
    let totals = run.totals;
    totals.bar.finish();
    let report = totals.summary.report(started.elapsed());
    output.with(|printer, out| printer.finish(out, &report))?;
    output.finish()?;
    if args.stats {
        print::summary::print(&report, args.check.as_ref().map(|_| totals.mismatches));
    }
    if let Some(exit) = run.interrupt.exit() {
        if let Exit::Interrupted { name, .. } = exit {
            let records = match report.records {
                1 => "1 record".to_owned(),
                count => format!("{count} records"),
            };
            diagnose!("dance: interrupted by {name} after {records}; the answers above are whole");
        }
        return Ok(exit);
    }
    let summary = &totals.summary;
    let failures = totals.mismatches
        + totals.empty
        + summary.with_status(Status::NoSolution)
        + summary.errors()
        + summary.with_status(Status::Timeout)
        + if run.request.goal == Goal::Unique {
            summary.with_status(Status::Multiple)
        } else {
            0
        };
    Ok(if totals.unreadable > 0 {
        Exit::Failure
    } else if failures == 0 {
        Exit::Success
    } else {
        Exit::Shortfall
    })
}

/// The request the flags make: `--count [--limit N]`, `--unique` or the
/// first solution; `--timeout` per record, and the signal's flag; `--engine`.
fn request(args: &SolveArgs, interrupt: &Interrupt) -> Request {
    let goal = match (args.count, args.limit, args.unique) {
        (true, Some(limit), _) => Goal::Count { limit },
        (true, None, _) => Goal::All,
        (false, _, true) => Goal::Unique,
        (false, _, false) => Goal::First,
    };
    let stop = args.run.timeout.map_or_else(Stop::never, Stop::after);
    Request::new(goal)
        .with_stop(stop.with_flag(interrupt.flag()))
        .with_engine(args.engine)
}

/// One run of `dance solve`: what every input shares.
struct Run<'a> {
    args: &'a SolveArgs,
    request: Request,
    options: ParseOptions,
    pool: Option<Arc<rayon::ThreadPool>>,
    interrupt: Interrupt,
    totals: RunTotals,
}

/// The totals of a run, kept by the printing side.
struct RunTotals {
    summary: Summary,
    /// Records whose answer `--check` found wrong.
    mismatches: u64,
    /// Inputs that could not be opened or read.
    unreadable: u64,
    /// CSV inputs with a header and no record.
    empty: u64,
    bar: Bar,
}

impl Run<'_> {
    /// Reads, solves and prints one input. An input that cannot be read is
    /// reported and counted, and the run goes on; an error writing the
    /// output ends it.
    fn input(&mut self, source: &Source, output: &Output<Printer>) -> anyhow::Result<()> {
        let name = source.name();
        let args = self.args;
        let flags = [
            ("--check", args.check.is_some()),
            ("--column", args.input.column.is_some()),
        ];
        let csv_flags: Vec<&str> = flags.iter().filter(|f| f.1).map(|f| f.0).collect();
        let opened = input::open(
            source,
            args.input.format.format(),
            self.options,
            args.input.column.as_ref(),
            &csv_flags,
        );
        let Opened {
            format,
            records,
            header,
        } = match opened {
            Ok(opened) => opened,
            Err(message) => return self.unreadable(message),
        };
        let check = match (&args.check, &header) {
            (Some(column), Some((_, names))) => match Check::new(column, names) {
                Ok(check) => Some(check),
                Err(message) => {
                    return self.unreadable(format_args!("dance: {name}: {message}"));
                }
            },
            _ => None,
        };
        let input = print::Input {
            name: &name,
            format,
            header: header
                .as_ref()
                .map(|(line, names)| (line.as_str(), names.as_slice())),
        };
        match output.with(|printer, out| printer.begin(out, &input)) {
            Ok(()) => {}
            Err(InputError::Shape(message)) => {
                return self.unreadable(format_args!("dance: {name}: {message}"));
            }
            Err(InputError::Io(error)) => return Err(error.into()),
        }

        let before = self.totals.summary.records();
        let mut read_error = None;
        let interrupt = &self.interrupt;
        let reading = Reading {
            records,
            stopped: || interrupt.is_raised(),
            error: &mut read_error,
        };
        let (request, flag) = (&self.request, self.interrupt.flag());
        // Only --stats and JSON print solving times.
        let timed = args.stats || args.output == Some(OutputFormat::Json);
        let work = |solver: &mut Solver, record: Record| {
            Outcome::of(solver, record, request, check.as_ref(), &flag, timed)
        };
        let totals = &mut self.totals;
        let print = |outcome: &Outcome| {
            if let Some(error) = outcome.error() {
                diagnose!("{name}:{error}");
            }
            totals.mismatches += u64::from(outcome.mismatch);
            totals.summary.add(outcome);
            if let Err(error) = output.with(|printer, out| printer.answer(out, outcome)) {
                return ControlFlow::Break(error);
            }
            totals.bar.set(totals.summary.records());
            ControlFlow::Continue(())
        };
        if let ControlFlow::Break(error) = batch::stream(self.pool.as_deref(), reading, work, print)
        {
            return Err(error.into());
        }
        if let Some(error) = read_error {
            return self.unreadable(input::read_error(&name, &error));
        } else if header.is_some()
            && self.totals.summary.records() == before
            && !self.interrupt.is_raised()
        {
            diagnose!("dance: {name}: a CSV header and no record");
            self.totals.empty += 1;
        }
        Ok(())
    }

    /// Reports an input that cannot be read; the run goes on.
    fn unreadable(&mut self, message: impl std::fmt::Display) -> anyhow::Result<()> {
        diagnose!("{message}");
        self.totals.unreadable += 1;
        Ok(())
    }
}
