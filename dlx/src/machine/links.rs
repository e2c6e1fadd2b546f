//! The toroidal doubly linked list and the operations that dance on it.
//!
//! This is Knuth's layout from DLX1/DLX2 (TAOCP 7.2.2.1), in flat vectors of
//! `u32`/`i32` fields; see the crate documentation for the drawing. Nothing here
//! allocates but [`shuffle`](Links::shuffle), which runs before a search: every
//! operation only rewrites links, and every operation has an exact inverse that
//! must be called in the reverse order. DLX3's extra step for multiplicities,
//! [`tweak`](Links::tweak), is undone for a whole run of tweaks at once by
//! [`untweak`](Links::untweak).

use crate::model::ids::OptionId;
use crate::model::problem::{ItemKind, Problem};
use crate::rng::SplitMix64;

/// An item header: a member of the doubly linked list of active items.
///
/// Index 0 is the root of the list of active *primary* items, indices
/// `1..=primary` are the primary items, `primary + 1..=items` the secondary items,
/// and `items + 1` is the root of the list of active secondary items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Item {
    pub(crate) left: u32,
    pub(crate) right: u32,
}

/// A node's vertical links: one cell of the matrix, a column header, or a
/// spacer. Its `top` is kept apart, in [`Links::top`].
///
/// * Nodes `1..=items` are the column headers: `up`/`down` are the last and first
///   node of the item's column, `top` is its length: how many options in the
///   column are still active (Knuth's `LEN`, kept where he keeps it, so that
///   the updates of a hide and the scan for the shortest column touch one
///   vector). A secondary item's length is kept plus [`SECONDARY_BIAS`], so
///   that a hide that empties a column (`top` reaching 0) has emptied a
///   primary item's without comparing the item with the primary count.
/// * An option with `k` items occupies `k` consecutive nodes, each linked into its
///   item's column, with `top` = the item (always > 0).
/// * A spacer sits before the first option, between options and after the last:
///   `top <= 0` is minus the number of the option before it (1-based), `up` is the
///   first node of the option before it and `down` the last node of the option
///   after it — so an option's nodes are walked cyclically without left/right
///   links.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
}

/// Added to the `top` of secondary items' headers (see [`Node`]). A column
/// never holds this many options: every option in it has a primary item and a
/// spacer too, and a problem has fewer than 2³¹ nodes, so a length is below
/// 2³¹ / 3 and the biased length below 2³¹.
const SECONDARY_BIAS: i32 = 1 << 30;

/// The dancing structure for one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Links {
    pub(crate) items: Vec<Item>,
    pub(crate) nodes: Vec<Node>,
    /// The `top` of every node, parallel to `nodes` (see [`Node`]). Apart
    /// rather than a third field of `Node`, so that a node is 8 bytes and
    /// every index into either vector is a single scaled address, without
    /// the multiply by 3 that a 12-byte node needs: 7–11% less time in the
    /// whole search (13 queens, Langford 12, pentominoes 6×10).
    pub(crate) top: Vec<i32>,
    /// The color of every node, parallel to `nodes`, or empty when no option
    /// has a color: 0 for none, `c + 1` for [`ColorId`](crate::ColorId) `c`,
    /// -1 while the item is purified and this node already agrees with its
    /// color. Kept apart so that uncolored problems never touch it.
    pub(crate) colors: Vec<i32>,
    /// Number of primary items (`N1` in Knuth).
    pub(crate) primary: u32,
    /// Number of items, primary and secondary (`N` in Knuth).
    pub(crate) item_count: u32,
    /// First node of each option, indexed by [`OptionId`]. Read only when
    /// options are selected from outside the search.
    pub(crate) option_start: Vec<u32>,
    /// Link updates done since the counter was last cleared (Knuth's "updates").
    pub(crate) updates: u64,
    /// `nodes.len() - 1` and `items.len() - 1`: both vectors are padded to a
    /// power of two, so that in the hot loops an index masked with these is
    /// provably in bounds and needs no check (without `unsafe`).
    node_mask: u32,
    item_mask: u32,
}

/// The link arrays, sliced to their power-of-two lengths once per cover so
/// that the inner loops index them without bounds checks.
struct Tables<'a> {
    nodes: &'a mut [Node],
    top: &'a mut [i32],
    items: &'a mut [Item],
    colors: &'a [i32],
    node_mask: u32,
    item_mask: u32,
}

impl Tables<'_> {
    #[inline(always)]
    fn node(&mut self, p: u32) -> &mut Node {
        &mut self.nodes[(p & self.node_mask) as usize]
    }

    #[inline(always)]
    fn top(&mut self, p: u32) -> &mut i32 {
        &mut self.top[(p & self.node_mask) as usize]
    }

    #[inline(always)]
    fn item(&mut self, i: u32) -> &mut Item {
        &mut self.items[(i & self.item_mask) as usize]
    }

    /// See [`Links::hide`]; returns the number of nodes unlinked.
    #[inline(always)]
    fn hide<const COLORED: bool>(&mut self, p: u32) -> u64 {
        self.hide_checked::<COLORED, false>(p, 0).0
    }

    /// [`hide`](Self::hide), and with `CHECK`, whether the hide emptied the
    /// column of a primary item that is not in `chosen`'s option (the one
    /// being committed, whose items are covered anyway): then no option can
    /// cover that item any more.
    #[inline(always)]
    fn hide_checked<const COLORED: bool, const CHECK: bool>(
        &mut self,
        p: u32,
        chosen: u32,
    ) -> (u64, bool) {
        // Two runs, so that only the first tests for the spacer: from `p`
        // right to the spacer after the option, then from the option's first
        // node (the spacer's `up`) to `p`.
        let mut emptied = false;
        let mut updates = 0;
        let mut q = p + 1;
        loop {
            let top = *self.top(q);
            if top <= 0 {
                break;
            }
            updates += self.unlink::<COLORED, CHECK>(q, top, chosen, &mut emptied);
            q += 1;
        }
        let spacer = q;
        let first = self.node(spacer).up;
        q = first;
        while q != p {
            let top = *self.top(q);
            updates += self.unlink::<COLORED, CHECK>(q, top, chosen, &mut emptied);
            q += 1;
        }
        if !COLORED {
            // Every node but `p` was unlinked.
            updates = u64::from(spacer - first - 1);
        }
        (updates, emptied)
    }

    /// Unlinks node `q` of item `top` from its column, unless it agrees with
    /// a purified color; with `CHECK`, sets `emptied` when that empties the
    /// column of a primary item outside `chosen`'s option. The number of
    /// nodes unlinked (counted only when `COLORED`; the caller knows it
    /// otherwise).
    #[inline(always)]
    fn unlink<const COLORED: bool, const CHECK: bool>(
        &mut self,
        q: u32,
        top: i32,
        chosen: u32,
        emptied: &mut bool,
    ) -> u64 {
        if COLORED && self.colors[(q & self.node_mask) as usize] < 0 {
            return 0;
        }
        let Node { up, down } = *self.node(q);
        self.node(up).down = down;
        self.node(down).up = up;
        let len = *self.top(top as u32) - 1;
        *self.top(top as u32) = len;
        if CHECK && len == 0 {
            *emptied |= !self.in_option(chosen, top);
        }
        u64::from(COLORED)
    }

    /// Whether node `p`'s option contains `item`.
    fn in_option(&mut self, p: u32, item: i32) -> bool {
        let mut q = p;
        loop {
            let top = *self.top(q);
            if top == item {
                return true;
            }
            q = if top <= 0 { self.node(q).up } else { q + 1 };
            if q == p {
                return false;
            }
        }
    }

    /// See [`Links::unhide`]: the runs of [`hide_checked`](Self::hide_checked)
    /// backwards.
    #[inline(always)]
    fn unhide<const COLORED: bool>(&mut self, p: u32) {
        let mut q = p - 1;
        loop {
            let top = *self.top(q);
            if top <= 0 {
                break;
            }
            self.relink::<COLORED>(q, top);
            q -= 1;
        }
        q = self.node(q).down;
        while q != p {
            let top = *self.top(q);
            self.relink::<COLORED>(q, top);
            q -= 1;
        }
    }

    /// Undoes [`unlink`](Self::unlink).
    #[inline(always)]
    fn relink<const COLORED: bool>(&mut self, q: u32, top: i32) {
        if COLORED && self.colors[(q & self.node_mask) as usize] < 0 {
            return;
        }
        let Node { up, down } = *self.node(q);
        self.node(up).down = q;
        self.node(down).up = q;
        *self.top(top as u32) += 1;
    }
}

/// Nodes laid out (about) between two looks at a stop while the links are
/// built: well under a millisecond of work. One option may pass it, but the
/// problem's own reader has read that option whole already.
const NODES_PER_LOOK: usize = 1 << 16;

impl Links {
    /// Whether any option gives an item a color, so the colored (Algorithm C)
    /// versions of the operations are needed.
    pub(crate) fn is_colored(&self) -> bool {
        !self.colors.is_empty()
    }

    /// Builds the structure for `problem`, items in Knuth's order: primary items
    /// first, then secondary items, each group in declaration order.
    pub(crate) fn new(problem: &Problem) -> Links {
        let Ok(links) = Links::build(problem, || Ok::<(), std::convert::Infallible>(()));
        links
    }

    /// [`new`](Self::new), calling `look` every [`NODES_PER_LOOK`]
    /// nodes or so: its error ends the build (a stop that came while a wide
    /// problem was being laid out).
    pub(crate) fn build<E>(
        problem: &Problem,
        mut look: impl FnMut() -> Result<(), E>,
    ) -> Result<Links, E> {
        let item_count = problem.item_count() as u32;
        let primary = problem.primary_count() as u32;

        // Internal position (1-based) of every declared item.
        let mut position = vec![0u32; problem.item_count()];
        let (mut next_primary, mut next_secondary) = (1, primary + 1);
        for item in problem.items() {
            let slot = match problem.item_kind(item) {
                ItemKind::Primary => &mut next_primary,
                ItemKind::Secondary => &mut next_secondary,
            };
            position[item.index()] = *slot;
            *slot += 1;
        }

        let root2 = item_count + 1;
        let mut items = vec![Item { left: 0, right: 0 }; root2 as usize + 1];
        // Two circular lists: root 0 with the primary items, root `items + 1`
        // with the secondary items.
        let primary_list = std::iter::once(0).chain(1..=primary);
        let secondary_list = std::iter::once(root2).chain(primary + 1..=item_count);
        for list in [primary_list.collect::<Vec<_>>(), secondary_list.collect()] {
            for (k, &i) in list.iter().enumerate() {
                items[i as usize].left = list[(k + list.len() - 1) % list.len()];
                items[i as usize].right = list[(k + 1) % list.len()];
            }
        }

        let node_total = item_count as usize + 2 + problem.entry_count() + problem.option_count();
        let mut nodes = Vec::with_capacity(node_total);
        nodes.extend((0..=item_count).map(|i| Node { up: i, down: i }));
        let mut top = vec![0; nodes.len()];
        let colored = problem
            .options()
            .any(|(_, entries)| entries.iter().any(|e| e.color.is_some()));
        let mut colors = Vec::new();
        if colored {
            colors.resize(node_total, 0);
        }
        let mut option_start = Vec::with_capacity(problem.option_count());
        // The spacer before the first option.
        let mut spacer = nodes.len() as u32;
        nodes.push(Node { up: 0, down: 0 });
        top.push(0);
        let mut next_look = NODES_PER_LOOK;
        for (option, entries) in problem.options() {
            if nodes.len() >= next_look {
                look()?;
                next_look = nodes.len() + NODES_PER_LOOK;
            }
            let first = nodes.len() as u32;
            option_start.push(first);
            for entry in entries {
                let i = position[entry.item.index()];
                let node = nodes.len() as u32;
                let last = nodes[i as usize].up;
                if let Some(color) = entry.color {
                    colors[node as usize] = color.0 as i32 + 1;
                }
                nodes.push(Node { up: last, down: i });
                top.push(i as i32);
                nodes[last as usize].down = node;
                nodes[i as usize].up = node;
                top[i as usize] += 1;
            }
            let last = nodes.len() as u32 - 1;
            nodes[spacer as usize].down = last;
            spacer = nodes.len() as u32;
            nodes.push(Node { up: first, down: 0 });
            top.push(-(option.0 as i32 + 1));
        }
        debug_assert_eq!(nodes.len(), node_total);
        for len in &mut top[primary as usize + 1..=item_count as usize] {
            *len += SECONDARY_BIAS;
        }
        // Padding nodes look like spacers and are never reached; padding
        // items are never linked.
        nodes.resize(node_total.next_power_of_two(), Node { up: 0, down: 0 });
        top.resize(nodes.len(), 0);
        if colored {
            colors.resize(nodes.len(), 0);
        }
        items.resize(items.len().next_power_of_two(), Item { left: 0, right: 0 });
        Ok(Links {
            node_mask: nodes.len() as u32 - 1,
            item_mask: items.len() as u32 - 1,
            items,
            nodes,
            top,
            colors,
            primary,
            item_count,
            option_start,
            updates: 0,
        })
    }

    /// How many options in item `i`'s column are still active.
    #[inline(always)]
    pub(crate) fn len(&self, i: u32) -> u32 {
        (self.top[i as usize] & (SECONDARY_BIAS - 1)) as u32
    }

    /// Whether node `p` is a column header (not an option's node).
    #[inline]
    pub(crate) fn is_header(&self, p: u32) -> bool {
        p <= self.item_count
    }

    /// The item whose column node `p` is in: `p` itself for a header.
    #[inline]
    pub(crate) fn item_of(&self, p: u32) -> u32 {
        if self.is_header(p) {
            p
        } else {
            self.top[p as usize] as u32
        }
    }

    /// Reorders the options in every item's column by a permutation drawn
    /// from `rng`, starting from the order they were built in — so the result
    /// depends on the generator's state only, not on earlier shuffles. The
    /// items are visited in their internal order (primary, then secondary)
    /// and each column of `k` options draws `k − 1` numbers.
    ///
    /// Only for links as built: nothing covered, nothing hidden.
    pub(crate) fn shuffle(&mut self, rng: &mut SplitMix64) {
        let mut column = Vec::new();
        for i in 1..=self.item_count {
            column.clear();
            let mut p = self.nodes[i as usize].down;
            while p != i {
                column.push(p);
                p = self.nodes[p as usize].down;
            }
            column.sort_unstable();
            rng.shuffle(&mut column);
            self.relink_column(i, &column);
        }
    }

    /// Links item `i`'s column as `column` lists its nodes, top to bottom
    /// (the same nodes, in a new order).
    pub(crate) fn relink_column(&mut self, i: u32, column: &[u32]) {
        let mut above = i;
        for &p in column {
            self.nodes[above as usize].down = p;
            self.nodes[p as usize].up = above;
            above = p;
        }
        self.nodes[above as usize].down = i;
        self.nodes[i as usize].up = above;
    }

    /// The nodes of `p`'s option after `p`, left to right, then round to
    /// those before it, each with its item: the option's other items, in
    /// the order in which [`commit_others`](Self::commit_others) commits
    /// them.
    #[inline]
    pub(crate) fn others(&self, p: u32) -> impl Iterator<Item = (u32, u32)> + '_ {
        let mut q = p;
        std::iter::from_fn(move || {
            q += 1;
            let mut top = self.top[q as usize];
            if top <= 0 {
                q = self.nodes[q as usize].up;
                top = self.top[q as usize];
            }
            (q != p).then_some((q, top as u32))
        })
    }

    /// The option that node `p` belongs to: walk right to the spacer, which
    /// holds the negated option number.
    pub(crate) fn option_of(&self, mut p: u32) -> OptionId {
        loop {
            let top = self.top[p as usize];
            if top <= 0 {
                return OptionId((-top - 1) as u32);
            }
            p += 1;
        }
    }

    /// A bound on the work of one node of a search on these links as
    /// built, in items scanned and nodes updated: choosing scans at most
    /// every primary item, and trying an option covers (and, on the way
    /// back, uncovers) its items, each hiding at most every option of its
    /// column, each of at most the longest option's nodes. Linear in the
    /// nodes; what sets how often a search looks at its stop
    /// ([`nodes_per_look`](crate::nodes_per_look)).
    pub(crate) fn work_per_node(&self) -> u64 {
        let mut longest = 0u64;
        let mut heaviest = 0u64;
        for &start in &self.option_start {
            let (mut length, mut columns) = (0u64, 0u64);
            let mut q = start as usize;
            while self.top[q] > 0 {
                length += 1;
                columns += u64::from(self.len(self.top[q] as u32));
                q += 1;
            }
            longest = longest.max(length);
            heaviest = heaviest.max(columns);
        }
        u64::from(self.primary) + 2 * longest * heaviest
    }

    /// The primary item with the fewest active options (ties: the first in
    /// item order), and that count. The scan stops at the first item with at
    /// most one option, since nothing can beat a forced move except a dead end,
    /// which the forced move's level will meet next anyway. `None` when no
    /// primary item is left, i.e. a solution is found.
    #[inline]
    pub(crate) fn choose(&self) -> Option<(u32, u32)> {
        let items = &self.items;
        let mut k = items[0].right;
        if k == 0 {
            return None;
        }
        let mut best = (k, self.len(k));
        while best.1 > 1 {
            k = items[k as usize].right;
            if k == 0 {
                break;
            }
            let len = self.len(k);
            if len < best.1 {
                best = (k, len);
            }
        }
        Some(best)
    }

    /// Removes every option of item `i` except from `i`'s own column, then `i`
    /// from its list of active items.
    #[inline(always)]
    pub(crate) fn cover<const COLORED: bool>(&mut self, i: u32) {
        let mut tables = self.tables::<COLORED>();
        let mut updates = 0;
        let mut p = tables.node(i).down;
        while p != i {
            updates += tables.hide::<COLORED>(p);
            p = tables.node(p).down;
        }
        let Item { left, right, .. } = *tables.item(i);
        tables.item(left).right = right;
        tables.item(right).left = left;
        self.updates += updates;
    }

    /// [`cover`](Self::cover), unless hiding one of the options empties the
    /// column of a primary item outside `chosen`'s option: then puts back
    /// what it hid and returns `false` — the option being committed leads
    /// nowhere.
    #[inline(always)]
    fn cover_checked<const COLORED: bool>(&mut self, i: u32, chosen: u32) -> bool {
        let mut tables = self.tables::<COLORED>();
        let mut updates = 0;
        let mut p = tables.node(i).down;
        while p != i {
            let (hidden, emptied) = tables.hide_checked::<COLORED, true>(p, chosen);
            updates += hidden;
            if emptied {
                while p != i {
                    tables.unhide::<COLORED>(p);
                    p = tables.node(p).up;
                }
                self.updates += updates;
                return false;
            }
            p = tables.node(p).down;
        }
        let Item { left, right, .. } = *tables.item(i);
        tables.item(left).right = right;
        tables.item(right).left = left;
        self.updates += updates;
        true
    }

    /// The arrays sliced for the hot loops (colors only when `COLORED`).
    #[inline(always)]
    fn tables<const COLORED: bool>(&mut self) -> Tables<'_> {
        let colors: &[i32] = if COLORED {
            &self.colors[..=self.node_mask as usize]
        } else {
            &[]
        };
        Tables {
            nodes: &mut self.nodes[..=self.node_mask as usize],
            top: &mut self.top[..=self.node_mask as usize],
            items: &mut self.items[..=self.item_mask as usize],
            colors,
            node_mask: self.node_mask,
            item_mask: self.item_mask,
        }
    }

    /// Undoes [`cover`](Self::cover).
    #[inline]
    pub(crate) fn uncover<const COLORED: bool>(&mut self, i: u32) {
        let mut tables = self.tables::<COLORED>();
        let Item { left, right, .. } = *tables.item(i);
        tables.item(left).right = i;
        tables.item(right).left = i;
        let mut p = tables.node(i).up;
        while p != i {
            tables.unhide::<COLORED>(p);
            p = tables.node(p).up;
        }
    }

    /// Takes item `i` out of its list of active items without touching its
    /// options (Algorithm M's null move).
    #[inline]
    pub(crate) fn deactivate(&mut self, i: u32) {
        let Item { left, right, .. } = self.items[i as usize];
        self.items[left as usize].right = right;
        self.items[right as usize].left = left;
    }

    /// Undoes [`deactivate`](Self::deactivate).
    #[inline]
    pub(crate) fn reactivate(&mut self, i: u32) {
        let Item { left, right, .. } = self.items[i as usize];
        self.items[left as usize].right = i;
        self.items[right as usize].left = i;
    }

    /// Unlinks node `p` from its own column.
    #[inline]
    pub(crate) fn unlink(&mut self, p: u32) {
        let Node { up, down } = self.nodes[p as usize];
        let top = self.top[p as usize];
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.top[top as usize] -= 1;
        self.updates += 1;
    }

    /// Undoes [`unlink`](Self::unlink).
    #[inline]
    pub(crate) fn relink(&mut self, p: u32) {
        let Node { up, down } = self.nodes[p as usize];
        let top = self.top[p as usize];
        self.nodes[up as usize].down = p;
        self.nodes[down as usize].up = p;
        self.top[top as usize] += 1;
    }

    /// Knuth's *tweak* (DLX3): takes node `n`, the topmost of its column,
    /// out of that column, and when `block` is set hides the rest of its
    /// option too (when `block` is clear, the column's item is covered and
    /// the option is hidden already).
    #[inline]
    pub(crate) fn tweak<const COLORED: bool>(&mut self, n: u32, block: bool) {
        if block {
            self.hide::<COLORED>(n);
        }
        self.unlink(n);
    }

    /// Knuth's *untweak*: undoes every tweak of item `c` since `first` was
    /// the top of its column, in one pass. Tweaked nodes keep their `down`
    /// links, so walking down from `first` to the column's current top visits
    /// them in order; only their `up` links and the header's `down` link need
    /// repairing. `unblock` must match the tweaks' `block`.
    pub(crate) fn untweak<const COLORED: bool>(&mut self, c: u32, first: u32, unblock: bool) {
        let top = self.nodes[c as usize].down;
        self.nodes[c as usize].down = first;
        let (mut p, mut above, mut count) = (first, c, 0);
        while p != top {
            self.nodes[p as usize].up = above;
            count += 1;
            if unblock {
                self.unhide::<COLORED>(p);
            }
            above = p;
            p = self.nodes[p as usize].down;
        }
        self.nodes[top as usize].up = above;
        self.top[c as usize] += count;
    }

    /// Unlinks every node of `p`'s option but `p` itself from its column
    /// (skipping nodes that already agree with a purified color).
    #[inline]
    pub(crate) fn hide<const COLORED: bool>(&mut self, p: u32) {
        let updates = self.tables::<COLORED>().hide::<COLORED>(p);
        self.updates += updates;
    }

    /// Undoes [`hide`](Self::hide), walking the option the other way.
    #[inline]
    pub(crate) fn unhide<const COLORED: bool>(&mut self, p: u32) {
        self.tables::<COLORED>().unhide::<COLORED>(p);
    }

    /// Commits node `p` of a chosen option: covers its item, or purifies it
    /// when the option gives it a color.
    #[inline]
    pub(crate) fn commit<const COLORED: bool>(&mut self, p: u32, item: u32) {
        let color = if COLORED { self.colors[p as usize] } else { 0 };
        if color == 0 {
            self.cover::<COLORED>(item);
        } else if color > 0 {
            self.purify(p, item, color);
        }
    }

    /// Undoes [`commit`](Self::commit).
    #[inline]
    pub(crate) fn uncommit<const COLORED: bool>(&mut self, p: u32, item: u32) {
        let color = if COLORED { self.colors[p as usize] } else { 0 };
        if color == 0 {
            self.uncover::<COLORED>(item);
        } else if color > 0 {
            self.unpurify(p, item, color);
        }
    }

    /// Hides every option that gives `item` a color other than `color`, and
    /// marks the options that agree so that they are left alone from now on.
    fn purify(&mut self, p: u32, item: u32, color: i32) {
        self.purify_checked::<false>(p, item, color, p);
    }

    /// [`purify`](Self::purify); with `CHECK`, stops as
    /// [`cover_checked`](Self::cover_checked) does when a hide empties the
    /// column of a primary item outside `chosen`'s option, and returns
    /// `false` with everything put back.
    fn purify_checked<const CHECK: bool>(
        &mut self,
        p: u32,
        item: u32,
        color: i32,
        chosen: u32,
    ) -> bool {
        let mut q = self.nodes[item as usize].down;
        while q != item {
            if self.colors[q as usize] == color {
                if q != p {
                    self.colors[q as usize] = -1;
                }
            } else {
                let (hidden, emptied) =
                    self.tables::<true>().hide_checked::<true, CHECK>(q, chosen);
                self.updates += hidden;
                if emptied {
                    self.unpurify_from(q, p, item, color);
                    return false;
                }
            }
            q = self.nodes[q as usize].down;
        }
        true
    }

    /// Undoes [`purify`](Self::purify).
    fn unpurify(&mut self, p: u32, item: u32, color: i32) {
        self.unpurify_from(self.nodes[item as usize].up, p, item, color);
    }

    /// Undoes a purification of `item`'s column from node `last` up.
    fn unpurify_from(&mut self, last: u32, p: u32, item: u32, color: i32) {
        let mut q = last;
        while q != item {
            if self.colors[q as usize] < 0 {
                self.colors[q as usize] = color;
            } else if q != p {
                self.unhide::<true>(q);
            }
            q = self.nodes[q as usize].up;
        }
    }

    /// Commits every node of `p`'s option except `p` (whose item the caller
    /// has covered), left to right.
    #[inline]
    pub(crate) fn commit_others<const COLORED: bool>(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let top = self.top[q as usize];
            if top <= 0 {
                q = self.nodes[q as usize].up;
            } else {
                self.commit::<COLORED>(q, top as u32);
                q += 1;
            }
        }
    }

    /// [`commit_others`](Self::commit_others), unless committing empties the
    /// column of a primary item outside the option: then nothing is left
    /// committed and the answer is `false` — the option leads to no
    /// solution, as the level above it would find.
    #[inline]
    pub(crate) fn commit_others_checked<const COLORED: bool>(&mut self, p: u32) -> bool {
        let mut q = p + 1;
        while q != p {
            let top = self.top[q as usize];
            if top <= 0 {
                q = self.nodes[q as usize].up;
                continue;
            }
            let item = top as u32;
            let color = if COLORED { self.colors[q as usize] } else { 0 };
            let committed = if color == 0 {
                self.cover_checked::<COLORED>(item, p)
            } else {
                color < 0 || self.purify_checked::<true>(q, item, color, p)
            };
            if !committed {
                self.uncommit_before::<COLORED>(p, q);
                return false;
            }
            q += 1;
        }
        true
    }

    /// Undoes [`commit_others`](Self::commit_others), right to left.
    #[inline]
    pub(crate) fn uncommit_others<const COLORED: bool>(&mut self, p: u32) {
        self.uncommit_before::<COLORED>(p, p);
    }

    /// Undoes the commits of [`commit_others`](Self::commit_others) of the
    /// nodes of `p`'s option that come before `end` (right of `p`, cyclically;
    /// `end = p` for all of them), right to left.
    #[inline(always)]
    fn uncommit_before<const COLORED: bool>(&mut self, p: u32, end: u32) {
        let mut q = end - 1;
        while q != p {
            let top = self.top[q as usize];
            if top <= 0 {
                q = self.nodes[q as usize].down;
            } else {
                self.uncommit::<COLORED>(q, top as u32);
                q -= 1;
            }
        }
    }

    /// Whether item `i` is still in its list of active items. A removed item's
    /// neighbours never point back at it until it is restored.
    fn is_active(&self, i: u32) -> bool {
        self.items[self.items[i as usize].left as usize].right == i
    }

    /// Whether node `p` is still linked into its column.
    fn is_linked(&self, p: u32) -> bool {
        self.nodes[self.nodes[p as usize].up as usize].down == p
    }

    /// If the option starting at node `first` can still be selected — every item
    /// active, no node hidden — the node of its first primary item.
    pub(crate) fn selectable_node(&self, first: u32) -> Option<u32> {
        let mut primary_node = None;
        let mut q = first;
        loop {
            let top = self.top[q as usize];
            if top <= 0 {
                return primary_node;
            }
            let color = self.colors.get(q as usize).copied().unwrap_or(0);
            if color >= 0 && !(self.is_active(top as u32) && self.is_linked(q)) {
                return None;
            }
            if primary_node.is_none() && top as u32 <= self.primary {
                primary_node = Some(q);
            }
            q += 1;
        }
    }
}
