//! The Dancing Links solver: known figures, agreement with the generic engine
//! and with the naive DFS on random puzzles of every shape, on both search
//! trees of the classic 9×9 shape, and big grids.

use dance_sudoku::batch::{solve_batch, solve_batch_sequential};
use dance_sudoku::{
    Count, Digit, EngineChoice, Goal, Grid, Puzzle, Request, Shape, Solver, Status, Tree, Variant,
    verify,
};
use proptest::prelude::*;

use crate::util::verdict;

const NORVIG: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Region maps of jigsaw shapes known to have solutions.
const JIGSAWS: [&str; 4] = [
    "aaabbaabbbcccddceeddceeed",
    "aaadbbacaddbaccdbbcccddbeeefffeeefff",
    "aaabbbacabdbaccbddcccfddeefffdeeeeff",
    "aaaabbcccaabbbbcccaaaebbcccdddebffffdddeeeeffdgdeeeiffggdhhhifiggghhiiiiggghhhhii",
];

fn jigsaw(map: &str) -> Shape {
    let n = (map.len() as f64).sqrt() as usize;
    let labels: Vec<u8> = map.bytes().map(|b| b - b'a').collect();
    Shape::jigsaw(n, &labels).unwrap()
}

fn count(count: u64, complete: bool) -> Count {
    Count {
        solutions: count,
        complete,
    }
}

#[test]
fn known_figures() {
    let mut solver = Solver::new();
    let mut generic = Solver::generic();
    let empty4 = Puzzle::empty(Shape::boxed(4).unwrap());
    assert_eq!(solver.count(&empty4, u64::MAX), count(288, true));
    assert_eq!(generic.count(&empty4, u64::MAX), count(288, true));

    let norvig: Puzzle = NORVIG.parse().unwrap();
    for engine in [EngineChoice::Fast, EngineChoice::Dlx] {
        let (status, grid) = verdict(&norvig, engine);
        assert_eq!(
            status,
            Status::Unique,
            "Norvig's hardest has exactly one solution"
        );
        verify(&norvig, &grid.unwrap()).unwrap();
    }
    for solver in [&mut solver, &mut generic] {
        assert_eq!(solver.count(&norvig, 10), count(1, true));
    }

    let empty9 = Puzzle::empty(Shape::boxed(9).unwrap());
    assert_eq!(solver.count(&empty9, 3), count(3, false));
    assert_eq!(
        verdict(&empty9, EngineChoice::Fast),
        (Status::Multiple, None)
    );

    let clash: Puzzle = format!("11{}", ".".repeat(79)).parse().unwrap();
    assert_eq!(solver.solve(&clash), None);
    assert_eq!(solver.count(&clash, 10), count(0, true));
    for engine in EngineChoice::ALL {
        assert_eq!(verdict(&clash, engine), (Status::NoSolution, None));
    }
    assert_eq!(solver.solutions(&clash).count(), 0);
}

/// The solution counts of the shipped set of invalid puzzles (computed by an
/// independent exact-cover counter, capped at 1000).
#[test]
fn counts_of_the_nonunique_set() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../benches/data/nonunique.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let mut solver = Solver::new();
    let mut checked = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let mut fields = line.split(':');
        let (puzzle, expected) = (fields.next().unwrap(), fields.next().unwrap());
        let puzzle: Puzzle = puzzle.parse().unwrap();
        let found = solver.count(&puzzle, 1000);
        match expected.strip_prefix(">=") {
            Some(_) => assert_eq!(found, count(1000, false), "{line}"),
            None => assert_eq!(found, count(expected.parse().unwrap(), true), "{line}"),
        }
        checked += 1;
    }
    assert_eq!(checked, 18);
}

#[test]
fn the_iterator_yields_every_solution_once() {
    let puzzle: Puzzle = "1.3.............".parse().unwrap();
    let mut solver = Solver::new();
    let solutions: Vec<Grid> = solver.solutions(&puzzle).collect();
    assert_eq!(
        solutions.len() as u64,
        solver.count(&puzzle, u64::MAX).solutions
    );
    let mut distinct = solutions.clone();
    distinct.sort_by(|a, b| a.digits().cmp(b.digits()));
    distinct.dedup();
    assert_eq!(distinct.len(), solutions.len());
    for grid in &solutions {
        verify(&puzzle, grid).unwrap();
    }
    let generic: Vec<Grid> = Solver::generic().solutions(&puzzle).collect();
    assert_eq!(generic, solutions, "both engines search the same tree");
    // Stopping early leaves the solver ready for the next puzzle.
    assert!(solver.solutions(&puzzle).next().is_some());
    assert_eq!(
        solver.count(&puzzle, u64::MAX).solutions,
        solutions.len() as u64
    );
}

/// A valid grid of `shape`: the `nth` solution of the empty puzzle, with its
/// digits relabelled by `labels` (a permutation of `0..N`).
fn random_grid(shape: &Shape, nth: usize, labels: &[u8]) -> Grid {
    let mut solver = Solver::new();
    let empty = Puzzle::empty(shape.clone());
    let grids: Vec<Grid> = solver.solutions(&empty).take(nth + 1).collect();
    let grid = grids.last().expect("the shape has solutions");
    let digits = grid
        .digits()
        .iter()
        .map(|d| Digit::new(labels[d.index()]).unwrap())
        .collect();
    Grid::new(shape.clone(), digits).unwrap()
}

/// A shape, one of several of every kind the crate knows.
fn shapes() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::boxed(4).unwrap()),
        Just(Shape::boxed(6).unwrap()),
        Just(Shape::boxed(9).unwrap()),
        Just(Shape::boxed(4).unwrap().with_variant(Variant::X)),
        Just(Shape::boxed(9).unwrap().with_variant(Variant::X)),
        Just(jigsaw(JIGSAWS[0])),
        Just(jigsaw(JIGSAWS[1])),
        Just(jigsaw(JIGSAWS[2])),
        Just(jigsaw(JIGSAWS[3])),
        Just(jigsaw(JIGSAWS[1]).with_variant(Variant::X)),
    ]
}

/// A puzzle made by blanking cells of a random valid grid of a random shape.
fn puzzles() -> impl Strategy<Value = Puzzle> {
    shapes().prop_flat_map(|shape| {
        let n = shape.size();
        let cells = shape.cell_count();
        // Keep enough givens on 9×9 that the naive DFS stays quick in debug.
        let min_givens = if n >= 9 { 30 } else { 0 };
        (
            Just(shape),
            0..8usize,
            Just((0..n as u8).collect::<Vec<u8>>()).prop_shuffle(),
            proptest::collection::vec(any::<bool>(), cells),
            min_givens..=cells,
        )
            .prop_map(|(shape, nth, labels, keep, givens)| {
                let grid = random_grid(&shape, nth, &labels);
                let cells = grid
                    .digits()
                    .iter()
                    .zip(&keep)
                    .enumerate()
                    .map(|(i, (&d, &keep))| (keep || i < givens / 2).then_some(d))
                    .collect();
                Puzzle::new(shape, cells).unwrap()
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dlx_kernel_generic_engine_and_naive_dfs_agree(puzzle in puzzles()) {
        let mut solver = Solver::new();
        let mut reference = Solver::new();
        reference.set_tree(Tree::AlgorithmX);
        let mut generic = Solver::generic();

        let counted = solver.count(&puzzle, 2);
        prop_assert_eq!(generic.count(&puzzle, 2), counted);
        prop_assert_eq!(reference.count(&puzzle, 2), counted);
        // Algorithm X's tree: the same guesses. Nodes may differ on branches
        // that die, where the bitboards stop at the end of a round of
        // forced choices and Dancing Links at the first item that runs out.
        // (The fast 9×9 engine walks its own tree: its guesses differ.)
        prop_assert_eq!(reference.stats().guesses, generic.stats().guesses, "both engines make the same guesses");
        prop_assert!(counted.solutions >= 1, "blanking a valid grid leaves a solution");
        let exact = crate::util::count(&puzzle, 1, EngineChoice::Fast);
        for engine in [EngineChoice::Dlx, EngineChoice::Dfs] {
            prop_assert_eq!(crate::util::count(&puzzle, 1, engine), exact);
        }

        // Every tree finds a valid solution; Algorithm X's the same one.
        let grid = solver.solve(&puzzle).expect("a solution");
        verify(&puzzle, &grid).unwrap();
        let first = reference.solve(&puzzle).expect("a solution");
        prop_assert_eq!(generic.solve(&puzzle), Some(first.clone()));
        if counted.solutions == 1 {
            prop_assert_eq!(&grid, &first);
        }
        let fast = verdict(&puzzle, EngineChoice::Fast);
        prop_assert_eq!(fast.0 == Status::Unique, counted == count(1, true));
        if let Some(grid) = &fast.1 {
            verify(&puzzle, grid).unwrap();
        }
        prop_assert_eq!(verdict(&puzzle, EngineChoice::Dfs), fast.clone());
        prop_assert_eq!(verdict(&puzzle, EngineChoice::Dlx), fast);
    }
}

/// Blanks every cell whose (pseudo-random) hash is odd: about half.
fn half_given(grid: &Grid) -> Puzzle {
    let cells = grid
        .digits()
        .iter()
        .enumerate()
        .map(|(i, &d)| ((i.wrapping_mul(2_654_435_761) >> 7) % 2 == 0).then_some(d))
        .collect();
    Puzzle::new(grid.shape().clone(), cells).unwrap()
}

#[test]
fn big_grids_with_half_the_cells_given_are_solved() {
    let mut solver = Solver::new();
    for n in [16, 25] {
        let shape = Shape::boxed(n).unwrap();
        let labels: Vec<u8> = (0..n as u8).rev().collect();
        let grid = random_grid(&shape, 3, &labels);
        let puzzle = half_given(&grid);
        let given = puzzle.given_count() as f64 / (n * n) as f64;
        assert!((0.4..0.6).contains(&given), "{n}x{n}: {given} given");
        let solution = solver.solve(&puzzle).expect("a solution");
        verify(&puzzle, &solution).unwrap();
    }
}

#[test]
fn batches_in_parallel_and_in_sequence_agree() {
    let top95 = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../benches/data/top95.txt"
    ))
    .unwrap();
    let puzzles: Vec<Puzzle> = top95.lines().map(|l| l.parse().unwrap()).collect();
    for goal in [Goal::First, Goal::Unique, Goal::Count { limit: 2 }] {
        let request = Request::new(goal);
        let parallel = solve_batch(&puzzles, &request);
        let sequential = solve_batch_sequential(&puzzles, &request);
        assert_eq!(parallel.len(), 95);
        assert_eq!(parallel, sequential);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// The cross-check at scale, for release runs in CI.
    #[test]
    #[ignore = "thousands of cases; run with --release -- --ignored"]
    fn thousands_of_random_puzzles_agree(puzzle in puzzles()) {
        let mut solver = Solver::new();
        let mut reference = Solver::new();
        reference.set_tree(Tree::AlgorithmX);
        let mut generic = Solver::generic();
        let counted = solver.count(&puzzle, 2);
        prop_assert_eq!(
            crate::util::count(&puzzle, 1, EngineChoice::Dfs),
            crate::util::count(&puzzle, 1, EngineChoice::Fast)
        );
        prop_assert_eq!(generic.count(&puzzle, 2), counted);
        prop_assert_eq!(reference.count(&puzzle, 2), counted);
        prop_assert_eq!(reference.stats().guesses, generic.stats().guesses);
        let grid = solver.solve(&puzzle).expect("a solution");
        verify(&puzzle, &grid).unwrap();
    }
}
