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
//! cheapest first: the row rule on every changed word, in a sweep until no
//! word changes (each band keeps a mask of its digits whose word changed
//! since its last row deduction, set by whatever narrows a word, so a sweep
//! visits those words and scans none: reading the words back to find the
//! changed ones cost a fifth of the deductions' instructions, and its
//! loads waited on the stores just made; so do the row rule's narrowings
//! of the other bands when its boxes point down their columns: found at
//! the other band's next visit instead, by one vector comparison with the
//! words its last visit left, they took 2.5% fewer instructions but 10%
//! more time, the visits and their branches more); then naked singles;
//! then the stacks; then the triads; any change sweeps again. The sweep
//! holds the three masks in registers, and every word the row rule
//! changes, in its own band or by pointing into another, joins its band's
//! mask at once: kept in the state between rounds instead, each change
//! was a read, a change and a write of memory that the next round's read
//! waited on, and the other bands' changes waited a round: 4–19% more time
//! on top95, forum_hardest and the easy set, first and `--unique`
//! (`benches/ab_solve.sh`). A sweep
//! takes the three bands' changed words in turns, one of each band at a
//! time, not a band's all before the next band's: a row deduction is a
//! chain of dependent loads (the word, two tables, the other bands'
//! words), and the next band's mask was known only once the last of those
//! chains had ended, so the processor ran one chain at a time; in turns
//! it runs three: 9% less time on easy puzzles and 5% on forum_hardest,
//! for 6–10% more instructions. The fixpoint is the same whatever the
//! order, so the tree is too; only where a branch that ends stops filling
//! cells, and so its node count, depends on the order.
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
//! # Three copies
//!
//! The deductions and the placing of the givens run in one of three copies
//! of the same code ([`simd`]): compiled for x86-64-v4 (AVX-512) or
//! x86-64-v3 (AVX2), the most the CPU has, asked once per engine, else for
//! the baseline. A few steps use vectors there (a band's nine words at
//! once, with masks and three-input logic under AVX-512); every step gives
//! the same result in each, so the answers, nodes and guesses are the same,
//! and `DANCE_SIMD` caps the copy (`off` the baseline, `avx2` at most the
//! AVX2 one).

mod simd;
mod tables;

use dance_dlx::driver::{Choice, Matrix, Work};

use super::bands::{BAND, BAND_CELLS, COLUMNS, KEEP, N, ROW, TRIAD, placed_grid};
use super::search::Stash;
use crate::{Grid, Puzzle, Shape};
use simd::{Lanes, WithWords, Words};
use tables::*;

/// Whether all three bands' masks are empty. Three loads of a word, not
/// an array comparison: that one loads two words at once, which the
/// stores of one word each just made to them cannot forward, and waits
/// for them to reach the cache.
#[inline(always)]
fn none(masks: [u32; 3]) -> bool {
    masks[0] | masks[1] | masks[2] == 0
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
            if none(self.open) {
                return Ok(());
            }
            if self.naked(w)? || self.stacks(w)? || self.triads(w)? {
                continue;
            }
            return Ok(());
        }
    }

    /// The row deduction on every changed word, until none changes: the
    /// three bands' changed words taken in turns, a word of each band at a
    /// time, their masks in registers.
    #[inline(always)]
    fn sweep<W: Words>(&mut self, w: W) -> Result<(), DeadEnd> {
        let mut masks = self.dirty;
        self.dirty = [0; 3];
        while !none(masks) {
            self.step::<0, W>(w, &mut masks)?;
            self.step::<1, W>(w, &mut masks)?;
            self.step::<2, W>(w, &mut masks)?;
        }
        Ok(())
    }

    /// The row deduction on the first word of band `B` in its mask, if
    /// any; the words that this changes join the masks.
    #[inline(always)]
    fn step<const B: usize, W: Words>(
        &mut self,
        w: W,
        masks: &mut [u32; 3],
    ) -> Result<(), DeadEnd> {
        // Masked, the mask is known to hold digits only, so is every
        // digit taken from it: the words need no bounds check.
        let mask = masks[B] & ALL_DIGITS;
        if mask != 0 {
            let digit = mask.trailing_zeros() as usize;
            masks[B] = mask & (mask - 1);
            self.row::<B, W>(w, digit, masks)?;
        }
        Ok(())
    }

    /// The word of digit `d` in band `B`: its triads that no configuration
    /// uses go; a box left with one column points down it; a row left with
    /// one cell places the digit there. The words that this changes join
    /// `masks`, bit `digit`.
    #[inline(always)]
    fn row<const B: usize, W: Words>(
        &mut self,
        w: W,
        d: usize,
        masks: &mut [u32; 3],
    ) -> Result<(), DeadEnd> {
        let tables = &ROW_TABLES;
        let own = self.words[B][d];
        // The boxes point down the columns of the word as it was, at once:
        // the columns of the word the triads leave are the same nine times
        // in ten, and when they differ (fewer columns, stronger pointing)
        // they point again below. The look-up then waits for one load of
        // the word, not for the triads' chain of look-ups as well.
        let seen = columns(own);
        self.point::<B>(d, tables.pointed[seen as usize], masks);
        let triads = triads_by_box(own);
        // Within the band: lets the compiler drop the bounds checks below.
        let word = own & tables.kept[triads as usize] & BAND;
        if word == 0 {
            return Err(DeadEnd);
        }
        self.triads[B][d] = tables.used[triads as usize];
        let columns = columns(word);
        if columns != seen {
            self.point::<B>(d, tables.pointed[columns as usize], masks);
        }
        let singles = (tables.alone[0][(word & ROW) as usize]
            | tables.alone[1][(word >> N & ROW) as usize]
            | tables.alone[2][(word >> (2 * N) & ROW) as usize])
            & self.open[B];
        // A branch: the loop marks each word it changes, too dear to run
        // on the three row deductions in five that place nothing.
        if singles != 0 {
            self.open[B] &= !singles;
            // The digit's own word keeps its singles (stored below).
            masks[B] |= w.clear(&mut self.words[B], singles) & !(1 << d);
        }
        self.words[B][d] = word;
        Ok(())
    }

    /// Keeps only the cells of `pointed` in the words of digit `d` in the
    /// bands other than `B` (the columns its boxes point down leave them),
    /// marking in `masks` those that change.
    #[inline(always)]
    fn point<const B: usize>(&mut self, d: usize, pointed: u32, masks: &mut [u32; 3]) {
        masks[(B + 1) % 3] |= self.narrowed((B + 1) % 3, d, pointed);
        masks[(B + 2) % 3] |= self.narrowed((B + 2) % 3, d, pointed);
    }

    /// Keeps only the cells of `keep` in the word of `digit` in `band`,
    /// marking it for the next sweep if that changes it (in the state:
    /// the sweep's own narrowings mark its masks, [`State::narrowed`]).
    #[inline(always)]
    fn narrow(&mut self, band: usize, digit: usize, keep: u32) {
        self.dirty[band] |= self.narrowed(band, digit, keep);
    }

    /// Keeps only the cells of `keep` in the word of `digit` in `band`:
    /// bit `digit` if that changed it.
    #[inline(always)]
    fn narrowed(&mut self, band: usize, digit: usize, keep: u32) -> u32 {
        let word = self.words[band][digit];
        self.words[band][digit] = word & keep;
        // A selected bit, not a shifted flag: a conditional move where a
        // flag took a set, a shift and a cleared register.
        if word & !keep != 0 { 1 << digit } else { 0 }
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
                        & SPREAD;
                let in_boxes = (triads & triads >> N
                    | triads & triads >> (2 * N)
                    | triads >> N & triads >> (2 * N))
                    & BOX_STARTS;
                clash |= twice | in_rows | in_boxes;
                let rows = ((triads | triads >> 3 | triads >> 6) & SPREAD) * ROW;
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
        if none(self.state.open) {
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
mod tests;
