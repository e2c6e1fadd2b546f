//! [`Goal::MemoCount`](crate::Goal::MemoCount): the memoized walk with the
//! fold that sums counts ([`Sum`]), and the [`MemoCounter`] that keeps a
//! memo from one count to the next — of one problem under other
//! selections (the parts of a count on threads), in a table of its own or
//! in one that threads share ([`SharedMemo`](super::shared::SharedMemo)).
//!
//! The memo outlives a count: a stored count belongs to a state of the
//! links, whatever led there, so counting the same problem again, or with
//! other options selected, uses what earlier counts stored. With
//! multiplicities a key holds within one selection only (see the [memo's
//! docs](super)): a counter empties its own table when the selection
//! changes, and a shared memo takes no such problem.

use super::concurrent::{Held, View};
use super::order::OptionOrder;
use super::shared::{SharedMemo, SharedStore};
use super::table::Table;
use super::walk::{Subtotal, Walker};
use super::{MemoError, fingerprint_of};
use crate::contract::answer::Count;
use crate::contract::count::BigCount;
use crate::contract::stats::MemoStats;
use crate::contract::stop::Alarm;
use crate::model::ids::OptionId;
use crate::solver::Solver;

/// The fold of a count: each level's sum of its subtrees' counts.
#[derive(Clone, Debug, Default)]
pub(crate) struct Sum {
    sums: Vec<BigCount>,
}

impl Subtotal for Sum {
    type Value = BigCount;

    #[inline(always)]
    fn solved(&self) -> BigCount {
        BigCount::from(1u64)
    }

    #[inline(always)]
    fn begin(&mut self, level: usize) {
        if self.sums.len() <= level {
            self.sums.resize(level + 1, BigCount::ZERO);
        }
        self.sums[level] = BigCount::ZERO;
    }

    #[inline(always)]
    fn add(&mut self, level: usize, _: Option<u32>, child: BigCount) {
        self.sums[level] += &child;
    }

    #[inline(always)]
    fn finish(&mut self, level: usize) -> BigCount {
        std::mem::take(&mut self.sums[level])
    }

    #[inline(always)]
    fn to_stored(value: &BigCount) -> BigCount {
        value.clone()
    }

    #[inline(always)]
    fn from_stored(stored: BigCount) -> BigCount {
        stored
    }
}

/// Counts the solutions of one problem with a memo of its subproblems,
/// within a memory budget, from one count to the next: see the [module
/// docs](self).
#[derive(Clone, Debug)]
pub(crate) struct MemoCounter {
    walker: Walker,
    /// What the solver's links must look like (see [`fingerprint_of`]).
    fingerprint: u64,
    memory: Memory,
    sum: Sum,
}

/// Where a [`MemoCounter`] keeps its counts.
#[derive(Clone, Debug)]
enum Memory {
    /// A table of its own, with its budget, and (for Algorithm M) the
    /// options selected at the last count: an M key speaks of the options
    /// still in the lists, and a selected option leaves the lists of items
    /// that may stay open, so the counts stored under one selection serve
    /// that selection only.
    Own {
        table: Table,
        bytes: usize,
        selection: Option<Vec<OptionId>>,
    },
    /// The memo, this counter's view of each of its shards, and the bytes
    /// of a counter's state taken from the memo's budget — once for a
    /// counter and its clones, as one thread's budget holds one walk.
    Shared(
        SharedMemo,
        Vec<View>,
        #[expect(dead_code, reason = "kept for its Drop, which gives the bytes back")]
        std::sync::Arc<Held>,
    ),
}

impl MemoCounter {
    /// A memo for `solver`'s problem, holding at most `max_bytes` bytes of
    /// stored counts and of the walk's own state (a budget too small for
    /// one entry stores nothing and counts like the plain search).
    pub(crate) fn new(solver: &Solver, max_bytes: usize) -> MemoCounter {
        let walker = Walker::new(solver);
        let bytes = max_bytes.saturating_sub(walker.bytes() as usize);
        MemoCounter {
            memory: Memory::Own {
                table: Table::new(walker.key.words.len(), bytes),
                bytes,
                selection: None,
            },
            fingerprint: fingerprint_of(solver),
            walker,
            sum: Sum::default(),
        }
    }

    /// A counter that keeps its counts in `memo`, shared with other
    /// threads.
    pub(crate) fn shared(memo: &SharedMemo, solver: &Solver) -> Result<MemoCounter, MemoError> {
        let walker = Walker::new(solver);
        let fingerprint = fingerprint_of(solver);
        if fingerprint != memo.fingerprint() {
            return Err(MemoError::OtherProblem);
        }
        let views = vec![View::default(); super::shared::SHARDS];
        let held = memo.hold(walker.bytes() as usize + views.capacity() * size_of::<View>());
        Ok(MemoCounter {
            walker,
            fingerprint,
            memory: Memory::Shared(memo.clone(), views, std::sync::Arc::new(held)),
            sum: Sum::default(),
        })
    }

    /// The number of solutions of `solver`'s problem with its selected
    /// options until `alarm` rings, handing `watch` the statistics so far
    /// between slices (a progress bar's). When the stop comes, the count
    /// is the sum of the subproblems finished by then — a lower bound,
    /// not complete. Either way the solver's links are left as they were.
    pub(crate) fn count_until(
        &mut self,
        solver: &mut Solver,
        alarm: &Alarm<'_>,
        watch: &mut dyn FnMut(&MemoStats),
    ) -> Result<Count<BigCount>, MemoError> {
        if fingerprint_of(solver) != self.fingerprint {
            return Err(MemoError::OtherProblem);
        }
        let (solutions, complete) = match &mut self.memory {
            Memory::Own {
                table,
                bytes,
                selection,
            } => {
                if solver.multiplicities.is_some() {
                    let selected: Vec<OptionId> = solver.selected().collect();
                    if selection.as_ref() != Some(&selected) {
                        *table = Table::new(self.walker.key.words.len(), *bytes);
                        *selection = Some(selected);
                    }
                }
                self.walker.walk(solver, table, &mut self.sum, alarm, watch)
            }
            Memory::Shared(memo, views, _) => {
                let store = SharedStore { memo, views };
                self.walker.walk(solver, store, &mut self.sum, alarm, watch)
            }
        };
        Ok(Count {
            solutions,
            complete,
        })
    }

    /// Sets the order in which the counter tries each level's options (top
    /// to bottom unless set): the count is the same either way, the walk
    /// of the states is not. See [`OptionOrder`].
    pub(crate) fn set_option_order(&mut self, order: OptionOrder) {
        self.walker.option_order = order;
    }

    /// The order in which the counter breaks ties between items.
    pub(crate) fn order(&self) -> &super::order::Order {
        &self.walker.order
    }

    /// The statistics of every count so far, and the memo's size now — for
    /// a shared memo, the size of the whole memo, which every counter of it
    /// shares.
    pub(crate) fn stats(&self) -> MemoStats {
        let mut stats = match &self.memory {
            Memory::Own { table, .. } => {
                let mut stats = table.stats();
                stats.bytes += self.walker.bytes();
                stats
            }
            // The memo's bytes hold every counter's state.
            Memory::Shared(memo, ..) => memo.stats(),
        };
        stats.search = self.walker.stats.search;
        stats.hits = self.walker.stats.hits;
        stats.misses = self.walker.stats.misses;
        stats
    }
}
