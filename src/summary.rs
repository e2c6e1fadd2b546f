//! The totals of a `dance solve` run: counts per status, time per puzzle,
//! nodes and guesses. The summary printer ([`crate::print::summary`]) and
//! the JSON printer print them.

use std::collections::BTreeMap;
use std::time::Duration;

use dance_sudoku::{Engine, Status};
use serde::Serialize;

use crate::histogram::Histogram;
use crate::outcome::Outcome;

/// Running totals over every record.
#[derive(Debug, Default)]
pub struct Summary {
    records: u64,
    /// Records per status, indexed as [`Status::ALL`].
    statuses: [u64; Status::ALL.len()],
    /// Records that did not parse.
    errors: u64,
    /// Records whose search a signal cut short.
    interrupted: u64,
    /// Microseconds per solved record (records that parsed).
    micros: Histogram,
    nodes: u64,
    guesses: u64,
    /// Records per engine that served them, indexed as [`Engine::ALL`].
    engines: [u64; Engine::ALL.len()],
}

/// The summary as printed (JSON) or reported (`--stats`).
#[derive(Debug, Serialize)]
pub struct Report {
    /// Records read.
    pub records: u64,
    /// Records per status.
    pub solved: u64,
    /// See [`Status::Unique`].
    pub unique: u64,
    /// See [`Status::Multiple`].
    pub multiple: u64,
    /// See [`Status::NoSolution`].
    pub none: u64,
    /// Records that did not parse.
    pub error: u64,
    /// See [`Status::Timeout`].
    pub timeout: u64,
    /// Records whose search a signal cut short.
    pub interrupted: u64,
    /// Wall time of the whole run, in seconds.
    pub seconds: f64,
    /// Records per second of wall time.
    pub puzzles_per_second: f64,
    /// Solving time per puzzle, in microseconds.
    pub micros_mean: f64,
    /// Median solving time.
    pub micros_p50: u64,
    /// 99th percentile solving time.
    pub micros_p99: u64,
    /// Longest solving time.
    pub micros_max: u64,
    /// Search nodes per puzzle.
    pub nodes_per_puzzle: f64,
    /// Guesses per puzzle.
    pub guesses_per_puzzle: f64,
    /// Records per engine that served them, by the engine's name: what the
    /// nodes and guesses were counted by.
    pub engines: BTreeMap<&'static str, u64>,
}

impl Summary {
    /// Counts one record.
    pub fn add(&mut self, outcome: &Outcome) {
        self.records += 1;
        match outcome.status() {
            _ if outcome.interrupted => self.interrupted += 1,
            Some(status) => self.statuses[status as usize] += 1,
            None => self.errors += 1,
        }
        if outcome.answer.is_some() {
            self.micros.record(outcome.elapsed().as_micros() as u64);
            let stats = outcome.stats();
            self.nodes += stats.nodes;
            self.guesses += stats.guesses;
            if let Some(k) = outcome
                .engine()
                .and_then(|engine| Engine::ALL.iter().position(|&kind| kind == engine))
            {
                self.engines[k] += 1;
            }
        }
    }

    /// How many records had `status`.
    pub fn with_status(&self, status: Status) -> u64 {
        self.statuses[status as usize]
    }

    /// How many records did not parse.
    pub fn errors(&self) -> u64 {
        self.errors
    }

    /// How many records were read.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// The figures after `wall` time.
    pub fn report(&self, wall: Duration) -> Report {
        let seconds = wall.as_secs_f64();
        let solved = self.micros.len().max(1) as f64;
        Report {
            records: self.records,
            solved: self.with_status(Status::Solved),
            unique: self.with_status(Status::Unique),
            multiple: self.with_status(Status::Multiple),
            none: self.with_status(Status::NoSolution),
            error: self.errors,
            timeout: self.with_status(Status::Timeout),
            interrupted: self.interrupted,
            seconds,
            puzzles_per_second: self.records as f64 / seconds.max(1e-9),
            micros_mean: self.micros.mean(),
            micros_p50: self.micros.quantile(0.5),
            micros_p99: self.micros.quantile(0.99),
            micros_max: self.micros.max(),
            nodes_per_puzzle: self.nodes as f64 / solved,
            guesses_per_puzzle: self.guesses as f64 / solved,
            engines: Engine::ALL
                .iter()
                .zip(self.engines)
                .filter(|&(_, records)| records > 0)
                .map(|(kind, records)| (kind.name(), records))
                .collect(),
        }
    }
}
