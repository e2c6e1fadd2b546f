//! `dance bench`: the three engines of `dance solve` raced on the same
//! puzzles, one thread each, in one run: `fast` (for plain 9×9, bands of
//! bits with their own deductions and their own search tree, not Algorithm
//! X's; no dancing links), `dlx` (the generic Dancing Links engine) and `dfs`
//! (the naive depth-first search), each labelled for what it is, with the
//! speed-up of each of the first two over the DFS.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::Context;
use dance_sudoku::batch::{Answer, Finding, Mode};
use dance_sudoku::dfs::Dfs;
use dance_sudoku::format::{self, ParseOptions};
use dance_sudoku::{EngineKind, Puzzle, Solver, Verdict};

use crate::Exit;
use crate::cli::{BenchArgs, BenchMode, Engine};
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
    // Table order whatever the order on the command line, each engine once.
    let engines: Vec<Engine> = [Engine::Fast, Engine::Dlx, Engine::Dfs]
        .into_iter()
        .filter(|engine| args.engines.contains(engine))
        .collect();
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
                agree &= race(&name, &set.puzzles, &engines, args.mode, cap, &mut out)?;
            }
            Err(error) => {
                diagnose!("dance: {error:#}");
                unreadable += 1;
            }
        }
    }
    if !agree {
        anyhow::bail!("the engines disagreed; see the tables above");
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

/// One engine's place in the race: its solver (unused by the DFS) and its
/// totals.
struct Lane {
    engine: Engine,
    solver: Solver,
    tally: Tally,
}

impl Lane {
    /// A lane for `engine`, its matrix built on `warm_up` so that building
    /// it stays out of the timings.
    fn new(engine: Engine, warm_up: Option<&Puzzle>) -> Lane {
        let mut solver = match engine {
            Engine::Dlx => Solver::generic(),
            Engine::Fast | Engine::Dfs => Solver::new(),
        };
        if let (Engine::Fast | Engine::Dlx, Some(puzzle)) = (engine, warm_up) {
            solver.solve(puzzle);
        }
        Lane {
            engine,
            solver,
            tally: Tally::default(),
        }
    }

    /// This engine's answer for one puzzle, counted in the tally; only the
    /// DFS is stopped after `cap`.
    fn answer(&mut self, puzzle: &Puzzle, mode: Mode, cap: Duration) -> Answer {
        let answer = match self.engine {
            Engine::Fast | Engine::Dlx => self.solver.answer(puzzle, mode),
            Engine::Dfs => naive_answer(puzzle, mode, cap),
        };
        self.tally.add(&answer);
        answer
    }
}

/// An engine's name in the table.
fn short_name(engine: Engine) -> &'static str {
    match engine {
        Engine::Fast => "fast",
        Engine::Dlx => "dlx",
        Engine::Dfs => "dfs",
    }
}

/// What an engine is on `puzzles`: `fast` runs each shape on its fastest
/// engine (for plain 9×9, bands with their own deductions and search tree,
/// which dance no links), so its label names the ones that served this set,
/// in order of first use.
fn what(engine: Engine, puzzles: &[Puzzle]) -> String {
    match engine {
        Engine::Fast => {
            let solver = Solver::new();
            let mut kinds: Vec<EngineKind> = Vec::new();
            for puzzle in puzzles {
                let kind = solver.engine_kind(puzzle);
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
            let described: Vec<&str> = kinds.into_iter().map(EngineKind::describe).collect();
            described.join("; ")
        }
        Engine::Dlx => EngineKind::Generic.describe().to_owned(),
        Engine::Dfs => "naive depth-first search".to_owned(),
    }
}

/// The ratios printed under a table, slower engine first: each engine's
/// speed-up over the DFS on its own line, then the fast path's over Dancing
/// Links.
const RATIOS: [(Engine, Engine); 3] = [
    (Engine::Dfs, Engine::Fast),
    (Engine::Dfs, Engine::Dlx),
    (Engine::Dlx, Engine::Fast),
];

/// Per-engine totals for the table.
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

/// Races the engines over one set, puzzle by puzzle in turn, and prints its
/// table; `false` when two engines disagreed on a puzzle neither timed out
/// on.
fn race(
    name: &str,
    puzzles: &[Puzzle],
    engines: &[Engine],
    mode: BenchMode,
    cap: Duration,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let mut lanes: Vec<Lane> = engines
        .iter()
        .map(|&engine| Lane::new(engine, puzzles.first()))
        .collect();
    let batch_mode = match mode {
        BenchMode::First => Mode::First,
        BenchMode::Unique => Mode::Verdict,
    };
    let mut disagreements = 0;
    for puzzle in puzzles {
        let answers: Vec<Answer> = lanes
            .iter_mut()
            .map(|lane| lane.answer(puzzle, batch_mode, cap))
            .collect();
        if !all_agree(&answers) {
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
        "  {:<6} {:>7} {:>7} {:>9} {:>11} {:>11} {:>11} {:>11} {:>14}  what it is",
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
    let count = puzzles.len() as f64;
    for lane in &lanes {
        let (engine_name, what) = (short_name(lane.engine), what(lane.engine, puzzles));
        let tally = &lane.tally;
        let seconds = tally.total.as_secs_f64();
        // Below the clock's resolution no rate can be told.
        let rate = if seconds > 0.0 {
            crate::summary::rate(count / seconds)
        } else {
            "-".to_owned()
        };
        writeln!(
            out,
            "  {:<6} {:>7} {:>7} {:>9} {:>11} {:>11} {:>11} {:>11} {:>14.0}  {what}",
            engine_name,
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
    let tally_of = |engine| {
        lanes
            .iter()
            .find(|lane| lane.engine == engine)
            .map(|lane| &lane.tally)
    };
    let cap = match crate::limits::deadline(cap) {
        Some(_) => format!("the {cap:?} cap"),
        None => "no cap".to_owned(),
    };
    for (slow, fast) in RATIOS {
        let (Some(slow_tally), Some(fast_tally)) = (tally_of(slow), tally_of(fast)) else {
            continue;
        };
        let (slow_seconds, fast_seconds) = (
            slow_tally.total.as_secs_f64(),
            fast_tally.total.as_secs_f64(),
        );
        let ratio = if fast_seconds > 0.0 {
            format!("{}x", crate::summary::rate(slow_seconds / fast_seconds))
        } else {
            "-".to_owned()
        };
        let (slow_name, fast_name) = (short_name(slow), short_name(fast));
        if slow == Engine::Dfs {
            // A DFS stopped at the cap took at least that long.
            let bound = if slow_tally.timed_out > 0 {
                "at least "
            } else {
                ""
            };
            writeln!(
                out,
                "  {slow_name}/{fast_name}: {bound}{ratio} the time ({} puzzles hit {cap})",
                slow_tally.timed_out,
            )?;
        } else {
            writeln!(out, "  {slow_name}/{fast_name}: {ratio} the time")?;
        }
    }
    if disagreements > 0 {
        writeln!(out, "  DISAGREEMENTS: {disagreements} puzzles")?;
    }
    writeln!(out)?;
    Ok(disagreements == 0)
}

/// Whether every engine that finished (did not time out) agrees with the
/// first that did.
fn all_agree(answers: &[Answer]) -> bool {
    let mut finished = answers
        .iter()
        .map(|answer| &answer.finding)
        .filter(|finding| !matches!(finding, Finding::TimedOut(_)));
    match finished.next() {
        Some(first) => finished.all(|other| agree(first, other)),
        None => true,
    }
}

/// Whether two engines' findings agree: a puzzle with several solutions
/// may have a different first one for each, so first solutions agree when
/// both exist (or neither does); verdicts must be equal.
fn agree(one: &Finding, other: &Finding) -> bool {
    match (one, other) {
        (Finding::First(one), Finding::First(other)) => one.is_some() == other.is_some(),
        (one, other) => one == other,
    }
}

/// The naive DFS's answer, stopped after `cap`, in the other engines' terms.
fn naive_answer(puzzle: &Puzzle, mode: Mode, cap: Duration) -> Answer {
    let naive = match crate::limits::deadline(cap) {
        Some(deadline) => Dfs::new().with_deadline(deadline),
        None => Dfs::new(),
    };
    naive.answer(puzzle, mode)
}

#[cfg(test)]
mod tests {
    use dance_sudoku::{Stats, TimedOut};

    use super::*;

    fn answer(finding: Finding) -> Answer {
        Answer {
            finding,
            stats: Stats::default(),
            elapsed: Duration::ZERO,
        }
    }

    fn timed_out() -> Finding {
        Finding::TimedOut(TimedOut {
            found: 0,
            stats: Stats::default(),
        })
    }

    #[test]
    fn engines_that_finished_must_agree() {
        let multiple = || answer(Finding::Verdict(Verdict::Multiple));
        let none = || answer(Finding::Verdict(Verdict::NoSolution));
        assert!(all_agree(&[multiple(), multiple(), multiple()]));
        assert!(!all_agree(&[multiple(), multiple(), none()]));
        assert!(!all_agree(&[multiple(), none(), multiple()]));
        // A timed-out DFS agrees with anything; so does no engine at all.
        assert!(all_agree(&[none(), none(), answer(timed_out())]));
        assert!(!all_agree(&[answer(timed_out()), multiple(), none()]));
        assert!(all_agree(&[answer(timed_out())]));
        assert!(all_agree(&[]));
    }

    #[test]
    fn different_first_solutions_of_a_puzzle_agree() {
        let two =
            ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.";
        let puzzle: Puzzle = two.parse().unwrap();
        let mut solver = Solver::new();
        let found: Vec<Answer> = solver
            .solutions(&puzzle)
            .map(|grid| answer(Finding::First(Some(grid))))
            .collect();
        let [one, other] = <[Answer; 2]>::try_from(found).unwrap();
        assert_ne!(one, other);
        assert!(all_agree(&[one.clone(), other]));
        assert!(!all_agree(&[one, answer(Finding::First(None))]));
    }
}
