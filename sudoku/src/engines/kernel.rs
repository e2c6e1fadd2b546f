//! Dancing links specialised for Sudoku: every option has exactly four nodes.
//!
//! The generic engine ([`dance_dlx`]) stores options as runs of nodes separated by
//! spacers, with `u32` links. Here every option is one (cell, digit) placement
//! with one item from each of the four families of [`crate::cover`], so:
//!
//! * option `o` owns nodes `4o .. 4o+3` (cell, row-digit, column-digit,
//!   region-digit) — no spacers; the other nodes of an option are found by
//!   bit arithmetic and the option of a node is `node >> 2`;
//! * column headers follow the option nodes, at `4N³ + item`;
//! * N ≤ 25 gives at most 4·25³ + 4·25² = 65 000 nodes, so links are `u16`,
//!   and every table is a fixed array of 2¹⁶ entries indexed by a `u16`, which
//!   lets the compiler drop every bounds check without `unsafe`.
//!
//! Instead of selecting the givens with covers and undoing them afterwards,
//! the links are rebuilt for each puzzle from the options the givens leave
//! open — the same state that selecting them would produce (columns keep
//! option order, the item list keeps item order), so the search tree, and
//! its statistics, are exactly those of the generic engine. X-Sudoku options
//! have up to six items and go to the generic engine. 9×9 shapes, the
//! common case, run on bands and bitboards instead ([`super::bands`],
//! [`super::bitboards`]), which are faster there.
//!
//! The kernel is kept only for the sizes where it beats the generic engine
//! ([`SIZES`]). `benches/engines.sh` races `dance solve --engine fast`
//! against `--engine dlx` as whole processes on a generated set per size:
//! with the kernel serving every size, it wins at 4, 6 and 8 and at 25 (a
//! set of easy puzzles with 330 givens, where rebuilding the links beats
//! selecting the givens), and loses at 10, 12 and 16 when counting to two
//! (what `--unique`, the generator and the rater do), where the search
//! itself dominates and the kernel's scan of every item costs more than
//! the generic engine's list of open ones. Those sizes, and the others
//! from 10 to 24, go to the generic engine. `cargo bench --bench sudoku --
//! kernel/` races the two searches alone, without the process around them.

use dance_dlx::OptionId;
use dance_dlx::driver::{Choice, Matrix, Work};

use super::search::PuzzleMatrix;
use crate::cover::{option, placements, standard_items};
use crate::{Digit, Grid, Puzzle, Shape, Variant};

/// The sizes the kernel serves: where it won the whole-process race
/// (module docs).
const SIZES: [usize; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 25];

/// Entries in every table: one per possible `u16` index.
const SLOTS: usize = 1 << 16;

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    up: u16,
    down: u16,
    item: u16,
}

/// Set in an item's `len` while the item is covered, so that covered items
/// never win the MRV scan.
const COVERED: u16 = 0x8000;

/// Items scanned at once by the MRV choice; the `len` table is padded with
/// `u16::MAX` to a multiple of this.
const LANES: usize = 16;

/// The specialised matrix of one shape (standard or jigsaw, not X).
#[derive(Debug)]
pub(crate) struct Kernel {
    shape: Shape,
    n: usize,
    /// The number of items, `4N²`, rounded up to a multiple of [`LANES`].
    scanned: usize,
    /// The first header node, `4N³`.
    first_header: u16,
    nodes: Box<[Node; SLOTS]>,
    /// Options left in each item's column, with [`COVERED`] set while the
    /// item is covered. The kernel needs no list of active items: the MRV
    /// scan reads this table front to back, which the compiler vectorises.
    len: Box<[u16; SLOTS]>,
    /// Items not covered yet; the puzzle is solved when none is left.
    open: usize,
    /// The option tried at each level (a node of it), or the item's header
    /// once its options have run out.
    stack: Vec<u16>,
}

impl Kernel {
    /// Whether `shape` runs on this kernel: a size of [`SIZES`] with four
    /// items per option.
    pub(crate) fn serves(shape: &Shape) -> bool {
        shape.variant() == Variant::Standard && SIZES.contains(&shape.size())
    }

    /// The kernel for `shape`, or `None` when the shape needs more than four
    /// items per option (X-Sudoku).
    pub(crate) fn new(shape: &Shape) -> Option<Kernel> {
        if !Kernel::serves(shape) {
            return None;
        }
        let n = shape.size();
        let mut nodes = boxed_table::<Node>();
        // The item numbers are `cover`'s: four per option for these shapes.
        for cell in shape.cells() {
            for digit in (0..n as u8).filter_map(Digit::new) {
                let base = 4 * option(n, cell, digit).index();
                for (k, item) in standard_items(shape, cell, digit).into_iter().enumerate() {
                    nodes[base + k].item = item as u16;
                }
            }
        }
        let mut len = boxed_table::<u16>();
        len.fill(u16::MAX);
        Some(Kernel {
            shape: shape.clone(),
            n,
            scanned: (4 * n * n).div_ceil(LANES) * LANES,
            first_header: (4 * n * n * n) as u16,
            nodes,
            len,
            open: 0,
            stack: vec![0; n * n + 1],
        })
    }

    /// Rebuilds the links for `puzzle`: only the items its givens leave open,
    /// and only the options that fit the givens. `false` when givens clash.
    fn load(&mut self, puzzle: &Puzzle) -> bool {
        let n = self.n;
        let shape = &self.shape;
        // Digits already used by givens in each row, column and region, and
        // whether each cell is given.
        let mut row_used = [0u32; 25];
        let mut col_used = [0u32; 25];
        let mut region_used = [0u32; 25];
        let mut given = [false; 625];
        for (cell, digit) in puzzle.givens() {
            let bit = 1 << digit.index();
            let (row, col, region) = (cell.row(n), cell.col(n), shape.region_of(cell));
            if (row_used[row] | col_used[col] | region_used[region]) & bit != 0 {
                return false;
            }
            row_used[row] |= bit;
            col_used[col] |= bit;
            region_used[region] |= bit;
            given[cell.index()] = true;
        }

        // Every item starts covered: the givens' items stay so, the others
        // are opened with an empty column.
        self.len[..4 * n * n].fill(COVERED);
        self.open = 0;
        let open = |kernel: &mut Kernel, item: usize| {
            kernel.len[item] = 0;
            kernel.open += 1;
            let header = kernel.first_header + item as u16;
            kernel.nodes[header as usize] = Node {
                up: header,
                down: header,
                item: item as u16,
            };
        };
        for (cell, &given) in given.iter().enumerate().take(n * n) {
            if !given {
                open(self, cell);
            }
        }
        for (family, used) in [row_used, col_used, region_used].into_iter().enumerate() {
            for (unit, used) in used.into_iter().enumerate().take(n) {
                for d in 0..n {
                    if used & (1 << d) == 0 {
                        open(self, (family + 1) * n * n + unit * n + d);
                    }
                }
            }
        }

        // The options that fit the givens, appended to their columns in order.
        let all = (1u32 << n) - 1;
        let shape = &self.shape;
        for cell in shape.cells() {
            if given[cell.index()] {
                continue;
            }
            let (row, col, region) = (cell.row(n), cell.col(n), shape.region_of(cell));
            let mut open = all & !(row_used[row] | col_used[col] | region_used[region]);
            while open != 0 {
                let d = open.trailing_zeros() as usize;
                open &= open - 1;
                let base = 4 * (cell.index() * n + d);
                for node in base..base + 4 {
                    let item = self.nodes[node].item;
                    let header = self.first_header + item;
                    let tail = self.nodes[header as usize].up;
                    self.nodes[node].up = tail;
                    self.nodes[node].down = header;
                    self.nodes[tail as usize].down = node as u16;
                    self.nodes[header as usize].up = node as u16;
                    self.len[item as usize] += 1;
                }
            }
        }
        true
    }
}

impl PuzzleMatrix for Kernel {
    /// Rebuilds the links for `puzzle`.
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.load(puzzle)
    }

    fn grid(&self, puzzle: &Puzzle, levels: usize) -> Grid {
        let n = self.n;
        let options = self.stack[..levels]
            .iter()
            .map(|&node| OptionId::new(u32::from(node >> 2)));
        let placements = placements(n, options);
        Grid::solved(puzzle, placements)
    }
}

impl Kernel {
    /// The item with the fewest options: the first with at most one, else the
    /// first with the fewest (item order breaks ties, as in the generic
    /// engine). `None` when every item is covered.
    #[inline]
    fn pick_item(&self) -> Option<(u16, u16)> {
        if self.open == 0 {
            return None;
        }
        let (chunks, _) = self.len[..self.scanned].as_chunks::<LANES>();
        let mut best = (0, u16::MAX);
        for (c, chunk) in chunks.iter().enumerate() {
            let min = chunk.iter().copied().min().unwrap_or(u16::MAX);
            if min <= 1 {
                let k = chunk.iter().position(|&len| len <= 1).unwrap_or(0);
                return Some(((c * LANES + k) as u16, chunk[k]));
            }
            if min < best.1 {
                let k = chunk.iter().position(|&len| len == min).unwrap_or(0);
                best = ((c * LANES + k) as u16, min);
            }
        }
        Some(best)
    }

    /// The other three nodes of `p`'s option, left to right.
    #[inline]
    fn others(p: u16) -> [u16; 3] {
        let base = p & !3;
        [
            base | ((p + 1) & 3),
            base | ((p + 2) & 3),
            base | ((p + 3) & 3),
        ]
    }

    #[inline]
    fn hide(&mut self, p: u16) {
        for q in Self::others(p) {
            let Node { up, down, item } = self.nodes[q as usize];
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            self.len[item as usize] -= 1;
        }
    }

    #[inline]
    fn unhide(&mut self, p: u16) {
        let [a, b, c] = Self::others(p);
        for q in [c, b, a] {
            let Node { up, down, item } = self.nodes[q as usize];
            self.nodes[up as usize].down = q;
            self.nodes[down as usize].up = q;
            self.len[item as usize] += 1;
        }
    }

    #[inline]
    fn cover(&mut self, item: u16) {
        let header = self.first_header + item;
        let mut p = self.nodes[header as usize].down;
        while p != header {
            self.hide(p);
            p = self.nodes[p as usize].down;
        }
        self.len[item as usize] |= COVERED;
        self.open -= 1;
    }

    #[inline]
    fn uncover(&mut self, item: u16) {
        self.len[item as usize] &= !COVERED;
        self.open += 1;
        let header = self.first_header + item;
        let mut p = self.nodes[header as usize].up;
        while p != header {
            self.unhide(p);
            p = self.nodes[p as usize].up;
        }
    }
}

impl Matrix for Kernel {
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        match self.pick_item() {
            None => Choice::Solved,
            Some((_, 0)) => Choice::DeadEnd,
            Some((item, _)) => {
                self.cover(item);
                self.stack[level] = self.nodes[(self.first_header + item) as usize].down;
                Choice::Item
            }
        }
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let p = self.stack[level];
        let item = self.nodes[p as usize].item;
        let guess = self.len[item as usize] & !COVERED > 1;
        for q in Self::others(p) {
            self.cover(self.nodes[q as usize].item);
        }
        Work {
            nodes: 1,
            guesses: u64::from(guess),
        }
    }

    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        let p = self.stack[level];
        let [a, b, c] = Self::others(p);
        for q in [c, b, a] {
            self.uncover(self.nodes[q as usize].item);
        }
        let next = self.nodes[p as usize].down;
        self.stack[level] = next;
        if next >= self.first_header {
            self.uncover(next - self.first_header);
            return false;
        }
        true
    }

    /// Nothing to undo: [`start`](PuzzleMatrix::start) rebuilds the links.
    fn unchoose(&mut self, _level: usize) {}
}

/// A zeroed table of 2¹⁶ entries on the heap.
fn boxed_table<T: Clone + Default>() -> Box<[T; SLOTS]> {
    match vec![T::default(); SLOTS].into_boxed_slice().try_into() {
        Ok(table) => table,
        Err(_) => unreachable!("the vector has exactly SLOTS entries"),
    }
}
