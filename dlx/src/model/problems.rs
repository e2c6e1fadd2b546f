//! Classic exact-cover problems, ready to solve: the workloads of the tests, the
//! benchmarks and the examples.
//!
//! | problem | solutions |
//! |---|---|
//! | [`n_queens`]`(8)` | 92 |
//! | [`strip`]`(10)` | 89 (Fibonacci; F(n + 1) for `strip(n)`) |
//! | [`langford`]`(7)` | 52 (a pairing and its reverse both count) |
//! | [`pentominoes`]`(6, 10)` | 9356 (2339 up to the board's symmetries) |
//! | [`rooks`]`(6, 2)` | 67950 (multiplicities: Algorithm M) |
//! | [`domino_tilings`]`(8, 8)` | 12,988,816 |
//! | [`domino_tilings`]`(12, 12)` | 53,060,477,521,960,000 (count with [`Goal::MemoCount`](crate::Goal::MemoCount)) |
//! | [`macmahon_squares`]`(3, 4, PieceUse::AtMostOnce)` | 240,352 (colors: Algorithm C) |

use crate::model::problem::{BuildError, Entry, Problem, ProblemBuilder};

/// Placing `n` queens on an `n`×`n` board with no two attacking each other.
///
/// Items: rows `r0…` and columns `c0…` (primary), and both kinds of diagonals
/// `a0…` (sum) and `b0…` (difference) as secondary items, since a diagonal may
/// stay empty. One option per square: `r{i} c{j} a{i+j} b{i-j+n-1}`.
///
/// ```
/// assert_eq!(dance_dlx::Solver::new(&dance_dlx::problems::n_queens(8)).count(), 92);
/// ```
pub fn n_queens(n: usize) -> Problem {
    build(|b| {
        let rows = (0..n)
            .map(|i| b.primary(format!("r{i}")))
            .collect::<Result<Vec<_>, _>>()?;
        let cols = (0..n)
            .map(|j| b.primary(format!("c{j}")))
            .collect::<Result<Vec<_>, _>>()?;
        let diagonals = 2 * n.max(1) - 1;
        let sums = (0..diagonals)
            .map(|k| b.secondary(format!("a{k}")))
            .collect::<Result<Vec<_>, _>>()?;
        let diffs = (0..diagonals)
            .map(|k| b.secondary(format!("b{k}")))
            .collect::<Result<Vec<_>, _>>()?;
        for i in 0..n {
            for j in 0..n {
                b.option([rows[i], cols[j], sums[i + j], diffs[i + n - 1 - j]])?;
            }
        }
        Ok(())
    })
}

/// A 1×`n` strip tiled by cells and pairs (monominoes and dominoes): the
/// long, thin problem of the memo's tests, F(n + 1) tilings (Fibonacci,
/// F(1) = F(2) = 1), beyond `u64` from `n` = 93.
///
/// Items: the cells `c0…c{n-1}`, primary. Options, cell by cell: `c{k}`,
/// then `c{k} c{k+1}`.
///
/// ```
/// assert_eq!(dance_dlx::Solver::new(&dance_dlx::problems::strip(10)).count(), 89);
/// ```
pub fn strip(n: usize) -> Problem {
    build(|b| {
        let cells = (0..n)
            .map(|k| b.primary(format!("c{k}")))
            .collect::<Result<Vec<_>, _>>()?;
        for k in 0..n {
            b.option([cells[k]])?;
            if k + 1 < n {
                b.option([cells[k], cells[k + 1]])?;
            }
        }
        Ok(())
    })
}

/// Langford pairs: arrange two copies of each of `1..=n` in a row of `2n` so
/// that the two copies of `k` have exactly `k` numbers between them.
///
/// Items: the numbers `1…n` and the positions `s0…s{2n-1}`, all primary. One
/// option per placement: `k s{i} s{i+k+1}`. A pairing and its reverse are
/// distinct solutions.
///
/// ```
/// assert_eq!(dance_dlx::Solver::new(&dance_dlx::problems::langford(4)).count(), 2);
/// ```
pub fn langford(n: usize) -> Problem {
    build(|b| {
        let numbers = (1..=n)
            .map(|k| b.primary(k.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let slots = (0..2 * n)
            .map(|i| b.primary(format!("s{i}")))
            .collect::<Result<Vec<_>, _>>()?;
        for k in 1..=n {
            for i in 0..2 * n {
                if i + k + 1 < 2 * n {
                    b.option([numbers[k - 1], slots[i], slots[i + k + 1]])?;
                }
            }
        }
        Ok(())
    })
}

/// Placing `k` rooks in every row and every column of an `n`×`n` board — the
/// `n`×`n` matrices of 0s and 1s with `k` ones in every row and column. With
/// `k = 1` these are the `n!` permutation matrices; with `k > 1` the problem
/// has multiplicities and is solved by Algorithm M.
///
/// Items: rows `r0…` and columns `c0…`, primary, each with bounds `k:k`. One
/// option per square: `r{i} c{j}`. The counts are OEIS A001499 for `k = 2`
/// (1, 6, 90, 2040, 67950 for `n` = 2…6) and A001501 for `k = 3` (1, 24,
/// 2040, 297200 for `n` = 3…6).
///
/// ```
/// assert_eq!(dance_dlx::Solver::new(&dance_dlx::problems::rooks(4, 2)).count(), 90);
/// ```
///
/// # Panics
/// If `k` is 0 and `n` is not: an upper bound of 0 is not a constraint the
/// builder accepts.
pub fn rooks(n: usize, k: u32) -> Problem {
    assert!(k > 0 || n == 0, "k = 0 rooks per line is not a problem");
    build(|b| {
        let rows = (0..n)
            .map(|i| b.primary_with_bounds(format!("r{i}"), k, k))
            .collect::<Result<Vec<_>, _>>()?;
        let cols = (0..n)
            .map(|j| b.primary_with_bounds(format!("c{j}"), k, k))
            .collect::<Result<Vec<_>, _>>()?;
        for &row in &rows {
            for &col in &cols {
                b.option([row, col])?;
            }
        }
        Ok(())
    })
}

/// The domino, as rows of `#` and `.`.
const DOMINOES: [(&str, [&str; 3]); 1] = [("D", ["##", "", ""])];

/// The two trominoes.
const TROMINOES: [(&str, [&str; 3]); 2] = [("I", ["###", "", ""]), ("L", ["##", "#.", ""])];

/// The five tetrominoes.
const TETROMINOES: [(&str, [&str; 3]); 5] = [
    ("I", ["####", "", ""]),
    ("L", ["###", "#..", ""]),
    ("N", ["##.", ".##", ""]),
    ("O", ["##", "##", ""]),
    ("T", ["###", ".#.", ""]),
];

/// The twelve pentominoes.
const PENTOMINOES: [(&str, [&str; 3]); 12] = [
    ("F", [".##", "##.", ".#."]),
    ("I", ["#####", "", ""]),
    ("L", ["####", "#...", ""]),
    ("N", ["##..", ".###", ""]),
    ("P", ["##", "##", "#."]),
    ("T", ["###", ".#.", ".#."]),
    ("U", ["#.#", "###", ""]),
    ("V", ["#..", "#..", "###"]),
    ("W", ["#..", "##.", ".##"]),
    ("X", [".#.", "###", ".#."]),
    ("Y", [".#..", "####", ""]),
    ("Z", ["##.", ".#.", ".##"]),
];

/// Packing the twelve pentominoes into a `rows`×`cols` board (60 cells for a
/// perfect packing: 3×20, 4×15, 5×12, 6×10).
///
/// Items: the pieces `F I L N P T U V W X Y Z` and the cells `r{i}c{j}`, all
/// primary. One option per placement of a piece in any of its distinct
/// rotations and reflections: the piece and its five cells. The cells are
/// declared row by row, as in Knuth's examples; otherwise this is
/// [`polyomino_tilings`]`(rows, cols, PieceSet::Pentominoes,
/// PieceUse::ExactlyOnce)`.
///
/// ```
/// assert_eq!(dance_dlx::Solver::new(&dance_dlx::problems::pentominoes(3, 20)).count(), 8);
/// ```
pub fn pentominoes(rows: usize, cols: usize) -> Problem {
    tilings(
        rows,
        cols,
        PieceSet::Pentominoes,
        PieceUse::ExactlyOnce,
        false,
    )
}

/// Tilings of a `rows`×`cols` rectangle by dominoes: the same as
/// [`polyomino_tilings`]`(rows, cols, PieceSet::Dominoes,
/// PieceUse::Unlimited)`.
///
/// Items: the cells `r{i}c{j}`, primary, in row-major order. One option per
/// domino: its two cells, `r{i}c{j} r{i}c{j+1}` or `r{i}c{j} r{i+1}c{j}`.
/// The 8×8 board has 12,988,816 tilings; they outgrow `u64` at 14×14 —
/// count them with [`Goal::MemoCount`](crate::Goal::MemoCount).
///
/// ```
/// assert_eq!(dance_dlx::Solver::new(&dance_dlx::problems::domino_tilings(4, 4)).count(), 36);
/// ```
pub fn domino_tilings(rows: usize, cols: usize) -> Problem {
    polyomino_tilings(rows, cols, PieceSet::Dominoes, PieceUse::Unlimited)
}

/// [`domino_tilings`] with the cells declared row by row whatever the
/// board's shape — the order of a file written row by row by hand — rather
/// than along the shorter side. The plain search's tree depends on that
/// order (ties between items go to the first declared);
/// the memo ([`Goal::MemoCount`](crate::Goal::MemoCount)) picks its own order of the items, so
/// that a board and its transpose cost about the same to count.
///
/// ```
/// use dance_dlx::{Solver, problems::domino_tilings_by_rows};
///
/// let problem = domino_tilings_by_rows(2, 3);
/// let cells: Vec<&str> = problem.items().map(|item| problem.item_name(item)).collect();
/// assert_eq!(cells, ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2"]);
/// assert_eq!(Solver::new(&problem).count(), 3);
/// ```
pub fn domino_tilings_by_rows(rows: usize, cols: usize) -> Problem {
    tilings(rows, cols, PieceSet::Dominoes, PieceUse::Unlimited, false)
}

/// A family of free polyominoes (pieces that may be turned and flipped) for
/// [`polyomino_tilings`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PieceSet {
    /// The domino `D`.
    Dominoes,
    /// The two trominoes `I L`.
    Trominoes,
    /// The five tetrominoes `I L N O T` (`N` is the S/Z skew piece).
    Tetrominoes,
    /// The twelve pentominoes `F I L N P T U V W X Y Z` (Conway's names).
    Pentominoes,
}

impl PieceSet {
    /// Each piece's name and picture, rows of `#` and `.`.
    fn pieces(self) -> &'static [(&'static str, [&'static str; 3])] {
        match self {
            PieceSet::Dominoes => &DOMINOES,
            PieceSet::Trominoes => &TROMINOES,
            PieceSet::Tetrominoes => &TETROMINOES,
            PieceSet::Pentominoes => &PENTOMINOES,
        }
    }
}

/// How often each piece of a [`PieceSet`] may be used in a tiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PieceUse {
    /// Every piece exactly once: the pieces are primary items.
    ExactlyOnce,
    /// Every piece once or not at all: the pieces are secondary items.
    AtMostOnce,
    /// Any number of copies of every piece: no item for the pieces.
    Unlimited,
}

/// Tilings of a `rows`×`cols` rectangle by the pieces of `set`, each used as
/// `usage` says; turned and flipped pieces count as the same piece, and
/// tilings that differ only by a symmetry of the board are different.
///
/// Items: the pieces (primary for [`PieceUse::ExactlyOnce`], secondary for
/// [`PieceUse::AtMostOnce`], absent for [`PieceUse::Unlimited`]), then the
/// cells `r{i}c{j}`, primary, declared along the board's shorter side first
/// (row by row, or column by column on a board wider than tall). One option
/// per placement of a piece in any of its distinct rotations and
/// reflections: the piece (when it is an item) and its cells.
///
/// The order of the cells is the search's tie-break, so the search fills the
/// board from one short side to the other: the open cells are then a band
/// whose edge is no longer than the short side, and few such bands exist —
/// what lets [`Goal::MemoCount`](crate::Goal::MemoCount) count the
/// tilings of a 5×120 strip in milliseconds.
///
/// ```
/// use dance_dlx::{Solver, problems::{PieceSet, PieceUse, polyomino_tilings}};
///
/// // The 2×3 rectangle: three tilings by dominoes; by trominoes, one with
/// // two I and two with two L — none with one of each.
/// let count = |set, usage| Solver::new(&polyomino_tilings(2, 3, set, usage)).count();
/// assert_eq!(count(PieceSet::Dominoes, PieceUse::Unlimited), 3);
/// assert_eq!(count(PieceSet::Trominoes, PieceUse::Unlimited), 3);
/// assert_eq!(count(PieceSet::Trominoes, PieceUse::ExactlyOnce), 0);
/// ```
pub fn polyomino_tilings(rows: usize, cols: usize, set: PieceSet, usage: PieceUse) -> Problem {
    tilings(rows, cols, set, usage, cols > rows)
}

/// [`polyomino_tilings`], the cells declared column by column when
/// `by_columns` is set, else row by row.
fn tilings(rows: usize, cols: usize, set: PieceSet, usage: PieceUse, by_columns: bool) -> Problem {
    build(|b| {
        let pieces = set
            .pieces()
            .iter()
            .map(|(name, _)| match usage {
                PieceUse::ExactlyOnce => b.primary(*name).map(Some),
                PieceUse::AtMostOnce => b.secondary(*name).map(Some),
                PieceUse::Unlimited => Ok(None),
            })
            .collect::<Result<Vec<_>, _>>()?;
        // `cells[i * cols + j]` is the cell in row i, column j.
        let mut cells = vec![None; rows * cols];
        let (outer, inner) = if by_columns {
            (cols, rows)
        } else {
            (rows, cols)
        };
        for outer_index in 0..outer {
            for inner_index in 0..inner {
                let (i, j) = if by_columns {
                    (inner_index, outer_index)
                } else {
                    (outer_index, inner_index)
                };
                cells[i * cols + j] = Some(b.primary(format!("r{i}c{j}"))?);
            }
        }
        let cells: Vec<_> = cells.into_iter().flatten().collect();
        for (piece, (_, picture)) in pieces.iter().zip(set.pieces()) {
            for shape in orientations(picture) {
                let height = shape.iter().map(|&(i, _)| i).max().unwrap_or(0) + 1;
                let width = shape.iter().map(|&(_, j)| j).max().unwrap_or(0) + 1;
                for i in 0..(rows + 1).saturating_sub(height) {
                    for j in 0..(cols + 1).saturating_sub(width) {
                        let placed = shape
                            .iter()
                            .map(|&(di, dj)| cells[(i + di) * cols + j + dj]);
                        b.option(piece.iter().copied().chain(placed))?;
                    }
                }
            }
        }
        Ok(())
    })
}

/// The distinct rotations and reflections of a piece, each as sorted
/// `(row, col)` cells shifted to touch row 0 and column 0.
fn orientations(picture: &[&str]) -> Vec<Vec<(usize, usize)>> {
    let cells: Vec<(i32, i32)> = picture
        .iter()
        .enumerate()
        .flat_map(|(i, row)| {
            row.bytes()
                .enumerate()
                .filter(|&(_, c)| c == b'#')
                .map(move |(j, _)| (i as i32, j as i32))
        })
        .collect();
    let mut shapes: Vec<Vec<(usize, usize)>> = Vec::new();
    for symmetry in 0..8 {
        let moved: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(i, j)| {
                let (i, j) = if symmetry & 4 != 0 { (j, i) } else { (i, j) };
                let i = if symmetry & 1 != 0 { -i } else { i };
                let j = if symmetry & 2 != 0 { -j } else { j };
                (i, j)
            })
            .collect();
        let top = moved.iter().map(|&(i, _)| i).min().unwrap_or(0);
        let left = moved.iter().map(|&(_, j)| j).min().unwrap_or(0);
        let mut shape: Vec<(usize, usize)> = moved
            .iter()
            .map(|&(i, j)| ((i - top) as usize, (j - left) as usize))
            .collect();
        shape.sort_unstable();
        if !shapes.contains(&shape) {
            shapes.push(shape);
        }
    }
    shapes
}

/// The 24 MacMahon squares: every way of coloring the four edges of a square
/// with three colors, up to rotation, as `[north, east, south, west]` with
/// colors `0..3`, each the least of its rotations, in increasing order.
fn macmahon_tiles() -> Vec<[u8; 4]> {
    let mut tiles = Vec::new();
    for code in 0..81u8 {
        let edges = [code / 27, code / 9 % 3, code / 3 % 3, code % 3];
        let least = (0..4).map(|r| rotated(edges, r)).min();
        if least == Some(edges) {
            tiles.push(edges);
        }
    }
    tiles
}

/// `edges` turned `r` quarter turns: the edge that faced north faces east.
fn rotated(edges: [u8; 4], r: usize) -> [u8; 4] {
    std::array::from_fn(|k| edges[(k + 4 - r) % 4])
}

/// MacMahon's colored squares in a `rows`×`cols` frame: each cell holds one
/// of the 24 squares whose edges are colored `a`, `b` or `c` (every coloring
/// up to rotation), turned any way, so that edges that touch have the same
/// color and every edge on the frame's border is `a`. With a 4×6 frame and
/// every square used once ([`PieceUse::ExactlyOnce`]) this is MacMahon's
/// puzzle of 1921; smaller frames hold some of the squares, each at most once
/// ([`PieceUse::AtMostOnce`]), or copies of any ([`PieceUse::Unlimited`]).
///
/// An exact-cover problem with colors (Algorithm C): the cells `r{i}c{j}` are
/// primary, row by row; the squares `q0…q23` are primary or secondary as
/// `usage` says; the inner edges are secondary items, colored by the squares
/// that meet there — `h{i}_{j}` below cell `(i, j)` and `v{i}_{j}` to its
/// right. One option per square, distinct turn and cell whose border edges
/// are `a`: the cell, the square, and its inner edges with their colors.
/// Solutions that differ by a symmetry of the frame are different.
///
/// ```
/// use dance_dlx::{Solver, problems::{PieceUse, macmahon_squares}};
///
/// // A 1×2 frame: both cells need a square with three `a` edges, the fourth
/// // on the edge they share: one of three colors, the same square in both.
/// let count = |usage| Solver::new(&macmahon_squares(1, 2, usage)).count();
/// assert_eq!(count(PieceUse::Unlimited), 3);
/// assert_eq!(count(PieceUse::AtMostOnce), 0);
/// ```
pub fn macmahon_squares(rows: usize, cols: usize, usage: PieceUse) -> Problem {
    let tiles = macmahon_tiles();
    build(|b| {
        let cells = (0..rows * cols)
            .map(|k| b.primary(format!("r{}c{}", k / cols, k % cols)))
            .collect::<Result<Vec<_>, _>>()?;
        let squares = (0..tiles.len())
            .map(|k| match usage {
                PieceUse::ExactlyOnce => b.primary(format!("q{k}")).map(Some),
                PieceUse::AtMostOnce => b.secondary(format!("q{k}")).map(Some),
                PieceUse::Unlimited => Ok(None),
            })
            .collect::<Result<Vec<_>, _>>()?;
        // `below[i * cols + j]` is the edge under cell (i, j), `right[…]` the
        // edge to its right; `None` on the border.
        let below = (0..rows * cols)
            .map(|k| {
                let (i, j) = (k / cols, k % cols);
                (i + 1 < rows)
                    .then(|| b.secondary(format!("h{i}_{j}")))
                    .transpose()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let right = (0..rows * cols)
            .map(|k| {
                let (i, j) = (k / cols, k % cols);
                (j + 1 < cols)
                    .then(|| b.secondary(format!("v{i}_{j}")))
                    .transpose()
            })
            .collect::<Result<Vec<_>, _>>()?;
        let colors = [b.color("a")?, b.color("b")?, b.color("c")?];
        for (square, &tile) in squares.iter().zip(&tiles) {
            let mut turns: Vec<[u8; 4]> = (0..4).map(|r| rotated(tile, r)).collect();
            turns.sort_unstable();
            turns.dedup();
            for [north, east, south, west] in turns {
                for (k, &cell) in cells.iter().enumerate() {
                    let (i, j) = (k / cols, k % cols);
                    let above = (i > 0).then(|| below[k - cols]).flatten();
                    let left = (j > 0).then(|| right[k - 1]).flatten();
                    let sides = [
                        (above, north),
                        (right[k], east),
                        (below[k], south),
                        (left, west),
                    ];
                    if sides
                        .iter()
                        .any(|&(edge, color)| edge.is_none() && color != 0)
                    {
                        continue;
                    }
                    let edges = sides
                        .iter()
                        .filter_map(|&(edge, color)| Some(edge?.colored(colors[color as usize])));
                    let entries = std::iter::once(cell.into())
                        .chain(square.map(Entry::from))
                        .chain(edges);
                    b.option(entries)?;
                }
            }
        }
        Ok(())
    })
}

/// Runs a builder script whose items and options are valid by construction.
fn build(script: impl FnOnce(&mut ProblemBuilder) -> Result<(), BuildError>) -> Problem {
    let mut builder = Problem::builder();
    match script(&mut builder) {
        Ok(()) => builder.build(),
        Err(error) => unreachable!("a generated problem is always valid: {error}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pentomino_has_its_known_number_of_orientations() {
        let counts: Vec<usize> = PENTOMINOES
            .iter()
            .map(|(_, p)| orientations(p).len())
            .collect();
        // F I L N P T U V W X Y Z
        assert_eq!(counts, [8, 2, 8, 8, 8, 4, 4, 4, 4, 1, 8, 4]);
    }

    #[test]
    fn rooks_counts_match_oeis() {
        use crate::Solver;
        for (n, k, count) in [
            (0, 1, 1),
            (4, 1, 24),
            (5, 1, 120),
            (1, 2, 0),
            (2, 2, 1),
            (3, 2, 6),
            (4, 2, 90),
            (5, 2, 2040),
            (3, 3, 1),
            (4, 3, 24),
            (5, 3, 2040),
        ] {
            assert_eq!(Solver::new(&rooks(n, k)).count(), count, "rooks({n}, {k})");
        }
        assert!(rooks(3, 2).has_multiplicities());
        assert!(!rooks(3, 1).has_multiplicities());
    }

    #[test]
    fn pentomino_6x10_has_the_known_number_of_placements() {
        // 2056 placements on the 6×10 board (Knuth, TAOCP 7.2.2.1).
        assert_eq!(pentominoes(6, 10).option_count(), 2056);
    }
}
