//! The problem model: items, options, colors, costs and bounds
//! ([`problem`]), their names ([`names`]) and numbers ([`ids`]), Knuth's
//! text format ([`text`]), checking a solution ([`verify`]), problems from
//! the literature ([`problems`]) and Knuth's preprocessing
//! ([`preprocess`]). Nothing here searches.

pub mod ids;
pub(crate) mod names;
pub mod preprocess;
pub mod problem;
pub mod problems;
pub mod text;
pub mod verify;
