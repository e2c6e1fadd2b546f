//! The cheapest solutions of a problem whose options have costs (Knuth's
//! DLX5): four workers, four jobs, and what each worker charges for each
//! job; a solution gives every job to one worker and every worker one job.
//! Prints the three cheapest assignments:
//! `cargo run --release -p dance-dlx --example costs`.
use dance_dlx::{Goal, OptionDisplay, Problem, Request, Solver};

/// `CHARGES[w][j]`: what worker `w` charges for job `j`.
const CHARGES: [[u64; 4]; 4] = [[9, 2, 7, 8], [6, 4, 3, 7], [5, 8, 1, 8], [7, 6, 9, 4]];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut builder = Problem::builder();
    let workers: Vec<_> = (0..4)
        .map(|w| builder.primary(format!("w{w}")))
        .collect::<Result<_, _>>()?;
    let jobs: Vec<_> = (0..4)
        .map(|j| builder.primary(format!("j{j}")))
        .collect::<Result<_, _>>()?;
    for (w, charges) in CHARGES.iter().enumerate() {
        for (j, &charge) in charges.iter().enumerate() {
            builder.option_with_cost([workers[w], jobs[j]], charge)?;
        }
    }
    let problem = builder.build();
    // Branch and bound: the three cheapest, cheapest first, of 4! = 24.
    let answer = Solver::new(&problem).run(&Request::new(Goal::Best { k: 3 }));
    for (cost, options) in answer.findings.cheapest().unwrap_or_default() {
        let shown: Vec<String> = options
            .iter()
            .map(|&o| OptionDisplay::new(&problem, o).to_string())
            .collect();
        println!("cost {cost}: {}", shown.join(", "));
    }
    Ok(())
}
