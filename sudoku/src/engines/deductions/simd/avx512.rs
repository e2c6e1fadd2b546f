//! The copy of the deductions' hot code for x86-64-v4 (AVX-512 F, BW, CD,
//! DQ and VL, on the AVX2 copy's 256-bit vectors): compares straight into
//! mask registers, and three-input logic (`vpternlog`) where the AVX2 copy
//! takes two or more instructions; the other steps are the AVX2 copy's,
//! compiled again for these extensions.
//!
//! Measured against the AVX2 copy on the same CPU (an AMD EPYC with
//! AVX-512, whole processes, paired), it takes 2–3% less time. What did
//! not pay, and is not here: holding a band's nine words in one 512-bit
//! register while its row deductions run (a lane taken out by a
//! permutation for each word was 14% slower than a load; kept beside the
//! words in memory, 2% slower), and taking a row's singles from the other
//! words without a branch (33% slower: the next word then waits for
//! them).

#[cfg(target_arch = "x86")]
use std::arch::x86::{__m128i, __m256i};
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{__m128i, __m256i};

use pulp::bytemuck::cast;
use pulp::x86::{V3, V4};

use super::super::super::bands::N;
use super::Words;
use super::avx2::{self, Eight};

/// Eight words in one 256-bit register and the ninth alone, as in the
/// AVX2 copy, with masks where they save instructions.
impl Words for V4 {
    const WIDE: bool = true;

    /// The words that changed compared into a mask.
    #[inline(always)]
    fn clear(self, words: &mut [u32; N], cells: u32) -> u32 {
        avx2::clear(self, words, cells)
    }

    #[inline(always)]
    fn cover(self, words: &[[u32; N]; 3]) -> [(u32, u32); 3] {
        (*self).cover(words)
    }

    /// Eight words tested at once into a mask, then the ninth.
    #[inline(always)]
    fn holder(self, words: &[u32; N], bit: usize) -> Option<usize> {
        let eight: [u32; N - 1] = words[..N - 1].try_into().expect("eight words");
        let cell = self.avx._mm256_set1_epi32(1 << bit);
        let has = u32::from(self.avx512f._mm256_test_epi32_mask(cast(eight), cell))
            | (words[N - 1] >> bit & 1) << (N - 1);
        if has == 0 {
            None
        } else {
            Some(has.trailing_zeros() as usize)
        }
    }

    #[inline(always)]
    fn count(self, open: [u32; 3]) -> u64 {
        (*self).count(open)
    }

    /// The band's 32 bytes compared with each number at once, into a mask.
    #[inline(always)]
    fn givens(self, numbers: &[u8; 32]) -> [u32; N] {
        let numbers = cast(*numbers);
        let mut givens = [0; N];
        for (digit, cells) in givens.iter_mut().enumerate() {
            let number = self.avx._mm256_set1_epi8(digit as i8 + 1);
            *cells = self.avx512bw._mm256_cmpeq_epi8_mask(numbers, number);
        }
        givens
    }

    #[inline(always)]
    fn moved(self, words: &[[u32; N]; 3], stacks: &[u32; N]) -> ([u32; N], u32) {
        avx2::moved(self, words, stacks)
    }

    #[inline(always)]
    fn fewest(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> Option<(usize, usize)> {
        V3::fewest(*self, triads, stacks)
    }

    #[inline(always)]
    fn grids(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> ([u64; N], [u64; 4], [u64; 4]) {
        avx2::grids(self, triads, stacks)
    }
}

/// Three-input logic (`vpternlog`): each bit of the result is bit
/// `4 · a + 2 · b + c` of the table, for the bits of `a`, `b` and `c`.
mod table {
    /// `a | b | c`.
    pub(super) const OR3: i32 = 0xFE;
    /// `a ^ b ^ c`.
    pub(super) const XOR3: i32 = 0x96;
    /// At least two of `a`, `b`, `c`.
    pub(super) const MAJORITY: i32 = 0xE8;
    /// `(a & b) | c`.
    pub(super) const AND_OR: i32 = 0xEA;
}

impl Eight for V4 {
    #[inline(always)]
    fn v3(self) -> V3 {
        *self
    }

    #[inline(always)]
    fn or3(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        self.avx512f
            ._mm256_ternarylogic_epi32::<{ table::OR3 }>(a, b, c)
    }

    /// One compare into a mask.
    #[inline(always)]
    fn differ(self, a: __m256i, b: __m256i) -> u32 {
        u32::from(self.avx512f._mm256_cmpneq_epi32_mask(a, b))
    }

    /// Each swap of fields in three instructions and one of three-input
    /// logic.
    #[inline(always)]
    fn transposed(self, fields: __m256i) -> __m256i {
        let (avx, avx2, f) = (self.avx, self.avx2, self.avx512f);
        let t = avx2._mm256_and_si256(
            avx2._mm256_xor_si256(avx2._mm256_srli_epi32::<6>(fields), fields),
            avx._mm256_set1_epi32(7 << 3 | 7 << 15),
        );
        let fields = f._mm256_ternarylogic_epi32::<{ table::XOR3 }>(
            fields,
            t,
            avx2._mm256_slli_epi32::<6>(t),
        );
        let t = avx2._mm256_and_si256(
            avx2._mm256_xor_si256(avx2._mm256_srli_epi32::<12>(fields), fields),
            avx._mm256_set1_epi32(7 << 6),
        );
        f._mm256_ternarylogic_epi32::<{ table::XOR3 }>(fields, t, avx2._mm256_slli_epi32::<12>(t))
    }

    /// The majority of each row's three bits in one instruction.
    #[inline(always)]
    fn alone(self, grids: __m256i) -> __m256i {
        let (avx, avx2, f) = (self.avx, self.avx2, self.avx512f);
        let lowest = avx._mm256_set1_epi32(super::super::LOWEST as u32 as i32);
        let two = avx2._mm256_and_si256(
            f._mm256_ternarylogic_epi32::<{ table::MAJORITY }>(
                grids,
                avx2._mm256_srli_epi32::<1>(grids),
                avx2._mm256_srli_epi32::<2>(grids),
            ),
            lowest,
        );
        let spread = self.or3(
            two,
            avx2._mm256_slli_epi32::<1>(two),
            avx2._mm256_slli_epi32::<2>(two),
        );
        avx2._mm256_andnot_si256(spread, grids)
    }

    /// In one instruction.
    #[inline(always)]
    fn and_or(self, a: __m128i, b: __m128i, c: __m128i) -> __m128i {
        self.avx512f
            ._mm_ternarylogic_epi64::<{ table::AND_OR }>(a, b, c)
    }
}
