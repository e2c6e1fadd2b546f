//! What a search is for, each a plug-in on the one drive loop: the goals
//! of solutions and counts ([`enumerate`]), the cheapest solutions
//! ([`best`]), the memoized walk and its count ([`memo`]), the diagram of
//! every solution and samples from it ([`zdd`]), cutting the tree
//! ([`split`]) and estimating it ([`estimate`]). A goal knows no other
//! goal; the memo's walk lies below the two that share it.

pub(crate) mod best;
pub mod enumerate;
pub(crate) mod estimate;
pub(crate) mod memo;
pub(crate) mod split;
pub(crate) mod zdd;
