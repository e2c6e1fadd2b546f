//! The search machine: the resumable walk of Knuth's steps X2–X8
//! ([`driver`]) and the matrices it walks — the toroidal links
//! ([`links`]) seen as Algorithms X and C ([`exact`]) or Algorithm M
//! ([`multiplicity`]), and the bitsets ([`bitsets`]).

pub(crate) mod bitsets;
pub mod driver;
pub(crate) mod exact;
pub(crate) mod links;
pub(crate) mod multiplicity;
