//! Every variant and every combination of variants: the Dancing Links solver
//! (fast and generic), the naive DFS and brute force agree on random small
//! puzzles; generated puzzles of each variant are unique under it.

use std::sync::LazyLock;

use dance_sudoku::generate::{Options, generate};
use dance_sudoku::{
    Count, Digit, EngineChoice, Grid, Puzzle, Shape, Solver, Status, Variant, verify,
};

use crate::util::{count, verdict};
use proptest::prelude::*;

/// The variant whose rules are the set bits of `bits` in
/// [`Variant::RULES`] order: every combination is a number below 64.
fn combination(bits: u8) -> Variant {
    Variant::RULES
        .iter()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .fold(Variant::Standard, |variant, (_, &(rule, _))| variant | rule)
}

const COMBINATIONS: u8 = 1 << Variant::RULES.len();

/// A 4×4 jigsaw map with a solution: regions are 2×2 blocks but for a
/// swap of two cells between the top regions.
const JIGSAW4: [u8; 16] = [0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 3, 3, 2, 2, 3, 3];

/// Every grid of `shape` whose rows are permutations and that `verify`
/// accepts: brute force over the 24⁴ grids of permutation rows, without
/// any solver.
fn brute_force_grids(shape: &Shape) -> Vec<Grid> {
    let rows: Vec<[u8; 4]> = permutations();
    let mut grids = Vec::new();
    let empty = Puzzle::empty(shape.clone());
    for a in &rows {
        for b in &rows {
            for c in &rows {
                for d in &rows {
                    let digits = [a, b, c, d]
                        .iter()
                        .flat_map(|row| row.iter())
                        .map(|&v| Digit::new(v).unwrap())
                        .collect();
                    let grid = Grid::new(shape.clone(), digits).unwrap();
                    if verify(&empty, &grid).is_ok() {
                        grids.push(grid);
                    }
                }
            }
        }
    }
    grids
}

/// The 24 orders of 0..4.
fn permutations() -> Vec<[u8; 4]> {
    let mut all = Vec::new();
    for code in 0..256u32 {
        let row = [0, 2, 4, 6].map(|shift| ((code >> shift) & 3) as u8);
        let mut seen = [false; 4];
        if row
            .iter()
            .all(|&v| !std::mem::replace(&mut seen[usize::from(v)], true))
        {
            all.push(row);
        }
    }
    all
}

/// The brute-force grids of the boxed 4×4 shape, computed once.
static BOXED_GRIDS: LazyLock<Vec<Grid>> =
    LazyLock::new(|| brute_force_grids(&Shape::boxed(4).unwrap()));

/// The brute-force grids of [`JIGSAW4`], computed once.
static JIGSAW_GRIDS: LazyLock<Vec<Grid>> =
    LazyLock::new(|| brute_force_grids(&Shape::jigsaw(4, &JIGSAW4).unwrap()));

/// The solutions among `grids` of `puzzle`.
fn solutions_among(grids: &[Grid], puzzle: &Puzzle) -> Vec<Grid> {
    grids
        .iter()
        .filter(|grid| {
            let grid = Grid::new(puzzle.shape().clone(), grid.digits().to_vec()).unwrap();
            verify(puzzle, &grid).is_ok()
        })
        .cloned()
        .collect()
}

/// Every solver's count of `puzzle`, asserted equal to `expected`, and the
/// verdicts agreeing with it.
fn assert_all_count(puzzle: &Puzzle, expected: u64) {
    let complete = Count {
        solutions: expected,
        complete: true,
    };
    let limit = expected + 1;
    assert_eq!(Solver::new().count(puzzle, limit), complete, "DLX {puzzle}");
    assert_eq!(
        Solver::generic().count(puzzle, limit),
        complete,
        "generic {puzzle}"
    );
    for engine in EngineChoice::ALL {
        assert_eq!(
            count(puzzle, expected, engine),
            complete,
            "{engine} {puzzle}"
        );
    }
    let fast = verdict(puzzle, EngineChoice::Fast);
    assert_eq!(verdict(puzzle, EngineChoice::Dfs), fast, "{puzzle}");
    match fast {
        (Status::Unique, Some(grid)) => {
            assert_eq!(expected, 1);
            verify(puzzle, &grid).unwrap();
        }
        (Status::Multiple, None) => assert!(expected > 1),
        other => assert_eq!((other, expected), ((Status::NoSolution, None), 0)),
    }
}

/// On 4×4 boxed and jigsaw shapes, every combination of rules: the empty
/// puzzle's count is the number of brute-force grids, and every solver
/// finds exactly those grids.
#[test]
fn every_combination_counts_the_brute_force_grids_on_four_by_four() {
    for base in [
        Shape::boxed(4).unwrap(),
        Shape::jigsaw(4, &JIGSAW4).unwrap(),
    ] {
        let standard = brute_force_grids(&base);
        if !base.is_jigsaw() {
            assert_eq!(standard.len(), 288);
        }
        for bits in 0..COMBINATIONS {
            let shape = base.clone().with_variant(combination(bits));
            let empty = Puzzle::empty(shape.clone());
            let grids = solutions_among(&standard[..], &empty);
            assert_all_count(&empty, grids.len() as u64);
            let mut found: Vec<Grid> = Solver::new().solutions(&empty).collect();
            let mut expected: Vec<Grid> = grids
                .iter()
                .map(|g| Grid::new(shape.clone(), g.digits().to_vec()).unwrap())
                .collect();
            found.sort_by(|a, b| a.digits().cmp(b.digits()));
            expected.sort_by(|a, b| a.digits().cmp(b.digits()));
            assert_eq!(found, expected, "{}", shape.variant());
        }
    }
}

/// A random 4×4 puzzle: a random combination, boxed or jigsaw, and random
/// givens (clashes allowed).
fn small_puzzles() -> impl Strategy<Value = Puzzle> {
    (
        0..COMBINATIONS,
        any::<bool>(),
        proptest::collection::vec(
            prop_oneof![3 => Just(None), 1 => (0..4u8).prop_map(Digit::new)],
            16,
        ),
    )
        .prop_map(|(bits, jigsaw, cells)| {
            let base = if jigsaw {
                Shape::jigsaw(4, &JIGSAW4).unwrap()
            } else {
                Shape::boxed(4).unwrap()
            };
            Puzzle::new(base.with_variant(combination(bits)), cells).unwrap()
        })
}

/// A random 4×4 pencilmark puzzle: a random combination, boxed or
/// jigsaw, every cell with random candidates (mostly several).
fn small_pencilmark_puzzles() -> impl Strategy<Value = Puzzle> {
    (
        0..COMBINATIONS,
        any::<bool>(),
        proptest::collection::vec(prop_oneof![1 => 0..16u32, 4 => Just(15u32)], 16),
    )
        .prop_map(|(bits, jigsaw, candidates)| {
            let base = if jigsaw {
                Shape::jigsaw(4, &JIGSAW4).unwrap()
            } else {
                Shape::boxed(4).unwrap()
            };
            Puzzle::with_candidates(base.with_variant(combination(bits)), candidates).unwrap()
        })
}

/// Checks every engine's count against brute force over the valid grids of
/// the puzzle's shape.
fn assert_all_count_brute_force(puzzle: &Puzzle) {
    let grids = if puzzle.shape().is_jigsaw() {
        &*JIGSAW_GRIDS
    } else {
        &*BOXED_GRIDS
    };
    assert_all_count(puzzle, solutions_among(grids, puzzle).len() as u64);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Pencilmark puzzles: DLX (on the generic engine's ban options), the
    /// generic engine and the DFS count what brute force counts.
    #[test]
    fn random_pencilmark_puzzles_agree_with_brute_force(puzzle in small_pencilmark_puzzles()) {
        assert_all_count_brute_force(&puzzle);
    }

    /// DLX, the generic engine and the DFS count what brute force counts.
    #[test]
    fn random_small_puzzles_agree_with_brute_force(puzzle in small_puzzles()) {
        assert_all_count_brute_force(&puzzle);
    }

    /// On 6×6, DLX and the DFS agree for every combination (counts up to
    /// 20, and the first solution verifies).
    #[test]
    fn random_six_by_six_puzzles_agree_with_the_dfs(
        bits in 0..COMBINATIONS,
        givens in proptest::collection::vec((0..36usize, 0..6u8), 0..10),
    ) {
        let shape = Shape::boxed(6).unwrap().with_variant(combination(bits));
        let mut cells = vec![None; 36];
        for (cell, digit) in givens {
            cells[cell] = Digit::new(digit);
        }
        let puzzle = Puzzle::new(shape, cells).unwrap();
        let expected = count(&puzzle, 20, EngineChoice::Dfs);
        prop_assert_eq!(count(&puzzle, 20, EngineChoice::Fast), expected);
        prop_assert_eq!(count(&puzzle, 20, EngineChoice::Dlx), expected);
        if let Some(grid) = Solver::new().solve(&puzzle) {
            prop_assert!(verify(&puzzle, &grid).is_ok());
        }
    }
}

/// Generated puzzles of `variants` on `shape`: unique under their variant
/// for both solvers, minimal, and not unique once the variant's rules are
/// dropped (so the rules do the work).
fn assert_generated_puzzles_need_their_rules(base: &Shape, variants: &[Variant]) {
    let mut solver = Solver::new();
    for &variant in variants {
        let shape = base.clone().with_variant(variant);
        let made = generate(&mut solver, &Options::new(shape.clone()), 5)
            .unwrap_or_else(|error| panic!("{variant}: {error}"));
        let puzzle = &made.puzzle;
        verify(puzzle, &made.solution).unwrap();
        let unique = (Status::Unique, Some(made.solution.clone()));
        for engine in EngineChoice::ALL {
            assert_eq!(verdict(puzzle, engine), unique, "{engine}");
        }
        for (cell, _) in puzzle.givens() {
            let mut cells = puzzle.cells().to_vec();
            cells[cell.index()] = None;
            let fewer = Puzzle::new(shape.clone(), cells).unwrap();
            assert_eq!(
                verdict(&fewer, EngineChoice::Fast).0,
                Status::Multiple,
                "{variant}: {puzzle}"
            );
        }
        let plain = Puzzle::new(base.clone(), puzzle.cells().to_vec()).unwrap();
        assert_eq!(
            verdict(&plain, EngineChoice::Fast).0,
            Status::Multiple,
            "{variant}: {puzzle}"
        );
    }
}

#[test]
fn generated_six_by_six_puzzles_need_their_rules() {
    let mut variants: Vec<Variant> = Variant::RULES.iter().map(|&(rule, _)| rule).collect();
    variants.extend([
        Variant::Windoku | Variant::AntiKing,
        Variant::Disjoint | Variant::AntiKnight,
    ]);
    assert_generated_puzzles_need_their_rules(&Shape::boxed(6).unwrap(), &variants);
}

/// Pair rules make sparse 9×9 puzzles whose uniqueness checks take
/// seconds in a debug build.
#[test]
#[ignore = "seconds per puzzle in debug; run with --release -- --ignored"]
fn generated_nine_by_nine_puzzles_need_their_rules() {
    let mut variants: Vec<Variant> = Variant::RULES.iter().map(|&(rule, _)| rule).collect();
    variants.extend([
        Variant::X | Variant::Windoku,
        Variant::Disjoint | Variant::AntiKing,
        Variant::Windoku | Variant::AntiKing,
    ]);
    assert_generated_puzzles_need_their_rules(&Shape::boxed(9).unwrap(), &variants);
}

#[test]
fn variants_parse_print_and_refuse_shapes_without_boxes() {
    for bits in 0..COMBINATIONS {
        let variant = combination(bits);
        assert_eq!(variant.to_string().parse::<Variant>(), Ok(variant));
        assert_eq!(variant.rules().count(), bits.count_ones() as usize);
    }
    assert_eq!("hyper".parse::<Variant>(), Ok(Variant::Windoku));
    assert_eq!(
        " X , Anti-King ".parse::<Variant>(),
        Ok(Variant::X | Variant::AntiKing)
    );
    assert_eq!(
        "x,knight".parse::<Variant>().unwrap_err().to_string(),
        "unknown variant `knight`; expected a comma-separated list of x, windoku (hyper), \
         disjoint, anti-knight, anti-king, non-consecutive, or standard"
    );
    let rows: Vec<u8> = (0..25).map(|i| i / 5).collect();
    let five = Shape::jigsaw(5, &rows).unwrap();
    assert_eq!(
        five.clone()
            .try_with_variant(Variant::Windoku | Variant::AntiKing)
            .unwrap_err()
            .to_string(),
        "windoku needs boxes, and size 5 has no box shape (h x w boxes with 2 <= h <= w)"
    );
    assert!(
        five.try_with_variant(Variant::X | Variant::NonConsecutive)
            .is_ok()
    );
}
