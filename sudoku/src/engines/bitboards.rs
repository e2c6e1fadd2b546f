//! Algorithm X on bitboards, for 9×9 shapes (standard and jigsaw).
//!
//! Covering items in Sudoku's exact-cover matrix ([`crate::cover`]) leaves
//! open exactly the options whose four items are all still open, so the
//! matrix at any point of the search is a set of (cell, digit) placements,
//! which fits in nine 81-bit boards, one per digit, with bit `cell` set
//! while the placement is open. Rows, columns and regions are tables built
//! from the shape, so a jigsaw costs the same as boxes. Alongside the boards
//! the state keeps:
//!
//! * `cells`: the open digits of every cell (the boards transposed), so the
//!   options of a cell item are one load;
//! * `len`: the number of open options of every item, one byte per item in
//!   item order, [`COVERED`] once the item is covered. The 81 cell items
//!   take slots `0..81` and the 243 unit items slots `88..331`; the gaps
//!   are [`COVERED`], so the MRV scan reads whole 8-byte words, and a unit
//!   item's slot is 88 plus a byte, which the compiler knows to be in the
//!   344-byte table: no bounds checks in the inner loop.
//!
//! The options of an item, in option order, are a mask: the digits of a
//! cell item, or `board[digit] & unit` for a row, column or region item.
//!
//! Trying option (c, d) covers its four items, removing every option that
//! shares one: the other digits of cell c (their row, column and region
//! counts drop by a 9-lane vector subtraction each), and digit d in the
//! peers of c (`board[d] & peers[c]`, a handful of bits, each dropping the
//! count of its cell and units). Nothing is ever undone: the search changes
//! one state in place, and a level with options left to try (a guess)
//! keeps a copy of its state (752 bytes) to start each of them from. Forced
//! choices, nine nodes in ten on hard puzzles, copy nothing.
//!
//! The search is Algorithm X as the generic engine runs it: the same MRV
//! choice (the first item with at most one option, else the first with the
//! fewest, in item order) and options tried in option order, so it walks
//! the same tree and reports the same statistics.

use dance_dlx::driver::{Choice, Matrix, Work};

use super::search::Stash;
use crate::{Digit, Grid, Puzzle, Shape, Variant};

/// The size this module is specialised for.
const N: usize = 9;

/// Cells, N².
const CELLS: usize = N * N;

/// Counts tested at once by the MRV scan: the bytes of a `u64`.
const WORD: usize = 8;

/// The slot of the first unit item in `len`: after the cells, at a whole
/// number of words.
const UNITS: usize = CELLS.div_ceil(WORD) * WORD;

/// Slots in `len`: unit items (243) and padding take one byte-indexed page
/// after [`UNITS`].
const SLOTS: usize = UNITS + 256;

/// Every digit of a cell.
const ALL: u16 = (1 << N) - 1;

/// A byte of ones in every lane of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The count of a covered item (and of the padding): never chosen.
const COVERED: u8 = u8::MAX;

/// A set of cells: bit `cell` (row-major, `0..81`).
type Board = u128;

/// Entries in tables indexed by a cell taken from a [`Board`]: the bit
/// index of a `u128` is below 128 (and the compiler knows it).
const BOARD_BITS: usize = 128;

/// The open part of the matrix at one level of the search.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The cells where each digit is still open.
    boards: [Board; N],
    /// Open options per item slot, or [`COVERED`].
    len: [u8; SLOTS],
    /// The digits still open in each cell: bit `d` for digit `d`.
    cells: [u16; BOARD_BITS],
}

impl State {
    const EMPTY: State = State {
        boards: [0; N],
        len: [COVERED; SLOTS],
        cells: [0; BOARD_BITS],
    };
}

/// One level of the search: where its loop over options stands.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Options of the chosen item not tried yet: digits of a cell item,
    /// cells of a unit item.
    to_try: u128,
    /// The chosen cell item, or `None` for a unit item of digit `digit`.
    cell_item: Option<u8>,
    /// Whether the item had more than one option (a guess).
    guess: bool,
    /// Whether the state of this level waits on the stash for the options
    /// still to try.
    stashed: bool,
    /// The option being tried: its cell and digit.
    cell: u8,
    digit: u8,
}

/// The bitboard matrix of one 9×9 shape, walked by the
/// [`Driver`](dance_dlx::driver::Driver).
#[derive(Debug)]
pub(crate) struct Bitboards {
    /// The other cells of each cell's row, column and region.
    peers: [Board; BOARD_BITS],
    /// Each cell and its peers.
    closed: [Board; BOARD_BITS],
    /// The slot of digit 0 of each cell's row, column and region, less
    /// [`UNITS`]: adding a digit gives the unit item's slot.
    bases: [[u8; 3]; BOARD_BITS],
    /// The cells of every unit in item order: rows, columns, regions.
    units: [Board; 3 * N],
    /// The units of each cell: its row, column and region.
    units_of: [[u8; 3]; BOARD_BITS],
    /// Cells to fill: the search is over once every one is.
    empty: usize,
    /// The state of the current level, changed in place by each choice.
    state: State,
    /// The states of the levels that have options left to try, innermost
    /// last: only guesses are copied, forced choices (most of the tree)
    /// never are, since nothing returns to their level.
    stash: Stash<State>,
    frames: Box<[Frame]>,
}

impl Bitboards {
    /// Whether `shape` runs on bitboards: 9×9 with four items per option.
    pub(crate) fn serves(shape: &Shape) -> bool {
        shape.size() == N && shape.variant() == Variant::Standard
    }

    /// The kernel for `shape`, or `None` unless it is 9×9 with four items
    /// per option (not X-Sudoku).
    pub(crate) fn new(shape: &Shape) -> Option<Bitboards> {
        if !Bitboards::serves(shape) {
            return None;
        }
        let mut units = [0; 3 * N];
        let mut bases = [[0; 3]; BOARD_BITS];
        let mut units_of = [[0; 3]; BOARD_BITS];
        for cell in shape.cells() {
            let unit = [cell.row(N), N + cell.col(N), 2 * N + shape.region_of(cell)];
            for (k, u) in unit.into_iter().enumerate() {
                units[u] |= 1 << cell.index();
                bases[cell.index()][k] = (u * N) as u8;
                units_of[cell.index()][k] = u as u8;
            }
        }
        let mut peers = [0; BOARD_BITS];
        let mut closed = [0; BOARD_BITS];
        for c in 0..CELLS {
            closed[c] = units_of[c]
                .iter()
                .fold(0, |all, &u| all | units[usize::from(u)]);
            peers[c] = closed[c] & !(1 << c);
        }
        Some(Bitboards {
            peers,
            closed,
            bases,
            units,
            units_of,
            empty: 0,
            state: State::EMPTY,
            stash: Stash::new(State::EMPTY, CELLS),
            frames: vec![Frame::default(); CELLS + 1].into_boxed_slice(),
        })
    }
}

impl super::search::PuzzleMatrix for Bitboards {
    /// Fills level 0 with the options the givens leave open.
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.stash.clear();
        // The digits each unit has among the givens, and the empty cells.
        let mut used = [0u16; 3 * N];
        let (mut empty, mut cell): (Board, Board) = (0, 1);
        for (given, units) in puzzle.cells().iter().zip(&self.units_of) {
            let [row, col, region] = units.map(usize::from);
            match given {
                Some(digit) => {
                    let bit = 1 << digit.index();
                    if (used[row] | used[col] | used[region]) & bit != 0 {
                        return false;
                    }
                    used[row] |= bit;
                    used[col] |= bit;
                    used[region] |= bit;
                }
                None => empty |= cell,
            }
            cell <<= 1;
        }
        // Every unit item counts the open cells of its digit; the items of
        // givens (counting none) are covered.
        let state = &mut self.state;
        *state = State::EMPTY;
        state.len[UNITS..UNITS + 3 * N * N].fill(0);
        state.boards = [empty; N];
        self.empty = 0;
        for (half, offset) in [(empty as u64, 0), ((empty >> 64) as u64, 64)] {
            let mut rest = half;
            while rest != 0 {
                let c = offset + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let [row, col, region] = self.units_of[c].map(usize::from);
                let digits = ALL & !(used[row] | used[col] | used[region]);
                let lanes = spread(digits);
                let high = (digits >> 8) as u8;
                state.cells[c] = digits;
                // The sum of the lanes, in the top byte.
                state.len[c] = (lanes.wrapping_mul(ONES) >> 56) as u8 + high;
                for base in self.bases[c] {
                    let (low, ninth) = segment(&mut state.len, base);
                    *low = (u64::from_le_bytes(*low) + lanes).to_le_bytes();
                    *ninth += high;
                }
                self.empty += 1;
            }
        }
        for (u, &used) in used.iter().enumerate() {
            let (low, high) = segment(&mut state.len, (u * N) as u8);
            *low = (u64::from_le_bytes(*low) | (spread(used) * 0xFF)).to_le_bytes();
            *high |= ((used >> 8) as u8).wrapping_neg();
            let mut rest = used;
            while rest != 0 {
                state.boards[rest.trailing_zeros() as usize] &= !self.units[u];
                rest &= rest - 1;
            }
        }
        true
    }

    fn grid(&self, puzzle: &Puzzle, levels: usize) -> Grid {
        let placements = self.frames[..levels].iter().map(|frame| {
            (
                usize::from(frame.cell),
                Digit::ALL[usize::from(frame.digit)],
            )
        });
        Grid::solved(puzzle, placements)
    }
}

impl Matrix for Bitboards {
    /// A solution once every cell is filled (one per level); else the first
    /// item with the fewest options.
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if level == self.empty {
            return Choice::Solved;
        }
        let state = &self.state;
        let (slot, len) = choose(&state.len);
        if len == 0 {
            return Choice::DeadEnd;
        }
        let frame = &mut self.frames[level];
        frame.guess = len > 1;
        frame.stashed = false;
        if slot < UNITS {
            frame.cell_item = Some(slot as u8);
            frame.to_try = u128::from(state.cells[slot]);
        } else {
            let (unit, digit) = ((slot - UNITS) / N, (slot - UNITS) % N);
            frame.cell_item = None;
            frame.digit = digit as u8;
            frame.to_try = state.boards[digit] & self.units[unit];
        }
        Choice::Item
    }

    /// Starts from the level's state (from the stash when an earlier option
    /// changed it) and places the next option.
    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let frame = &mut self.frames[level];
        let guess = frame.guess;
        let next = frame.to_try.trailing_zeros() as u8;
        frame.to_try &= frame.to_try - 1;
        match frame.cell_item {
            Some(cell) => (frame.cell, frame.digit) = (cell, next),
            None => frame.cell = next,
        }
        frame.stashed = self
            .stash
            .before_option(&mut self.state, frame.stashed, frame.to_try != 0);
        let (cell, digit) = (usize::from(frame.cell), usize::from(frame.digit));
        self.place(cell, digit);
        Work {
            nodes: 1,
            guesses: u64::from(guess),
        }
    }

    /// Nothing to undo: the next option starts from the stashed state (and
    /// a finished level's state was never kept, or went with its last
    /// option).
    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        self.frames[level].to_try != 0
    }

    /// Nothing to undo: [`start`](super::search::PuzzleMatrix::start) begins afresh.
    fn unchoose(&mut self, _level: usize) {}
}

impl Bitboards {
    /// Tries the option that puts `digit` in `cell`: covers its items.
    #[inline(always)]
    fn place(&mut self, cell: usize, digit: usize) {
        let state = &mut self.state;
        let peers = state.boards[digit] & self.peers[cell];
        state.boards[digit] &= !self.closed[cell];
        let others = state.cells[cell] & !(1 << digit);
        state.cells[cell] = 0;
        let bases = self.bases[cell];
        // A cell item with one option left (a naked single, the most
        // common choice) has no other digits to remove.
        if others != 0 {
            for base in bases {
                take(&mut state.len, base, others);
            }
            let not_cell = !(self.closed[cell] ^ self.peers[cell]);
            let mut rest = others;
            while rest != 0 {
                state.boards[rest.trailing_zeros() as usize] &= not_cell;
                rest &= rest - 1;
            }
        }
        let (d, not_d) = (digit as u8, !(1 << digit));
        // A word at a time: the low and high halves of a `u128` each give
        // a single tzcnt and a single blsr-like step.
        for (half, offset) in [(peers as u64, 0), ((peers >> 64) as u64, 64)] {
            let mut rest = half;
            while rest != 0 {
                let peer = offset + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                state.cells[peer] &= not_d;
                state.len[peer] -= 1;
                for base in self.bases[peer] {
                    state.len[UNITS + usize::from(base + d)] -= 1;
                }
            }
        }
        state.len[cell] = COVERED;
        for base in bases {
            state.len[UNITS + usize::from(base + d)] = COVERED;
        }
    }
}

/// Removes one option from each of the nine unit items from `base` on
/// whose digit is in `digits`: one 8-byte subtraction (no count drops below
/// zero, so no borrow crosses a byte) and one byte.
#[inline(always)]
fn take(len: &mut [u8; SLOTS], base: u8, digits: u16) {
    let (low, high) = segment(len, base);
    *low = (u64::from_le_bytes(*low) - spread(digits)).to_le_bytes();
    *high -= (digits >> 8) as u8;
}

/// The counts of the nine unit items from `base` on (a unit's digits): the
/// first eight as one word's bytes, and the ninth.
#[inline(always)]
fn segment(len: &mut [u8; SLOTS], base: u8) -> (&mut [u8; 8], &mut u8) {
    match len[UNITS + usize::from(base)..].split_first_chunk_mut::<8>() {
        Some((low, [high, ..])) => (low, high),
        _ => unreachable!("a unit's items end before the last page of slots"),
    }
}

/// Bit `k` of the low byte of `digits` as byte `k` (0 or 1) of a word.
#[inline(always)]
fn spread(digits: u16) -> u64 {
    // Copy the byte to every lane, keep bit k in lane k, then turn each
    // nonzero lane into 1 by carrying it into the lane's top bit.
    let bits = (u64::from(digits & 0xFF) * ONES) & 0x8040_2010_0804_0201;
    ((bits + 0x7F * ONES) >> 7) & ONES
}

/// The slot of the first item with at most one option, else of the first
/// with the fewest, and its count.
#[inline(always)]
fn choose(len: &[u8; SLOTS]) -> (usize, u8) {
    // Some item is open while a cell is empty, so the minimum is a count
    // (at most 9) and some slot has it.
    let slot = first_at_most(len, 1).unwrap_or_else(|| {
        let min = len.iter().fold(COVERED, |min, &count| min.min(count));
        first_at_most(len, min).unwrap_or(0)
    });
    (slot, len[slot])
}

/// The slot of the first item whose count is at most `bound` (at most 9).
#[inline(always)]
fn first_at_most(len: &[u8; SLOTS], bound: u8) -> Option<usize> {
    // A word at a time in general-purpose registers: each node's scan
    // waits on the counts the last node stored, and testing a word there
    // is a shorter wait than a vector compare and its mask (measured:
    // 3-5% faster per puzzle than 16-byte vector tests, for more
    // instructions).
    let (words, _) = len.as_chunks::<WORD>();
    for (w, word) in words.iter().enumerate() {
        let flags = below(word, bound + 1);
        if flags != 0 {
            return Some(w * WORD + flags.trailing_zeros() as usize / 8);
        }
    }
    None
}

/// The top bit of byte `k` set if `word[k] < limit` (`limit` ≤ 128), at
/// least for the lowest such byte: the borrow of a true byte may flag the
/// bytes above it, never a byte below; [`COVERED`] bytes are never flagged.
#[inline(always)]
fn below(word: &[u8; WORD], limit: u8) -> u64 {
    let word = u64::from_le_bytes(*word);
    word.wrapping_sub(u64::from(limit) * ONES) & !word & (0x80 * ONES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::search::{self, Driven, ShapeSearch};
    use crate::{Grid, Solver, Stats};
    use dance_dlx::Event;

    /// Norvig's hardest, and an empty board (many solutions).
    const PUZZLES: [&str; 2] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ".................................................................................",
    ];

    /// The solutions and events of a search to its end (or to
    /// `solutions` solutions), resumed with `budget` nodes at a time, and
    /// its final statistics.
    fn run(puzzle: &Puzzle, budget: u64, solutions: usize) -> (Vec<Grid>, Vec<Event>, Stats) {
        let mut kernel = Driven::new(Bitboards::new(puzzle.shape()).unwrap());
        let (grids, events) = search::solutions(&mut kernel, puzzle, budget, solutions);
        (grids, events, kernel.stats())
    }

    #[test]
    fn a_budget_of_one_node_walks_the_same_tree() {
        for text in PUZZLES {
            let puzzle: Puzzle = text.parse().unwrap();
            let whole = run(&puzzle, u64::MAX, 3);
            let stepped = run(&puzzle, 1, 3);
            assert_eq!(whole, stepped, "{text}");
            assert!(whole.2.nodes > 0);
        }
    }

    #[test]
    fn clashing_givens_are_refused_and_the_next_puzzle_starts_clean() {
        let shape = Shape::boxed(9).unwrap();
        let mut kernel = Driven::new(Bitboards::new(&shape).unwrap());
        let clash: Puzzle = format!("5....5{}", ".".repeat(75)).parse().unwrap();
        assert!(!kernel.start(&clash));
        let norvig: Puzzle = PUZZLES[0].parse().unwrap();
        assert!(kernel.start(&norvig));
        assert_eq!(kernel.resume(u64::MAX), Event::Solution);
        let grid = kernel.grid(&norvig);
        crate::verify(&norvig, &grid).unwrap();
        assert_eq!(kernel.resume(u64::MAX), Event::Exhausted);
        let mut generic = Solver::generic();
        assert_eq!(generic.count(&norvig, 2).solutions, 1);
        let (ours, theirs) = (kernel.stats(), generic.stats());
        assert_eq!((ours.nodes, ours.guesses), (theirs.nodes, theirs.guesses));
    }

    #[test]
    fn only_9x9_shapes_without_diagonals_run_on_bitboards() {
        assert!(Bitboards::new(&Shape::boxed(9).unwrap()).is_some());
        let map =
            "aaaabbcccaabbbbcccaaaebbcccdddebffffdddeeeeffdgdeeeiffggdhhhifiggghhiiiiggghhhhii";
        let labels: Vec<u8> = map.bytes().map(|b| b - b'a').collect();
        assert!(Bitboards::new(&Shape::jigsaw(9, &labels).unwrap()).is_some());
        assert!(Bitboards::new(&Shape::boxed(4).unwrap()).is_none());
        assert!(Bitboards::new(&Shape::boxed(16).unwrap()).is_none());
        let x = Shape::boxed(9).unwrap().with_variant(Variant::X);
        assert!(Bitboards::new(&x).is_none());
    }
}
