//! Dense identifiers handed out by the [`ProblemBuilder`](crate::ProblemBuilder).
//!
//! All three are `u32` inside: an exact-cover matrix with more than four billion
//! items, options or nodes would not fit in memory anyway, and 32-bit links halve
//! the cache footprint of the search compared with `usize`.

use std::fmt;

/// An item (a column of the exact-cover matrix), numbered `0..item_count()` in the
/// order the items were added to the builder, primary and secondary alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ItemId(pub(crate) u32);

/// An option (a row of the exact-cover matrix), numbered `0..option_count()` in the
/// order the options were added to the builder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct OptionId(pub(crate) u32);

/// A color of a secondary item (Algorithm C), numbered `0..color_count()` in the
/// order the colors were first named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ColorId(pub(crate) u32);

macro_rules! dense_id {
    ($name:ident, $what:literal) => {
        impl $name {
            #[doc = concat!("The ", $what, " with this 0-based index.")]
            pub const fn new(index: u32) -> Self {
                Self(index)
            }

            #[doc = concat!("The 0-based index of this ", $what, ".")]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }
    };
}

dense_id!(ItemId, "item");
dense_id!(OptionId, "option");
dense_id!(ColorId, "color");
