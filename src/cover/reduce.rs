//! `dance cover --preprocess` (Knuth's DLX-PRE: print the reduced problem)
//! and `--reduce` (search the reduced problem, print solutions of the
//! original).

use std::io::{self, BufWriter, Write};

use anyhow::Context;
use dance_dlx::{Problem, Reduction};

use crate::Exit;
use crate::cli::CoverArgs;
use crate::stderr::diagnose_text;

/// `--preprocess`: the reduced problem on stdout, in the text format.
pub fn print(args: &CoverArgs, problem: &Problem) -> anyhow::Result<Exit> {
    let reduction = reduction(args, problem)?;
    // Buffered: stdout alone is line-buffered, one system call a line,
    // which costs more than the reduction on a small problem.
    let mut out = BufWriter::new(io::stdout().lock());
    write!(out, "{}", reduction.problem())?;
    out.flush()?;
    Ok(Exit::Success)
}

/// `--reduce`: the problem to search, and the one to print its solutions
/// with — the original options of the reduced problem's, in its order, so
/// that a solution of the one prints as the solution of the original that
/// it is.
pub fn reduce(args: &CoverArgs, problem: &Problem) -> anyhow::Result<(Problem, Problem)> {
    let reduction = reduction(args, problem)?;
    let mut shown = Problem::builder();
    for item in problem.items() {
        let name = problem.item_name(item);
        match problem.item_bounds(item) {
            Some(_) => shown.primary(name),
            None => shown.secondary(name),
        }?;
    }
    for color in 0..problem.color_count() {
        shown.color(problem.color_name(dance_dlx::ColorId::new(color as u32)))?;
    }
    for (option, _) in reduction.problem().options() {
        let original = reduction.original(option);
        shown.option_with_cost(
            problem.option(original).iter().copied(),
            problem.option_cost(original),
        )?;
    }
    Ok((reduction.into_problem(), shown.build()))
}

/// The reduction, and with `--stats` what went on stderr.
fn reduction(args: &CoverArgs, problem: &Problem) -> anyhow::Result<Reduction> {
    let reduction = dance_dlx::preprocess(problem).context("cannot preprocess this problem")?;
    if args.stats {
        diagnose_text!(
            "preprocessing: {} of {} items and {} of {} options removed, {} round{}\n",
            reduction.items_removed(),
            problem.item_count(),
            reduction.options_removed(),
            problem.option_count(),
            reduction.rounds(),
            if reduction.rounds() == 1 { "" } else { "s" }
        );
    }
    Ok(reduction)
}
