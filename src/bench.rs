//! `dance bench`: the three engines of `dance solve` raced on the same
//! puzzles, one thread each, in one run: `fast` (the fastest engine for
//! each shape: docs/design.md, "The engines"), `dlx` (the generic Dancing
//! Links engine) and `dfs`
//! (the naive depth-first search), each labelled for what it is, with the
//! speed-up of each of the first two over the DFS.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use dance_sudoku::format::{self, ParseOptions};
use dance_sudoku::{Answer, Engine, EngineChoice, Goal, Puzzle, Request, Solver, Status, Stop};

use crate::cli::{BenchArgs, BenchMode};
use crate::exit::Exit;
use crate::input::Source;
use crate::print::race::{self, Totals};
use crate::progress::{self, Bar};
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
    let bar = Bar::start(progress::draw(args.progress.quiet, false), "puzzles", None);
    let mut out = io::stdout().lock();
    let cap = args.dfs_timeout;
    // Table order whatever the order on the command line, each engine once.
    let asked = &args.engines;
    let engines: Vec<EngineChoice> = EngineChoice::ALL
        .into_iter()
        .filter(|engine| asked.contains(engine))
        .collect();
    let mut agree = true;
    let options = ParseOptions {
        variant: args.rules.variant(),
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
            bar.set_label(format!("reading {name}"));
            let set = match source.open() {
                Ok(reader) => read(reader, &name, options),
                Err(error) => Err(error),
            };
            sets.push((name, set));
        }
    }
    let count = sets.len();
    for (k, (name, set)) in sets.into_iter().enumerate() {
        match set {
            Ok(set) => {
                bad_records += set.bad_records;
                let racing = Racing {
                    bar: &bar,
                    set: format!("{name} (set {} of {count})", k + 1),
                };
                agree &= race(
                    &name,
                    &set.puzzles,
                    &engines,
                    args.mode,
                    cap,
                    &racing,
                    &mut out,
                )?;
            }
            Err(error) => {
                diagnose!("dance: {error:#}");
                unreadable += 1;
            }
        }
    }
    bar.finish();
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

/// One engine's place in the race: its request, its solver and its
/// totals.
struct Entrant {
    request: Request,
    solver: Solver,
    totals: Totals,
}

impl Entrant {
    /// An entrant answering `goal` on `engine` (only the DFS is stopped after
    /// `cap`), its matrix built on `warm_up` so that building it stays out
    /// of the timings.
    fn new(engine: EngineChoice, goal: Goal, cap: Duration, warm_up: Option<&Puzzle>) -> Entrant {
        let stop = match engine {
            EngineChoice::Dfs => Stop::after(cap),
            _ => Stop::never(),
        };
        let request = Request::new(goal).with_stop(stop).with_engine(engine);
        let mut solver = Solver::new();
        if let Some(puzzle) = warm_up.filter(|_| engine != EngineChoice::Dfs) {
            solver.run(puzzle, &request.clone().with_stop(Stop::never()));
        }
        Entrant {
            request,
            solver,
            totals: Totals::default(),
        }
    }

    /// This engine's answer for one puzzle, counted in its totals.
    fn answer(&mut self, puzzle: &Puzzle) -> Answer {
        let started = Instant::now();
        let answer = self.solver.run(puzzle, &self.request);
        self.totals.add(&answer, started.elapsed());
        answer
    }

    fn engine(&self) -> EngineChoice {
        self.request.engine
    }
}

/// What an engine is on `puzzles`: `fast` runs each shape on its fastest
/// engine (docs/design.md, "The engines"), so its label names the ones that served this set,
/// in order of first use.
fn what(engine: EngineChoice, puzzles: &[Puzzle]) -> String {
    let solver = Solver::new();
    let mut kinds: Vec<Engine> = Vec::new();
    for puzzle in puzzles {
        let kind = solver.engine_for(puzzle, engine);
        if !kinds.contains(&kind) {
            kinds.push(kind);
        }
    }
    let described: Vec<&str> = kinds.into_iter().map(Engine::describe).collect();
    described.join("; ")
}

impl Totals {
    fn add(&mut self, answer: &Answer, elapsed: Duration) {
        self.micros.record(elapsed.as_micros() as u64);
        self.total += elapsed;
        self.nodes += answer.stats.nodes;
        match answer.status {
            Status::Solved | Status::Unique => self.solved += 1,
            Status::Timeout => self.timed_out += 1,
            _ => {}
        }
    }
}

/// What the bar says of a race: the set, and the engine on a puzzle.
struct Racing<'a> {
    bar: &'a Bar,
    /// The set's name and place among the sets.
    set: String,
}

impl Racing<'_> {
    /// Puzzle `k` of the set is done.
    fn done(&self, k: usize) {
        self.bar.set(k as u64);
    }

    /// `engine` is on a puzzle of the set now.
    fn on(&self, engine: EngineChoice) {
        if self.bar.is_drawn() {
            self.bar
                .set_label(format!("{}: racing {}", self.set, engine.name()));
        }
    }
}

/// Races the engines over one set, puzzle by puzzle in turn, and prints its
/// table; `false` when two engines disagreed on a puzzle neither timed out
/// on.
fn race(
    name: &str,
    puzzles: &[Puzzle],
    engines: &[EngineChoice],
    mode: BenchMode,
    cap: Duration,
    racing: &Racing,
    out: &mut impl Write,
) -> anyhow::Result<bool> {
    let goal = match mode {
        BenchMode::First => Goal::First,
        BenchMode::Unique => Goal::Unique,
    };
    let mut entrants: Vec<Entrant> = engines
        .iter()
        .map(|&engine| Entrant::new(engine, goal, cap, puzzles.first()))
        .collect();
    let mut disagreements = 0;
    racing.bar.set_total(Some(puzzles.len() as u64));
    for (k, puzzle) in puzzles.iter().enumerate() {
        racing.done(k);
        let answers: Vec<Answer> = entrants
            .iter_mut()
            .map(|entrant| {
                racing.on(entrant.engine());
                entrant.answer(puzzle)
            })
            .collect();
        if !all_agree(&answers) {
            disagreements += 1;
        }
    }

    let table = race::Table {
        name,
        puzzles: puzzles.len(),
        mode: match mode {
            BenchMode::First => "first solution",
            BenchMode::Unique => "uniqueness (count to 2)",
        },
        rows: entrants
            .iter()
            .map(|entrant| race::Row {
                engine: entrant.engine(),
                what: what(entrant.engine(), puzzles),
                totals: &entrant.totals,
            })
            .collect(),
        cap,
        disagreements,
    };
    racing.done(puzzles.len());
    racing.bar.suspend(|| race::print(out, &table))?;
    Ok(disagreements == 0)
}

/// Whether every engine that finished (did not time out) agrees with the
/// first that did.
fn all_agree(answers: &[Answer]) -> bool {
    let mut finished = answers
        .iter()
        .filter(|answer| answer.status != Status::Timeout);
    match finished.next() {
        Some(first) => finished.all(|other| agree(first, other)),
        None => true,
    }
}

/// Whether two engines' answers agree: the same status and count, and the
/// same solution when it is the only one (a puzzle with several solutions
/// may have a different first one for each engine).
fn agree(one: &Answer, other: &Answer) -> bool {
    (one.status, one.count) == (other.status, other.count)
        && (one.status != Status::Unique || one.solution == other.solution)
}

#[cfg(test)]
mod tests {
    use dance_sudoku::{Count, Engine, Grid, Stats};

    use super::*;

    fn answer(status: Status, solutions: u64, solution: Option<Grid>) -> Answer {
        Answer {
            status,
            count: Count {
                solutions,
                complete: matches!(status, Status::Unique | Status::NoSolution),
            },
            solution,
            stats: Stats::default(),
            engine: Engine::Dfs,
            findings: (),
        }
    }

    #[test]
    fn engines_that_finished_must_agree() {
        let multiple = || answer(Status::Multiple, 1, None);
        let none = || answer(Status::NoSolution, 0, None);
        let timed_out = || answer(Status::Timeout, 0, None);
        assert!(all_agree(&[multiple(), multiple(), multiple()]));
        assert!(!all_agree(&[multiple(), multiple(), none()]));
        assert!(!all_agree(&[multiple(), none(), multiple()]));
        // A timed-out DFS agrees with anything; so does no engine at all.
        assert!(all_agree(&[none(), none(), timed_out()]));
        assert!(!all_agree(&[timed_out(), multiple(), none()]));
        assert!(all_agree(&[timed_out()]));
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
            .map(|grid| answer(Status::Solved, 1, Some(grid)))
            .collect();
        let [one, other] = <[Answer; 2]>::try_from(found).unwrap();
        assert_ne!(one, other);
        assert!(all_agree(&[one.clone(), other.clone()]));
        assert!(!all_agree(&[
            one.clone(),
            answer(Status::NoSolution, 0, None)
        ]));
        // Two different solutions that each claim to be the only one do not.
        let unique = |answer: Answer| Answer {
            status: Status::Unique,
            ..answer
        };
        assert!(!all_agree(&[unique(one), unique(other)]));
    }
}
