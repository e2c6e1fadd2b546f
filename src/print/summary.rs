//! The summary printer of `--stats`: the run's totals as text on stderr,
//! after the last answer.

use dance_sudoku::{Engine, Status};

use crate::outcome::{ERROR, INTERRUPTED};
use crate::stderr::diagnose_text;
use crate::summary::Report;

/// Prints `report` on stderr, and with `--check` the mismatches.
pub fn print(report: &Report, mismatches: Option<u64>) {
    diagnose_text!("{}", text(report));
    if let Some(mismatches) = mismatches {
        diagnose_text!("mismatches: {mismatches}\n");
    }
}

/// The text of `report`.
fn text(report: &Report) -> String {
    let statuses: Vec<String> = [
        (Status::Solved.name(), report.solved),
        (Status::Unique.name(), report.unique),
        (Status::Multiple.name(), report.multiple),
        (Status::NoSolution.name(), report.none),
        (ERROR, report.error),
        (Status::Timeout.name(), report.timeout),
        (INTERRUPTED, report.interrupted),
    ]
    .into_iter()
    .filter(|&(_, count)| count > 0)
    .map(|(word, count)| format!("{word} {count}"))
    .collect();
    format!(
        "records: {} ({})\n\
         wall time: {:.3} s, {} puzzles/s\n\
         time per puzzle: mean {:.1} µs, p50 {} µs, p99 {} µs, max {} µs\n\
         per puzzle: {:.1} nodes, {:.1} guesses\n\
         engines: {}\n",
        report.records,
        if statuses.is_empty() {
            "none read".to_owned()
        } else {
            statuses.join(", ")
        },
        report.seconds,
        rate(report.puzzles_per_second),
        report.micros_mean,
        report.micros_p50,
        report.micros_p99,
        report.micros_max,
        report.nodes_per_puzzle,
        report.guesses_per_puzzle,
        engines(report),
    )
}

/// The engines that served, fastest first, each with its records:
/// `deductions 95`, or `none` when no record was searched.
fn engines(report: &Report) -> String {
    let served: Vec<String> = Engine::ALL
        .iter()
        .filter_map(|kind| {
            let records = report.engines.get(kind.name())?;
            Some(format!("{kind} {records}"))
        })
        .collect();
    if served.is_empty() {
        "none".to_owned()
    } else {
        served.join(", ")
    }
}

/// A rate as printed: whole numbers from 100 up, three significant digits
/// below (`0.25`, not `0`).
pub fn rate(per_second: f64) -> String {
    if per_second >= 100.0 || per_second == 0.0 {
        format!("{per_second:.0}")
    } else if per_second >= 10.0 {
        format!("{per_second:.1}")
    } else {
        format!("{per_second:.3}")
            .trim_end_matches('0')
            .trim_end_matches('.')
            .to_owned()
    }
}
