//! The generator: every puzzle unique (DLX and, for small sizes, the naive
//! DFS agree) and minimal; symmetry, clue targets, jigsaw maps and X; the
//! same seed gives the same puzzles, whatever the number of threads.

use dance_sudoku::generate::{
    Generated, Layout, Options, Symmetry, generate, generate_batch, generate_batch_sequential,
    puzzle_seed,
};
use dance_sudoku::{
    BoxShape, Digit, EngineChoice, Puzzle, Shape, Solver, Status, Variant, jigsaw, verify,
};

use crate::util::verdict;

/// `puzzle` without the givens of `cells`.
fn without(puzzle: &Puzzle, cells: &[usize]) -> Puzzle {
    let mut entries = puzzle.cells().to_vec();
    for &cell in cells {
        entries[cell] = None;
    }
    Puzzle::new(puzzle.shape().clone(), entries).unwrap()
}

/// The cell that `cell` goes with under `symmetry`.
fn partner(symmetry: Symmetry, n: usize, cell: usize) -> usize {
    let (row, col) = symmetry.image(cell / n, cell % n, n);
    row * n + col
}

/// Checks everything the generator promises about `made`: the solution
/// solves the puzzle, nothing else does (by DLX, and by the DFS when
/// `naive`), the givens are symmetric, and no orbit of givens can go.
fn check(made: &Generated, symmetry: Symmetry, naive: bool) {
    let mut solver = Solver::new();
    let puzzle = &made.puzzle;
    verify(puzzle, &made.solution).unwrap();
    assert_eq!(
        verdict(puzzle, EngineChoice::Fast),
        (Status::Unique, Some(made.solution.clone())),
        "{puzzle}"
    );
    if naive {
        assert_eq!(
            verdict(puzzle, EngineChoice::Dfs).1.as_ref(),
            Some(&made.solution)
        );
    }
    let n = puzzle.shape().size();
    for (cell, _) in puzzle.givens() {
        let image = partner(symmetry, n, cell.index());
        assert!(
            puzzle.cells()[image].is_some(),
            "{puzzle}: {cell} has no partner"
        );
        let fewer = without(puzzle, &[cell.index(), image]);
        assert_eq!(
            solver.count(&fewer, 2).solutions,
            2,
            "{puzzle}: {cell} can go"
        );
        if naive && symmetry == Symmetry::None {
            assert_eq!(verdict(&fewer, EngineChoice::Dfs).0, Status::Multiple);
        }
    }
}

fn options(shape: Shape) -> Options {
    Options::new(shape)
}

#[test]
fn boxed_puzzles_are_unique_and_minimal() {
    let mut solver = Solver::new();
    for (n, seeds, naive) in [
        (4, 0..20, true),
        (6, 0..10, true),
        (8, 0..3, false),
        (9, 0..6, false),
    ] {
        let options = options(Shape::boxed(n).unwrap());
        for seed in seeds {
            let made = generate(&mut solver, &options, seed).unwrap();
            assert_eq!(made.attempts, 1);
            check(&made, Symmetry::None, naive);
        }
    }
}

#[test]
fn nine_by_nine_puzzles_pass_the_naive_search_too() {
    let mut solver = Solver::new();
    let made = generate(&mut solver, &options(Shape::boxed(9).unwrap()), 2).unwrap();
    assert_eq!(
        verdict(&made.puzzle, EngineChoice::Dfs).1,
        Some(made.solution)
    );
}

#[test]
fn symmetric_puzzles_are_minimal_among_symmetric_removals() {
    let mut solver = Solver::new();
    for symmetry in [Symmetry::Rotational, Symmetry::Diagonal] {
        for n in [4, 6, 9] {
            let mut options = options(Shape::boxed(n).unwrap());
            options.symmetry = symmetry;
            for seed in 0..4 {
                let made = generate(&mut solver, &options, seed).unwrap();
                check(&made, symmetry, n < 9);
            }
        }
    }
}

#[test]
fn x_sudoku_puzzles_are_unique_and_minimal() {
    let mut solver = Solver::new();
    for (boxes, naive) in [((2, 2), true), ((2, 3), true), ((3, 3), false)] {
        let (h, w) = boxes;
        let shape = Shape::with_boxes(BoxShape::new(h, w).unwrap()).with_variant(Variant::X);
        for seed in 0..3 {
            let made = generate(&mut solver, &options(shape.clone()), seed).unwrap();
            assert_eq!(made.puzzle.shape(), &shape);
            check(&made, Symmetry::None, naive);
        }
    }
}

#[test]
fn random_jigsaw_maps_are_connected_with_n_cells_per_region() {
    let mut solver = Solver::new();
    for (n, variant) in [
        (5, Variant::Standard),
        (6, Variant::Standard),
        (7, Variant::Standard),
        (9, Variant::Standard),
        (6, Variant::X),
    ] {
        let mut options = options(Shape::boxed(4).unwrap());
        options.layout = Layout::RandomJigsaw { size: n, variant };
        for seed in 0..3 {
            let made = generate(&mut solver, &options, seed).unwrap();
            let shape = made.puzzle.shape();
            assert!(shape.is_jigsaw() && shape.size() == n && shape.variant() == variant);
            assert!(jigsaw::is_connected(shape), "{}", made.puzzle);
            for region in 0..n {
                let cells = shape
                    .regions()
                    .iter()
                    .filter(|&&r| usize::from(r) == region);
                assert_eq!(cells.count(), n);
            }
            check(&made, Symmetry::None, n < 9);
        }
    }
}

#[test]
fn a_given_jigsaw_map_is_kept() {
    // The map of tests/data/puzzles_jigsaw.txt.
    let map = "aaabbbaaccbbacccbdeecfddeeffddeefffd";
    let puzzle: Puzzle = format!("{} {map}", ".".repeat(36)).parse().unwrap();
    let shape = puzzle.shape().clone();
    for seed in 0..4 {
        let made = generate(&mut Solver::new(), &options(shape.clone()), seed).unwrap();
        assert_eq!(made.puzzle.shape(), &shape);
        check(&made, Symmetry::None, true);
    }
}

#[test]
fn clue_targets_above_the_minimum_are_met_exactly() {
    let mut solver = Solver::new();
    for (n, clues, symmetry) in [
        (9, 30, Symmetry::None),
        (9, 35, Symmetry::Rotational),
        (9, 28, Symmetry::Diagonal),
        (6, 14, Symmetry::Rotational),
        (4, 16, Symmetry::None),
    ] {
        let mut options = options(Shape::boxed(n).unwrap());
        options.clues = Some(clues);
        options.symmetry = symmetry;
        let made = generate(&mut solver, &options, 1).unwrap();
        assert_eq!(made.puzzle.given_count(), clues);
        assert_eq!(
            verdict(&made.puzzle, EngineChoice::Fast).1,
            Some(made.solution.clone())
        );
        for (cell, _) in made.puzzle.givens() {
            let image = partner(symmetry, n, cell.index());
            assert!(made.puzzle.cells()[image].is_some());
        }
    }
}

#[test]
fn a_low_target_takes_more_attempts_or_fails_with_the_fewest_reached() {
    let mut solver = Solver::new();
    let mut options = options(Shape::boxed(9).unwrap());
    options.clues = Some(21);
    options.attempts = 1000;
    let made = generate(&mut solver, &options, 0).unwrap();
    assert_eq!(made.puzzle.given_count(), 21);
    assert!(made.attempts > 1, "21 clues at the first try");

    options.clues = Some(17);
    options.attempts = 5;
    let error = generate(&mut solver, &options, 0).unwrap_err();
    let dance_sudoku::generate::GenerateError::TargetNotReached {
        target,
        fewest,
        attempts,
    } = error
    else {
        panic!("{error}");
    };
    assert_eq!((target, attempts), (17, 5));
    assert!((18..=30).contains(&fewest), "{fewest}");
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let mut solver = Solver::new();
    let mut options = options(Shape::boxed(9).unwrap());
    options.symmetry = Symmetry::Rotational;
    let first = generate(&mut solver, &options, 11).unwrap();
    let again = generate(&mut Solver::new(), &options, 11).unwrap();
    assert_eq!(first, again);
    let other = generate(&mut solver, &options, 12).unwrap();
    assert_ne!(first.solution, other.solution);
}

#[test]
fn batches_agree_whatever_the_thread_count() {
    let mut options = options(Shape::boxed(6).unwrap());
    options.layout = Layout::RandomJigsaw {
        size: 6,
        variant: Variant::Standard,
    };
    let sequential = generate_batch_sequential(&options, 99, 0..12);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let parallel = pool.install(|| generate_batch(&options, 99, 0..12));
    assert_eq!(parallel, sequential);
    // Puzzle 5 of the run is made alone from its own seed.
    let alone = generate(&mut Solver::new(), &options, puzzle_seed(99, 5));
    assert_eq!(alone, sequential[5]);
    let tail = generate_batch_sequential(&options, 99, 5..12);
    assert_eq!(tail, sequential[5..]);
}

/// The outputs of fixed seeds, pinned: any change to the random stream, the
/// grid search or the removal order changes them, and with them every
/// puzzle a user has made with a seed.
#[test]
fn seeded_puzzles_are_pinned() {
    let mut solver = Solver::new();
    let four = generate(&mut solver, &options(Shape::boxed(4).unwrap()), 1).unwrap();
    let nine = generate(&mut solver, &options(Shape::boxed(9).unwrap()), 1).unwrap();
    assert_eq!(four.puzzle.to_string(), PINNED_FOUR);
    assert_eq!(nine.puzzle.to_string(), PINNED_NINE);
}

const PINNED_FOUR: &str = ".....14..4.2..3.";
const PINNED_NINE: &str =
    "....92.4.4.1.......7.5.......3.8..928.....35.1.........3..468.....1...73..7..9...";

/// Givens never change digit: every given is the solution's digit there.
#[test]
fn givens_come_from_the_solution() {
    let mut solver = Solver::new();
    let made = generate(&mut solver, &options(Shape::boxed(9).unwrap()), 4).unwrap();
    for (cell, digit) in made.puzzle.givens() {
        assert_eq!(made.solution.get(cell), Some(digit));
    }
    let blanks = made.puzzle.cells().iter().filter(|c| c.is_none()).count();
    assert_eq!(blanks + made.puzzle.given_count(), 81);
    assert!(
        made.puzzle
            .cells()
            .iter()
            .flatten()
            .all(|d: &Digit| d.index() < 9)
    );
}

/// 12×12 and 16×16, checked as the small sizes are (release mode: a 16×16
/// puzzle takes about a second to make and more to check in debug).
#[test]
#[ignore = "slow in debug mode; CI runs it in release"]
fn large_puzzles_are_unique_and_minimal() {
    let mut solver = Solver::new();
    for (n, seeds) in [(12, 0..3), (16, 0..1)] {
        let options = options(Shape::boxed(n).unwrap());
        for seed in seeds {
            check(
                &generate(&mut solver, &options, seed).unwrap(),
                Symmetry::None,
                false,
            );
        }
    }
    let mut options = options(Shape::boxed(4).unwrap());
    options.layout = Layout::RandomJigsaw {
        size: 12,
        variant: Variant::Standard,
    };
    check(
        &generate(&mut solver, &options, 0).unwrap(),
        Symmetry::None,
        false,
    );
}
