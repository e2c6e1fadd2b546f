//! What a search for the cheapest solutions sets up once per part: DLX5's
//! taxes and sorted columns on its own copy of the links, the options
//! still usable, and the [`Shares`] of the bound.

use crate::goals::best::bound::Shares;
use crate::machine::links::Links;
use crate::model::ids::OptionId;

/// The search's own copy of the solver's links, with DLX5's taxes and
/// sorted columns, and what the bound knows of its items.
pub(super) struct Taxed {
    pub(super) links: Links,
    /// The net cost of every node's option (0 for headers and spacers).
    pub(super) net: Vec<u64>,
    /// The total tax: what every solution pays beyond its net cost.
    pub(super) tax: u128,
    /// The options that can still be used.
    pub(super) usable: Usable,
    pub(super) shares: Shares,
}

impl Taxed {
    /// Taxes the active primary items of `links` in item order (each the
    /// least net cost of its column, which every option of the column then
    /// costs less) and sorts every column by net cost, stably.
    pub(super) fn new(links: &Links, costs: &[u64]) -> Taxed {
        let mut links = links.clone();
        let mut option_net: Vec<u64> = costs.to_vec();
        let mut tax = 0u128;
        let mut item = links.items[0].right;
        while item != 0 {
            let column = column(&links, item);
            let least = column
                .iter()
                .map(|&p| option_net[links.option_of(p).index()])
                .min();
            if let Some(least) = least.filter(|&least| least > 0) {
                tax += u128::from(least);
                for &p in &column {
                    option_net[links.option_of(p).index()] -= least;
                }
            }
            item = links.items[item as usize].right;
        }
        let mut net = vec![0; links.nodes.len()];
        for (option, &first) in links.option_start.iter().enumerate() {
            let mut p = first as usize;
            while links.top[p] > 0 {
                net[p] = option_net[option];
                p += 1;
            }
        }
        for item in 1..=links.item_count {
            let mut column = column(&links, item);
            column.sort_by_key(|&p| net[p as usize]);
            links.relink_column(item, &column);
        }
        links.updates = 0;
        let usable = Usable::new(&links);
        let options = (0..usable.len()).map(|at| usable.primary_items(at));
        let shares = Shares::new(links.primary as usize + 1, options);
        Taxed {
            links,
            net,
            tax,
            usable,
            shares,
        }
    }
}

/// The options that can still be used — those in the columns of the
/// active primary items — each with its primary items.
pub(super) struct Usable {
    /// Each option's first node, in the order first met (item order, then
    /// column order).
    pub(super) first: Vec<u32>,
    /// Each option's primary items, one after another, from `start[at]`.
    start: Vec<u32>,
    items: Vec<u32>,
}

impl Usable {
    fn new(links: &Links) -> Usable {
        let mut seen = vec![false; links.option_start.len()];
        let mut usable = Usable {
            first: Vec::new(),
            start: vec![0],
            items: Vec::new(),
        };
        let mut item = links.items[0].right;
        while item != 0 {
            for p in column(links, item) {
                let option = links.option_of(p);
                if std::mem::replace(&mut seen[option.index()], true) {
                    continue;
                }
                let first = links.option_start[option.index()];
                usable.first.push(first);
                let mut q = first as usize;
                while links.top[q] > 0 {
                    let entry = links.top[q] as u32;
                    if entry <= links.primary {
                        usable.items.push(entry);
                    }
                    q += 1;
                }
                usable.start.push(usable.items.len() as u32);
            }
            item = links.items[item as usize].right;
        }
        usable
    }

    /// How many options can be used.
    pub(super) fn len(&self) -> usize {
        self.first.len()
    }

    /// The primary items of the `at`-th usable option.
    pub(super) fn primary_items(&self, at: usize) -> &[u32] {
        &self.items[self.start[at] as usize..self.start[at + 1] as usize]
    }

    /// The `at`-th usable option.
    pub(super) fn option(&self, links: &Links, at: usize) -> OptionId {
        links.option_of(self.first[at])
    }
}

/// The nodes of item `i`'s column, top to bottom.
pub(super) fn column(links: &Links, i: u32) -> Vec<u32> {
    let mut nodes = Vec::with_capacity(links.len(i) as usize);
    let mut p = links.nodes[i as usize].down;
    while p != i {
        nodes.push(p);
        p = links.nodes[p as usize].down;
    }
    nodes
}
