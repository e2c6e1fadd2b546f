//! Format detection and the chosen reader on arbitrary bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| dance_fuzz::read_all(data, None));
