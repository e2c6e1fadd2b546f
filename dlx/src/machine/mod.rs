//! The search machine: the resumable walk of Knuth's steps X2–X8 and the
//! one loop that drives every walk ([`driver`]), the matrices it walks —
//! the toroidal links ([`links`]) seen as Algorithms X and C ([`exact`]) or
//! Algorithm M ([`multiplicity`]), and the bitsets ([`bitsets`]) — and the
//! one place that tells the algorithms apart ([`algorithm`]). It knows no
//! goal.

pub(crate) mod algorithm;
pub(crate) mod bitsets;
pub mod driver;
pub(crate) mod exact;
pub(crate) mod links;
pub(crate) mod memo;
pub(crate) mod multiplicity;
pub(crate) mod solver;
