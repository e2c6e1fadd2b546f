//! Where the deductions run: compiled for the CPU's vector extensions,
//! chosen at run time, or for baseline x86-64.
//!
//! The release binary targets baseline x86-64 (SSE2), so that it runs on
//! any x86-64 CPU. [`Lanes::detect`] asks the CPU once, when an engine is
//! made, whether it has x86-64-v3 (AVX2, BMI1/2, POPCNT, LZCNT, FMA: every
//! x86-64 CPU since 2013–2015); [`Lanes::run`] then runs the engine's hot
//! code compiled a second time with those extensions enabled (`pulp`'s
//! `V3::vectorize`: safe, no `unsafe` in this crate). Both copies are the
//! same Rust, so they make the same deductions in the same order: the same
//! answers, trees and node counts; only the instructions differ (vector
//! operations on a band's nine words, population counts, shifts without
//! flags).
//!
//! `DANCE_SIMD=off` in the environment (read once per process) forces the
//! baseline copy, for a test or a comparison; the tests run both copies.

use std::sync::OnceLock;

use crate::bands::{N, ROW};

/// The copy of the engine's hot code that runs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Lanes {
    /// Compiled for baseline x86-64 (or whatever the target is).
    Scalar,
    /// Compiled for x86-64-v3 (AVX2 and the rest), which the CPU has.
    #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
    V3(pulp::x86::V3),
}

impl Lanes {
    /// The fastest copy this CPU runs, unless `DANCE_SIMD=off`.
    pub(crate) fn detect() -> Lanes {
        static CHOSEN: OnceLock<Lanes> = OnceLock::new();
        *CHOSEN.get_or_init(|| {
            if std::env::var_os("DANCE_SIMD").is_some_and(|value| value == "off") {
                return Lanes::Scalar;
            }
            #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
            if let Some(simd) = pulp::x86::V3::try_new() {
                return Lanes::V3(simd);
            }
            Lanes::Scalar
        })
    }

    /// Runs `op` in this copy, with the operations on a band's words that
    /// suit it: `op` and all it calls must be `#[inline(always)]` to be
    /// compiled for the extensions.
    #[inline(always)]
    pub(crate) fn run<Op: WithWords>(self, op: Op) -> Op::Output {
        match self {
            Lanes::Scalar => op.with(Scalar),
            #[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
            Lanes::V3(simd) => simd.vectorize(|| op.with(simd)),
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

    /// The cells in at least one word, and those in at least two.
    fn cover(self, words: &[u32; N]) -> (u32, u32);

    /// How many cells the three bands' words `open` hold.
    fn count(self, open: [u32; 3]) -> u64;

    /// For each digit, the cells of a band whose number (`1..=9`, 0 for
    /// none; bytes 27 to 31 are 0) is the digit's.
    fn givens(self, numbers: &[u8; 32]) -> [u32; N];

    /// The columns of each digit's three words (band `b` at bit `9 · b`),
    /// from each band's columns by digit: the digits where they differ
    /// from `stacks`, bit `digit`.
    fn moved(self, columns: &[[u16; N]; 3], stacks: &[u32; N]) -> u32;
}

/// The columns of `digit`'s three words, band `b` at bit `9 · b`.
#[inline(always)]
pub(crate) fn seen(columns: &[[u16; N]; 3], digit: usize) -> u32 {
    u32::from(columns[0][digit])
        | u32::from(columns[1][digit]) << N
        | u32::from(columns[2][digit]) << (2 * N)
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
    fn cover(self, words: &[u32; N]) -> (u32, u32) {
        let (mut one, mut two) = (0, 0);
        for &word in words {
            two |= one & word;
            one |= word;
        }
        (one, two)
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
    fn moved(self, columns: &[[u16; N]; 3], stacks: &[u32; N]) -> u32 {
        let mut moved = 0;
        for (digit, &stack) in stacks.iter().enumerate() {
            moved |= u32::from(seen(columns, digit) != stack) << digit;
        }
        moved
    }
}

/// For each row of a band: how many bits it has.
const BITS: [u8; 512] = {
    let mut bits = [0; 512];
    let mut row = 0;
    while row < 512 {
        bits[row] = (row as u32).count_ones() as u8;
        row += 1;
    }
    bits
};

/// Eight words in one 256-bit register, and the ninth alone.
#[cfg(any(target_arch = "x86_64", target_arch = "x86"))]
impl Words for pulp::x86::V3 {
    const WIDE: bool = true;

    #[inline(always)]
    fn clear(self, words: &mut [u32; N], cells: u32) -> u32 {
        use pulp::bytemuck::cast;
        let (eight, ninth) = words.split_at_mut(N - 1);
        let eight: &mut [u32; N - 1] = eight.try_into().expect("eight words");
        let before = cast(*eight);
        let after = self
            .avx2
            ._mm256_andnot_si256(self.avx._mm256_set1_epi32(cells as i32), before);
        *eight = cast(after);
        let same = self.avx2._mm256_cmpeq_epi32(before, after);
        let same = self
            .avx
            ._mm256_movemask_ps(self.avx._mm256_castsi256_ps(same)) as u32;
        let cleared = ninth[0] & !cells;
        let changed = !same & 0xFF | u32::from(cleared != ninth[0]) << (N - 1);
        ninth[0] = cleared;
        changed
    }

    /// Halves folded onto each other three times, then the ninth word.
    #[inline(always)]
    fn cover(self, words: &[u32; N]) -> (u32, u32) {
        use pulp::bytemuck::cast;
        let (eight, ninth) = words.split_at(N - 1);
        let eight: [u32; N - 1] = eight.try_into().expect("eight words");
        let eight = cast(eight);
        let (sse2, avx2) = (self.sse2, self.avx2);
        let low = self.avx._mm256_castsi256_si128(eight);
        let high = avx2._mm256_extracti128_si256::<1>(eight);
        let (one, two) = (sse2._mm_or_si128(low, high), sse2._mm_and_si128(low, high));
        let (other_one, other_two) = (
            sse2._mm_shuffle_epi32::<0b01_00_11_10>(one),
            sse2._mm_shuffle_epi32::<0b01_00_11_10>(two),
        );
        let two = sse2._mm_or_si128(
            sse2._mm_or_si128(two, other_two),
            sse2._mm_and_si128(one, other_one),
        );
        let one = sse2._mm_or_si128(one, other_one);
        let (other_one, other_two) = (
            sse2._mm_shuffle_epi32::<0b10_11_00_01>(one),
            sse2._mm_shuffle_epi32::<0b10_11_00_01>(two),
        );
        let two = sse2._mm_or_si128(
            sse2._mm_or_si128(two, other_two),
            sse2._mm_and_si128(one, other_one),
        );
        let one = sse2._mm_or_si128(one, other_one);
        let (one, two) = (
            sse2._mm_cvtsi128_si32(one) as u32,
            sse2._mm_cvtsi128_si32(two) as u32,
        );
        (one | ninth[0], two | (one & ninth[0]))
    }

    /// With the population-count instruction.
    #[inline(always)]
    fn count(self, open: [u32; 3]) -> u64 {
        open.iter().map(|cells| u64::from(cells.count_ones())).sum()
    }

    /// The band's 32 bytes compared with each number at once, a bit per
    /// byte.
    #[inline(always)]
    fn givens(self, numbers: &[u8; 32]) -> [u32; N] {
        let numbers = pulp::bytemuck::cast(*numbers);
        let mut givens = [0; N];
        for (digit, cells) in givens.iter_mut().enumerate() {
            let number = self.avx._mm256_set1_epi8(digit as i8 + 1);
            let same = self.avx2._mm256_cmpeq_epi8(numbers, number);
            *cells = self.avx2._mm256_movemask_epi8(same) as u32;
        }
        givens
    }

    /// Eight digits at once, and the ninth alone.
    #[inline(always)]
    fn moved(self, columns: &[[u16; N]; 3], stacks: &[u32; N]) -> u32 {
        use pulp::bytemuck::cast;
        let avx2 = self.avx2;
        let band = |band: usize| {
            let eight: [u16; N - 1] = columns[band][..N - 1].try_into().expect("eight");
            avx2._mm256_cvtepu16_epi32(cast(eight))
        };
        let seen = avx2._mm256_or_si256(
            band(0),
            avx2._mm256_or_si256(
                avx2._mm256_slli_epi32::<9>(band(1)),
                avx2._mm256_slli_epi32::<18>(band(2)),
            ),
        );
        let eight: [u32; N - 1] = stacks[..N - 1].try_into().expect("eight");
        let same = avx2._mm256_cmpeq_epi32(seen, cast(eight));
        let same = self
            .avx
            ._mm256_movemask_ps(self.avx._mm256_castsi256_ps(same)) as u32;
        !same & 0xFF | u32::from(self::seen(columns, N - 1) != stacks[N - 1]) << (N - 1)
    }
}
