//! Helpers shared by the test modules.

use std::path::PathBuf;

use dance_sudoku::format::{ParseOptions, Record};
use dance_sudoku::{
    Answer, BoxShape, Count, Digit, EngineChoice, Goal, Grid, Puzzle, Request, Shape, Solver,
    Status, Variant,
};
use proptest::prelude::*;

/// A file under the workspace's `tests/data/`.
pub fn data(name: &str) -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "..", "tests", "data", name]
        .iter()
        .collect()
}

/// Every record of a reader, up to a CSV header that ends the input
/// (an error of kind `InvalidData`); panics on other I/O errors (there are
/// none in memory).
pub fn collect(records: impl Iterator<Item = std::io::Result<Record>>) -> Vec<Record> {
    records
        .map_while(|record| match record {
            Ok(record) => Some(record),
            Err(error) if error.kind() == std::io::ErrorKind::InvalidData => None,
            Err(error) => panic!("reading from memory: {error}"),
        })
        .collect()
}

/// The options that read back a puzzle of `shape` in a boxed format.
pub fn options_for(shape: &Shape) -> ParseOptions {
    ParseOptions {
        variant: shape.variant(),
        boxes: shape.box_shape(),
        ..ParseOptions::default()
    }
}

/// The sizes the round-trip tests cover.
pub const SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

/// Any variant.
pub fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![Just(Variant::Standard), Just(Variant::X)]
}

/// A boxed shape of one of [`SIZES`], sometimes with non-inferred boxes.
pub fn boxed_shape() -> impl Strategy<Value = Shape> {
    let inferred = proptest::sample::select(SIZES.to_vec()).prop_map(|n| Shape::boxed(n).unwrap());
    let explicit = proptest::sample::select(vec![(2, 6), (2, 8), (2, 4), (2, 3), (2, 12)])
        .prop_map(|(h, w)| Shape::with_boxes(BoxShape::new(h, w).unwrap()));
    (prop_oneof![3 => inferred, 1 => explicit], variant()).prop_map(|(s, v)| s.with_variant(v))
}

/// A jigsaw shape of size `1..=25`: N copies of each region id, shuffled,
/// so regions have the right sizes but need not be connected.
pub fn jigsaw_shape() -> impl Strategy<Value = Shape> {
    (
        (1usize..=25).prop_flat_map(|n| {
            let ids: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
            (Just(n), Just(ids).prop_shuffle())
        }),
        variant(),
    )
        .prop_map(|((n, ids), v)| Shape::jigsaw(n, &ids).unwrap().with_variant(v))
}

/// A puzzle of `shape` with random givens (clashes allowed).
pub fn puzzle_of(shape: Shape) -> impl Strategy<Value = Puzzle> {
    let n = shape.size() as u8;
    let cell = prop_oneof![
        1 => Just(None),
        1 => (0..n).prop_map(Digit::new),
    ];
    proptest::collection::vec(cell, shape.cell_count())
        .prop_map(move |cells| Puzzle::new(shape.clone(), cells).unwrap())
}

/// The answer of `engine` to `goal` for `puzzle`, on `solver`.
pub fn ask(solver: &mut Solver, puzzle: &Puzzle, goal: Goal, engine: EngineChoice) -> Answer {
    solver.run(puzzle, &Request::new(goal).with_engine(engine))
}

/// Unique (with the solution), multiple or none, as `engine` finds it.
pub fn verdict(puzzle: &Puzzle, engine: EngineChoice) -> (Status, Option<Grid>) {
    let answer = ask(&mut Solver::new(), puzzle, Goal::Unique, engine);
    (answer.status, answer.solution)
}

/// The count of `engine` up to `limit`: exact to `limit`, `limit+` above.
pub fn count(puzzle: &Puzzle, limit: u64, engine: EngineChoice) -> Count {
    ask(&mut Solver::new(), puzzle, Goal::Count { limit }, engine).count
}
