//! The bounds a user sets on the command line — seconds and threads — read
//! so that no value, however large, can panic or run away.

use std::time::{Duration, Instant};

use dance_dlx::Threads;
use dance_sudoku::Stop;

use crate::exit::Exit;
use crate::signal::Interrupt;
use crate::stderr::diagnose;

/// A number of seconds above zero, for `--timeout` and `--dfs-timeout`, by
/// the library's rule ([`dance_dlx::timeout_from_secs`]): a value too large
/// for a [`Duration`] (`1e30`, `inf`) saturates, and means no limit, since
/// no deadline can lie that far ahead.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let seconds = text.trim().parse::<f64>().unwrap_or(f64::NAN);
    dance_dlx::timeout_from_secs(seconds)
        .map_err(|_| format!("expected a number of seconds above 0, found `{text}`"))
}

/// A thread count for `-j`, by the library's rule ([`Threads`]): 0 (one
/// per core) to 1024.
pub fn threads(text: &str) -> Result<usize, String> {
    text.parse::<Threads>()
        .map(Threads::asked)
        .map_err(|error| error.to_string())
}

/// The stop of a whole run (`dance rate` and `dance generate`): the
/// `--timeout` deadline, counted from now, and the flag a signal raises.
pub fn run_stop(timeout: Option<Duration>, interrupt: &Interrupt) -> Stop {
    timeout
        .and_then(dance_dlx::deadline_in)
        .map_or_else(Stop::never, Stop::at)
        .with_flag(interrupt.flag())
}

/// Says on stderr that the time of a run started at `started` ran out; the
/// exit of such a run.
pub fn timed_out(started: Instant) -> Exit {
    diagnose!(
        "dance: timed out after {:.3} s; the output above is complete up to there",
        started.elapsed().as_secs_f64()
    );
    Exit::Shortfall
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_seconds_mean_no_deadline() {
        for text in ["1e19", "1e30", "inf", "1e308"] {
            assert_eq!(
                dance_dlx::deadline_in(seconds(text).unwrap()),
                None,
                "{text}"
            );
        }
        assert_eq!(seconds("1e30"), Ok(Duration::MAX));
        assert_eq!(seconds("0.5"), Ok(Duration::from_millis(500)));
        for text in ["0", "-1", "nan", "-inf", "x", ""] {
            assert!(seconds(text).is_err(), "{text}");
        }
    }

    #[test]
    fn thread_counts_are_bounded() {
        assert_eq!(threads("0"), Ok(0));
        assert_eq!(threads("1024"), Ok(1024));
        for text in ["1025", "4294967296", "-1", "x"] {
            assert!(threads(text).is_err(), "{text}");
        }
    }
}
