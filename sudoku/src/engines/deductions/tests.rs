//! The deductions engine's tests: its answers against Algorithm X's, its
//! soundness down the path to each solution, and its two copies against
//! each other.

use super::*;
use crate::engines::search::{Driven, ShapeSearch, solutions};
use crate::{Solver, Tree};

/// Norvig's hardest, an empty board (many solutions), one solved by
/// deductions alone, one with no solution, and one with two.
const PUZZLES: [&str; 5] = [
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ".................................................................................",
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "12.......34......................................................................",
    ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
];

fn engine(puzzle: &Puzzle) -> Driven<Deductions> {
    Driven::new(Deductions::new(puzzle.shape()).unwrap())
}

#[test]
fn counts_match_algorithm_x_and_every_solution_is_valid() {
    let mut reference = Solver::new();
    reference.set_tree(Tree::AlgorithmX);
    for text in PUZZLES {
        let puzzle: Puzzle = text.parse().unwrap();
        let (grids, _) = solutions(&mut engine(&puzzle), &puzzle, u64::MAX, 50);
        let expected = reference.count(&puzzle, 50);
        assert_eq!(grids.len() as u64, expected.solutions, "{text}");
        for (k, grid) in grids.iter().enumerate() {
            crate::verify(&puzzle, grid).unwrap();
            assert!(!grids[..k].contains(grid), "{text}: a solution found twice");
        }
    }
}

#[test]
fn a_budget_of_one_node_walks_the_same_tree() {
    for text in PUZZLES {
        let puzzle: Puzzle = text.parse().unwrap();
        let mut engine = engine(&puzzle);
        let whole = solutions(&mut engine, &puzzle, u64::MAX, 3);
        let stats = engine.stats();
        let stepped = solutions(&mut engine, &puzzle, 1, 3);
        assert_eq!(whole, stepped, "{text}");
        assert_eq!(stats, engine.stats(), "{text}");
    }
}

#[test]
fn a_puzzle_of_singles_fills_one_node_per_blank_and_guesses_nothing() {
    let puzzle: Puzzle = PUZZLES[2].parse().unwrap();
    let mut engine = engine(&puzzle);
    let (grids, _) = solutions(&mut engine, &puzzle, u64::MAX, 2);
    assert_eq!(grids.len(), 1);
    let blanks = puzzle.cells().iter().filter(|c| c.is_none()).count() as u64;
    assert_eq!((engine.stats().nodes, engine.stats().guesses), (blanks, 0));
}

#[test]
fn clashing_givens_are_refused_and_the_next_puzzle_starts_clean() {
    let norvig: Puzzle = PUZZLES[0].parse().unwrap();
    let mut engine = engine(&norvig);
    for clash in [
        format!("5....5{}", ".".repeat(75)),
        format!("5{}5{}", ".".repeat(8), ".".repeat(71)),
        format!("5.........5{}", ".".repeat(70)),
    ] {
        assert!(!engine.start(&clash.parse().unwrap()), "{clash}");
    }
    let (grids, _) = solutions(&mut engine, &norvig, u64::MAX, 2);
    assert_eq!(grids.len(), 1);
}

/// Whether every digit of `solution` is still a candidate (or placed)
/// in its cell.
fn keeps(state: &State, solution: &Grid) -> bool {
    solution.digits().iter().enumerate().all(|(cell, digit)| {
        state.words[cell / BAND_CELLS][digit.index()] >> (cell % BAND_CELLS) & 1 == 1
    })
}

/// The option of `frame` that `solution` takes: the one whose state
/// keeps it.
fn option_of(state: &State, frame: &Frame, solution: &Grid) -> usize {
    (0..32)
        .filter(|&option| frame.to_try >> option & 1 == 1)
        .find(|&option| {
            let mut after = *state;
            after.apply(frame.kind, option);
            keeps(&after, solution)
        })
        .expect("the solution takes one option of every branch")
}

#[test]
fn no_deduction_removes_a_candidate_of_the_solution() {
    // Down the path to each top95 puzzle's solution, every state keeps
    // it: the deductions are sound (on these states).
    let top95 = include_str!("../../../../benches/data/top95.txt");
    let mut reference = Solver::new();
    reference.set_tree(Tree::AlgorithmX);
    let mut branches = 0;
    for line in top95.lines() {
        let puzzle: Puzzle = line.parse().unwrap();
        let solution = reference.solve(&puzzle).unwrap();
        let mut bands = Deductions::new(puzzle.shape()).unwrap();
        assert!(crate::engines::search::PuzzleMatrix::start(
            &mut bands, &puzzle
        ));
        let mut state = bands.state;
        assert!(state.deduce(simd::Scalar).is_ok());
        assert!(keeps(&state, &solution), "{line}");
        while state.open != [0; 3] {
            let frame = state.branch(simd::Scalar);
            assert_eq!(Lanes::detect().run(Branch(&state)), frame, "{line}");
            assert!(
                frame.to_try.count_ones() >= 2,
                "{line}: a branch has options"
            );
            let option = option_of(&state, &frame, &solution);
            state.apply(frame.kind, option);
            assert!(state.deduce(simd::Scalar).is_ok(), "{line}");
            assert_eq!(
                state.dirty, [0; 3],
                "{line}: a fixpoint has no changed word"
            );
            assert!(keeps(&state, &solution), "{line}");
            branches += 1;
        }
        assert_eq!(placed_grid(&puzzle, &state.words), solution);
    }
    assert!(branches > 95, "{branches}");
}

#[test]
fn every_copy_of_the_deductions_gives_the_same_answers_and_trees() {
    // Every copy this CPU runs (the baseline, which `DANCE_SIMD=off`
    // forces; x86-64-v3 and x86-64-v4 where it has them) against the
    // baseline: the same solutions in the same order, the same nodes and
    // guesses, on every top95 and forum_hardest_1106 puzzle and a part
    // of the hardest, 17-clue and both easy sets.
    let sets = [
        (include_str!("../../../../benches/data/top95.txt"), 1),
        (
            include_str!("../../../../benches/data/forum_hardest_1106.txt"),
            1,
        ),
        (
            include_str!("../../../../benches/data/forum_hardest.txt"),
            8,
        ),
        (
            include_str!("../../../../benches/data/17clue_sample.txt"),
            50,
        ),
        (
            include_str!("../../../../benches/data/easy_kaggle_like.txt"),
            100,
        ),
        (
            include_str!("../../../../benches/data/easy_generated.txt"),
            100,
        ),
    ];
    let mut puzzles = 0;
    for (set, every) in sets {
        for line in set.lines().step_by(every) {
            let puzzle: Puzzle = line.parse().unwrap();
            let runs: Vec<_> = Lanes::every()
                .into_iter()
                .map(|lanes| {
                    let engine = Deductions::with_lanes(puzzle.shape(), lanes).unwrap();
                    let mut engine = Driven::new(engine);
                    let found = solutions(&mut engine, &puzzle, u64::MAX, 2);
                    (lanes.name(), found, engine.stats())
                })
                .collect();
            let (_, found, stats) = &runs[0];
            for (name, other, other_stats) in &runs[1..] {
                assert_eq!((found, stats), (other, other_stats), "{name}: {line}");
            }
            for grid in &found.0 {
                crate::verify(&puzzle, grid).unwrap();
            }
            puzzles += 1;
        }
    }
    assert!(puzzles > 1000, "{puzzles}");
}

#[test]
fn every_copy_this_cpu_has_is_tested() {
    // The copies the test above compares: the baseline, then one for
    // each instruction set the CPU has, in order; `DANCE_SIMD` caps the
    // one that runs by default.
    let every: Vec<&str> = Lanes::every().into_iter().map(Lanes::name).collect();
    let mut expected = vec!["baseline"];
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    {
        if pulp::x86::V3::try_new().is_some() {
            expected.push("x86-64-v3");
        }
        if pulp::x86::V4::try_new().is_some() {
            expected.push("x86-64-v4");
        }
    }
    assert_eq!(every, expected);
    assert_eq!(Lanes::fastest(Some("off")).name(), "baseline");
    assert_eq!(
        Lanes::fastest(None).name(),
        *expected.last().expect("the baseline at least")
    );
}

/// The givens placed one by one, as [`State::give`] does: `None` when
/// two clash.
fn given_one_by_one(puzzle: &Puzzle) -> Option<State> {
    let mut state = State::EMPTY;
    let mut givens = [[0; N]; 3];
    for (cell, digit) in puzzle.cells().iter().enumerate() {
        if let Some(digit) = digit {
            let (band, bit) = (cell / BAND_CELLS, cell % BAND_CELLS);
            if !state.give(digit.index(), band, bit) {
                return None;
            }
            givens[band][digit.index()] |= 1 << bit;
        }
    }
    for (band, words) in state.words.iter_mut().enumerate() {
        let open = state.open[band];
        for (word, &mine) in words.iter_mut().zip(&givens[band]) {
            *word &= open | mine;
        }
    }
    Some(state)
}

#[test]
fn the_givens_placed_at_once_are_the_givens_placed_one_by_one() {
    // Random givens (most of them clash), the shipped top95, and givens
    // taken from a solution (none clash), in both copies.
    let solution =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |bound: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % bound
    };
    let mut texts: Vec<String> = include_str!("../../../../benches/data/top95.txt")
        .lines()
        .map(str::to_owned)
        .collect();
    let (mut clashing, mut fine) = (0, 0);
    for round in 0..3000 {
        let givens = next(if round % 2 == 0 { 12 } else { 40 });
        let mut text = vec![b'.'; N * N];
        for _ in 0..givens {
            let cell = next(81) as usize;
            text[cell] = if round % 3 == 0 {
                solution.as_bytes()[cell]
            } else {
                b'1' + next(9) as u8
            };
        }
        texts.push(String::from_utf8(text).unwrap());
    }
    for text in &texts {
        let puzzle: Puzzle = text.parse().unwrap();
        let expected = given_one_by_one(&puzzle);
        let copies = Lanes::every().into_iter().map(Some);
        for lanes in std::iter::once(None).chain(copies) {
            let mut state = State::EMPTY;
            let start = Start {
                state: &mut state,
                puzzle: &puzzle,
            };
            // Each copy, and the vectors' way in the baseline copy.
            let placed = match lanes {
                Some(lanes) => lanes.run(start),
                None => start.at_once(simd::Scalar),
            };
            assert_eq!(placed, expected.is_some(), "{text}");
            if let Some(expected) = expected {
                assert_eq!(state, expected, "{text}");
            }
        }
        if expected.is_some() {
            fine += 1;
        } else {
            clashing += 1;
        }
    }
    assert!(
        clashing > 500 && fine > 1000,
        "{clashing} clash, {fine} not"
    );
}

#[test]
fn with_every_configuration_fixed_the_branch_is_a_cell() {
    // Not a state the deductions leave (they fill such cells), but the
    // branch is defined on any state.
    let mut state = State::EMPTY;
    for band in 0..3 {
        for digit in 0..N {
            state.triads[band][digit] = CONFIGURATIONS[0] as u16;
        }
    }
    for digit in 0..N {
        state.stacks[digit] = CONFIGURATIONS[0] * SPREAD;
    }
    let frame = state.branch(simd::Scalar);
    assert_eq!((frame.kind, frame.to_try), (Kind::Cell(0, 0), 0x1FF));
}

#[test]
fn the_triads_by_box_are_the_triads_transposed() {
    // Every set of triads, with one, two or three cells in each.
    for grid in 0..512 {
        for cells in [1, 0b110, 0b111, 0b010] {
            let word = triad_cells(grid) & (cells * TRIAD_STARTS);
            assert_eq!(triads(word), grid, "{word:027b}");
            assert_eq!(
                transpose_grid(triads_by_box(word) as usize),
                grid as usize,
                "{word:027b}"
            );
        }
    }
}

#[test]
fn a_union_of_configurations_holds_as_many_as_its_cells_say() {
    // What the vectors' choice of the branch counts by.
    let mut unions = 0;
    for grid in 0..512 {
        if usize::from(USED[grid]) == grid {
            let cells = grid.count_ones() as usize;
            assert_eq!(
                simd::CONFIGURATIONS_OF_UNION[cells],
                COUNT[grid],
                "{grid:09b}"
            );
            unions += 1;
        }
    }
    assert!(unions > 6, "{unions}");
}

#[test]
fn a_branch_copies_224_bytes() {
    // The size the module docs give.
    assert_eq!(std::mem::size_of::<State>(), 224);
}

#[test]
fn only_the_boxed_9x9_shape_is_served() {
    assert!(Deductions::new(&Shape::boxed(9).unwrap()).is_some());
    assert!(Deductions::new(&Shape::boxed(4).unwrap()).is_none());
    let x = Shape::boxed(9).unwrap().with_variant(crate::Variant::X);
    assert!(Deductions::new(&x).is_none());
}
