//! `dance bench`: Dancing Links against the naive depth-first search, on the
//! same puzzles, one thread each, in one run.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use sudoku::batch::{Answer, Finding, Mode};
use sudoku::dfs::Dfs;
use sudoku::format::{self, ParseOptions};
use sudoku::{Puzzle, Solver, Verdict};

use crate::Outcome;
use crate::cli::{BenchArgs, BenchMode};
use crate::histogram::Histogram;
use crate::input::Source;

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
pub fn run(args: &BenchArgs) -> anyhow::Result<Outcome> {
    let mut out = io::stdout().lock();
    let cap = Duration::from_secs_f64(args.dfs_timeout);
    let mut agree = true;
    let options = ParseOptions {
        variant: crate::cli::variant(args.x, args.variant),
        ..ParseOptions::default()
    };
    if args.files.is_empty() {
        for (name, text) in DEFAULT_SETS {
            agree &= race(
                name,
                &read(text.as_bytes(), name, options)?,
                args.mode,
                cap,
                &mut out,
            )?;
        }
    } else {
        for source in Source::all(&args.files) {
            let name = source.name();
            let reader = source.open(Default::default())?;
            agree &= race(
                &name,
                &read(reader, &name, options)?,
                args.mode,
                cap,
                &mut out,
            )?;
        }
    }
    if !agree {
        anyhow::bail!("the two solvers disagreed; see the tables above");
    }
    Ok(Outcome::Success)
}

/// Every puzzle of a set; a record that does not parse is an error naming it.
fn read(
    reader: impl io::BufRead,
    name: &str,
    options: ParseOptions,
) -> anyhow::Result<Vec<Puzzle>> {
    let (_, records) =
        format::read_auto(reader, options).with_context(|| format!("cannot read {name}"))?;
    let mut puzzles = Vec::new();
    for record in records {
        let record = record.with_context(|| format!("cannot read {name}"))?;
        puzzles.push(
            record
                .puzzle
                .map_err(|error| anyhow::anyhow!("{name}:{error}"))?,
        );
    }
    Ok(puzzles)
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
        if !matches!(naive.finding, Finding::TimedOut(_)) && naive.finding != fast.finding {
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
        let count = puzzles.len().max(1) as f64;
        writeln!(
            out,
            "  {:<6} {:>7} {:>7} {:>9} {:>11.0} {:>11} {:>11} {:>11} {:>14.0}",
            solver_name,
            puzzles.len(),
            tally.solved,
            tally.timed_out,
            count / tally.total.as_secs_f64().max(1e-9),
            tally.micros.quantile(0.5),
            tally.micros.quantile(0.99),
            tally.micros.max(),
            tally.nodes as f64 / count,
        )?;
    }
    let ratio = dfs.total.as_secs_f64() / dlx.total.as_secs_f64().max(1e-9);
    let bound = if dfs.timed_out > 0 { "at least " } else { "" };
    writeln!(
        out,
        "  dfs/dlx: {bound}{ratio:.0}x the time ({} puzzles hit the {:.1} s cap)",
        dfs.timed_out,
        cap.as_secs_f64()
    )?;
    if disagreements > 0 {
        writeln!(out, "  DISAGREEMENTS: {disagreements} puzzles")?;
    }
    writeln!(out)?;
    Ok(disagreements == 0)
}

/// The naive DFS's answer, stopped after `cap`, in the DLX solver's terms.
fn naive_answer(puzzle: &Puzzle, mode: BenchMode, cap: Duration) -> Answer {
    let started = Instant::now();
    let naive = Dfs::new().with_deadline(started + cap);
    let (finding, stats) = match mode {
        BenchMode::First => match naive.solve(puzzle) {
            Ok(run) => (Finding::First(run.value), run.stats),
            Err(late) => (Finding::TimedOut(late), late.stats),
        },
        BenchMode::Unique => match naive.verdict(puzzle) {
            Ok(run) => (Finding::Verdict(run.value), run.stats),
            Err(late) => (Finding::TimedOut(late), late.stats),
        },
    };
    Answer {
        finding,
        stats,
        elapsed: started.elapsed(),
    }
}
