//! Algorithm M (Knuth's DLX3, TAOCP 7.2.2.1): exact cover with multiplicities,
//! as a resumable machine over the same [`Links`] as Algorithms X and C.
//!
//! Every primary item `i` has bounds `[u, v]`: a solution's options cover it at
//! least `u` and at most `v` times. Knuth keeps two numbers per item:
//!
//! * `bound` — how many more options may still cover the item (`v` at first);
//! * `slack` — `v − u`, which never changes.
//!
//! Branching on an item with `bound = b` and `slack = s` decides which option
//! of its list is the *first* (topmost) of the solution's remaining options
//! for it — or that there is none. Each alternative is tried by *tweaking*
//! the topmost option: hiding it everywhere and taking it out of the item's
//! list, so the levels above see only the options below it and no
//! combination is found twice. One level may tweak many options in turn;
//! [`untweak`](Links::untweak) undoes them all when the level is done.
//!
//! * When `b` drops to 0 the item is covered (its options are hidden from
//!   every other list). With no slack the level is then Algorithm X's: its
//!   options are tried one by one. With slack, they are tried one by one too
//!   and then the *null move*: no further option covers the item.
//! * Otherwise the level gives up once fewer options are left than the lower
//!   bound still needs (`len ≤ b − s` after the decrement), and when the list
//!   runs out with the lower bound met the null move deactivates the item.
//! * Another primary item of a chosen option has its bound decremented, and
//!   is covered when the bound reaches 0; secondary items are covered or
//!   purified as in Algorithm C.
//!
//! The item to branch on minimizes Knuth's branching degree
//! `len + s' − b + 1`, where `s' = min(s, b)`, preferring the smaller `s'`
//! and then the longer list on ties; a degree of 0 or less is a dead end.
//!
//! The walk is the [`Driver`](crate::machine::driver::Driver)'s, as for Algorithm X;
//! [`Bounded`] is the matrix it walks: at a level being tried,
//! `stack[level]` is the option about to be tweaked, or the item's header
//! for the null move.

use crate::machine::driver::{Choice, Matrix, Work};
use crate::machine::links::Links;
use crate::model::problem::Problem;

/// A primary item's two numbers, side by side because choosing an item reads
/// both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Limit {
    /// Knuth's BOUND: how many more options may cover the item.
    bound: u32,
    /// Knuth's SLACK: the upper minus the lower bound.
    slack: u32,
}

/// Algorithm M's per-item and per-level state beside the links.
#[derive(Clone, Debug)]
pub(crate) struct Multiplicities {
    /// Every primary item's limit, by internal item number (index 0 unused;
    /// secondary items have none).
    limits: Vec<Limit>,
    /// Knuth's FT: the top of the branching item's list when the level began,
    /// for [`untweak`](Links::untweak).
    first_tweak: Vec<u32>,
    /// The branching degree of each level, to tell guesses from forced moves.
    degree: Vec<u32>,
    /// How many options there are, to size the level stack.
    options: usize,
}

impl Multiplicities {
    /// The state for `problem`, or `None` when every primary item is to be
    /// covered exactly once and Algorithms X and C do the job.
    pub(crate) fn new(problem: &Problem, links: &Links) -> Option<Multiplicities> {
        if !problem.has_multiplicities() {
            return None;
        }
        let primary = links.primary as usize;
        let mut limits = Vec::with_capacity(primary + 1);
        limits.push(Limit { bound: 0, slack: 0 });
        // Internal numbers 1..=primary are the primary items (the only ones
        // with bounds) in declaration order, as `Links::new` lays them out.
        for item in problem.items() {
            if let Some(range) = problem.item_bounds(item) {
                limits.push(Limit {
                    bound: *range.end(),
                    slack: range.end() - range.start(),
                });
            }
        }
        let mut m = Multiplicities {
            limits,
            first_tweak: Vec::new(),
            degree: Vec::new(),
            options: problem.option_count(),
        };
        let depth = m.depth();
        m.first_tweak = vec![0; depth];
        m.degree = vec![0; depth];
        Some(m)
    }

    /// How many levels a search can reach: one per option in a solution (no
    /// more than there are options, nor than the upper bounds allow, since
    /// every option covers a primary item), one per null move (at most one
    /// per primary item), and the level that finds the solution.
    pub(crate) fn depth(&self) -> usize {
        let total_bound: u64 = self.limits.iter().map(|l| u64::from(l.bound)).sum();
        let chosen = (self.options as u64).min(total_bound) as usize;
        chosen + self.limits.len()
    }

    /// Writes the bounds' part of a memo's key of the current state into
    /// `words`, one word per primary item (internal number `i` at
    /// `words[i - 1]`): 0 for an item no further option may cover (covered
    /// at bound 0, or deactivated by a null move), else its bound in the
    /// high half and the top node of its list in the low half — the *tweak
    /// frontier*: the options of the item tweaked away in force are exactly
    /// those above it (see the memo's module docs for why that is enough).
    pub(crate) fn write_key(&self, links: &Links, words: &mut [u64]) {
        words.fill(0);
        let mut k = links.items[0].right;
        while k != 0 {
            let bound = u64::from(self.limits[k as usize].bound);
            words[k as usize - 1] = bound << 32 | u64::from(links.nodes[k as usize].down);
            k = links.items[k as usize].right;
        }
    }

    /// Every primary item's bound and slack, as words (for a problem's
    /// fingerprint: read them with nothing selected).
    pub(crate) fn limit_words(&self) -> impl Iterator<Item = u64> + '_ {
        self.limits
            .iter()
            .map(|l| u64::from(l.bound) << 32 | u64::from(l.slack))
    }

    /// The current bounds, for tests that check everything is restored.
    #[cfg(test)]
    pub(crate) fn bounds(&self) -> Vec<u32> {
        self.limits.iter().map(|l| l.bound).collect()
    }

    /// The active primary item with the smallest branching degree and that
    /// degree, or `None` when no primary item is active (a solution).
    /// Knuth's rule: degree `len + s − b + 1` with `s = min(slack, b)`; ties
    /// go to the smaller `s`, then to the longer list, then to the first.
    fn choose(&self, links: &Links) -> Option<(u32, i64)> {
        let mut k = links.items[0].right;
        let mut best = None;
        let (mut best_degree, mut best_s, mut best_len) = (i64::MAX, 0, 0);
        while k != 0 {
            let Limit { bound, slack } = self.limits[k as usize];
            let s = slack.min(bound);
            let len = links.len(k);
            let degree = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
            if degree < best_degree
                || (degree == best_degree && (s < best_s || (s == best_s && len > best_len)))
            {
                best = Some(k);
                (best_degree, best_s, best_len) = (degree, s, len);
                if degree <= 0 {
                    // A dead end whichever item is chosen.
                    break;
                }
            }
            k = links.items[k as usize].right;
        }
        best.map(|item| (item, best_degree))
    }

    /// M6: commits the items of `p`'s option other than `p`'s, left to right.
    /// A primary item has its bound decremented, and is covered when no
    /// option may cover it any more.
    fn commit_others<const COLORED: bool>(&mut self, links: &mut Links, p: u32) {
        let mut q = p + 1;
        while q != p {
            let top = links.top[q as usize];
            if top <= 0 {
                q = links.nodes[q as usize].up;
                continue;
            }
            let item = top as u32;
            if item <= links.primary {
                self.limits[item as usize].bound -= 1;
                if self.limits[item as usize].bound == 0 {
                    links.cover::<COLORED>(item);
                }
            } else {
                links.commit::<COLORED>(q, item);
            }
            q += 1;
        }
    }

    /// M7: undoes [`commit_others`](Self::commit_others), right to left.
    fn uncommit_others<const COLORED: bool>(&mut self, links: &mut Links, p: u32) {
        let mut q = p - 1;
        while q != p {
            let top = links.top[q as usize];
            if top <= 0 {
                q = links.nodes[q as usize].down;
                continue;
            }
            let item = top as u32;
            if item <= links.primary {
                if self.limits[item as usize].bound == 0 {
                    links.uncover::<COLORED>(item);
                }
                self.limits[item as usize].bound += 1;
            } else {
                links.uncommit::<COLORED>(q, item);
            }
            q -= 1;
        }
    }

    /// M8: restores the item `level` branched on — uncovers it, or untweaks
    /// its list (and uncovers it when its bound had run out) — and gives it
    /// back the option the level took from its bound.
    fn restore<const COLORED: bool>(&mut self, links: &mut Links, item: u32, level: usize) {
        let i = item as usize;
        let first = self.first_tweak[level];
        let Limit { bound, slack } = self.limits[i];
        match (bound, slack) {
            (0, 0) => links.uncover::<COLORED>(item),
            (0, _) => {
                links.untweak::<COLORED>(item, first, false);
                links.uncover::<COLORED>(item);
            }
            _ => links.untweak::<COLORED>(item, first, true),
        }
        self.limits[i].bound += 1;
    }

    /// Undoes the move at `level`: the option's commitments, or the null
    /// move's deactivation. (A null move at bound 0 deactivated nothing: the
    /// item was covered, and [`restore`](Self::restore) uncovers it.)
    fn retract<const COLORED: bool>(&mut self, links: &mut Links, p: u32) {
        if links.is_header(p) {
            if self.limits[p as usize].bound != 0 {
                links.reactivate(p);
            }
        } else {
            self.uncommit_others::<COLORED>(links, p);
        }
    }

    /// Puts the option of node `p` (its first primary node, still selectable)
    /// into every solution: the option leaves every list, and each of its
    /// items is committed as if a search had chosen it.
    pub(crate) fn select<const COLORED: bool>(&mut self, links: &mut Links, p: u32) {
        links.hide::<COLORED>(p);
        links.unlink(p);
        let item = links.top[p as usize] as u32;
        self.limits[item as usize].bound -= 1;
        if self.limits[item as usize].bound == 0 {
            links.cover::<COLORED>(item);
        }
        self.commit_others::<COLORED>(links, p);
    }

    /// Undoes [`select`](Self::select).
    pub(crate) fn unselect<const COLORED: bool>(&mut self, links: &mut Links, p: u32) {
        self.uncommit_others::<COLORED>(links, p);
        let item = links.top[p as usize] as u32;
        if self.limits[item as usize].bound == 0 {
            links.uncover::<COLORED>(item);
        }
        self.limits[item as usize].bound += 1;
        links.relink(p);
        links.unhide::<COLORED>(p);
    }
}

/// The links, Algorithm M's bounds and the level stack, seen as Algorithm
/// M's matrix.
pub(crate) struct Bounded<'a, const COLORED: bool> {
    m: &'a mut Multiplicities,
    links: &'a mut Links,
    stack: &'a mut [u32],
}

impl<'a, const COLORED: bool> Bounded<'a, COLORED> {
    pub(crate) fn new(
        m: &'a mut Multiplicities,
        links: &'a mut Links,
        stack: &'a mut [u32],
    ) -> Self {
        Bounded { m, links, stack }
    }

    /// The links.
    #[inline(always)]
    pub(crate) fn links(&self) -> &Links {
        self.links
    }

    /// The bounds.
    #[inline(always)]
    pub(crate) fn multiplicities(&self) -> &Multiplicities {
        self.m
    }

    /// The node tried at each level (an item's header for a null move).
    #[inline(always)]
    pub(crate) fn stack(&self) -> &[u32] {
        self.stack
    }

    /// The option a level is about to try, or `None` for its null move
    /// (what the search for the cheapest solutions charges for the move).
    pub(crate) fn staged_option(&self, level: usize) -> Option<crate::model::ids::OptionId> {
        let p = self.stack[level];
        (!self.links.is_header(p)).then(|| self.links.option_of(p))
    }
}

impl<const COLORED: bool> Matrix for Bounded<'_, COLORED> {
    /// M2–M4: a solution, a dead end, or an item to branch on.
    #[inline(always)]
    fn choose(&mut self, level: usize) -> Choice {
        let (m, links) = (&mut *self.m, &mut *self.links);
        match m.choose(links) {
            None => Choice::Solved,
            Some((_, degree)) if degree <= 0 => Choice::DeadEnd,
            Some((item, degree)) => {
                let top = links.nodes[item as usize].down;
                self.stack[level] = top;
                m.first_tweak[level] = top;
                m.degree[level] = u32::try_from(degree).unwrap_or(u32::MAX);
                m.limits[item as usize].bound -= 1;
                if m.limits[item as usize].bound == 0 {
                    links.cover::<COLORED>(item);
                }
                // Fewer options than the lower bound needs: restored, and
                // nothing to try.
                if self.exhausted(level) {
                    Choice::DeadEnd
                } else {
                    Choice::Item
                }
            }
        }
    }

    /// M5–M6: tweaks the option (or makes the null move) and commits it.
    #[inline(always)]
    fn try_option(&mut self, level: usize) -> Work {
        let (m, links) = (&mut *self.m, &mut *self.links);
        let p = self.stack[level];
        let item = links.item_of(p);
        let Limit { bound, slack } = m.limits[item as usize];
        if bound != 0 || slack != 0 {
            if p != item {
                links.tweak::<COLORED>(p, bound != 0);
            } else if bound != 0 {
                links.deactivate(item);
            }
        }
        if p != item {
            m.commit_others::<COLORED>(links, p);
        }
        Work {
            nodes: 1,
            guesses: u64::from(m.degree[level] > 1),
        }
    }

    /// M9, M7: undoes the move; after a null move the level is finished.
    #[inline(always)]
    fn retract(&mut self, level: usize) -> bool {
        let (m, links) = (&mut *self.m, &mut *self.links);
        let p = self.stack[level];
        m.retract::<COLORED>(links, p);
        if links.is_header(p) {
            m.restore::<COLORED>(links, p, level);
            return false;
        }
        self.stack[level] = links.nodes[p as usize].down;
        !self.exhausted(level)
    }

    fn unchoose(&mut self, level: usize) {
        let item = self.links.item_of(self.stack[level]);
        self.m.restore::<COLORED>(self.links, item, level);
    }
}

impl<const COLORED: bool> Bounded<'_, COLORED> {
    /// M5's test: whether no alternative is left at this level; if so,
    /// restores the level's item.
    #[inline(always)]
    fn exhausted(&mut self, level: usize) -> bool {
        let (m, links) = (&mut *self.m, &mut *self.links);
        let p = self.stack[level];
        let item = links.item_of(p);
        let Limit { bound, slack } = m.limits[item as usize];
        let exhausted = if bound == 0 && slack == 0 {
            p == item
        } else {
            // Too few options left for the lower bound.
            i64::from(links.len(item)) <= i64::from(bound) - i64::from(slack)
        };
        if exhausted {
            m.restore::<COLORED>(links, item, level);
        }
        exhausted
    }
}
