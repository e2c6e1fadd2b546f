//! The memo's count as a [`Worker`]: [`dance_dlx::MemoCounter`] counts each
//! subproblem, keeping its counts in a memo of its own on one thread, or in
//! one [`SharedMemo`](dance_dlx::SharedMemo) that every thread fills and reads — so that a state
//! counted by one thread is found by the others, and `-j2` tries about the
//! nodes of `-j1` (`benches/memo.sh threads`). Every other thread counts
//! bottom up ([`OptionOrder::BottomUp`]) and takes the subproblems from the
//! last one back, so that two threads walk the states from both ends rather
//! than one behind the other. The memo's budget, `--memo-mb`, is the whole
//! memo's, however many threads share it.

use std::sync::atomic::Ordering;

use anyhow::Context;
use dance_dlx::{MemoCounter, OptionId, OptionOrder, Solver, Stop};

use super::runner::{Effort, LiveCounts, PartCount, Worker, select, unselect};

/// One thread's memoized count.
pub struct Memo<'a> {
    solver: Solver,
    counter: MemoCounter,
    stop: &'a Stop,
    tally: &'a LiveCounts,
    /// The counter's nodes already added to the tally.
    tallied: u64,
}

impl<'a> Memo<'a> {
    /// A worker counting on `solver` with a memo of its own of `budget`
    /// bytes.
    pub fn new(
        solver: Solver,
        budget: usize,
        stop: &'a Stop,
        tally: &'a LiveCounts,
    ) -> anyhow::Result<Memo<'a>> {
        let counter = MemoCounter::new(&solver, budget).context("cannot count with --memo")?;
        Ok(Memo::with_counter(solver, counter, stop, tally))
    }

    /// A worker counting on `solver` with `counter`, a clone of a counter of
    /// the memo that the other workers share (made once: a counter's order
    /// of the items is linear in the problem to work out), for the runner's
    /// thread `thread`: odd threads count bottom up.
    pub fn shared(
        solver: Solver,
        mut counter: MemoCounter,
        thread: usize,
        stop: &'a Stop,
        tally: &'a LiveCounts,
    ) -> Memo<'a> {
        if thread % 2 == 1 {
            counter.set_option_order(OptionOrder::BottomUp);
        }
        Memo::with_counter(solver, counter, stop, tally)
    }

    fn with_counter(
        solver: Solver,
        counter: MemoCounter,
        stop: &'a Stop,
        tally: &'a LiveCounts,
    ) -> Memo<'a> {
        Memo {
            solver,
            counter,
            stop,
            tally,
            tallied: 0,
        }
    }
}

impl Worker for Memo<'_> {
    fn search(&mut self, _index: usize, prefix: &[OptionId]) -> anyhow::Result<PartCount> {
        let selected = select(&mut self.solver, prefix);
        let (tally, stop, tallied) = (self.tally, self.stop, &mut self.tallied);
        let count = self.counter.count_until(&mut self.solver, stop, |stats| {
            tally
                .nodes
                .fetch_add(stats.nodes - *tallied, Ordering::Relaxed);
            *tallied = stats.nodes;
        });
        unselect(&mut self.solver, selected);
        let count = count.context("cannot count with --memo")?;
        Ok(PartCount {
            count: count.solutions,
            complete: count.complete,
        })
    }

    fn takes_from_the_back(&self) -> bool {
        self.counter.option_order() == OptionOrder::BottomUp
    }

    fn work(&self) -> Effort {
        let stats = self.counter.stats();
        Effort {
            nodes: stats.nodes,
            updates: stats.updates,
            memo: Some(stats),
        }
    }
}
