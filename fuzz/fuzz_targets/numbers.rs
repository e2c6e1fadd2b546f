//! The numbers-format reader (rows of space-separated numbers) on arbitrary
//! bytes: no panic, and every puzzle it reads prints and reads back the
//! same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use dance_sudoku::format::Format;

fuzz_target!(|data: &[u8]| dance_fuzz::read_all(data, Some(Format::Numbers)));
