//! [`Goal::MemoCount`](crate::Goal::MemoCount): the memoized walk with the
//! fold that sums counts ([`Sum`]), and the [`MemoCounter`] that keeps a
//! memo from one count to the next — of one problem under other
//! selections (the parts of a count on threads), in a table of its own or
//! in one that threads share ([`SharedMemo`]).
//!
//! The memo outlives a count: a stored count belongs to a state of the
//! links, whatever led there, so counting the same problem again, or with
//! other options selected, uses what earlier counts stored. With
//! multiplicities a key holds within one selection only (see the [memo's
//! docs](crate::machine::memo)): a counter empties its own table when the selection
//! changes, and a shared memo takes no such problem.

use crate::contract::answer::Count;
use crate::contract::count::BigCount;
use crate::contract::stats::MemoStats;
use crate::contract::stop::Alarm;
use crate::machine::links::Links;
use crate::machine::memo::concurrent::{Held, View};
use crate::machine::memo::order::{OptionOrder, Order};
use crate::machine::memo::shared::{SHARDS, SharedMemo, SharedStore};
use crate::machine::memo::table::Table;
use crate::machine::memo::walk::{Subtotal, Walker};
use crate::machine::memo::{MemoError, fingerprint_of};
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;

/// The fold of a count: each level's sum of its subtrees' counts.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sum;

impl Subtotal for Sum {
    type Value = BigCount;
    type Frame = BigCount;

    #[inline(always)]
    fn solved(&self) -> BigCount {
        BigCount::from(1u64)
    }

    #[inline(always)]
    fn begin(&mut self, sum: &mut BigCount) {
        *sum = BigCount::ZERO;
    }

    #[inline(always)]
    fn add(&mut self, sum: &mut BigCount, _: &Links, _: Option<u32>, child: BigCount) {
        *sum += &child;
    }

    #[inline(always)]
    fn finish(&mut self, sum: &mut BigCount) -> BigCount {
        std::mem::take(sum)
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
            sum: Sum,
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
        let views = vec![View::default(); SHARDS];
        let held = memo.hold(walker.bytes() as usize + views.capacity() * size_of::<View>());
        Ok(MemoCounter {
            walker,
            fingerprint,
            memory: Memory::Shared(memo.clone(), views, std::sync::Arc::new(held)),
            sum: Sum,
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
    pub(crate) fn order(&self) -> &Order {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::request::{Cut, Goal, Request};
    use crate::model::problems::{domino_tilings, langford, n_queens, pentominoes, rooks};
    use crate::model::text::parse_problem;

    fn count(memo: &mut MemoCounter, solver: &mut Solver) -> Result<BigCount, MemoError> {
        memo.count_until(solver, &Alarm::SILENT, &mut |_| {})
            .map(|count| count.solutions)
    }

    fn split(solver: &mut Solver, depth: usize) -> Vec<Vec<OptionId>> {
        let answer = solver.run(&Request::new(Goal::Split(Cut::Depth(depth))));
        answer.findings.parts().unwrap_or_default().to_vec()
    }

    /// A memo serves the subproblems of a split search: their counts, with
    /// the options selected, add up to the whole, and each equals the
    /// plain count; a second count of the whole finds stored states.
    #[test]
    fn one_memo_counts_selections_and_keeps_what_it_learned() {
        for problem in [n_queens(7), domino_tilings(5, 6), pentominoes(3, 20)] {
            let mut solver = Solver::new(&problem);
            let total = solver.count();
            let mut memo = MemoCounter::new(&solver, 1 << 22);
            let mut sum = 0u128;
            for subproblem in split(&mut solver, 2) {
                for &option in &subproblem {
                    solver.select(option).unwrap();
                }
                let plain = solver.count();
                let counted = count(&mut memo, &mut solver).unwrap();
                assert_eq!(counted, u128::from(plain), "{subproblem:?}");
                assert_eq!(solver.selected().collect::<Vec<_>>(), subproblem);
                sum += counted.to_u128().unwrap();
                solver.reset();
            }
            assert_eq!(sum, u128::from(total));
            let hits = memo.stats().hits;
            assert_eq!(count(&mut memo, &mut solver).unwrap(), u128::from(total));
            assert!(
                memo.stats().hits > hits,
                "the second count finds stored states"
            );
        }
    }

    /// One memo across the selections of a colored problem: each count is
    /// the plain one.
    #[test]
    fn colored_selections_are_part_of_the_key() {
        let text = "p q r | x\np x:A\np x:B\nq x:A\nq x:B\nr x:A\nr\n";
        let problem = parse_problem(text).unwrap();
        let mut solver = Solver::new(&problem);
        let mut memo = MemoCounter::new(&solver, 1 << 20);
        for option in 0..problem.option_count() as u32 {
            if solver.select(OptionId::new(option)).is_err() {
                continue;
            }
            let plain = solver.count();
            assert_eq!(count(&mut memo, &mut solver).unwrap(), u128::from(plain));
            solver.reset();
        }
        let plain = solver.count();
        assert_eq!(count(&mut memo, &mut solver).unwrap(), u128::from(plain));
    }

    /// The same options with other bounds are another problem.
    #[test]
    fn the_bounds_are_part_of_the_problem() {
        let mut one = Solver::new(&parse_problem("1:2|a b\na\na b\nb\n").unwrap());
        let mut two = Solver::new(&parse_problem("2|a b\na\na b\nb\n").unwrap());
        let mut memo = MemoCounter::new(&one, 1 << 20);
        assert_eq!(count(&mut memo, &mut one).unwrap(), 3);
        assert_eq!(count(&mut memo, &mut two), Err(MemoError::OtherProblem));
        let mut own = MemoCounter::new(&two, 1 << 20);
        assert_eq!(count(&mut own, &mut two).unwrap(), 1);
    }

    #[test]
    fn a_shared_memo_refuses_multiplicities() {
        let solver = Solver::new(&rooks(3, 2));
        assert_eq!(
            SharedMemo::new(&solver, 1 << 20).unwrap_err(),
            MemoError::Multiplicities
        );
    }

    #[test]
    fn other_problems_are_refused() {
        let mut queens = Solver::new(&n_queens(6));
        let mut memo = MemoCounter::new(&queens, 1 << 20);
        let mut other = Solver::new(&n_queens(7));
        assert_eq!(count(&mut memo, &mut other), Err(MemoError::OtherProblem));
        let mut same_shape = Solver::new(&langford(3));
        let mut langford_memo = MemoCounter::new(&same_shape, 1 << 20);
        assert_eq!(
            count(&mut langford_memo, &mut Solver::new(&langford(3))).unwrap(),
            2
        );
        assert_eq!(count(&mut memo, &mut queens).unwrap(), 4);
        assert_eq!(count(&mut langford_memo, &mut same_shape).unwrap(), 2);
        // A shared memo's counter too.
        let shared = SharedMemo::new(&queens, 1 << 20).unwrap();
        assert!(matches!(
            MemoCounter::shared(&shared, &other),
            Err(MemoError::OtherProblem)
        ));
    }

    /// Bottom up, before and after a selection, one memo: the counts are
    /// the plain ones.
    #[test]
    fn bottom_up_counts_equal_plain_counts() {
        for problem in [n_queens(7), domino_tilings(4, 5), pentominoes(3, 20)] {
            let mut solver = Solver::new(&problem);
            let total = solver.count();
            let mut memo = MemoCounter::new(&solver, 1 << 20);
            memo.set_option_order(OptionOrder::BottomUp);
            assert_eq!(count(&mut memo, &mut solver).unwrap(), u128::from(total));
            let first = solver.solutions().next().unwrap();
            solver.select(first[0]).unwrap();
            let plain = solver.count();
            assert_eq!(count(&mut memo, &mut solver).unwrap(), u128::from(plain));
        }
    }
}
