//! `dance generate`: puzzles with exactly one solution — indices → puzzles
//! → the puzzle printer ([`crate::print::puzzles`]) — made on this thread
//! alone with `-j1` or on the worker threads, and printed in index order as
//! soon as the ones before are ([`batch::stream`]), so the output depends
//! on the seed and the options only.
//!
//! `--timeout` and a signal stop the searches in flight through the
//! library's [`Stop`] (the generator's [`Options::stop`]): the output is
//! then the puzzles before the first one cut short, a line on stderr says
//! why it ended, and the exit status is 1 (time) or the signal's.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use dance_sudoku::batch;
use dance_sudoku::format::{ParseOptions, line};
use dance_sudoku::generate::{
    GenerateError, Generated, Layout, Options, Symmetry, generate, puzzle_seed,
};
use dance_sudoku::rate::{RateError, Rating, rate_until};
use dance_sudoku::{MAX_SIZE, Shape, Solver, Stop};

use crate::cli::{self, GenerateArgs};
use crate::exit::Exit;
use crate::print::puzzles;
use crate::progress::{self, Bar};
use crate::signal::Interrupt;
use crate::stderr::diagnose;

/// One puzzle and, with `--rate`, its rating.
type Made = Result<(Generated, Option<Rating>), GenerateError>;

/// Why the run ended before its last puzzle.
enum Ended {
    /// The stop came: the time ran out, or a signal.
    Stopped,
    /// A puzzle could not be made, or writing failed.
    Failed(anyhow::Error),
}

/// Runs `dance generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Exit> {
    let interrupt = Interrupt::install()?;
    let started = Instant::now();
    let stop = crate::limits::run_stop(args.run.timeout, &interrupt);
    let options = options(args, stop.clone())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() && !args.progress.quiet {
        diagnose!("dance: seed {seed} (--seed {seed} makes the same puzzles again)");
    }
    let pool = crate::threads::workers(args.run.threads)?;
    // Large puzzles take seconds to minutes each: the bar shows the time
    // running from the start.
    let bar = Bar::start(
        progress::draw(args.progress.quiet, false),
        "puzzles",
        Some(args.count),
    );
    let indices = (0..args.count).take_while(|_| !stop.arm().rung());
    let work =
        |solver: &mut Solver, index: u64| (index, make(solver, &options, seed, index, args.rate));
    let mut done = 0;
    let print = |(index, made): &(u64, Made)| {
        let (made, rating) = match made {
            Ok(made) => made,
            Err(GenerateError::Stopped) => return ControlFlow::Break(Ended::Stopped),
            Err(error) => {
                return ControlFlow::Break(Ended::Failed(explain(error.clone(), *index)));
            }
        };
        // Puzzles come slowly: each is flushed at once, with the bar
        // cleared in case stdout is its terminal too.
        let written = bar.suspend(|| {
            let mut out = io::stdout().lock();
            puzzles::print(&mut out, args.output, &made.puzzle, rating.as_ref())
                .and_then(|()| out.flush())
        });
        if let Err(error) = written {
            return ControlFlow::Break(Ended::Failed(error.into()));
        }
        done += 1;
        bar.set(done);
        ControlFlow::Continue(())
    };
    let ended = batch::stream(pool.as_deref(), indices, work, print);
    bar.finish();
    if let Some(exit) = interrupt.exit() {
        if let Exit::Interrupted { name, .. } = exit {
            diagnose!("dance: interrupted by {name}; the puzzles above are whole");
        }
        return Ok(exit);
    }
    match ended {
        ControlFlow::Break(Ended::Failed(error)) => Err(error),
        ControlFlow::Break(Ended::Stopped) => Ok(crate::limits::timed_out(started)),
        ControlFlow::Continue(()) if stop.arm().rung() => Ok(crate::limits::timed_out(started)),
        ControlFlow::Continue(()) => Ok(Exit::Success),
    }
}

/// Puzzle `index` of the run, rated when asked.
fn make(solver: &mut Solver, options: &Options, run: u64, index: u64, rated: bool) -> Made {
    let made = generate(solver, options, puzzle_seed(run, index))?;
    let rating = rated.then(|| rate_until(solver, &made.puzzle, &options.stop));
    match rating {
        Some(Err(RateError::Stopped)) => Err(GenerateError::Stopped),
        Some(Err(error)) => unreachable!("a generated puzzle is unique: {error}"),
        Some(Ok(rating)) => Ok((made, Some(rating))),
        None => Ok((made, None)),
    }
}

/// The error for puzzle `index`, with a hint where one helps.
fn explain(error: GenerateError, index: u64) -> anyhow::Error {
    let number = index + 1;
    match error {
        GenerateError::TargetNotReached { .. } => {
            anyhow::anyhow!(
                "puzzle {number}: {error}; allow more --attempts, or ask for more --clues"
            )
        }
        error => anyhow::Error::new(error).context(format!("puzzle {number}")),
    }
}

/// The library's options for the command line's, given up at `stop`.
fn options(args: &GenerateArgs, stop: Stop) -> anyhow::Result<Options> {
    let variant = args.rules.variant();
    let layout = match (&args.regions, args.jigsaw) {
        (Some(map), _) => Layout::Shape(region_map(map)?.try_with_variant(variant)?),
        (None, true) if !(1..=MAX_SIZE).contains(&args.size) => {
            bail!(
                "size {} is out of range; sizes go from 1 to {MAX_SIZE}",
                args.size
            )
        }
        (None, true) => Layout::RandomJigsaw {
            size: args.size,
            variant,
        },
        (None, false) => {
            let hint = if (1..=MAX_SIZE).contains(&args.size) {
                "; --jigsaw makes one"
            } else {
                ""
            };
            Layout::Shape(
                Shape::boxed(args.size)
                    .with_context(|| format!("no puzzle of size {}{hint}", args.size))?
                    .try_with_variant(variant)?,
            )
        }
    };
    let symmetry = match args.symmetry {
        cli::Symmetry::None => Symmetry::None,
        cli::Symmetry::Rotational => Symmetry::Rotational,
        cli::Symmetry::Diagonal => Symmetry::Diagonal,
    };
    Ok(Options {
        layout,
        symmetry,
        clues: args.clues,
        attempts: args.attempts,
        stop,
    })
}

/// The jigsaw shape of a `--regions` map, read as the region field of the
/// line format.
fn region_map(map: &str) -> anyhow::Result<Shape> {
    let labels = map.chars().count();
    let size = (1..=MAX_SIZE).find(|n| n * n == labels);
    let Some(size) = size else {
        bail!("--regions needs N*N labels for a size N from 1 to 25, found {labels}");
    };
    let cells = size * size;
    let text = format!("{} {map}", ".".repeat(cells));
    match line::parse(&text, &ParseOptions::default()) {
        Ok(puzzle) => Ok(puzzle.shape().clone()),
        Err(error) => bail!(
            "--regions, label {}: {}",
            error.column().saturating_sub(cells + 1),
            error.kind()
        ),
    }
}

/// A seed for a run without `--seed`: the clock's nanoseconds.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}
