//! The contract between a caller and every search: what to find and when
//! to give up ([`request`]), and what was found ([`answer`]), in numbers of
//! any size ([`count`]). It knows no engine.

pub mod answer;
pub mod count;
pub mod request;
