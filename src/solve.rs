//! `dance solve`: streaming batch solving, sequential or in parallel, with
//! answers in input order.

use std::io::{self, BufRead, BufWriter, IsTerminal, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

use anyhow::Context;
use sudoku::Solver;
use sudoku::batch::{Mode, par_map};
use sudoku::format::{self, Format, Record};

use crate::Outcome as RunOutcome;
use crate::cli::{OutputFormat, SolveArgs};
use crate::input::{Source, parse_options, records};
use crate::outcome::{Outcome, Status, answer};
use crate::progress::Progress;
use crate::report::{Output, Writer};
use crate::summary::Summary;

/// Records read, solved and written at a time on the parallel path, per
/// worker thread: enough to keep every thread busy while the next chunk is
/// read, few enough that memory stays flat however long the input (with 2
/// threads, peak RSS is the same for 10k and 1M puzzles; see
/// docs/benchmarks.md).
const CHUNK_PER_THREAD: usize = 256;

/// The smallest chunk: below this, splitting costs more than it saves.
const MIN_CHUNK: usize = 1024;

/// Runs `dance solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<RunOutcome> {
    let sources = Source::all(&args.files);
    let mode = mode(args);
    let timeout = args.timeout.map(Duration::from_secs_f64);
    let options = parse_options(crate::cli::variant(args.x, args.variant));
    let (_, pool) = crate::threads::pool(args.threads)?;

    let consumed = Arc::new(AtomicU64::new(0));
    let total_bytes = sources.iter().map(Source::size).sum::<Option<u64>>();
    let show_progress =
        !args.quiet && args.output != Some(OutputFormat::Json) && io::stderr().is_terminal();
    let mut progress = Progress::new(show_progress, total_bytes, consumed.clone(), "puzzles");

    let started = Instant::now();
    let mut summary = Summary::default();
    let mut writer = Writer::new(BufWriter::new(io::stdout().lock()), Output::Line);
    for source in &sources {
        let name = source.name();
        let (format, records) = records(source, args.format, options, consumed.clone())?;
        let records = match &args.column {
            Some(column) => records.with_column(column.clone()),
            None => records,
        };
        writer.set_output(output(args.output, format));
        let mut sink = Sink {
            name: &name,
            writer: &mut writer,
            summary: &mut summary,
            progress: &mut progress,
        };
        let done = match &pool {
            None => solve_sequentially(records, mode, timeout, &mut sink),
            Some(pool) => solve_in_parallel(pool, records, mode, timeout, &mut sink),
        };
        done.with_context(|| format!("cannot read {name}"))?;
        writer.flush()?;
    }
    progress.finish();
    let report = summary.report(started.elapsed());
    writer.finish(&report)?;
    if args.stats {
        eprint!("{}", report.to_text());
    }
    let failures = summary.with_status(Status::None)
        + summary.with_status(Status::Error)
        + summary.with_status(Status::Timeout)
        + if mode == Mode::Verdict {
            summary.with_status(Status::Multiple)
        } else {
            0
        };
    Ok(if failures == 0 {
        RunOutcome::Success
    } else {
        RunOutcome::Shortfall
    })
}

fn mode(args: &SolveArgs) -> Mode {
    if args.count {
        Mode::Count {
            limit: args.limit.unwrap_or(u64::MAX),
        }
    } else if args.unique {
        Mode::Verdict
    } else {
        Mode::First
    }
}

/// The output shape: as asked, else the input's own.
fn output(asked: Option<OutputFormat>, input: Format) -> Output {
    match (asked, input) {
        (Some(OutputFormat::Line), _) | (None, Format::Line | Format::Pencilmark | Format::Csv) => {
            Output::Line
        }
        (Some(OutputFormat::Grid), _) | (None, Format::Grid) => Output::Grid,
        (Some(OutputFormat::Json), _) => Output::Json,
        (None, Format::Poj) => Output::Poj,
    }
}

/// Where answers go: stdout, stderr for diagnostics, the summary, progress.
struct Sink<'a, W: Write> {
    name: &'a str,
    writer: &'a mut Writer<W>,
    summary: &'a mut Summary,
    progress: &'a mut Progress,
}

impl<W: Write> Sink<'_, W> {
    fn put(&mut self, outcome: &Outcome) -> io::Result<()> {
        if let Some(error) = outcome.error() {
            eprintln!("{}:{error}", self.name);
        }
        self.writer.write(self.name, outcome)?;
        self.summary.add(outcome);
        Ok(())
    }
}

/// `-j1`: one solver, one record after another, on this thread only.
fn solve_sequentially<W: Write>(
    records: impl Iterator<Item = io::Result<Record>>,
    mode: Mode,
    timeout: Option<Duration>,
    sink: &mut Sink<'_, W>,
) -> anyhow::Result<()> {
    let mut solver = Solver::new();
    for record in records {
        let outcome = Outcome::of(&mut solver, record?, mode, timeout);
        sink.put(&outcome)?;
        if sink.summary.records().is_multiple_of(256) {
            sink.progress.update(sink.summary.records());
        }
    }
    Ok(())
}

/// Reads the next chunk while the current one is solved on the pool, then
/// writes the chunk's answers in order.
fn solve_in_parallel<R: BufRead + Send, W: Write>(
    pool: &rayon::ThreadPool,
    mut records: format::Records<R>,
    mode: Mode,
    timeout: Option<Duration>,
    sink: &mut Sink<'_, W>,
) -> anyhow::Result<()> {
    let size = (CHUNK_PER_THREAD * pool.current_num_threads()).max(MIN_CHUNK);
    let mut chunk = read_chunk(&mut records, size);

    loop {
        let (current, read_error) = chunk;
        if current.is_empty() && read_error.is_none() {
            return Ok(());
        }
        let more = read_error.is_none();
        let (next, answers) = pool.install(|| {
            rayon::join(
                || {
                    if more {
                        read_chunk(&mut records, size)
                    } else {
                        (Vec::new(), None)
                    }
                },
                || {
                    par_map(&current, |solver, record: &Record| {
                        answer(solver, record, mode, timeout)
                    })
                },
            )
        });
        for (record, answer) in current.into_iter().zip(answers) {
            sink.put(&Outcome { record, answer })?;
        }
        sink.progress.update(sink.summary.records());
        if let Some(error) = read_error {
            return Err(error.into());
        }
        chunk = next;
    }
}

/// Up to `size` records, and the read error that stopped the chunk early.
fn read_chunk<R: BufRead>(
    records: &mut format::Records<R>,
    size: usize,
) -> (Vec<Record>, Option<io::Error>) {
    let mut chunk = Vec::with_capacity(size);
    for record in records.by_ref() {
        match record {
            Ok(record) => chunk.push(record),
            Err(error) => return (chunk, Some(error)),
        }
        if chunk.len() == size {
            break;
        }
    }
    (chunk, None)
}
