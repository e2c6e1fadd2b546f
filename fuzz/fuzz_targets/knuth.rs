//! Knuth's text format on arbitrary bytes: no panic; a problem that reads
//! writes back and reads again equal (through `write_problem` and through
//! `Display`/`FromStr`, which write the same text), and a short search of
//! it leaves the solver reusable.
#![no_main]

use std::ops::ControlFlow;

use dance_dlx::driver::{Fold, drive};
use dance_dlx::{Alarm, OptionId, Solver};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(problem) = dance_dlx::read_problem(data) else {
        return;
    };
    let mut written = Vec::new();
    if dance_dlx::write_problem(&problem, &mut written).is_ok() {
        let again = dance_dlx::read_problem(&written[..]).expect("written problems read back");
        assert_eq!(again, problem);
        let text = problem.to_string();
        assert_eq!(
            text.as_bytes(),
            &written[..],
            "Display writes what write_problem does"
        );
        let parsed: dance_dlx::Problem = text.parse().expect("displayed problems parse back");
        assert_eq!(parsed, problem);
    }
    // A short search (64 looks of the one drive loop at most), the solver
    // reset, then the same again: the same solutions (a reset leaves the
    // solver as new).
    let mut solver = dance_dlx::Solver::new(&problem);
    let first = short_search(&mut solver);
    assert_eq!(first, short_search(&mut solver));
});

/// The solutions of the first 64 slices of a search, the solver reset after.
fn short_search(solver: &mut Solver) -> Vec<Vec<OptionId>> {
    let mut short = Short::default();
    drive(solver, &Alarm::SILENT, &mut short);
    solver.reset();
    short.solutions
}

/// Keeps the solutions, and ends the walk at its 64th look.
#[derive(Default)]
struct Short {
    solutions: Vec<Vec<OptionId>>,
    looks: u32,
}

impl Fold<Solver> for Short {
    fn solution(&mut self, solver: &mut Solver) -> ControlFlow<()> {
        self.solutions.push(solver.solution().collect());
        ControlFlow::Continue(())
    }

    fn look(&mut self, _: &mut Solver) -> ControlFlow<()> {
        self.looks += 1;
        if self.looks < 64 {
            ControlFlow::Continue(())
        } else {
            ControlFlow::Break(())
        }
    }

    fn looks(&self) -> bool {
        true
    }
}
