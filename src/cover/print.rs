//! Every output of `dance cover`, each written in one place: a solution's
//! text, a cheapest solution's cost line, the count line (`N`, or `N+` for
//! a lower bound), `--estimate`'s lines, `--split`'s job lines, the ZDD's
//! text — and the one `--stats` report of every mode.
//!
//! A solution prints as its options in the order of the problem file, one
//! per line, each as the text format writes it ([`OptionDisplay`]): its
//! items in the order the file lists them, one space apart, each with its
//! `:color`, then its cost as one entry `|n` (the sum of the option's `|n`
//! entries) when it has one — so `a  b |5 |2` prints `a b |7` — and a
//! blank line after the solution.

use std::io::{self, Write};
use std::time::Duration;

use dance_dlx::{
    Answer, BigCount, Count, Estimate, Findings, OptionDisplay, OptionId, Problem, Representation,
    Zdd,
};

use super::jobs;
use super::mode::Mode;
use crate::stderr::diagnose_text;

/// Appends the text of the solution made of `options` (in any order) to
/// `text`.
pub fn solution(problem: &Problem, options: &[OptionId], text: &mut Vec<u8>) {
    let mut sorted = options.to_vec();
    sorted.sort_unstable();
    for option in sorted {
        // Writing into a vector cannot fail.
        let _ = writeln!(text, "{}", OptionDisplay::new(problem, option));
    }
    text.push(b'\n');
}

/// Appends a cheapest solution's text: `cost C`, then the solution.
pub fn priced(problem: &Problem, cost: u128, options: &[OptionId], text: &mut Vec<u8>) {
    let _ = writeln!(text, "cost {cost}");
    solution(problem, options, text);
}

/// The count line.
pub fn count(out: &mut impl Write, count: &Count<BigCount>) -> io::Result<()> {
    writeln!(out, "{count}")
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
    )
}

/// Appends a job line: the options selected before the cut, then the
/// subproblem's.
pub fn job(selected: &[OptionId], subproblem: &[OptionId], text: &mut Vec<u8>) {
    let job: Vec<OptionId> = selected.iter().chain(subproblem).copied().collect();
    let _ = writeln!(text, "{}", jobs::format(&job));
}

/// The ZDD's text.
pub fn zdd(out: &mut impl Write, zdd: &Zdd) -> io::Result<()> {
    write!(out, "{zdd}")
}

/// A number to about three significant digits.
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

/// What the `--stats` report tells beside the answer.
pub struct Run {
    /// From the start of the search to its end.
    pub elapsed: Duration,
    /// The matrix the search ran on.
    pub representation: Representation,
    /// Threads and subproblems, when the tree was cut for threads.
    pub parallel: Option<(usize, usize)>,
}

/// The `--stats` report of every mode, on stderr: the solutions (the count
/// at any size), the work, what the memo did and the diagram's size where
/// the mode walks one, the branches the bound cut for `--best`, the samples
/// drawn, the representation, the time, and the threads.
pub fn stats(mode: &Mode, answer: &Answer, run: &Run) {
    let work = answer.stats;
    let seconds = run.elapsed.as_secs_f64();
    let solutions = match &answer.findings {
        Findings::Memo { count, .. } => count.to_string(),
        Findings::Zdd { zdd, .. } => zdd.count().to_string(),
        _ => answer.count.to_string(),
    };
    let mut report = format!("solutions: {solutions}\nnodes: {}\n", work.nodes);
    if let Findings::Zdd { zdd, .. } = &answer.findings {
        report.push_str(&format!("zdd nodes: {}\n", zdd.node_count()));
    }
    if let Some(memo) = answer.findings.memo_stats() {
        report.push_str(&format!(
            "entries: {}\nhits: {}\nmisses: {}\nevictions: {}\nbytes: {}\n",
            memo.entries, memo.hits, memo.misses, memo.evictions, memo.bytes
        ));
    }
    if let Mode::Best { .. } = mode {
        report.push_str(&format!("cut by the bound: {}\n", work.cut));
    }
    if let Mode::Sample { .. } = mode {
        report.push_str(&format!("samples: {}\n", answer.count.solutions));
    }
    report.push_str(&format!(
        "updates: {}\nrepresentation: {}\ntime: {seconds:.3} s\nupdates per second: {:.0}\n",
        work.updates,
        run.representation,
        work.updates as f64 / seconds.max(1e-9)
    ));
    if let Some((threads, subproblems)) = run.parallel {
        let memo = if mode.walks_the_memo() {
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
