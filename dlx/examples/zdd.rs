//! Every domino tiling of a board as a ZDD (Knuth's DLX6): the exact count,
//! however large, and tilings drawn uniformly at random from it, the same
//! for a seed on every machine:
//! `cargo run --release -p dance-dlx --example zdd -- 8 8 3`.
use dance_dlx::{
    DEFAULT_MEMORY_LIMIT, Goal, Request, Solver, SplitMix64, problems::domino_tilings,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|arg| arg.parse::<usize>());
    let rows = args.next().unwrap_or(Ok(8))?;
    let cols = args.next().unwrap_or(Ok(8))?;
    let samples = args.next().unwrap_or(Ok(2))?;
    let problem = domino_tilings(rows, cols);
    let answer = Solver::new(&problem).run(&Request::new(Goal::Zdd {
        memory: DEFAULT_MEMORY_LIMIT,
    }));
    let zdd = answer
        .findings
        .zdd()
        .ok_or("the diagram has more nodes than ids")?;
    println!(
        "{rows}×{cols}: {} tilings, {} ZDD nodes",
        zdd.count(),
        zdd.node_count()
    );
    let mut rng = SplitMix64::new(7);
    for _ in 0..samples {
        let Some(tiling) = zdd.sample(&mut rng) else {
            break;
        };
        // Each domino covers two cells, named `r{row}c{col}`: `<>` draws a
        // horizontal one, `^` over `v` a vertical one.
        let mut board = vec![vec!['.'; cols]; rows];
        for option in tiling {
            let cells = problem
                .option(option)
                .iter()
                .map(|entry| cell(problem.item_name(entry.item)));
            let [(r0, c0), (r1, c1)] = <[_; 2]>::try_from(cells.collect::<Result<Vec<_>, _>>()?)
                .map_err(|_| "a domino covers two cells")?;
            let (first, second) = if r0 == r1 { ('<', '>') } else { ('^', 'v') };
            board[r0][c0] = first;
            board[r1][c1] = second;
        }
        println!();
        for row in board {
            println!("{}", row.into_iter().collect::<String>());
        }
    }
    Ok(())
}

/// The row and column of a cell named `r{row}c{col}`.
fn cell(name: &str) -> Result<(usize, usize), Box<dyn std::error::Error>> {
    let (row, col) = name
        .trim_start_matches('r')
        .split_once('c')
        .ok_or("a cell is named r{row}c{col}")?;
    Ok((row.parse()?, col.parse()?))
}
