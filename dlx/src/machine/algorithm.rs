//! Which matrix over the links a walk is on — Algorithms X and C
//! ([`Exact`](super::exact::Exact)) or Algorithm M
//! ([`Bounded`](super::multiplicity::Bounded)), with colors or without —
//! told apart here and nowhere else.
//!
//! Colors and multiplicities are compile-time parameters of the matrices
//! (`COLORED`), so that the walk of a plain problem pays nothing for
//! either: each of the four is its own monomorphised walk. A site that
//! walks the links implements [`OnAlgorithm`] once — one method generic
//! over colors for X and C, one for M — and [`on_algorithm`] picks which
//! runs.

/// A walk over the links, written once for each family of algorithms and
/// generic over colors: see the [module docs](self).
pub(crate) trait OnAlgorithm {
    /// What the walk gives.
    type Output;

    /// Algorithms X and C: every primary item covered exactly once.
    fn exact<const COLORED: bool>(self) -> Self::Output;

    /// Algorithm M: some primary item has bounds.
    fn bounded<const COLORED: bool>(self) -> Self::Output;
}

/// Runs `walk` on the algorithm of a problem `colored` or not, with
/// multiplicities (`bounded`) or not.
#[inline]
pub(crate) fn on_algorithm<W: OnAlgorithm>(colored: bool, bounded: bool, walk: W) -> W::Output {
    match (bounded, colored) {
        (false, false) => walk.exact::<false>(),
        (false, true) => walk.exact::<true>(),
        (true, false) => walk.bounded::<false>(),
        (true, true) => walk.bounded::<true>(),
    }
}

/// A walk over the links of one algorithm, generic over colors: for the
/// sites that serve only Algorithms X and C (DLX5's priced walk, the cut
/// of the tree) or only Algorithm M.
pub(crate) trait OnColors {
    /// What the walk gives.
    type Output;

    /// The walk, colored or not.
    fn run<const COLORED: bool>(self) -> Self::Output;
}

/// Runs `walk` on the links of a problem `colored` or not.
#[inline]
pub(crate) fn on_colors<W: OnColors>(colored: bool, walk: W) -> W::Output {
    if colored {
        walk.run::<true>()
    } else {
        walk.run::<false>()
    }
}
