//! `dance cover`: exact-cover problems in Knuth's text format.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::time::{Duration, Instant};

use anyhow::Context;
use dlx::{Event, OptionDisplay, OptionId, Problem, Solver, TextError};

use crate::Outcome;
use crate::cli::CoverArgs;

/// Nodes searched between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1 << 16;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// Every solution was found.
    Exhausted,
    /// `--limit` (or `--first`) stopped it.
    Limit,
    /// `--timeout` stopped it.
    Timeout,
}

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Outcome> {
    let problem = read(args)?;
    let mut solver = match args.seed {
        Some(seed) => Solver::with_seed(&problem, seed),
        None => Solver::new(&problem),
    };

    let limit = match (args.first, args.limit) {
        (true, limit) => limit.unwrap_or(1).min(1),
        (false, limit) => limit.unwrap_or(u64::MAX),
    };
    let deadline = args
        .timeout
        .map(|seconds| Instant::now() + Duration::from_secs_f64(seconds));
    let print = args.all || args.first;
    let started = Instant::now();
    let mut out = BufWriter::new(io::stdout().lock());

    let mut found = 0;
    let mut sorted: Vec<OptionId> = Vec::new();
    solver.rewind();
    let end = loop {
        if found == limit {
            break End::Limit;
        }
        // The clock is read at every solution and every CLOCK_INTERVAL nodes.
        if deadline.is_some_and(|deadline| Instant::now() >= deadline) {
            break End::Timeout;
        }
        match solver.resume(if deadline.is_some() {
            CLOCK_INTERVAL
        } else {
            u64::MAX
        }) {
            Event::Solution => {
                found += 1;
                if print {
                    sorted.clear();
                    sorted.extend(solver.solution());
                    sorted.sort_unstable();
                    for &option in &sorted {
                        writeln!(out, "{}", OptionDisplay::new(&problem, option))?;
                    }
                    writeln!(out)?;
                }
            }
            Event::Exhausted => break End::Exhausted,
            Event::BudgetSpent => {}
        }
    };
    let stats = solver.stats();
    solver.rewind();
    if !print {
        let plus = if end == End::Exhausted { "" } else { "+" };
        writeln!(out, "{found}{plus}")?;
    }
    out.flush()?;

    if end == End::Timeout {
        eprintln!(
            "dance: timed out after {:.3} s",
            started.elapsed().as_secs_f64()
        );
    }
    if args.stats {
        let seconds = started.elapsed().as_secs_f64();
        let plus = if end == End::Exhausted { "" } else { "+" };
        eprintln!(
            "solutions: {found}{plus}\nnodes: {}\nupdates: {}\ntime: {seconds:.3} s\nupdates per second: {:.0}",
            stats.nodes,
            stats.updates,
            stats.updates as f64 / seconds.max(1e-9),
        );
    }
    Ok(if found > 0 && end != End::Timeout {
        Outcome::Success
    } else {
        Outcome::Shortfall
    })
}

/// Reads the problem, naming the file in every error.
fn read(args: &CoverArgs) -> anyhow::Result<Problem> {
    let (name, reader): (String, Box<dyn BufRead>) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let file =
                File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
            (path.display().to_string(), Box::new(BufReader::new(file)))
        }
        _ => ("<stdin>".to_owned(), Box::new(io::stdin().lock())),
    };
    dlx::read_problem(reader).map_err(|error| match error {
        TextError::Syntax { .. } => anyhow::anyhow!("{name}:{error}"),
        error => anyhow::Error::new(error).context(format!("cannot read {name}")),
    })
}
