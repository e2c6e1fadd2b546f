//! The work of a search, in units that do not depend on the machine
//! ([`Stats`]), what a memo adds to it ([`MemoStats`]), and Knuth's
//! estimate of a search's size ([`Estimate`]).

/// Work done by a search, in units that do not depend on the machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stats {
    /// Search-tree nodes: options tried (and, in Algorithm M, null moves:
    /// an item left alone once its lower bound is met).
    pub nodes: u64,
    /// Nodes at an item that had more than one alternative left, i.e. real
    /// choices rather than forced moves.
    pub guesses: u64,
    /// Updates: nodes removed from their columns (Knuth's "updates") on
    /// the links; bits cleared on the bitsets (see
    /// [`Representation`](crate::Representation)), which likewise leave
    /// alone the item being covered. Only a matrix knows its updates: the
    /// [driver](crate::driver::Driver)'s own statistics leave this 0.
    pub updates: u64,
    /// Solutions found: levels whose
    /// [`Matrix::choose`](crate::driver::Matrix::choose) answered
    /// [`Choice::Solved`](crate::Choice::Solved).
    pub solutions: u64,
    /// Branches cut by the cost bound of the search for the cheapest
    /// solutions ([`Goal::Best`](crate::Goal::Best)): levels abandoned
    /// because what they must still pay reaches the bound, and levels that
    /// stopped trying their options because the next one costs too much. 0
    /// for every other search.
    pub cut: u64,
}

impl Stats {
    /// The work done since `earlier`, a reading of the same counters: what
    /// an engine that keeps one solver for many searches reports for one.
    pub fn since(self, earlier: Stats) -> Stats {
        Stats {
            nodes: self.nodes.saturating_sub(earlier.nodes),
            guesses: self.guesses.saturating_sub(earlier.guesses),
            updates: self.updates.saturating_sub(earlier.updates),
            solutions: self.solutions.saturating_sub(earlier.solutions),
            cut: self.cut.saturating_sub(earlier.cut),
        }
    }
}

/// The work of one search added to another's: what a search in parts (on
/// threads, or in pieces) reports as its whole.
impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, more: Stats) {
        self.nodes += more.nodes;
        self.guesses += more.guesses;
        self.updates += more.updates;
        self.solutions += more.solutions;
        self.cut += more.cut;
    }
}

/// The work and the memory of a memo's walks ([`Goal::MemoCount`](crate::Goal::MemoCount),
/// [`Goal::Zdd`](crate::Goal::Zdd)), added up over its parts: the search's
/// work as every search counts it, and what the memo did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MemoStats {
    /// The search's work: [`nodes`](Stats::nodes) (options tried) and link
    /// [`updates`](Stats::updates); a memo count does not count guesses,
    /// solutions or cuts (its solutions are counts added up, mostly from
    /// the memo), so they stay 0.
    pub search: Stats,
    /// Subproblems whose count is stored now.
    pub entries: u64,
    /// Subproblems found in the memo: searches saved.
    pub hits: u64,
    /// Subproblems looked up and not found, and so searched.
    pub misses: u64,
    /// Stored counts replaced by newer ones when the memo was full.
    pub evictions: u64,
    /// Bytes the memo holds now.
    pub bytes: u64,
}

impl MemoStats {
    /// These figures and those of `part`, another counter of the same
    /// [shared](SharedMemo) memo: their work and lookups added up, the
    /// memo's entries, evictions and bytes as the later look at the one
    /// memo found them (each counter reports the whole memo's).
    pub(crate) fn with_part(self, part: &MemoStats) -> MemoStats {
        let mut search = self.search;
        search += part.search;
        MemoStats {
            search,
            hits: self.hits + part.hits,
            misses: self.misses + part.misses,
            entries: self.entries.max(part.entries),
            evictions: self.evictions.max(part.evictions),
            bytes: self.bytes.max(part.bytes),
        }
    }
}

/// Knuth's estimate of the cost of a search, from random probes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Probes made.
    pub probes: u32,
    /// Estimated search-tree nodes ([`Stats::nodes`](crate::Stats::nodes):
    /// options tried).
    pub nodes: f64,
    /// Estimated solutions.
    pub solutions: f64,
    /// The standard error of `nodes` (the spread of the probes' estimates
    /// divided by the square root of their number).
    pub nodes_error: f64,
}
