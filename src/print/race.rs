//! The printer of `dance bench`: a table per set — a row per engine, with
//! what the engine is — then the speed-ups of the pairs that raced and the
//! puzzles on which the engines disagreed.

use std::io::{self, Write};
use std::time::Duration;

use dance_sudoku::EngineChoice;

use super::summary::rate;
use crate::histogram::Histogram;

/// One engine's totals on a set, for its row of the table (`dance bench`
/// adds to them as it races).
#[derive(Default)]
pub struct Totals {
    /// Solving time per puzzle, in microseconds.
    pub micros: Histogram,
    /// Solving time in all.
    pub total: Duration,
    /// Puzzles solved.
    pub solved: u64,
    /// Puzzles given up at the cap.
    pub timed_out: u64,
    /// Search nodes in all.
    pub nodes: u64,
}

/// One set's race, as printed.
pub struct Table<'a> {
    /// The set's name.
    pub name: &'a str,
    /// Puzzles raced.
    pub puzzles: usize,
    /// What each engine found: `first solution` or `uniqueness (count to 2)`.
    pub mode: &'a str,
    /// The engines, in table order.
    pub rows: Vec<Row<'a>>,
    /// The naive search's cap per puzzle.
    pub cap: Duration,
    /// Puzzles on which two engines that finished disagreed.
    pub disagreements: u64,
}

/// One engine's row.
pub struct Row<'a> {
    /// The engine.
    pub engine: EngineChoice,
    /// What it is on this set (the engines that served it).
    pub what: String,
    /// Its totals.
    pub totals: &'a Totals,
}

/// The ratios printed under a table, slower engine first: each engine's
/// speed-up over the DFS on its own line, then the fast path's over Dancing
/// Links.
const RATIOS: [(EngineChoice, EngineChoice); 3] = [
    (EngineChoice::Dfs, EngineChoice::Fast),
    (EngineChoice::Dfs, EngineChoice::Dlx),
    (EngineChoice::Dlx, EngineChoice::Fast),
];

/// Prints `table`, then a blank line.
pub fn print(out: &mut impl Write, table: &Table<'_>) -> io::Result<()> {
    writeln!(
        out,
        "{}: {} puzzles, {}, one thread",
        table.name, table.puzzles, table.mode
    )?;
    if table.puzzles == 0 {
        writeln!(out, "  no puzzles to race")?;
        return writeln!(out);
    }
    writeln!(
        out,
        "  {:<6} {:>7} {:>7} {:>9} {:>11} {:>11} {:>11} {:>11} {:>14}  what it is",
        "solver",
        "puzzles",
        "solved",
        "timed out",
        "puzzles/s",
        "median µs",
        "p99 µs",
        "max µs",
        "nodes/puzzle"
    )?;
    let count = table.puzzles as f64;
    for row in &table.rows {
        let totals = row.totals;
        let seconds = totals.total.as_secs_f64();
        // Below the clock's resolution no rate can be told.
        let speed = if seconds > 0.0 {
            rate(count / seconds)
        } else {
            "-".to_owned()
        };
        writeln!(
            out,
            "  {:<6} {:>7} {:>7} {:>9} {:>11} {:>11} {:>11} {:>11} {:>14.0}  {}",
            row.engine.name(),
            table.puzzles,
            totals.solved,
            totals.timed_out,
            speed,
            totals.micros.quantile(0.5),
            totals.micros.quantile(0.99),
            totals.micros.max(),
            totals.nodes as f64 / count,
            row.what,
        )?;
    }
    let totals_of = |engine| {
        table
            .rows
            .iter()
            .find(|row| row.engine == engine)
            .map(|row| row.totals)
    };
    let cap = match dance_dlx::deadline_in(table.cap) {
        Some(_) => format!("the {:?} cap", table.cap),
        None => "no cap".to_owned(),
    };
    for (slow, fast) in RATIOS {
        let (Some(slow_totals), Some(fast_totals)) = (totals_of(slow), totals_of(fast)) else {
            continue;
        };
        let (slow_seconds, fast_seconds) = (
            slow_totals.total.as_secs_f64(),
            fast_totals.total.as_secs_f64(),
        );
        let ratio = if fast_seconds > 0.0 {
            format!("{}x", rate(slow_seconds / fast_seconds))
        } else {
            "-".to_owned()
        };
        let (slow_name, fast_name) = (slow.name(), fast.name());
        if slow == EngineChoice::Dfs {
            // A DFS stopped at the cap took at least that long.
            let bound = if slow_totals.timed_out > 0 {
                "at least "
            } else {
                ""
            };
            writeln!(
                out,
                "  {slow_name}/{fast_name}: {bound}{ratio} the time ({} puzzles hit {cap})",
                slow_totals.timed_out,
            )?;
        } else {
            writeln!(out, "  {slow_name}/{fast_name}: {ratio} the time")?;
        }
    }
    if table.disagreements > 0 {
        writeln!(out, "  DISAGREEMENTS: {} puzzles", table.disagreements)?;
    }
    writeln!(out)
}
