//! What a search is for, each a plug-in on the one walk: the cheapest
//! solutions ([`best`]), cutting the tree and estimating it ([`split`]),
//! counting with a memo ([`memo`]) and building the diagram of every
//! solution ([`zdd`]).

pub(crate) mod best;
pub(crate) mod memo;
pub(crate) mod split;
pub(crate) mod zdd;
