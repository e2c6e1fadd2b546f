//! `dance bench`: Dancing Links against the naive depth-first search, on the
//! same puzzles, one thread each, in one run.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::Context;
use sudoku::batch::{Answer, Finding, Mode};
use sudoku::dfs::Dfs;
use sudoku::format::{self, ParseOptions};
use sudoku::{Puzzle, Solver, Verdict};

use crate::Exit;
use crate::cli::{BenchArgs, BenchMode};
use crate::histogram::Histogram;
use crate::input::Source;
use crate::stderr::diagnose;

/// The sets raced when no file is named: shipped inside the binary, so
/// `dance bench` works anywhere.
const DEFAULT_SETS: [(&str, &str); 2] = [
    (
        "norvig_hardest",
        include_str!("../benches/data/norvig_hardest.txt"),
    ),
    ("top95", include_str!("../benches/data/top95.txt")),
];

/// Runs `dance bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<Exit> {
    let mut out = io::stdout().lock();
    let cap = args.dfs_timeout;
    let mut agree = true;
    let options = ParseOptions {
        variant: crate::cli::variant(args.x, args.variant),
        ..ParseOptions::default()
    };
    // As in `dance solve`, a bad record is reported and skipped, and an
    // input that cannot be read is reported and the next one raced.
    let (mut bad_records, mut unreadable) = (0, 0);
    let mut sets = Vec::new();
    if args.files.is_empty() {
        for (name, text) in DEFAULT_SETS {
            sets.push((name.to_owned(), read(text.as_bytes(), name, options)));
        }
    } else {
        for source in Source::all(&args.files) {
            let name = source.name();
            let set = match source.open(Default::default()) {
                Ok(reader) => read(reader, &name, options),
                Err(error) => Err(error),
            };
            sets.push((name, set));
        }
    }
    for (name, set) in sets {
        match set {
            Ok(set) => {
                bad_records += set.bad_records;
                agree &= race(&name, &set.puzzles, args.mode, cap, &mut out)?;
            }
            Err(error) => {
                diagnose!("dance: {error:#}");
                unreadable += 1;
            }
        }
    }
    if !agree {
        anyhow::bail!("the two solvers disagreed; see the tables above");
    }
    Ok(if unreadable > 0 {
        Exit::Failure
    } else if bad_records > 0 {
        Exit::Shortfall
    } else {
        Exit::Success
    })
}

/// The puzzles of a set, and how many records were not puzzles.
struct Set {
    puzzles: Vec<Puzzle>,
    bad_records: u64,
}

/// Every puzzle of a set; a record that does not parse is reported with its
/// place (`FILE:LINE:COL: message`) and left out.
fn read(reader: impl io::BufRead, name: &str, options: ParseOptions) -> anyhow::Result<Set> {
    let (_, records) =
        format::read_auto(reader, options).with_context(|| format!("cannot read {name}"))?;
    let mut set = Set {
        puzzles: Vec::new(),
        bad_records: 0,
    };
    for record in records {
        let record = record.with_context(|| format!("cannot read {name}"))?;
        match record.puzzle {
            Ok(puzzle) => set.puzzles.push(puzzle),
            Err(error) => {
                diagnose!("{name}:{error}");
                set.bad_records += 1;
            }
        }
    }
    Ok(set)
}

/// Per-solver totals for the table.
#[derive(Default)]
struct Tally {
    micros: Histogram,
    total: Duration,
    solved: u64,
    timed_out: u64,
    nodes: u64,
}

impl Tally {
    fn add(&mut self, answer: &Answer) {
        self.micros.record(answer.elapsed.as_micros() as u64);
        self.total += answer.elapsed;
        self.nodes += answer.stats.nodes;
        match answer.finding {
            Finding::First(Some(_)) | Finding::Verdict(Verdict::Unique(_)) => self.solved += 1,
            Finding::TimedOut(_) => self.timed_out += 1,
            _ => {}
        }
    }
}

/// Races both solvers over one set and prints its table; `false` when they
/// disagreed on a puzzle neither timed out on.
fn race(
    name: &str,
    puzzles: &[Puzzle],
    mode: BenchMode,
    cap: Duration,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let mut solver = Solver::new();
    if let Some(first) = puzzles.first() {
        solver.solve(first); // builds the matrix outside the timings
    }
    let (mut dlx, mut dfs) = (Tally::default(), Tally::default());
    let mut disagreements = 0;
    let batch_mode = match mode {
        BenchMode::First => Mode::First,
        BenchMode::Unique => Mode::Verdict,
    };
    for puzzle in puzzles {
        let fast = solver.answer(puzzle, batch_mode);
        dlx.add(&fast);
        let naive = naive_answer(puzzle, mode, cap);
        dfs.add(&naive);
        if !matches!(naive.finding, Finding::TimedOut(_)) && !agree(&naive.finding, &fast.finding) {
            disagreements += 1;
        }
    }

    let mode_name = match mode {
        BenchMode::First => "first solution",
        BenchMode::Unique => "uniqueness (count to 2)",
    };
    writeln!(
        out,
        "{name}: {} puzzles, {mode_name}, one thread",
        puzzles.len()
    )?;
    if puzzles.is_empty() {
        writeln!(out, "  no puzzles to race")?;
        writeln!(out)?;
        return Ok(true);
    }
    writeln!(
        out,
        "  {:<6} {:>7} {:>7} {:>9} {:>11} {:>11} {:>11} {:>11} {:>14}",
        "solver",
        "puzzles",
        "solved",
        "timed out",
        "puzzles/s",
        "median µs",
        "p99 µs",
        "max µs",
        "nodes/puzzle"
    )?;
    for (solver_name, tally) in [("dlx", &dlx), ("dfs", &dfs)] {
        let count = puzzles.len() as f64;
        let seconds = tally.total.as_secs_f64();
        // Below the clock's resolution no rate can be told.
        let rate = if seconds > 0.0 {
            crate::summary::rate(count / seconds)
        } else {
            "-".to_owned()
        };
        writeln!(
            out,
            "  {:<6} {:>7} {:>7} {:>9} {:>11} {:>11} {:>11} {:>11} {:>14.0}",
            solver_name,
            puzzles.len(),
            tally.solved,
            tally.timed_out,
            rate,
            tally.micros.quantile(0.5),
            tally.micros.quantile(0.99),
            tally.micros.max(),
            tally.nodes as f64 / count,
        )?;
    }
    let (dlx_seconds, dfs_seconds) = (dlx.total.as_secs_f64(), dfs.total.as_secs_f64());
    let ratio = if dlx_seconds > 0.0 {
        format!("{}x", crate::summary::rate(dfs_seconds / dlx_seconds))
    } else {
        "-".to_owned()
    };
    let bound = if dfs.timed_out > 0 { "at least " } else { "" };
    let cap = match crate::limits::deadline(cap) {
        Some(_) => format!("the {cap:?} cap"),
        None => "no cap".to_owned(),
    };
    writeln!(
        out,
        "  dfs/dlx: {bound}{ratio} the time ({} puzzles hit {cap})",
        dfs.timed_out,
    )?;
    if disagreements > 0 {
        writeln!(out, "  DISAGREEMENTS: {disagreements} puzzles")?;
    }
    writeln!(out)?;
    Ok(disagreements == 0)
}

/// Whether two solvers' findings agree: a puzzle with several solutions
/// may have a different first one for each, so first solutions agree when
/// both exist (or neither does); verdicts must be equal.
fn agree(one: &Finding, other: &Finding) -> bool {
    match (one, other) {
        (Finding::First(one), Finding::First(other)) => one.is_some() == other.is_some(),
        (one, other) => one == other,
    }
}

/// The naive DFS's answer, stopped after `cap`, in the DLX solver's terms.
fn naive_answer(puzzle: &Puzzle, mode: BenchMode, cap: Duration) -> Answer {
    let naive = match crate::limits::deadline(cap) {
        Some(deadline) => Dfs::new().with_deadline(deadline),
        None => Dfs::new(),
    };
    let mode = match mode {
        BenchMode::First => Mode::First,
        BenchMode::Unique => Mode::Verdict,
    };
    naive.answer(puzzle, mode)
}
