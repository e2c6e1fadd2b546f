//! The lower bound on what the open items of a level must still pay:
//! stronger than DLX5's, from the numbers a choice reads anyway.
//!
//! DLX5 cuts a level when one open item's cheapest option costs the room
//! left (the cutoff less what the levels below spent). Every open item
//! must be covered, though, not one: what the rest of a solution pays is at
//! least a *sum* over the open items, if each option's cost is shared out
//! among the items it covers so that no option is charged more than it
//! costs. Any numbers `y[j]` on the open primary items such that every
//! option that can still be used has
//!
//! ```text
//! y[j1] + y[j2] + … ≤ net cost of the option      (j1, j2, … its primary items)
//! ```
//!
//! bound the rest of every solution from below by `Σ y[j]`: the options
//! that complete a solution cover each open primary item exactly once, so
//! their net costs add up to at least the sum of the `y` of the items they
//! cover, which is every open item. (These are the dual of the problem's
//! linear relaxation; DLX5's taxes are one such choice, made once at the
//! root.) Two choices are made here at every level, from the cheapest net
//! cost `c[j]` of each open item — which the choice of an item reads anyway
//! — and the larger sum is the bound:
//!
//! * **Classes.** The items are put in classes once per part, greedily in
//!   item order, so that no option has two items of one *class* (queens:
//!   the rows are one class, the columns another; pentominoes: the pieces,
//!   then sets of cells too far apart for one piece; a checkerboard's
//!   dominoes: its two colors). `y[j] = c[j]` on the items of one class and 0
//!   elsewhere satisfies every option (it meets the class once at most, and
//!   `c[j]` is at most what any option of `j` costs): the bound is the
//!   largest sum of `c` over one class — at least DLX5's largest `c`.
//! * **Fair shares.** `y[j] = c[j] / s[j]`, where `s[j]` is the most
//!   primary items of any option of `j`: an option with `s` primary items
//!   pays at most `s` shares, each at most its cost over `s`. Kept in fixed
//!   point, each weight rounded down ([`SCALE`]`/ s[j]`), which only lowers
//!   the bound.
//!
//! Options only go as a search goes deeper, so a class stays a class and a
//! share stays fair below the level where they were set up, and the `c[j]`
//! only grow. Columns may hold options that cost too much to be tried (DLX5
//! leaves them linked): they can only make a `c[j]` smaller, and the bound
//! weaker, never wrong. Costs are integers, so a level is cut when the
//! bound exceeds the room less one.
//!
//! The same numbers price each option of the level before it is tried:
//! trying option `o` leaves the open items but `o`'s, whose `y` still
//! satisfy every option that the level below can use, so the level below
//! must pay at least the bound less the `y` of `o`'s items. An option for
//! which that and its own cost reach the room is skipped without being
//! committed.

/// The fixed point of the fair shares: weights are `SCALE / s`, bounds are
/// kept times `SCALE`.
pub(super) const SCALE: u64 = 1 << 20;

/// The basis of a bound that is the fair shares, not a class.
pub(super) const SHARES: u32 = u32::MAX;

/// No more classes than this are kept: an item beyond them is in none (a
/// subset of a class is a class, so leaving an item out is sound).
const MAX_CLASSES: usize = 64;

/// What a search knows of its primary items for the bound: each one's
/// weight in the fair shares and its class.
#[derive(Clone, Debug)]
pub(super) struct Shares {
    /// Per item, side by side for the choice that reads both.
    items: Vec<Share>,
    classes: usize,
}

/// One item's part in the bound.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Share {
    /// [`SCALE`] over the most primary items of an option of the item.
    weight: u32,
    /// Its class, or [`SHARES`] for none.
    class: u32,
}

impl Shares {
    /// The weights and classes of items `0..items`, given the primary
    /// items of every option that can be used. Classes are given greedily
    /// in item order: each item takes the first class none of whose items
    /// shares an option with it.
    pub(super) fn new<'a>(
        items: usize,
        options: impl Iterator<Item = &'a [u32]> + Clone,
    ) -> Shares {
        let mut most = vec![1u64; items];
        let mut of_item: Vec<Vec<u32>> = vec![Vec::new(); items];
        for (at, option) in options.clone().enumerate() {
            for &item in option {
                most[item as usize] = most[item as usize].max(option.len() as u64);
                of_item[item as usize].push(at as u32);
            }
        }
        let options: Vec<&[u32]> = options.collect();
        let mut shares: Vec<Share> = most
            .iter()
            .map(|&most| Share {
                weight: (SCALE / most) as u32,
                class: SHARES,
            })
            .collect();
        let mut classes = 0;
        let mut taken = Vec::new();
        for item in 0..items {
            taken.clear();
            for &at in &of_item[item] {
                let others = options[at as usize].iter();
                taken.extend(others.map(|&other| shares[other as usize].class));
            }
            taken.retain(|&class| class != SHARES);
            taken.sort_unstable();
            taken.dedup();
            let free = taken
                .iter()
                .enumerate()
                .find(|&(at, &class)| at as u32 != class)
                .map_or(taken.len(), |(at, _)| at);
            if free < MAX_CLASSES {
                shares[item].class = free as u32;
                classes = classes.max(free + 1);
            }
        }
        Shares {
            items: shares,
            classes,
        }
    }

    /// The number of classes: the length of a [`Tally`]'s sums.
    pub(super) fn classes(&self) -> usize {
        self.classes
    }

    /// `y[item]` times [`SCALE`] in the bound of `basis`, when the item's
    /// cheapest option costs `cheapest`.
    #[inline]
    pub(super) fn share(&self, basis: u32, item: u32, cheapest: u64) -> u128 {
        let Share { weight, class } = self.items[item as usize];
        let cheapest = u128::from(cheapest);
        if basis == SHARES {
            cheapest * u128::from(weight)
        } else if class == basis {
            cheapest * u128::from(SCALE)
        } else {
            0
        }
    }
}

/// The bound of one level, added up item by item as the level chooses.
pub(super) struct Tally<'a> {
    shares: &'a [Share],
    /// Per class: the sum of its items' cheapest costs (saturating: a sum
    /// held at `u64::MAX` is still below the true sum, so still a bound).
    sums: &'a mut [u64],
    /// The fair shares, times [`SCALE`].
    fair: u128,
    /// The room, and the fair shares that reach it: more than this.
    room: u128,
    floor: u128,
}

impl<'a> Tally<'a> {
    /// An empty tally of a level with `room` left, over `sums` (one per
    /// class) for scratch.
    #[inline]
    pub(super) fn new(shares: &'a Shares, sums: &'a mut [u64], room: u128) -> Tally<'a> {
        sums.fill(0);
        // The fair shares reach the room once they exceed `room - 1`
        // (times SCALE); never for a room too large for that.
        let floor = room
            .checked_sub(1)
            .and_then(|less| less.checked_mul(u128::from(SCALE)))
            .unwrap_or(u128::MAX);
        Tally {
            shares: &shares.items,
            sums,
            fair: 0,
            room,
            floor,
        }
    }

    /// Adds an open item whose cheapest option costs `cheapest`; whether
    /// the items added so far reach the room already (a sum over some of
    /// the open items is a bound too).
    #[inline]
    pub(super) fn add(&mut self, item: u32, cheapest: u64) -> bool {
        let Share { weight, class } = self.shares[item as usize];
        self.fair += u128::from(cheapest) * u128::from(weight);
        let reached = match self.sums.get_mut(class as usize) {
            Some(sum) => {
                *sum = sum.saturating_add(cheapest);
                u128::from(*sum) >= self.room
            }
            None => false,
        };
        reached | (self.fair > self.floor)
    }

    /// The bound, times [`SCALE`], and its basis: the class whose sum is
    /// largest, or [`SHARES`] when the fair shares are more.
    #[inline]
    pub(super) fn bound(&self) -> (u128, u32) {
        let (mut most, mut basis) = (0, SHARES);
        for (class, &sum) in self.sums.iter().enumerate() {
            if sum > most {
                (most, basis) = (sum, class as u32);
            }
        }
        let most = u128::from(most) * u128::from(SCALE);
        if most >= self.fair {
            (most, basis)
        } else {
            (self.fair, SHARES)
        }
    }
}

/// Whether a bound (times [`SCALE`]) on integer costs reaches `room`: the
/// costs still to pay are an integer at least `bound / SCALE`, so they
/// reach `room` once the bound exceeds `room - 1` (times `SCALE`; a room
/// too large for that, as when no cutoff is known yet, is never reached).
#[inline]
pub(super) fn reaches(bound: u128, room: u128) -> bool {
    match room.checked_sub(1) {
        None => true,
        Some(less) => less
            .checked_mul(u128::from(SCALE))
            .is_some_and(|floor| bound > floor),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every exact cover of items `0..items` by `options` (each a set of
    /// items with a cost), as lists of option numbers.
    fn covers(items: usize, options: &[(Vec<u32>, u64)]) -> Vec<Vec<usize>> {
        let mut found = Vec::new();
        for subset in 0u32..1 << options.len() {
            let mut covered = vec![0; items];
            let chosen: Vec<usize> = (0..options.len())
                .filter(|&o| subset >> o & 1 == 1)
                .collect();
            for &o in &chosen {
                for &item in &options[o].0 {
                    covered[item as usize] += 1;
                }
            }
            if covered.iter().all(|&c| c == 1) {
                found.push(chosen);
            }
        }
        found
    }

    /// Options over items `0..items`, each of 1 to 3 items, with costs.
    fn problem() -> impl Strategy<Value = (usize, Vec<(Vec<u32>, u64)>)> {
        (1usize..=6).prop_flat_map(|items| {
            let option = (
                proptest::collection::btree_set(0..items as u32, 1..=3.min(items)),
                0u64..20,
            )
                .prop_map(|(set, cost)| (set.into_iter().collect::<Vec<_>>(), cost));
            (Just(items), proptest::collection::vec(option, 1..=10))
        })
    }

    proptest! {
        /// The bound of the open items never exceeds the cheapest cover,
        /// and the bound less an option's shares never exceeds what the
        /// rest of a cover with that option costs.
        #[test]
        fn the_bound_is_a_lower_bound((items, options) in problem()) {
            let lists: Vec<&[u32]> = options.iter().map(|(set, _)| set.as_slice()).collect();
            let shares = Shares::new(items, lists.iter().copied());
            let cheapest: Vec<u64> = (0..items as u32)
                .map(|item| {
                    let costs = options.iter().filter(|(set, _)| set.contains(&item));
                    costs.map(|&(_, cost)| cost).min().unwrap_or(0)
                })
                .collect();
            let mut sums = vec![0; shares.classes()];
            let mut tally = Tally::new(&shares, &mut sums, u128::MAX);
            for (item, &least) in cheapest.iter().enumerate() {
                tally.add(item as u32, least);
            }
            let (bound, basis) = tally.bound();
            for cover in covers(items, &options) {
                let cost: u128 = cover.iter().map(|&o| u128::from(options[o].1)).sum();
                prop_assert!(bound <= cost * u128::from(SCALE), "{bound} > {cost}");
                prop_assert!(!reaches(bound, cost + 1));
                for &o in &cover {
                    let (set, own) = &options[o];
                    let paid: u128 = set
                        .iter()
                        .map(|&item| shares.share(basis, item, cheapest[item as usize]))
                        .sum();
                    let rest = cost - u128::from(*own);
                    prop_assert!(bound.saturating_sub(paid) <= rest * u128::from(SCALE));
                }
            }
        }
    }

    /// Queens: the rows are one class and the columns another; every
    /// option has two primary items, so each weighs half.
    #[test]
    fn queens_rows_and_columns_are_classes() {
        let n = 5u32;
        let options: Vec<Vec<u32>> = (0..n)
            .flat_map(|row| (0..n).map(move |column| vec![row, n + column]))
            .collect();
        let shares = Shares::new(2 * n as usize, options.iter().map(Vec::as_slice));
        assert_eq!(shares.classes(), 2);
        for item in 0..2 * n {
            let share = Share {
                weight: (SCALE / 2) as u32,
                class: item / n,
            };
            assert_eq!(shares.items[item as usize], share);
        }
        let mut sums = vec![0; 2];
        let mut tally = Tally::new(&shares, &mut sums, 100);
        for (item, least) in [(0, 3), (1, 4), (5, 6), (6, 2)] {
            assert!(!tally.add(item, least));
        }
        // Rows 3 + 4, columns 6 + 2, shares 15 / 2: the columns.
        assert_eq!(tally.bound(), (8 * u128::from(SCALE), 1));
        assert!(tally.add(7, 93));
    }

    #[test]
    fn reaching_the_room() {
        let scale = u128::from(SCALE);
        assert!(reaches(0, 0));
        assert!(!reaches(0, 1));
        assert!(reaches(1, 1));
        assert!(!reaches(4 * scale, 5));
        assert!(reaches(4 * scale + 1, 5));
        assert!(!reaches(u128::MAX, u128::MAX));
    }
}
