//! `dance cover`: exact-cover problems in Knuth's text format.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::ops::ControlFlow;
use std::time::Instant;

use anyhow::Context;
use dlx::{OptionDisplay, OptionId, Problem, Solver, TextError};

use crate::Outcome;
use crate::cli::CoverArgs;

/// Runs `dance cover`.
pub fn run(args: &CoverArgs) -> anyhow::Result<Outcome> {
    let problem = read(args)?;
    let mut solver = Solver::new(&problem);
    let limit = args.limit.unwrap_or(u64::MAX);
    let started = Instant::now();
    let stdout = io::stdout().lock();
    let mut out = BufWriter::new(stdout);

    let (found, complete) = if args.all || args.first {
        let limit = if args.first { limit.min(1) } else { limit };
        print_solutions(&problem, &mut solver, limit, &mut out)?
    } else {
        let count = solver.count_up_to(limit);
        let plus = if count.complete { "" } else { "+" };
        writeln!(out, "{}{plus}", count.solutions)?;
        (count.solutions, count.complete)
    };
    out.flush()?;

    if args.stats {
        let stats = solver.stats();
        let seconds = started.elapsed().as_secs_f64();
        let plus = if complete { "" } else { "+" };
        eprintln!(
            "solutions: {found}{plus}\nnodes: {}\nupdates: {}\ntime: {seconds:.3} s\nupdates per second: {:.0}",
            stats.nodes,
            stats.updates,
            stats.updates as f64 / seconds.max(1e-9),
        );
    }
    Ok(if found > 0 {
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

/// Prints solutions (options in input order, one per line, blank line after
/// each) up to `limit`; returns how many and whether the search finished.
fn print_solutions(
    problem: &Problem,
    solver: &mut Solver,
    limit: u64,
    out: &mut impl Write,
) -> anyhow::Result<(u64, bool)> {
    let mut found = 0;
    let mut sorted: Vec<OptionId> = Vec::new();
    let mut write_error = None;
    let flow = solver.search(|solution| {
        if found == limit {
            return ControlFlow::Break(());
        }
        found += 1;
        sorted.clear();
        sorted.extend_from_slice(solution);
        sorted.sort_unstable();
        let written = sorted
            .iter()
            .try_for_each(|&option| writeln!(out, "{}", OptionDisplay::new(problem, option)))
            .and_then(|()| writeln!(out));
        match written {
            Ok(()) => ControlFlow::Continue(()),
            Err(error) => {
                write_error = Some(error);
                ControlFlow::Break(())
            }
        }
    });
    if let Some(error) = write_error {
        return Err(error.into());
    }
    Ok((found, flow.is_continue()))
}
