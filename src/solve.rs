//! `dance solve`: streaming batch solving, sequential or in parallel, with
//! answers in input order.

use std::io::{self, BufRead, BufWriter, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

use dance_sudoku::batch::par_map;
use dance_sudoku::format::csv::{self, Column};
use dance_sudoku::format::{self, Format, ParseOptions, Record, line};
use dance_sudoku::{Digit, Goal, Grid, Request, Solver, Status, Stop, verify};

use crate::cli::{OutputFormat, SolveArgs};
use crate::exit::Exit;
use crate::input::{Source, parse_options, records};
use crate::outcome::{Outcome, answer};
use crate::progress::Progress;
use crate::report::{Output, Writer};
use crate::stderr::{diagnose, diagnose_text};
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
pub fn run(args: &SolveArgs) -> anyhow::Result<Exit> {
    if args.limit.is_some() && !args.count {
        anyhow::bail!("--limit needs --count (--unique already stops at two solutions)");
    }
    let sources = Source::all(&args.files);
    let request = request(args);
    let options = ParseOptions {
        alphabet: args.alphabet.alphabet(),
        ..parse_options(crate::cli::variant(args.x, args.variant))
    };
    let pool = crate::threads::workers(args.threads)?;

    let consumed = Arc::new(AtomicU64::new(0));
    let total_bytes = sources.iter().map(Source::size).sum::<Option<u64>>();
    let show_progress =
        args.output != Some(OutputFormat::Json) && crate::progress::beside_answers(args.quiet);
    let mut progress = Progress::new(show_progress, total_bytes, consumed.clone(), "puzzles");

    let started = Instant::now();
    let mut summary = Summary::default();
    let mut mismatches = 0u64;
    let mut writer = Writer::new(BufWriter::new(io::stdout().lock()), Output::Line);
    // Like `cat` and `grep`, an input that cannot be opened or read is
    // reported and the others are still solved; the exit status says so.
    let mut unreadable = 0;
    for source in &sources {
        let name = source.name();
        let (format, records) =
            match records(source, args.format.format(), options, consumed.clone()) {
                Ok(found) => found,
                Err(error) => {
                    diagnose!("dance: {error:#}");
                    unreadable += 1;
                    continue;
                }
            };
        let records = match &args.column {
            Some(column) => records.with_column(column.clone()),
            None => records,
        };
        writer.set_output(output(args.output, format));
        writer.set_alphabet(options.alphabet);
        let mut sink = Sink {
            name: &name,
            writer: &mut writer,
            summary: &mut summary,
            progress: &mut progress,
            csv: CsvAnswers::new(args, request.goal),
        };
        let read = match &pool {
            None => solve_sequentially(records, &request, &mut sink)?,
            Some(pool) => solve_in_parallel(pool, records, &request, &mut sink)?,
        };
        mismatches += sink.csv.mismatches;
        writer.flush()?;
        if let Err(error) = read {
            diagnose!("dance: cannot read {name}: {error}");
            unreadable += 1;
        }
    }
    progress.finish();
    let report = summary.report(started.elapsed());
    writer.finish(&report)?;
    if args.stats {
        diagnose_text!("{}", report.to_text());
        if args.check.is_some() {
            diagnose!("mismatches: {mismatches}");
        }
    }
    let failures = mismatches
        + summary.with_status(Status::NoSolution)
        + summary.errors()
        + summary.with_status(Status::Timeout)
        + if request.goal == Goal::Unique {
            summary.with_status(Status::Multiple)
        } else {
            0
        };
    Ok(if unreadable > 0 {
        Exit::Failure
    } else if failures == 0 {
        Exit::Success
    } else {
        Exit::Shortfall
    })
}

/// The request the flags make: `--count [--limit N]`, `--unique` or the
/// first solution; `--timeout` per record; `--engine`.
fn request(args: &SolveArgs) -> Request {
    let goal = match (args.count, args.limit, args.unique) {
        (true, Some(limit), _) => Goal::Count { limit },
        (true, None, _) => Goal::All,
        (false, _, true) => Goal::Unique,
        (false, _, false) => Goal::First,
    };
    let stop = args.timeout.map_or_else(Stop::never, Stop::after);
    Request::new(goal)
        .with_stop(stop)
        .with_engine(args.engine.0)
}

/// The output shape: as asked, else the input's own.
fn output(asked: Option<OutputFormat>, input: Format) -> Output {
    match (asked, input) {
        (Some(OutputFormat::Line), _) | (None, Format::Line | Format::Pencilmark | Format::Csv) => {
            Output::Line
        }
        (Some(OutputFormat::Grid), _) | (None, Format::Grid) => Output::Grid,
        (Some(OutputFormat::Json), _) => Output::Json,
        (Some(OutputFormat::Csv), _) => Output::Csv,
        (None, Format::Poj) => Output::Poj,
    }
}

/// Where answers go: stdout, stderr for diagnostics, the summary, progress.
struct Sink<'a, W: Write> {
    name: &'a str,
    writer: &'a mut Writer<W>,
    summary: &'a mut Summary,
    progress: &'a mut Progress,
    csv: CsvAnswers,
}

impl<W: Write> Sink<'_, W> {
    fn put(&mut self, outcome: &Outcome) -> io::Result<()> {
        if let Some(error) = outcome.error() {
            diagnose!("{}:{error}", self.name);
        }
        let mismatch = self.csv.mismatch(outcome);
        if mismatch {
            self.csv.mismatches += 1;
        }
        if self.csv.output {
            if let Some(header) = self.csv.header_to_write() {
                self.writer.write_line(&header)?;
            }
            self.writer.write_line(&self.csv.row(outcome, mismatch))?;
        } else if mismatch {
            self.writer.write_line("mismatch")?;
        } else {
            self.writer.write(self.name, outcome)?;
        }
        self.summary.add(outcome);
        Ok(())
    }

    /// Takes note of a CSV input's header, once read.
    fn see_header<R: BufRead>(&mut self, records: &format::Records<R>) -> io::Result<()> {
        match records.csv_header() {
            Some(header) if self.csv.header.is_none() => self.csv.set_header(header),
            _ => Ok(()),
        }
    }
}

/// What `--output csv` and `--check` add for one input.
struct CsvAnswers {
    /// `--output csv`.
    output: bool,
    /// Whether rows get a `status` column.
    with_status: bool,
    check: Option<Column>,
    /// The 0-based answer column, once the header is known.
    check_index: Option<usize>,
    header: Option<String>,
    header_written: bool,
    mismatches: u64,
}

impl CsvAnswers {
    fn new(args: &SolveArgs, goal: Goal) -> CsvAnswers {
        CsvAnswers {
            output: args.output == Some(OutputFormat::Csv),
            with_status: goal != Goal::First || args.check.is_some(),
            check: args.check.clone(),
            check_index: None,
            header: None,
            header_written: false,
            mismatches: 0,
        }
    }

    /// Records the header and finds the `--check` column in it.
    fn set_header(&mut self, header: &str) -> io::Result<()> {
        self.header = Some(header.to_owned());
        let Some(check) = &self.check else {
            return Ok(());
        };
        let names = csv::fields(header).unwrap_or_default();
        self.check_index = match check {
            Column::Index(index) if *index <= names.len() => Some(index - 1),
            Column::Name(name) => names.iter().position(|n| n == name),
            Column::Index(_) => None,
        };
        if self.check_index.is_none() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("--check: no column {check} in the header {header}"),
            ));
        }
        Ok(())
    }

    /// The header row of `--output csv`, the first time it is asked for.
    fn header_to_write(&mut self) -> Option<String> {
        if self.header_written {
            return None;
        }
        self.header_written = true;
        let status = if self.with_status { ",status" } else { "" };
        Some(format!("{},solution{status}", self.header.as_deref()?))
    }

    /// The input's columns, the solution and, when asked, the status.
    fn row(&self, outcome: &Outcome, mismatch: bool) -> String {
        let solution = outcome
            .solution()
            .map(line::format_grid)
            .unwrap_or_default();
        let mut row = format!("{},{solution}", outcome.record.input);
        if self.with_status {
            let status = match (mismatch, outcome.count()) {
                (true, _) => "mismatch".to_owned(),
                (false, Some(count)) => count.to_string(),
                (false, None) => outcome.word().to_owned(),
            };
            row.push(',');
            row.push_str(&status);
        }
        row
    }

    /// Whether `--check` finds the record's answer wrong: not a solution
    /// of the puzzle, or not the solution found.
    fn mismatch(&self, outcome: &Outcome) -> bool {
        let (Some(index), Ok(puzzle)) = (self.check_index, &outcome.record.puzzle) else {
            return false;
        };
        let answer = csv::fields(&outcome.record.input)
            .ok()
            .and_then(|fields| fields.into_iter().nth(index));
        let digits: Option<Vec<Digit>> = answer
            .as_deref()
            .map(|text| text.trim().chars().map(Digit::from_char).collect())
            .and_then(|digits: Option<Vec<Digit>>| digits);
        let grid = digits.and_then(|digits| Grid::new(puzzle.shape().clone(), digits).ok());
        match grid {
            Some(grid) if verify(puzzle, &grid).is_ok() => {
                outcome.solution().is_some_and(|solution| *solution != grid)
            }
            _ => true,
        }
    }
}

/// What solving one input came to: `Ok` when it was read to the end, or
/// the read error that stopped it (the records before it are written).
/// Write errors end the run instead (the outer `Result`).
type Read = Result<(), io::Error>;

/// `-j1`: one solver, one record after another, on this thread only.
fn solve_sequentially<R: BufRead, W: Write>(
    records: format::Records<R>,
    request: &Request,
    sink: &mut Sink<'_, W>,
) -> anyhow::Result<Read> {
    let mut solver = Solver::new();
    let mut records = records;
    while let Some(record) = records.next() {
        let record = match record {
            Ok(record) => record,
            Err(error) => return Ok(Err(error)),
        };
        sink.see_header(&records)?;
        let outcome = Outcome::of(&mut solver, record, request);
        sink.put(&outcome)?;
        if sink.summary.records().is_multiple_of(256) {
            sink.progress.update(sink.summary.records());
        }
    }
    Ok(Ok(()))
}

/// Reads the next chunk while the current one is solved on the pool, then
/// writes the chunk's answers in order.
fn solve_in_parallel<R: BufRead + Send, W: Write>(
    pool: &rayon::ThreadPool,
    mut records: format::Records<R>,
    request: &Request,
    sink: &mut Sink<'_, W>,
) -> anyhow::Result<Read> {
    let size = (CHUNK_PER_THREAD * pool.current_num_threads()).max(MIN_CHUNK);
    let mut chunk = read_chunk(&mut records, size);
    sink.see_header(&records)?;
    // The outcomes of the chunk last written, freed on the pool while the
    // next chunk is solved rather than here, where every instruction is
    // one the workers wait for (freeing a record's and an answer's
    // buffers costs about as much as writing its line).
    let mut written: Vec<Outcome> = Vec::new();

    loop {
        let (current, read_error) = chunk;
        if current.is_empty() && read_error.is_none() {
            return Ok(Ok(()));
        }
        let more = read_error.is_none();
        let done = std::mem::take(&mut written);
        let (next, answers) = pool.install(|| {
            rayon::join(
                || {
                    drop(done);
                    if more {
                        read_chunk(&mut records, size)
                    } else {
                        (Vec::new(), None)
                    }
                },
                || {
                    par_map(&current, |solver, record: &Record| {
                        answer(solver, record, request)
                    })
                },
            )
        });
        written.reserve(current.len());
        for (record, answer) in current.into_iter().zip(answers) {
            let outcome = Outcome {
                record,
                answer,
                goal: request.goal,
            };
            sink.put(&outcome)?;
            written.push(outcome);
        }
        sink.progress.update(sink.summary.records());
        if let Some(error) = read_error {
            return Ok(Err(error));
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
