//! `dance rate`: the difficulty measure of `dance_sudoku::rate` for every
//! record of every input — records → ratings → the rating printer
//! ([`crate::print::rating`]) — in input order, on this thread alone with
//! `-j1` or on the worker threads, each rating printed as soon as the ones
//! before it are ([`batch::stream`]).
//!
//! `--timeout` and a signal stop the ratings in flight through the
//! library's [`Stop`](dance_sudoku::Stop): the output is then the ratings of the records
//! before the first one cut short, a line on stderr says why it ended, and
//! the exit status is 1 (time) or the signal's.

use std::ops::ControlFlow;
use std::time::Instant;

use dance_sudoku::Solver;
use dance_sudoku::batch;
use dance_sudoku::format::{ParseOptions, Record};
use dance_sudoku::rate::{RateError, rate_until};

use crate::cli::RateArgs;
use crate::exit::Exit;
use crate::input::{self, Opened, Reading, Source, parse_options};
use crate::print::{Output, rating};
use crate::progress::{self, Bar};
use crate::signal::Interrupt;
use crate::stderr::diagnose;

/// Why the ratings of an input ended before its records did.
enum Ended {
    /// The stop came: the time ran out, or a signal.
    Stopped,
    /// Writing failed.
    Write(std::io::Error),
}

/// Runs `dance rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<Exit> {
    let interrupt = Interrupt::install()?;
    let started = Instant::now();
    let stop = crate::limits::run_stop(args.run.timeout, &interrupt);
    let pool = crate::threads::workers(args.run.threads)?;
    let sources = Source::all(&args.files);
    let options = ParseOptions {
        alphabet: args.input.alphabet.alphabet(),
        ..parse_options(args.rules.variant())
    };
    let bar = Bar::start(progress::draw(args.progress.quiet, false), "puzzles", None);
    let output = Output::start((), interrupt.clone());
    let (mut records_done, mut unrated, mut unreadable) = (0u64, 0u64, 0u64);
    let mut stopped = false;
    let csv_flags: &[&str] = if args.input.column.is_some() {
        &["--column"]
    } else {
        &[]
    };
    for (k, source) in sources.iter().enumerate() {
        bar.set_label(progress::input_label(source, k, sources.len()));
        let name = source.name();
        let asked = args.input.format.format();
        let column = args.input.column.as_ref();
        // As in `dance solve`: an input that cannot be read is reported,
        // and the others are still rated.
        let records = match input::open(source, asked, options, column, csv_flags) {
            Ok(Opened { records, .. }) => records,
            Err(message) => {
                diagnose!("{message}");
                unreadable += 1;
                continue;
            }
        };
        let mut read_error = None;
        let reading = Reading {
            records,
            stopped: || stop.arm().rung(),
            error: &mut read_error,
        };
        let work = |solver: &mut Solver, record: Record| {
            let rated = record
                .puzzle
                .as_ref()
                .ok()
                .map(|puzzle| rate_until(solver, puzzle, &stop));
            (record, rated)
        };
        let print = |(record, rated): &(Record, rating::Rated)| {
            if matches!(rated, Some(Err(RateError::Stopped))) {
                return ControlFlow::Break(Ended::Stopped);
            }
            if let Err(error) = &record.puzzle {
                diagnose!("{name}:{error}");
            }
            unrated += u64::from(!matches!(rated, Some(Ok(_))));
            records_done += 1;
            if let Err(error) = output.with(|(), out| rating::print(out, rated)) {
                return ControlFlow::Break(Ended::Write(error));
            }
            bar.set(records_done);
            ControlFlow::Continue(())
        };
        match batch::stream(pool.as_deref(), reading, work, print) {
            ControlFlow::Continue(()) => {}
            ControlFlow::Break(Ended::Write(error)) => return Err(error.into()),
            ControlFlow::Break(Ended::Stopped) => {
                stopped = true;
                break;
            }
        }
        if let Some(error) = read_error {
            diagnose!("{}", input::read_error(&name, &error));
            unreadable += 1;
        }
        if stop.arm().rung() {
            stopped = true;
            break;
        }
    }
    bar.finish();
    output.finish()?;
    if let Some(exit) = interrupt.exit() {
        if let Exit::Interrupted { name, .. } = exit {
            diagnose!("dance: interrupted by {name}; the ratings above are whole");
        }
        return Ok(exit);
    }
    if stopped {
        return Ok(crate::limits::timed_out(started));
    }
    Ok(if unreadable > 0 {
        Exit::Failure
    } else if unrated == 0 {
        Exit::Success
    } else {
        Exit::Shortfall
    })
}
