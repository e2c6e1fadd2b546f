//! `dance rate`: the difficulty measure of `sudoku::rate` for every record of
//! every input, in input order, sequentially or on the worker threads.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use anyhow::Context;
use sudoku::Solver;
use sudoku::format::Record;
use sudoku::rate::{RateError, Rating, rate};

use crate::Outcome;
use crate::cli::RateArgs;
use crate::input::{Source, parse_options, records};
use crate::progress::Progress;

/// Records rated between two writes, per worker thread: a hard 9×9 puzzle
/// takes a few milliseconds, so a chunk keeps every thread busy for a
/// moment and memory stays flat however long the input.
const CHUNK_PER_THREAD: usize = 256;

/// What a record gets: nothing when it did not parse.
type Answer = Option<Result<Rating, RateError>>;

/// Runs `dance rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<Outcome> {
    let sources = Source::all(&args.files);
    let options = parse_options(crate::cli::variant(args.x, args.variant));
    let (threads, pool) = crate::threads::pool(args.threads)?;

    let consumed = Arc::new(AtomicU64::new(0));
    let total_bytes = sources.iter().map(Source::size).sum::<Option<u64>>();
    let show_progress = !args.quiet && io::stderr().is_terminal();
    let mut progress = Progress::new(show_progress, total_bytes, consumed.clone(), "puzzles");
    let mut out = BufWriter::new(io::stdout().lock());
    let mut solver = Solver::new();
    let chunk = CHUNK_PER_THREAD * threads.max(1);
    let (mut records_done, mut unrated) = (0u64, 0u64);
    for source in &sources {
        let name = source.name();
        let (_, records) = records(source, args.format, options, consumed.clone())?;
        let mut records = match &args.column {
            Some(column) => records.with_column(column.clone()),
            None => records,
        };
        loop {
            let batch = records
                .by_ref()
                .take(chunk)
                .collect::<io::Result<Vec<Record>>>()
                .with_context(|| format!("cannot read {name}"))?;
            if batch.is_empty() {
                break;
            }
            let answers: Vec<Answer> =
                crate::threads::map_with_solver(pool.as_ref(), &mut solver, &batch, answer);
            for (record, answer) in batch.iter().zip(answers) {
                if let Err(error) = &record.puzzle {
                    eprintln!("{name}:{error}");
                }
                match answer {
                    Some(Ok(rating)) => writeln!(out, "{rating}")?,
                    Some(Err(RateError::Multiple)) => writeln!(out, "multiple")?,
                    Some(Err(RateError::NoSolution)) => writeln!(out, "none")?,
                    Some(Err(_)) | None => writeln!(out, "error")?,
                }
                unrated += u64::from(!matches!(answer, Some(Ok(_))));
            }
            out.flush()?;
            records_done += batch.len() as u64;
            progress.update(records_done);
        }
    }
    progress.finish();
    Ok(if unrated == 0 {
        Outcome::Success
    } else {
        Outcome::Shortfall
    })
}

/// The rating of one record's puzzle, if it parsed.
fn answer(solver: &mut Solver, record: &Record) -> Answer {
    let puzzle = record.puzzle.as_ref().ok()?;
    Some(rate(solver, puzzle))
}
