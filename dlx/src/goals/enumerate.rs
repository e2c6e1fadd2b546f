//! The goals of solutions and counts — [`First`](Goal::First),
//! [`Unique`](Goal::Unique), [`Count`](Goal::Count), [`All`](Goal::All) —
//! as one fold over a walk's events: the [`Tally`] of one search against
//! its goal.
//!
//! A tally counts the solutions, hands those the answer counts to a
//! visitor, ends the walk once the goal has what it looks for (one more
//! than its limit, to tell `N` from `N+`), and makes the [`Answer`] by the
//! goal's rules ([`Goal::answer_of`]). Every engine that resumes — this
//! crate's solver, the Sudoku crate's engines — is driven by
//! [`Tally::run`] through the one drive loop; an engine with a recursion
//! of its own (the naive depth-first search) reports to the same tally
//! by hand.

use std::ops::ControlFlow;

use crate::contract::answer::{Answer, Count, Status};
use crate::contract::request::{Goal, Request};
use crate::contract::stats::Stats;
use crate::contract::stop::{Alarm, CHECK_INTERVAL};
use crate::machine::driver::{Ended, Fold, Resume, drive};

/// One search on its way to a request's answer: it counts the solutions,
/// hands those the answer counts to a visitor, ends the walk once the goal
/// has what it looks for (one more than its limit, to tell `N` from `N+`),
/// and makes the [`Answer`] by the goal's rules ([`Goal::answer_of`]).
///
/// An engine that [resumes](Resume) is driven by [`run`](Tally::run); an
/// engine with a loop of its own (the naive DFS) reports each solution to
/// [`solution`](Tally::solution), looks at
/// [`checkpoint`](Tally::checkpoint) every
/// [`NODES_PER_LOOK`](Tally::NODES_PER_LOOK) nodes, and says when its tree
/// is [`exhausted`](Tally::exhausted).
#[derive(Debug)]
pub struct Tally<'a> {
    goal: Goal,
    target: u64,
    found: u64,
    alarm: Alarm<'a>,
    exhausted: bool,
    stopped: bool,
}

impl<'a> Tally<'a> {
    /// The nodes between two [`checkpoint`](Tally::checkpoint)s of an
    /// engine with a loop of its own, when something can stop it: a few
    /// milliseconds of search (a power of two, so that the test is a
    /// mask).
    pub const NODES_PER_LOOK: u64 = CHECK_INTERVAL;

    /// The tally of `request`, starting now (its timeout runs from here).
    pub fn new<E>(request: &'a Request<E>) -> Tally<'a> {
        Tally {
            goal: request.goal,
            target: request.goal.target(),
            found: 0,
            alarm: request.stop.arm(),
            exhausted: false,
            stopped: false,
        }
    }

    /// Whether nothing can stop the search: an engine with a loop of its
    /// own need not look at [`checkpoint`](Tally::checkpoint).
    pub fn is_silent(&self) -> bool {
        self.alarm.is_silent()
    }

    /// Whether the next solution is one the answer counts (one of the first
    /// [`Goal::limit`]): the one found beyond the limit only tells that
    /// there are more, and is not handed to a visitor.
    #[inline]
    pub fn wants_next(&self) -> bool {
        self.found < self.goal.limit()
    }

    /// Counts a solution: `Break` when the search has found what it looks
    /// for.
    #[inline]
    pub fn solution(&mut self) -> ControlFlow<()> {
        self.found += 1;
        if self.found >= self.target {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// `Break` when the stop has come: the search gives up.
    #[inline]
    pub fn checkpoint(&mut self) -> ControlFlow<()> {
        if self.alarm.rung() {
            self.stopped = true;
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The search tree is exhausted: every solution was found.
    pub fn exhausted(&mut self) {
        self.exhausted = true;
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    /// Drives `walk` to the answer through the one drive loop: hands each
    /// solution the answer counts to `visit` (which may end the search with
    /// `Break`) and stops at the goal's target or at the stop — looked at
    /// before the walk starts and between slices, so that a batch whose
    /// stop has come ends at once.
    pub fn run<W: Resume + ?Sized>(
        &mut self,
        walk: &mut W,
        visit: impl FnMut(&mut W) -> ControlFlow<()>,
    ) {
        let alarm = self.alarm;
        let mut fold = Counting { tally: self, visit };
        match drive(walk, &alarm, &mut fold) {
            Ended::Exhausted => self.exhausted = true,
            Ended::Stopped => self.stopped = true,
            Ended::Folded => {}
        }
    }

    /// The status: `timeout` when the stop came first; otherwise from the
    /// solutions found and whether the tree was exhausted
    /// ([`Status::of`]).
    pub fn status(&self) -> Status {
        Status::of(self.found, self.exhausted, self.stopped)
    }

    /// The count: the solutions found, cut back to the goal's limit; exact
    /// when the tree was exhausted.
    pub fn count(&self) -> Count {
        self.goal.count_of(self.found, self.exhausted)
    }

    /// The answer, with the work done, the engine that did it and — kept
    /// only for [`First`](Goal::First) when solved and for
    /// [`Unique`](Goal::Unique) when unique — the solution
    /// ([`Goal::answer_of`]).
    pub fn answer<S, E, F: Default>(
        &self,
        solution: Option<S>,
        stats: Stats,
        engine: E,
    ) -> Answer<S, E, F> {
        let ended = (self.found, self.exhausted, self.stopped);
        self.goal.answer_of(ended, solution, stats, engine)
    }
}

/// The tally as the drive loop's fold, with the visitor.
struct Counting<'t, 'a, V> {
    tally: &'t mut Tally<'a>,
    visit: V,
}

impl<W: Resume + ?Sized, V: FnMut(&mut W) -> ControlFlow<()>> Fold<W> for Counting<'_, '_, V> {
    #[inline]
    fn solution(&mut self, walk: &mut W) -> ControlFlow<()> {
        let visited = if self.tally.wants_next() {
            (self.visit)(walk)
        } else {
            ControlFlow::Continue(())
        };
        if self.tally.solution().is_break() || visited.is_break() {
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    use super::*;
    use crate::contract::stop::Stop;
    use crate::machine::driver::Event;

    /// A search of `solutions` solutions, each `slices` budget-spending
    /// slices of `nodes_per_look` nodes away, that raises `flag` when it has
    /// run `raise_after` slices.
    struct Slices<'a> {
        solutions: u64,
        slices: u64,
        run: u64,
        nodes: u64,
        raise_after: u64,
        flag: &'a AtomicBool,
    }

    impl Resume for Slices<'_> {
        fn resume(&mut self, budget: u64) -> Event {
            self.run += 1;
            if self.run == self.raise_after {
                self.flag.store(true, Ordering::Relaxed);
            }
            if !self.run.is_multiple_of(self.slices) {
                self.nodes += budget;
                Event::BudgetSpent
            } else if self.run / self.slices <= self.solutions {
                Event::Solution
            } else {
                Event::Exhausted
            }
        }

        fn nodes(&self) -> u64 {
            self.nodes
        }

        fn nodes_per_look(&self) -> u64 {
            4
        }
    }

    fn pursue(goal: Goal, raise_after: u64) -> (Status, Count, u64) {
        let flag = Arc::new(AtomicBool::new(false));
        let request: Request = Request::new(goal).with_stop(Stop::when(flag.clone()));
        let mut tally = Tally::new(&request);
        let mut search = Slices {
            solutions: 5,
            slices: 3,
            run: 0,
            nodes: 0,
            raise_after,
            flag: &flag,
        };
        let mut visited = 0;
        tally.run(&mut search, |_| {
            visited += 1;
            ControlFlow::Continue(())
        });
        (tally.status(), tally.count(), visited)
    }

    fn count(solutions: u64, complete: bool) -> Count {
        Count {
            solutions,
            complete,
        }
    }

    /// The stop is looked at between slices: a flag raised mid-search ends
    /// it at the next look, with what was found as a lower bound.
    #[test]
    fn a_flag_raised_mid_search_stops_at_the_next_look() {
        assert_eq!(pursue(Goal::All, 0), (Status::Multiple, count(5, true), 5));
        // Raised in the slice just before the second solution: the look
        // after the slice sees it.
        assert_eq!(pursue(Goal::All, 5), (Status::Timeout, count(1, false), 1));
        // Raised in a slice without a solution: seen right after it.
        assert_eq!(pursue(Goal::All, 4), (Status::Timeout, count(1, false), 1));
        // A goal met before the stop is looked at again is met.
        assert_eq!(pursue(Goal::First, 3), (Status::Solved, count(1, false), 1));
        assert_eq!(
            pursue(Goal::Unique, 6),
            (Status::Multiple, count(1, false), 1)
        );
    }

    #[test]
    fn goals_look_for_one_more_than_they_count() {
        assert_eq!((Goal::First.target(), Goal::First.limit()), (1, 1));
        assert_eq!((Goal::Unique.target(), Goal::Unique.limit()), (2, 1));
        let three = Goal::Count { limit: 3 };
        assert_eq!((three.target(), three.limit()), (4, 3));
        let most = Goal::Count { limit: u64::MAX };
        assert_eq!((most.target(), Goal::All.target()), (u64::MAX, u64::MAX));
        // Only the counted solutions are visited: three of five.
        assert_eq!(pursue(three, 0), (Status::Multiple, count(3, false), 3));
    }
}
