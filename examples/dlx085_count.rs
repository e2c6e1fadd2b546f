//! The smallest program that counts the solutions of a Knuth-format exact
//! cover file (primary `|` secondary items, no colors, no bounds) with the
//! crates.io `dlx` 0.8.5 — the other side of `benches/vs_dlx085.sh`, which
//! races it against `dance cover -j1` as whole processes.
//!
//! `cargo run --release --example dlx085_count -- benches/data/queens13.dlx`

use std::collections::HashMap;

fn main() {
    let path = std::env::args().nth(1).expect("usage: dlx085_count FILE");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    // Comment lines start with `|`; the first other line names the items.
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('|'));
    let header = lines.next().expect("no item line");
    let (primary, secondary) = header.split_once('|').unwrap_or((header, ""));
    let names: Vec<&str> = primary
        .split_whitespace()
        .chain(secondary.split_whitespace())
        .collect();
    let position: HashMap<&str, dlx085::Uint> = names
        .iter()
        .enumerate()
        .map(|(i, &name)| (name, i as dlx085::Uint))
        .collect();
    let options: Vec<Vec<dlx085::Uint>> = lines
        .map(|line| line.split_whitespace().map(|name| position[name]).collect())
        .collect();
    let primary = primary.split_whitespace().count() as dlx085::Uint;
    let secondary = names.len() as dlx085::Uint - primary;
    let mut problem = dlx085::x::make_problem(primary, secondary, &options, dlx085::OptOrder::Seq);
    let mut solver = dlx085::Solver::new(&mut problem);
    let mut chooser =
        dlx085::choose::mrv_chooser(dlx085::choose::prefer_any(), dlx085::choose::no_tiebreak());
    let mut count: u64 = 0;
    while solver.next_solution(&mut chooser) {
        count += 1;
    }
    println!("{count}");
}
