//! Counting exact covers with a memo of subproblems: Algorithms X and C that
//! merge identical subproblems, after Nishino, Yasuda, Minato and Nagata,
//! *Dancing with Decision Diagrams: A Combined Approach to Exact Cover*
//! (AAAI 2017, "DXZ").
//!
//! Dancing Links meets the same subproblem again and again: in a domino
//! tiling, the cells left to cover after two different ways of tiling the
//! same corner are the same cells, and so are their tilings. Which options
//! are still available depends only on which items are still open, so the
//! *state* of the links is a function of
//!
//! * the set of open items, primary and secondary — covered items are out of
//!   the active lists, open ones in; and
//! * for a colored problem (Algorithm C), the color each secondary item has
//!   been *purified* to, if any: options that agree with it stay available,
//!   the others are hidden.
//!
//! That is the key: one bit per item (internal order, primary then
//! secondary), then one `u32` per secondary item holding its color (`0`, not
//! purified; `c + 1`, color `c`), packed in `u64` words. The key is kept up
//! to date as the search covers and uncovers, so reading it costs nothing;
//! the crate's one hash mixes its words when it is looked up. The number of
//! solutions below a state depends on nothing else, so it is computed once,
//! stored in the [`Table`], and every later visit adds the stored number
//! instead of searching again.
//!
//! The search is [`Solver::count`]'s — the same [`Driver`](crate::driver)
//! over Algorithm X's matrix, the item with the fewest options (ties to the
//! first), its options in column order — wrapped in the memoized walk
//! ([`walk`]), which looks each new level's state up before choosing an
//! item, sums its children's counts as it retracts their options (a
//! [`BigCount`], a `u128` until it overflows) and stores the sum under the
//! key it entered with. The diagram of every solution ([`Goal::Zdd`]) is
//! the same walk with another fold. Its depth is bounded by the number of
//! primary items, not by the thread's stack, and it leaves the links
//! exactly as it found them. Its nodes are options tried, as in the plain
//! count, but a subtree found in the memo is not walked again, so they are
//! far fewer.
//!
//! One thing differs from the plain search: the order that breaks ties
//! between items with equally few options. The plain search takes the
//! first in the problem's order; the memo takes the problem's order unless
//! a sweep of the item graph (Cuthill–McKee) keeps the edge of the covered
//! region clearly shorter (see `order.rs`), so that a board listed along
//! its long side costs about what its transpose costs (a unit test of
//! `order.rs` holds them within 2× of each other). The order changes the
//! tree and its node count, never the count.
//!
//! Memory is bounded: the table never holds more than the goal's budget
//! (default [`DEFAULT_MEMORY_LIMIT`], 1 GiB), the walk's own state
//! included. When it
//! is full, a new entry replaces the cheapest of its neighbours (fewest
//! search nodes below it) or is dropped — a stored count is always exact, so
//! a lost one costs time, never the count.
//!
//! ## Algorithm M: the key of a state with multiplicities
//!
//! With bounds (`a:b|item`, [Algorithm M](crate::multiplicity)) the count
//! below a state depends on two things only: the set of options still
//! available, and each open primary item's remaining bound `b` (its
//! residual lower bound is `b − slack`, the slack never changing). An
//! option stops being available in three ways:
//!
//! * an item of it is *done*: covered (its bound reached 0) or deactivated
//!   by a null move — either way no further option may cover it, so both
//!   are one thing in the key;
//! * a color: a secondary item purified to another color, or covered — as
//!   in Algorithm C;
//! * a *tweak*: the levels on a primary item `p` in force took options off
//!   the top of `p`'s list, each level the top of the list as it found it.
//!   So the options of `p` tweaked away are all above every option of `p`
//!   still in its list: `p`'s current top node (its *tweak frontier*)
//!   tells them, for an open `p`.
//!
//! So the key of an M state is the secondary items' bits and colors (kept up
//! to date as in Algorithm C), and one word per primary item: 0 when it is
//! done, else its bound beside its top node ([`Key::set_bounds`], written
//! afresh at every lookup and store; the primary items' bits stay 0). It is
//! sound: an option is available exactly when each of its primary items is
//! open and has it at or below its top — an option above the top is
//! tweaked or hidden, one at or below it is not tweaked, since tweaks take
//! a prefix — and its secondary items agree, all of which the key holds;
//! with the bounds, that is the whole residual problem. A key may tell two
//! states apart whose problems are the same (an option hidden in one and
//! tweaked in the other, putting the tops at different nodes): that costs
//! hits, never the count.
//!
//! A [selected](Solver::select) option leaves the lists of its primary
//! items, which may stay open, so an M key holds only within one selection:
//! a counter empties its table when the selection changes, and the memo
//! that threads share, whose threads count different selections at once,
//! takes no multiplicities: a problem with bounds is counted on one thread
//! (the split search does not cut Algorithm M's tree). Algorithm M's
//! levels try their options top down whatever the [`OptionOrder`].
//!
//! ```
//! use dance_dlx::{Findings, Goal, Request, Solver, problems::domino_tilings};
//!
//! let mut solver = Solver::new(&domino_tilings(8, 8));
//! let answer = solver.run(&Request::new(Goal::MemoCount { memory: 64 << 20 }));
//! assert_eq!(answer.count.to_string(), "12988816");
//! let Findings::Memo { count, stats } = answer.findings else { unreachable!() };
//! assert_eq!(count.solutions, 12_988_816);
//! // The plain search tries millions of options; the memo, a few thousand.
//! assert!(stats.search.nodes < 10_000);
//! ```

pub(crate) mod concurrent;
pub(crate) mod key;
pub(crate) mod order;
pub(crate) mod shared;
pub(crate) mod table;
pub(crate) mod walk;

use crate::machine::solver::Solver;

/// Why a count with the memo was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MemoError {
    /// A memo shared by threads was asked for a problem with
    /// multiplicities (Algorithm M), whose keys hold within one selection
    /// only; one thread counts them.
    #[error(
        "a shared memo needs every primary item covered exactly once, but this problem has \
         multiplicities (Algorithm M); count it with a memo of its own (one thread)"
    )]
    Multiplicities,
    /// The solver's problem is not the one the memo was made for.
    #[error("the memo was made for another problem")]
    OtherProblem,
}

/// A hash of what makes a problem: the item counts and every option node's
/// item and color, as built (the headers hold the columns' lengths, which the
/// selection changes) — the same for every shuffle and selection of one
/// problem, so a memo serves them all, and different for nearly any other
/// problem. The selection is undone to read the colors as built (a
/// purified item marks the nodes that agree with it) and redone after.
/// Linear in the problem's size, so worked out once per problem: a solver
/// keeps it, and its clones (the threads of a count) share it — a count of
/// each subproblem checks it again.
pub(crate) fn fingerprint_of(solver: &Solver) -> u64 {
    *solver
        .fingerprint
        .get_or_init(|| fingerprint_of_links(solver))
}

/// [`fingerprint_of`], worked out.
fn fingerprint_of_links(solver: &Solver) -> u64 {
    let links = &solver.links;
    let mut words = vec![u64::from(links.primary), u64::from(links.item_count)];
    words.extend(
        links.top[links.item_count as usize + 1..]
            .iter()
            .map(|&top| top as u32 as u64),
    );
    if links.is_colored() || solver.multiplicities.is_some() {
        let mut built = solver.clone();
        built.reset();
        if links.is_colored() {
            words.extend(built.links.colors.iter().map(|&c| c as u32 as u64));
        }
        // A problem's bounds are part of it: the same options with other
        // bounds have other counts.
        if let Some(m) = &built.multiplicities {
            words.extend(m.limit_words());
        }
    }
    crate::hash::hash_words(&words)
}
