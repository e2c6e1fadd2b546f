//! The DFS against an independent oracle: every 4×4 Latin square, checked
//! with `verify`.

use dance_sudoku::{Count, Digit, EngineChoice, Grid, Puzzle, Shape, Status, dfs, verify};
use proptest::prelude::*;

use crate::util::{count, variant, verdict};

/// All 576 Latin squares of order 4, row by row.
fn latin_squares() -> Vec<Vec<u8>> {
    let mut rows = Vec::new();
    for a in 0..4u8 {
        for b in 0..4u8 {
            for c in 0..4u8 {
                let Some(d) = 6u8.checked_sub(a + b + c) else {
                    continue;
                };
                let row = [a, b, c, d];
                if (0..4).all(|i| row.iter().filter(|&&x| x == i).count() == 1) {
                    rows.push(row);
                }
            }
        }
    }
    let mut squares = Vec::new();
    for r0 in &rows {
        for r1 in &rows {
            for r2 in &rows {
                for r3 in &rows {
                    let square = [r0, r1, r2, r3];
                    let columns_ok = (0..4).all(|c| {
                        let mut seen = [false; 4];
                        square
                            .iter()
                            .all(|row| !std::mem::replace(&mut seen[row[c] as usize], true))
                    });
                    if columns_ok {
                        squares.push(square.iter().flat_map(|row| row.iter().copied()).collect());
                    }
                }
            }
        }
    }
    squares
}

fn to_grid(shape: &Shape, square: &[u8]) -> Grid {
    Grid::new(
        shape.clone(),
        square.iter().map(|&d| Digit::new(d).unwrap()).collect(),
    )
    .unwrap()
}

/// Every solution of a 4×4 puzzle, in lexicographic (= DFS) order.
fn oracle(puzzle: &Puzzle, squares: &[Vec<u8>]) -> Vec<Grid> {
    let mut solutions: Vec<Grid> = squares
        .iter()
        .map(|square| to_grid(puzzle.shape(), square))
        .filter(|grid| verify(puzzle, grid).is_ok())
        .collect();
    solutions.sort_by(|a, b| a.digits().cmp(b.digits()));
    solutions
}

fn four_by_four_shape() -> impl Strategy<Value = Shape> {
    let jigsaw = Just((0..16).map(|i| (i / 4) as u8).collect::<Vec<u8>>())
        .prop_shuffle()
        .prop_map(|ids| Shape::jigsaw(4, &ids).unwrap());
    (
        prop_oneof![Just(Shape::boxed(4).unwrap()), jigsaw],
        variant(),
    )
        .prop_map(|(s, v)| s.with_variant(v))
}

#[test]
fn there_are_576_latin_squares_and_288_sudokus() {
    let squares = latin_squares();
    assert_eq!(squares.len(), 576);
    let empty = Puzzle::empty(Shape::boxed(4).unwrap());
    assert_eq!(oracle(&empty, &squares).len(), 288);
    assert_eq!(
        count(&empty, 1000, EngineChoice::Dfs),
        Count {
            solutions: 288,
            complete: true
        }
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn dfs_agrees_with_enumeration(
        shape in four_by_four_shape(),
        square in 0usize..576,
        mask in proptest::collection::vec(any::<bool>(), 16),
        noise in proptest::option::of((0usize..16, 0u8..4)),
    ) {
        let squares = latin_squares();
        let mut cells: Vec<Option<Digit>> = squares[square]
            .iter()
            .zip(&mask)
            .map(|(&d, &keep)| if keep { Digit::new(d) } else { None })
            .collect();
        if let Some((cell, digit)) = noise {
            cells[cell] = Digit::new(digit);
        }
        let puzzle = Puzzle::new(shape, cells).unwrap();
        let solutions = oracle(&puzzle, &squares);
        let counted = count(&puzzle, 1000, EngineChoice::Dfs);
        prop_assert_eq!(counted, Count { solutions: solutions.len() as u64, complete: true });
        let first = dfs::solve(&puzzle);
        prop_assert_eq!(first.as_ref(), solutions.first());
        let expected = match solutions.as_slice() {
            [] => (Status::NoSolution, None),
            [only] => (Status::Unique, Some(only.clone())),
            _ => (Status::Multiple, None),
        };
        prop_assert_eq!(verdict(&puzzle, EngineChoice::Dfs), expected);
    }
}
