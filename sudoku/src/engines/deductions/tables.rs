//! The tables and bit tricks of the deductions: the six configurations
//! of a 3×3 grid and what follows from them for every set of its cells,
//! each built at compile time, and the operations on a band's words that
//! read them.

use super::super::bands::{BAND, N, ROW, TRIAD};

/// Every digit, one bit each.
pub(super) const ALL_DIGITS: u32 = (1 << N) - 1;

/// Bits 0, 9 and 18: bit 0 of each row of a band; times a row's pattern,
/// that pattern in all three rows.
pub(super) const SPREAD: u32 = 1 | 1 << N | 1 << (2 * N);

/// The six configurations of a 3×3 grid of triads (or of bands and
/// columns): one bit per row and per column, bit `3 · row + column`.
pub(super) const CONFIGURATIONS: [u32; 6] = [
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
pub(super) static INSIDE: [u8; 512] = {
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
pub(super) static USED: [u16; 512] = {
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
pub(super) static HOLDING: [u8; 512] = {
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
pub(super) static UNION: [u16; 64] = {
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
pub(super) static COUNT: [u8; 512] = {
    let mut count = [0; 512];
    let mut grid = 0;
    while grid < 512 {
        count[grid] = INSIDE[grid].count_ones() as u8;
        grid += 1;
    }
    count
};

/// The cells of a band in each set of triads (bit `3 · row + box`).
pub(super) const fn triad_cells(triads: u32) -> u32 {
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
pub(super) static KEPT: [u32; 512] = {
    let mut kept = [0; 512];
    let mut triads = 0;
    while triads < 512 {
        kept[triads] = triad_cells(USED[triads] as u32);
        triads += 1;
    }
    kept
};

/// The cells of a band in each configuration of its triads.
pub(super) static CONFIGURATION_CELLS: [u32; 6] = {
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
pub(super) const THIRDS: [u8; 512] = {
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
const ALONE: [[u32; 512]; 3] = {
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
const POINTED: [u32; 512] = {
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
pub(super) const LOWEST: u64 = 0o111_111_111 | 0o111_111_111 << 32;

/// The bits of `grids` (3×3 grids of three bits a row, three grids in each
/// half of the word) alone in their row.
#[inline(always)]
pub(super) fn alone_in_row(grids: u64) -> u64 {
    let (first, second, third) = (grids & LOWEST, grids >> 1 & LOWEST, grids >> 2 & LOWEST);
    let two = (first & second) | (first & third) | (second & third);
    grids & !(two * 7)
}

/// The triads of a band word, bit `3 · row + box`.
#[cfg(test)]
pub(super) fn triads(word: u32) -> u32 {
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
pub(super) fn triads_by_box(word: u32) -> u32 {
    const LOW: u32 = TRIAD_STARTS * 3;
    let highest = (((word & LOW) + LOW) | word) & TRIAD_STARTS << 2;
    highest.wrapping_mul((1 | 1 << 8 | 1 << 16) << 5) >> 23
}

/// Swaps bits `3 · i + j` and `3 · j + i` of a 3×3 grid.
pub(super) const fn transpose_grid(grid: usize) -> usize {
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
pub(super) const fn by_box<T: Copy>(table: [T; 512]) -> [T; 512] {
    let mut by_box = table;
    let mut grid = 0;
    while grid < 512 {
        by_box[grid] = table[transpose_grid(grid)];
        grid += 1;
    }
    by_box
}

/// The tables of the row rule (`State::row`), side by side so that one
/// register holds the address of them all: a sweep runs the rule on the
/// three bands' words in turns, and with an address per table the
/// compiler ran out of registers and loaded the addresses again for each
/// word.
pub(super) struct RowTables {
    /// [`KEPT`] indexed by the triads by box ([`triads_by_box`]).
    pub(super) kept: [u32; 512],
    /// [`POINTED`].
    pub(super) pointed: [u32; 512],
    /// [`ALONE`].
    pub(super) alone: [[u32; 512]; 3],
    /// [`USED`] indexed by the triads by box, its values by row as
    /// [`USED`]'s.
    pub(super) used: [u16; 512],
}

/// The row rule's tables.
pub(super) static ROW_TABLES: RowTables = RowTables {
    kept: by_box(KEPT),
    pointed: POINTED,
    alone: ALONE,
    used: by_box(USED),
};

/// The columns of a band word.
#[inline(always)]
pub(super) fn columns(word: u32) -> u32 {
    (word | word >> N | word >> (2 * N)) & ROW
}

/// Swaps the 3-bit fields `(i, j)` and `(j, i)` of a 3×3 grid of fields at
/// bit `9 · i + 3 · j`: a band's columns by stack become a stack's columns
/// by band, and back.
#[inline(always)]
pub(super) fn transpose(fields: u32) -> u32 {
    let t = ((fields >> 6) ^ fields) & (7 << 3 | 7 << 15);
    let fields = fields ^ t ^ (t << 6);
    let t = ((fields >> 12) ^ fields) & (7 << 6);
    fields ^ t ^ (t << 12)
}

/// Bit 0 of each box of a band's first row.
pub(super) const BOX_STARTS: u32 = 1 | 1 << 3 | 1 << 6;

/// The lowest bit of each triad.
pub(super) const TRIAD_STARTS: u32 = 0o111_111_111;
