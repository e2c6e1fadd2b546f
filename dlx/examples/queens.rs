//! Counts the ways to place n queens on an n×n board, none attacking
//! another, and draws the first:
//! `cargo run --release -p dance-dlx --example queens -- 10`.
use dance_dlx::{Goal, Request, Solver, problems::n_queens};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let n: usize = std::env::args().nth(1).map_or(Ok(8), |arg| arg.parse())?;
    let mut solver = Solver::new(&n_queens(n));
    let count = solver.run(&Request::new(Goal::All)).count;
    println!("{n} queens: {count} solutions");
    let first = solver.run(&Request::new(Goal::First)).solution;
    // Option i·n + j puts a queen on row i, column j (n_queens' order).
    let mut board = vec![vec!['.'; n]; n];
    for option in first.iter().flatten() {
        board[option.index() / n][option.index() % n] = 'Q';
    }
    for row in board {
        println!("{}", String::from_iter(row));
    }
    Ok(())
}
