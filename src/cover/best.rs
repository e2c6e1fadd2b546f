//! `dance cover --best K`: the K cheapest solutions (Knuth's DLX5), each
//! printed as `--all` prints one, after a line `cost C`.
//!
//! The search is the library's ([`Goal::Best`], on `-j` threads that share
//! the bound: `Solver::run_with_threads`). Ties come in the order `--all`
//! meets them, so the output is the same at every `-j`. A stop
//! (`--timeout`, Ctrl-C) prints the best found so far and says on stderr
//! that they are not proven the cheapest.

use std::io::{self, Write};
use std::time::Instant;

use dance_dlx::{Goal, OptionId, Problem, Request, Solver, Status};

use super::print;
use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::Bar;
use crate::signal::Interrupt;
use crate::stderr::diagnose_text;

/// Runs `dance cover --best K`.
pub fn run(
    args: &CoverArgs,
    problem: &Problem,
    mut solver: Solver,
    k: u64,
    bar: &Bar,
) -> anyhow::Result<Exit> {
    let interrupt = Interrupt::install()?;
    let request = Request::new(Goal::Best { k })
        .with_stop(crate::limits::run_stop(args.run.timeout, &interrupt));
    let started = Instant::now();
    let mut kept: Vec<Vec<OptionId>> = Vec::new();
    let threads = crate::threads::count(args.run.threads);
    bar.set_label(format!("looking for the {k} cheapest solutions"));
    let answer = solver.run_with_threads(&request, threads, |options| {
        kept.push(options.to_vec());
        std::ops::ControlFlow::Continue(())
    });
    let elapsed = started.elapsed();
    bar.finish();
    let mut out = io::stdout().lock();
    let mut text = Vec::new();
    for options in &mut kept {
        text.clear();
        writeln!(text, "cost {}", solver.cost_of(options))?;
        options.sort_unstable();
        print::solution(problem, options, &mut text);
        out.write_all(&text)?;
    }
    out.flush()?;
    let exit = interrupt.exit().filter(|_| interrupt.is_raised());
    if answer.status == Status::Timeout {
        let why = match exit {
            Some(Exit::Interrupted { name, .. }) => format!("interrupted by {name}"),
            _ => "timed out".to_owned(),
        };
        diagnose_text!(
            "dance: {why} after {:.3} s; the {} solution{} above {} the cheapest found so far, \
             not proven optimal\n",
            elapsed.as_secs_f64(),
            kept.len(),
            if kept.len() == 1 { "" } else { "s" },
            if kept.len() == 1 { "is" } else { "are" },
        );
    }
    if args.stats {
        let stats = answer.stats;
        diagnose_text!(
            "solutions: {}\nnodes: {}\ncut by the bound: {}\nupdates: {}\ntime: {:.3} s\n",
            answer.count,
            stats.nodes,
            stats.cut,
            stats.updates,
            elapsed.as_secs_f64()
        );
    }
    Ok(match (exit, answer.status) {
        // Said above.
        (Some(exit), Status::Timeout) => exit,
        (Some(_), _) => {
            super::written(&interrupt, started, "the cheapest solutions", Exit::Success)
        }
        (None, Status::Solved) => Exit::Success,
        (None, Status::Timeout) => Exit::Shortfall,
        (None, _) => {
            diagnose_text!("dance: no solution: the search is complete\n");
            Exit::Shortfall
        }
    })
}
