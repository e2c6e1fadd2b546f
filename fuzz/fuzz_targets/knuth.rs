//! Knuth's text format on arbitrary bytes: no panic; a problem that reads
//! writes back and reads again equal (through `write_problem` and through
//! `Display`/`FromStr`, which write the same text), and a short search of
//! it leaves the solver reusable.
#![no_main]

use dance_dlx::{Event, Resume};
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
    // A short search (64 slices of 1,000 nodes at most), the solver reset,
    // then the same again: the same solutions (a reset leaves the solver
    // as new).
    let mut solver = dance_dlx::Solver::new(&problem);
    let mut walk = || {
        let mut found: Vec<Vec<dance_dlx::OptionId>> = Vec::new();
        for _ in 0..64 {
            match solver.resume(1000) {
                Event::Exhausted => break,
                Event::Solution => found.push(solver.solution().collect()),
                _ => {}
            }
        }
        solver.reset();
        found
    };
    let first = walk();
    assert_eq!(first, walk());
});
