//! `dance`: batch Sudoku solving and exact cover with Dancing Links.
//!
//! Every subcommand lives in its own module; `main` only parses the arguments,
//! runs the command and turns its outcome into an exit code: 0 for success, 1
//! when the command worked but found nothing (or some records had no solution
//! or could not be read), 2 for errors. A closed or full stderr loses only the
//! diagnostics, never an answer ([`stderr`]).
//!
//! A closed stdout pipe (`dance … | head`) ends the run quietly with 0, as
//! ripgrep does: the standard library's start ignores SIGPIPE, so a write to
//! the closed pipe fails with [`io::ErrorKind::BrokenPipe`], the command
//! returns that error, and `main` finds it in the error's chain.

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

// `dance cover` names it `crate::Exit`.
pub use exit::Exit;

/// The process: the exit status of the command line's run.
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run_process())
}

/// Runs the command line; the exit status.
fn run_process() -> u8 {
    let args = <cli::Args as clap::Parser>::parse();
    match run(args) {
        Ok(exit) => exit.code(),
        Err(error) if is_broken_pipe(&error) => 0,
        Err(error) => {
            stderr::diagnose!("dance: {error:#}");
            2
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
