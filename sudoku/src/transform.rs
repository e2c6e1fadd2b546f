//! Random transformations that keep a puzzle's solutions, up to the same
//! transformation: the sample space of the [difficulty measure](crate::rate).
//!
//! A transformation moves the cell at (row, column) to
//! (`rows[row]`, `cols[column]`), then transposes when `transpose` is set,
//! and renames every digit `d` to `digits[d]`. Which ones are drawn depends
//! on the shape, so that the result is a puzzle of the same kind:
//!
//! | shape | rows and columns | transpose |
//! |---|---|---|
//! | boxed, standard | any order of the bands and of the rows within each band; the same for stacks and columns | when the boxes are square |
//! | X-Sudoku, or jigsaw | each reversed or not (so the eight symmetries of the square with transposition) | boxed with non-square boxes: never |
//!
//! Every shape gets a random relabeling of its digits, except that a
//! non-consecutive puzzle only keeps its digits or reverses them (`d` to
//! `N − 1 − d`), the relabelings that keep consecutive digits consecutive.
//! Reversing rows or columns swaps the two diagonals of an X-Sudoku, which
//! both carry the same constraint, and keeps boxes as boxes and disjoint
//! groups as groups; it keeps windoku's windows as windows only where they
//! sit symmetrically (9×9, 16×16, but not 6×6), so elsewhere that side is
//! not reversed. Knight, king and orthogonal moves are the same after any
//! of these. Transposing needs square windows and groups as well as
//! square boxes. A jigsaw map moves with its cells, so a transformed jigsaw
//! puzzle has a transformed shape.

use crate::{Cell, Digit, Puzzle, Shape, Variant};
use dance_dlx::SplitMix64;

/// A transformation drawn for one shape; see the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Transform {
    /// The shape the transformation applies to.
    from: Shape,
    /// The shape of the transformed puzzles.
    to: Shape,
    rows: Vec<usize>,
    cols: Vec<usize>,
    transpose: bool,
    digits: Vec<Digit>,
}

impl Transform {
    /// A random transformation of puzzles of `shape`, drawn from `rng`.
    pub(crate) fn random(shape: &Shape, rng: &mut SplitMix64) -> Transform {
        let n = shape.size();
        let variant = shape.variant();
        let mut digits: Vec<Digit> = rng
            .permutation(n)
            .into_iter()
            .filter_map(|d| Digit::new(d as u8))
            .collect();
        if variant.contains(Variant::NonConsecutive) {
            digits.sort_unstable();
            if rng.coin() {
                digits.reverse();
            }
        }
        let boxes = shape.box_shape();
        let square_units = !(variant.contains(Variant::Windoku)
            || variant.contains(Variant::Disjoint))
            || shape.geometry().is_none_or(|g| g.height() == g.width());
        let (rows, cols, transpose) = match boxes {
            Some(boxes) if shape.variant() == Variant::Standard => (
                blocks(n, boxes.height(), rng),
                blocks(n, boxes.width(), rng),
                boxes.height() == boxes.width() && rng.coin(),
            ),
            _ => (
                reversed_or_not(n, rng),
                reversed_or_not(n, rng),
                boxes.is_none_or(|b| b.height() == b.width()) && square_units && rng.coin(),
            ),
        };
        let windoku = variant.contains(Variant::Windoku);
        let (rows, cols) = (
            if windoku && !windows_symmetric(shape, true) {
                (0..n).collect()
            } else {
                rows
            },
            if windoku && !windows_symmetric(shape, false) {
                (0..n).collect()
            } else {
                cols
            },
        );
        let mut transform = Transform {
            from: shape.clone(),
            to: shape.clone(),
            rows,
            cols,
            transpose,
            digits,
        };
        if shape.is_jigsaw() {
            let mut regions = vec![0u8; shape.cell_count()];
            for (cell, &region) in shape.cells().zip(shape.regions()) {
                regions[transform.cell(cell).index()] = region;
            }
            transform.to = match Shape::jigsaw(n, &regions) {
                Ok(moved) => moved.with_variant(shape.variant()),
                Err(error) => unreachable!("a moved partition is a partition: {error}"),
            };
        }
        transform
    }

    /// The transformed puzzle.
    ///
    /// # Panics
    /// When the puzzle is not of the shape the transformation was drawn for.
    pub(crate) fn puzzle(&self, puzzle: &Puzzle) -> Puzzle {
        assert_eq!(
            puzzle.shape(),
            &self.from,
            "a transformation of another shape"
        );
        let moved = if puzzle.is_pencilmark() {
            let mut candidates = vec![0; puzzle.cells().len()];
            for cell in self.from.cells() {
                let allowed = puzzle.candidates(cell);
                candidates[self.cell(cell).index()] = self
                    .digits
                    .iter()
                    .enumerate()
                    .filter(|(d, _)| allowed & (1 << d) != 0)
                    .fold(0, |mask, (_, to)| mask | 1 << to.index());
            }
            Puzzle::with_candidates(self.to.clone(), candidates)
        } else {
            let mut cells = vec![None; puzzle.cells().len()];
            for (cell, digit) in puzzle.givens() {
                cells[self.cell(cell).index()] = Some(self.digits[digit.index()]);
            }
            Puzzle::new(self.to.clone(), cells)
        };
        match moved {
            Ok(moved) => moved,
            Err(error) => unreachable!("digits are renamed within 0..N: {error}"),
        }
    }

    /// The transformed grid; see [`puzzle`](Self::puzzle).
    #[cfg(test)]
    pub(crate) fn grid(&self, grid: &crate::Grid) -> crate::Grid {
        assert_eq!(
            grid.shape(),
            &self.from,
            "a transformation of another shape"
        );
        let mut digits = grid.digits().to_vec();
        for (cell, &digit) in self.from.cells().zip(grid.digits()) {
            digits[self.cell(cell).index()] = self.digits[digit.index()];
        }
        crate::Grid::from_solver(self.to.clone(), digits)
    }

    /// Where `cell` goes.
    fn cell(&self, cell: Cell) -> Cell {
        let n = self.from.size();
        let (row, col) = (self.rows[cell.row(n)], self.cols[cell.col(n)]);
        let (row, col) = if self.transpose {
            (col, row)
        } else {
            (row, col)
        };
        match Cell::at(row, col, n) {
            Some(moved) => moved,
            None => unreachable!("rows and columns are permutations of 0..N"),
        }
    }
}

/// A random order of `0..n` that keeps blocks of `size` together: the
/// blocks in a random order, and the members of each in a random order.
fn blocks(n: usize, size: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let order = rng.permutation(n / size);
    let mut places = vec![0; n];
    for (block, &to) in order.iter().enumerate() {
        let within = rng.permutation(size);
        for (member, &offset) in within.iter().enumerate() {
            places[block * size + member] = to * size + offset;
        }
    }
    places
}

/// Whether reversing the rows (`rows`) or the columns of `shape` maps the
/// cells in windows onto cells in windows; since windows are apart, it then
/// maps every window onto a window.
fn windows_symmetric(shape: &Shape, rows: bool) -> bool {
    let n = shape.size();
    shape.cells().all(|cell| {
        let (row, col) = (cell.row(n), cell.col(n));
        let mirror = if rows {
            shape.cell(n - 1 - row, col)
        } else {
            shape.cell(row, n - 1 - col)
        };
        mirror.is_some_and(|m| shape.window_of(m).is_some() == shape.window_of(cell).is_some())
    })
}

/// `0..n` in order or reversed, at random.
fn reversed_or_not(n: usize, rng: &mut SplitMix64) -> Vec<usize> {
    if rng.coin() {
        (0..n).rev().collect()
    } else {
        (0..n).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoxShape, Goal, Request, Solver, Status, jigsaw};

    /// A unique puzzle of each kind of shape the transformations treat
    /// differently, with its solution.
    fn unique_puzzles() -> Vec<Puzzle> {
        let puzzles = [
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        ];
        let mut all: Vec<Puzzle> = puzzles.iter().map(|p| p.parse().unwrap()).collect();
        // A full grid, emptied in a few cells, for the other shapes.
        let mut solver = Solver::new();
        let jigsaw = |n, variant| {
            (0..)
                .map(|seed| jigsaw::random_shape(n, seed).unwrap().with_variant(variant))
                .find(|shape| Solver::new().solve(&Puzzle::empty(shape.clone())).is_some())
                .unwrap()
        };
        for shape in [
            Shape::with_boxes(BoxShape::new(2, 3).unwrap()),
            Shape::boxed(9).unwrap().with_variant(Variant::X),
            Shape::with_boxes(BoxShape::new(2, 4).unwrap()).with_variant(Variant::X),
            jigsaw(7, Variant::Standard),
            jigsaw(6, Variant::X),
            Shape::boxed(9)
                .unwrap()
                .with_variant(Variant::Windoku | Variant::AntiKing),
            Shape::boxed(6)
                .unwrap()
                .with_variant(Variant::NonConsecutive),
            Shape::boxed(6).unwrap().with_variant(Variant::AntiKnight),
            Shape::with_boxes(BoxShape::new(2, 3).unwrap())
                .with_variant(Variant::Windoku | Variant::Disjoint),
        ] {
            let grid = solver.solve(&Puzzle::empty(shape.clone())).unwrap();
            let mut cells: Vec<Option<Digit>> = grid.digits().iter().map(|&d| Some(d)).collect();
            for cell in (0..cells.len()).step_by(3) {
                cells[cell] = None;
            }
            all.push(Puzzle::new(shape, cells).unwrap());
        }
        all
    }

    #[test]
    fn solutions_move_with_the_puzzle() {
        let mut solver = Solver::new();
        let mut rng = SplitMix64::new(11);
        for puzzle in unique_puzzles() {
            let count = solver.count(&puzzle, 100);
            let solution = solver.solve(&puzzle).unwrap();
            for _ in 0..6 {
                let transform = Transform::random(puzzle.shape(), &mut rng);
                let moved = transform.puzzle(&puzzle);
                assert_eq!(moved.given_count(), puzzle.given_count());
                assert_eq!(solver.count(&moved, 100), count, "{puzzle}");
                let moved_solution = transform.grid(&solution);
                crate::verify(&moved, &moved_solution).unwrap();
                if count.solutions == 1 {
                    let answer = solver.run(&moved, &Request::new(Goal::Unique));
                    assert_eq!(answer.status, Status::Unique);
                    assert_eq!(answer.solution, Some(moved_solution));
                }
            }
        }
    }

    #[test]
    fn boxed_shapes_stay_and_jigsaw_maps_move() {
        let mut rng = SplitMix64::new(2);
        let boxed = Shape::boxed(12).unwrap();
        let transform = Transform::random(&boxed, &mut rng);
        assert_eq!(transform.to, boxed);
        let map = jigsaw::random_shape(9, 4).unwrap();
        let moved: Vec<Shape> = (0..8)
            .map(|_| Transform::random(&map, &mut rng).to)
            .collect();
        assert!(moved.iter().all(jigsaw::is_connected));
        assert!(moved.iter().any(|shape| *shape != map));
    }

    #[test]
    fn block_orders_keep_blocks_together() {
        let mut rng = SplitMix64::new(9);
        for _ in 0..20 {
            let places = blocks(12, 3, &mut rng);
            let mut sorted = places.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..12).collect::<Vec<_>>());
            for block in places.chunks(3) {
                assert!(block.iter().all(|&p| p / 3 == block[0] / 3), "{places:?}");
            }
        }
    }
}
