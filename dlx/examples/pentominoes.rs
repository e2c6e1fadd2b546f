//! Packs the twelve pentominoes into a rectangle of 60 cells: counts the
//! packings and draws the first, each cell labelled by its piece:
//! `cargo run --release -p dance-dlx --example pentominoes -- 6 10`.
use dance_dlx::{Goal, Problem, Request, Solver, problems::pentominoes};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|arg| arg.parse::<usize>());
    let (rows, cols) = (
        args.next().unwrap_or(Ok(3))?,
        args.next().unwrap_or(Ok(20))?,
    );
    let problem = pentominoes(rows, cols);
    let mut solver = Solver::new(&problem);
    let all = solver.run(&Request::new(Goal::All));
    println!("{rows}×{cols}: {} packings", all.count);
    let Some(first) = solver.run(&Request::new(Goal::First)).solution else {
        return Ok(());
    };
    let mut board = vec![vec!['.'; cols]; rows];
    for option in first {
        // An option is the piece's name (`F`, `I`, …) and its five cells
        // (`r{row}c{col}`).
        let names: Vec<&str> = names(&problem, option).collect();
        let piece = names[0].chars().next().unwrap_or('?');
        for cell in &names[1..] {
            let (row, col) = cell[1..]
                .split_once('c')
                .ok_or("a cell is named r{row}c{col}")?;
            board[row.parse::<usize>()?][col.parse::<usize>()?] = piece;
        }
    }
    for row in board {
        println!("{}", row.into_iter().collect::<String>());
    }
    Ok(())
}

/// The names of the items of `option`.
fn names(problem: &Problem, option: dance_dlx::OptionId) -> impl Iterator<Item = &str> {
    problem
        .option(option)
        .iter()
        .map(|entry| problem.item_name(entry.item))
}
