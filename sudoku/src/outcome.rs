//! Result types shared by every solver: [`Verdict`], [`Count`],
//! [`Stats`] and [`TimedOut`].

use std::fmt;
use std::ops::{Add, AddAssign};

use crate::Grid;

/// How many solutions a puzzle has, told as "unique, multiple or none".
///
/// `Display` prints the seed programs' words: `Unique`, `Multiple`, `No`.
///
/// ```
/// use dance_sudoku::Verdict;
///
/// assert_eq!(Verdict::NoSolution.to_string(), "No");
/// assert_eq!(Verdict::Multiple.solution(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution, which is given.
    Unique(Grid),
    /// Two or more solutions.
    Multiple,
    /// No solution.
    NoSolution,
}

impl Verdict {
    /// The solution of a unique puzzle.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Verdict::Unique(grid) => Some(grid),
            Verdict::Multiple | Verdict::NoSolution => None,
        }
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Verdict::Unique(_))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Unique(_) => "Unique",
            Verdict::Multiple => "Multiple",
            Verdict::NoSolution => "No",
        })
    }
}

/// A solution count, possibly stopped by a limit (the same shape as
/// [`dance_dlx::Count`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Solutions found.
    pub solutions: u64,
    /// `true` when the search ran to the end, so `solutions` is exact;
    /// `false` when it stopped at the limit, so there are at least
    /// `solutions`.
    pub complete: bool,
}

/// The work a search did, comparable across machines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Search-tree nodes visited; each solver documents what a node is.
    pub nodes: u64,
    /// Nodes where the search chose among several alternatives.
    pub guesses: u64,
}

impl Add for Stats {
    type Output = Stats;

    fn add(self, other: Stats) -> Stats {
        Stats {
            nodes: self.nodes + other.nodes,
            guesses: self.guesses + other.guesses,
        }
    }
}

impl AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        *self = *self + other;
    }
}

/// A search that ran past its deadline, with what it had found by then.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("search timed out after {found} solutions and {} nodes", .stats.nodes)]
pub struct TimedOut {
    /// Solutions found before the deadline.
    pub found: u64,
    /// The work done before the deadline.
    pub stats: Stats,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Digit, Shape};

    #[test]
    fn verdict_words_and_solution() {
        let shape = Shape::jigsaw(1, &[0]).unwrap();
        let grid = Grid::new(shape, vec![Digit::new(0).unwrap()]).unwrap();
        let unique = Verdict::Unique(grid.clone());
        assert_eq!(unique.to_string(), "Unique");
        assert_eq!(unique.solution(), Some(&grid));
        assert!(unique.is_unique());
        assert_eq!(Verdict::Multiple.to_string(), "Multiple");
        assert!(!Verdict::NoSolution.is_unique());
        assert_eq!(Verdict::NoSolution.solution(), None);
    }

    #[test]
    fn stats_add_up() {
        let mut total = Stats::default();
        total += Stats {
            nodes: 3,
            guesses: 1,
        };
        total += Stats {
            nodes: 4,
            guesses: 2,
        };
        assert_eq!(
            total,
            Stats {
                nodes: 7,
                guesses: 3
            }
        );
    }
}
