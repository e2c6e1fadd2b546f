//! [`verify`]: is a grid a solution of a puzzle?

use std::fmt;

use crate::cover::{KING_MOVES, KNIGHT_MOVES, ORTHOGONAL_MOVES, step};
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
    /// The window with this 0-based number (windoku; see
    /// [`Shape::window_of`]).
    Window(usize),
    /// The disjoint group with this 0-based number (see
    /// [`Shape::disjoint_group_of`]).
    Group(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Region(i) => write!(f, "region {}", i + 1),
            Unit::Diagonal => f.write_str("the main diagonal"),
            Unit::AntiDiagonal => f.write_str("the anti-diagonal"),
            Unit::Window(i) => write!(f, "window {}", i + 1),
            Unit::Group(i) => write!(f, "disjoint group {}", i + 1),
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
    /// The grid puts a digit in a cell that a pencilmark puzzle does not
    /// allow there.
    #[error("cell r{}c{} holds {found}, which is not one of its candidates", .row + 1, .column + 1)]
    NotACandidate {
        /// The cell.
        cell: Cell,
        /// Its 0-based row.
        row: usize,
        /// Its 0-based column.
        column: usize,
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
    /// Two cells hold digits that a pair rule of the variant forbids:
    /// the same digit a knight's or king's move apart, or consecutive
    /// digits side by side.
    #[error(
        "r{}c{} holds {digit} and r{}c{} holds {other_digit}, which {rule} forbids",
        .cell.0 + 1, .cell.1 + 1, .other.0 + 1, .other.1 + 1
    )]
    Forbidden {
        /// The rule broken: [`Variant::AntiKnight`], [`Variant::AntiKing`]
        /// or [`Variant::NonConsecutive`].
        rule: Variant,
        /// The first cell in row-major order, as 0-based (row, column).
        cell: (usize, usize),
        /// Its digit.
        digit: Digit,
        /// The other cell, as 0-based (row, column).
        other: (usize, usize),
        /// Its digit.
        other_digit: Digit,
    },
}

/// Checks that `grid` solves `puzzle`.
///
/// The grid must have the puzzle's shape, keep every given, and hold each
/// digit once in every row, column and region, and in the extra units of
/// its [`Variant`] (diagonals, windows, disjoint groups), and break none of
/// its pair rules (anti-knight, anti-king, non-consecutive). A [`Grid`] is
/// complete by construction, and with N cells per unit a digit missing
/// from a unit means another one is repeated, so duplicates are the only
/// unit error.
///
/// # Errors
/// The first problem found, checking shape, givens, rows, columns,
/// regions, diagonals, windows, groups and then the pair rules in
/// [`Variant::RULES`] order, cells in row-major order.
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
        if puzzle.candidates(cell) & (1 << found.index()) == 0 {
            return Err(VerifyError::NotACandidate {
                cell,
                row: cell.row(n),
                column: cell.col(n),
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
    for rule in shape.variant().rules() {
        for (a, b) in forbidding_pairs(n, rule) {
            let (Some(&digit), Some(&other_digit)) = (grid.digits().get(a), grid.digits().get(b))
            else {
                continue;
            };
            let broken = if rule == Variant::NonConsecutive {
                digit.index().abs_diff(other_digit.index()) == 1
            } else {
                digit == other_digit
            };
            if broken {
                return Err(VerifyError::Forbidden {
                    rule,
                    cell: (a / n, a % n),
                    digit,
                    other: (b / n, b % n),
                    other_digit,
                });
            }
        }
    }
    Ok(())
}

/// The pairs of cells (row-major indices, first < second, sorted) that
/// pair rule `rule` constrains; none for the unit rules.
fn forbidding_pairs(n: usize, rule: Variant) -> Vec<(usize, usize)> {
    let moves: &[(isize, isize)] = match rule {
        Variant::AntiKnight => &KNIGHT_MOVES,
        Variant::AntiKing => &KING_MOVES,
        Variant::NonConsecutive => &ORTHOGONAL_MOVES,
        _ => &[],
    };
    let mut pairs: Vec<(usize, usize)> = (0..n * n)
        .flat_map(|a| {
            moves
                .iter()
                .filter_map(move |&(dr, dc)| step(n, a / n, a % n, dr, dc))
                .filter(move |&b| b > a)
                .map(move |b| (a, b))
        })
        .collect();
    pairs.sort_unstable();
    pairs
}

/// Every unit of `shape`: rows, columns, regions, then the diagonals,
/// windows and groups its variant has.
fn units(shape: &Shape) -> impl Iterator<Item = Unit> + use<> {
    let n = shape.size();
    let variant = shape.variant();
    let diagonals: &[Unit] = if variant.contains(Variant::X) {
        &[Unit::Diagonal, Unit::AntiDiagonal]
    } else {
        &[]
    };
    let windows = if variant.contains(Variant::Windoku) {
        shape.window_count()
    } else {
        0
    };
    let groups = if variant.contains(Variant::Disjoint) && shape.geometry().is_some() {
        n
    } else {
        0
    };
    (0..n)
        .map(Unit::Row)
        .chain((0..n).map(Unit::Column))
        .chain((0..n).map(Unit::Region))
        .chain(diagonals.iter().copied())
        .chain((0..windows).map(Unit::Window))
        .chain((0..groups).map(Unit::Group))
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
        Unit::Window(window) => shape.window_of(cell) == Some(window),
        Unit::Group(group) => shape.disjoint_group_of(cell) == Some(group),
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
    fn names_the_unit_or_pair_a_variant_forbids() {
        let four = Shape::boxed(4).unwrap();
        let check = |variant: Variant, text: &str| {
            let shape = four.clone().with_variant(variant);
            verify(&Puzzle::empty(shape.clone()), &grid(&shape, text)).map_err(|e| e.to_string())
        };
        assert_eq!(check(Variant::Windoku, SOLUTION), Ok(()));
        assert_eq!(
            check(Variant::Windoku, "1234341221434321"),
            Err("window 1 holds 1 twice (again at r3c2)".into())
        );
        assert_eq!(check(Variant::Disjoint, SOLUTION), Ok(()));
        assert_eq!(
            check(Variant::Disjoint, "1234432134122143"),
            Err("disjoint group 1 holds 3 twice (again at r3c1)".into())
        );
        assert_eq!(
            check(Variant::AntiKnight, SOLUTION),
            Err("r1c1 holds 1 and r2c3 holds 1, which anti-knight forbids".into())
        );
        assert_eq!(
            check(Variant::AntiKing, SOLUTION),
            Err("r2c1 holds 3 and r3c2 holds 3, which anti-king forbids".into())
        );
        assert_eq!(
            check(Variant::NonConsecutive, SOLUTION),
            Err("r1c1 holds 1 and r1c2 holds 2, which non-consecutive forbids".into())
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
