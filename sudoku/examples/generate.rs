//! Makes minimal puzzles with exactly one solution — the same for a seed on
//! every machine — and rates how much searching each takes:
//! `cargo run --release -p dance-sudoku --example generate -- 5`.
use dance_sudoku::generate::{self, Options, Symmetry};
use dance_sudoku::{Shape, Solver, rate};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let count: u64 = std::env::args().nth(1).map_or(Ok(3), |arg| arg.parse())?;
    let mut options = Options::new(Shape::boxed(9)?);
    options.symmetry = Symmetry::Rotational;
    let mut solver = Solver::new();
    for made in generate::generate_batch(&options, 7, 0..count) {
        let made = made?;
        let rating = rate::rate(&mut solver, &made.puzzle)?;
        println!(
            "{} {} givens, {}",
            made.puzzle,
            made.puzzle.given_count(),
            rating
        );
    }
    Ok(())
}
