//! Algorithm X on bitboards, for 9×9 shapes (standard and jigsaw).
//!
//! Covering items in Sudoku's exact-cover matrix ([`crate::cover`]) leaves
//! open exactly the options whose four items are all still open, so the
//! matrix at any point of the search is a set of (cell, digit) placements,
//! which fits in nine 81-bit boards, one per digit, with bit `cell` set
//! while the placement is open. Alongside the boards each level keeps:
//!
//! * `cells`: the open digits of every cell (the boards transposed), so the
//!   options of a cell item are one load;
//! * `len`: the number of open options of every item, one byte per item in
//!   item order, [`COVERED`] once the item is covered, padded to a multiple
//!   of 16 so that the MRV scan runs on whole vector lanes.
//!
//! The options of an item, in option order, are a mask: the digits of a
//! cell item, or `board[digit] & unit` for a row, column or region item.
//!
//! Choosing option (c, d) covers its four items, removing every option that
//! shares one: the other digits of cell c (their row, column and region
//! counts drop by a 9-lane vector subtraction each), and digit d in the
//! peers of c (`board[d] & peers[c]`, a handful of bits, each dropping the
//! count of its cell and units). Nothing is ever undone: the search changes
//! one state in place, and a level with options left to try (a guess)
//! keeps a copy of its state (656 bytes) to start each of them from. Forced
//! choices, nine nodes in ten on hard puzzles, copy nothing.
//!
//! The search is Algorithm X as the generic engine runs it: the same MRV
//! choice (the first item with at most one option, else the first with the
//! fewest, in item order) and options tried in option order, so it walks
//! the same tree and reports the same statistics.

use dlx::Event;

use crate::{Digit, Grid, Puzzle, SearchStats, Shape, Variant};

/// The size this module is specialised for.
const N: usize = 9;

/// Cells, N².
const CELLS: usize = N * N;

/// Items, 4N²: cells, then row, column and region digits.
const ITEMS: usize = 4 * CELLS;

/// Counts scanned at once by the MRV choice.
const LANES: usize = 16;

/// `ITEMS` rounded up to a multiple of [`LANES`].
const PADDED: usize = ITEMS.div_ceil(LANES) * LANES;

/// Every digit of a cell.
const ALL: u16 = (1 << N) - 1;

/// The count of a covered item (and of the padding): never chosen.
const COVERED: u8 = u8::MAX;

/// A set of cells: bit `cell` (row-major, `0..81`).
type Board = u128;

/// The open part of the matrix at one level of the search.
#[derive(Clone, Copy, Debug)]
struct State {
    /// The cells where each digit is still open.
    boards: [Board; N],
    /// Open options per item, or [`COVERED`].
    len: [u8; PADDED],
    /// The digits still open in each cell: bit `d` for digit `d`.
    cells: [u16; CELLS],
}

impl State {
    const EMPTY: State = State {
        boards: [0; N],
        len: [COVERED; PADDED],
        cells: [0; CELLS],
    };
}

/// One level of the search: where its loop over options stands.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// The item chosen at this level.
    item: u16,
    /// Whether the item had more than one option (a guess).
    guess: bool,
    /// Options of the item not tried yet: digits of a cell item, cells of a
    /// unit item.
    to_try: u128,
    /// The option being tried: its cell and digit.
    cell: u8,
    digit: u8,
    /// Whether the state of this level waits on the stash for the options
    /// still to try.
    stashed: bool,
}

/// Knuth's steps, as in the generic engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Enter,
    Try,
    Leave,
}

/// The bitboard matrix of one 9×9 shape, and a resumable search over it.
#[derive(Debug)]
pub(crate) struct BitKernel {
    shape: Shape,
    /// The other cells of each cell's row, column and region.
    peers: [Board; CELLS],
    /// The first item of each cell's row, column and region family entry:
    /// adding a digit gives the unit item.
    bases: [[u16; 3]; CELLS],
    /// The cells of every unit in item order: rows, columns, regions.
    units: [Board; 3 * N],
    /// The units of each cell: its row, column and region.
    units_of: [[u8; 3]; CELLS],
    /// Cells to fill: the search is over once every one is.
    empty: usize,
    /// The state of the current level, changed in place by each choice.
    state: State,
    /// The states of the levels that have options left to try, innermost
    /// last: only guesses are copied, forced choices (most of the tree)
    /// never are, since nothing returns to their level.
    stash: Box<[State]>,
    stashed: usize,
    frames: Box<[Frame]>,
    level: usize,
    step: Step,
    stats: SearchStats,
}

impl BitKernel {
    /// The kernel for `shape`, or `None` unless it is 9×9 with four items
    /// per option (not X-Sudoku).
    pub(crate) fn new(shape: &Shape) -> Option<BitKernel> {
        if shape.size() != N || shape.variant() != Variant::Standard {
            return None;
        }
        let mut units = [0; 3 * N];
        let mut bases = [[0; 3]; CELLS];
        let mut units_of = [[0; 3]; CELLS];
        for cell in shape.cells() {
            let unit = [cell.row(N), N + cell.col(N), 2 * N + shape.region_of(cell)];
            for (k, u) in unit.into_iter().enumerate() {
                units[u] |= 1 << cell.index();
                bases[cell.index()][k] = (CELLS + u * N) as u16;
                units_of[cell.index()][k] = u as u8;
            }
        }
        let mut peers = [0; CELLS];
        for (c, peers) in peers.iter_mut().enumerate() {
            for base in bases[c] {
                *peers |= units[(base as usize - CELLS) / N];
            }
            *peers &= !(1 << c);
        }
        Some(BitKernel {
            shape: shape.clone(),
            peers,
            bases,
            units,
            units_of,
            empty: 0,
            state: State::EMPTY,
            stash: vec![State::EMPTY; CELLS].into_boxed_slice(),
            stashed: 0,
            frames: vec![Frame::default(); CELLS + 1].into_boxed_slice(),
            level: 0,
            step: Step::Enter,
            stats: SearchStats::default(),
        })
    }

    /// The statistics of the last search.
    pub(crate) fn stats(&self) -> SearchStats {
        self.stats
    }

    /// Starts a search for `puzzle`: fills level 0 with the options its
    /// givens leave open, and rewinds. `false` when givens clash.
    pub(crate) fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.stats = SearchStats::default();
        self.level = 0;
        self.step = Step::Enter;
        self.stashed = 0;
        let mut used = [0u16; 3 * N];
        for (c, given) in puzzle.cells().iter().enumerate() {
            if let Some(digit) = given {
                let bit = 1 << digit.index();
                let [row, col, region] = self.units_of[c].map(usize::from);
                if (used[row] | used[col] | used[region]) & bit != 0 {
                    return false;
                }
                used[row] |= bit;
                used[col] |= bit;
                used[region] |= bit;
            }
        }
        // Every unit item counts the open cells of its digit; the items of
        // givens (counting none) are covered.
        let mut state = State::EMPTY;
        state.len[CELLS..ITEMS].fill(0);
        let mut open: Board = 0;
        self.empty = 0;
        for (c, given) in puzzle.cells().iter().enumerate() {
            if given.is_none() {
                let [row, col, region] = self.units_of[c].map(usize::from);
                let digits = ALL & !(used[row] | used[col] | used[region]);
                state.cells[c] = digits;
                state.len[c] = digits.count_ones() as u8;
                for base in self.bases[c] {
                    let (low, high) = segment(&mut state.len, base as usize);
                    *low = (u64::from_le_bytes(*low) + spread(digits)).to_le_bytes();
                    *high += (digits >> 8) as u8;
                }
                open |= 1 << c;
                self.empty += 1;
            }
        }
        state.boards = [open; N];
        for (u, &used) in used.iter().enumerate() {
            let (low, high) = segment(&mut state.len, CELLS + u * N);
            *low = (u64::from_le_bytes(*low) | (spread(used) * 0xFF)).to_le_bytes();
            *high |= ((used >> 8) as u8).wrapping_neg();
            let mut rest = used;
            while rest != 0 {
                state.boards[rest.trailing_zeros() as usize] &= !self.units[u];
                rest &= rest - 1;
            }
        }
        self.state = state;
        true
    }

    /// The grid of the solution just found, givens included.
    pub(crate) fn grid(&self, puzzle: &Puzzle) -> Grid {
        let mut digits: Vec<Option<Digit>> = puzzle.cells().to_vec();
        for frame in &self.frames[..self.level] {
            digits[frame.cell as usize] = Digit::new(frame.digit);
        }
        Grid::from_solver(self.shape.clone(), digits.into_iter().flatten().collect())
    }

    /// Resumes the search until the next solution, the end, or `budget`
    /// more nodes.
    pub(crate) fn resume(&mut self, budget: u64) -> Event {
        let budget_end = self.stats.nodes.saturating_add(budget);
        let mut level = self.level;
        let mut step = self.step;
        let event = loop {
            match step {
                Step::Enter => {
                    if level == self.empty {
                        step = Step::Leave;
                        break Event::Solution;
                    }
                    let state = &self.state;
                    let (item, len) = choose(&state.len);
                    if len == 0 {
                        step = Step::Leave;
                        continue;
                    }
                    let frame = &mut self.frames[level];
                    frame.item = item as u16;
                    frame.guess = len > 1;
                    frame.stashed = false;
                    frame.to_try = if item < CELLS {
                        u128::from(state.cells[item])
                    } else {
                        let unit = (item - CELLS) / N;
                        state.boards[(item - CELLS) % N] & self.units[unit]
                    };
                    step = Step::Try;
                }
                Step::Try => {
                    let frame = &mut self.frames[level];
                    if frame.to_try == 0 {
                        step = Step::Leave;
                        continue;
                    }
                    if self.stats.nodes >= budget_end {
                        break Event::BudgetSpent;
                    }
                    self.stats.nodes += 1;
                    self.stats.guesses += u64::from(frame.guess);
                    let next = frame.to_try.trailing_zeros() as usize;
                    frame.to_try &= frame.to_try - 1;
                    let item = frame.item as usize;
                    let (cell, digit) = if item < CELLS {
                        (item, next)
                    } else {
                        (next, (item - CELLS) % N)
                    };
                    frame.cell = cell as u8;
                    frame.digit = digit as u8;
                    if frame.stashed {
                        // Back from an earlier option: this level's state
                        // is on the stash; the last option takes it off.
                        self.state = self.stash[self.stashed - 1];
                        if frame.to_try == 0 {
                            frame.stashed = false;
                            self.stashed -= 1;
                        }
                    } else if frame.to_try != 0 {
                        self.stash[self.stashed] = self.state;
                        self.stashed += 1;
                        frame.stashed = true;
                    }
                    self.place(cell, digit);
                    level += 1;
                    step = Step::Enter;
                }
                Step::Leave => {
                    if level == 0 {
                        step = Step::Enter;
                        break Event::Exhausted;
                    }
                    level -= 1;
                    step = Step::Try;
                }
            }
        };
        self.level = level;
        self.step = step;
        event
    }

    /// Chooses the option that puts `digit` in `cell`: covers its items.
    #[inline]
    fn place(&mut self, cell: usize, digit: usize) {
        let state = &mut self.state;
        let peers = state.boards[digit] & self.peers[cell];
        state.boards[digit] &= !(peers | 1 << cell);
        let others = state.cells[cell] & !(1 << digit);
        state.cells[cell] = 0;
        let bases = self.bases[cell];
        for base in bases {
            take(&mut state.len, base as usize, others);
        }
        let mut rest = others;
        while rest != 0 {
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            state.boards[d] &= !(1 << cell);
        }
        let mut rest = peers;
        while rest != 0 {
            let peer = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            state.cells[peer] &= !(1 << digit);
            state.len[peer] -= 1;
            for base in self.bases[peer] {
                state.len[base as usize + digit] -= 1;
            }
        }
        state.len[cell] = COVERED;
        for base in bases {
            state.len[base as usize + digit] = COVERED;
        }
    }
}

/// Removes one option from each of the nine items from `base` on whose
/// digit is in `digits`: one 8-byte subtraction (no count drops below zero,
/// so no borrow crosses a byte) and one byte.
#[inline(always)]
fn take(len: &mut [u8; PADDED], base: usize, digits: u16) {
    let (low, high) = segment(len, base);
    *low = (u64::from_le_bytes(*low) - spread(digits)).to_le_bytes();
    *high -= (digits >> 8) as u8;
}

/// The counts of the nine items from `base` on (a unit's digits): the
/// first eight as one word's bytes, and the ninth.
#[inline(always)]
fn segment(len: &mut [u8; PADDED], base: usize) -> (&mut [u8; 8], &mut u8) {
    match len[base..].split_first_chunk_mut::<8>() {
        Some((low, [high, ..])) => (low, high),
        _ => unreachable!("a unit's items are at least 9 before the end"),
    }
}

/// Bit `k` of the low byte of `digits` as byte `k` (0 or 1) of a word.
#[inline(always)]
fn spread(digits: u16) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Copy the byte to every lane, keep bit k in lane k, then turn each
    // nonzero lane into 1 by carrying it into the lane's top bit.
    let bits = (u64::from(digits & 0xFF) * ONES) & 0x8040_2010_0804_0201;
    ((bits + 0x7F * ONES) >> 7) & ONES
}

/// The first item with at most one option, else the first with the fewest,
/// and its count.
#[inline(always)]
fn choose(len: &[u8; PADDED]) -> (usize, u8) {
    let item = first_at_most(len, 1).unwrap_or_else(|| {
        let min = len.iter().fold(COVERED, |min, &count| min.min(count));
        first_at_most(len, min).unwrap_or(0)
    });
    (item, len[item])
}

/// The first item whose count is at most `bound` (below [`COVERED`]).
#[inline(always)]
fn first_at_most(len: &[u8; PADDED], bound: u8) -> Option<usize> {
    let (chunks, _) = len.as_chunks::<LANES>();
    for (c, chunk) in chunks.iter().enumerate() {
        // Written as a fold so that it compiles to a vector compare and one
        // mask test per chunk.
        if chunk
            .iter()
            .fold(false, |any, &count| any | (count <= bound))
        {
            let (low, high) = chunk.split_at(8);
            let low = below(low, bound + 1);
            let found = if low != 0 {
                low.trailing_zeros() / 8
            } else {
                8 + below(high, bound + 1).trailing_zeros() / 8
            };
            return Some(c * LANES + found as usize);
        }
    }
    None
}

/// The top bit of byte `k` set if `bytes[k] < limit` (`limit` ≤ 128), at
/// least for the lowest such byte: the borrow of a true lane may flag the
/// lanes above it, never a lane below.
#[inline(always)]
fn below(bytes: &[u8], limit: u8) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let mut word = [0; 8];
    word.copy_from_slice(bytes);
    let word = u64::from_le_bytes(word);
    word.wrapping_sub(u64::from(limit) * ONES) & !word & (0x80 * ONES)
}
