//! The line and grid readers and detection with the letters alphabet
//! (`A`–`Y` for 1 to 25) on arbitrary bytes: no panic, and every puzzle
//! they read prints and reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use dance_sudoku::format::{Alphabet, Format};

fuzz_target!(|data: &[u8]| {
    for format in [Some(Format::Line), Some(Format::Grid), None] {
        dance_fuzz::read_all_in(data, format, Alphabet::Letters);
    }
});
