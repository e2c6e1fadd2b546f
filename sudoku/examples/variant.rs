//! Solves a variant: the same text read with other rules. An X-Sudoku
//! (both diagonals hold every digit too) has one solution; read as plain
//! Sudoku, the same givens have many:
//! `cargo run --release -p dance-sudoku --example variant`.
use dance_sudoku::format::{ParseOptions, line};
use dance_sudoku::{Goal, Request, Solver, Variant};

const X_SUDOKU: &str =
    "..3.7....5...92.......6...9..5..6..46....1..8.2...7.........5...1....4.7..4......";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut solver = Solver::new();
    for variant in [Variant::X, Variant::Standard] {
        let options = ParseOptions {
            variant,
            ..ParseOptions::default()
        };
        let puzzle = line::parse(X_SUDOKU, &options)?;
        let count = solver.run(&puzzle, &Request::new(Goal::Count { limit: 1000 }));
        println!("as {variant}: {} ({})", count.count, count.status);
    }
    // Rules combine, and parse from the command line's names.
    let rules: Variant = "windoku,anti-knight".parse()?;
    println!("{rules} has {} rules", rules.rules().count());
    Ok(())
}
