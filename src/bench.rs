//! `dance bench`: Dancing Links against the naive depth-first search, on the
//! same puzzles, one thread each, in one run.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use sudoku::dfs::Dfs;
use sudoku::format::{self, ParseOptions};
use sudoku::{Grid, Puzzle, SearchStats, Solver, Verdict};

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
    if args.files.is_empty() {
        for (name, text) in DEFAULT_SETS {
            agree &= race(
                name,
                &read(text.as_bytes(), name)?,
                args.mode,
                cap,
                &mut out,
            )?;
        }
    } else {
        for source in Source::all(&args.files) {
            let name = source.name();
            let reader = source.open(Default::default())?;
            agree &= race(&name, &read(reader, &name)?, args.mode, cap, &mut out)?;
        }
    }
    if !agree {
        anyhow::bail!("the two solvers disagreed; see the tables above");
    }
    Ok(Outcome::Success)
}

/// Every puzzle of a set; a record that does not parse is an error naming it.
fn read(reader: impl io::BufRead, name: &str) -> anyhow::Result<Vec<Puzzle>> {
    let (_, records) = format::read_auto(reader, ParseOptions::default())
        .with_context(|| format!("cannot read {name}"))?;
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

/// What one solver made of one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Found {
    Solution(Option<Grid>),
    Verdict(Verdict),
    TimedOut,
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
    fn add(&mut self, found: &Found, elapsed: Duration, stats: SearchStats) {
        self.micros.record(elapsed.as_micros() as u64);
        self.total += elapsed;
        self.nodes += stats.nodes;
        match found {
            Found::Solution(Some(_)) | Found::Verdict(Verdict::Unique(_)) => self.solved += 1,
            Found::TimedOut => self.timed_out += 1,
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
    for puzzle in puzzles {
        let started = Instant::now();
        let found = match mode {
            BenchMode::First => Found::Solution(solver.solve(puzzle)),
            BenchMode::Unique => Found::Verdict(solver.verdict(puzzle)),
        };
        dlx.add(&found, started.elapsed(), solver.stats());

        let started = Instant::now();
        let naive = Dfs::new().with_deadline(started + cap);
        let (baseline, stats) = match mode {
            BenchMode::First => match naive.solve(puzzle) {
                Ok(run) => (Found::Solution(run.value), run.stats),
                Err(timed_out) => (Found::TimedOut, timed_out.stats),
            },
            BenchMode::Unique => match naive.verdict(puzzle) {
                Ok(run) => (Found::Verdict(run.value), run.stats),
                Err(timed_out) => (Found::TimedOut, timed_out.stats),
            },
        };
        dfs.add(&baseline, started.elapsed(), stats);
        if baseline != Found::TimedOut && baseline != found {
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
