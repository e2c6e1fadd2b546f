//! `dance generate`: puzzles with exactly one solution, made in chunks on
//! the worker threads and printed in index order, so the output depends on
//! the seed and the options only.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::{Context, bail};
use dance_sudoku::format::{ParseOptions, line, pencilmark};
use dance_sudoku::generate::{
    GenerateError, Generated, Layout, Options, Symmetry, generate, puzzle_seed,
};
use dance_sudoku::rate::{Rating, rate};
use dance_sudoku::{MAX_SIZE, Shape, Solver};

use crate::cli::{self, GenerateArgs};
use crate::exit::Exit;
use crate::progress::Progress;
use crate::stderr::diagnose;

/// Puzzles made between two writes, per worker thread: enough to share
/// out puzzles whose times vary tenfold (16×16), few enough that the
/// progress bar and the output move often. The sequential path writes
/// every puzzle as soon as it is made.
const CHUNK_PER_THREAD: u64 = 8;

/// One puzzle and, with `--rate`, its rating.
type Made = Result<(Generated, Option<Rating>), GenerateError>;

/// Runs `dance generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<Exit> {
    let options = options(args)?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() && !args.quiet {
        diagnose!("dance: seed {seed} (--seed {seed} makes the same puzzles again)");
    }
    let pool = crate::threads::workers(args.threads)?;
    let args = args.clone();
    crate::limits::run_until(args.timeout, move || {
        make_all(&args, &options, seed, pool.as_deref())
    })
}

/// Makes and prints every puzzle, a chunk at a time.
fn make_all(
    args: &GenerateArgs,
    options: &Options,
    seed: u64,
    pool: Option<&rayon::ThreadPool>,
) -> anyhow::Result<Exit> {
    let done = Arc::new(AtomicU64::new(0));
    let show_progress = crate::progress::on_terminal(args.quiet);
    let mut progress = Progress::new(show_progress, Some(args.count), done.clone(), "puzzles");
    // Large puzzles take seconds to minutes each: the bar shows the time
    // running from the start.
    progress.show_now();
    let chunk = match pool {
        None => 1,
        Some(pool) => CHUNK_PER_THREAD * pool.current_num_threads() as u64,
    };
    let mut start = 0;
    let mut sequential = Solver::new();
    while start < args.count {
        let end = args.count.min(start + chunk);
        let indices: Vec<u64> = (start..end).collect();
        let made: Vec<Made> =
            crate::threads::map_with_solver(pool, &mut sequential, &indices, |solver, &index| {
                make(solver, options, seed, index, args.rate)
            });
        let mut out = Vec::new();
        let mut failed = None;
        for (index, result) in indices.into_iter().zip(made) {
            let (made, rating) = match result {
                Ok(made) => made,
                Err(error) => {
                    failed = Some(explain(error, index));
                    break;
                }
            };
            if let Some(rating) = rating {
                writeln!(out, "# {rating}")?;
            }
            let text = match args.output {
                cli::GenerateOutput::Line => line::format_puzzle(&made.puzzle),
                cli::GenerateOutput::Pencilmark => pencilmark::format_puzzle(&made.puzzle),
            };
            writeln!(out, "{text}")?;
        }
        // Clear the bar while writing, in case stdout is its terminal too.
        progress.suspend(|| crate::limits::write_chunk(&out))?;
        if let Some(error) = failed {
            progress.finish();
            return Err(error);
        }
        done.store(end, Ordering::Relaxed);
        progress.update(end);
        start = end;
    }
    progress.finish();
    Ok(Exit::Success)
}

/// Puzzle `index` of the run, rated when asked.
fn make(solver: &mut Solver, options: &Options, run: u64, index: u64, rated: bool) -> Made {
    let made = generate(solver, options, puzzle_seed(run, index))?;
    let rating = rated.then(|| rate(solver, &made.puzzle));
    match rating {
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

/// The library's options for the command line's.
fn options(args: &GenerateArgs) -> anyhow::Result<Options> {
    let variant = cli::variant(args.x, args.variant);
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
