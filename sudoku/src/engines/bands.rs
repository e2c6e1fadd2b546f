//! Algorithm X on bands, for the classic 9×9 shape: forced choices found
//! bit-parallel, in bulk, and item counts computed only where the search
//! branches.
//!
//! This engine walks Algorithm X's tree, the reference: a solver on
//! [`Tree::AlgorithmX`](crate::Tree::AlgorithmX) runs it, and the rating
//! ([`crate::rate`]) is defined on it. The default engine for the shape,
//! [`deductions`](super::deductions), keeps the same band words but makes deductions of
//! its own and walks its own, smaller tree.
//!
//! Covering items in Sudoku's exact-cover matrix ([`crate::cover`]) leaves
//! open exactly the options whose four items are all still open, so the
//! matrix at any point of the search is a set of (cell, digit) placements.
//! Here it is kept as 27 words of 27 bits: for each digit and each band
//! (three rows of boxes), the cells of the band where the digit is still
//! open *or already placed*, bit `9 · row + column` within the band — so a
//! cell's bit in band `b` is its index less `27 · b`. Beside them, the
//! cells still empty, one word per band. Placing a digit clears it from
//! the cell's row, column and box and clears the cell from the other
//! digits; a unit's word then holds its digit's open cells, or the one cell
//! where it is placed.
//!
//! # The same tree as Dancing Links
//!
//! The generic engine runs Algorithm X with the MRV rule: at each node,
//! the first item (in item order) with the fewest options. An item with
//! one option is a forced choice (a naked single for a cell item, a hidden
//! single for a row, column or box item); one with none ends the branch.
//! Forced choices stay forced whatever order they are made in, and making
//! them in any order either reaches the same state with no item at one
//! option or less, or runs some item out of options. So this engine makes
//! them in bulk, found a band and a digit at a time with word operations,
//! until none is left or an item runs out; only then does it count the
//! items' options, to branch where the generic engine branches: on the
//! first item with the fewest. Usually that is the first cell with two
//! digits open (cells come first in item order, and no item has fewer),
//! found with three words per band; the full count of all 324 items runs
//! only when no cell has two. The options of the chosen item are tried in
//! option order.
//!
//! So both engines make the same guesses, in the same order, and find the
//! same solutions in the same order. Nodes count the options tried, the
//! forced ones included; they match the generic engine's on every branch
//! that leads to a solution. On a branch that dies, the generic engine
//! stops at the first item that runs out, this one at the end of a round of
//! forced choices, so their node counts may differ there; their guesses do
//! not.
//!
//! Nothing is ever undone: a guess keeps a copy of the state (228 bytes)
//! while it has options left to try, and each of them starts from it.

use dance_dlx::driver::{Choice, Matrix, Work};

use super::search::Stash;
use crate::values::Values;
use crate::{Digit, Grid, Puzzle, Shape, Variant};

/// The size this module is specialised for.
pub(crate) const N: usize = 9;

/// Cells of a band: three rows.
pub(crate) const BAND_CELLS: usize = 27;

/// Every cell of a band.
pub(crate) const BAND: u32 = (1 << BAND_CELLS) - 1;

/// Every column of a row.
pub(crate) const ROW: u32 = (1 << N) - 1;

/// The first row of a band's cells in each box of the band: the box's
/// three columns.
pub(crate) const TRIAD: u32 = 0b111;

/// The cells of each box in a band, left to right.
const BOXES: [u32; 3] = {
    let column = TRIAD | TRIAD << N | TRIAD << (2 * N);
    [column, column << 3, column << 6]
};

/// The dirty bit of digit `digit` in band `band` (see [`State::force`]).
const fn word(digit: usize, band: usize) -> usize {
    N * band + digit
}

/// The dirty bits of every digit of each band.
const BAND_WORDS: [u32; 3] = [0x1FF, 0x1FF << N, 0x1FF << (2 * N)];

/// For each cell of a band, the band's cells left open by placing a digit
/// there: all but the cell's row and box, the cell itself kept.
pub(crate) const KEEP: [u32; BAND_CELLS] = {
    let mut keep = [0; BAND_CELLS];
    let mut i = 0;
    while i < BAND_CELLS {
        let row = ROW << (9 * (i / 9));
        let region = BOXES[(i % 9) / 3];
        keep[i] = (BAND & !(row | region)) | 1 << i;
        i += 1;
    }
    keep
};

/// For each cell of a band, the cells of its column in one band.
pub(crate) const COLUMNS: [u32; BAND_CELLS] = {
    let mut columns = [0; BAND_CELLS];
    let mut i = 0;
    while i < BAND_CELLS {
        let c = i % N;
        columns[i] = 1 << c | 1 << (c + 9) | 1 << (c + 18);
        i += 1;
    }
    columns
};

/// A one in each of the six 5-bit fields of [`COUNTS`].
const FIELDS: u32 = 0b00001_00001_00001_00001_00001_00001;

/// The counts of a band's six units in a row of it, one 5-bit field each:
/// `COUNTS[k][cells]` for the cells of row `k` of the band gives each box's
/// cells in that row (fields 0 to 2) and the row's (field 3 + k), so the
/// sum over the three rows has every unit's count.
const COUNTS: [[u32; 1 << N]; 3] = {
    let mut counts = [[0; 1 << N]; 3];
    let mut cells = 0;
    while cells < 1 << N {
        let bits = cells as u32;
        let boxes = (bits & TRIAD).count_ones()
            | (bits >> 3 & TRIAD).count_ones() << 5
            | (bits >> 6 & TRIAD).count_ones() << 10;
        let mut k = 0;
        while k < 3 {
            counts[k][cells] = boxes | bits.count_ones() << (15 + 5 * k);
            k += 1;
        }
        cells += 1;
    }
    counts
};

/// For each cell of a band, 2 in the [`COUNTS`] fields of its row and its
/// box.
const COVERS: [u32; BAND_CELLS] = {
    let mut covers = [0; BAND_CELLS];
    let mut i = 0;
    while i < BAND_CELLS {
        covers[i] = 2 << (5 * ((i % N) / 3)) | 2 << (15 + 5 * (i / N));
        i += 1;
    }
    covers
};

/// The matrix at one point of the search.
#[derive(Clone, Copy, Debug)]
struct State {
    /// For each band and digit: the cells where the digit is open or
    /// placed. The nine digits of a band are side by side, so clearing a
    /// cell from all of them is one vector operation.
    digits: [[u32; N]; 3],
    /// The empty cells of each band.
    open: [u32; 3],
    /// For each band and digit: 2 in the [`COUNTS`] field of every row and
    /// box of the band where the digit is placed, so that a covered unit
    /// never looks like one with a single option.
    covered: [[u32; N]; 3],
}

impl State {
    const EMPTY: State = State {
        digits: [[BAND; N]; 3],
        open: [BAND; 3],
        covered: [[0; N]; 3],
    };
}

/// Why a round of forced choices stopped short: some item ran out of
/// options.
#[derive(Clone, Copy, Debug)]
struct DeadEnd;

/// One level of the search: where its loop over options stands.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    /// Options of the chosen item not tried yet: digits of a cell item,
    /// cells of a unit item.
    to_try: u128,
    /// What the level tries.
    kind: Kind,
    /// Whether the state of this level waits on the stash for the options
    /// still to try.
    stashed: bool,
}

/// What a level of the search tries.
#[derive(Clone, Copy, Debug, Default)]
enum Kind {
    /// The forced choices of the givens, in bulk: the first level only.
    #[default]
    Forced,
    /// The digits of a cell.
    Cell(u8),
    /// The cells of a unit for a digit.
    Unit(u8),
}

/// The band matrix of the classic 9×9 shape, walked by the
/// [`Driver`](dance_dlx::driver::Driver).
#[derive(Debug)]
pub(crate) struct Bands {
    /// The state of the current level, changed in place by each choice.
    state: State,
    /// Whether the last level's forced choices ran an item out of options.
    dead: bool,
    /// The states of the levels that have options left to try, innermost
    /// last.
    stash: Stash<State>,
    frames: Box<[Frame]>,
}

impl Bands {
    /// Whether `shape` runs on bands: 9×9 with boxes and four items per
    /// option.
    pub(crate) fn serves(shape: &Shape) -> bool {
        shape.size() == N && shape.variant() == Variant::Standard && !shape.is_jigsaw()
    }

    /// The engine for `shape`, or `None` unless [`serves`](Self::serves).
    pub(crate) fn new(shape: &Shape) -> Option<Bands> {
        Bands::serves(shape).then(|| Bands {
            state: State::EMPTY,
            dead: false,
            // A level per guess (at most one per cell) and the first.
            stash: Stash::new(State::EMPTY, N * N),
            frames: vec![Frame::default(); N * N + 2].into_boxed_slice(),
        })
    }
}

impl super::search::PuzzleMatrix for Bands {
    /// Places the givens; the first level makes the forced choices.
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.stash.clear();
        self.dead = false;
        self.state = State::EMPTY;
        for (band, cells) in puzzle.cells().chunks_exact(BAND_CELLS).enumerate() {
            for (bit, digit) in cells.iter().enumerate() {
                let Some(digit) = digit else { continue };
                // Two givens clash when the second finds its digit gone.
                if !self.state.place(digit.index(), band, bit) {
                    return false;
                }
            }
        }
        true
    }

    fn grid(&self, puzzle: &Puzzle, _levels: usize) -> Grid {
        placed_grid(puzzle, &self.state.digits)
    }
}

impl Matrix for Bands {
    /// The forced choices at the first level; then a solution once every
    /// cell is filled, else the first item with the fewest options.
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.dead {
            return Choice::DeadEnd;
        }
        if level == 0 {
            self.frames[0] = Frame {
                to_try: 0,
                kind: Kind::Forced,
                stashed: false,
            };
            return Choice::Item;
        }
        let state = &self.state;
        if state.open == [0; 3] {
            return Choice::Solved;
        }
        self.frames[level] = state.branch();
        Choice::Item
    }

    /// Starts from the level's state (from the stash when an earlier option
    /// changed it), places the next option and makes the forced choices
    /// that follow.
    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let frame = &mut self.frames[level];
        let (digit, cell) = match frame.kind {
            Kind::Forced => {
                // No word was seen: every one is checked.
                let (nodes, dead) = match self.state.force([[u32::MAX; N]; 3]) {
                    Ok(nodes) => (nodes, false),
                    Err((nodes, DeadEnd)) => (nodes, true),
                };
                self.dead = dead;
                return Work { nodes, guesses: 0 };
            }
            Kind::Cell(cell) => (frame.to_try.trailing_zeros() as usize, usize::from(cell)),
            Kind::Unit(digit) => (usize::from(digit), frame.to_try.trailing_zeros() as usize),
        };
        frame.to_try &= frame.to_try - 1;
        frame.stashed = self
            .stash
            .before_option(&mut self.state, frame.stashed, frame.to_try != 0);
        let (band, bit) = (cell / BAND_CELLS, cell % BAND_CELLS);
        let seen = self.state.digits;
        let placed = self.state.place(digit, band, bit);
        debug_assert!(placed, "an option of the chosen item is open");
        let (forced, dead) = match self.state.force(seen) {
            Ok(nodes) => (nodes, false),
            Err((nodes, DeadEnd)) => (nodes, true),
        };
        self.dead = dead;
        Work {
            nodes: 1 + forced,
            guesses: 1,
        }
    }

    /// Nothing to undo: the next option starts from the stashed state.
    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        self.dead = false;
        self.frames[level].to_try != 0
    }

    /// Nothing to undo: [`start`](super::search::PuzzleMatrix::start) begins afresh.
    fn unchoose(&mut self, _level: usize) {}
}

impl State {
    /// Places `digit` in the empty cell `bit` of `band`, if the digit is
    /// open there: clears the digit from the cell's row, column and box and
    /// the cell from the other digits. `false` when it is not (a peer holds
    /// the digit).
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: usize) -> bool {
        let cell = 1 << bit;
        debug_assert_ne!(self.open[band] & cell, 0, "only an empty cell is placed");
        let own = self.digits[band][digit];
        if own & cell == 0 {
            return false;
        }
        self.open[band] &= !cell;
        for cells in &mut self.digits[band] {
            *cells &= !cell;
        }
        // The column leaves every band, this one's word is then set whole.
        let column = COLUMNS[bit];
        for words in &mut self.digits {
            words[digit] &= !column;
        }
        self.digits[band][digit] = own & KEEP[bit];
        self.covered[band][digit] += COVERS[bit];
        true
    }

    /// Makes every forced choice that follows from the changes since
    /// `seen` (the words as they were when last checked), until none is
    /// left: the number of choices made, or the error once some item has
    /// no option left (with the choices made until then).
    fn force(&mut self, mut seen: [[u32; N]; 3]) -> Result<u64, (u64, DeadEnd)> {
        let mut nodes = 0;
        loop {
            let mut dirty = 0;
            for (band, (now, then)) in self.digits.iter().zip(&seen).enumerate() {
                for (d, (now, then)) in now.iter().zip(then).enumerate() {
                    dirty |= u32::from(now != then) << word(d, band);
                }
            }
            if dirty == 0 {
                return Ok(nodes);
            }
            seen = self.digits;
            let before = nodes;
            if let Err(dead) = self.round(dirty, &mut nodes) {
                return Err((nodes, dead));
            }
            // Only a choice changes a word: a round that made none leaves
            // nothing to check.
            if nodes == before {
                return Ok(nodes);
            }
        }
    }

    /// One round: the hidden singles of the dirty words' rows and boxes,
    /// of their digits' columns, and the naked singles of their bands.
    #[inline(always)]
    fn round(&mut self, round: u32, nodes: &mut u64) -> Result<(), DeadEnd> {
        for band in 0..3 {
            let mut digits = round >> (N * band) & ROW;
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                self.rows_and_boxes(digit, band, nodes)?;
            }
        }
        let mut digits = (round | round >> N | round >> (2 * N)) & ROW;
        while digits != 0 {
            let digit = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.columns(digit, nodes)?;
        }
        for (band, words) in BAND_WORDS.iter().enumerate() {
            if round & words != 0 {
                self.cells(band, nodes)?;
            }
        }
        Ok(())
    }

    /// Hidden singles in the rows and boxes of `digit` in `band`.
    #[inline(always)]
    fn rows_and_boxes(
        &mut self,
        digit: usize,
        band: usize,
        nodes: &mut u64,
    ) -> Result<(), DeadEnd> {
        let cells = self.digits[band][digit];
        // The six units' counts, one 5-bit field each, plus 2 for a unit
        // where the digit is placed: usually all at two or more, which one
        // addition tells.
        let counts = counts(cells) + self.covered[band][digit];
        if (counts + FIELDS * 14) & (FIELDS * 16) == FIELDS * 16 {
            return Ok(());
        }
        if (counts + FIELDS * 15) & (FIELDS * 16) != FIELDS * 16 {
            return Err(DeadEnd);
        }
        // No unit is empty: those below two have one open cell each, the
        // digit's cell there. Their flags, one per field, pick their cells.
        let ones = !(counts + FIELDS * 14) >> 4 & FIELDS;
        let units = BOX_UNITS[gather(ones)] | ROW_UNITS[gather(ones >> 15)];
        self.place_all(digit, band, cells & units, nodes)
    }

    /// Hidden singles in the columns of `digit`.
    #[inline(always)]
    fn columns(&mut self, digit: usize, nodes: &mut u64) -> Result<(), DeadEnd> {
        let [a, b, c] = [0, 1, 2].map(|band| self.digits[band][digit]);
        // Per cell of a band: whether the digit is in that place in at
        // least one band, in at least two; then the same over the rows.
        let (any, two) = (a | b | c, (a & b) | (c & (a | b)));
        let rows = [any & ROW, any >> 9 & ROW, any >> 18];
        let any = rows[0] | rows[1] | rows[2];
        let two = ((two | two >> 9 | two >> 18) & ROW)
            | (rows[0] & rows[1])
            | (rows[2] & (rows[0] | rows[1]));
        if any != ROW {
            return Err(DeadEnd);
        }
        // A column where the digit is placed has one cell too, but not an
        // empty one.
        let one = any & !two;
        let spread = one | one << 9 | one << 18;
        let singles = |band: usize| self.digits[band][digit] & spread & self.open[band];
        // Rarely true. The singles are read again below rather than kept in
        // an array: that shape compiled to 17% more instructions in all.
        if singles(0) | singles(1) | singles(2) != 0 {
            for band in 0..3 {
                let singles = self.digits[band][digit] & spread & self.open[band];
                self.place_all(digit, band, singles, nodes)?;
            }
        }
        Ok(())
    }

    /// Naked singles among the cells of `band`, and cells with no digit.
    #[inline(always)]
    fn cells(&mut self, band: usize, nodes: &mut u64) -> Result<(), DeadEnd> {
        // A placed cell has its own digit alone: it looks like a single,
        // and the empty cells are the ones to look at.
        let open = self.open[band];
        let (mut one, mut two) = (0, 0);
        for &cells in &self.digits[band] {
            two |= one & cells;
            one |= cells;
        }
        if open & !one != 0 {
            return Err(DeadEnd);
        }
        let singles = one & !two & open;
        if singles != 0 {
            for d in 0..N {
                let mine = singles & self.digits[band][d];
                self.place_all(d, band, mine, nodes)?;
            }
        }
        Ok(())
    }

    /// Places `digit` in every cell of `band` in `cells` (forced choices,
    /// all in empty cells).
    #[inline(always)]
    fn place_all(
        &mut self,
        digit: usize,
        band: usize,
        cells: u32,
        nodes: &mut u64,
    ) -> Result<(), DeadEnd> {
        let mut rest = cells;
        while rest != 0 {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if !self.place(digit, band, bit) {
                return Err(DeadEnd);
            }
            *nodes += 1;
        }
        Ok(())
    }

    /// The level that branches on the first item with the fewest options
    /// (at least two, once no choice is forced).
    fn branch(&self) -> Frame {
        // A cell with two digits, if any: no item has fewer options, and
        // cells come first.
        for band in 0..3 {
            // A placed cell has one digit: never two.
            let (mut one, mut two, mut three) = (0, 0, 0);
            for &cells in &self.digits[band] {
                three |= two & cells;
                two |= one & cells;
                one |= cells;
            }
            let pairs = two & !three;
            if pairs != 0 {
                let bit = pairs.trailing_zeros() as usize;
                return self.cell_frame(BAND_CELLS * band + bit);
            }
        }
        self.branch_by_counts()
    }

    /// The level trying the digits of `cell`.
    fn cell_frame(&self, cell: usize) -> Frame {
        let (band, bit) = (cell / BAND_CELLS, cell % BAND_CELLS);
        let mut digits = 0;
        for d in 0..N {
            digits |= u128::from(self.digits[band][d] >> bit & 1) << d;
        }
        Frame {
            to_try: digits,
            kind: Kind::Cell(cell as u8),
            stashed: false,
        }
    }

    /// The MRV choice by counting every open item's options, in item
    /// order: cells, then rows, columns and boxes, each by digit.
    fn branch_by_counts(&self) -> Frame {
        // The first item with the fewest options: count, item number.
        let mut best = (u32::MAX, 0);
        let mut consider = |count: u32, item: usize| {
            if count < best.0 {
                best = (count, item);
            }
        };
        // Cells: each open cell's digits counted bit-sliced, four bits of
        // the count in four words.
        for band in 0..3 {
            let open = self.open[band];
            let mut planes = [0u32; 4];
            for &cells in &self.digits[band] {
                let mut carry = cells & open;
                for plane in &mut planes {
                    (*plane, carry) = (*plane ^ carry, *plane & carry);
                }
            }
            for bit in cells(open) {
                let count = (0..4).fold(0, |count, k| count | (planes[k] >> bit & 1) << k);
                consider(count, BAND_CELLS * band + bit);
            }
        }
        // Rows and boxes from each word's unit counts (a unit where the
        // digit is placed is covered); columns counted bit-sliced over the
        // rows, per digit.
        let fields = |band: usize, d: usize, field: usize| {
            let covered = self.covered[band][d] >> (5 * field) & 31 != 0;
            (!covered).then_some(counts(self.digits[band][d]) >> (5 * field) & 31)
        };
        let columns: [[Option<u32>; N]; N] = std::array::from_fn(|d| self.column_counts(d));
        for row in 0..N {
            for d in 0..N {
                if let Some(count) = fields(row / 3, d, 3 + row % 3) {
                    consider(count, N * N + N * row + d);
                }
            }
        }
        for column in 0..N {
            for (d, counts) in columns.iter().enumerate() {
                if let Some(count) = counts[column] {
                    consider(count, 2 * N * N + N * column + d);
                }
            }
        }
        for region in 0..N {
            for d in 0..N {
                if let Some(count) = fields(region / 3, d, region % 3) {
                    consider(count, 3 * N * N + N * region + d);
                }
            }
        }
        self.item_frame(best.1)
    }

    /// The number of cells of each column where `digit` is open, or `None`
    /// where it is placed.
    fn column_counts(&self, digit: usize) -> [Option<u32>; N] {
        let (mut planes, mut placed) = ([0u32; 4], 0);
        for band in 0..3 {
            let cells = self.digits[band][digit];
            let here = cells & !self.open[band];
            placed |= here | here >> N | here >> (2 * N);
            for row in 0..3 {
                let mut carry = cells >> (N * row) & ROW;
                for plane in &mut planes {
                    (*plane, carry) = (*plane ^ carry, *plane & carry);
                }
            }
        }
        std::array::from_fn(|column| {
            (placed >> column & 1 == 0)
                .then(|| (0..4).fold(0, |count, k| count | (planes[k] >> column & 1) << k))
        })
    }

    /// The level trying the options of `item` (numbered as in
    /// [`crate::cover`]).
    fn item_frame(&self, item: usize) -> Frame {
        if item < N * N {
            return self.cell_frame(item);
        }
        let (family, unit, digit) = (item / (N * N) - 1, item / N % N, item % N);
        let cells = (0..3).fold(0, |all, band| {
            all | u128::from(self.digits[band][digit]) << (BAND_CELLS * band)
        });
        Frame {
            to_try: cells & UNITS[family][unit],
            kind: Kind::Unit(digit as u8),
            stashed: false,
        }
    }
}

/// The cells of every unit, by cell index: rows, columns, boxes, each in
/// order.
const UNITS: [[u128; N]; 3] = {
    let mut units = [[0; N]; 3];
    let mut cell = 0;
    while cell < N * N {
        let (row, col) = (cell / N, cell % N);
        units[0][row] |= 1 << cell;
        units[1][col] |= 1 << cell;
        units[2][row / 3 * 3 + col / 3] |= 1 << cell;
        cell += 1;
    }
    units
};

/// The cells of the boxes of a band picked by each set of three flags.
const BOX_UNITS: [u32; 8] = unions(BOXES);

/// The cells of the rows of a band picked by each set of three flags.
const ROW_UNITS: [u32; 8] = unions([ROW, ROW << N, ROW << (2 * N)]);

/// For each set of three flags, the union of the units whose flags are set
/// (unit `k` for bit `k`).
const fn unions(units: [u32; 3]) -> [u32; 8] {
    let mut picked = [0; 8];
    let mut flags = 0;
    while flags < 8 {
        let mut k = 0;
        while k < 3 {
            if flags >> k & 1 == 1 {
                picked[flags] |= units[k];
            }
            k += 1;
        }
        flags += 1;
    }
    picked
}

/// The lowest bits of the first three 5-bit fields of `fields`, side by
/// side: bits 0, 5 and 10 to bits 0, 1 and 2. One multiplication moves
/// each to bit 10 + k; the other products land elsewhere, with no carry.
#[inline(always)]
fn gather(fields: u32) -> usize {
    ((fields & FIELDS & 0x7FFF).wrapping_mul(1 << 10 | 1 << 6 | 1 << 2) >> 10 & 0b111) as usize
}

/// The counts of the six units of a band in `cells`: see [`COUNTS`].
#[inline(always)]
fn counts(cells: u32) -> u32 {
    COUNTS[0][(cells & ROW) as usize]
        + COUNTS[1][(cells >> 9 & ROW) as usize]
        + COUNTS[2][(cells >> 18) as usize]
}

/// The grid of a solution in band words (`words[band][digit]`, every cell
/// filled): each band's digits, word by word.
pub(crate) fn placed_grid(puzzle: &Puzzle, words: &[[u32; N]; 3]) -> Grid {
    // Every cell the last digit first, then the others' cells: a ninth
    // fewer cells written.
    let mut digits = Values::filled(Digit::ALL[N - 1], N * N);
    for (band, words) in words.iter().enumerate() {
        let here = &mut digits[BAND_CELLS * band..][..BAND_CELLS];
        for (&cells, digit) in words[..N - 1].iter().zip(Digit::ALL) {
            // A filled grid has each digit once in each row: its cell in
            // each row found without a loop over the word's cells (with
            // bit 8 set, the count is at most 8, so no bounds check).
            for row in 0..3 {
                let columns = cells >> (N * row) & ROW;
                debug_assert_eq!(columns.count_ones(), 1, "one cell a row");
                here[N * row + (columns | 1 << (N - 1)).trailing_zeros() as usize] = digit;
            }
        }
    }
    Grid::from_solver(puzzle.shape().clone(), digits)
}

/// The bits set in `cells`, lowest first.
fn cells(cells: u32) -> impl Iterator<Item = usize> {
    let mut rest = cells;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let bit = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use crate::engines::search::{Driven, ShapeSearch, solutions};

    /// Norvig's hardest, an empty board (many solutions), one solved by
    /// forced choices alone, and one with no solution.
    const PUZZLES: [&str; 4] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ".................................................................................",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "12.......34......................................................................",
    ];

    #[test]
    fn guesses_and_solutions_in_order_match_the_generic_engine() {
        for text in PUZZLES {
            let puzzle: Puzzle = text.parse().unwrap();
            let mut bands = Driven::new(Bands::new(puzzle.shape()).unwrap());
            let mut generic = Solver::generic();
            let (grids, _) = solutions(&mut bands, &puzzle, u64::MAX, 5);
            for grid in &grids {
                crate::verify(&puzzle, grid).unwrap();
            }
            let expected: Vec<Grid> = generic.solutions(&puzzle).take(5).collect();
            assert_eq!(grids, expected, "{text}");
            let mut generic = Solver::generic();
            generic.count(&puzzle, 5);
            assert_eq!(bands.stats().guesses, generic.stats().guesses, "{text}");
        }
    }

    #[test]
    fn a_budget_of_one_node_walks_the_same_tree() {
        for text in PUZZLES {
            let puzzle: Puzzle = text.parse().unwrap();
            let mut bands = Driven::new(Bands::new(puzzle.shape()).unwrap());
            let whole = solutions(&mut bands, &puzzle, u64::MAX, 3);
            let stats = bands.stats();
            let stepped = solutions(&mut bands, &puzzle, 1, 3);
            assert_eq!(whole, stepped, "{text}");
            assert_eq!(stats, bands.stats(), "{text}");
        }
    }

    #[test]
    fn a_puzzle_of_forced_choices_counts_one_node_per_blank_and_no_guess() {
        let puzzle: Puzzle = PUZZLES[2].parse().unwrap();
        let mut bands = Driven::new(Bands::new(puzzle.shape()).unwrap());
        let (grids, _) = solutions(&mut bands, &puzzle, u64::MAX, 2);
        assert_eq!(grids.len(), 1);
        let blanks = puzzle.cells().iter().filter(|c| c.is_none()).count() as u64;
        assert_eq!((bands.stats().nodes, bands.stats().guesses), (blanks, 0));
    }

    #[test]
    fn clashing_givens_are_refused_and_the_next_puzzle_starts_clean() {
        let shape = Shape::boxed(9).unwrap();
        let mut bands = Driven::new(Bands::new(&shape).unwrap());
        for clash in [
            format!("5....5{}", ".".repeat(75)),
            format!("5{}5{}", ".".repeat(8), ".".repeat(71)),
            format!("5.........5{}", ".".repeat(70)),
        ] {
            assert!(!bands.start(&clash.parse().unwrap()), "{clash}");
        }
        let norvig: Puzzle = PUZZLES[0].parse().unwrap();
        let (grids, _) = solutions(&mut bands, &norvig, u64::MAX, 2);
        assert_eq!(grids.len(), 1);
    }

    /// The MRV choice by the definition: every open item's options
    /// counted one by one, items in item order.
    fn fewest_by_definition(state: &State) -> (u32, usize) {
        let digits: Vec<u128> = (0..N)
            .map(|d| (0..3).fold(0, |all, b| all | u128::from(state.digits[b][d]) << (27 * b)))
            .collect();
        let open = (0..3).fold(0u128, |all, b| all | u128::from(state.open[b]) << (27 * b));
        let mut best = (u32::MAX, 0);
        for cell in 0..N * N {
            if open >> cell & 1 == 1 {
                let count = digits
                    .iter()
                    .filter(|&&board| board >> cell & 1 == 1)
                    .count();
                if (count as u32) < best.0 {
                    best = (count as u32, cell);
                }
            }
        }
        for (family, units) in UNITS.iter().enumerate() {
            for (unit, &cells) in units.iter().enumerate() {
                for (d, &board) in digits.iter().enumerate() {
                    let here = board & cells;
                    if here & !open == 0 && here.count_ones() < best.0 {
                        best = (here.count_ones(), N * N * (family + 1) + N * unit + d);
                    }
                }
            }
        }
        best
    }

    #[test]
    fn the_counted_branch_is_the_first_item_with_the_fewest_options() {
        let top95 = include_str!("../../../benches/data/top95.txt");
        let mut states = 0;
        for line in top95.lines() {
            let puzzle: Puzzle = line.parse().unwrap();
            let mut bands = Bands::new(puzzle.shape()).unwrap();
            assert!(crate::engines::search::PuzzleMatrix::start(
                &mut bands, &puzzle
            ));
            let mut state = bands.state;
            let mut changed = state.force([[u32::MAX; N]; 3]).is_ok();
            // Down the first option of every choice, checking each state.
            while changed && state.open != [0; 3] {
                let frame = state.branch_by_counts();
                let (fewest, item) = fewest_by_definition(&state);
                let expected = state.item_frame(item);
                assert_eq!(
                    (frame.to_try, format!("{:?}", frame.kind)),
                    (expected.to_try, format!("{:?}", expected.kind))
                );
                assert!(fewest >= 2, "forced choices are all made");
                let first = frame.to_try.trailing_zeros() as usize;
                let (digit, cell) = match frame.kind {
                    Kind::Cell(cell) => (first, usize::from(cell)),
                    Kind::Unit(digit) => (usize::from(digit), first),
                    Kind::Forced => unreachable!(),
                };
                let seen = state.digits;
                assert!(state.place(digit, cell / 27, cell % 27));
                changed = state.force(seen).is_ok();
                states += 1;
            }
        }
        assert!(states > 200, "{states}");
    }

    #[test]
    fn gather_packs_the_flags_of_three_fields_whatever_the_rest_holds() {
        for flags in 0..8u32 {
            let fields = (flags & 1) | (flags >> 1 & 1) << 5 | (flags >> 2 & 1) << 10;
            for rest in [0, (FIELDS * 30) & 0x7FFF, 31 << 15, u32::MAX << 15] {
                assert_eq!(gather(fields | rest), flags as usize, "{flags} {rest:b}");
            }
            assert_eq!(
                BOX_UNITS[flags as usize].count_ones(),
                9 * flags.count_ones()
            );
            assert_eq!(
                ROW_UNITS[flags as usize].count_ones(),
                9 * flags.count_ones()
            );
        }
    }

    #[test]
    fn only_the_boxed_9x9_shape_runs_on_bands() {
        assert!(Bands::new(&Shape::boxed(9).unwrap()).is_some());
        let map =
            "aaaabbcccaabbbbcccaaaebbcccdddebffffdddeeeeffdgdeeeiffggdhhhifiggghhiiiiggghhhhii";
        let labels: Vec<u8> = map.bytes().map(|b| b - b'a').collect();
        assert!(Bands::new(&Shape::jigsaw(9, &labels).unwrap()).is_none());
        assert!(Bands::new(&Shape::boxed(4).unwrap()).is_none());
        let x = Shape::boxed(9).unwrap().with_variant(Variant::X);
        assert!(Bands::new(&x).is_none());
    }
}
