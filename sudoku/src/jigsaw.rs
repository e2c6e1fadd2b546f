//! Random jigsaw region maps: N connected regions of N cells each.
//!
//! [`random_shape`] starts from the boxes (or, for a size without boxes,
//! from the rows) and walks randomly among partitions that keep every
//! region at N cells and connected through edge neighbours (corners do not
//! connect). A step picks a cell `a`, a neighbouring region B, and a cell
//! `c` of B that touches `a`'s region A, then moves `a` into B and `c` into
//! A. The step is undone when A or B falls apart, and — a Metropolis walk
//! with a bias towards compact pieces — with probability `1 − (2/3)^Δ` when
//! it makes the map less compact by Δ, where compactness is the number of
//! edges between different regions around `a` and `c` plus the rows and
//! columns that A and B reach into. Without that bias the walk drifts to
//! long snakes; with a stronger one it stays near the boxes. After
//! `MIX_ROUNDS · N²` proposed steps, few regions are still a box or a
//! row (the tests check how few).
//!
//! The walk is not uniform over all maps, and a map it makes need not have
//! a solution: the [generator](crate::generate) checks that, and draws
//! another map when there is none. Only integer arithmetic is involved, so a
//! seed gives the same map on every machine.
//!
//! ```
//! use dance_sudoku::jigsaw;
//!
//! let shape = jigsaw::random_shape(9, 42)?;
//! assert!(shape.is_jigsaw() && jigsaw::is_connected(&shape));
//! assert_eq!(jigsaw::random_shape(9, 42)?, shape);
//! # Ok::<(), dance_sudoku::ShapeError>(())
//! ```

use crate::{Shape, ShapeError};
use dance_dlx::SplitMix64;

/// Proposed steps per cell.
const MIX_ROUNDS: usize = 40;

/// A step that makes the map less compact by Δ is kept with probability
/// `(KEEP / OUT_OF)^Δ`.
const KEEP: usize = 2;

/// See [`KEEP`].
const OUT_OF: usize = 3;

/// A random jigsaw shape of size `n` whose N regions are connected, fixed by
/// `seed`: the same seed gives the same map on every machine.
///
/// # Errors
/// [`ShapeError::SizeOutOfRange`] unless `1 ≤ n ≤ 25`.
pub fn random_shape(n: usize, seed: u64) -> Result<Shape, ShapeError> {
    if n == 0 || n > crate::MAX_SIZE {
        return Err(ShapeError::SizeOutOfRange { size: n });
    }
    let start = match Shape::boxed(n) {
        Ok(boxed) => boxed.regions().to_vec(),
        Err(_) => (0..n * n).map(|cell| (cell / n) as u8).collect(),
    };
    let mut map = Map { n, regions: start };
    let mut rng = SplitMix64::new(seed);
    let mut neighbours = Vec::with_capacity(4);
    let mut touching = Vec::with_capacity(n * n);
    for _ in 0..MIX_ROUNDS * n * n {
        let a = rng.index(n * n);
        let home = map.regions[a];
        neighbours.clear();
        neighbours.extend(map.neighbours(a).filter(|&b| map.regions[b] != home));
        if neighbours.is_empty() {
            continue;
        }
        let away = map.regions[neighbours[rng.index(neighbours.len())]];
        touching.clear();
        touching.extend((0..n * n).filter(|&c| {
            map.regions[c] == away && map.neighbours(c).any(|d| map.regions[d] == home)
        }));
        let c = touching[rng.index(touching.len())];
        let before = map.looseness(a, c, home, away);
        map.regions[a] = away;
        map.regions[c] = home;
        let after = map.looseness(a, c, home, away);
        let looser = after.saturating_sub(before);
        let rejected = (0..looser).any(|_| rng.index(OUT_OF) >= KEEP);
        if rejected || !(map.connected(home) && map.connected(away)) {
            map.regions[a] = home;
            map.regions[c] = away;
        }
    }
    Shape::jigsaw(n, &map.regions)
}

/// Whether every region of `shape` is connected through edge neighbours
/// (always true of boxes; a jigsaw map read from text need not be).
pub fn is_connected(shape: &Shape) -> bool {
    let map = Map {
        n: shape.size(),
        regions: shape.regions().to_vec(),
    };
    (0..shape.size()).all(|region| map.connected(region as u8))
}

/// A region map under construction.
struct Map {
    n: usize,
    regions: Vec<u8>,
}

impl Map {
    /// The edge neighbours of `cell`.
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + use<> {
        let n = self.n;
        let (row, col) = (cell / n, cell % n);
        [
            (row > 0).then(|| cell - n),
            (row + 1 < n).then(|| cell + n),
            (col > 0).then(|| cell - 1),
            (col + 1 < n).then(|| cell + 1),
        ]
        .into_iter()
        .flatten()
    }

    /// What the walk keeps low: the edges between different regions that
    /// touch `a` or `c`, plus the rows and columns that regions `home` and
    /// `away` reach into.
    fn looseness(&self, a: usize, c: usize, home: u8, away: u8) -> usize {
        self.border_around(a, c) + self.span(home) + self.span(away)
    }

    /// The edges between different regions that touch `a` or `c`.
    fn border_around(&self, a: usize, c: usize) -> usize {
        let at = |x: usize| {
            self.neighbours(x)
                .filter(|&y| self.regions[y] != self.regions[x] && !(x == c && y == a))
                .count()
        };
        at(a) + at(c)
    }

    /// How many rows and columns `region` reaches into.
    fn span(&self, region: u8) -> usize {
        let n = self.n;
        let (mut rows, mut cols) = (0u32, 0u32);
        for (cell, _) in self
            .regions
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == region)
        {
            rows |= 1 << (cell / n);
            cols |= 1 << (cell % n);
        }
        (rows.count_ones() + cols.count_ones()) as usize
    }

    /// Whether the cells of `region` form one piece (an empty region
    /// counts as one).
    fn connected(&self, region: u8) -> bool {
        let Some(start) = self.regions.iter().position(|&r| r == region) else {
            return true;
        };
        let mut seen = vec![false; self.regions.len()];
        seen[start] = true;
        let mut stack = vec![start];
        let mut reached = 1;
        while let Some(cell) = stack.pop() {
            for next in self.neighbours(cell) {
                if self.regions[next] == region && !seen[next] {
                    seen[next] = true;
                    reached += 1;
                    stack.push(next);
                }
            }
        }
        reached == self.regions.iter().filter(|&&r| r == region).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_size_gives_connected_regions_of_n_cells() {
        for n in 1..=crate::MAX_SIZE {
            let shape = random_shape(n, n as u64).unwrap();
            assert_eq!(shape.size(), n);
            assert!(shape.is_jigsaw());
            assert!(is_connected(&shape), "size {n}");
            for region in 0..n {
                let cells = shape.regions().iter().filter(|&&r| r as usize == region);
                assert_eq!(cells.count(), n, "size {n}, region {region}");
            }
        }
        assert_eq!(
            random_shape(0, 1),
            Err(ShapeError::SizeOutOfRange { size: 0 })
        );
        assert_eq!(
            random_shape(26, 1),
            Err(ShapeError::SizeOutOfRange { size: 26 })
        );
    }

    #[test]
    fn the_seed_fixes_the_map() {
        assert_eq!(random_shape(9, 5), random_shape(9, 5));
        assert_ne!(random_shape(9, 5), random_shape(9, 6));
    }

    #[test]
    fn few_boxes_or_rows_survive_the_walk() {
        let boxes = Shape::boxed(9).unwrap();
        let mut survivors = 0;
        for seed in 0..20 {
            let shape = random_shape(9, seed).unwrap();
            for region in 0..9 {
                let cells: Vec<usize> = (0..81).filter(|&c| boxes.regions()[c] == region).collect();
                let label = shape.regions()[cells[0]];
                survivors += usize::from(cells.iter().all(|&c| shape.regions()[c] == label));
            }
            for row in shape.regions().chunks(9) {
                survivors += usize::from(row.iter().all(|&r| r == row[0]));
            }
        }
        // 20 maps have 180 regions.
        assert!(survivors < 18, "{survivors} boxes or rows");
    }

    #[test]
    fn disconnected_maps_are_told_apart() {
        assert!(is_connected(&Shape::boxed(9).unwrap()));
        // Region 0 is cells 0, 1 and 8; cell 8 touches neither of the others.
        let split = Shape::jigsaw(3, &[0, 0, 1, 1, 1, 2, 2, 2, 0]).unwrap();
        assert!(!is_connected(&split));
        assert!(is_connected(&Shape::jigsaw(1, &[0]).unwrap()));
    }
}
