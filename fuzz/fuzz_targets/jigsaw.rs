//! Region-map checks on arbitrary maps: `Shape::jigsaw` either refuses the
//! map or builds a shape whose every region has exactly N cells.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&size, map)) = data.split_first() else { return };
    let n = usize::from(size % 27);
    if let Ok(shape) = dance_sudoku::Shape::jigsaw(n, map) {
        let mut sizes = vec![0usize; n];
        for &region in shape.regions() {
            sizes[usize::from(region)] += 1;
        }
        assert!(sizes.iter().all(|&s| s == n), "{sizes:?}");
    }
});
