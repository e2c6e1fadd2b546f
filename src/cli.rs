//! The command line: every subcommand and option, with its help text.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Batch Sudoku solving and exact cover with Dancing Links.
#[derive(Debug, Parser)]
#[command(name = "dance", version, about, max_term_width = 100)]
pub struct Args {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve an exact-cover problem written in Knuth's DLX format.
    ///
    /// The first line that is not a comment (`|` …) names the items: primary
    /// items, then `|` and the secondary items. Every further line is an
    /// option; `item:color` gives a secondary item a color. Prints the number
    /// of solutions (exit status 1 when there is none).
    Cover(CoverArgs),
}

/// Options of `dance cover`.
#[derive(Debug, clap::Args)]
pub struct CoverArgs {
    /// The problem file; standard input when absent or `-`.
    pub file: Option<PathBuf>,

    /// Print every solution: its options one per line, as written in the
    /// input, and a blank line after each solution.
    #[arg(long, conflicts_with = "first")]
    pub all: bool,

    /// Print the first solution only (its options, one per line).
    #[arg(long)]
    pub first: bool,

    /// Stop after this many solutions; a count that stopped here is printed
    /// with a trailing `+`.
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,

    /// Print search statistics to stderr: solutions, nodes, updates, time.
    #[arg(long)]
    pub stats: bool,
}
