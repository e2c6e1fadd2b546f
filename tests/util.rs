//! A small command builder shared by the CLI tests.

use std::path::PathBuf;
use std::process::{Child, Stdio};

use assert_cmd::Command;

/// Norvig's hardest puzzle, and its solution.
pub const NORVIG: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// The solution of [`NORVIG`].
pub const NORVIG_SOLVED: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// `dance` with the given arguments, run from the repository root.
pub fn dance(args: &[&str]) -> Command {
    let mut command = Command::cargo_bin("dance").expect("the dance binary is built");
    command.current_dir(env!("CARGO_MANIFEST_DIR")).args(args);
    command
}

/// A path under `tests/data/`.
pub fn data(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name]
        .iter()
        .collect();
    path.display().to_string()
}

/// A path under `benches/data/`.
pub fn bench_data(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "benches", "data", name]
        .iter()
        .collect();
    path.display().to_string()
}

/// The standard output of a finished command, as text.
pub fn stdout_of(assert: assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).expect("UTF-8 output")
}

/// `dance` as a process of its own, run from the repository root: for runs
/// that are watched, fed and signalled while they go on.
pub fn dance_process() -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_dance"));
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// `dance ARGS` started with its standard input, output and error piped.
pub fn spawn_piped(args: &[&str]) -> Child {
    dance_process()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dance binary starts")
}

/// Sends `child` the signal `name` (`INT`, `TERM`) with `kill`, as a user
/// would.
pub fn signal(child: &Child, name: &str) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{name}"), &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -{name}");
}
