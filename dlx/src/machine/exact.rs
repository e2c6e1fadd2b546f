//! Algorithms X and C's matrix: the [`Links`] with every primary item to be
//! covered exactly once, walked by the [`Driver`](crate::machine::driver::Driver).
//!
//! A level covers the item with the fewest options (MRV, Knuth's choice in
//! DLX1), tries its options top to bottom — committing each option's other
//! items: covering them, or purifying a colored secondary item (DLX2) — and
//! uncommits them on the way back. The uncolored version never reads a
//! color. With `UP` it tries them bottom to top instead (the memo's
//! [`OptionOrder::BottomUp`](crate::OptionOrder)).
//!
//! With `CHECK` ([`DeadEnds::AtCommit`](crate::DeadEnds::AtCommit)) a commit
//! that empties the column of a primary item outside the option stops there
//! and undoes itself: the option is counted as tried, and the level above it
//! reports the dead end at once instead of choosing the emptied item.

use crate::machine::driver::{Choice, Matrix, Work};
use crate::machine::links::Links;

/// The links and the level stack, seen as Algorithm X's (or C's) matrix.
pub(crate) struct Exact<'a, const COLORED: bool, const CHECK: bool, const UP: bool = false> {
    links: &'a mut Links,
    /// The node of the option tried at each level (the item's header once
    /// its options have run out).
    stack: &'a mut [u32],
    /// Set by a `try_option` whose commit stopped at an emptied item (and
    /// undid itself): the level above it is a dead end, and the retract of
    /// this level has nothing to undo. `try_option` is always followed by
    /// that `choose` and `retract` within one walk of the driver, so the flag
    /// never outlives a call of [`Driver::resume`](crate::machine::driver::Driver::resume).
    dead: bool,
}

impl<'a, const COLORED: bool, const CHECK: bool, const UP: bool> Exact<'a, COLORED, CHECK, UP> {
    pub(crate) fn new(links: &'a mut Links, stack: &'a mut [u32]) -> Self {
        Exact {
            links,
            stack,
            dead: false,
        }
    }

    /// The links.
    #[inline(always)]
    pub(crate) fn links(&self) -> &Links {
        self.links
    }

    /// The node tried at each level.
    #[inline(always)]
    pub(crate) fn stack(&self) -> &[u32] {
        self.stack
    }
}

impl<const COLORED: bool, const CHECK: bool, const UP: bool> Matrix
    for Exact<'_, COLORED, CHECK, UP>
{
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        if CHECK && self.dead {
            return Choice::DeadEnd;
        }
        match self.links.choose() {
            None => Choice::Solved,
            Some((_, 0)) => Choice::DeadEnd,
            Some((item, _)) => {
                self.links.cover::<COLORED>(item);
                let node = &self.links.nodes[item as usize];
                self.stack[level] = if UP { node.up } else { node.down };
                Choice::Item
            }
        }
    }

    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let p = self.stack[level];
        let item = self.links.top[p as usize];
        let guess = self.links.len(item as u32) > 1;
        if CHECK {
            self.dead = !self.links.commit_others_checked::<COLORED>(p);
        } else {
            self.links.commit_others::<COLORED>(p);
        }
        Work {
            nodes: 1,
            guesses: u64::from(guess),
        }
    }

    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        let p = self.stack[level];
        if CHECK && self.dead {
            self.dead = false;
        } else {
            self.links.uncommit_others::<COLORED>(p);
        }
        let node = &self.links.nodes[p as usize];
        let next = if UP { node.up } else { node.down };
        self.stack[level] = next;
        if self.links.is_header(next) {
            self.links.uncover::<COLORED>(next);
            return false;
        }
        true
    }

    fn unchoose(&mut self, level: usize) {
        let item = self.links.top[self.stack[level] as usize] as u32;
        self.links.uncover::<COLORED>(item);
    }
}
