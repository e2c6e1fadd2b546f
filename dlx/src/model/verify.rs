//! Checking a solution against its problem, without searching: every
//! primary item covered within its bounds, every secondary item at most
//! once or in one color.

use crate::model::ids::{ColorId, OptionId};
use crate::model::problem::{ItemKind, Problem};

/// Why a set of options is not a solution of a problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Defect {
    /// An option number the problem does not have.
    #[error("option {option} does not exist; the problem has {count} options")]
    NoSuchOption {
        /// The 0-based option number given.
        option: usize,
        /// The problem's options.
        count: usize,
    },
    /// The same option given twice.
    #[error("option {0} is given twice")]
    Repeated(OptionId),
    /// A primary item covered fewer or more times than its bounds allow.
    #[error("item {name} is covered {covered} times; it must be covered {min} to {max} times")]
    Coverage {
        /// The item's name.
        name: String,
        /// How many of the options cover it.
        covered: u32,
        /// Its bounds (1 and 1 for an exact cover).
        min: u32,
        /// See `min`.
        max: u32,
    },
    /// A secondary item covered twice, by options that do not give it one
    /// color.
    #[error(
        "secondary item {name} is covered by options {first} and {second}, which do not give it one color"
    )]
    Clash {
        /// The item's name.
        name: String,
        /// The first option that covers it.
        first: OptionId,
        /// An option after it that clashes with it.
        second: OptionId,
    },
}

impl Problem {
    /// Whether `options` (0-based option numbers, in any order) are a
    /// solution: every primary item covered within its bounds (exactly once
    /// unless it has bounds), every secondary item at most once — or by
    /// options that all give it the same color. Costs play no part.
    ///
    /// # Errors
    /// The first [`Defect`] found: an option that does not exist or comes
    /// twice, a primary item covered too few or too many times (in item
    /// order), or a secondary item covered by options that clash.
    ///
    /// ```
    /// use dance_dlx::{Defect, OptionId, Problem};
    ///
    /// let problem: Problem = "a b c\na b\nc\nb c\na\n".parse()?;
    /// let [ab, c, bc, a] = [0, 1, 2, 3].map(OptionId::new);
    /// assert_eq!(problem.check(&[c, ab]), Ok(()));
    /// assert!(matches!(problem.check(&[ab, bc]), Err(Defect::Coverage { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self, options: &[OptionId]) -> Result<(), Defect> {
        let mut covered = vec![0u32; self.item_count()];
        // For a secondary item: the first option that covers it, and the
        // color it gives (None: uncolored, which clashes with any other).
        let mut holder: Vec<Option<(OptionId, Option<ColorId>)>> = vec![None; self.item_count()];
        let mut seen = vec![false; self.option_count()];
        for &option in options {
            let Some(was) = seen.get_mut(option.index()) else {
                return Err(Defect::NoSuchOption {
                    option: option.index(),
                    count: self.option_count(),
                });
            };
            if std::mem::replace(was, true) {
                return Err(Defect::Repeated(option));
            }
            for entry in self.option(option) {
                let item = entry.item.index();
                covered[item] = covered[item].saturating_add(1);
                if self.item_kind(entry.item) == ItemKind::Secondary {
                    match holder[item] {
                        None => holder[item] = Some((option, entry.color)),
                        Some((_, Some(color))) if entry.color == Some(color) => {}
                        Some((first, _)) => {
                            return Err(Defect::Clash {
                                name: self.item_name(entry.item).to_owned(),
                                first,
                                second: option,
                            });
                        }
                    }
                }
            }
        }
        for item in self.items() {
            if let Some(bounds) = self.item_bounds(item) {
                let count = covered[item.index()];
                if !bounds.contains(&count) {
                    return Err(Defect::Coverage {
                        name: self.item_name(item).to_owned(),
                        covered: count,
                        min: *bounds.start(),
                        max: *bounds.end(),
                    });
                }
            }
        }
        Ok(())
    }
}
