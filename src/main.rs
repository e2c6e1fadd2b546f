//! `dance`: batch Sudoku solving and exact cover with Dancing Links.
//!
//! Every subcommand lives in its own module; `main` only parses the arguments,
//! runs the command and turns its outcome into an exit code: 0 for success, 1
//! when the command worked but found nothing (or some records had no solution
//! or could not be read), 2 for errors. A closed stdout pipe ends quietly with 0;
//! a closed or full stderr loses only the diagnostics, never an answer.

mod bench;
mod check;
mod cli;
mod cover;
mod exit;
mod generate;
mod histogram;
mod input;
mod limits;
mod outcome;
mod print;
mod progress;
mod rate;
mod signal;
mod solve;
mod stderr;
mod summary;
mod threads;

use std::io;
use std::process::ExitCode;

// `dance cover` still names it `crate::Exit`.
pub use exit::Exit;

fn main() -> ExitCode {
    let args = cli::Args::parse_process();
    match run(args) {
        Ok(exit) => ExitCode::from(exit.code()),
        Err(error) if is_broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            stderr::diagnose!("dance: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(args: cli::Args) -> anyhow::Result<Exit> {
    match args.command {
        cli::Command::Cover(options) => cover::run(&options),
        cli::Command::Solve(options) => solve::run(&options),
        cli::Command::Bench(options) => bench::run(&options),
        cli::Command::Generate(options) => generate::run(&options),
        cli::Command::Rate(options) => rate::run(&options),
    }
}

/// Whether the error comes from writing to a closed pipe (`dance … | head`).
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
