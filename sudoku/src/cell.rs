//! The [`Cell`] newtype: a position in row-major order.

use std::fmt;

use crate::MAX_SIZE;

/// A cell of an N×N grid, numbered row-major: `row * N + col`.
///
/// The index lies in `0..N²`, at most `0..625` for 25×25, which is why a
/// `u16` holds it. A `Cell` does not know N, so [`Cell::row`] and
/// [`Cell::col`] take the size; [`Shape::cell`](crate::Shape::cell) builds one
/// from a row and a column. `Display` shows the index as `#25`.
///
/// ```
/// use dance_sudoku::Cell;
///
/// let cell = Cell::at(2, 7, 9).unwrap();
/// assert_eq!((cell.index(), cell.row(9), cell.col(9)), (25, 2, 7));
/// assert_eq!(cell.to_string(), "#25");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u16);

impl Cell {
    /// The cell with row-major `index`, or `None` when `index` is not below
    /// 625 (the cell count of the largest supported grid).
    pub const fn new(index: usize) -> Option<Cell> {
        if index < MAX_SIZE * MAX_SIZE {
            Some(Cell(index as u16))
        } else {
            None
        }
    }

    /// The cell at 0-based `row` and `col` of a `size`×`size` grid, or `None`
    /// when either is not below `size` or `size` is above 25.
    pub const fn at(row: usize, col: usize, size: usize) -> Option<Cell> {
        if row < size && col < size && size <= MAX_SIZE {
            Cell::new(row * size + col)
        } else {
            None
        }
    }

    /// The row-major index, `0..N²`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 0-based row in a `size`×`size` grid (a size of 0 counts as 1).
    pub const fn row(self, size: usize) -> usize {
        self.index() / if size == 0 { 1 } else { size }
    }

    /// The 0-based column in a `size`×`size` grid (a size of 0 counts as 1).
    pub const fn col(self, size: usize) -> usize {
        self.index() % if size == 0 { 1 } else { size }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_and_col_invert_at_for_every_size() {
        for size in 1..=MAX_SIZE {
            for row in 0..size {
                for col in 0..size {
                    let cell = Cell::at(row, col, size).unwrap();
                    assert_eq!(cell.index(), row * size + col);
                    assert_eq!((cell.row(size), cell.col(size)), (row, col));
                }
            }
            assert_eq!(Cell::at(size, 0, size), None);
            assert_eq!(Cell::at(0, size, size), None);
        }
    }

    #[test]
    fn range_is_checked() {
        assert_eq!(Cell::new(624).map(Cell::index), Some(624));
        assert_eq!(Cell::new(625), None);
        assert_eq!(Cell::at(0, 0, 26), None);
        assert_eq!(Cell::new(7).unwrap().row(0), 7);
        assert_eq!(Cell::new(7).unwrap().col(0), 0);
    }
}
