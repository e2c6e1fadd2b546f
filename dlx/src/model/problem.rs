//! The problem model: named items (primary ones with multiplicity bounds),
//! options over them, colors — and the builder that checks every rule as it
//! goes.

use std::ops::RangeInclusive;

use crate::model::ids::{ColorId, ItemId, OptionId};
use crate::model::names::NameIndex;

/// Whether an item must be covered (a number of times within its bounds) or
/// may be left alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ItemKind {
    /// Covered by exactly one option of every solution — or, when the item has
    /// [bounds](ProblemBuilder::primary_with_bounds), by a number of options
    /// within them.
    Primary,
    /// Covered by at most one option of every solution — or by any number of
    /// options that all give it the same color.
    Secondary,
}

/// One item of an option, with the color the option gives it (secondary items
/// only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The item the option contains.
    pub item: ItemId,
    /// The color the option gives the item, if any.
    pub color: Option<ColorId>,
}

impl ItemId {
    /// This (secondary) item with a color, for an option's entry list.
    pub fn colored(self, color: ColorId) -> Entry {
        Entry {
            item: self,
            color: Some(color),
        }
    }
}

impl From<ItemId> for Entry {
    fn from(item: ItemId) -> Self {
        Entry { item, color: None }
    }
}

impl From<(ItemId, ColorId)> for Entry {
    fn from((item, color): (ItemId, ColorId)) -> Self {
        Entry {
            item,
            color: Some(color),
        }
    }
}

impl From<(ItemId, Option<ColorId>)> for Entry {
    fn from((item, color): (ItemId, Option<ColorId>)) -> Self {
        Entry { item, color }
    }
}

/// Why the builder refused an item, a color or an option.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// An item with this name was already added.
    #[error("item `{0}` is declared twice")]
    DuplicateItem(String),
    /// No item has this name.
    #[error("unknown item `{0}`")]
    UnknownItemName(String),
    /// The id does not belong to an item of this builder.
    #[error("unknown item id {0}")]
    UnknownItemId(ItemId),
    /// The id does not belong to a color of this builder.
    #[error("unknown color id {0}")]
    UnknownColorId(ColorId),
    /// An option lists the same item twice.
    #[error("item `{0}` appears twice in one option")]
    DuplicateItemInOption(String),
    /// An option with no items.
    #[error("an option must contain at least one item")]
    EmptyOption,
    /// An option made only of secondary items. Knuth's programs drop such an
    /// option with a warning; this builder rejects it, because it can never be
    /// chosen and silently dropping it would shift every later option's number.
    #[error("an option must contain at least one primary item")]
    NoPrimaryItem,
    /// A color was given to a primary item.
    #[error("primary item `{0}` cannot have a color")]
    ColorOnPrimary(String),
    /// A primary item's upper bound is zero: no option containing it could
    /// ever be chosen, so it is a mistake rather than a constraint.
    #[error("the upper bound of item `{0}` is zero")]
    ZeroUpperBound(String),
    /// A primary item's lower bound exceeds its upper bound.
    #[error("the lower bound {min} of item `{name}` exceeds its upper bound {max}")]
    InvertedBounds {
        /// The item's name.
        name: String,
        /// The lower bound given.
        min: u32,
        /// The upper bound given.
        max: u32,
    },
    /// An item or color name is empty.
    #[error("a name may not be empty")]
    EmptyName,
    /// An item or color name contains a character that no name may contain
    /// (see [`ProblemBuilder::primary`]).
    #[error("name `{name}` may not contain {character:?}")]
    BadName {
        /// The name given.
        name: String,
        /// The first forbidden character in it.
        character: char,
    },
    /// The matrix would need more items, options, colors or nodes than the
    /// 31-bit link fields can index.
    #[error("too many {0} for 31-bit indices")]
    TooLarge(&'static str),
}

/// The first character of `name` that no item or color name may contain:
/// whitespace, `:`, `|` or U+FEFF — the characters that Knuth's text format
/// would read as the end of a name or a byte-order mark.
pub(crate) fn forbidden_character(name: &str) -> Option<char> {
    name.chars()
        .find(|&c| c.is_whitespace() || matches!(c, ':' | '|' | '\u{feff}'))
}

/// `name` as a name, or why it cannot be one.
fn check_name(name: String) -> Result<String, BuildError> {
    if name.is_empty() {
        return Err(BuildError::EmptyName);
    }
    match forbidden_character(&name) {
        Some(character) => Err(BuildError::BadName { name, character }),
        None => Ok(name),
    }
}

/// The largest index a link field may hold: links are `u32`, and spacer nodes
/// store a negated option number in an `i32`.
pub(crate) const MAX_INDEX: usize = i32::MAX as usize - 2;

#[derive(Clone, Debug, PartialEq, Eq)]
struct ItemInfo {
    name: Box<str>,
    kind: ItemKind,
    /// How many options must cover the item, at least and at most (primary
    /// items only; `(1, 1)` for the others, where it means nothing).
    min: u32,
    max: u32,
}

/// An exact-cover problem: items (primary, then secondary, in any order of
/// declaration) and options that are sets of items, some colored.
///
/// Built by a [`ProblemBuilder`] or read from Knuth's text format
/// ([`FromStr`](std::str::FromStr), [`read_problem`](crate::read_problem));
/// immutable afterwards, so any number of [`Solver`](crate::Solver)s can be
/// made from one problem. It displays as that text format (see the
/// [`Display`](#impl-Display-for-Problem) impl).
#[derive(Clone, Debug, Default)]
pub struct Problem {
    items: Vec<ItemInfo>,
    /// The items by name; equal items make equal indexes, so `==` leaves
    /// it out.
    item_by_name: NameIndex,
    colors: Vec<Box<str>>,
    entries: Vec<Entry>,
    /// `option_ends[k]` is one past the last entry of option `k`.
    option_ends: Vec<u32>,
    /// The cost of every option (DLX5's `|n`), or empty while every option
    /// costs 0, so that problems without costs carry nothing for them.
    costs: Vec<u64>,
    primary_count: usize,
}

impl PartialEq for Problem {
    fn eq(&self, other: &Problem) -> bool {
        self.items == other.items
            && self.colors == other.colors
            && self.entries == other.entries
            && self.option_ends == other.option_ends
            && self.costs == other.costs
    }
}

impl Eq for Problem {}

impl Problem {
    /// Starts an empty problem.
    pub fn builder() -> ProblemBuilder {
        ProblemBuilder::default()
    }

    /// How many items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.items.len()
    }

    /// How many primary items.
    pub fn primary_count(&self) -> usize {
        self.primary_count
    }

    /// How many options.
    pub fn option_count(&self) -> usize {
        self.option_ends.len()
    }

    /// How many colors were named.
    pub fn color_count(&self) -> usize {
        self.colors.len()
    }

    /// How many (item, option) incidences: the non-empty cells of the matrix.
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Every item id, in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + use<> {
        (0..self.items.len() as u32).map(ItemId)
    }

    /// The item's name.
    ///
    /// # Panics
    /// If the id is not an item of this problem.
    pub fn item_name(&self, item: ItemId) -> &str {
        &self.items[item.index()].name
    }

    /// Whether the item is primary or secondary.
    ///
    /// # Panics
    /// If the id is not an item of this problem.
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.items[item.index()].kind
    }

    /// How many options of every solution cover a primary item, at least and
    /// at most: `1..=1` unless it was added with
    /// [`primary_with_bounds`](ProblemBuilder::primary_with_bounds). `None`
    /// for a secondary item, which has no bounds (at most once, or any number
    /// of times in one color).
    ///
    /// # Panics
    /// If the id is not an item of this problem.
    pub fn item_bounds(&self, item: ItemId) -> Option<RangeInclusive<u32>> {
        let info = &self.items[item.index()];
        (info.kind == ItemKind::Primary).then_some(info.min..=info.max)
    }

    /// Whether some primary item has bounds other than "exactly once", so the
    /// problem needs Knuth's Algorithm M (multiplicities) rather than
    /// Algorithms X and C. [`Solver::new`](crate::Solver::new) asks this to
    /// choose its search.
    pub fn has_multiplicities(&self) -> bool {
        self.items
            .iter()
            .any(|info| info.kind == ItemKind::Primary && (info.min, info.max) != (1, 1))
    }

    /// The item with this name, if any.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.item_by_name
            .get(name, |id| &self.items[id as usize].name)
            .map(ItemId)
    }

    /// The color's name.
    ///
    /// # Panics
    /// If the id is not a color of this problem.
    pub fn color_name(&self, color: ColorId) -> &str {
        &self.colors[color.index()]
    }

    /// The entries of one option, in the order they were given.
    ///
    /// # Panics
    /// If the id is not an option of this problem.
    pub fn option(&self, option: OptionId) -> &[Entry] {
        let end = self.option_ends[option.index()] as usize;
        let start = match option.index() {
            0 => 0,
            k => self.option_ends[k - 1] as usize,
        };
        &self.entries[start..end]
    }

    /// The option's cost: what a solution that contains it pays for it
    /// (0 unless it was added with [`ProblemBuilder::option_with_cost`]).
    /// Only the search for the cheapest solutions
    /// ([`Goal::Best`](crate::Goal::Best)) reads costs; counting and
    /// enumerating ignore them.
    ///
    /// # Panics
    /// If the id is not an option of this problem.
    pub fn option_cost(&self, option: OptionId) -> u64 {
        assert!(
            option.index() < self.option_count(),
            "option {option} does not exist"
        );
        self.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// Whether some option costs more than 0.
    pub fn has_costs(&self) -> bool {
        !self.costs.is_empty()
    }

    /// Every option with its entries, in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = (OptionId, &[Entry])> + '_ {
        (0..self.option_count() as u32).map(|k| (OptionId(k), self.option(OptionId(k))))
    }
}

/// Collects items and options, checking each as it is added.
///
/// ```
/// use dance_dlx::Problem;
///
/// let mut builder = Problem::builder();
/// let a = builder.primary("a")?;
/// let b = builder.primary("b")?;
/// let x = builder.secondary("x")?;
/// let red = builder.color("red")?;
/// builder.option([a.into(), x.colored(red)])?;
/// builder.option([b.into(), x.colored(red)])?;
/// let problem = builder.build();
/// assert_eq!(problem.option_count(), 2);
/// # Ok::<(), dance_dlx::BuildError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    problem: Problem,
    color_by_name: NameIndex,
    /// Scratch marks for the duplicate check, indexed by item.
    seen: Vec<bool>,
}

impl ProblemBuilder {
    /// Starts an empty problem (the same as [`Problem::builder`]).
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts an empty problem with room for this many items, options and
    /// entries, for a problem whose size is known ahead.
    pub(crate) fn with_capacity(items: usize, options: usize, entries: usize) -> Self {
        let mut builder = Self::default();
        builder.reserve_items(items);
        builder.problem.entries.reserve(entries);
        builder.problem.option_ends.reserve(options);
        builder
    }

    /// Makes room for `more` items.
    pub(crate) fn reserve_items(&mut self, more: usize) {
        self.problem.items.reserve(more);
        self.problem.item_by_name.reserve(more);
        self.seen.reserve(more);
    }

    /// Adds a primary item (covered exactly once) and returns its id.
    ///
    /// Names of items and colors are non-empty and hold no whitespace, `:`,
    /// `|` or U+FEFF ([`BuildError::EmptyName`], [`BuildError::BadName`]), so
    /// that every problem can be written in Knuth's text format and read
    /// back.
    pub fn primary(&mut self, name: impl Into<String>) -> Result<ItemId, BuildError> {
        self.add_item(name.into(), ItemKind::Primary, 1, 1)
    }

    /// Adds a primary item that every solution covers at least `min` and at
    /// most `max` times (Knuth's multiplicities, DLX3's `min:max|name`), and
    /// returns its id.
    ///
    /// `min` may be 0 — unlike a secondary item, the item still counts as the
    /// primary item every option needs. Bounds that no option count can meet
    /// are errors: [`BuildError::ZeroUpperBound`] when `max` is 0 and
    /// [`BuildError::InvertedBounds`] when `min > max`. Bounds beyond the
    /// number of options containing the item are accepted: a lower bound no
    /// selection can reach just means no solution, an upper bound that high
    /// means no limit.
    ///
    /// ```
    /// use dance_dlx::{Problem, Solver};
    ///
    /// // Choose two of the four options: C(4, 2) = 6 ways.
    /// let mut builder = Problem::builder();
    /// let pair = builder.primary_with_bounds("pair", 2, 2)?;
    /// for _ in 0..4 {
    ///     builder.option([pair])?;
    /// }
    /// let problem = builder.build();
    /// assert_eq!(problem.item_bounds(pair), Some(2..=2));
    /// assert_eq!(Solver::new(&problem).count(), 6);
    /// # Ok::<(), dance_dlx::BuildError>(())
    /// ```
    pub fn primary_with_bounds(
        &mut self,
        name: impl Into<String>,
        min: u32,
        max: u32,
    ) -> Result<ItemId, BuildError> {
        let name = name.into();
        if max == 0 {
            return Err(BuildError::ZeroUpperBound(name));
        }
        if min > max {
            return Err(BuildError::InvertedBounds { name, min, max });
        }
        self.add_item(name, ItemKind::Primary, min, max)
    }

    /// Adds a secondary item (covered at most once, or only by options that
    /// agree on its color) and returns its id.
    pub fn secondary(&mut self, name: impl Into<String>) -> Result<ItemId, BuildError> {
        self.add_item(name.into(), ItemKind::Secondary, 1, 1)
    }

    fn add_item(
        &mut self,
        name: String,
        kind: ItemKind,
        min: u32,
        max: u32,
    ) -> Result<ItemId, BuildError> {
        let name = check_name(name)?;
        let problem = &mut self.problem;
        if problem.items.len() >= MAX_INDEX {
            return Err(BuildError::TooLarge("items"));
        }
        let id = ItemId(problem.items.len() as u32);
        let items = &problem.items;
        if !problem
            .item_by_name
            .insert_new(&name, id.0, |i| &items[i as usize].name)
        {
            return Err(BuildError::DuplicateItem(name));
        }
        let name: Box<str> = name.into();
        problem.items.push(ItemInfo {
            name,
            kind,
            min,
            max,
        });
        if kind == ItemKind::Primary {
            problem.primary_count += 1;
        }
        self.seen.push(false);
        Ok(id)
    }

    /// The item with this name, if it was added.
    pub fn item(&self, name: &str) -> Option<ItemId> {
        self.problem.item(name)
    }

    /// The item with this name, or [`BuildError::UnknownItemName`].
    pub fn item_named(&self, name: &str) -> Result<ItemId, BuildError> {
        self.item(name)
            .ok_or_else(|| BuildError::UnknownItemName(name.to_owned()))
    }

    /// The id of the color with this name, naming a new color on first use.
    /// Color names follow the rule of item names ([`primary`](Self::primary)).
    pub fn color(&mut self, name: &str) -> Result<ColorId, BuildError> {
        let colors = &self.problem.colors;
        if let Some(id) = self.color_by_name.get(name, |id| &colors[id as usize]) {
            return Ok(ColorId(id));
        }
        let name = check_name(name.to_owned())?;
        if self.problem.colors.len() >= MAX_INDEX {
            return Err(BuildError::TooLarge("colors"));
        }
        let id = ColorId(self.problem.colors.len() as u32);
        self.color_by_name.insert(&name, id.0);
        self.problem.colors.push(name.into());
        Ok(id)
    }

    /// How many items were added so far.
    pub fn item_count(&self) -> usize {
        self.problem.item_count()
    }

    /// How many options were added so far.
    pub fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// Adds an option: a set of items, each optionally colored (secondary items
    /// only). On error nothing is added. It costs 0: see
    /// [`option_with_cost`](Self::option_with_cost).
    pub fn option<E: Into<Entry>>(
        &mut self,
        entries: impl IntoIterator<Item = E>,
    ) -> Result<OptionId, BuildError> {
        self.option_with_cost(entries, 0)
    }

    /// Adds an option that costs `cost` (DLX5's `|n` entries), as
    /// [`option`](Self::option) does: the cheapest solutions are those whose
    /// options' costs add up to the least ([`Goal::Best`](crate::Goal::Best)).
    ///
    /// ```
    /// use dance_dlx::{Problem, OptionId};
    ///
    /// let mut builder = Problem::builder();
    /// let a = builder.primary("a")?;
    /// let cheap = builder.option_with_cost([a], 3)?;
    /// let free = builder.option([a])?;
    /// let problem = builder.build();
    /// assert_eq!((problem.option_cost(cheap), problem.option_cost(free)), (3, 0));
    /// # Ok::<(), dance_dlx::BuildError>(())
    /// ```
    pub fn option_with_cost<E: Into<Entry>>(
        &mut self,
        entries: impl IntoIterator<Item = E>,
        cost: u64,
    ) -> Result<OptionId, BuildError> {
        let start = self.problem.entries.len();
        let result = self.push_entries(entries);
        for entry in &self.problem.entries[start..] {
            if let Some(seen) = self.seen.get_mut(entry.item.index()) {
                *seen = false;
            }
        }
        match result {
            Ok(()) => {
                let id = OptionId(self.problem.option_ends.len() as u32);
                let problem = &mut self.problem;
                if cost > 0 || !problem.costs.is_empty() {
                    problem.costs.resize(id.index(), 0);
                    problem.costs.push(cost);
                }
                problem.option_ends.push(problem.entries.len() as u32);
                Ok(id)
            }
            Err(error) => {
                self.problem.entries.truncate(start);
                Err(error)
            }
        }
    }

    fn push_entries<E: Into<Entry>>(
        &mut self,
        entries: impl IntoIterator<Item = E>,
    ) -> Result<(), BuildError> {
        let start = self.problem.entries.len();
        let mut has_primary = false;
        for entry in entries {
            let entry = entry.into();
            let problem = &self.problem;
            let info = problem
                .items
                .get(entry.item.index())
                .ok_or(BuildError::UnknownItemId(entry.item))?;
            if let Some(color) = entry.color {
                if color.index() >= problem.colors.len() {
                    return Err(BuildError::UnknownColorId(color));
                }
                if info.kind == ItemKind::Primary {
                    return Err(BuildError::ColorOnPrimary(info.name.to_string()));
                }
            }
            let seen = &mut self.seen[entry.item.index()];
            if *seen {
                return Err(BuildError::DuplicateItemInOption(info.name.to_string()));
            }
            *seen = true;
            has_primary |= info.kind == ItemKind::Primary;
            self.problem.entries.push(entry);
        }
        if self.problem.entries.len() == start {
            return Err(BuildError::EmptyOption);
        }
        if !has_primary {
            return Err(BuildError::NoPrimaryItem);
        }
        // Nodes: root spacer, item headers, entries and one spacer per option.
        let nodes = 2 + self.problem.items.len() + self.problem.entries.len();
        if nodes + self.problem.option_ends.len() + 1 > MAX_INDEX {
            return Err(BuildError::TooLarge("nodes"));
        }
        Ok(())
    }

    /// Finishes the problem.
    pub fn build(self) -> Problem {
        self.problem
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn abx() -> (ProblemBuilder, ItemId, ItemId, ItemId) {
        let mut b = Problem::builder();
        let a = b.primary("a").unwrap();
        let bb = b.primary("b").unwrap();
        let x = b.secondary("x").unwrap();
        (b, a, bb, x)
    }

    #[test]
    fn duplicate_item_name_is_refused() {
        let (mut b, ..) = abx();
        assert_eq!(b.primary("a"), Err(BuildError::DuplicateItem("a".into())));
        assert_eq!(b.secondary("x"), Err(BuildError::DuplicateItem("x".into())));
    }

    #[test]
    fn every_bad_option_is_refused_and_leaves_nothing_behind() {
        let (mut b, a, bb, x) = abx();
        let red = b.color("red").unwrap();
        assert_eq!(b.option(Vec::<ItemId>::new()), Err(BuildError::EmptyOption));
        assert_eq!(b.option([x]), Err(BuildError::NoPrimaryItem));
        assert_eq!(
            b.option([a, bb, a]),
            Err(BuildError::DuplicateItemInOption("a".into()))
        );
        assert_eq!(
            b.option([Entry::from((a, red))]),
            Err(BuildError::ColorOnPrimary("a".into()))
        );
        assert_eq!(
            b.option([ItemId(7)]),
            Err(BuildError::UnknownItemId(ItemId(7)))
        );
        assert_eq!(
            b.option([Entry::from(a), Entry::from((x, ColorId(9)))]),
            Err(BuildError::UnknownColorId(ColorId(9)))
        );
        assert_eq!(
            b.item_named("zz"),
            Err(BuildError::UnknownItemName("zz".into()))
        );
        // The failed options left no entries and no marks: a good option works.
        assert_eq!(b.option([a, bb]), Ok(OptionId(0)));
        let p = b.build();
        assert_eq!(p.entry_count(), 2);
        assert_eq!(p.option(OptionId(0)), &[Entry::from(a), Entry::from(bb)]);
    }

    #[test]
    fn bounds_are_checked_and_kept() {
        let (mut b, a, _, x) = abx();
        assert_eq!(
            b.primary_with_bounds("z", 1, 0),
            Err(BuildError::ZeroUpperBound("z".into()))
        );
        assert_eq!(
            b.primary_with_bounds("z", 3, 2),
            Err(BuildError::InvertedBounds {
                name: "z".into(),
                min: 3,
                max: 2
            })
        );
        assert_eq!(
            b.primary_with_bounds("a", 0, 2),
            Err(BuildError::DuplicateItem("a".into()))
        );
        let z = b.primary_with_bounds("z", 0, 3).unwrap();
        let p = b.build();
        assert_eq!(p.item_bounds(a), Some(1..=1));
        assert_eq!(p.item_bounds(z), Some(0..=3));
        assert_eq!(p.item_bounds(x), None);
        assert_eq!(p.primary_count(), 3);
        assert!(p.has_multiplicities());
        assert!(!abx().0.build().has_multiplicities());
    }

    #[test]
    fn names_the_text_format_cannot_write_are_refused() {
        let mut b = Problem::builder();
        assert_eq!(b.primary(""), Err(BuildError::EmptyName));
        for (name, character) in [
            ("a b", ' '),
            ("a\tb", '\t'),
            ("a\u{a0}", '\u{a0}'),
            ("x:y", ':'),
            ("|x", '|'),
            ("\u{feff}a", '\u{feff}'),
        ] {
            let bad = Err(BuildError::BadName {
                name: name.into(),
                character,
            });
            assert_eq!(b.primary(name), bad);
            assert_eq!(b.secondary(name), bad);
            assert_eq!(b.primary_with_bounds(name, 1, 2), bad);
            assert_eq!(b.color(name), bad.map(|_: ItemId| ColorId(0)));
        }
        assert_eq!(b.color(""), Err(BuildError::EmptyName));
        // Nothing was added; names of any other characters are fine.
        assert_eq!((b.item_count(), b.build().color_count()), (0, 0));
        let mut b = Problem::builder();
        assert!(b.primary("é#1\0").is_ok() && b.color("→").is_ok());
    }

    #[test]
    fn colors_are_interned_by_name() {
        let (mut b, a, _, x) = abx();
        let red = b.color("red").unwrap();
        assert_eq!(b.color("blue").unwrap(), ColorId(1));
        assert_eq!(b.color("red").unwrap(), red);
        b.option([Entry::from(a), Entry::from((x, red))]).unwrap();
        let p = b.build();
        assert_eq!(p.color_count(), 2);
        assert_eq!(p.color_name(red), "red");
        assert_eq!(p.item("x"), Some(x));
        assert_eq!(p.item_kind(x), ItemKind::Secondary);
        assert_eq!(p.primary_count(), 2);
    }
}
