//! `dance`: batch Sudoku solving and exact cover with Dancing Links.
//!
//! Every subcommand lives in its own module; `main` only parses the arguments,
//! runs the command and turns its outcome into an exit code: 0 for success, 1
//! when the command worked but found nothing (or some records had no solution
//! or could not be read), 2 for errors. A closed stdout pipe ends quietly with 0;
//! a closed or full stderr loses only the diagnostics, never an answer.
//!
//! On Linux with glibc the C runtime calls [`main`] directly (`no_main`):
//! see there for what it does instead of the standard library's start.

#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

mod bench;
mod check;
mod cli;
mod cover;
mod exit;
mod generate;
mod histogram;
mod input;
mod limits;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod math;
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

// `dance cover` still names it `crate::Exit`.
pub use exit::Exit;

/// The entry point where the standard library's start is not skipped (and
/// the one a unit-test build has, whose harness is its own `main`).
#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    std::process::ExitCode::from(run_process())
}

/// The process's entry on Linux with glibc, called by the C runtime.
///
/// The standard library's start (`std::rt`) would first install its
/// stack-overflow handler, whose guard page glibc finds by reading
/// `/proc/self/maps` — 104 K instructions and 18 system calls, a tenth of a
/// `dance cover` run on a small problem. Everything else it does that the
/// command needs is done here: SIGPIPE ignored (a closed pipe is an error
/// to report, not a signal that kills), standard descriptors that were
/// closed at start reopened on `/dev/null` (so that no file opened later
/// takes their place), a panic ending with status 101 and stdout flushed at
/// the end. The arguments come from glibc's own start, as with `std::rt`.
/// What is lost: a stack overflow is a plain SIGSEGV without the standard
/// library's message, and the main thread has no name in panic messages.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    // SAFETY: `signal` with `SIG_IGN` installs no handler and touches no
    // memory of ours; no other thread exists yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
    reopen_closed_standard_descriptors();
    let status = std::panic::catch_unwind(run_process).unwrap_or(101);
    let _ = io::Write::flush(&mut io::stdout());
    std::ffi::c_int::from(status)
}

/// Opens `/dev/null` until the descriptor it gets is not 0, 1 or 2, keeping
/// each one it got below 3: a standard descriptor closed at start is then
/// `/dev/null`, as the standard library's start would make it.
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
fn reopen_closed_standard_descriptors() {
    use std::os::fd::{AsRawFd, IntoRawFd};
    while let Ok(null) = std::fs::File::options()
        .read(true)
        .write(true)
        .open("/dev/null")
    {
        if null.as_raw_fd() > 2 {
            break;
        }
        // Kept open: it is the standard descriptor now.
        let _ = null.into_raw_fd();
    }
}

/// Runs the command line; the exit status.
fn run_process() -> u8 {
    let args = cli::Args::parse_process();
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
