//! Solves every puzzle of a file in parallel (one solver per core, answers
//! in input order) with `batch::solve_batch`; a record that is not a puzzle
//! is reported at its line and column, and the others are solved:
//! `cargo run --release -p dance-sudoku --example batch -- benches/data/top1465.txt`.
use std::{collections::BTreeMap, fs::File, io::BufReader, time::Instant};

use dance_sudoku::format::{self, ParseOptions};
use dance_sudoku::{Goal, Request, batch};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: batch FILE")?;
    let (_, records) =
        format::read_auto(BufReader::new(File::open(&path)?), ParseOptions::default())?;
    let mut puzzles = Vec::new();
    for record in records {
        match record?.puzzle {
            Ok(puzzle) => puzzles.push(puzzle),
            Err(error) => eprintln!("{path}:{error}"),
        }
    }
    let started = Instant::now();
    let answers = batch::solve_batch(&puzzles, &Request::new(Goal::Unique));
    let mut statuses = BTreeMap::new();
    for answer in &answers {
        *statuses.entry(answer.status.to_string()).or_insert(0) += 1;
    }
    println!(
        "{} puzzles in {:.3} s: {statuses:?}",
        answers.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
