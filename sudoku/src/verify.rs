//! [`verify`]: is a grid a solution of a puzzle?

use std::fmt;

use crate::{Cell, Digit, Grid, Puzzle, Shape, Variant};

/// A unit: a set of N cells that must hold every digit once.
///
/// Indices are 0-based; `Display` shows them 1-based (`row 1` is the top
/// row), as the text formats do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// The row with this 0-based index.
    Row(usize),
    /// The column with this 0-based index.
    Column(usize),
    /// The region with this 0-based id (see [`Shape::region_of`]).
    Region(usize),
    /// The main diagonal, top left to bottom right (X-Sudoku).
    Diagonal,
    /// The anti-diagonal, top right to bottom left (X-Sudoku).
    AntiDiagonal,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Region(i) => write!(f, "region {}", i + 1),
            Unit::Diagonal => f.write_str("the main diagonal"),
            Unit::AntiDiagonal => f.write_str("the anti-diagonal"),
        }
    }
}

/// Why a grid is not a solution of a puzzle.
///
/// Rows and columns are 0-based in the fields and 1-based in the message.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// The grid and the puzzle have different shapes.
    #[error("the grid's shape differs from the puzzle's")]
    ShapeMismatch,
    /// The grid changes a given.
    #[error("cell r{}c{} holds {found} but the puzzle gives {given}", .row + 1, .column + 1)]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// Its 0-based row.
        row: usize,
        /// Its 0-based column.
        column: usize,
        /// The puzzle's digit.
        given: Digit,
        /// The grid's digit.
        found: Digit,
    },
    /// A unit holds a digit twice.
    #[error("{unit} holds {digit} twice (again at r{}c{})", .row + 1, .column + 1)]
    Duplicate {
        /// The unit.
        unit: Unit,
        /// The repeated digit.
        digit: Digit,
        /// The second cell (in row-major order) holding it.
        cell: Cell,
        /// Its 0-based row.
        row: usize,
        /// Its 0-based column.
        column: usize,
    },
}

/// Checks that `grid` solves `puzzle`.
///
/// The grid must have the puzzle's shape, keep every given, and hold each
/// digit once in every row, column and region, and on both diagonals for
/// [`Variant::X`]. A [`Grid`] is complete by construction, and with N cells
/// per unit a digit missing from a unit means another one is repeated, so
/// duplicates are the only unit error.
///
/// # Errors
/// The first problem found, checking shape, givens, rows, columns, regions
/// and diagonals in that order.
pub fn verify(puzzle: &Puzzle, grid: &Grid) -> Result<(), VerifyError> {
    let shape = puzzle.shape();
    if shape != grid.shape() {
        return Err(VerifyError::ShapeMismatch);
    }
    let n = shape.size();
    for ((cell, &given), &found) in shape.cells().zip(puzzle.cells()).zip(grid.digits()) {
        if let Some(given) = given.filter(|&g| g != found) {
            return Err(VerifyError::GivenChanged {
                cell,
                row: cell.row(n),
                column: cell.col(n),
                given,
                found,
            });
        }
    }
    for unit in units(shape) {
        let mut seen = 0u32;
        for cell in shape.cells().filter(|&c| in_unit(shape, unit, c)) {
            let Some(digit) = grid.get(cell) else {
                continue;
            };
            let bit = 1u32 << digit.index();
            if seen & bit != 0 {
                return Err(VerifyError::Duplicate {
                    unit,
                    digit,
                    cell,
                    row: cell.row(n),
                    column: cell.col(n),
                });
            }
            seen |= bit;
        }
    }
    Ok(())
}

/// Every unit of `shape`: rows, columns, regions, then diagonals for X.
fn units(shape: &Shape) -> impl Iterator<Item = Unit> + use<> {
    let n = shape.size();
    let diagonals: &[Unit] = match shape.variant() {
        Variant::Standard => &[],
        Variant::X => &[Unit::Diagonal, Unit::AntiDiagonal],
    };
    (0..n)
        .map(Unit::Row)
        .chain((0..n).map(Unit::Column))
        .chain((0..n).map(Unit::Region))
        .chain(diagonals.iter().copied())
}

fn in_unit(shape: &Shape, unit: Unit, cell: Cell) -> bool {
    let n = shape.size();
    match unit {
        Unit::Row(row) => cell.row(n) == row,
        Unit::Column(col) => cell.col(n) == col,
        Unit::Region(region) => {
            shape.regions().get(cell.index()).map(|&r| r as usize) == Some(region)
        }
        Unit::Diagonal => shape.on_diagonal(cell),
        Unit::AntiDiagonal => shape.on_anti_diagonal(cell),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A valid 4×4 solution, also an X-Sudoku solution.
    const SOLUTION: &str = "1234341243212143";

    fn grid(shape: &Shape, text: &str) -> Grid {
        let digits = text.chars().map(|c| Digit::from_char(c).unwrap()).collect();
        Grid::new(shape.clone(), digits).unwrap()
    }

    #[test]
    fn accepts_a_solution() {
        let shape = Shape::boxed(4).unwrap().with_variant(Variant::X);
        let solution = grid(&shape, SOLUTION);
        assert_eq!(verify(&Puzzle::from(solution.clone()), &solution), Ok(()));
        assert_eq!(verify(&Puzzle::empty(shape), &solution), Ok(()));
    }

    #[test]
    fn names_the_changed_given() {
        let shape = Shape::boxed(4).unwrap();
        let puzzle = Puzzle::from(grid(&shape, "1234341243212134"));
        let err = verify(&puzzle, &grid(&shape, SOLUTION)).unwrap_err();
        assert_eq!(err.to_string(), "cell r4c3 holds 4 but the puzzle gives 3");
    }

    #[test]
    fn names_the_unit_with_a_duplicate() {
        let shape = Shape::boxed(4).unwrap();
        let empty = Puzzle::empty(shape.clone());
        let cases = [
            ("1234341243212144", "row 4 holds 4 twice (again at r4c4)"),
            ("1234341243212134", "column 3 holds 3 twice (again at r4c3)"),
            ("1234123412341234", "column 1 holds 1 twice (again at r2c1)"),
            ("1234234134124123", "region 1 holds 2 twice (again at r2c1)"),
        ];
        for (text, message) in cases {
            let err = verify(&empty, &grid(&shape, text)).unwrap_err();
            assert_eq!(err.to_string(), message, "{text}");
        }
        let standard_only = "1234341221434321";
        assert_eq!(verify(&empty, &grid(&shape, standard_only)), Ok(()));
        let x = Puzzle::empty(shape.with_variant(Variant::X));
        assert_eq!(
            verify(&x, &grid(x.shape(), standard_only))
                .unwrap_err()
                .to_string(),
            "the main diagonal holds 4 twice (again at r3c3)"
        );
        let rows_as_regions: Vec<u8> = (0..25).map(|i| i / 5).collect();
        let latin = Shape::jigsaw(5, &rows_as_regions)
            .unwrap()
            .with_variant(Variant::X);
        assert_eq!(
            verify(
                &Puzzle::empty(latin.clone()),
                &grid(&latin, "1234523451345124512351234")
            )
            .unwrap_err()
            .to_string(),
            "the anti-diagonal holds 5 twice (again at r2c4)"
        );
    }

    #[test]
    fn rejects_a_shape_mismatch() {
        let shape = Shape::boxed(4).unwrap();
        let solution = grid(&shape, SOLUTION);
        let x = Puzzle::empty(shape.with_variant(Variant::X));
        assert_eq!(verify(&x, &solution), Err(VerifyError::ShapeMismatch));
    }
}
