//! The copy of the deductions' hot code for x86-64-v3: eight of a band's
//! nine words (one per digit) in one 256-bit register, the ninth alone.

#[cfg(target_arch = "x86")]
use std::arch::x86::{__m128i, __m256i};
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::{__m128i, __m256i};

use pulp::x86::V3;

use super::super::super::bands::{N, ROW};
use super::super::{alone_in_row, transpose};
use super::{CONFIGURATIONS_OF_UNION, Words, count, seen};

/// Eight digits' `u16`s of a band (grids, columns) as eight `u32` lanes.
#[inline(always)]
fn band_grids(simd: pulp::x86::V3, grids: &[u16; N]) -> __m256i {
    let eight: [u16; N - 1] = grids[..N - 1].try_into().expect("eight grids");
    simd.avx2._mm256_cvtepu16_epi32(pulp::bytemuck::cast(eight))
}

/// For each value of four bits: how many are set.
const BITS_OF_NIBBLE: [u8; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// Eight words in one 256-bit register, and the ninth alone.
impl Words for pulp::x86::V3 {
    const WIDE: bool = true;

    #[inline(always)]
    fn clear(self, words: &mut [u32; N], cells: u32) -> u32 {
        clear(self, words, cells)
    }

    /// Eight words at once, then the ninth.
    #[inline(always)]
    fn holder(self, words: &[u32; N], bit: usize) -> Option<usize> {
        use pulp::bytemuck::cast;
        let (avx, avx2) = (self.avx, self.avx2);
        let eight: [u32; N - 1] = words[..N - 1].try_into().expect("eight words");
        let cell = avx._mm256_set1_epi32(1 << bit);
        let has = avx2._mm256_cmpeq_epi32(avx2._mm256_and_si256(cast(eight), cell), cell);
        let has = avx._mm256_movemask_ps(avx._mm256_castsi256_ps(has)) as u32
            | (words[N - 1] >> bit & 1) << (N - 1);
        (has != 0).then(|| has.trailing_zeros() as usize)
    }

    /// Each band's first eight words folded onto themselves three times,
    /// the first two bands side by side in one vector, then the ninth.
    #[inline(always)]
    fn cover(self, words: &[[u32; N]; 3]) -> [(u32, u32); 3] {
        use pulp::bytemuck::cast;
        let (sse2, avx, avx2) = (self.sse2, self.avx, self.avx2);
        let four = |band: usize, first: usize| -> __m128i {
            let four: [u32; 4] = words[band][first..][..4].try_into().expect("four words");
            cast(four)
        };
        // Bands 0 and 1: the first four words of each against the next
        // four.
        let (low, high) = (
            avx._mm256_set_m128i(four(1, 0), four(0, 0)),
            avx._mm256_set_m128i(four(1, 4), four(0, 4)),
        );
        let (mut one, mut two) = (
            avx2._mm256_or_si256(low, high),
            avx2._mm256_and_si256(low, high),
        );
        let (mut alone, mut both) = (
            sse2._mm_or_si128(four(2, 0), four(2, 4)),
            sse2._mm_and_si128(four(2, 0), four(2, 4)),
        );
        // Then halves of the halves, and their halves.
        macro_rules! fold {
            ($shuffle:literal) => {
                let (other_one, other_two) = (
                    avx2._mm256_shuffle_epi32::<$shuffle>(one),
                    avx2._mm256_shuffle_epi32::<$shuffle>(two),
                );
                two = avx2._mm256_or_si256(
                    avx2._mm256_or_si256(two, other_two),
                    avx2._mm256_and_si256(one, other_one),
                );
                one = avx2._mm256_or_si256(one, other_one);
                let (other_alone, other_both) = (
                    sse2._mm_shuffle_epi32::<$shuffle>(alone),
                    sse2._mm_shuffle_epi32::<$shuffle>(both),
                );
                both = sse2._mm_or_si128(
                    sse2._mm_or_si128(both, other_both),
                    sse2._mm_and_si128(alone, other_alone),
                );
                alone = sse2._mm_or_si128(alone, other_alone);
            };
        }
        fold!(0b01_00_11_10);
        fold!(0b10_11_00_01);
        let ones: [u32; 8] = cast(one);
        let twos: [u32; 8] = cast(two);
        let cover = |one: u32, two: u32, band: usize| {
            let ninth = words[band][N - 1];
            (one | ninth, two | (one & ninth))
        };
        [
            cover(ones[0], twos[0], 0),
            cover(ones[4], twos[4], 1),
            cover(
                sse2._mm_cvtsi128_si32(alone) as u32,
                sse2._mm_cvtsi128_si32(both) as u32,
                2,
            ),
        ]
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

    #[inline(always)]
    fn moved(self, words: &[[u32; N]; 3], stacks: &[u32; N]) -> ([u32; N], u32) {
        moved(self, words, stacks)
    }

    /// Eight digits' grids of each line as 16-bit lanes, a line in each
    /// half of a vector: their cells counted four bits at a time by a
    /// shuffle, their configurations by a second (a union of configurations
    /// has 0, 3, 5 to 9 cells), each line's eight added by three horizontal
    /// additions; the line, and in it the digit, by the minimum-position
    /// instruction; the ninth digit by the population count.
    #[inline(always)]
    fn fewest(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> Option<(usize, usize)> {
        use pulp::bytemuck::cast;
        let (sse2, avx, avx2) = (self.sse2, self.avx, self.avx2);
        let band = |band: usize| {
            let eight: [u16; N - 1] = triads[band][..N - 1].try_into().expect("eight grids");
            cast::<[u16; N - 1], __m128i>(eight)
        };
        // Each digit's stacks, stack s at bit 9 · s, as three vectors of
        // eight 16-bit lanes in digit order in each half.
        let down: [u32; N - 1] = stacks[..N - 1].try_into().expect("eight");
        let down: __m256i = cast(down);
        let row = avx._mm256_set1_epi32(ROW as i32);
        let first = avx2._mm256_and_si256(down, row);
        let second = avx2._mm256_and_si256(avx2._mm256_srli_epi32::<9>(down), row);
        let third = avx2._mm256_srli_epi32::<18>(down);
        // Packing interleaves the halves' quarters: the permutation puts
        // them back.
        let stacks01 =
            avx2._mm256_permute4x64_epi64::<0b11_01_10_00>(avx2._mm256_packus_epi32(first, second));
        let stack2 =
            avx2._mm256_permute4x64_epi64::<0b11_01_10_00>(avx2._mm256_packus_epi32(third, third));
        // Lines 0 and 1, 2 and 3, 4 and 5: line k in half k.
        let grids = [
            avx._mm256_set_m128i(band(1), band(0)),
            avx._mm256_set_m128i(avx._mm256_castsi256_si128(stacks01), band(2)),
            avx2._mm256_permute2x128_si256::<0x21>(stacks01, stack2),
        ];
        let nibble = avx._mm256_set1_epi8(0x0F);
        let bits: __m256i = cast([BITS_OF_NIBBLE; 2]);
        let configurations: __m256i = cast([CONFIGURATIONS_OF_UNION; 2]);
        let (ones, two, zero) = (
            avx._mm256_set1_epi8(1),
            avx._mm256_set1_epi16(2),
            avx._mm256_setzero_si256(),
        );
        // Closures given to `map` would not be compiled for the vectors.
        let (mut counts, mut above_one) = ([zero; 3], [zero; 3]);
        for k in 0..3 {
            let grids = grids[k];
            let low = avx2._mm256_shuffle_epi8(bits, avx2._mm256_and_si256(grids, nibble));
            let high = avx2._mm256_shuffle_epi8(
                bits,
                avx2._mm256_and_si256(avx2._mm256_srli_epi16::<4>(grids), nibble),
            );
            let cells = avx2._mm256_maddubs_epi16(avx2._mm256_add_epi8(low, high), ones);
            counts[k] = avx2._mm256_shuffle_epi8(configurations, cells);
            // Counts of one or less become the largest.
            above_one[k] = avx2._mm256_or_si256(counts[k], avx2._mm256_cmpgt_epi16(two, counts[k]));
        }
        let above_one: [__m128i; 6] = cast(above_one);
        // Each line's eight counts added in pairs three times: lines 0, 2,
        // 4 in the low halves, 1, 3, 5 in the high, interleaved in order.
        let pairs = avx2._mm256_hadd_epi16(counts[0], counts[1]);
        let quads = avx2._mm256_hadd_epi16(pairs, avx2._mm256_hadd_epi16(counts[2], counts[2]));
        let sums = avx2._mm256_hadd_epi16(quads, quads);
        let eight = sse2._mm_unpacklo_epi16(
            avx._mm256_castsi256_si128(sums),
            avx2._mm256_extracti128_si256::<1>(sums),
        );
        // The ninth digit's grids counted with the population count.
        let ninth = |line: usize| {
            let grid = if line < 3 {
                u32::from(triads[line][N - 1])
            } else {
                stacks[N - 1] >> (N * (line - 3))
            } & ROW;
            i16::from(CONFIGURATIONS_OF_UNION[grid.count_ones() as usize])
        };
        let ninth = [ninth(0), ninth(1), ninth(2), ninth(3), ninth(4), ninth(5)];
        // The last two lanes, copies of lines 4 and 5, become the largest.
        let totals = sse2._mm_adds_epu16(
            eight,
            sse2._mm_setr_epi16(
                ninth[0], ninth[1], ninth[2], ninth[3], ninth[4], ninth[5], -1, -1,
            ),
        );
        // Totals of nine or less (every digit fixed) become the largest.
        let totals = sse2._mm_or_si128(
            totals,
            sse2._mm_cmplt_epi16(totals, sse2._mm_set1_epi16(N as i16 + 1)),
        );
        let found = sse2._mm_cvtsi128_si32(self.sse4_1._mm_minpos_epu16(totals)) as u32;
        if found & 0xFFFF == 0xFFFF {
            return None;
        }
        let line = (found >> 16 & 7) as usize % 6;
        let found = sse2._mm_cvtsi128_si32(self.sse4_1._mm_minpos_epu16(above_one[line])) as u32;
        let (count, digit) = (found & 0xFFFF, found >> 16 & 7);
        let ninth = ninth[line] as u32;
        Some(if ninth > 1 && ninth < count {
            (line, N - 1)
        } else {
            (line, digit as usize)
        })
    }

    #[inline(always)]
    fn grids(self, triads: &[[u16; N]; 3], stacks: &[u32; N]) -> ([u64; N], [u64; 4], [u64; 4]) {
        grids(self, triads, stacks)
    }
}

/// The steps on eight lanes of the stack and triad rules that the
/// AVX-512 copy makes in fewer instructions, the AVX2 copy's here.
pub(super) trait Eight: Copy {
    /// The AVX2 operations.
    fn v3(self) -> V3;

    /// `a | b | c`.
    fn or3(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i;

    /// The lanes where `a` and `b` differ, bit `lane`.
    fn differ(self, a: __m256i, b: __m256i) -> u32;

    /// `transpose` on eight lanes.
    fn transposed(self, fields: __m256i) -> __m256i;

    /// `alone_in_row` on eight lanes of one 3×3 grid of fields each.
    fn alone(self, grids: __m256i) -> __m256i;

    /// `(a & b) | c`.
    fn and_or(self, a: __m128i, b: __m128i, c: __m128i) -> __m128i;
}

impl Eight for V3 {
    #[inline(always)]
    fn v3(self) -> V3 {
        self
    }

    #[inline(always)]
    fn or3(self, a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        let avx2 = self.avx2;
        avx2._mm256_or_si256(a, avx2._mm256_or_si256(b, c))
    }

    #[inline(always)]
    fn differ(self, a: __m256i, b: __m256i) -> u32 {
        let same = self.avx2._mm256_cmpeq_epi32(a, b);
        !(self
            .avx
            ._mm256_movemask_ps(self.avx._mm256_castsi256_ps(same)) as u32)
            & 0xFF
    }

    #[inline(always)]
    fn transposed(self, fields: __m256i) -> __m256i {
        transposed(self, fields)
    }

    #[inline(always)]
    fn alone(self, grids: __m256i) -> __m256i {
        alone(self, grids)
    }

    #[inline(always)]
    fn and_or(self, a: __m128i, b: __m128i, c: __m128i) -> __m128i {
        self.sse2._mm_or_si128(self.sse2._mm_and_si128(a, b), c)
    }
}

/// Takes `cells` from every word ([`Words::clear`]): eight words at once,
/// then the ninth.
#[inline(always)]
pub(super) fn clear<S: Eight>(simd: S, words: &mut [u32; N], cells: u32) -> u32 {
    use pulp::bytemuck::cast;
    let v3 = simd.v3();
    let (eight, ninth) = words.split_at_mut(N - 1);
    let eight: &mut [u32; N - 1] = eight.try_into().expect("eight words");
    let before = cast(*eight);
    let after = v3
        .avx2
        ._mm256_andnot_si256(v3.avx._mm256_set1_epi32(cells as i32), before);
    *eight = cast(after);
    let cleared = ninth[0] & !cells;
    let changed = simd.differ(before, after) | u32::from(cleared != ninth[0]) << (N - 1);
    ninth[0] = cleared;
    changed
}

/// The columns of each digit's three words by stack, and the digits where
/// they differ from `stacks` ([`Words::moved`]): eight digits at once, and
/// the ninth alone.
#[inline(always)]
pub(super) fn moved<S: Eight>(
    simd: S,
    words: &[[u32; N]; 3],
    stacks: &[u32; N],
) -> ([u32; N], u32) {
    use pulp::bytemuck::cast;
    let v3 = simd.v3();
    let avx2 = v3.avx2;
    let row = v3.avx._mm256_set1_epi32(ROW as i32);
    let columns = |band: usize| {
        let eight: [u32; N - 1] = words[band][..N - 1].try_into().expect("eight words");
        let eight = cast(eight);
        let folded = simd.or3(
            eight,
            avx2._mm256_srli_epi32::<9>(eight),
            avx2._mm256_srli_epi32::<18>(eight),
        );
        avx2._mm256_and_si256(folded, row)
    };
    let eight = simd.transposed(simd.or3(
        columns(0),
        avx2._mm256_slli_epi32::<9>(columns(1)),
        avx2._mm256_slli_epi32::<18>(columns(2)),
    ));
    let stacks_eight: [u32; N - 1] = stacks[..N - 1].try_into().expect("eight");
    let differ = simd.differ(eight, cast(stacks_eight));
    let mut seen = [0; N];
    seen[..N - 1].copy_from_slice(&cast::<__m256i, [u32; N - 1]>(eight));
    seen[N - 1] = transpose(self::seen(words, N - 1));
    let moved = differ | u32::from(seen[N - 1] != stacks[N - 1]) << (N - 1);
    (seen, moved)
}

/// Each digit's used triads and the counts of digits per triad
/// ([`Words::grids`]): eight digits' grids in two vectors of four, their
/// counts folded together; the ninth digit alone.
#[inline(always)]
pub(super) fn grids<S: Eight>(
    simd: S,
    triads: &[[u16; N]; 3],
    stacks: &[u32; N],
) -> ([u64; N], [u64; 4], [u64; 4]) {
    use pulp::bytemuck::cast;
    let v3 = simd.v3();
    let avx2 = v3.avx2;
    let across = simd.or3(
        band_grids(v3, &triads[0]),
        avx2._mm256_slli_epi32::<9>(band_grids(v3, &triads[1])),
        avx2._mm256_slli_epi32::<18>(band_grids(v3, &triads[2])),
    );
    let down: [u32; N - 1] = stacks[..N - 1].try_into().expect("eight");
    let down = cast(down);
    let (first, second) = halves(v3, across, down);
    let (sure_first, sure_second) = halves(v3, simd.alone(across), simd.alone(down));
    let mut grids = [0u64; N];
    let first_four: [u64; 4] = cast(first);
    let second_four: [u64; 4] = cast(second);
    grids[..4].copy_from_slice(&first_four);
    grids[4..N - 1].copy_from_slice(&second_four);
    let ninth = u64::from(triads[0][N - 1])
        | u64::from(triads[1][N - 1]) << N
        | u64::from(triads[2][N - 1]) << (2 * N)
        | u64::from(stacks[N - 1]) << 32;
    grids[N - 1] = ninth;
    let mut may = fold(simd, first, second);
    let mut must = fold(simd, sure_first, sure_second);
    count(&mut may, ninth);
    count(&mut must, alone_in_row(ninth));
    (grids, may, must)
}

/// `transpose` on eight lanes.
#[inline(always)]
fn transposed(simd: pulp::x86::V3, fields: __m256i) -> __m256i {
    let (avx, avx2) = (simd.avx, simd.avx2);
    let t = avx2._mm256_and_si256(
        avx2._mm256_xor_si256(avx2._mm256_srli_epi32::<6>(fields), fields),
        avx._mm256_set1_epi32(7 << 3 | 7 << 15),
    );
    let fields = avx2._mm256_xor_si256(
        avx2._mm256_xor_si256(fields, t),
        avx2._mm256_slli_epi32::<6>(t),
    );
    let t = avx2._mm256_and_si256(
        avx2._mm256_xor_si256(avx2._mm256_srli_epi32::<12>(fields), fields),
        avx._mm256_set1_epi32(7 << 6),
    );
    avx2._mm256_xor_si256(
        avx2._mm256_xor_si256(fields, t),
        avx2._mm256_slli_epi32::<12>(t),
    )
}

/// `alone_in_row` on eight lanes of one 3×3 grid of fields each.
#[inline(always)]
fn alone(simd: pulp::x86::V3, grids: __m256i) -> __m256i {
    let (avx, avx2) = (simd.avx, simd.avx2);
    let lowest = avx._mm256_set1_epi32(super::super::LOWEST as u32 as i32);
    let first = avx2._mm256_and_si256(grids, lowest);
    let second = avx2._mm256_and_si256(avx2._mm256_srli_epi32::<1>(grids), lowest);
    let third = avx2._mm256_and_si256(avx2._mm256_srli_epi32::<2>(grids), lowest);
    let two = avx2._mm256_or_si256(
        avx2._mm256_or_si256(
            avx2._mm256_and_si256(first, second),
            avx2._mm256_and_si256(first, third),
        ),
        avx2._mm256_and_si256(second, third),
    );
    let spread = avx2._mm256_or_si256(
        two,
        avx2._mm256_or_si256(
            avx2._mm256_slli_epi32::<1>(two),
            avx2._mm256_slli_epi32::<2>(two),
        ),
    );
    avx2._mm256_andnot_si256(spread, grids)
}

/// The counts of at least one to four of eight `u64` lanes in two
/// vectors: lane by lane, then the two halves, then the two words.
#[inline(always)]
fn fold<S: Eight>(simd: S, first: __m256i, second: __m256i) -> [u64; 4] {
    let v3 = simd.v3();
    let (sse2, avx, avx2) = (v3.sse2, v3.avx, v3.avx2);
    let (one, two) = (
        avx2._mm256_or_si256(first, second),
        avx2._mm256_and_si256(first, second),
    );
    let (a0, b0) = (
        avx._mm256_castsi256_si128(one),
        avx2._mm256_extracti128_si256::<1>(one),
    );
    let (a1, b1) = (
        avx._mm256_castsi256_si128(two),
        avx2._mm256_extracti128_si256::<1>(two),
    );
    let d0 = sse2._mm_or_si128(a0, b0);
    let d1 = simd.and_or(a0, b0, sse2._mm_or_si128(a1, b1));
    let d2 = simd.and_or(a1, b0, sse2._mm_and_si128(a0, b1));
    let d3 = sse2._mm_and_si128(a1, b1);
    let e0 = sse2._mm_shuffle_epi32::<0b01_00_11_10>(d0);
    let e1 = sse2._mm_shuffle_epi32::<0b01_00_11_10>(d1);
    let e2 = sse2._mm_shuffle_epi32::<0b01_00_11_10>(d2);
    let e3 = sse2._mm_shuffle_epi32::<0b01_00_11_10>(d3);
    let f0 = sse2._mm_or_si128(d0, e0);
    let f1 = simd.and_or(d0, e0, sse2._mm_or_si128(d1, e1));
    let f2 = simd.and_or(d0, e1, simd.and_or(d1, e0, sse2._mm_or_si128(d2, e2)));
    let f3 = simd.and_or(
        d0,
        e2,
        simd.and_or(d1, e1, simd.and_or(d2, e0, sse2._mm_or_si128(d3, e3))),
    );
    let low = [f0, f1, f2, f3].map(pulp::bytemuck::cast::<__m128i, [u64; 2]>);
    [low[0][0], low[1][0], low[2][0], low[3][0]]
}

/// Eight digits' grids across and down as `u64`s (across low), digits 0
/// to 3 and 4 to 7: the lanes interleave to digits 0, 1, 4, 5 and 2, 3,
/// 6, 7, then the halves swap.
#[inline(always)]
fn halves(simd: pulp::x86::V3, across: __m256i, down: __m256i) -> (__m256i, __m256i) {
    let avx2 = simd.avx2;
    let (low, high) = (
        avx2._mm256_unpacklo_epi32(across, down),
        avx2._mm256_unpackhi_epi32(across, down),
    );
    (
        avx2._mm256_permute2x128_si256::<0x20>(low, high),
        avx2._mm256_permute2x128_si256::<0x31>(low, high),
    )
}
