//! The fast engine for the classic 9×9 shape: its own deductions and its
//! own search tree, not Algorithm X's.
//!
//! Algorithm X's tree ([`super::bands`], and the generic engine) makes only
//! the forced choices of the exact cover: naked and hidden singles. This
//! engine also eliminates candidates that no solution can use, by sound
//! rules of Sudoku, and branches where those rules leave the fewest
//! alternatives, so it reaches contradictions earlier and guesses much
//! less: a fifth to two fifths of Algorithm X's guesses on the shipped sets
//! (`benches/ref_guesses.sh`). Every answer is still exact: the same
//! solution counts and verdicts as the generic engine, every solution
//! valid. The order in which solutions are found is its own, so a puzzle
//! with several solutions may get a different first one.
//!
//! # Representation
//!
//! As in [`super::bands`]: for each band (three rows of boxes) and digit, a
//! word of 27 bits, bit `9 · row + column` within the band, set where the
//! digit is still a candidate *or already placed*; and the empty cells of
//! each band. A placed digit keeps its cell in its word and no other cell
//! of its row, column and box, so every word always holds its digit's place
//! in each row of the band, and the rules below need no special case for
//! placed cells.
//!
//! A band's three rows and three boxes cut it into nine *triads* (three
//! cells of one row in one box). A digit occupies exactly one triad per row
//! and one per box of a band: a permutation of the 3×3 triads, one of six
//! *configurations*. Down a stack (three columns of boxes) the same holds
//! for the digit's columns: one column per band and per box column, again
//! one of six configurations of the 3×3 (band, column) grid, whose cells
//! are the stack's *minicolumns* (three cells of one column in one box).
//!
//! # Deductions
//!
//! Each is sound: it removes only candidates that no solution has.
//!
//! * **Rows and boxes** ([`State::row`]): a triad that lies in no
//!   configuration within the digit's candidates cannot hold the digit (a
//!   512-entry table from the nine triads' occupancy to the cells kept).
//!   This is locked candidates both ways within a band (a digit confined to
//!   one triad of a row leaves the rest of its box, and the other way
//!   round), and more: any triad that no configuration uses goes.
//! * **Pointing down**: a box where the digit is left in one column keeps
//!   it there, so that column leaves the digit's other bands.
//! * **Hidden singles**: after the two rules above, a digit alone in a row
//!   of a band is placed there: the row, box and column hold no other
//!   candidate of it, so placing it only takes the cell from the other
//!   digits. A hidden single in a box becomes one in a row by the first
//!   rule; one in a column by the stack rule below.
//! * **Naked singles** ([`State::naked`]): an empty cell with one
//!   candidate gets it; an empty cell with none ends the branch.
//! * **Columns and boxes** ([`State::stacks`]): the first rule turned
//!   ninety degrees, on each stack's 3×3 of (band, column): a column that no
//!   configuration uses leaves its band. This is locked candidates between
//!   columns and boxes, both ways (claiming and pointing).
//! * **Triads** ([`State::triads`]): a triad (or minicolumn) holds exactly
//!   three digits. One that only three digits can still fill gets all three
//!   (each of them loses its configurations that miss it); one that three
//!   digits must fill gets no other.
//!
//! A rule that finds a unit where the digit has no place left, a cell with
//! no digit, or a triad with fewer than three digits or more than three
//! that must fill it, ends the branch. Deductions run to a fixpoint,
//! cheapest first: the row rule on every changed word, in sweeps until no
//! word changes (each band keeps a mask of its digits whose word changed
//! since its last row deduction, set by whatever narrows a word, so a sweep
//! visits those words and scans none: reading the words back to find the
//! changed ones cost a fifth of the deductions' instructions, and its
//! loads waited on the stores just made; so do the row rule's narrowings
//! of the other bands when its boxes point down their columns: found at
//! the other band's next visit instead, by one vector comparison with the
//! words its last visit left, they took 2.5% fewer instructions but 10%
//! more time, the visits and their branches more); then naked singles;
//! then the stacks; then the triads; any change sweeps again. The
//! fixpoint is the same whatever the order, so the tree is too; only where
//! a branch that ends stops filling cells, and so its node count, depends
//! on the order.
//!
//! # The search tree
//!
//! At a fixpoint with empty cells left, the engine branches on a
//! configuration: among the six bands and stacks, the one whose digits have
//! the fewest configurations left in all (but more than one each), and in
//! it the digit with the fewest (two, usually). Each option keeps one
//! configuration: a strong split, since it fixes three triads or three
//! minicolumns of the digit at once. When every configuration is fixed the
//! deductions above have placed every digit, so a branch on a
//! configuration always exists while a cell is empty (a branch on a cell's
//! digits covers any other state).
//!
//! A *guess* is an option tried at such a branch point (there are always
//! two or more). A *node* is a cell filled, by a deduction or a guess, or a
//! configuration tried. Neither counts the same thing as Algorithm X's
//! nodes and guesses (`--engine dlx --stats`): the trees differ.
//!
//! Nothing is ever undone: a branch keeps a copy of the state (224 bytes,
//! seven vector moves where the vectors run) while it has options left,
//! and each option starts from it.
//!
//! # Two copies
//!
//! The deductions and the placing of the givens run in one of two copies
//! of the same code ([`simd`]): compiled for x86-64-v3 (AVX2) where the CPU
//! has it, asked once per engine, else for the baseline. A few steps use
//! vectors there (a band's nine words at once); every step gives the same
//! result in both, so the answers, nodes and guesses are the same, and
//! `DANCE_SIMD=off` forces the baseline copy.

mod simd;

use dance_dlx::driver::{Choice, Matrix, Work};

use super::bands::{BAND, BAND_CELLS, COLUMNS, KEEP, N, ROW, TRIAD, placed_grid};
use super::search::Stash;
use crate::{Grid, Puzzle, Shape};
use simd::{Lanes, WithWords, Words};

/// Every digit, one bit each.
const ALL_DIGITS: u32 = (1 << N) - 1;

/// Bits 0, 9 and 18: the same column in each row of a band.
const SPREAD: u32 = 1 | 1 << N | 1 << (2 * N);

/// The six configurations of a 3×3 grid of triads (or of bands and
/// columns): one bit per row and per column, bit `3 · row + column`.
pub(crate) const CONFIGURATIONS: [u32; 6] = [
    1 | 1 << 4 | 1 << 8,
    1 | 1 << 5 | 1 << 7,
    1 << 1 | 1 << 3 | 1 << 8,
    1 << 1 | 1 << 5 | 1 << 6,
    1 << 2 | 1 << 3 | 1 << 7,
    1 << 2 | 1 << 4 | 1 << 6,
];

// The tables are statics, not constants: a constant indexed at run time
// may be copied whole to the stack where it is used (the branch copied this
// first one, 512 bytes, on every choice).

/// For each set of 3×3 cells: the configurations inside it, one bit each.
static INSIDE: [u8; 512] = {
    let mut inside = [0; 512];
    let mut grid = 0;
    while grid < 512 {
        let mut k = 0;
        while k < 6 {
            if CONFIGURATIONS[k] & grid as u32 == CONFIGURATIONS[k] {
                inside[grid] |= 1 << k;
            }
            k += 1;
        }
        grid += 1;
    }
    inside
};

/// For each set of 3×3 cells: the union of the configurations inside it
/// (empty when none is).
static USED: [u16; 512] = {
    let mut used = [0; 512];
    let mut grid = 0;
    while grid < 512 {
        let mut k = 0;
        while k < 6 {
            if INSIDE[grid] >> k & 1 == 1 {
                used[grid] |= CONFIGURATIONS[k] as u16;
            }
            k += 1;
        }
        grid += 1;
    }
    used
};

/// For each set of 3×3 cells: the configurations that hold all of it.
static HOLDING: [u8; 512] = {
    let mut holding = [0; 512];
    let mut grid = 0;
    while grid < 512 {
        let mut k = 0;
        while k < 6 {
            if CONFIGURATIONS[k] & grid as u32 == grid as u32 {
                holding[grid] |= 1 << k;
            }
            k += 1;
        }
        grid += 1;
    }
    holding
};

/// For each set of configurations: their union, a set of 3×3 cells.
static UNION: [u16; 64] = {
    let mut union = [0; 64];
    let mut set = 0;
    while set < 64 {
        let mut k = 0;
        while k < 6 {
            if set >> k & 1 == 1 {
                union[set] |= CONFIGURATIONS[k] as u16;
            }
            k += 1;
        }
        set += 1;
    }
    union
};

/// For each set of 3×3 cells: how many configurations are inside it.
pub(crate) static COUNT: [u8; 512] = {
    let mut count = [0; 512];
    let mut grid = 0;
    while grid < 512 {
        count[grid] = INSIDE[grid].count_ones() as u8;
        grid += 1;
    }
    count
};

/// The cells of a band in each set of triads (bit `3 · row + box`).
const fn triad_cells(triads: u32) -> u32 {
    let mut cells = 0;
    let mut k = 0;
    while k < 9 {
        if triads >> k & 1 == 1 {
            cells |= TRIAD << (N * (k / 3) + 3 * (k % 3));
        }
        k += 1;
    }
    cells
}

/// For each set of triads: the band's cells in the triads that some
/// configuration inside the set uses; 0 when none is inside.
static KEPT: [u32; 512] = {
    let mut kept = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        kept[triads] = triad_cells(USED[triads] as u32);
        triads += 1;
    }
    kept
};

/// The cells of a band in each configuration of its triads.
static CONFIGURATION_CELLS: [u32; 6] = {
    let mut cells = [0; 6];
    let mut k = 0;
    while k < 6 {
        cells[k] = triad_cells(CONFIGURATIONS[k]);
        k += 1;
    }
    cells
};

/// For each row of a band (nine bits): which of its three triads hold a
/// bit.
#[cfg(test)]
const THIRDS: [u8; 512] = {
    let mut thirds = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                thirds[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    thirds
};

/// For each row of a band and each value of it: the row's cell when it has
/// one, else 0 (at the row's place in the band: no shift after the look-up).
static ALONE: [[u32; 512]; 3] = {
    let mut alone = [[0; 512]; 3];
    let mut row = 0;
    while row < 512 {
        if (row as u32).count_ones() == 1 {
            let mut k = 0;
            while k < 3 {
                alone[k][row] = (row as u32) << (N * k);
                k += 1;
            }
        }
        row += 1;
    }
    alone
};

/// For the columns of one band's word: the cells the digit's other bands
/// keep. A box of the band where the digit is left in one column claims it.
static POINTED: [u32; 512] = {
    let mut pointed = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut claimed = 0u32;
        let mut k = 0;
        while k < 3 {
            let three = (columns as u32) >> (3 * k) & 7;
            if three.count_ones() == 1 {
                claimed |= three << (3 * k);
            }
            k += 1;
        }
        pointed[columns] = BAND & !(claimed * SPREAD);
        columns += 1;
    }
    pointed
};

/// Nine 3-bit fields in each half of a `u64`, the lowest bit of each.
pub(crate) const LOWEST: u64 = 0o111_111_111 | 0o111_111_111 << 32;

/// The bits of `grids` (3×3 grids of three bits a row, three grids in each
/// half of the word) alone in their row.
#[inline(always)]
pub(crate) fn alone_in_row(grids: u64) -> u64 {
    let (first, second, third) = (grids & LOWEST, grids >> 1 & LOWEST, grids >> 2 & LOWEST);
    let two = (first & second) | (first & third) | (second & third);
    grids & !(two * 7)
}

/// The triads of a band word, bit `3 · row + box`.
#[cfg(test)]
fn triads(word: u32) -> u32 {
    (u32::from(THIRDS[(word & ROW) as usize])
        | u32::from(THIRDS[(word >> N & ROW) as usize]) << 3
        | u32::from(THIRDS[(word >> (2 * N) & ROW) as usize]) << 6)
        & ROW
}

/// The triads of a band word by box, bit `3 · box + row`: each triad's
/// cells folded onto its highest bit (bit `3 · (3 · row + box) + 2`: its
/// two lower bits plus three reach it, without a carry out of the triad,
/// when either is set), and one multiplication gathers those nine bits,
/// every product at its own position (no carry), the grid's transpose at
/// bits 23 to 31, where the shift down leaves nothing else — fewer
/// instructions than a table per row.
#[inline(always)]
fn triads_by_box(word: u32) -> u32 {
    const LOW: u32 = TRIAD_STARTS * 3;
    let highest = (((word & LOW) + LOW) | word) & TRIAD_STARTS << 2;
    highest.wrapping_mul((1 | 1 << 8 | 1 << 16) << 5) >> 23
}

/// Swaps bits `3 · i + j` and `3 · j + i` of a 3×3 grid.
const fn transpose_grid(grid: usize) -> usize {
    let mut transposed = 0;
    let mut k = 0;
    while k < 9 {
        if grid >> k & 1 == 1 {
            transposed |= 1 << (3 * (k % 3) + k / 3);
        }
        k += 1;
    }
    transposed
}

/// A table indexed by a 3×3 grid of triads by row, indexed by the triads by
/// box instead ([`triads_by_box`]): entry `g` is the table's entry for `g`
/// transposed.
const fn by_box<T: Copy>(table: [T; 512]) -> [T; 512] {
    let mut by_box = table;
    let mut grid = 0;
    while grid < 512 {
        by_box[grid] = table[transpose_grid(grid)];
        grid += 1;
    }
    by_box
}

/// [`KEPT`] indexed by the triads by box ([`triads_by_box`]).
static KEPT_BY_BOX: [u32; 512] = by_box(KEPT);

/// [`USED`] indexed by the triads by box, its values by row as [`USED`]'s.
static USED_BY_BOX: [u16; 512] = by_box(USED);

/// The columns of a band word.
#[inline(always)]
fn columns(word: u32) -> u32 {
    (word | word >> N | word >> (2 * N)) & ROW
}

/// Swaps the 3-bit fields `(i, j)` and `(j, i)` of a 3×3 grid of fields at
/// bit `9 · i + 3 · j`: a band's columns by stack become a stack's columns
/// by band, and back.
#[inline(always)]
pub(crate) fn transpose(fields: u32) -> u32 {
    let t = ((fields >> 6) ^ fields) & (7 << 3 | 7 << 15);
    let fields = fields ^ t ^ (t << 6);
    let t = ((fields >> 12) ^ fields) & (7 << 6);
    fields ^ t ^ (t << 12)
}

/// Why deductions stopped: some unit has no place left for a digit, or
/// some cell no digit.
#[derive(Clone, Copy, Debug)]
struct DeadEnd;

/// The candidates at one point of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct State {
    /// For each band and digit: the cells where the digit is a candidate
    /// or placed.
    words: [[u32; N]; 3],
    /// For each band, the digits whose word changed since its last row
    /// deduction (bit `digit`): the words the next sweep visits.
    dirty: [u32; 3],
    /// The empty cells of each band.
    open: [u32; 3],
    /// For each word, as of its last row deduction: the triads that some
    /// configuration uses.
    triads: [[u16; N]; 3],
    /// For each digit, as of its last stack deduction: the columns of its
    /// three words by stack (stack `s` at bit `9 · s`, its columns in band
    /// `b` at bit `3 · b` of that), the grids that the stack rule, the
    /// triads and the branch read.
    stacks: [u32; N],
}

impl State {
    const EMPTY: State = State {
        words: [[BAND; N]; 3],
        dirty: [0; 3],
        open: [BAND; 3],
        triads: [[ROW as u16; N]; 3],
        stacks: [ROW * SPREAD; N],
    };

    /// Places a given, `digit` at `bit` of `band`: clears the digit from
    /// the cell's row, column and box (the caller takes the cell from the
    /// other digits). `false` when the digit is not a candidate there (a
    /// peer holds it).
    fn give(&mut self, digit: usize, band: usize, bit: usize) -> bool {
        let cell = 1 << bit;
        let own = self.words[band][digit];
        if own & cell == 0 {
            return false;
        }
        self.open[band] &= !cell;
        for words in &mut self.words {
            words[digit] &= !COLUMNS[bit];
        }
        self.words[band][digit] = own & KEEP[bit];
        self.dirty = [ALL_DIGITS; 3];
        true
    }

    /// Places `digit` at `bit` of `band`, a cell where no other digit is
    /// left (a naked single, or a guess once the others are taken out):
    /// clears the row and box; the next sweep clears the column, since the
    /// box now points down it. `false` when the digit is not a candidate.
    #[inline(always)]
    fn place(&mut self, digit: usize, band: usize, bit: usize) -> bool {
        let cell = 1 << bit;
        let own = self.words[band][digit];
        if own & cell == 0 {
            return false;
        }
        self.open[band] &= !cell;
        self.narrow(band, digit, KEEP[bit]);
        true
    }

    /// Every deduction, to the fixpoint.
    #[inline(always)]
    fn deduce<W: Words>(&mut self, w: W) -> Result<(), DeadEnd> {
        loop {
            self.sweep(w)?;
            if self.open == [0; 3] {
                return Ok(());
            }
            if self.naked(w)? || self.stacks(w)? || self.triads(w)? {
                continue;
            }
            return Ok(());
        }
    }

    /// The row deduction on every changed word, until none changes: a band
    /// at a time, its changed words taken in order.
    #[inline(always)]
    fn sweep<W: Words>(&mut self, w: W) -> Result<(), DeadEnd> {
        while self.dirty != [0; 3] {
            self.band::<0, W>(w)?;
            self.band::<1, W>(w)?;
            self.band::<2, W>(w)?;
        }
        Ok(())
    }

    /// The row deduction on each word of band `B` that changed, those that
    /// change meanwhile included.
    #[inline(always)]
    fn band<const B: usize, W: Words>(&mut self, w: W) -> Result<(), DeadEnd> {
        // The mask in a register: the row rule returns what it adds.
        let mut dirty = self.dirty[B];
        self.dirty[B] = 0;
        // Masked, the mask is known to hold digits only, so is every digit
        // taken from it: the words need no bounds check.
        dirty &= ALL_DIGITS;
        if dirty == 0 {
            return Ok(());
        }
        while dirty != 0 {
            let digit = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            dirty |= self.row::<B, W>(w, digit)?;
        }
        Ok(())
    }

    /// The word of digit `d` in band `B`: its triads that no configuration
    /// uses go; a box left with one column points down it; a row left with
    /// one cell places the digit there. The words of band `B` that this
    /// changes, bit `digit` (the other bands' are marked in their masks).
    #[inline(always)]
    fn row<const B: usize, W: Words>(&mut self, w: W, d: usize) -> Result<u32, DeadEnd> {
        let triads = triads_by_box(self.words[B][d]);
        // Within the band: lets the compiler drop the bounds checks below.
        let word = self.words[B][d] & KEPT_BY_BOX[triads as usize] & BAND;
        if word == 0 {
            return Err(DeadEnd);
        }
        self.triads[B][d] = USED_BY_BOX[triads as usize];
        let columns = columns(word);
        let pointed = POINTED[columns as usize];
        self.narrow((B + 1) % 3, d, pointed);
        self.narrow((B + 2) % 3, d, pointed);
        let singles = (ALONE[0][(word & ROW) as usize]
            | ALONE[1][(word >> N & ROW) as usize]
            | ALONE[2][(word >> (2 * N) & ROW) as usize])
            & self.open[B];
        // A branch: the loop marks each word it changes, too dear to run
        // on the three row deductions in five that place nothing.
        let mut changed = 0;
        if singles != 0 {
            self.open[B] &= !singles;
            // The digit's own word keeps its singles (stored below).
            changed = w.clear(&mut self.words[B], singles) & !(1 << d);
        }
        self.words[B][d] = word;
        Ok(changed)
    }

    /// Keeps only the cells of `keep` in the word of `digit` in `band`,
    /// marking it for the next sweep if that changes it.
    #[inline(always)]
    fn narrow(&mut self, band: usize, digit: usize, keep: u32) {
        let word = self.words[band][digit];
        self.words[band][digit] = word & keep;
        // A selected bit, not a shifted flag: a conditional move where a
        // flag took a set, a shift and a cleared register.
        self.dirty[band] |= if word & !keep != 0 { 1 << digit } else { 0 };
    }

    /// Naked singles, and empty cells with no digit: whether any cell was
    /// filled.
    #[inline(always)]
    fn naked<W: Words>(&mut self, w: W) -> Result<bool, DeadEnd> {
        let mut filled = false;
        // Placing a digit narrows only its word in the band: the covers of
        // the others stay as they are.
        let covers = w.cover(&self.words);
        for (band, &(one, two)) in covers.iter().enumerate() {
            let open = self.open[band];
            if open & !one != 0 {
                return Err(DeadEnd);
            }
            let singles = open & !two;
            if singles == 0 {
                continue;
            }
            filled = true;
            // Up to two (most bands) cell by cell, the digit of each one
            // vector comparison away; more, digit by digit.
            let rest = singles & (singles - 1);
            if rest & rest.wrapping_sub(1) == 0 {
                let mut cells = singles;
                while cells != 0 {
                    let bit = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    // An earlier single of the digit in this row or box
                    // took the candidate: a contradiction.
                    let digit = w.holder(&self.words[band], bit).ok_or(DeadEnd)?;
                    let placed = self.place(digit, band, bit);
                    debug_assert!(placed, "the holder of a cell has it");
                }
                continue;
            }
            for digit in 0..N {
                let mut cells = singles & self.words[band][digit];
                while cells != 0 {
                    let bit = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    // An earlier single of the digit in this row or box
                    // took the candidate: a contradiction.
                    if !self.place(digit, band, bit) {
                        return Err(DeadEnd);
                    }
                }
            }
        }
        Ok(filled)
    }

    /// The stack deduction for every digit whose columns changed: columns
    /// that no configuration of a stack uses leave their band. Whether any
    /// word changed.
    #[inline(always)]
    fn stacks<W: Words>(&mut self, w: W) -> Result<bool, DeadEnd> {
        let mut changed = false;
        let (by_stack, mut moved) = w.moved(&self.words, &self.stacks);
        while moved != 0 {
            let digit = moved.trailing_zeros() as usize;
            moved &= moved - 1;
            let by_stack = by_stack[digit];
            let used = [0, 1, 2].map(|stack| USED[(by_stack >> (N * stack) & ROW) as usize]);
            if used.contains(&0) {
                return Err(DeadEnd);
            }
            let used = u32::from(used[0]) | u32::from(used[1]) << N | u32::from(used[2]) << (2 * N);
            // Most often every column is used: the columns stay, and the
            // transpose back is not needed.
            self.stacks[digit] = used;
            if used == by_stack {
                continue;
            }
            let kept = transpose(used);
            changed = true;
            for band in 0..3 {
                self.narrow(band, digit, (kept >> (N * band) & ROW) * SPREAD);
            }
        }
        Ok(changed)
    }

    /// Triads across and down: each of a band's nine triads, and each of a
    /// stack's nine columns within a box, holds exactly three digits. A
    /// triad that only three digits can fill must get all three; one that
    /// three digits must fill gets no other; fewer than three, or more
    /// than three that must, end the branch. Whether any word changed.
    #[inline(always)]
    fn triads<W: Words>(&mut self, w: W) -> Result<bool, DeadEnd> {
        // Per digit, the used triads of the three bands (low half, band b
        // at bit 9·b) and of the three stacks (high half, stack s at
        // 32 + 9·s): their candidates and which of them are certain.
        let (grids, may, must) = w.grids(&self.triads, &self.stacks);
        let all = u64::from(BAND) | u64::from(BAND) << 32;
        if may[2] != all || must[3] != 0 {
            return Err(DeadEnd);
        }
        // Triads with exactly three candidates, not all certain yet; and
        // triads with three certain digits and other candidates.
        let (three, full) = (may[2] & !may[3], must[2]);
        if three & !full == 0 && full & may[3] == 0 {
            return Ok(false);
        }
        let mut changed = false;
        for (digit, &grids) in grids.iter().enumerate() {
            let certain = alone_in_row(grids);
            let gain = grids & three & !certain;
            let lose = grids & full & !certain;
            if gain | lose == 0 {
                continue;
            }
            for line in 0..6 {
                let shift = if line < 3 {
                    N * line
                } else {
                    32 + N * (line - 3)
                };
                let field = |bits: u64| (bits >> shift) as usize & ROW as usize;
                if field(gain | lose) == 0 {
                    continue;
                }
                let kept = INSIDE[field(grids & !lose)] & HOLDING[field(gain | (grids & three))];
                let used = u32::from(UNION[usize::from(kept)]);
                if used == 0 {
                    return Err(DeadEnd);
                }
                // Some configuration goes, and with it some triad: the
                // deduction that follows cannot loop.
                changed = true;
                if line < 3 {
                    self.narrow(line, digit, KEPT[used as usize]);
                } else {
                    let stack = 3 * (line - 3);
                    for band in 0..3 {
                        let others = (7 & !(used >> (3 * band))) << stack;
                        self.narrow(band, digit, !(others * SPREAD));
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Where to branch: the band or stack whose digits have the fewest
    /// configurations in all (more than one each), and in it the digit
    /// with the fewest; else (every configuration fixed, which the
    /// deductions leave only in a solved grid) the first empty cell with
    /// the fewest digits.
    #[inline(always)]
    fn branch<W: Words>(&self, w: W) -> Frame {
        let Some((line, digit)) = w.fewest(&self.triads, &self.stacks) else {
            return self.cell_frame();
        };
        // Masked, the table needs no bounds check.
        let grid = if line < 3 {
            u32::from(self.triads[line][digit])
        } else {
            self.stacks[digit] >> (N * (line - 3))
        } & ROW;
        Frame {
            to_try: u32::from(INSIDE[grid as usize]),
            kind: if line < 3 {
                Kind::Band(line as u8, digit as u8)
            } else {
                Kind::Stack(line as u8 - 3, digit as u8)
            },
            stashed: false,
        }
    }

    /// The level trying the digits of the first empty cell with the fewest.
    #[inline(always)]
    fn cell_frame(&self) -> Frame {
        let mut best = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let digits = (0..N).fold(0, |digits, digit| {
                    digits | (self.words[band][digit] >> bit & 1) << digit
                });
                if digits.count_ones() < best.0 {
                    best = (digits.count_ones(), band, bit);
                }
            }
        }
        let (_, band, bit) = best;
        Frame {
            to_try: (0..N).fold(0, |digits, digit| {
                digits | (self.words[band][digit] >> bit & 1) << digit
            }),
            kind: Kind::Cell(band as u8, bit as u8),
            stashed: false,
        }
    }

    /// Tries option `option` of a level of kind `kind`.
    #[inline(always)]
    fn apply(&mut self, kind: Kind, option: usize) {
        match kind {
            Kind::Start => {}
            Kind::Band(band, digit) => {
                self.narrow(
                    usize::from(band),
                    usize::from(digit),
                    CONFIGURATION_CELLS[option],
                );
            }
            Kind::Stack(stack, digit) => {
                let configuration = CONFIGURATIONS[option];
                let stack = 3 * usize::from(stack);
                for band in 0..3 {
                    let column = configuration >> (3 * band) & 7;
                    let others = (7 & !column) << stack;
                    self.narrow(band, usize::from(digit), !(others * SPREAD));
                }
            }
            Kind::Cell(band, bit) => {
                let (band, bit) = (usize::from(band), usize::from(bit));
                for digit in 0..N {
                    if digit != option {
                        self.narrow(band, digit, !(1 << bit));
                    }
                }
                let placed = self.place(option, band, bit);
                debug_assert!(placed, "an option of the cell is a candidate");
            }
        }
    }
}

/// An option of a level tried: its state taken from the stash or kept
/// there ([`Stash::before_option`]), the option applied, then the
/// deductions; whether they ended the branch, the cells they filled, and
/// whether the level's state is on the stash.
struct Try<'a> {
    state: &'a mut State,
    stash: &'a mut Stash<State>,
    /// The level, its options still to try without this one.
    frame: Frame,
    option: usize,
}

impl WithWords for Try<'_> {
    type Output = (bool, u64, bool);

    /// The state's copies too compiled for the vectors: seven 32-byte moves
    /// each instead of a call to `memcpy`.
    #[inline(always)]
    fn with<W: Words>(self, w: W) -> (bool, u64, bool) {
        let Frame {
            to_try,
            kind,
            stashed,
        } = self.frame;
        let stashed =
            kind != Kind::Start && self.stash.before_option(self.state, stashed, to_try != 0);
        let before = w.count(self.state.open);
        self.state.apply(kind, self.option);
        let dead = self.state.deduce(w).is_err();
        (dead, before - w.count(self.state.open), stashed)
    }
}

/// Where a state branches ([`State::branch`]).
struct Branch<'a>(&'a State);

impl WithWords for Branch<'_> {
    type Output = Frame;

    #[inline(always)]
    fn with<W: Words>(self, w: W) -> Frame {
        self.0.branch(w)
    }
}

/// The givens of a puzzle placed on an empty state: `false` when two of
/// them clash (the same digit twice in a row, column or box).
struct Start<'a> {
    state: &'a mut State,
    puzzle: &'a Puzzle,
}

/// Bit 0 of each row of a band.
const ROW_STARTS: u32 = 1 | 1 << N | 1 << (2 * N);

/// Bit 0 of each box of a band's first row.
const BOX_STARTS: u32 = 1 | 1 << 3 | 1 << 6;

/// The lowest bit of each triad.
const TRIAD_STARTS: u32 = 0o111_111_111;

impl WithWords for Start<'_> {
    type Output = bool;

    /// With vectors, all the givens of a digit at once, from the words of
    /// its cells (see [`Start::at_once`]); a word at a time, one by one
    /// (as cheap there, and a reference for the tests).
    #[inline(always)]
    fn with<W: Words>(self, w: W) -> bool {
        *self.state = State::EMPTY;
        if W::WIDE {
            self.at_once(w)
        } else {
            self.one_by_one()
        }
    }
}

impl Start<'_> {
    /// The givens one by one.
    #[inline(always)]
    fn one_by_one(self) -> bool {
        let state = self.state;
        let mut givens = [[0; N]; 3];
        for (band, cells) in self.puzzle.cells().chunks_exact(BAND_CELLS).enumerate() {
            // The given cells as a word first, without a branch per cell
            // (whose outcome no predictor learns), then one by one.
            let mut numbers = [0u8; BAND_CELLS];
            for (number, cell) in numbers.iter_mut().zip(cells) {
                *number = cell.map_or(0, |digit| digit.number());
            }
            let mut given = 0u32;
            for (bit, &number) in numbers.iter().enumerate() {
                given |= u32::from(number != 0) << bit;
            }
            while given != 0 {
                let bit = given.trailing_zeros() as usize;
                given &= given - 1;
                let digit = usize::from(numbers[bit % BAND_CELLS].wrapping_sub(1)) % N;
                if !state.give(digit, band, bit) {
                    return false;
                }
                givens[band][digit] |= 1 << bit;
            }
        }
        // The givens' cells leave the other digits all at once (cleared
        // given by given, a vector load after each given's stores stalled
        // on every one).
        for (band, words) in state.words.iter_mut().enumerate() {
            let open = state.open[band];
            for (word, &mine) in words.iter_mut().zip(&givens[band]) {
                *word &= open | mine;
            }
        }
        true
    }

    /// All the givens of a digit at once, from the words of its cells:
    /// they clash where two share a triad, or lie in two triads of a row
    /// or of a box, or in one column of two bands; else the digit keeps
    /// its givens and leaves their rows, boxes and columns.
    #[inline(always)]
    fn at_once<W: Words>(self, w: W) -> bool {
        let state = self.state;
        let mut givens = [[0; N]; 3];
        for (band, cells) in self.puzzle.cells().chunks_exact(BAND_CELLS).enumerate() {
            let mut numbers = [0u8; 32];
            for (number, cell) in numbers.iter_mut().zip(cells) {
                *number = cell.map_or(0, |digit| digit.number());
            }
            givens[band] = w.givens(&numbers);
        }
        let mut clash = 0;
        // The digit picks a word of each band, in two arrays.
        #[allow(clippy::needless_range_loop)]
        for digit in 0..N {
            let mine = [0, 1, 2].map(|band| givens[band][digit]);
            let columns = mine.map(columns);
            clash |= columns[0] & columns[1] | columns[0] & columns[2] | columns[1] & columns[2];
            let columns = (columns[0] | columns[1] | columns[2]) * SPREAD;
            for (band, &cells) in mine.iter().enumerate() {
                let (first, second, third) = (cells, cells >> 1, cells >> 2);
                let triads = (first | second | third) & TRIAD_STARTS;
                let twice = (first & second | first & third | second & third) & TRIAD_STARTS;
                let in_rows =
                    (triads & triads >> 3 | triads & triads >> 6 | triads >> 3 & triads >> 6)
                        & ROW_STARTS;
                let in_boxes = (triads & triads >> N
                    | triads & triads >> (2 * N)
                    | triads >> N & triads >> (2 * N))
                    & BOX_STARTS;
                clash |= twice | in_rows | in_boxes;
                let rows = ((triads | triads >> 3 | triads >> 6) & ROW_STARTS) * ROW;
                let boxes =
                    ((triads | triads >> N | triads >> (2 * N)) & BOX_STARTS) * TRIAD * SPREAD;
                state.words[band][digit] = BAND & !(rows | boxes | columns) | cells;
            }
        }
        if clash != 0 {
            return false;
        }
        for (band, words) in state.words.iter_mut().enumerate() {
            let placed = givens[band].iter().fold(0, |placed, &cells| placed | cells);
            state.open[band] = BAND & !placed;
            if placed != 0 {
                state.dirty = [ALL_DIGITS; 3];
            }
            for (word, &mine) in words.iter_mut().zip(&givens[band]) {
                *word &= !placed | mine;
            }
        }
        true
    }
}

/// One level of the search: where its loop over options stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Frame {
    /// Options not tried yet: configurations, or digits of a cell.
    to_try: u32,
    kind: Kind,
    /// Whether the state of this level waits on the stash for the options
    /// still to try.
    stashed: bool,
}

/// What a level of the search tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The deductions from the givens: the first level only.
    Start,
    /// The configurations of a digit in a band: band, digit.
    Band(u8, u8),
    /// The configurations of a digit in a stack: stack, digit.
    Stack(u8, u8),
    /// The digits of a cell: band, bit.
    Cell(u8, u8),
}

/// The most levels that branch: each fixes the configuration of a digit in
/// a band or stack (6 · 9 of them), or fills a cell.
const LEVELS: usize = 6 * N + N * N;

/// The engine of the classic 9×9 shape with its own deductions, walked by
/// the [`Driver`](dance_dlx::driver::Driver).
#[derive(Debug)]
pub(crate) struct Deductions {
    /// The state of the current level, changed in place by each option.
    state: State,
    /// Whether the last option's deductions ended the branch.
    dead: bool,
    /// The states of the levels that have options left to try, innermost
    /// last.
    stash: Stash<State>,
    frames: Box<[Frame]>,
    /// The copy of the deductions that runs, chosen once.
    lanes: Lanes,
}

impl Deductions {
    /// The engine for `shape`, or `None` unless the bands serve it
    /// ([`Bands::serves`](super::bands::Bands::serves)).
    pub(crate) fn new(shape: &Shape) -> Option<Deductions> {
        Deductions::with_lanes(shape, Lanes::detect())
    }

    /// The engine for `shape` running the deductions in `lanes`.
    fn with_lanes(shape: &Shape, lanes: Lanes) -> Option<Deductions> {
        super::bands::Bands::serves(shape).then(|| Deductions {
            lanes,
            state: State::EMPTY,
            dead: false,
            stash: Stash::new(State::EMPTY, LEVELS),
            frames: vec![
                Frame {
                    to_try: 0,
                    kind: Kind::Start,
                    stashed: false,
                };
                LEVELS + 2
            ]
            .into_boxed_slice(),
        })
    }
}

impl super::search::PuzzleMatrix for Deductions {
    /// Places the givens; the first level makes the deductions.
    fn start(&mut self, puzzle: &Puzzle) -> bool {
        self.stash.clear();
        self.dead = false;
        self.lanes.run(Start {
            state: &mut self.state,
            puzzle,
        })
    }

    fn grid(&self, puzzle: &Puzzle, _levels: usize) -> Grid {
        placed_grid(puzzle, &self.state.words)
    }
}

impl Matrix for Deductions {
    /// The deductions from the givens at the first level; then a solution
    /// once every cell is filled, else the branch of [`State::branch`].
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if self.dead {
            return Choice::DeadEnd;
        }
        if level == 0 {
            self.frames[0] = Frame {
                to_try: 1,
                kind: Kind::Start,
                stashed: false,
            };
            return Choice::Item;
        }
        if self.state.open == [0; 3] {
            return Choice::Solved;
        }
        self.frames[level] = self.lanes.run(Branch(&self.state));
        Choice::Item
    }

    /// Starts from the level's state (from the stash when an earlier option
    /// changed it), applies the next option and deduces.
    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let frame = &mut self.frames[level];
        let option = frame.to_try.trailing_zeros() as usize;
        frame.to_try &= frame.to_try - 1;
        let kind = frame.kind;
        let (dead, filled, stashed) = self.lanes.run(Try {
            state: &mut self.state,
            stash: &mut self.stash,
            frame: *frame,
            option,
        });
        frame.stashed = stashed;
        self.dead = dead;
        let (configuration, guesses) = match kind {
            Kind::Start => (0, 0),
            Kind::Band(..) | Kind::Stack(..) => (1, 1),
            Kind::Cell(..) => (0, 1),
        };
        Work {
            nodes: configuration + filled,
            guesses,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engines::search::{Driven, ShapeSearch};
    use crate::{Solver, Tree};
    use dance_dlx::Event;

    /// Norvig's hardest, an empty board (many solutions), one solved by
    /// deductions alone, one with no solution, and one with two.
    const PUZZLES: [&str; 5] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        ".................................................................................",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "12.......34......................................................................",
        ".39...12....9.7...8..4.1..6.42...79...........91...54.5..1.9..3...8.5....14...87.",
    ];

    /// The first `limit` solutions in order, and the events.
    fn solutions(
        engine: &mut dyn ShapeSearch,
        puzzle: &Puzzle,
        budget: u64,
        limit: usize,
    ) -> (Vec<Grid>, Vec<Event>) {
        assert!(engine.start(puzzle));
        let (mut grids, mut events) = (Vec::new(), Vec::new());
        while grids.len() < limit {
            let event = engine.resume(budget);
            if event != Event::BudgetSpent {
                events.push(event);
            }
            match event {
                Event::Solution => grids.push(engine.grid(puzzle)),
                Event::Exhausted => break,
                Event::BudgetSpent => {}
            }
        }
        (grids, events)
    }

    fn engine(puzzle: &Puzzle) -> Driven<Deductions> {
        Driven::new(Deductions::new(puzzle.shape()).unwrap())
    }

    #[test]
    fn counts_match_algorithm_x_and_every_solution_is_valid() {
        let mut reference = Solver::new();
        reference.set_tree(Tree::AlgorithmX);
        for text in PUZZLES {
            let puzzle: Puzzle = text.parse().unwrap();
            let (grids, _) = solutions(&mut engine(&puzzle), &puzzle, u64::MAX, 50);
            let expected = reference.count(&puzzle, 50);
            assert_eq!(grids.len() as u64, expected.solutions, "{text}");
            for (k, grid) in grids.iter().enumerate() {
                crate::verify(&puzzle, grid).unwrap();
                assert!(!grids[..k].contains(grid), "{text}: a solution found twice");
            }
        }
    }

    #[test]
    fn a_budget_of_one_node_walks_the_same_tree() {
        for text in PUZZLES {
            let puzzle: Puzzle = text.parse().unwrap();
            let mut engine = engine(&puzzle);
            let whole = solutions(&mut engine, &puzzle, u64::MAX, 3);
            let stats = engine.stats();
            let stepped = solutions(&mut engine, &puzzle, 1, 3);
            assert_eq!(whole, stepped, "{text}");
            assert_eq!(stats, engine.stats(), "{text}");
        }
    }

    #[test]
    fn a_puzzle_of_singles_fills_one_node_per_blank_and_guesses_nothing() {
        let puzzle: Puzzle = PUZZLES[2].parse().unwrap();
        let mut engine = engine(&puzzle);
        let (grids, _) = solutions(&mut engine, &puzzle, u64::MAX, 2);
        assert_eq!(grids.len(), 1);
        let blanks = puzzle.cells().iter().filter(|c| c.is_none()).count() as u64;
        assert_eq!((engine.stats().nodes, engine.stats().guesses), (blanks, 0));
    }

    #[test]
    fn clashing_givens_are_refused_and_the_next_puzzle_starts_clean() {
        let norvig: Puzzle = PUZZLES[0].parse().unwrap();
        let mut engine = engine(&norvig);
        for clash in [
            format!("5....5{}", ".".repeat(75)),
            format!("5{}5{}", ".".repeat(8), ".".repeat(71)),
            format!("5.........5{}", ".".repeat(70)),
        ] {
            assert!(!engine.start(&clash.parse().unwrap()), "{clash}");
        }
        let (grids, _) = solutions(&mut engine, &norvig, u64::MAX, 2);
        assert_eq!(grids.len(), 1);
    }

    /// Whether every digit of `solution` is still a candidate (or placed)
    /// in its cell.
    fn keeps(state: &State, solution: &Grid) -> bool {
        solution.digits().iter().enumerate().all(|(cell, digit)| {
            state.words[cell / BAND_CELLS][digit.index()] >> (cell % BAND_CELLS) & 1 == 1
        })
    }

    /// The option of `frame` that `solution` takes: the one whose state
    /// keeps it.
    fn option_of(state: &State, frame: &Frame, solution: &Grid) -> usize {
        (0..32)
            .filter(|&option| frame.to_try >> option & 1 == 1)
            .find(|&option| {
                let mut after = *state;
                after.apply(frame.kind, option);
                keeps(&after, solution)
            })
            .expect("the solution takes one option of every branch")
    }

    #[test]
    fn no_deduction_removes_a_candidate_of_the_solution() {
        // Down the path to each top95 puzzle's solution, every state keeps
        // it: the deductions are sound (on these states).
        let top95 = include_str!("../../../benches/data/top95.txt");
        let mut reference = Solver::new();
        reference.set_tree(Tree::AlgorithmX);
        let mut branches = 0;
        for line in top95.lines() {
            let puzzle: Puzzle = line.parse().unwrap();
            let solution = reference.solve(&puzzle).unwrap();
            let mut bands = Deductions::new(puzzle.shape()).unwrap();
            assert!(crate::engines::search::PuzzleMatrix::start(
                &mut bands, &puzzle
            ));
            let mut state = bands.state;
            assert!(state.deduce(simd::Scalar).is_ok());
            assert!(keeps(&state, &solution), "{line}");
            while state.open != [0; 3] {
                let frame = state.branch(simd::Scalar);
                assert_eq!(Lanes::detect().run(Branch(&state)), frame, "{line}");
                assert!(
                    frame.to_try.count_ones() >= 2,
                    "{line}: a branch has options"
                );
                let option = option_of(&state, &frame, &solution);
                state.apply(frame.kind, option);
                assert!(state.deduce(simd::Scalar).is_ok(), "{line}");
                assert_eq!(
                    state.dirty, [0; 3],
                    "{line}: a fixpoint has no changed word"
                );
                assert!(keeps(&state, &solution), "{line}");
                branches += 1;
            }
            assert_eq!(placed_grid(&puzzle, &state.words), solution);
        }
        assert!(branches > 95, "{branches}");
    }

    #[test]
    fn both_copies_of_the_deductions_give_the_same_answers_and_trees() {
        // The baseline copy (what `DANCE_SIMD=off` forces) and the one this
        // CPU runs by default (x86-64-v3 where it has it): the same
        // solutions in the same order, the same nodes and guesses, on
        // every top95 and forum_hardest_1106 puzzle and a part of the
        // hardest, 17-clue and easy sets.
        let sets = [
            (include_str!("../../../benches/data/top95.txt"), 1),
            (
                include_str!("../../../benches/data/forum_hardest_1106.txt"),
                1,
            ),
            (include_str!("../../../benches/data/forum_hardest.txt"), 8),
            (include_str!("../../../benches/data/17clue_sample.txt"), 50),
            (
                include_str!("../../../benches/data/easy_kaggle_like.txt"),
                100,
            ),
        ];
        let mut puzzles = 0;
        for (set, every) in sets {
            for line in set.lines().step_by(every) {
                let puzzle: Puzzle = line.parse().unwrap();
                let mut runs = [Lanes::Scalar, Lanes::detect()].map(|lanes| {
                    let engine = Deductions::with_lanes(puzzle.shape(), lanes).unwrap();
                    let mut engine = Driven::new(engine);
                    let found = solutions(&mut engine, &puzzle, u64::MAX, 2);
                    (found, engine.stats())
                });
                assert_eq!(runs[0], runs[1], "{line}");
                let (found, _) = &mut runs[0];
                for grid in &found.0 {
                    crate::verify(&puzzle, grid).unwrap();
                }
                puzzles += 1;
            }
        }
        assert!(puzzles > 1000, "{puzzles}");
    }

    /// The givens placed one by one, as [`State::give`] does: `None` when
    /// two clash.
    fn given_one_by_one(puzzle: &Puzzle) -> Option<State> {
        let mut state = State::EMPTY;
        let mut givens = [[0; N]; 3];
        for (cell, digit) in puzzle.cells().iter().enumerate() {
            if let Some(digit) = digit {
                let (band, bit) = (cell / BAND_CELLS, cell % BAND_CELLS);
                if !state.give(digit.index(), band, bit) {
                    return None;
                }
                givens[band][digit.index()] |= 1 << bit;
            }
        }
        for (band, words) in state.words.iter_mut().enumerate() {
            let open = state.open[band];
            for (word, &mine) in words.iter_mut().zip(&givens[band]) {
                *word &= open | mine;
            }
        }
        Some(state)
    }

    #[test]
    fn the_givens_placed_at_once_are_the_givens_placed_one_by_one() {
        // Random givens (most of them clash), the shipped top95, and givens
        // taken from a solution (none clash), in both copies.
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |bound: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % bound
        };
        let mut texts: Vec<String> = include_str!("../../../benches/data/top95.txt")
            .lines()
            .map(str::to_owned)
            .collect();
        let (mut clashing, mut fine) = (0, 0);
        for round in 0..3000 {
            let givens = next(if round % 2 == 0 { 12 } else { 40 });
            let mut text = vec![b'.'; N * N];
            for _ in 0..givens {
                let cell = next(81) as usize;
                text[cell] = if round % 3 == 0 {
                    solution.as_bytes()[cell]
                } else {
                    b'1' + next(9) as u8
                };
            }
            texts.push(String::from_utf8(text).unwrap());
        }
        for text in &texts {
            let puzzle: Puzzle = text.parse().unwrap();
            let expected = given_one_by_one(&puzzle);
            for lanes in [None, Some(Lanes::Scalar), Some(Lanes::detect())] {
                let mut state = State::EMPTY;
                let start = Start {
                    state: &mut state,
                    puzzle: &puzzle,
                };
                // Each copy, and the vectors' way in the baseline copy.
                let placed = match lanes {
                    Some(lanes) => lanes.run(start),
                    None => start.at_once(simd::Scalar),
                };
                assert_eq!(placed, expected.is_some(), "{text}");
                if let Some(expected) = expected {
                    assert_eq!(state, expected, "{text}");
                }
            }
            if expected.is_some() {
                fine += 1;
            } else {
                clashing += 1;
            }
        }
        assert!(
            clashing > 500 && fine > 1000,
            "{clashing} clash, {fine} not"
        );
    }

    #[test]
    fn with_every_configuration_fixed_the_branch_is_a_cell() {
        // Not a state the deductions leave (they fill such cells), but the
        // branch is defined on any state.
        let mut state = State::EMPTY;
        for band in 0..3 {
            for digit in 0..N {
                state.triads[band][digit] = CONFIGURATIONS[0] as u16;
            }
        }
        for digit in 0..N {
            state.stacks[digit] = CONFIGURATIONS[0] * SPREAD;
        }
        let frame = state.branch(simd::Scalar);
        assert_eq!((frame.kind, frame.to_try), (Kind::Cell(0, 0), 0x1FF));
    }

    #[test]
    fn the_triads_by_box_are_the_triads_transposed() {
        // Every set of triads, with one, two or three cells in each.
        for grid in 0..512 {
            for cells in [1, 0b110, 0b111, 0b010] {
                let word = triad_cells(grid) & (cells * TRIAD_STARTS);
                assert_eq!(triads(word), grid, "{word:027b}");
                assert_eq!(
                    transpose_grid(triads_by_box(word) as usize),
                    grid as usize,
                    "{word:027b}"
                );
            }
        }
    }

    #[test]
    fn a_union_of_configurations_holds_as_many_as_its_cells_say() {
        // What the vectors' choice of the branch counts by.
        let mut unions = 0;
        for grid in 0..512 {
            if usize::from(USED[grid]) == grid {
                let cells = grid.count_ones() as usize;
                assert_eq!(
                    simd::CONFIGURATIONS_OF_UNION[cells],
                    COUNT[grid],
                    "{grid:09b}"
                );
                unions += 1;
            }
        }
        assert!(unions > 6, "{unions}");
    }

    #[test]
    fn a_branch_copies_224_bytes() {
        // The size the module docs give.
        assert_eq!(std::mem::size_of::<State>(), 224);
    }

    #[test]
    fn only_the_boxed_9x9_shape_is_served() {
        assert!(Deductions::new(&Shape::boxed(9).unwrap()).is_some());
        assert!(Deductions::new(&Shape::boxed(4).unwrap()).is_none());
        let x = Shape::boxed(9).unwrap().with_variant(crate::Variant::X);
        assert!(Deductions::new(&x).is_none());
    }
}
