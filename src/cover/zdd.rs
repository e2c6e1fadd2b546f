//! `dance cover --zdd PATH`: every solution as a ZDD in DLX6's text
//! format, built by the library's [`Zdd::build`] (the memo's search), and
//! the count; the build that `--sample` walks too.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::Context;
use dance_dlx::{Count, MemoStats, Solver, Stop, Zdd, ZddError};

use super::{halted, print};
use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::Bar;
use crate::signal::Interrupt;
use crate::stderr::diagnose_text;

/// A ZDD built, with its work and its time.
pub struct Built {
    pub zdd: Zdd,
    pub stats: MemoStats,
    pub elapsed: Duration,
}

/// Builds the ZDD of `solver`'s problem within `--memo-mb`, until `stop`;
/// `Err(exit)` when the stop came (said on stderr).
pub fn build(
    args: &CoverArgs,
    solver: &mut Solver,
    stop: &Stop,
    interrupt: &Interrupt,
    started: Instant,
    bar: &Bar,
) -> anyhow::Result<Result<Built, Exit>> {
    let budget = dance_dlx::memory_of_mb(args.memo_mb);
    let begun = Instant::now();
    bar.set_label("building the ZDD");
    let built = Zdd::build(solver, budget, stop);
    bar.set_label("");
    match built {
        Ok((zdd, stats)) => Ok(Ok(Built {
            zdd,
            stats,
            elapsed: begun.elapsed(),
        })),
        Err(ZddError::Stopped) => Ok(Err(halted(interrupt, started, "building the ZDD"))),
        Err(error) => Err(error).context("cannot build the ZDD"),
    }
}

/// Runs `dance cover --zdd PATH`.
pub fn run(
    args: &CoverArgs,
    mut solver: Solver,
    path: &Path,
    stop: &Stop,
    interrupt: &Interrupt,
    started: Instant,
    bar: &Bar,
) -> anyhow::Result<Exit> {
    let built = match build(args, &mut solver, stop, interrupt, started, bar)? {
        Ok(built) => built,
        Err(exit) => return Ok(exit),
    };
    bar.finish();
    let count = built.zdd.count();
    if path == Path::new("-") {
        let mut out = BufWriter::new(io::stdout().lock());
        write!(out, "{}", built.zdd)?;
        out.flush()?;
        // Stdout holds the ZDD alone, as DLX6's does.
        diagnose_text!("{count}\n");
    } else {
        let file = File::create(path)
            .with_context(|| format!("cannot create the ZDD file {}", path.display()))?;
        let mut out = BufWriter::new(file);
        write!(out, "{}", built.zdd)
            .and_then(|()| out.flush())
            .with_context(|| format!("cannot write the ZDD file {}", path.display()))?;
        let count = Count {
            solutions: count.clone(),
            complete: true,
        };
        print::count(&mut io::stdout().lock(), &count)?;
    }
    if args.stats {
        stats(&built);
    }
    Ok(if count.is_zero() {
        Exit::Shortfall
    } else {
        Exit::Success
    })
}

/// The `--stats` report of a build, on stderr: the count, the search's
/// nodes, the ZDD's nodes, the memo's entries, hits, misses, evictions
/// (states forgotten when the budget was full) and bytes, the updates and
/// the time.
pub fn stats(built: &Built) {
    let Built {
        zdd,
        stats,
        elapsed,
    } = built;
    diagnose_text!(
        "solutions: {}\nnodes: {}\nzdd nodes: {}\nentries: {}\nhits: {}\nmisses: {}\n\
         evictions: {}\nbytes: {}\nupdates: {}\ntime: {:.3} s\n",
        zdd.count(),
        stats.search.nodes,
        zdd.node_count(),
        stats.entries,
        stats.hits,
        stats.misses,
        stats.evictions,
        stats.bytes,
        stats.search.updates,
        elapsed.as_secs_f64()
    );
}
