//! Result types shared by every solver: [`Verdict`], [`Count`] and
//! [`SearchStats`].

use std::ops::{Add, AddAssign};

use crate::Grid;

/// How many solutions a puzzle has, told as "unique, multiple or none".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution, which is given.
    Unique(Grid),
    /// Two or more solutions.
    Multiple,
    /// No solution.
    None,
}

/// A solution count, possibly stopped by a limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Count {
    /// Solutions found.
    pub count: u64,
    /// `true` when the search ran to the end, so `count` is exact; `false`
    /// when it stopped at the limit, so there are at least `count`.
    pub complete: bool,
}

/// The work a search did, comparable across machines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SearchStats {
    /// Search-tree nodes visited; each solver documents what a node is.
    pub nodes: u64,
    /// Nodes where the search chose among several alternatives.
    pub guesses: u64,
}

impl Add for SearchStats {
    type Output = SearchStats;

    fn add(self, other: SearchStats) -> SearchStats {
        SearchStats {
            nodes: self.nodes + other.nodes,
            guesses: self.guesses + other.guesses,
        }
    }
}

impl AddAssign for SearchStats {
    fn add_assign(&mut self, other: SearchStats) {
        *self = *self + other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_add_up() {
        let mut total = SearchStats::default();
        total += SearchStats {
            nodes: 3,
            guesses: 1,
        };
        total += SearchStats {
            nodes: 4,
            guesses: 2,
        };
        assert_eq!(
            total,
            SearchStats {
                nodes: 7,
                guesses: 3
            }
        );
    }
}
