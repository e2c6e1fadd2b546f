//! Every output of `dance cover`, each written in one place: a solution's
//! text, the count line (`N`, or `N+` for a lower bound), the timeout
//! message, the `--stats` report, `--estimate`'s lines and `--split`'s job
//! lines.

use std::io::{self, Write};

use dance_dlx::{BigCount, Count, Estimate, OptionDisplay, OptionId, Problem, Representation};

use super::jobs;
use super::runner::Run;
use crate::stderr::{diagnose, diagnose_text};

/// Appends a solution's options (sorted), one per line as written in the
/// input, then a blank line. Whole solutions are handed to the output, so a
/// run cut short (Ctrl-C, a closed pipe) never ends in half a solution.
pub fn solution(problem: &Problem, options: &[OptionId], text: &mut Vec<u8>) {
    for &option in options {
        // Writing into a vector cannot fail.
        let _ = writeln!(text, "{}", OptionDisplay::new(problem, option));
    }
    text.push(b'\n');
}

/// The count line: the count, with `+` when it is only a lower bound.
pub fn count(out: &mut impl Write, count: &Count<BigCount>) -> io::Result<()> {
    writeln!(out, "{count}")?;
    out.flush()
}

/// The line that says the deadline stopped the search, `seconds` after the
/// run started.
pub fn timed_out(seconds: f64) {
    diagnose!("dance: timed out after {seconds:.3} s");
}

/// The line that says a signal stopped the search, and what the output
/// above it is.
pub fn interrupted(seconds: f64, signal: &str, solutions: bool) {
    let what = if solutions {
        "the solutions above are whole"
    } else {
        "the count above is what was found so far"
    };
    diagnose!("dance: interrupted by {signal} after {seconds:.3} s; {what}");
}

/// The line that says the run `how` (`timed out`, `interrupted by
/// SIGINT`) `while_` doing what, before it had its answer.
pub fn stopped(how: &str, seconds: f64, while_: &str) {
    diagnose!("dance: {how} after {seconds:.3} s while {while_}; the output above is all there is");
}

/// The `--stats` report, on stderr: `solutions` (the count printed),
/// `nodes` and `updates`, the memo's entries, hits, misses, evictions and
/// bytes when it counted, the representation the search ran on, the time, and the threads and subproblems when
/// the tree was cut for threads.
pub fn stats(answer: &Run, count: &Count<BigCount>, representation: Representation) {
    let work = &answer.work;
    let seconds = answer.elapsed.as_secs_f64();
    let mut report = format!("solutions: {count}\nnodes: {}\n", work.nodes);
    if let Some(memo) = &answer.memo {
        report.push_str(&format!(
            "entries: {}\nhits: {}\nmisses: {}\nevictions: {}\nbytes: {}\n",
            memo.entries, memo.hits, memo.misses, memo.evictions, memo.bytes
        ));
    }
    report.push_str(&format!(
        "updates: {}\nrepresentation: {representation}\ntime: {seconds:.3} s\nupdates per second: {:.0}\n",
        work.updates,
        work.updates as f64 / seconds.max(1e-9)
    ));
    if let Some((threads, subproblems)) = answer.parallel {
        let memo = if answer.memo.is_some() {
            ", one memo shared by the threads"
        } else {
            ""
        };
        report.push_str(&format!(
            "threads: {threads}, subproblems: {subproblems} (nodes count their searches, \
             not the split above them){memo}\n"
        ));
    }
    diagnose_text!("{report}");
}

/// `--estimate`'s lines.
pub fn estimate(out: &mut impl Write, estimate: &Estimate) -> io::Result<()> {
    writeln!(
        out,
        "nodes: {} (± {} standard error, {} probes)\nsolutions: {}",
        significant(estimate.nodes),
        significant(estimate.nodes_error),
        estimate.probes,
        significant(estimate.solutions),
    )?;
    out.flush()
}

/// `--split`'s job lines: each subproblem's options after `selected`.
pub fn jobs(
    out: &mut impl Write,
    selected: &[OptionId],
    subproblems: &[Vec<OptionId>],
) -> io::Result<()> {
    for subproblem in subproblems {
        let job: Vec<OptionId> = selected.iter().chain(subproblem).copied().collect();
        writeln!(out, "{}", jobs::format(&job))?;
    }
    out.flush()
}

/// A number to about three significant digits: `1234567` → `1.23e6`,
/// `42.5` → `42.5`.
fn significant(x: f64) -> String {
    if x == 0.0 {
        "0".to_owned()
    } else if x.abs() >= 1e5 || x.abs() < 1e-2 {
        format!("{x:.2e}")
    } else {
        let digits = if x.abs() >= 100.0 {
            0
        } else if x.abs() >= 10.0 {
            1
        } else {
            2
        };
        format!("{x:.digits$}")
    }
}
