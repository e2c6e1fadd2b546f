//! DLX5's search on the [`Links`]: the columns sorted by net cost, a
//! level trying its item's options cheapest first, covering below the
//! bound — and the bound of [`bound`](super::bound) on top of DLX5's.
//! What a search on problems too large for the [`Dense`](super::dense)
//! bitsets runs on.

use crate::goals::best::Pricing;
use crate::goals::best::bound::{SHARES, Shares, Tally, reaches};
use crate::machine::driver::{Choice, Matrix, Work};
use crate::machine::links::Links;
use crate::model::ids::OptionId;

/// How many usable options of an item the choice counts before it takes
/// the item's length as an upper bound instead (DLX5's `lenthresh`).
const LOOK_AHEAD: u32 = 10;

/// DLX5's matrix: the links (a copy of the solver's, columns sorted by net
/// cost), and what each level keeps.
pub(super) struct Linked<'a, const COLORED: bool> {
    links: &'a mut Links,
    /// The net cost of the option of every node (0 for headers and spacers).
    net: &'a [u64],
    /// The option node tried at each level.
    stack: Vec<u32>,
    /// The net cost of the options of the levels below each level.
    spent: Vec<u128>,
    /// Per level: the threshold its item was covered with, and the one its
    /// option's other items were committed with.
    item_limit: Vec<u128>,
    commit_limit: Vec<u128>,
    shares: &'a Shares,
    /// Scratch for the sums of the classes.
    sums: Vec<u64>,
    /// Per level: its bound (times [`SCALE`](super::bound::SCALE)) and the
    /// bound's basis.
    bound: Vec<u128>,
    basis: Vec<u32>,
    pub(super) cutoff: u128,
    pub(super) cut: u64,
}

impl<'a, const COLORED: bool> Linked<'a, COLORED> {
    /// The matrix of a search on `links` (taxed, with the net cost `net` of
    /// every node's option) at most `depth` levels deep, below `cutoff`.
    pub(super) fn new(
        links: &'a mut Links,
        net: &'a [u64],
        shares: &'a Shares,
        depth: usize,
        cutoff: u128,
    ) -> Self {
        Linked {
            links,
            net,
            stack: vec![0; depth],
            spent: vec![0; depth + 1],
            item_limit: vec![0; depth],
            commit_limit: vec![0; depth],
            shares,
            sums: vec![0; shares.classes()],
            bound: vec![0; depth],
            basis: vec![SHARES; depth],
            cutoff,
            cut: 0,
        }
    }

    /// Link updates so far.
    pub(super) fn updates(&self) -> u64 {
        self.links.updates
    }

    /// Covers item `i`, hiding only its options that cost less than
    /// `limit` (the column is sorted, so the first that costs more ends it).
    fn cover(&mut self, i: u32, limit: u128) {
        let mut p = self.links.nodes[i as usize].down;
        while p != i && u128::from(self.net[p as usize]) < limit {
            self.links.hide::<COLORED>(p);
            p = self.links.nodes[p as usize].down;
        }
        self.links.deactivate(i);
    }

    /// Undoes [`cover`](Self::cover) with the same `limit`. The options are
    /// unhidden in the order they were hidden: each unhide links its nodes
    /// back between neighbours that the later unhides then put right (DLX5).
    fn uncover(&mut self, i: u32, limit: u128) {
        self.links.reactivate(i);
        let mut p = self.links.nodes[i as usize].down;
        while p != i && u128::from(self.net[p as usize]) < limit {
            self.links.unhide::<COLORED>(p);
            p = self.links.nodes[p as usize].down;
        }
    }

    /// Purifies the colored item of node `p`, below `limit`, as
    /// [`cover`](Self::cover) covers.
    fn purify(&mut self, p: u32, item: u32, limit: u128) {
        let color = self.links.colors[p as usize];
        let mut q = self.links.nodes[item as usize].down;
        while q != item && u128::from(self.net[q as usize]) < limit {
            if self.links.colors[q as usize] != color {
                self.links.hide::<true>(q);
            } else if q != p {
                self.links.colors[q as usize] = -1;
            }
            q = self.links.nodes[q as usize].down;
        }
    }

    /// Undoes [`purify`](Self::purify) with the same `limit`.
    fn unpurify(&mut self, p: u32, item: u32, limit: u128) {
        let color = self.links.colors[p as usize];
        let mut q = self.links.nodes[item as usize].down;
        while q != item && u128::from(self.net[q as usize]) < limit {
            if self.links.colors[q as usize] < 0 {
                self.links.colors[q as usize] = color;
            } else if q != p {
                self.links.unhide::<true>(q);
            }
            q = self.links.nodes[q as usize].down;
        }
    }

    /// Commits the other items of `p`'s option, left to right.
    fn commit_others(&mut self, p: u32, limit: u128) {
        let mut q = p + 1;
        while q != p {
            let top = self.links.top[q as usize];
            if top <= 0 {
                q = self.links.nodes[q as usize].up;
                continue;
            }
            let color = if COLORED {
                self.links.colors[q as usize]
            } else {
                0
            };
            if color == 0 {
                self.cover(top as u32, limit);
            } else if color > 0 {
                self.purify(q, top as u32, limit);
            }
            q += 1;
        }
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    fn uncommit_others(&mut self, p: u32, limit: u128) {
        let mut q = p - 1;
        while q != p {
            let top = self.links.top[q as usize];
            if top <= 0 {
                q = self.links.nodes[q as usize].down;
                continue;
            }
            let color = if COLORED {
                self.links.colors[q as usize]
            } else {
                0
            };
            if color == 0 {
                self.uncover(top as u32, limit);
            } else if color > 0 {
                self.unpurify(q, top as u32, limit);
            }
            q -= 1;
        }
    }
}

impl<const COLORED: bool> Linked<'_, COLORED> {
    /// Whether the option of node `p`, which `level` may try, leaves the
    /// level below a bound that reaches its room: the level's bound less
    /// the shares of the option's items (see [`bound`](super::bound)). An
    /// item's cheapest option is read as it stands, which is never cheaper
    /// than when the level chose (options only went since) — so what is
    /// taken off is at least its share then, and the bound is sound — and
    /// never more than `p`'s own cost, which was in the column then.
    fn hopeless(&self, level: usize, p: u32) -> bool {
        let net = self.net[p as usize];
        let room = self.cutoff - self.spent[level] - u128::from(net);
        let bound = self.bound[level];
        if !reaches(bound, room) {
            return false;
        }
        let basis = self.basis[level];
        let links = &*self.links;
        let mut paid = 0;
        let mut q = p;
        loop {
            let item = links.top[q as usize];
            if item <= 0 {
                q = links.nodes[q as usize].up;
            } else {
                let item = item as u32;
                if item <= links.primary {
                    let first = links.nodes[item as usize].down;
                    let cheapest = if first == item {
                        net
                    } else {
                        self.net[first as usize].min(net)
                    };
                    paid += self.shares.share(basis, item, cheapest);
                }
                q += 1;
            }
            if q == p {
                break;
            }
        }
        reaches(bound.saturating_sub(paid), room)
    }

    /// The bound of the open items (see [`bound`](super::bound)) and its
    /// basis, or `None` when it reaches `room`.
    fn tally(&mut self, room: u128) -> Option<(u128, u32)> {
        let links = &*self.links;
        let mut tally = Tally::new(self.shares, &mut self.sums, room);
        let mut k = links.items[0].right;
        while k != 0 {
            let first = links.nodes[k as usize].down;
            if tally.add(k, self.net[first as usize]) {
                return None;
            }
            k = links.items[k as usize].right;
        }
        let (bound, basis) = tally.bound();
        (!reaches(bound, room)).then_some((bound, basis))
    }

    /// The first option from node `p` down that the level can afford and
    /// that is not [hopeless](Self::hopeless); counts the others as cut.
    fn next_from(&mut self, level: usize, item: u32, mut p: u32) -> Option<u32> {
        while p != item && self.spent[level] + u128::from(self.net[p as usize]) < self.cutoff {
            if !self.hopeless(level, p) {
                return Some(p);
            }
            self.cut += 1;
            p = self.links.nodes[p as usize].down;
        }
        self.cut += u64::from(p != item);
        None
    }
}

impl<const COLORED: bool> Matrix for Linked<'_, COLORED> {
    fn choose(&mut self, level: usize) -> Choice {
        let room = self.cutoff.saturating_sub(self.spent[level]);
        let links = &*self.links;
        let mut k = links.items[0].right;
        if k == 0 {
            return Choice::Solved;
        }
        let (mut best, mut fewest, mut dearest) = (k, u32::MAX, 0);
        let mut total = 0u128;
        while k != 0 {
            let first = links.nodes[k as usize].down;
            if first == k {
                return Choice::DeadEnd;
            }
            let cheapest = self.net[first as usize];
            if u128::from(cheapest) >= room {
                self.cut += 1;
                return Choice::DeadEnd;
            }
            total += u128::from(cheapest);
            // Count the options the bound allows, up to `fewest` (no better
            // then) or `LOOK_AHEAD` (then the length as an upper bound).
            let mut usable = 1;
            let mut p = links.nodes[first as usize].down;
            let better = loop {
                if p == k || u128::from(self.net[p as usize]) >= room {
                    break true;
                }
                if usable == fewest {
                    break false;
                }
                if usable >= LOOK_AHEAD {
                    usable = links.len(k);
                    break true;
                }
                usable += 1;
                p = links.nodes[p as usize].down;
            };
            if better && (usable < fewest || (usable == fewest && cheapest > dearest)) {
                (best, fewest, dearest) = (k, usable, cheapest);
            }
            k = links.items[k as usize].right;
        }
        // The bound is at most the sum of the cheapest costs: it can cut
        // the level only if that sum reaches the room, and skip an option
        // only if it and the dearest option the room allows reach it.
        // Else it is not worked out (every option is worth trying).
        let mut dearest_allowed = dearest;
        let mut p = links.nodes[links.nodes[best as usize].down as usize].down;
        while p != best && u128::from(self.net[p as usize]) < room {
            dearest_allowed = self.net[p as usize];
            p = links.nodes[p as usize].down;
        }
        let (bound, basis) = if total + u128::from(dearest_allowed) >= room {
            match self.tally(room) {
                Some(bound) => bound,
                None => {
                    self.cut += 1;
                    return Choice::DeadEnd;
                }
            }
        } else {
            (0, SHARES)
        };
        self.bound[level] = bound;
        self.basis[level] = basis;
        let first = self.links.nodes[best as usize].down;
        let limit = room - u128::from(self.net[first as usize]);
        self.item_limit[level] = limit;
        self.cover(best, limit);
        match self.next_from(level, best, first) {
            Some(p) => {
                self.stack[level] = p;
                Choice::Item
            }
            None => {
                self.uncover(best, limit);
                Choice::DeadEnd
            }
        }
    }

    fn try_option(&mut self, level: usize) -> Work {
        let p = self.stack[level];
        let spent = self.spent[level] + u128::from(self.net[p as usize]);
        self.spent[level + 1] = spent;
        // Saturating: a bound lowered by another thread may already be
        // below what this level spent, and then the level below is cut.
        let limit = self.cutoff.saturating_sub(spent);
        self.commit_limit[level] = limit;
        let item = self.links.top[p as usize] as u32;
        let next = self.links.nodes[p as usize].down;
        let guess = next != item && u128::from(self.net[next as usize]) < limit;
        self.commit_others(p, limit);
        Work {
            nodes: 1,
            guesses: u64::from(guess),
        }
    }

    fn retract(&mut self, level: usize) -> bool {
        let p = self.stack[level];
        self.uncommit_others(p, self.commit_limit[level]);
        let item = self.links.top[p as usize] as u32;
        let next = self.links.nodes[p as usize].down;
        if let Some(next) = self.next_from(level, item, next) {
            self.stack[level] = next;
            return true;
        }
        self.uncover(item, self.item_limit[level]);
        false
    }

    fn unchoose(&mut self, level: usize) {
        let item = self.links.top[self.stack[level] as usize] as u32;
        self.uncover(item, self.item_limit[level]);
    }
}

impl<const COLORED: bool> Pricing for Linked<'_, COLORED> {
    fn spent(&self, level: usize) -> u128 {
        self.spent[level]
    }

    fn moves(&self, level: usize) -> impl Iterator<Item = OptionId> {
        self.stack[..level].iter().map(|&p| self.links.option_of(p))
    }

    fn set_cutoff(&mut self, cutoff: u128) {
        self.cutoff = cutoff;
    }
}
