//! What `dance cover` was asked to do: one [`Mode`] chosen from the flags,
//! the library's [`Goal`] it asks, and the flags it refuses or ignores.

use std::path::PathBuf;

use dance_dlx::{Cut, Goal};

use crate::cli::CoverArgs;

/// What a run of `dance cover` does: a count (with a limit or the memo),
/// solutions printed, the cheapest, a diagram, samples, an estimate or a
/// cut into jobs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The number of solutions: every one, or up to a limit (`N+` when
    /// there are more).
    Count {
        /// The largest count printed exactly; `None` for every one.
        limit: Option<u64>,
    },
    /// The number of solutions, whatever its size, counted with a memo.
    Memo,
    /// The solutions printed, every one (`--all`, up to `--limit`) or the
    /// first.
    Solutions {
        /// Only the first.
        first: bool,
        /// At most this many.
        limit: Option<u64>,
    },
    /// The `k` cheapest, each after its cost.
    Best {
        /// How many.
        k: u64,
    },
    /// Every solution as a ZDD, written to a file or stdout (`-`).
    Zdd {
        /// Where.
        path: PathBuf,
    },
    /// Solutions drawn uniformly.
    Sample {
        /// How many.
        samples: u64,
    },
    /// Knuth's estimate of the search.
    Estimate,
    /// The subproblems at a depth, as jobs.
    Split {
        /// The depth.
        depth: usize,
    },
}

impl Mode {
    /// The mode the flags ask for (clap has refused the flags that
    /// conflict, and those that would change nothing in it).
    pub fn of(args: &CoverArgs) -> Mode {
        if let Some(k) = args.best {
            Mode::Best { k }
        } else if let Some(path) = &args.zdd {
            Mode::Zdd { path: path.clone() }
        } else if let Some(samples) = args.sample {
            Mode::Sample { samples }
        } else if args.estimate {
            Mode::Estimate
        } else if let Some(depth) = args.split {
            Mode::Split { depth }
        } else if args.memo {
            Mode::Memo
        } else if args.all || args.first {
            Mode::Solutions {
                first: args.first,
                limit: args.limit,
            }
        } else {
            Mode::Count { limit: args.limit }
        }
    }

    /// The request's goal; `memory` the memo's budget in bytes, `probes`
    /// and `seed` the estimate's or the samples'.
    pub fn goal(&self, memory: usize, probes: u32, seed: u64) -> Goal {
        match *self {
            Mode::Count { limit: None } => Goal::All,
            Mode::Count { limit: Some(limit) } => Goal::Count { limit },
            Mode::Memo => Goal::MemoCount { memory },
            Mode::Solutions { first: true, .. } => Goal::First,
            Mode::Solutions { limit: None, .. } => Goal::All,
            Mode::Solutions {
                limit: Some(limit), ..
            } => Goal::Count { limit },
            Mode::Best { k } => Goal::Best { k },
            Mode::Zdd { .. } => Goal::Zdd { memory },
            Mode::Sample { samples } => Goal::Sample {
                samples,
                seed,
                memory,
            },
            Mode::Estimate => Goal::Estimate { probes, seed },
            Mode::Split { depth } => Goal::Split(Cut::Depth(depth)),
        }
    }

    /// Whether the answer is a count printed after the search (rather than
    /// what the search hands on as it goes).
    pub fn prints_a_count(&self) -> bool {
        matches!(self, Mode::Count { .. } | Mode::Memo)
    }

    /// The flag of a mode that runs on one thread at any `-j` (the diagram
    /// is built by one memoized walk, the estimate's probes and the cut are
    /// cheap next to what they serve), for the warning that `-j` changes
    /// nothing there.
    pub fn on_one_thread(&self) -> Option<&'static str> {
        match self {
            Mode::Zdd { .. } => Some("--zdd"),
            Mode::Sample { .. } => Some("--sample"),
            Mode::Estimate => Some("--estimate"),
            Mode::Split { .. } => Some("--split"),
            _ => None,
        }
    }

    /// Whether the search walks the memo's states (so that its progress is
    /// in nodes, and it runs on the links).
    pub fn walks_the_memo(&self) -> bool {
        matches!(self, Mode::Memo | Mode::Zdd { .. } | Mode::Sample { .. })
    }
}
