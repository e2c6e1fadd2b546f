//! Board geometry: [`BoxShape`], [`Variant`] and [`Shape`].

use std::cell::RefCell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::{Arc, Mutex, PoisonError};

use crate::{Cell, MAX_SIZE};

/// The h×w boxes of a boxed N×N Sudoku, with N = h·w and 2 ≤ h ≤ w.
///
/// Boxes are `height` rows tall and `width` columns wide, so a 6×6 Sudoku has
/// 2×3 boxes, stacked in N/h = 3 bands from top to bottom and N/w = 2 stacks
/// from left to right. Keeping `height ≤ width` gives every boxed size one
/// canonical shape; the transposed layout is not supported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoxShape {
    height: u8,
    width: u8,
}

impl BoxShape {
    /// The 3×3 boxes of the classic 9×9 Sudoku.
    pub const CLASSIC: BoxShape = BoxShape {
        height: 3,
        width: 3,
    };

    /// Boxes `height` rows by `width` columns.
    ///
    /// # Errors
    /// [`ShapeError::BadBoxShape`] unless `2 ≤ height ≤ width` and
    /// `height · width ≤ 25`.
    pub fn new(height: usize, width: usize) -> Result<BoxShape, ShapeError> {
        if 2 <= height && height <= width && height * width <= MAX_SIZE {
            Ok(BoxShape {
                height: height as u8,
                width: width as u8,
            })
        } else {
            Err(ShapeError::BadBoxShape { height, width })
        }
    }

    /// The box shape used for size `n`: the height is the largest divisor of
    /// `n` not above √n.
    ///
    /// `None` when that height is below 2, that is when `n` is prime or below
    /// 4, and when `n` is above 25.
    ///
    /// ```
    /// use dance_sudoku::BoxShape;
    ///
    /// assert_eq!(BoxShape::infer(12).map(|b| (b.height(), b.width())), Some((3, 4)));
    /// assert_eq!(BoxShape::infer(7), None);
    /// ```
    pub fn infer(n: usize) -> Option<BoxShape> {
        if n > MAX_SIZE {
            return None;
        }
        let height = (2..=n)
            .take_while(|h| h * h <= n)
            .filter(|h| n.is_multiple_of(*h))
            .last()?;
        BoxShape::new(height, n / height).ok()
    }

    /// Rows per box.
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Columns per box.
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// The grid size N = height · width.
    pub const fn size(self) -> usize {
        self.height() * self.width()
    }
}

impl fmt::Display for BoxShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.height, self.width)
    }
}

/// A Sudoku variant: the set of rules a puzzle follows on top of rows,
/// columns and regions. Rules combine with `|`.
///
/// | rule | name | constraint |
/// |---|---|---|
/// | [`Variant::X`] | `x` | both main diagonals hold every digit |
/// | [`Variant::Windoku`] | `windoku` (`hyper`) | each window holds every digit ([`Shape::window_of`]) |
/// | [`Variant::Disjoint`] | `disjoint` | the cells at the same place in every box hold every digit ([`Shape::disjoint_group_of`]) |
/// | [`Variant::AntiKnight`] | `anti-knight` | no two cells a knight's move apart hold the same digit |
/// | [`Variant::AntiKing`] | `anti-king` | no two cells a king's move apart hold the same digit |
/// | [`Variant::NonConsecutive`] | `non-consecutive` | no two orthogonally adjacent cells hold consecutive digits |
///
/// The first three add units of N cells; the last three forbid pairs of
/// placements. A variant reads from and prints as a comma-separated list of
/// names (`standard` for none):
///
/// ```
/// use dance_sudoku::Variant;
///
/// let variant: Variant = "x,hyper,anti-king".parse()?;
/// assert_eq!(variant, Variant::X | Variant::Windoku | Variant::AntiKing);
/// assert!(variant.contains(Variant::Windoku) && !variant.contains(Variant::Disjoint));
/// assert_eq!(variant.to_string(), "x,windoku,anti-king");
/// assert_eq!(Variant::Standard.to_string(), "standard");
/// # Ok::<(), dance_sudoku::VariantError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variant(u8);

// The rules are named like the variants of the enum this type grew from
// (`Variant::Standard`, `Variant::X`), so that code matching on them as
// patterns reads the same.
#[allow(non_upper_case_globals)]
impl Variant {
    /// Rows, columns and regions only.
    pub const Standard: Variant = Variant(0);
    /// X-Sudoku: both main diagonals must also hold every digit once.
    pub const X: Variant = Variant(1);
    /// Windoku (hyper Sudoku): extra box-sized windows, each holding every
    /// digit once.
    pub const Windoku: Variant = Variant(1 << 1);
    /// Disjoint groups: the cells at the same position inside each box hold
    /// every digit once.
    pub const Disjoint: Variant = Variant(1 << 2);
    /// Anti-knight: no digit repeats a chess knight's move away.
    pub const AntiKnight: Variant = Variant(1 << 3);
    /// Anti-king: no digit repeats a chess king's move away.
    pub const AntiKing: Variant = Variant(1 << 4);
    /// Non-consecutive: orthogonally adjacent cells never hold consecutive
    /// digits.
    pub const NonConsecutive: Variant = Variant(1 << 5);
}

impl Variant {
    /// Every single rule, with its name, in the order names print.
    pub const RULES: [(Variant, &'static str); 6] = [
        (Variant::X, "x"),
        (Variant::Windoku, "windoku"),
        (Variant::Disjoint, "disjoint"),
        (Variant::AntiKnight, "anti-knight"),
        (Variant::AntiKing, "anti-king"),
        (Variant::NonConsecutive, "non-consecutive"),
    ];

    /// Whether every rule of `rules` is in this variant.
    pub const fn contains(self, rules: Variant) -> bool {
        self.0 & rules.0 == rules.0
    }

    /// Whether this is plain Sudoku, with no extra rule.
    pub const fn is_standard(self) -> bool {
        self.0 == 0
    }

    /// Both sets of rules.
    pub const fn union(self, other: Variant) -> Variant {
        Variant(self.0 | other.0)
    }

    /// The rules of this variant, one at a time, in [`Variant::RULES`] order.
    pub fn rules(self) -> impl Iterator<Item = Variant> {
        Variant::RULES
            .into_iter()
            .map(|(rule, _)| rule)
            .filter(move |&rule| self.contains(rule))
    }

    /// The rule called `name` (case-insensitive; `hyper` is `windoku`,
    /// `standard` is no rule), or `None`.
    pub fn named(name: &str) -> Option<Variant> {
        let name = name.trim().to_ascii_lowercase();
        match name.as_str() {
            "standard" => Some(Variant::Standard),
            "hyper" => Some(Variant::Windoku),
            _ => Variant::RULES
                .into_iter()
                .find(|(_, rule)| *rule == name)
                .map(|(rule, _)| rule),
        }
    }

    /// The rules that need a box geometry: windoku's windows and the
    /// disjoint groups.
    const NEEDS_BOXES: Variant = Variant(Variant::Windoku.0 | Variant::Disjoint.0);
}

impl std::ops::BitOr for Variant {
    type Output = Variant;

    fn bitor(self, other: Variant) -> Variant {
        self.union(other)
    }
}

impl std::ops::BitOrAssign for Variant {
    fn bitor_assign(&mut self, other: Variant) {
        *self = self.union(other);
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_standard() {
            return f.write_str("standard");
        }
        let mut separator = "";
        for (rule, name) in Variant::RULES {
            if self.contains(rule) {
                write!(f, "{separator}{name}")?;
                separator = ",";
            }
        }
        Ok(())
    }
}

/// A variant name that is not one of [`Variant::RULES`]' names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown variant `{name}`; expected a comma-separated list of x, windoku (hyper), disjoint, anti-knight, anti-king, non-consecutive, or standard"
)]
pub struct VariantError {
    /// The name that was not recognised.
    pub name: String,
}

impl std::str::FromStr for Variant {
    type Err = VariantError;

    /// Grammar: `NAME (',' NAME)*`, names as in [`Variant::named`], spaces
    /// around names ignored.
    fn from_str(text: &str) -> Result<Variant, VariantError> {
        text.split(',')
            .try_fold(Variant::Standard, |variant, name| {
                Variant::named(name)
                    .map(|rule| variant | rule)
                    .ok_or_else(|| VariantError {
                        name: name.trim().to_owned(),
                    })
            })
    }
}

/// Why a [`Shape`] or [`BoxShape`] could not be built.
#[non_exhaustive]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    /// The size is outside `1..=25`.
    #[error("size {size} is out of range; sizes go from 1 to 25")]
    SizeOutOfRange {
        /// The size asked for.
        size: usize,
    },
    /// A boxed shape was asked for a size with no box shape.
    #[error("size {size} has no box shape (h x w boxes with 2 <= h <= w); it needs a region map")]
    NoBoxShape {
        /// The size asked for.
        size: usize,
    },
    /// A box shape outside `2 ≤ height ≤ width`, `height · width ≤ 25`.
    #[error(
        "{height}x{width} boxes are not supported; need 2 <= height <= width and height * width <= 25"
    )]
    BadBoxShape {
        /// Rows per box asked for.
        height: usize,
        /// Columns per box asked for.
        width: usize,
    },
    /// The region map does not have one entry per cell.
    #[error("region map has {found} entries, expected {expected} (one per cell)")]
    MapLength {
        /// Entries given.
        found: usize,
        /// N².
        expected: usize,
    },
    /// A region id is not below N.
    #[error("cell {cell} is in region {region}, but regions of size {size} are numbered 0 to {}", .size.saturating_sub(1))]
    RegionOutOfRange {
        /// The first cell with a bad id.
        cell: Cell,
        /// Its region id.
        region: usize,
        /// The grid size N.
        size: usize,
    },
    /// Windoku or disjoint groups on a size with no box shape: there is no
    /// box geometry to place windows or groups by.
    #[error(
        "{variant} needs boxes, and size {size} has no box shape (h x w boxes with 2 <= h <= w)"
    )]
    NoBoxesFor {
        /// The rules that need boxes.
        variant: Variant,
        /// N.
        size: usize,
    },
    /// A region does not have exactly N cells.
    #[error("region {region} has {found} cells, expected {expected}")]
    RegionSize {
        /// The region id, as given.
        region: usize,
        /// How many cells it has.
        found: usize,
        /// N.
        expected: usize,
    },
}

/// How the regions of a [`Shape`] were made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Layout {
    Boxes(BoxShape),
    Jigsaw,
}

/// The geometry of an N×N puzzle: its size, the region of every cell and the
/// [`Variant`].
///
/// Regions are either the boxes of a [`BoxShape`] or an arbitrary jigsaw map.
/// Either way the region of every cell is computed once and shared (a box
/// shape's table for the whole process, a jigsaw map behind an `Arc`), so
/// cloning a shape is cheap and [`Shape::region_of`] is a lookup.
/// Regions are numbered in order of first appearance in row-major order,
/// which for boxes is the usual left-to-right, top-to-bottom box order. Two
/// shapes are equal when size, variant, layout kind (boxed or jigsaw) and
/// partition agree, so a shape can key a solver cache.
///
/// ```
/// use dance_sudoku::{Shape, Variant};
///
/// let shape = Shape::boxed(6)?.with_variant(Variant::X);
/// assert_eq!((shape.size(), shape.cell_count()), (6, 36));
/// let cell = shape.cell(3, 4).unwrap();
/// assert_eq!(shape.region_of(cell), 3); // 2x3 boxes: band 1, stack 1
/// assert!(!shape.on_diagonal(cell) && !shape.on_anti_diagonal(cell));
/// # Ok::<(), dance_sudoku::ShapeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    size: u8,
    layout: Layout,
    variant: Variant,
    regions: Regions,
}

/// The region of every cell of a [`Shape`].
///
/// A box shape's table is built once per process and never freed (there
/// are a few dozen box shapes, of at most 625 cells), so that cloning and
/// dropping a box shape touch no shared count: a file's puzzles share one
/// shape, and workers that parse, solve and drop them on different threads
/// would otherwise all take the one cache line of that count from each
/// other, several times a puzzle. A jigsaw map, one per puzzle or file, is
/// counted.
#[derive(Clone)]
enum Regions {
    Boxes(&'static [u8]),
    Map(Arc<[u8]>),
}

impl Regions {
    /// The table of `boxes`, built on first use.
    fn boxes(boxes: BoxShape) -> Regions {
        static BUILT: Mutex<Vec<(BoxShape, &'static [u8])>> = Mutex::new(Vec::new());
        // A panic elsewhere while the lock was held leaves a valid list.
        let mut built = BUILT.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&(_, table)) = built.iter().find(|(shape, _)| *shape == boxes) {
            return Regions::Boxes(table);
        }
        let n = boxes.size();
        let stacks = n / boxes.width();
        let table: Vec<u8> = (0..n * n)
            .map(|i| {
                let (row, col) = (i / n, i % n);
                ((row / boxes.height()) * stacks + col / boxes.width()) as u8
            })
            .collect();
        let table: &'static [u8] = Box::leak(table.into_boxed_slice());
        built.push((boxes, table));
        Regions::Boxes(table)
    }
}

impl Deref for Regions {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Regions::Boxes(table) => table,
            Regions::Map(map) => map,
        }
    }
}

/// The table, as a slice.
impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        (**self).fmt(f)
    }
}

impl PartialEq for Regions {
    fn eq(&self, other: &Regions) -> bool {
        std::ptr::eq(&**self, &**other) || **self == **other
    }
}

impl Eq for Regions {}

impl Hash for Regions {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl Shape {
    /// The boxed shape of size `n` with [`BoxShape::infer`]'s boxes.
    ///
    /// # Errors
    /// [`ShapeError::SizeOutOfRange`] above 25, [`ShapeError::NoBoxShape`]
    /// when `n` has no box shape.
    pub fn boxed(n: usize) -> Result<Shape, ShapeError> {
        if n == 0 || n > MAX_SIZE {
            return Err(ShapeError::SizeOutOfRange { size: n });
        }
        BoxShape::infer(n)
            .map(Shape::with_boxes)
            .ok_or(ShapeError::NoBoxShape { size: n })
    }

    /// The boxed shape with the given boxes.
    ///
    /// Readers call this for every puzzle of a file, so each thread keeps
    /// the boxed shapes it has built and hands out clones (which share the
    /// region table) instead of building the table again.
    pub fn with_boxes(boxes: BoxShape) -> Shape {
        thread_local! {
            static BUILT: RefCell<Vec<Shape>> = const { RefCell::new(Vec::new()) };
        }
        BUILT.with_borrow_mut(|built| {
            if let Some(shape) = built.iter().find(|s| s.layout == Layout::Boxes(boxes)) {
                return shape.clone();
            }
            let shape = Shape::build_boxes(boxes);
            // One per size at most: box shapes are few.
            if built.len() < 2 * MAX_SIZE {
                built.push(shape.clone());
            }
            shape
        })
    }

    /// The shape of [`with_boxes`](Self::with_boxes).
    fn build_boxes(boxes: BoxShape) -> Shape {
        Shape {
            size: boxes.size() as u8,
            layout: Layout::Boxes(boxes),
            variant: Variant::Standard,
            regions: Regions::boxes(boxes),
        }
    }

    /// A jigsaw shape: `regions[i]` is the region id (`0..n`) of cell `i`.
    ///
    /// Ids are renumbered in order of first appearance, so maps that draw
    /// the same partition give equal shapes. A jigsaw map that happens to
    /// match the boxes still makes a jigsaw shape ([`Shape::is_jigsaw`]).
    ///
    /// # Errors
    /// [`ShapeError::SizeOutOfRange`] unless `1 ≤ n ≤ 25`;
    /// [`ShapeError::MapLength`] unless the map has n² entries;
    /// [`ShapeError::RegionOutOfRange`] for an id not below n;
    /// [`ShapeError::RegionSize`] naming the first region (by id) that does
    /// not have exactly n cells.
    pub fn jigsaw(n: usize, regions: &[u8]) -> Result<Shape, ShapeError> {
        if n == 0 || n > MAX_SIZE {
            return Err(ShapeError::SizeOutOfRange { size: n });
        }
        if regions.len() != n * n {
            return Err(ShapeError::MapLength {
                found: regions.len(),
                expected: n * n,
            });
        }
        let mut sizes = [0usize; MAX_SIZE];
        let mut renumber = [None::<u8>; MAX_SIZE];
        let mut next = 0u8;
        let mut canonical = Vec::with_capacity(n * n);
        for (cell, &region) in cells(n * n).zip(regions) {
            let id = region as usize;
            let entry = if id < n {
                sizes.get_mut(id).zip(renumber.get_mut(id))
            } else {
                None
            };
            let Some((size, slot)) = entry else {
                return Err(ShapeError::RegionOutOfRange {
                    cell,
                    region: id,
                    size: n,
                });
            };
            *size += 1;
            let canonical_id = *slot.get_or_insert_with(|| {
                next += 1;
                next - 1
            });
            canonical.push(canonical_id);
        }
        if let Some((region, &found)) = sizes.iter().take(n).enumerate().find(|(_, s)| **s != n) {
            return Err(ShapeError::RegionSize {
                region,
                found,
                expected: n,
            });
        }
        Ok(Shape {
            size: n as u8,
            layout: Layout::Jigsaw,
            variant: Variant::Standard,
            regions: Regions::Map(canonical.into()),
        })
    }

    /// The same shape with another variant.
    ///
    /// Windoku's windows and the disjoint groups are laid out by the
    /// shape's [`geometry`](Shape::geometry); on a size without one (a
    /// jigsaw of prime size) those rules have no unit to add.
    /// [`Shape::try_with_variant`] refuses that case instead.
    pub fn with_variant(mut self, variant: Variant) -> Shape {
        self.variant = variant;
        self
    }

    /// The same shape with another variant, refusing rules that do not fit.
    ///
    /// # Errors
    /// [`ShapeError::NoBoxesFor`] when the variant has windoku or disjoint
    /// groups and the shape has no [`geometry`](Shape::geometry).
    pub fn try_with_variant(self, variant: Variant) -> Result<Shape, ShapeError> {
        let needs_boxes = Variant(variant.0 & Variant::NEEDS_BOXES.0);
        if !needs_boxes.is_standard() && self.geometry().is_none() {
            return Err(ShapeError::NoBoxesFor {
                variant: needs_boxes,
                size: self.size(),
            });
        }
        Ok(self.with_variant(variant))
    }

    /// N, the number of rows, columns, regions and digits.
    pub fn size(&self) -> usize {
        self.size as usize
    }

    /// N², the number of cells.
    pub fn cell_count(&self) -> usize {
        self.regions.len()
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The boxes, or `None` for a jigsaw shape.
    pub fn box_shape(&self) -> Option<BoxShape> {
        match self.layout {
            Layout::Boxes(boxes) => Some(boxes),
            Layout::Jigsaw => None,
        }
    }

    /// The boxes that lay out windoku's windows and the disjoint groups: the
    /// shape's own boxes, or for a jigsaw those [`BoxShape::infer`] gives
    /// its size; `None` for a size without box shape.
    pub fn geometry(&self) -> Option<BoxShape> {
        self.box_shape().or_else(|| BoxShape::infer(self.size()))
    }

    /// How many windows the [`geometry`](Shape::geometry) has room for;
    /// see [`Shape::window_of`].
    pub fn window_count(&self) -> usize {
        self.geometry().map_or(0, |boxes| {
            let n = self.size();
            windows_along(n, boxes.height()) * windows_along(n, boxes.width())
        })
    }

    /// The window (0-based, row-major) holding `cell`, if any.
    ///
    /// Windows are box-sized (h×w) and sit one row and one column in from
    /// the edge, with one row (column) between two windows, as many as fit
    /// before the last row (column): for 9×9 the four 3×3 windows at rows
    /// and columns 2–4 and 6–8 (1-based), for 16×16 nine 4×4 windows, for
    /// 4×4 the centre 2×2, for 6×6 (2×3 boxes) the one at rows 2–3,
    /// columns 2–4. The rule is the same on every shape of this size,
    /// whether boxed or jigsaw.
    ///
    /// ```
    /// let shape = dance_sudoku::Shape::boxed(9)?;
    /// assert_eq!(shape.window_count(), 4);
    /// assert_eq!(shape.window_of(shape.cell(1, 5).unwrap()), Some(1));
    /// assert_eq!(shape.window_of(shape.cell(4, 4).unwrap()), None);
    /// # Ok::<(), dance_sudoku::ShapeError>(())
    /// ```
    pub fn window_of(&self, cell: Cell) -> Option<usize> {
        let boxes = self.geometry()?;
        let n = self.size();
        if cell.index() >= self.cell_count() {
            return None;
        }
        let across = windows_along(n, boxes.width());
        let row = window_along(cell.row(n), n, boxes.height())?;
        let col = window_along(cell.col(n), n, boxes.width())?;
        Some(row * across + col)
    }

    /// The disjoint group (0-based) of `cell`: its position inside its box
    /// of the [`geometry`](Shape::geometry), row-major, so N groups of N
    /// cells, one in each box.
    pub fn disjoint_group_of(&self, cell: Cell) -> Option<usize> {
        let boxes = self.geometry()?;
        let n = self.size();
        (cell.index() < self.cell_count())
            .then(|| (cell.row(n) % boxes.height()) * boxes.width() + cell.col(n) % boxes.width())
    }

    /// Whether the regions come from a jigsaw map rather than boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.layout == Layout::Jigsaw
    }

    /// The region (`0..N`) of `cell`.
    ///
    /// # Panics
    /// When `cell` is not in this shape (`cell.index() >= cell_count()`);
    /// use [`Shape::regions`] for a checked lookup.
    pub fn region_of(&self, cell: Cell) -> usize {
        self.regions[cell.index()] as usize
    }

    /// The region of every cell in row-major order: `regions()[i]` is the
    /// region of cell `i`.
    pub fn regions(&self) -> &[u8] {
        &self.regions
    }

    /// The cell at 0-based `row` and `col`, or `None` outside the grid.
    pub fn cell(&self, row: usize, col: usize) -> Option<Cell> {
        Cell::at(row, col, self.size())
    }

    /// Every cell in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + use<> {
        cells(self.cell_count())
    }

    /// Whether `cell` is on the main diagonal (row = column).
    pub fn on_diagonal(&self, cell: Cell) -> bool {
        cell.index() < self.cell_count() && cell.row(self.size()) == cell.col(self.size())
    }

    /// Whether `cell` is on the anti-diagonal (row + column = N − 1).
    pub fn on_anti_diagonal(&self, cell: Cell) -> bool {
        cell.index() < self.cell_count()
            && cell.row(self.size()) + cell.col(self.size()) + 1 == self.size()
    }
}

/// How many windows `span` cells long fit along a side of `n`: starting at
/// 1, one apart, ending before the last line.
fn windows_along(n: usize, span: usize) -> usize {
    if n >= span + 2 {
        (n - 2 - span) / (span + 1) + 1
    } else {
        0
    }
}

/// Which window along a side of `n` holds line `line`, if any.
fn window_along(line: usize, n: usize, span: usize) -> Option<usize> {
    let offset = line.checked_sub(1)?;
    let (window, inside) = (offset / (span + 1), offset % (span + 1));
    (inside < span && window < windows_along(n, span)).then_some(window)
}

/// The first `count` cells in row-major order (at most 625).
fn cells(count: usize) -> impl Iterator<Item = Cell> {
    (0..count).map_while(Cell::new)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOXED: [(usize, usize, usize); 15] = [
        (4, 2, 2),
        (6, 2, 3),
        (8, 2, 4),
        (9, 3, 3),
        (10, 2, 5),
        (12, 3, 4),
        (14, 2, 7),
        (15, 3, 5),
        (16, 4, 4),
        (18, 3, 6),
        (20, 4, 5),
        (21, 3, 7),
        (22, 2, 11),
        (24, 4, 6),
        (25, 5, 5),
    ];

    #[test]
    fn infer_matches_the_table_for_every_size() {
        for n in 0..=30 {
            let expected = BOXED.iter().find(|(size, _, _)| *size == n);
            let inferred = BoxShape::infer(n).map(|b| (b.size(), b.height(), b.width()));
            assert_eq!(inferred, expected.copied(), "size {n}");
        }
    }

    #[test]
    fn box_shape_new_checks_its_bounds() {
        assert!(BoxShape::new(2, 2).is_ok());
        assert_eq!(BoxShape::new(3, 3), Ok(BoxShape::CLASSIC));
        assert!(BoxShape::new(2, 12).is_ok());
        assert_eq!(
            BoxShape::new(3, 2),
            Err(ShapeError::BadBoxShape {
                height: 3,
                width: 2
            })
        );
        assert!(BoxShape::new(1, 5).is_err());
        assert!(BoxShape::new(2, 13).is_err());
        assert_eq!(
            BoxShape::new(4, 3).unwrap_err().to_string(),
            "4x3 boxes are not supported; need 2 <= height <= width and height * width <= 25"
        );
    }

    /// Every thread's box shapes share one table per box shape, so clones
    /// touch no shared count; a jigsaw map of the same partition is equal
    /// to it by contents, not shared.
    #[test]
    fn box_tables_are_built_once_per_process() {
        let here = Shape::boxed(9).unwrap();
        let there = std::thread::spawn(|| Shape::boxed(9).unwrap())
            .join()
            .unwrap();
        assert!(std::ptr::eq(here.regions(), there.regions()));
        let map = Shape::jigsaw(9, here.regions()).unwrap();
        assert_eq!(map.regions(), here.regions());
        assert!(!std::ptr::eq(map.regions(), here.regions()));
        assert_ne!(map, here);
    }

    #[test]
    fn boxed_regions_follow_the_boxes() {
        let shape = Shape::boxed(6).unwrap();
        let map: String = shape
            .regions()
            .iter()
            .map(|r| char::from(b'0' + r))
            .collect();
        assert_eq!(map, "000111000111222333222333444555444555");
        assert_eq!(shape.box_shape(), BoxShape::new(2, 3).ok());
        assert!(!shape.is_jigsaw());
        for (n, h, w) in BOXED {
            let shape = Shape::boxed(n).unwrap();
            for cell in shape.cells() {
                let (row, col) = (cell.row(n), cell.col(n));
                assert_eq!(shape.region_of(cell), row / h * (n / w) + col / w);
            }
        }
    }

    #[test]
    fn boxed_rejects_sizes_without_boxes() {
        for n in [1, 2, 3, 5, 7, 11, 13, 17, 19, 23] {
            assert_eq!(Shape::boxed(n), Err(ShapeError::NoBoxShape { size: n }));
        }
        assert_eq!(Shape::boxed(0), Err(ShapeError::SizeOutOfRange { size: 0 }));
        assert_eq!(
            Shape::boxed(26),
            Err(ShapeError::SizeOutOfRange { size: 26 })
        );
    }

    #[test]
    fn jigsaw_renumbers_by_first_appearance() {
        let a = Shape::jigsaw(3, &[2, 2, 0, 2, 0, 0, 1, 1, 1]).unwrap();
        let b = Shape::jigsaw(3, &[0, 0, 1, 0, 1, 1, 2, 2, 2]).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.regions(), &[0, 0, 1, 0, 1, 1, 2, 2, 2]);
        assert!(a.is_jigsaw() && a.box_shape().is_none());
        assert_eq!(Shape::jigsaw(1, &[0]).unwrap().cell_count(), 1);
    }

    #[test]
    fn jigsaw_errors_name_the_problem() {
        assert_eq!(
            Shape::jigsaw(3, &[0; 8]),
            Err(ShapeError::MapLength {
                found: 8,
                expected: 9
            })
        );
        assert_eq!(
            Shape::jigsaw(3, &[0, 0, 0, 1, 1, 1, 2, 2, 3])
                .unwrap_err()
                .to_string(),
            "cell #8 is in region 3, but regions of size 3 are numbered 0 to 2"
        );
        let err = Shape::jigsaw(3, &[0, 0, 0, 0, 1, 1, 2, 2, 2]).unwrap_err();
        assert_eq!(
            err,
            ShapeError::RegionSize {
                region: 0,
                found: 4,
                expected: 3
            }
        );
        assert_eq!(err.to_string(), "region 0 has 4 cells, expected 3");
        assert_eq!(
            Shape::jigsaw(2, &[0, 0, 0, 0]),
            Err(ShapeError::RegionSize {
                region: 0,
                found: 4,
                expected: 2
            })
        );
        assert_eq!(
            Shape::jigsaw(26, &[]),
            Err(ShapeError::SizeOutOfRange { size: 26 })
        );
    }

    #[test]
    fn equality_and_hash_see_kind_variant_and_partition() {
        use std::collections::HashSet;
        let boxed = Shape::boxed(4).unwrap();
        let same_map = Shape::jigsaw(4, boxed.regions()).unwrap();
        let x = boxed.clone().with_variant(Variant::X);
        assert_ne!(boxed, same_map);
        assert_ne!(boxed, x);
        let set: HashSet<Shape> = [boxed.clone(), boxed.clone(), same_map, x]
            .into_iter()
            .collect();
        assert_eq!(set.len(), 3);
    }

    #[test]
    fn diagonals() {
        let shape = Shape::boxed(4).unwrap();
        let on_diag: Vec<usize> = shape
            .cells()
            .filter(|&c| shape.on_diagonal(c))
            .map(Cell::index)
            .collect();
        let on_anti: Vec<usize> = shape
            .cells()
            .filter(|&c| shape.on_anti_diagonal(c))
            .map(Cell::index)
            .collect();
        assert_eq!(on_diag, [0, 5, 10, 15]);
        assert_eq!(on_anti, [3, 6, 9, 12]);
        assert!(!shape.on_diagonal(Cell::new(16 + 4).unwrap()));
    }
}
