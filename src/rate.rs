//! `dance rate`: the difficulty measure of `dance_sudoku::rate` for every record of
//! every input, in input order, sequentially or on the worker threads.

use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use dance_sudoku::format::Record;
use dance_sudoku::rate::{RateError, Rating, rate};
use dance_sudoku::{Solver, Status};

use crate::cli::RateArgs;
use crate::exit::Exit;
use crate::input::{Source, parse_options, records};
use crate::progress::Progress;
use crate::stderr::diagnose;

/// Records rated between two writes, per worker thread: a hard 9×9 puzzle
/// takes a few milliseconds, so a chunk keeps every thread busy for a
/// moment and memory stays flat however long the input.
const CHUNK_PER_THREAD: usize = 256;

/// What a record gets: nothing when it did not parse.
type Answer = Option<Result<Rating, RateError>>;

/// Runs `dance rate`.
pub fn run(args: &RateArgs) -> anyhow::Result<Exit> {
    let pool = crate::threads::workers(args.threads)?;
    let args = args.clone();
    crate::limits::run_until(args.timeout, move || rate_all(&args, pool.as_deref()))
}

/// Rates every record of every input, a chunk at a time.
fn rate_all(args: &RateArgs, pool: Option<&rayon::ThreadPool>) -> anyhow::Result<Exit> {
    let sources = Source::all(&args.files);
    let options = dance_sudoku::format::ParseOptions {
        alphabet: args.alphabet.alphabet(),
        ..parse_options(crate::cli::variant(args.x, args.variant))
    };

    let consumed = Arc::new(AtomicU64::new(0));
    let total_bytes = sources.iter().map(Source::size).sum::<Option<u64>>();
    let show_progress = crate::progress::beside_answers(args.quiet);
    let mut progress = Progress::new(show_progress, total_bytes, consumed.clone(), "puzzles");
    let mut solver = Solver::new();
    let threads = pool.map_or(1, rayon::ThreadPool::current_num_threads);
    let chunk = CHUNK_PER_THREAD * threads;
    let (mut records_done, mut unrated, mut unreadable) = (0u64, 0u64, 0u64);
    for source in &sources {
        let name = source.name();
        // As in `dance solve`: an input that cannot be read is reported,
        // and the others are still rated.
        let records = match records(source, args.format.format(), options, consumed.clone()) {
            Ok((_, records)) => records,
            Err(error) => {
                diagnose!("dance: {error:#}");
                unreadable += 1;
                continue;
            }
        };
        let mut records = match &args.column {
            Some(column) => records.with_column(column.clone()),
            None => records,
        };
        let mut read_error = None;
        loop {
            let mut batch = Vec::with_capacity(chunk);
            for record in records.by_ref().take(chunk) {
                match record {
                    Ok(record) => batch.push(record),
                    Err(error) => {
                        read_error = Some(error);
                        break;
                    }
                }
            }
            if batch.is_empty() {
                break;
            }
            let answers: Vec<Answer> =
                crate::threads::map_with_solver(pool, &mut solver, &batch, answer);
            let mut out = Vec::new();
            for (record, answer) in batch.iter().zip(answers) {
                if let Err(error) = &record.puzzle {
                    diagnose!("{name}:{error}");
                }
                match answer {
                    Some(Ok(rating)) => writeln!(out, "{rating}")?,
                    Some(Err(RateError::Multiple)) => writeln!(out, "{}", Status::Multiple)?,
                    Some(Err(RateError::NoSolution)) => writeln!(out, "{}", Status::NoSolution)?,
                    Some(Err(_)) | None => writeln!(out, "{}", crate::outcome::ERROR)?,
                }
                unrated += u64::from(!matches!(answer, Some(Ok(_))));
            }
            crate::limits::write_chunk(&out)?;
            records_done += batch.len() as u64;
            progress.update(records_done);
            if read_error.is_some() {
                break;
            }
        }
        if let Some(error) = read_error {
            diagnose!("dance: cannot read {name}: {error}");
            unreadable += 1;
        }
    }
    progress.finish();
    Ok(if unreadable > 0 {
        Exit::Failure
    } else if unrated == 0 {
        Exit::Success
    } else {
        Exit::Shortfall
    })
}

/// The rating of one record's puzzle, if it parsed.
fn answer(solver: &mut Solver, record: &Record) -> Answer {
    let puzzle = record.puzzle.as_ref().ok()?;
    Some(rate(solver, puzzle))
}
