//! The problem model: items, options, colors, costs and bounds
//! ([`problem`]), their names ([`names`]) and numbers ([`ids`]), Knuth's
//! text format ([`text`]), checking a solution ([`verify`]), problems from
//! the literature ([`problems`]), Knuth's preprocessing ([`preprocess`]),
//! and the diagram of a problem's solutions ([`zdd`]). Nothing here
//! searches.

pub mod ids;
pub(crate) mod names;
pub mod preprocess;
pub mod problem;
pub mod problems;
pub mod text;
pub mod verify;
pub mod zdd;
