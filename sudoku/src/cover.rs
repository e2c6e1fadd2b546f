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
//!
//! 4N² = 324 items for 9×9. Rows, columns and digits are 1-based in names,
//! as in text. Regions are the boxes, or the regions of a jigsaw map: the
//! matrix is the same either way. These items are primary: each cell holds
//! exactly one digit, and each row, column and region holds each digit
//! exactly once.
//!
//! # Variants
//!
//! Each rule of the shape's [`Variant`] adds a family of items after those,
//! in this order, numbered from the end of the families before it (`base`):
//!
//! | rule | kind | items | item number | name |
//! |---|---|---|---|---|
//! | X: main diagonal has digit | primary | N | `base + digit` | `d#5` |
//! | X: anti-diagonal has digit | primary | N | `base + N + digit` | `a#5` |
//! | windoku: window has digit | primary | W · N | `base + window · N + digit` | `w2#5` |
//! | disjoint: group has digit | primary | N² | `base + group · N + digit` | `p3#5` |
//! | anti-knight: pair holds digit | secondary | K · N | `base + pair · N + digit` | `r1c1~r2c3#5` |
//! | anti-king: square holds digit | secondary | (N−1)² · N | `base + square · N + digit` | `r1c1+#5` |
//! | non-consecutive: pair holds two digits | secondary | A · (N−1) | `base + pair · (N−1) + low` | `r1c1^r1c2#5/6` |
//!
//! Primary items come before secondary items. The first three rules add
//! **primary** items, since their units of N cells hold each digit exactly
//! once: a diagonal item is in the options of the cells on that diagonal,
//! a window item ([`Shape::window_of`], W windows) in those of the window's
//! cells, a group item ([`Shape::disjoint_group_of`]) in those of the
//! group's cells.
//!
//! The last three rules only forbid combinations, which is Knuth's use of
//! **secondary** items (covered at most once):
//!
//! - **Anti-knight**: the K unordered pairs of cells a knight's move apart,
//!   numbered in row-major order of the first cell, then of the second. The
//!   item of (pair, digit) is in the options that put that digit in either
//!   cell, so at most one of the two holds it.
//! - **Anti-king**: every pair of cells a king's move apart lies in one of
//!   the (N−1)² squares of 2×2 cells (numbered row-major by their top left
//!   cell, which names them), and every two cells of such a square are a
//!   king's move apart. So one item per (square, digit), in the options that
//!   put the digit in any of the square's four cells, says exactly "no
//!   digit twice a king's move apart" with (N−1)²·N items instead of one
//!   per pair.
//! - **Non-consecutive**: the A = 2N(N−1) pairs of orthogonally adjacent
//!   cells, numbered row-major by their first cell, the right-hand pair
//!   before the one below. For each pair and each two consecutive digits
//!   `low`, `low + 1` (0-based `low` below N−1) one item is in the four
//!   options that put `low` or `low + 1` in either cell. At most one of them
//!   may be chosen: that forbids `low` next to `low + 1` in either order,
//!   and the other two conflicts it adds (one cell holding both digits, both
//!   cells one digit) are already impossible, since the two cells share a
//!   row or a column.
//!
//! # Pencilmark puzzles
//!
//! A pencilmark puzzle removes options: those of digits that are not a
//! cell's candidates. [`pencilmark_cover`] keeps the numbering of options
//! and makes the removal a selection: after every item above it adds one
//! primary item `marks` and one secondary item `excluded`, puts `excluded`
//! in every option the puzzle rules out, and adds option N³ =
//! {`marks`, `excluded`}. Every solution covers `marks` with that option,
//! which covers `excluded` and so takes every ruled-out option out of the
//! search; selecting it before searching ([`marks_option`]) costs no node.
//!
//! So the 9×9 matrix has 342 items with X, 360 with windoku, 405 with
//! disjoint groups, and 2016 anti-knight, 576 anti-king and 1152
//! non-consecutive secondary items.

use dance_dlx::{ItemId, OptionId, Problem};

use crate::{Cell, Digit, Puzzle, Shape, Variant};

/// The exact-cover problem of `shape`, numbered as described in the
/// [module docs](self).
///
/// ```
/// use dance_sudoku::{Shape, Variant};
///
/// let problem = dance_sudoku::cover::exact_cover(&Shape::boxed(9)?);
/// assert_eq!((problem.option_count(), problem.item_count()), (729, 324));
/// let knights = dance_sudoku::cover::exact_cover(&Shape::boxed(9)?.with_variant(Variant::AntiKnight));
/// assert_eq!((knights.primary_count(), knights.item_count()), (324, 324 + 224 * 9));
/// # Ok::<(), dance_sudoku::ShapeError>(())
/// ```
pub fn exact_cover(shape: &Shape) -> Problem {
    cover(shape, None)
}

/// The exact cover of a pencilmark puzzle; see [the module
/// docs](self#pencilmark-puzzles). Option N³ is [`marks_option`].
///
/// ```
/// use dance_sudoku::{Puzzle, Shape};
///
/// let mut candidates = vec![0b1111; 16];
/// candidates[0] = 0b0001;
/// let puzzle = Puzzle::with_candidates(Shape::boxed(4)?, candidates)?;
/// let problem = dance_sudoku::cover::pencilmark_cover(&puzzle);
/// assert_eq!((problem.option_count(), problem.item_count()), (65, 66));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn pencilmark_cover(puzzle: &Puzzle) -> Problem {
    cover(puzzle.shape(), Some(puzzle))
}

/// The option of [`pencilmark_cover`] that rules out every placement the
/// puzzle excludes: number N³, after the placements.
pub fn marks_option(n: usize) -> OptionId {
    OptionId::new((n * n * n) as u32)
}

/// The matrix of `shape`, with the `marks` and `excluded` items of
/// `pencilmarks` when given.
fn cover(shape: &Shape, pencilmarks: Option<&Puzzle>) -> Problem {
    let layout = Layout::new(shape);
    let n = shape.size();
    let mut builder = Problem::builder();
    let mut items = Vec::with_capacity(layout.item_count);
    for name in layout.names(shape) {
        let added = match name {
            (Kind::Primary, name) => builder.primary(name),
            (Kind::Secondary, name) => builder.secondary(name),
        };
        match added {
            Ok(item) => items.push(item),
            Err(error) => unreachable!("item names are distinct by construction: {error}"),
        }
    }
    debug_assert_eq!(items.len(), layout.item_count);
    let marks =
        pencilmarks.map(
            |_| match (builder.primary("marks"), builder.secondary("excluded")) {
                (Ok(marks), Ok(excluded)) => (marks, excluded),
                (Err(error), _) | (_, Err(error)) => unreachable!("the names are new: {error}"),
            },
        );
    let mut entries: Vec<ItemId> = Vec::with_capacity(16);
    let mut numbers = Vec::with_capacity(16);
    for cell in shape.cells() {
        for digit in digits(n) {
            numbers.clear();
            layout.option_items(shape, cell, digit, &mut numbers);
            entries.clear();
            entries.extend(numbers.iter().map(|&i| items[i]));
            if let Some((puzzle, (_, excluded))) = pencilmarks.zip(marks)
                && puzzle.candidates(cell) & (1 << digit.index()) == 0
            {
                entries.push(excluded);
            }
            if let Err(error) = builder.option(entries.iter().copied()) {
                unreachable!("Sudoku options are valid by construction: {error}");
            }
        }
    }
    if let Some((marks, excluded)) = marks
        && let Err(error) = builder.option([marks, excluded])
    {
        unreachable!("the marks option is valid: {error}");
    }
    builder.build()
}

/// The four items of every option, whatever the variant: the option that
/// puts `digit` in `cell` covers its cell, its row-digit, its column-digit
/// and its region-digit item, numbered as the module docs say. Variants add
/// items after these ([`Layout::option_items`]).
pub(crate) fn standard_items(shape: &Shape, cell: Cell, digit: Digit) -> [usize; 4] {
    let n = shape.size();
    let (row, col, region, d) = (
        cell.row(n),
        cell.col(n),
        shape.region_of(cell),
        digit.index(),
    );
    [
        cell.index(),
        n * n + row * n + d,
        2 * n * n + col * n + d,
        3 * n * n + region * n + d,
    ]
}

/// Primary or secondary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Primary,
    Secondary,
}

/// Where each family of items starts, and the pairs of the pair rules.
struct Layout {
    /// Start of the diagonal items, when the shape is X.
    diagonals: Option<usize>,
    windows: Option<usize>,
    disjoint: Option<usize>,
    knights: Option<usize>,
    kings: Option<usize>,
    neighbours: Option<usize>,
    item_count: usize,
    /// Knight pairs (cell indices, first < second) in item order.
    knight_pairs: Vec<(usize, usize)>,
    /// For each cell, the knight pairs holding it.
    knight_pairs_of: Vec<Vec<usize>>,
}

impl Layout {
    fn new(shape: &Shape) -> Layout {
        let n = shape.size();
        let variant = shape.variant();
        let mut next = 4 * n * n;
        let mut family = |rule: Variant, size: usize| {
            variant.contains(rule).then(|| {
                next += size;
                next - size
            })
        };
        let diagonals = family(Variant::X, 2 * n);
        let windows = family(Variant::Windoku, shape.window_count() * n);
        let groups = if shape.geometry().is_some() { n * n } else { 0 };
        let disjoint = family(Variant::Disjoint, groups);
        let knight_pairs = if variant.contains(Variant::AntiKnight) {
            knight_pairs(n)
        } else {
            Vec::new()
        };
        let knights = family(Variant::AntiKnight, knight_pairs.len() * n);
        let kings = family(Variant::AntiKing, n.saturating_sub(1).pow(2) * n);
        let neighbours = family(
            Variant::NonConsecutive,
            2 * n * n.saturating_sub(1) * n.saturating_sub(1),
        );
        let mut knight_pairs_of = vec![Vec::new(); n * n];
        for (pair, &(a, b)) in knight_pairs.iter().enumerate() {
            knight_pairs_of[a].push(pair);
            knight_pairs_of[b].push(pair);
        }
        Layout {
            diagonals,
            windows,
            disjoint,
            knights,
            kings,
            neighbours,
            item_count: next,
            knight_pairs,
            knight_pairs_of,
        }
    }

    /// Every item's kind and name, in item order.
    fn names(&self, shape: &Shape) -> Vec<(Kind, String)> {
        let n = shape.size();
        let name = |cell: usize| format!("r{}c{}", cell / n + 1, cell % n + 1);
        let digit = |d: usize| Digit::new(d as u8).map_or('?', Digit::to_char);
        let mut names = Vec::with_capacity(self.item_count);
        let mut primary = |text: String| names.push((Kind::Primary, text));
        for cell in 0..n * n {
            primary(name(cell));
        }
        for prefix in ["r", "c", "b"] {
            for unit in 0..n {
                for d in 0..n {
                    primary(format!("{prefix}{}#{}", unit + 1, digit(d)));
                }
            }
        }
        if self.diagonals.is_some() {
            for prefix in ["d", "a"] {
                for d in 0..n {
                    primary(format!("{prefix}#{}", digit(d)));
                }
            }
        }
        if self.windows.is_some() {
            for window in 0..shape.window_count() {
                for d in 0..n {
                    primary(format!("w{}#{}", window + 1, digit(d)));
                }
            }
        }
        if self.disjoint.is_some() && shape.geometry().is_some() {
            for group in 0..n {
                for d in 0..n {
                    primary(format!("p{}#{}", group + 1, digit(d)));
                }
            }
        }
        let mut secondary = |text: String| names.push((Kind::Secondary, text));
        for &(a, b) in &self.knight_pairs {
            for d in 0..n {
                secondary(format!("{}~{}#{}", name(a), name(b), digit(d)));
            }
        }
        if self.kings.is_some() {
            for square in squares(n) {
                for d in 0..n {
                    secondary(format!("{}+#{}", name(square), digit(d)));
                }
            }
        }
        if self.neighbours.is_some() {
            for (a, b) in adjacent_pairs(n) {
                for low in 0..n - 1 {
                    let (d, e) = (digit(low), digit(low + 1));
                    secondary(format!("{}^{}#{d}/{e}", name(a), name(b)));
                }
            }
        }
        names
    }

    /// Pushes the item numbers of the option that puts `digit` in `cell`.
    fn option_items(&self, shape: &Shape, cell: Cell, digit: Digit, items: &mut Vec<usize>) {
        let n = shape.size();
        let (row, col, d) = (cell.row(n), cell.col(n), digit.index());
        items.extend(standard_items(shape, cell, digit));
        if let Some(base) = self.diagonals {
            if shape.on_diagonal(cell) {
                items.push(base + d);
            }
            if shape.on_anti_diagonal(cell) {
                items.push(base + n + d);
            }
        }
        if let Some((base, window)) = self.windows.zip(shape.window_of(cell)) {
            items.push(base + window * n + d);
        }
        if let Some((base, group)) = self.disjoint.zip(shape.disjoint_group_of(cell)) {
            items.push(base + group * n + d);
        }
        if let Some(base) = self.knights {
            items.extend(
                self.knight_pairs_of[cell.index()]
                    .iter()
                    .map(|p| base + p * n + d),
            );
        }
        if let Some(base) = self.kings.filter(|_| n >= 2) {
            // The squares holding the cell have their top left corner at
            // most one row up and one column left, inside the (N-1)² grid.
            for top in row.saturating_sub(1)..=row.min(n - 2) {
                for left in col.saturating_sub(1)..=col.min(n - 2) {
                    items.push(base + (top * (n - 1) + left) * n + d);
                }
            }
        }
        if let Some(base) = self.neighbours {
            for pair in adjacent_pairs_of(n, row, col) {
                // The pair's items for low = d - 1 and low = d.
                if d > 0 {
                    items.push(base + pair * (n - 1) + d - 1);
                }
                if d + 1 < n {
                    items.push(base + pair * (n - 1) + d);
                }
            }
        }
    }
}

/// The unordered pairs of cells a knight's move apart on an N×N grid, as
/// row-major cell indices `(a, b)` with `a < b`, sorted.
pub(crate) fn knight_pairs(n: usize) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for a in 0..n * n {
        let (row, col) = (a / n, a % n);
        let mut partners: Vec<usize> = KNIGHT_MOVES
            .iter()
            .filter_map(|&(dr, dc)| step(n, row, col, dr, dc))
            .filter(|&b| b > a)
            .collect();
        partners.sort_unstable();
        pairs.extend(partners.into_iter().map(|b| (a, b)));
    }
    pairs
}

/// The eight knight moves.
pub(crate) const KNIGHT_MOVES: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// The eight king moves.
pub(crate) const KING_MOVES: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The four orthogonal steps.
pub(crate) const ORTHOGONAL_MOVES: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

/// The cell index one move of `(dr, dc)` away from (`row`, `col`) on an N×N
/// grid, or `None` off the grid.
pub(crate) fn step(n: usize, row: usize, col: usize, dr: isize, dc: isize) -> Option<usize> {
    let row = row.checked_add_signed(dr).filter(|&r| r < n)?;
    let col = col.checked_add_signed(dc).filter(|&c| c < n)?;
    Some(row * n + col)
}

/// The top left cells of the 2×2 squares, row-major.
fn squares(n: usize) -> impl Iterator<Item = usize> {
    (0..n.saturating_sub(1)).flat_map(move |row| (0..n - 1).map(move |col| row * n + col))
}

/// The orthogonally adjacent pairs in item order: row-major by first cell,
/// the right-hand neighbour before the one below. [`adjacent_pair_number`]
/// gives the same numbers without listing them.
fn adjacent_pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..n * n).flat_map(move |a| {
        let (row, col) = (a / n, a % n);
        let right = (col + 1 < n).then_some((a, a + 1));
        let below = (row + 1 < n).then_some((a, a + n));
        right.into_iter().chain(below)
    })
}

/// The number of the adjacent pair whose first cell is (row, col), going
/// right (`down` false) or down.
fn adjacent_pair_number(n: usize, row: usize, col: usize, down: bool) -> usize {
    // Each full row before `row` has N−1 right pairs and N down pairs
    // (none below the last row, which is never a row before another).
    let before_row = row * (2 * n - 1);
    // Cells before `col` in this row each have a right pair and, unless
    // this is the last row, a down pair.
    let per_cell = if row + 1 < n { 2 } else { 1 };
    let before_col = col * per_cell;
    before_row + before_col + usize::from(down && col + 1 < n)
}

/// The numbers of the (up to four) adjacent pairs holding (row, col).
fn adjacent_pairs_of(n: usize, row: usize, col: usize) -> impl Iterator<Item = usize> {
    let left = (col > 0).then(|| adjacent_pair_number(n, row, col - 1, false));
    let up = (row > 0).then(|| adjacent_pair_number(n, row - 1, col, true));
    let right = (col + 1 < n).then(|| adjacent_pair_number(n, row, col, false));
    let down = (row + 1 < n).then(|| adjacent_pair_number(n, row, col, true));
    [up, left, right, down].into_iter().flatten()
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
/// use dance_sudoku::cover::placement;
/// use dance_dlx::OptionId;
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

    fn names_of(problem: &Problem, option: OptionId) -> Vec<&str> {
        problem
            .option(option)
            .iter()
            .map(|entry| problem.item_name(entry.item))
            .collect()
    }

    #[test]
    fn variant_families_have_the_documented_sizes() {
        let nine = Shape::boxed(9).unwrap();
        for (variant, primary, secondary) in [
            (Variant::X, 342, 0),
            (Variant::Windoku, 360, 0),
            (Variant::Disjoint, 405, 0),
            (Variant::AntiKnight, 324, 2016),
            (Variant::AntiKing, 324, 576),
            (Variant::NonConsecutive, 324, 1152),
            (
                Variant::X | Variant::Windoku | Variant::NonConsecutive,
                378,
                1152,
            ),
        ] {
            let problem = exact_cover(&nine.clone().with_variant(variant));
            assert_eq!(problem.primary_count(), primary, "{variant}");
            assert_eq!(problem.item_count(), primary + secondary, "{variant}");
            assert_eq!(problem.option_count(), 729);
        }
        for n in [1, 2, 3, 4, 5, 6] {
            let everything = Variant::RULES
                .iter()
                .fold(Variant::Standard, |v, &(rule, _)| v | rule);
            let regions: Vec<u8> = (0..n * n).map(|i| (i / n) as u8).collect();
            let shape = Shape::jigsaw(n, &regions).unwrap().with_variant(everything);
            assert_eq!(exact_cover(&shape).option_count(), n * n * n);
        }
    }

    #[test]
    fn variant_items_are_named_and_numbered_as_documented() {
        let all = Variant::X
            | Variant::Windoku
            | Variant::Disjoint
            | Variant::AntiKnight
            | Variant::AntiKing
            | Variant::NonConsecutive;
        let shape = Shape::boxed(4).unwrap().with_variant(all);
        let problem = exact_cover(&shape);
        // r2c2 = 2: on the main diagonal, in the one window, group 4,
        // knight partners r1c4, r3c4, r4c1, r4c3, four king squares, four
        // neighbours.
        let option = option(4, shape.cell(1, 1).unwrap(), Digit::new(1).unwrap());
        assert_eq!(
            names_of(&problem, option),
            [
                "r2c2",
                "r2#2",
                "c2#2",
                "b1#2",
                "d#2",
                "w1#2",
                "p4#2",
                "r1c4~r2c2#2",
                "r2c2~r3c4#2",
                "r2c2~r4c1#2",
                "r2c2~r4c3#2",
                "r1c1+#2",
                "r1c2+#2",
                "r2c1+#2",
                "r2c2+#2",
                "r1c2^r2c2#1/2",
                "r1c2^r2c2#2/3",
                "r2c1^r2c2#1/2",
                "r2c1^r2c2#2/3",
                "r2c2^r2c3#1/2",
                "r2c2^r2c3#2/3",
                "r2c2^r3c2#1/2",
                "r2c2^r3c2#2/3",
            ]
        );
        // Base of each family: 64 standard, 8 diagonal, 4 window, 16 group
        // items, then 24 knight pairs, 9 squares, 24 adjacent pairs.
        let numbers: Vec<usize> = problem
            .option(option)
            .iter()
            .map(|e| e.item.index())
            .collect();
        let knights = 64 + 8 + 4 + 16;
        let kings = knights + 24 * 4;
        let neighbours = kings + 9 * 4;
        assert_eq!(numbers[4..7], [64 + 1, 72 + 1, 76 + 3 * 4 + 1]);
        assert_eq!(numbers[11], kings + 1);
        assert_eq!(
            numbers[15],
            neighbours + adjacent_pair_number(4, 0, 1, true) * 3
        );
        assert_eq!(problem.item_count(), neighbours + 24 * 3);
        assert_eq!(problem.primary_count(), knights);
    }

    #[test]
    fn adjacent_pair_numbers_follow_the_listing() {
        for n in 1..=6 {
            let listed: Vec<(usize, usize)> = adjacent_pairs(n).collect();
            assert_eq!(listed.len(), 2 * n * (n - 1));
            for (number, &(a, b)) in listed.iter().enumerate() {
                let down = b == a + n;
                assert_eq!(adjacent_pair_number(n, a / n, a % n, down), number);
                assert!(adjacent_pairs_of(n, a / n, a % n).any(|p| p == number));
                assert!(adjacent_pairs_of(n, b / n, b % n).any(|p| p == number));
            }
        }
        assert_eq!(knight_pairs(9).len(), 224);
    }

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
        assert_eq!(
            names_of(&problem, centre),
            ["r5c5", "r5#1", "c5#1", "b5#1", "d#1", "a#1"]
        );
    }
}
