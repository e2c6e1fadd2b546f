//! Library calls that once panicked or misbehaved when composed or given
//! odd input: each stays fixed here.

use dance_dlx::OptionId;
use dance_sudoku::batch::{par_map, solve_batch_sequential};
use dance_sudoku::cover::placement;
use dance_sudoku::{Answer, EngineChoice, Goal, Puzzle, Request, Solver, Status, Stop, Variant};

/// Puzzles of three shapes, so nested pieces of work switch matrices.
fn puzzles() -> Vec<Puzzle> {
    let lines = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "1...............",
        "12..............",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ];
    lines.iter().map(|line| line.parse().unwrap()).collect()
}

/// A `par_map` whose work runs another `par_map` on the same pool: rayon
/// steals outer pieces of work onto threads that wait inside an inner one,
/// which once found the thread's solver borrowed and panicked.
#[test]
fn par_map_nests() {
    let puzzles = puzzles();
    let request = Request::new(Goal::Count { limit: 100 });
    let expected: Vec<Answer> = solve_batch_sequential(&puzzles, &request);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let outer: Vec<usize> = (0..64).collect();
    let results = pool.install(|| {
        par_map(&outer, |solver, _| {
            let inner = par_map(&puzzles, |solver, puzzle| solver.run(puzzle, &request));
            // The outer solver still works after the inner batch.
            let own = solver.run(&puzzles[0], &request);
            (inner, own)
        })
    });
    for (inner, own) in results {
        assert_eq!(inner, expected);
        assert_eq!(own, expected[0]);
    }
}

/// A solver used inside `par_map` work is the worker's own, reused.
#[test]
fn par_map_work_may_use_a_solver_of_its_own_too() {
    let puzzles = puzzles();
    let counts = par_map(&puzzles, |_, puzzle| {
        Solver::new().count(puzzle, 100).solutions
    });
    assert_eq!(counts, [1, 72, 24, 1]);
}

#[test]
fn placement_refuses_what_no_shape_has() {
    assert_eq!(placement(0, OptionId::new(0)), None);
    assert_eq!(placement(26, OptionId::new(0)), None);
    assert_eq!(placement(9, OptionId::new(729)), None);
    assert_eq!(placement(4, OptionId::new(u32::MAX)), None);
    let (cell, digit) = placement(25, OptionId::new(25 * 25 * 25 - 1)).unwrap();
    assert_eq!((cell.index(), digit.index()), (624, 24));
    let (cell, digit) = placement(1, OptionId::new(0)).unwrap();
    assert_eq!((cell.index(), digit.index()), (0, 0));
}

/// Solvers and problems cross threads: batches hand them to rayon's
/// workers, and callers keep them in shared state.
#[test]
fn solvers_and_problems_are_send_and_sync() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Solver>();
    send_sync::<Puzzle>();
    send_sync::<dance_sudoku::Grid>();
    send_sync::<dance_sudoku::Shape>();
    send_sync::<dance_dlx::Solver>();
    send_sync::<dance_dlx::Problem>();
    send_sync::<dance_dlx::driver::Driver>();
}

/// A random grid (any digits below N) of a boxed or jigsaw shape.
fn grids() -> impl proptest::strategy::Strategy<Value = dance_sudoku::Grid> {
    use proptest::prelude::*;
    let boxed = proptest::sample::select(crate::util::SIZES.to_vec())
        .prop_map(|n| dance_sudoku::Shape::boxed(n).unwrap());
    let jigsaw =
        crate::util::jigsaw_shape().prop_map(|shape| shape.with_variant(Variant::Standard));
    prop_oneof![boxed, jigsaw].prop_flat_map(|shape| {
        let n = shape.size() as u8;
        proptest::collection::vec(0..n, shape.cell_count()).prop_map(move |digits| {
            let digits = digits
                .into_iter()
                .filter_map(dance_sudoku::Digit::new)
                .collect();
            dance_sudoku::Grid::new(shape.clone(), digits).unwrap()
        })
    })
}

proptest::proptest! {
    /// `Grid` parses what it prints.
    #[test]
    fn grids_parse_what_they_print(grid in grids()) {
        let text = grid.to_string();
        let shape = grid.shape();
        let line = if shape.box_shape().is_some() {
            text
        } else {
            // A jigsaw grid reads back with its region map.
            let map: String = dance_sudoku::Puzzle::from(grid.clone()).to_string();
            map
        };
        let parsed: dance_sudoku::Grid = line.parse().unwrap();
        proptest::prop_assert_eq!(parsed, grid);
    }
}

/// A stop that has come ends every engine's search with a timeout, the
/// solutions found so far a lower bound; the same solver then answers the
/// next request in full.
#[test]
fn a_past_deadline_times_out_on_every_engine() {
    use std::time::Instant;
    let empty: Puzzle = ".".repeat(81).parse().unwrap();
    let past = Stop::at(Instant::now());
    let mut solver = Solver::new();
    for engine in EngineChoice::ALL {
        let late = Request::new(Goal::Count { limit: 1_000_000 })
            .with_stop(past.clone())
            .with_engine(engine);
        let answer = solver.run(&empty, &late);
        assert_eq!(answer.status, Status::Timeout, "{engine}");
        assert!(
            !answer.count.complete && answer.count.solutions <= 1,
            "{engine}"
        );
        // Without the stop the same solver answers.
        let three = solver.run(
            &empty,
            &Request::new(Goal::Count { limit: 3 }).with_engine(engine),
        );
        assert_eq!(three.count.to_string(), "3+", "{engine}");
    }
    let unique =
        Request::new(Goal::Unique).with_stop(Stop::after(std::time::Duration::from_secs(60)));
    assert_eq!(solver.run(&puzzles()[0], &unique).status, Status::Unique);
}
