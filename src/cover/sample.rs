//! `dance cover --sample N`: N solutions drawn uniformly at random, with
//! replacement, from the ZDD of every solution ([`dance_dlx::Zdd::sample`]),
//! printed as `--all` prints solutions. The draws come from one
//! [`SplitMix64`] seeded by `--seed` (0 when absent), so a seed gives the
//! same sample on every machine; the ZDD is built on one thread, so `-j`
//! changes nothing.

use std::io::{self, BufWriter, Write};
use std::time::Instant;

use dance_dlx::{Problem, Solver, SplitMix64, Stop};

use super::{halted, print, zdd};
use crate::Exit;
use crate::cli::CoverArgs;
use crate::progress::Bar;
use crate::signal::Interrupt;
use crate::stderr::diagnose;

/// Runs `dance cover --sample N` (N of `args.sample`, 1 when absent);
/// solutions print as options of `shown`.
pub fn run(
    args: &CoverArgs,
    shown: &Problem,
    mut solver: Solver,
    stop: &Stop,
    interrupt: &Interrupt,
    started: Instant,
    bar: &Bar,
) -> anyhow::Result<Exit> {
    let built = match zdd::build(args, &mut solver, stop, interrupt, started, bar)? {
        Ok(built) => built,
        Err(exit) => return Ok(exit),
    };
    let n = args.sample.unwrap_or(1);
    let drawing = Instant::now();
    let mut rng = SplitMix64::new(args.seed.unwrap_or(0));
    let mut out = BufWriter::new(io::stdout().lock());
    let mut text = Vec::new();
    let mut drawn = 0u64;
    let alarm = stop.start();
    bar.set_noun("samples");
    bar.set_total(Some(n));
    if !built.zdd.count().is_zero() {
        for _ in 0..n {
            if alarm.rung() {
                break;
            }
            let Some(mut options) = built.zdd.sample(&mut rng) else {
                break;
            };
            options.sort_unstable();
            text.clear();
            print::solution(shown, &options, &mut text);
            out.write_all(&text)?;
            drawn += 1;
            bar.set(drawn);
        }
    }
    out.flush()?;
    drop(out);
    bar.finish();
    if args.stats {
        zdd::stats(&built);
        diagnose!(
            "samples: {drawn}\nsampling time: {:.3} s",
            drawing.elapsed().as_secs_f64()
        );
    }
    Ok(if drawn < n && alarm.rung() {
        halted(interrupt, started, "sampling")
    } else if drawn == n {
        super::written(interrupt, started, "the sample", Exit::Success)
    } else {
        diagnose!("dance: no sample to draw: the problem has no solution");
        Exit::Shortfall
    })
}
