//! What `dance cover` was asked to do: one [`Mode`] chosen from the flags,
//! the library's [`Goal`] it asks, and the flags it refuses or ignores.

use std::path::{Path, PathBuf};

use dance_dlx::{Cut, Goal};

use crate::cli::CoverArgs;
use crate::stderr::diagnose;

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
    /// conflict); a flag that has no effect in it is refused or, where it
    /// is harmless, warned about on stderr.
    pub fn of(args: &CoverArgs) -> anyhow::Result<Mode> {
        let mode = if let Some(k) = args.best {
            Mode::Best { k }
        } else if let Some(path) = &args.zdd {
            refuse_input_as_output(args.file.as_deref(), path)?;
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
        };
        if args.seed.is_some() && !mode.takes_a_seed() {
            diagnose!(
                "dance: warning: --seed has no effect with {}: its answer does not depend on \
                 the order the options are tried in",
                mode.flag()
            );
        }
        Ok(mode)
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

    /// Whether the search walks the memo's states (so that its progress is
    /// in nodes, and it runs on the links).
    pub fn walks_the_memo(&self) -> bool {
        matches!(self, Mode::Memo | Mode::Zdd { .. } | Mode::Sample { .. })
    }

    /// Whether `--seed` changes what the mode prints: the order of the
    /// solutions (and so the first, the first N, the ties among the
    /// cheapest, the jobs' order), the samples, the estimate's probes.
    fn takes_a_seed(&self) -> bool {
        !matches!(self, Mode::Count { .. } | Mode::Memo | Mode::Zdd { .. })
    }

    /// The flag that chose the mode, for messages.
    pub fn flag(&self) -> &'static str {
        match self {
            Mode::Count { limit: None } => "a count",
            Mode::Count { limit: Some(_) } => "--limit",
            Mode::Memo => "--memo",
            Mode::Solutions { first: true, .. } => "--first",
            Mode::Solutions { .. } => "--all",
            Mode::Best { .. } => "--best",
            Mode::Zdd { .. } => "--zdd",
            Mode::Sample { .. } => "--sample",
            Mode::Estimate => "--estimate",
            Mode::Split { .. } => "--split",
        }
    }
}

/// Refuses an output path that names the input file: `--zdd x.dlx x.dlx`
/// would overwrite the problem with its diagram.
fn refuse_input_as_output(input: Option<&Path>, output: &Path) -> anyhow::Result<()> {
    let Some(input) = input.filter(|input| input.as_os_str() != "-") else {
        return Ok(());
    };
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let same = match (input.canonicalize(), output.canonicalize()) {
        (Ok(input), Ok(output)) => input == output,
        // An output that does not exist yet is not the input.
        _ => false,
    };
    if same {
        anyhow::bail!(
            "--zdd {} names the input file: the diagram would overwrite the problem; \
             write it elsewhere",
            output.display()
        );
    }
    Ok(())
}
