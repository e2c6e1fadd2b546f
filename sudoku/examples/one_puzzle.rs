//! Solves one puzzle given in the line format (by default Norvig's
//! hardest), tells whether its solution is unique, and prints it as a grid:
//! `cargo run --release -p dance-sudoku --example one_puzzle -- PUZZLE`.
use dance_sudoku::{Goal, Puzzle, Request, Solver, format::grid};

const HARDEST: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| HARDEST.to_owned());
    let puzzle: Puzzle = text.parse()?;
    let answer = Solver::new().run(&puzzle, &Request::new(Goal::Unique));
    let (status, engine) = (answer.status, answer.engine);
    println!(
        "{status} after {} nodes of the {engine} engine",
        answer.stats.nodes
    );
    // A unique puzzle's answer holds its solution.
    if let Some(solution) = answer.solution {
        print!("{}", grid::format_grid(&solution));
    }
    Ok(())
}
