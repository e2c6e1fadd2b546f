//! Where the deductions run: compiled for the CPU's vector extensions,
//! chosen at run time, or for baseline x86-64.
//!
//! The release binary targets baseline x86-64 (SSE2), so that it runs on
//! any x86-64 CPU. [`Lanes::detect`] asks the CPU once, when an engine is
//! made, whether it has x86-64-v4 (AVX-512 F, BW, CD, DQ and VL: Intel
//! since Skylake-SP, AMD since Zen 4) or x86-64-v3 (AVX2, BMI1/2, POPCNT,
//! LZCNT, FMA: Intel since Haswell, AMD since Excavator, not some Pentium
//! and Celeron); [`Lanes::run`] then runs the engine's hot code compiled
//! again with those extensions enabled (`pulp`'s `V4::vectorize` and
//! `V3::vectorize`: safe, no `unsafe` in this crate). The copies are the
//! same deductions in the same order: the same answers, trees and node
//! counts; only the instructions differ (vector operations on a band's
//! nine words, population counts, shifts without flags; with AVX-512,
//! compares into mask registers and three-input logic).
//!
//! `DANCE_SIMD` in the environment (read once per process) caps the copy,
//! for a test or a comparison: `off` the baseline, `avx2` at most the
//! x86-64-v3 copy, `avx512` (or anything else, or nothing) the fastest
//! this CPU runs. The tests run every copy the CPU has.

use std::sync::OnceLock;

use super::super::bands::{N, ROW};
use super::{COUNT, alone_in_row, columns, transpose};

#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
mod avx2;
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
mod avx512;

/// The copy of the engine's hot code that runs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lanes {
    /// Compiled for baseline x86-64 (or whatever the target is).
    Scalar,
    /// Compiled for x86-64-v3 (AVX2 and the rest), which the CPU has.
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    V3(pulp::x86::V3),
    /// Compiled for x86-64-v4 (AVX-512 and the rest), which the CPU has.
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    V4(pulp::x86::V4),
}

impl Lanes {
    /// The fastest copy this CPU runs, capped by `DANCE_SIMD`.
    pub(crate) fn detect() -> Lanes {
        static CHOSEN: OnceLock<Lanes> = OnceLock::new();
        *CHOSEN.get_or_init(|| Lanes::fastest(std::env::var("DANCE_SIMD").ok().as_deref()))
    }

    /// The fastest copy this CPU runs, capped by `asked`: `off` the
    /// baseline, `avx2` at most x86-64-v3, anything else no cap.
    pub(crate) fn fastest(asked: Option<&str>) -> Lanes {
        #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
        {
            if !matches!(asked, Some("off" | "avx2"))
                && let Some(simd) = pulp::x86::V4::try_new()
            {
                return Lanes::V4(simd);
            }
            if asked != Some("off")
                && let Some(simd) = pulp::x86::V3::try_new()
            {
                return Lanes::V3(simd);
            }
        }
        Lanes::Scalar
    }

    /// Every copy this CPU runs, the baseline first.
    #[cfg(test)]
    pub(crate) fn every() -> Vec<Lanes> {
        let mut every: Vec<Lanes> = Vec::new();
        for asked in ["off", "avx2", "avx512"] {
            let lanes = Lanes::fastest(Some(asked));
            if every.last().is_none_or(|last| last.name() != lanes.name()) {
                every.push(lanes);
            }
        }
        every
    }

    /// The copy's name: the instruction set it is compiled for.
    #[cfg(test)]
    pub(crate) fn name(self) -> &'static str {
        match self {
            Lanes::Scalar => "baseline",
            #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
            Lanes::V3(_) => "x86-64-v3",
            #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
            Lanes::V4(_) => "x86-64-v4",
        }
    }

    /// Runs `op` in this copy, with the operations on a band's words that
    /// suit it: `op` and all it calls must be `#[inline(always)]` to be
    /// compiled for the extensions.
    #[inline(always)]
    pub(crate) fn run<Op: WithWords>(self, op: Op) -> Op::Output {
        match self {
            Lanes::Scalar => op.with(Scalar),
            #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
            Lanes::V3(simd) => simd.vectorize(
                #[inline(always)]
                || op.with(simd),
            ),
            #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
            Lanes::V4(simd) => simd.vectorize(
                #[inline(always)]
                || op.with(simd),
            ),
        }
    }
}

/// Work to run with some [`Words`].
pub(crate) trait WithWords {
    /// What the work returns.
    type Output;
    /// Does the work with the operations of `words`.
    fn with<W: Words>(self, words: W) -> Self::Output;
}

/// Operations on the nine words of a band (one per digit), all with the
/// same results whatever the implementation.
pub(crate) trait Words: Copy {
    /// Whether the operations work on many words at once: an algorithm
    /// that does more work in fewer steps may pay only then.
    const WIDE: bool;

    /// Takes `cells` from every word: the words that changed, bit `digit`.
    fn clear(self, words: &mut [u32; N], cells: u32) -> u32;

    /// For each band, the cells in at least one of its words, and those in
    /// at least two.
    fn cover(self, words: &[[u32; N]; 3]) -> [(u32, u32); 3];

    /// The first digit whose word has cell `bit`, if any.
    fn holder(self, words: &[u32; N], bit: usize) -> Option<usize>;

    /// How many cells the three bands' words `open` hold.
    fn count(self, open: [u32; 3]) -> u64;

    /// For each digit, the cells of a band whose number (`1..=9`, 0 for
    /// none; bytes 27 to 31 are 0) is the digit's.
    fn givens(self, numbers: &[u8; 32]) -> [u32; N];

    /// The columns of each digit's three words by stack (stack `s` at bit
    /// `9 · s`, band `b` at bit `3 · b` of that), and the digits where they
    /// differ from `stacks`, bit `digit`.
    fn moved(self, words: &[[u32; N]; 3], stacks: &[u32; N]) -> ([u32; N], u32);

    /// Where to branch: the line (a band, 0 to 2, its grids by digit in
    /// `triads`; or a stack, 3 to 5, from each digit's columns by stack in
    /// `stacks`) whose digits have the fewest configurations left in all,
    /// more than one each, the first such; and in it the first digit with
    /// the fewest, more than one. `None` when every digit of every line has
    /// one. Every grid is a union of configurations (each the configurations
    /// used within a set of cells, as the rules leave them), whose count
    /// its number of cells gives.
    fn fewest(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> Option<(usize, usize)>;

    /// Each digit's used triads of the three bands (low half, band `b` at
    /// bit `9 · b`) and of the three stacks (high half, stack `s` at bit
    /// `32 + 9 · s`: `stacks`); and for each triad, whether at least one, two, three
    /// and four digits have it, and the same for the triads certain in
    /// their digit's grid (alone in their row).
    fn grids(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> ([u64; N], [u64; 4], [u64; 4]);
}

/// The columns of `digit`'s three words, band `b` at bit `9 · b`.
#[inline(always)]
fn seen(words: &[[u32; N]; 3], digit: usize) -> u32 {
    columns(words[0][digit]) | columns(words[1][digit]) << N | columns(words[2][digit]) << (2 * N)
}

/// A word at a time.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Scalar;

impl Words for Scalar {
    const WIDE: bool = false;

    #[inline(always)]
    fn clear(self, words: &mut [u32; N], cells: u32) -> u32 {
        let mut changed = 0;
        for (digit, word) in words.iter_mut().enumerate() {
            let cleared = *word & !cells;
            changed |= u32::from(cleared != *word) << digit;
            *word = cleared;
        }
        changed
    }

    #[inline(always)]
    fn holder(self, words: &[u32; N], bit: usize) -> Option<usize> {
        words.iter().position(|&word| word >> bit & 1 == 1)
    }

    #[inline(always)]
    fn cover(self, words: &[[u32; N]; 3]) -> [(u32, u32); 3] {
        let mut covers = [(0, 0); 3];
        for (words, (one, two)) in words.iter().zip(&mut covers) {
            for &word in words {
                *two |= *one & word;
                *one |= word;
            }
        }
        covers
    }

    /// Nine bits at a time from a table: cheaper than counting bits
    /// without a population-count instruction.
    #[inline(always)]
    fn count(self, open: [u32; 3]) -> u64 {
        open.iter()
            .flat_map(|&cells| [cells & ROW, cells >> N & ROW, cells >> (2 * N) & ROW])
            .map(|row| u64::from(BITS[row as usize]))
            .sum()
    }

    #[inline(always)]
    fn givens(self, numbers: &[u8; 32]) -> [u32; N] {
        let mut givens = [0; N];
        for (bit, &number) in numbers.iter().enumerate() {
            if let Some(cells) = givens.get_mut(usize::from(number.wrapping_sub(1))) {
                *cells |= 1 << bit;
            }
        }
        givens
    }

    #[inline(always)]
    fn moved(self, words: &[[u32; N]; 3], stacks: &[u32; N]) -> ([u32; N], u32) {
        // A loop, not `array::from_fn`, whose closure is not inlined.
        let (mut all, mut moved) = ([0; N], 0);
        for (digit, (seen, &stack)) in all.iter_mut().zip(stacks).enumerate() {
            *seen = transpose(self::seen(words, digit));
            moved |= u32::from(*seen != stack) << digit;
        }
        (all, moved)
    }

    /// A table look-up per grid.
    #[inline(always)]
    fn fewest(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> Option<(usize, usize)> {
        let mut counts = [[0u8; N]; 6];
        for digit in 0..N {
            for band in 0..3 {
                counts[band][digit] = COUNT[usize::from(triads[band][digit]) & ROW as usize];
            }
            for stack in 0..3 {
                counts[3 + stack][digit] = COUNT[(stacks[digit] >> (N * stack) & ROW) as usize];
            }
        }
        let (mut line, mut fewest) = (None, u32::MAX);
        for (candidate, counts) in counts.iter().enumerate() {
            let total = counts.iter().map(|&count| u32::from(count)).sum();
            if total > N as u32 && total < fewest {
                (line, fewest) = (Some(candidate), total);
            }
        }
        let line = line?;
        let (mut digit, mut fewest) = (0, u8::MAX);
        for (candidate, &count) in counts[line].iter().enumerate() {
            if count > 1 && count < fewest {
                (digit, fewest) = (candidate, count);
            }
        }
        Some((line, digit))
    }

    #[inline(always)]
    fn grids(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> ([u64; N], [u64; 4], [u64; 4]) {
        let mut grids = [0u64; N];
        let (mut may, mut must) = ([0u64; 4], [0u64; 4]);
        for (digit, grids) in grids.iter_mut().enumerate() {
            let across = u64::from(triads[0][digit])
                | u64::from(triads[1][digit]) << N
                | u64::from(triads[2][digit]) << (2 * N);
            let down = u64::from(stacks[digit]);
            *grids = across | down << 32;
            let certain = alone_in_row(*grids);
            for (counts, bits) in [(&mut may, *grids), (&mut must, certain)] {
                count(counts, bits);
            }
        }
        (grids, may, must)
    }
}

/// Adds `bits` to the counts of at least one, two, three and four.
#[inline(always)]
fn count(counts: &mut [u64; 4], bits: u64) {
    counts[3] |= counts[2] & bits;
    counts[2] |= counts[1] & bits;
    counts[1] |= counts[0] & bits;
    counts[0] |= bits;
}

/// For a union of configurations of a 3×3 grid, by its number of cells:
/// how many configurations it holds (no union has 1, 2 or 4 cells).
pub(crate) const CONFIGURATIONS_OF_UNION: [u8; 16] =
    [0, 0, 0, 1, 0, 2, 2, 3, 4, 6, 0, 0, 0, 0, 0, 0];

/// For each row of a band: how many bits it has.
static BITS: [u8; 512] = {
    let mut bits = [0; 512];
    let mut row = 0;
    while row < 512 {
        bits[row] = (row as u32).count_ones() as u8;
        row += 1;
    }
    bits
};
