//! [`Puzzle`] (a shape plus givens) and [`Grid`] (a completed board).

use crate::values::Values;
use crate::{Cell, Digit, Shape};

/// Why a [`Puzzle`] or [`Grid`] could not be built.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    /// The number of cells given is not N².
    #[error("expected {expected} cells, found {found}")]
    CellCount {
        /// Cells given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A digit is not below N.
    #[error("digit {digit} in cell {cell} is out of range for size {size}")]
    DigitOutOfRange {
        /// Where the digit is.
        cell: Cell,
        /// The digit.
        digit: Digit,
        /// N.
        size: usize,
    },
    /// A [`Grid`] was read from text with a blank cell.
    #[error("cell {cell} is blank; a grid has a digit in every cell")]
    BlankInGrid {
        /// The first blank cell.
        cell: Cell,
    },
    /// A candidate mask has a digit not below N.
    #[error("cell {cell} has a candidate out of range for size {size}")]
    CandidateOutOfRange {
        /// The first such cell.
        cell: Cell,
        /// N.
        size: usize,
    },
}

/// A puzzle: a [`Shape`] and the given digit, if any, of every cell —
/// or, for a pencilmark (Sukaku) puzzle, the candidates of every cell.
///
/// Construction checks that there is one entry per cell and that every given
/// is below N. Givens that clash with each other are accepted: such a
/// puzzle simply has no solution, which is for a solver to say.
///
/// A pencilmark puzzle ([`Puzzle::with_candidates`]) allows each cell only
/// the digits of its candidate mask; a cell with exactly one candidate is a
/// given, so [`Puzzle::cells`] and [`Puzzle::givens`] see it as one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    shape: Shape,
    cells: Values<Option<Digit>>,
    /// Bit `d` of entry `i` set when cell `i` may hold digit `d`; `None`
    /// for a puzzle of givens only.
    candidates: Option<Vec<u32>>,
}

impl Puzzle {
    /// A puzzle with `cells[i]` given in cell `i`.
    ///
    /// # Errors
    /// [`PuzzleError::CellCount`] unless there are N² entries,
    /// [`PuzzleError::DigitOutOfRange`] for the first digit not below N.
    pub fn new(shape: Shape, cells: Vec<Option<Digit>>) -> Result<Puzzle, PuzzleError> {
        check(&shape, cells.iter().copied())?;
        Ok(Puzzle {
            shape,
            cells: Values::from_vec(cells),
            candidates: None,
        })
    }

    /// A puzzle from a reader that has made [`Puzzle::new`]'s checks as it
    /// decoded the cells (one entry per cell of `shape`, every digit below
    /// N), so that they are not paid twice per record.
    pub(crate) fn from_checked(shape: Shape, cells: Values<Option<Digit>>) -> Puzzle {
        debug_assert_eq!(check(&shape, cells.iter().copied()), Ok(()));
        Puzzle {
            shape,
            cells,
            candidates: None,
        }
    }

    /// A pencilmark puzzle: cell `i` may hold digit `d` when bit `d` of
    /// `candidates[i]` is set. A cell with one candidate is a given; a cell
    /// with none makes a puzzle without solution.
    ///
    /// When every cell has either one candidate or all N, the marks say no
    /// more than givens do, and the result is the plain puzzle of those
    /// givens ([`is_pencilmark`](Self::is_pencilmark) is `false`): the same
    /// value, searched by the same engine and rated the same, whichever
    /// format it was written in.
    ///
    /// ```
    /// use dance_sudoku::{Puzzle, Shape, Solver};
    ///
    /// // A 4x4 puzzle whose first cell may only hold 3 or 4, the rest open.
    /// let mut candidates = vec![0b1111; 16];
    /// candidates[0] = 0b1100;
    /// let puzzle = Puzzle::with_candidates(Shape::boxed(4)?, candidates)?;
    /// assert_eq!(puzzle.candidates(dance_sudoku::Cell::new(0).unwrap()), 0b1100);
    /// assert_eq!(Solver::new().count(&puzzle, 1000).solutions, 144);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::CellCount`] unless there are N² masks,
    /// [`PuzzleError::CandidateOutOfRange`] for the first mask with a bit
    /// at or above N.
    pub fn with_candidates(shape: Shape, candidates: Vec<u32>) -> Result<Puzzle, PuzzleError> {
        if candidates.len() != shape.cell_count() {
            return Err(PuzzleError::CellCount {
                found: candidates.len(),
                expected: shape.cell_count(),
            });
        }
        let n = shape.size();
        let full = full_mask(n);
        if let Some((cell, _)) = shape
            .cells()
            .zip(&candidates)
            .find(|(_, mask)| **mask & !full != 0)
        {
            return Err(PuzzleError::CandidateOutOfRange { cell, size: n });
        }
        let cells = candidates
            .iter()
            .map(|&mask| {
                (mask.count_ones() == 1)
                    .then(|| Digit::new(mask.trailing_zeros() as u8))
                    .flatten()
            })
            .collect();
        let plain = candidates
            .iter()
            .all(|&mask| mask == full || mask.count_ones() == 1);
        Ok(Puzzle {
            shape,
            cells,
            candidates: (!plain).then_some(candidates),
        })
    }

    /// A puzzle with no givens.
    pub fn empty(shape: Shape) -> Puzzle {
        let cells = Values::filled(None, shape.cell_count());
        Puzzle {
            shape,
            cells,
            candidates: None,
        }
    }

    /// Whether the puzzle was given as candidates ([`Puzzle::with_candidates`]).
    pub fn is_pencilmark(&self) -> bool {
        self.candidates.is_some()
    }

    /// The digits `cell` may hold, as a mask (bit `d` for digit `d`): its
    /// candidates for a pencilmark puzzle, else its given alone or every
    /// digit for a blank. 0 for a cell outside the grid.
    pub fn candidates(&self, cell: Cell) -> u32 {
        let Some(&entry) = self.cells.get(cell.index()) else {
            return 0;
        };
        match (&self.candidates, entry) {
            (Some(masks), _) => masks[cell.index()],
            (None, Some(digit)) => 1 << digit.index(),
            (None, None) => full_mask(self.shape.size()),
        }
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The given in `cell`, or `None` for a blank (or a cell outside the grid).
    pub fn given(&self, cell: Cell) -> Option<Digit> {
        self.cells.get(cell.index()).copied().flatten()
    }

    /// Every cell's entry in row-major order.
    pub fn cells(&self) -> &[Option<Digit>] {
        &self.cells
    }

    /// The givens in row-major order.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.shape
            .cells()
            .zip(self.cells.iter())
            .filter_map(|(cell, digit)| digit.map(|d| (cell, d)))
    }

    /// How many cells are given.
    pub fn given_count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// The completed grid when every cell is given, else `None`.
    ///
    /// The givens are not checked against each other; see
    /// [`verify`](crate::verify).
    pub fn to_grid(&self) -> Option<Grid> {
        let digits = self
            .cells
            .iter()
            .copied()
            .collect::<Option<Values<Digit>>>()?;
        Some(Grid {
            shape: self.shape.clone(),
            digits,
        })
    }
}

impl From<Grid> for Puzzle {
    fn from(grid: Grid) -> Puzzle {
        Puzzle {
            cells: grid.digits.iter().copied().map(Some).collect(),
            shape: grid.shape,
            candidates: None,
        }
    }
}

/// The mask of every digit of size `n`.
fn full_mask(n: usize) -> u32 {
    (1u32 << n) - 1
}

/// A completed board: a [`Shape`] and a digit in every cell.
///
/// A grid need not be a valid solution; [`verify`](crate::verify) checks it
/// against a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    digits: Values<Digit>,
}

impl Grid {
    /// A grid with `digits[i]` in cell `i`.
    ///
    /// # Errors
    /// As for [`Puzzle::new`].
    pub fn new(shape: Shape, digits: Vec<Digit>) -> Result<Grid, PuzzleError> {
        check(&shape, digits.iter().map(|&d| Some(d)))?;
        Ok(Grid {
            shape,
            digits: Values::from_vec(digits),
        })
    }

    /// A grid from a solver that only places digits below N in every cell,
    /// so the checks of [`Grid::new`] would be wasted work.
    pub(crate) fn from_solver(shape: Shape, digits: impl Into<Values<Digit>>) -> Grid {
        Grid {
            shape,
            digits: digits.into(),
        }
    }

    /// The grid a solver found for `puzzle`: its givens, overwritten by the
    /// `(cell index, digit)` placements of the search, which cover every
    /// blank cell.
    pub(crate) fn solved(
        puzzle: &Puzzle,
        placements: impl IntoIterator<Item = (usize, Digit)>,
    ) -> Grid {
        let blank = Digit::new(0).unwrap_or_else(|| unreachable!("0 is a digit"));
        let mut digits: Values<Digit> = puzzle
            .cells()
            .iter()
            .map(|given| given.unwrap_or(blank))
            .collect();
        for (cell, digit) in placements {
            digits[cell] = digit;
        }
        Grid::from_solver(puzzle.shape().clone(), digits)
    }

    /// The shape.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// The digit in `cell`, or `None` for a cell outside the grid.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.digits.get(cell.index()).copied()
    }

    /// Every cell's digit in row-major order.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }
}

/// Checks the entry count and digit range shared by puzzles and grids.
fn check(
    shape: &Shape,
    entries: impl ExactSizeIterator<Item = Option<Digit>> + Clone,
) -> Result<(), PuzzleError> {
    if entries.len() != shape.cell_count() {
        return Err(PuzzleError::CellCount {
            found: entries.len(),
            expected: shape.cell_count(),
        });
    }
    let size = shape.size();
    // Readers build a puzzle per record: the largest digit is found in a
    // loop without early exits, which compiles to a few instructions per
    // cell, and the cell of a digit out of range is looked for only when
    // there is one.
    let top = entries
        .clone()
        .fold(0, |top, entry| top.max(entry.map_or(0, Digit::number)));
    if usize::from(top) <= size {
        return Ok(());
    }
    let bad = shape
        .cells()
        .zip(entries)
        .find_map(|(cell, entry)| entry.filter(|d| d.index() >= size).map(|d| (cell, d)));
    match bad {
        Some((cell, digit)) => Err(PuzzleError::DigitOutOfRange { cell, digit, size }),
        None => Ok(()),
    }
}

impl std::str::FromStr for Grid {
    type Err = crate::format::ParseError;

    /// Parses a grid in the line format — what `Display` prints: N² digits
    /// (and a region map for jigsaw), read as a [`Puzzle`] with default
    /// [`ParseOptions`](crate::format::ParseOptions), with no blank cell.
    ///
    /// ```
    /// let grid: dance_sudoku::Grid = "1234341221434321".parse()?;
    /// assert_eq!(grid.to_string(), "1234341221434321");
    /// let blank = "12343412214343.1".parse::<dance_sudoku::Grid>().unwrap_err();
    /// assert_eq!(blank.to_string(), "1:15: cell #14 is blank; a grid has a digit in every cell");
    /// # Ok::<(), dance_sudoku::format::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Grid, crate::format::ParseError> {
        let puzzle: Puzzle = text.parse()?;
        let blank = puzzle.cells().iter().position(Option::is_none);
        match blank.and_then(Cell::new) {
            Some(cell) => {
                // The line's cells start after its leading whitespace, one
                // character each.
                let lead = text.chars().take_while(|c| c.is_whitespace()).count();
                let column = lead + cell.index() + 1;
                Err(crate::format::ParseError::new(
                    1,
                    column,
                    PuzzleError::BlankInGrid { cell },
                ))
            }
            None => {
                let digits: Values<Digit> = puzzle.cells().iter().flatten().copied().collect();
                Ok(Grid::from_solver(puzzle.shape().clone(), digits))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(number: u8) -> Digit {
        Digit::from_number(number).unwrap()
    }

    #[test]
    fn marks_that_say_no_more_than_givens_make_the_plain_puzzle() {
        let shape = Shape::boxed(4).unwrap();
        let plain: Puzzle = "1......2.3....4.".parse().unwrap();
        let masks = shape.cells().map(|cell| plain.candidates(cell)).collect();
        let marked = Puzzle::with_candidates(shape.clone(), masks).unwrap();
        assert!(!marked.is_pencilmark());
        assert_eq!(marked, plain);
        // One cell narrowed to two digits is more than a given says.
        let mut masks: Vec<u32> = shape.cells().map(|cell| plain.candidates(cell)).collect();
        masks[1] = 0b0110;
        assert!(
            Puzzle::with_candidates(shape, masks)
                .unwrap()
                .is_pencilmark()
        );
    }

    #[test]
    fn puzzle_accessors() {
        let shape = Shape::boxed(4).unwrap();
        let mut cells = vec![None; 16];
        cells[1] = Some(digit(3));
        cells[14] = Some(digit(1));
        let puzzle = Puzzle::new(shape.clone(), cells).unwrap();
        assert_eq!(puzzle.given_count(), 2);
        assert_eq!(puzzle.given(Cell::new(1).unwrap()), Some(digit(3)));
        assert_eq!(puzzle.given(Cell::new(2).unwrap()), None);
        assert_eq!(puzzle.given(Cell::new(400).unwrap()), None);
        let givens: Vec<(usize, u8)> = puzzle
            .givens()
            .map(|(c, d)| (c.index(), d.number()))
            .collect();
        assert_eq!(givens, [(1, 3), (14, 1)]);
        assert_eq!(puzzle.to_grid(), None);
        assert_eq!(Puzzle::empty(shape).given_count(), 0);
    }

    #[test]
    fn construction_checks_count_and_range() {
        let shape = Shape::boxed(4).unwrap();
        assert_eq!(
            Puzzle::new(shape.clone(), vec![None; 15]),
            Err(PuzzleError::CellCount {
                found: 15,
                expected: 16
            })
        );
        let mut cells = vec![None; 16];
        cells[5] = Some(digit(5));
        let err = Puzzle::new(shape.clone(), cells).unwrap_err();
        assert_eq!(
            err.to_string(),
            "digit 5 in cell #5 is out of range for size 4"
        );
        assert!(Grid::new(shape, vec![digit(1); 16]).is_ok());
    }

    #[test]
    fn clashing_givens_are_accepted() {
        let shape = Shape::boxed(4).unwrap();
        let mut cells = vec![None; 16];
        cells[0] = Some(digit(2));
        cells[1] = Some(digit(2));
        assert!(Puzzle::new(shape, cells).is_ok());
    }

    #[test]
    fn grid_and_puzzle_convert() {
        let shape = Shape::boxed(4).unwrap();
        let digits: Vec<Digit> = (0..16u8).map(|i| Digit::new(i % 4).unwrap()).collect();
        let grid = Grid::new(shape, digits).unwrap();
        let puzzle = Puzzle::from(grid.clone());
        assert_eq!(puzzle.given_count(), 16);
        assert_eq!(puzzle.to_grid(), Some(grid.clone()));
        assert_eq!(grid.get(Cell::new(5).unwrap()), Digit::new(1));
        assert_eq!(grid.get(Cell::new(16).unwrap()), None);
    }
}
