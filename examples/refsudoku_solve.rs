//! The smallest program that solves a file of 9×9 line-format puzzles with
//! the crates.io `sudoku` crate 0.8.0 (a JCZSolve port, here `refsudoku`)
//! and prints what `dance solve` prints: the other side of
//! `benches/vs_refsudoku.sh`, which races it against `dance solve -j1` as
//! whole processes.
//!
//! ```sh
//! cargo run --release --example refsudoku_solve -- benches/data/top95.txt
//! cargo run --release --example refsudoku_solve -- --unique benches/data/top95.txt
//! ```
//!
//! The first solution of each puzzle, or with `--unique` its solutions
//! counted up to two: `unique SOLUTION`, `multiple` or `none`, as
//! `dance solve --unique` prints them. `refsudoku` is AGPL-3.0: a
//! dev-dependency of the benches and this example only.

use std::io::{BufWriter, Write};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let unique = args.first().is_some_and(|a| a == "--unique");
    if unique {
        args.remove(0);
    }
    let [path] = args.as_slice() else {
        panic!("usage: refsudoku_solve [--unique] FILE");
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let sudoku =
            refsudoku::Sudoku::from_str_line(line.trim()).unwrap_or_else(|e| panic!("{path}: {e}"));
        let answer = if unique {
            match sudoku.solutions_up_to(2).as_slice() {
                [one] => format!("unique {}", one.to_str_line()),
                [] => "none".to_owned(),
                _ => "multiple".to_owned(),
            }
        } else {
            match sudoku.some_solution() {
                Some(solution) => solution.to_str_line().to_string(),
                None => "none".to_owned(),
            }
        };
        writeln!(out, "{answer}").expect("stdout");
    }
}
