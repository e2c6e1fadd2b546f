//! Sudoku as exact cover: the matrix of a [`Shape`] and how to read it.
//!
//! For an N×N shape there is one **option** per (cell, digit) — N³ options,
//! 729 for the classic 9×9 — numbered `cell · N + digit` with the cell
//! row-major and the digit 0-based. Each option holds one **item** from every
//! family of N² primary items:
//!
//! | family | items | item number | name |
//! |---|---|---|---|
//! | cell filled | N² | `cell` | `r3c7` |
//! | row has digit | N² | `N² + row · N + digit` | `r3#5` |
//! | column has digit | N² | `2N² + col · N + digit` | `c7#5` |
//! | region has digit | N² | `3N² + region · N + digit` | `b4#5` |
//! | main diagonal has digit (X only) | N | `4N² + digit` | `d#5` |
//! | anti-diagonal has digit (X only) | N | `4N² + N + digit` | `a#5` |
//!
//! 4N² = 324 items for 9×9 (plus 18 for X-Sudoku). Rows, columns and digits
//! are 1-based in names, as in text. An option of a cell on a diagonal of an
//! X-Sudoku holds that diagonal's item too, so options have 4 to 6 items.
//! Regions are the boxes, or the regions of a jigsaw map: the matrix is the
//! same either way. Every item is primary: each cell holds exactly one digit,
//! and each row, column, region (and diagonal) holds each digit exactly once.

use dlx::{ItemId, OptionId, Problem};

use crate::{Cell, Digit, Shape, Variant};

/// The exact-cover problem of `shape`, numbered as described in the
/// [module docs](self).
///
/// ```
/// let problem = sudoku::cover::exact_cover(&sudoku::Shape::boxed(9)?);
/// assert_eq!((problem.option_count(), problem.item_count()), (729, 324));
/// # Ok::<(), sudoku::ShapeError>(())
/// ```
pub fn exact_cover(shape: &Shape) -> Problem {
    let n = shape.size();
    let mut builder = Problem::builder();
    let mut items = Vec::with_capacity(4 * n * n + 2 * n);
    let mut add = |name: String| match builder.primary(name) {
        Ok(item) => items.push(item),
        Err(error) => unreachable!("item names are distinct by construction: {error}"),
    };
    for cell in shape.cells() {
        add(format!("r{}c{}", cell.row(n) + 1, cell.col(n) + 1));
    }
    for prefix in ["r", "c", "b"] {
        for unit in 0..n {
            for digit in digits(n) {
                add(format!("{prefix}{}#{}", unit + 1, digit.to_char()));
            }
        }
    }
    if shape.variant() == Variant::X {
        for prefix in ["d", "a"] {
            for digit in digits(n) {
                add(format!("{prefix}#{}", digit.to_char()));
            }
        }
    }
    let mut entries: Vec<ItemId> = Vec::with_capacity(6);
    for cell in shape.cells() {
        for digit in digits(n) {
            entries.clear();
            entries.extend(option_items(shape, cell, digit).map(|i| items[i]));
            if let Err(error) = builder.option(entries.iter().copied()) {
                unreachable!("Sudoku options are valid by construction: {error}");
            }
        }
    }
    builder.build()
}

/// The item numbers of the option that puts `digit` in `cell`.
pub(crate) fn option_items(shape: &Shape, cell: Cell, digit: Digit) -> impl Iterator<Item = usize> {
    let n = shape.size();
    let (row, col, region, d) = (
        cell.row(n),
        cell.col(n),
        shape.region_of(cell),
        digit.index(),
    );
    let x = shape.variant() == Variant::X;
    let diagonal = (x && shape.on_diagonal(cell)).then_some(4 * n * n + d);
    let anti_diagonal = (x && shape.on_anti_diagonal(cell)).then_some(4 * n * n + n + d);
    [
        cell.index(),
        n * n + row * n + d,
        2 * n * n + col * n + d,
        3 * n * n + region * n + d,
    ]
    .into_iter()
    .chain(diagonal)
    .chain(anti_diagonal)
}

/// The option that puts `digit` in `cell` in a shape of size `n`.
pub fn option(n: usize, cell: Cell, digit: Digit) -> OptionId {
    OptionId::new((cell.index() * n + digit.index()) as u32)
}

/// The cell and digit of an option of a shape of size `n`: the inverse of
/// [`option`]. `None` when no shape of size `n` has that option: `n` is 0 or
/// above [`MAX_SIZE`](crate::MAX_SIZE), or the option is not below N³.
///
/// ```
/// use sudoku::cover::placement;
/// use dlx::OptionId;
///
/// let (cell, digit) = placement(9, OptionId::new(24 * 9 + 4)).unwrap();
/// assert_eq!((cell.index(), digit.to_char()), (24, '5'));
/// assert_eq!(placement(9, OptionId::new(729)), None);
/// assert_eq!(placement(0, OptionId::new(0)), None);
/// ```
pub fn placement(n: usize, option: OptionId) -> Option<(Cell, Digit)> {
    if n == 0 || n > crate::MAX_SIZE || option.index() >= n * n * n {
        return None;
    }
    let (cell, digit) = (option.index() / n, option.index() % n);
    Some((Cell::new(cell)?, Digit::new(u8::try_from(digit).ok()?)?))
}

/// The (cell index, digit) of each of a solution's `options`, for
/// [`Grid::solved`](crate::Grid::solved). The options come from a matrix of
/// size `n`, so every one has a placement.
pub(crate) fn placements(
    n: usize,
    options: impl Iterator<Item = OptionId>,
) -> impl Iterator<Item = (usize, Digit)> {
    options.filter_map(move |option| {
        let placement = placement(n, option);
        debug_assert!(placement.is_some(), "option {option} of size {n}");
        placement.map(|(cell, digit)| (cell.index(), digit))
    })
}

/// The digits `0..n`.
fn digits(n: usize) -> impl Iterator<Item = Digit> {
    (0..n as u8).filter_map(Digit::new)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoxShape;

    #[test]
    fn sizes_of_the_matrix() {
        for (shape, options, items, entries) in [
            (Shape::boxed(9).unwrap(), 729, 324, 2916),
            (Shape::boxed(4).unwrap(), 64, 64, 256),
            (Shape::boxed(16).unwrap(), 4096, 1024, 16384),
            (
                Shape::boxed(9).unwrap().with_variant(Variant::X),
                729,
                342,
                2916 + 2 * 81,
            ),
        ] {
            let problem = exact_cover(&shape);
            assert_eq!(problem.option_count(), options);
            assert_eq!(problem.item_count(), items);
            assert_eq!(problem.primary_count(), items);
            assert_eq!(problem.entry_count(), entries);
        }
    }

    #[test]
    fn items_are_numbered_as_documented() {
        let shape = Shape::with_boxes(BoxShape::CLASSIC);
        let problem = exact_cover(&shape);
        // r3c7 = 5: cell 2·9+6 = 24, box of row 3 col 7 is the third (index 2).
        let cell = shape.cell(2, 6).unwrap();
        let digit = Digit::from_char('5').unwrap();
        let option = option(9, cell, digit);
        assert_eq!(option.index(), 24 * 9 + 4);
        let names: Vec<&str> = problem
            .option(option)
            .iter()
            .map(|entry| problem.item_name(entry.item))
            .collect();
        assert_eq!(names, ["r3c7", "r3#5", "c7#5", "b3#5"]);
        let numbers: Vec<usize> = problem
            .option(option)
            .iter()
            .map(|e| e.item.index())
            .collect();
        assert_eq!(
            numbers,
            [24, 81 + 2 * 9 + 4, 162 + 6 * 9 + 4, 243 + 2 * 9 + 4]
        );
        assert_eq!(placement(9, option), Some((cell, digit)));
    }

    #[test]
    fn diagonal_cells_hold_the_diagonal_items() {
        let shape = Shape::boxed(9).unwrap().with_variant(Variant::X);
        let problem = exact_cover(&shape);
        let centre = option(9, shape.cell(4, 4).unwrap(), Digit::new(0).unwrap());
        let names: Vec<&str> = problem
            .option(centre)
            .iter()
            .map(|entry| problem.item_name(entry.item))
            .collect();
        assert_eq!(names, ["r5c5", "r5#1", "c5#1", "b5#1", "d#1", "a#1"]);
    }
}
