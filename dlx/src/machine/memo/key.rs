//! The [`Key`] of a state of the links, kept up to date as the memoized
//! walk covers and uncovers, so that reading it costs nothing: see the
//! [memo's docs](super) for why it holds the whole residual problem.

use crate::machine::links::Links;
use crate::machine::multiplicity::Multiplicities;
use crate::machine::solver::Solver;

/// The key of a state of the links: one bit per item (internal order,
/// primary then secondary) set while the item is open, then one `u32` per
/// secondary item holding its color (`0`, not purified; `c + 1`, color
/// `c`), packed in `u64` words. For Algorithm M ([`Key::bounded`]) one
/// word per primary item follows (its bound and tweak frontier, see
/// [`Key::set_bounds`]), and the primary items' bits stay 0.
#[derive(Clone, Debug)]
pub(crate) struct Key {
    pub(crate) words: Vec<u64>,
    primary: u32,
    /// Words holding the items' bits; the colors follow.
    item_words: usize,
    /// Where the primary items' bound words begin, for Algorithm M.
    bounds_at: Option<usize>,
}

impl Key {
    /// An empty key for `links`' items (and colors).
    pub(crate) fn new(links: &Links) -> Key {
        let items = links.item_count as usize;
        let item_words = items.div_ceil(64);
        let color_words = if links.is_colored() {
            (items - links.primary as usize).div_ceil(2)
        } else {
            0
        };
        Key {
            words: vec![0; (item_words + color_words).max(1)],
            primary: links.primary,
            item_words,
            bounds_at: None,
        }
    }

    /// An empty key for `links` searched by Algorithm M: [`new`](Self::new)'s
    /// words, then one per primary item.
    pub(crate) fn bounded(links: &Links) -> Key {
        let mut key = Key::new(links);
        let at = key.words.len();
        key.words.resize(at + links.primary as usize, 0);
        key.bounds_at = Some(at);
        key
    }

    /// For Algorithm M, brings the primary items' part of the key up to
    /// the state of `links` and `m`: their bits cleared (a bound, not a
    /// bit, says whether an item is done), and each one's bound word (see
    /// [`Multiplicities::write_key`]). The secondary items' bits and colors
    /// follow the options as for Algorithm C.
    #[inline]
    pub(crate) fn set_bounds(&mut self, links: &Links, m: &Multiplicities) {
        let Some(at) = self.bounds_at else {
            return;
        };
        let primary = self.primary as usize;
        let full = primary / 64;
        self.words[..full].fill(0);
        if !primary.is_multiple_of(64) {
            self.words[full] &= !((1u64 << (primary % 64)) - 1);
        }
        m.write_key(links, &mut self.words[at..]);
    }

    /// Sets the key to the state of `solver`'s links: the items in the
    /// active lists, and the colors the selected options gave.
    pub(crate) fn start(&mut self, solver: &Solver) {
        let links = &solver.links;
        self.words.fill(0);
        for root in [0, links.item_count + 1] {
            let mut i = links.items[root as usize].right;
            while i != root {
                self.open(i);
                i = links.items[i as usize].right;
            }
        }
        if links.is_colored() {
            // The first selected option to color an item keeps its color in
            // its node; later ones that agree read -1.
            for option in solver.selected() {
                let mut q = links.option_start[option.index()];
                while links.top[q as usize] > 0 {
                    let color = links.colors[q as usize];
                    if color > 0 {
                        self.paint(links.top[q as usize] as u32, color as u32);
                    }
                    q += 1;
                }
            }
        }
    }

    /// Marks item `i` open.
    #[inline]
    pub(crate) fn open(&mut self, i: u32) {
        let bit = i as usize - 1;
        self.words[bit / 64] |= 1 << (bit % 64);
    }

    /// Marks item `i` covered.
    #[inline]
    pub(crate) fn close(&mut self, i: u32) {
        let bit = i as usize - 1;
        self.words[bit / 64] &= !(1 << (bit % 64));
    }

    /// Records the color secondary item `i` is purified to (0: none).
    #[inline]
    fn paint(&mut self, i: u32, color: u32) {
        debug_assert!(i > self.primary, "only secondary items have colors");
        let slot = (i - self.primary - 1) as usize;
        let word = self.item_words + slot / 2;
        let shift = (slot % 2) * 32;
        self.words[word] = self.words[word] & !(0xFFFF_FFFF << shift) | u64::from(color) << shift;
    }

    /// Brings the key up to date after the option of node `p` (but `p`'s
    /// own item, which its level covers) was committed (`closing`) or
    /// uncommitted.
    #[inline]
    pub(crate) fn follow<const COLORED: bool>(&mut self, links: &Links, p: u32, closing: bool) {
        for (q, item) in links.others(p) {
            let color = if COLORED { links.colors[q as usize] } else { 0 };
            match (color, closing) {
                (0, true) => self.close(item),
                (0, false) => self.open(item),
                // Agreeing with a color set above: nothing changes.
                (..0, _) => {}
                (color, true) => self.paint(item, color as u32),
                (_, false) => self.paint(item, 0),
            }
        }
    }
}
