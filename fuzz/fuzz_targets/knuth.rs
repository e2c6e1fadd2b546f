//! Knuth's text format on arbitrary bytes: no panic; a problem that reads
//! writes back and reads again equal (through `write_problem` and through
//! `Display`/`FromStr`, which write the same text), and a short search of
//! it leaves the solver reusable.
#![no_main]

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
    let mut solver = dance_dlx::Solver::new(&problem);
    solver.rewind();
    let mut events = 0;
    while events < 64 && solver.resume(1000) != dance_dlx::Event::Exhausted {
        events += 1;
    }
    solver.rewind();
});
