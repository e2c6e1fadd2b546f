//! How every run of `dance cover` ends, in one place: what it says on
//! stderr when it did not get all it was asked for, and its exit status.
//!
//! | how the search ended | stderr | exit |
//! |---|---|---|
//! | whole, something found | — | 0 |
//! | whole, nothing found (no solution, no subproblem) | `dance: no solution` (or what was not found) | 1 |
//! | the deadline | `dance: timed out after T s; ` and what the output above is | 1 |
//! | SIGINT or SIGTERM | `dance: interrupted by SIG… after T s; ` and what the output above is | 130 or 143 |
//!
//! What the output above is depends on the mode: a count found so far
//! (`N+`), whole solutions, the cheapest found so far (not proven optimal),
//! or — for a diagram, samples, an estimate or jobs — all there is. A run
//! stopped before its search began (reading the problem, building the
//! links) says while doing what.

use std::time::Duration;

use dance_dlx::{Answer, Status};

use super::mode::Mode;
use crate::exit::Exit;
use crate::signal::Interrupt;
use crate::stderr::diagnose;

/// What stopped a run before its answer was known.
enum Stopped {
    /// The deadline.
    TimedOut,
    /// A signal: the exit it asks for.
    Signal(Exit, &'static str),
}

impl Stopped {
    /// What stopped the run, if anything did.
    fn of(interrupt: &Interrupt, stopped: bool) -> Option<Stopped> {
        match interrupt.exit() {
            Some(exit @ Exit::Interrupted { name, .. }) => Some(Stopped::Signal(exit, name)),
            _ if stopped => Some(Stopped::TimedOut),
            _ => None,
        }
    }

    /// `timed out`, or `interrupted by SIG…`.
    fn how(&self) -> String {
        match self {
            Stopped::TimedOut => "timed out".to_owned(),
            Stopped::Signal(_, name) => format!("interrupted by {name}"),
        }
    }

    fn exit(&self) -> Exit {
        match self {
            Stopped::TimedOut => Exit::Shortfall,
            Stopped::Signal(exit, _) => *exit,
        }
    }
}

/// The end of a run stopped before its search began, `while_` doing what.
pub fn halted(interrupt: &Interrupt, elapsed: Duration, while_: &str) -> Exit {
    let stopped = Stopped::of(interrupt, true).unwrap_or(Stopped::TimedOut);
    diagnose!(
        "dance: {} after {:.3} s while {while_}; the output above is all there is",
        stopped.how(),
        elapsed.as_secs_f64()
    );
    stopped.exit()
}

/// The end of a run whose output `what` was written whole: the signal's
/// exit, said on stderr, when SIGINT or SIGTERM came while it was computed
/// or written (neither stops for it), else `exit`.
pub fn written(interrupt: &Interrupt, elapsed: Duration, what: &str, exit: Exit) -> Exit {
    match Stopped::of(interrupt, false) {
        Some(stopped) => {
            diagnose!(
                "dance: {} after {:.3} s; {what} above is whole",
                stopped.how(),
                elapsed.as_secs_f64()
            );
            stopped.exit()
        }
        None => exit,
    }
}

/// The end of a run whose diagram a signal cut short while it was written:
/// `then` says what became of it.
pub fn cut_short(interrupt: &Interrupt, elapsed: Duration, then: &str) -> Exit {
    let stopped = Stopped::of(interrupt, true).unwrap_or(Stopped::TimedOut);
    diagnose!(
        "dance: {} after {:.3} s while writing the ZDD; {then}",
        stopped.how(),
        elapsed.as_secs_f64()
    );
    stopped.exit()
}

/// The end of a run whose search answered `answer` after `elapsed`: says
/// what the output is when the search was stopped or found nothing, and
/// gives the exit status.
pub fn end(mode: &Mode, answer: &Answer, interrupt: &Interrupt, elapsed: Duration) -> Exit {
    let seconds = elapsed.as_secs_f64();
    // A signal that came after the search was over (while the output was
    // written) is reported too: the output is whole, the status the
    // signal's.
    if let Some(stopped) = Stopped::of(interrupt, answer.status == Status::Timeout) {
        diagnose!(
            "dance: {} after {seconds:.3} s; {}",
            stopped.how(),
            what_the_output_is(mode, answer, answer.status == Status::Timeout)
        );
        return stopped.exit();
    }
    if found_nothing(mode, answer) {
        diagnose!("dance: {}", nothing(mode));
        return Exit::Shortfall;
    }
    match (mode, answer.status) {
        // A first solution or a limit answered, the search stopped at
        // them: everything asked for was found.
        (_, Status::Solved | Status::Unique | Status::Multiple) => Exit::Success,
        _ => Exit::Shortfall,
    }
}

/// What the output above is, for a run the stop or a signal ended (`cut`:
/// before the search was over).
fn what_the_output_is(mode: &Mode, answer: &Answer, cut: bool) -> String {
    if !cut {
        return "the output above is whole".to_owned();
    }
    match mode {
        Mode::Count { .. } | Mode::Memo => "the count above is what was found so far".to_owned(),
        Mode::Solutions { .. } => "the solutions above are whole".to_owned(),
        Mode::Best { .. } => {
            let kept = answer.count.solutions;
            let (s, are) = if kept == 1 { ("", "is") } else { ("s", "are") };
            format!(
                "the {kept} solution{s} above {are} the cheapest found so far, not proven optimal"
            )
        }
        // A diagram cut short is not a diagram: nothing is written.
        Mode::Zdd { .. } => "while building the ZDD; no diagram was written".to_owned(),
        Mode::Sample { .. } if answer.count.solutions == 0 => {
            "while building the ZDD to sample from; no sample was drawn".to_owned()
        }
        Mode::Sample { .. } => "while sampling; the samples above are all there is".to_owned(),
        Mode::Estimate => "while probing; the estimate above is of the probes made".to_owned(),
        Mode::Split { .. } => "while splitting; the jobs above are all there is".to_owned(),
    }
}

/// Whether a whole search found nothing to print: no solution (a count of
/// 0 is printed, and says so itself), no subproblem.
fn found_nothing(mode: &Mode, answer: &Answer) -> bool {
    match mode {
        Mode::Count { .. } | Mode::Memo | Mode::Estimate => false,
        _ => answer.count.solutions == 0,
    }
}

/// What a whole search that found nothing says.
fn nothing(mode: &Mode) -> &'static str {
    match mode {
        // A solution above the cut's depth is a subproblem of its own, so
        // no subproblem means no solution.
        Mode::Split { .. } => "no solution: every path of the search tree ends before the cut",
        Mode::Sample { .. } => "no solution to draw samples from",
        Mode::Zdd { .. } => "no solution: the diagram above is the empty one",
        _ => "no solution",
    }
}
