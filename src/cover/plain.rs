//! The plain search as a [`Worker`]: the library's [`Pursuit`] of the
//! request walks a subproblem's tree with Dancing Links, counting its
//! solutions and, when they are printed, handing their text to the
//! [`Stream`] as it goes. The pursuit decides when to stop (the goal, the
//! deadline, the flags); the worker only adds the output and the tally.

use std::io::Write;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use dance_dlx::{Event, ExactCount, OptionId, Problem, Pursuit, Request, Resume, Solver, Status};

use super::print;
use super::runner::{Effort, LiveCounts, PartCount, Worker, select, unselect};
use super::stream::{Piece, Stream};

/// What the plain workers of one search share.
pub struct Shared<'a, W> {
    /// The problem, to print solutions.
    pub problem: &'a Problem,
    /// What to look for, and until when: the run's stop, with `enough`.
    pub request: Request,
    /// Print the solutions, not just count them.
    pub keep: bool,
    /// Raised when the run has what it looks for — a count's limit passed
    /// (by all the workers together), or the output closed — so that every
    /// worker stops.
    pub enough: Arc<AtomicBool>,
    /// The counters the workers add to.
    pub tally: &'a LiveCounts,
    /// Where the solutions go, when they are printed.
    pub stream: Option<&'a Stream<W>>,
}

/// One thread's plain search.
pub struct Plain<'a, W> {
    solver: Solver,
    shared: &'a Shared<'a, W>,
    /// The shared request, stopped also by `passed` when the solutions are
    /// printed.
    request: Request,
    /// Raised when the stream wants nothing more of this worker's
    /// subproblem (the limit is met by the ones before it); lowered at the
    /// start of each.
    passed: Arc<AtomicBool>,
    work: Effort,
    /// Scratch: a solution's options, sorted.
    sorted: Vec<OptionId>,
}

impl<'a, W: Write> Plain<'a, W> {
    /// A worker searching on `solver`.
    pub fn new(solver: Solver, shared: &'a Shared<'a, W>) -> Plain<'a, W> {
        let passed = Arc::new(AtomicBool::new(false));
        let mut request = shared.request.clone();
        // Only printed solutions pass: a count has no flag to spare at every
        // solution's look.
        if shared.keep {
            request.stop = request.stop.with_flag(passed.clone());
        }
        Plain {
            solver,
            shared,
            request,
            passed,
            work: Effort::default(),
            sorted: Vec::new(),
        }
    }

    /// Searches the selected subproblem, the `index`-th; `(solutions,
    /// complete)`.
    fn search_here(&mut self, index: usize) -> (u64, bool) {
        let Shared {
            problem,
            keep,
            ref enough,
            tally,
            stream,
            ..
        } = *self.shared;
        let goal = self.request.goal;
        let target = goal.target();
        self.passed.store(false, Ordering::Relaxed);
        let mut piece = Piece::new(index);
        let mut pursuit = Pursuit::new(&self.request);
        self.solver.rewind();
        let mut slices = Slices {
            solver: &mut self.solver,
            piece: &mut piece,
            stream,
            enough,
            passed: &self.passed,
        };
        let sorted = &mut self.sorted;
        let mut found = 0;
        pursuit.run(&mut slices, |slices| {
            found += 1;
            let total = tally.solutions.fetch_add(1, Ordering::Relaxed) + 1;
            if !keep {
                // Any `target` solutions, whoever found them, tell the
                // count line what it needs.
                if total >= target {
                    enough.store(true, Ordering::Relaxed);
                    return ControlFlow::Break(());
                }
                return ControlFlow::Continue(());
            }
            // A count needs no solution: building and sorting one per
            // solution costs 3-4% of a 13-queens count.
            sorted.clear();
            sorted.extend(slices.solver.solution());
            sorted.sort_unstable();
            slices
                .piece
                .push(|text| print::solution(problem, sorted, text));
            if slices.piece.is_full() && !slices.deliver(false) {
                return ControlFlow::Break(());
            }
            // The printed solutions need no (limit + 1)-th to tell.
            if found == goal.limit() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        let count = pursuit.count();
        if keep {
            if !count.complete {
                slices.piece.cut();
            }
            slices.deliver(true);
        } else if !count.complete && pursuit.status() != Status::Timeout {
            // The subproblem alone met the goal: the others can stop.
            enough.store(true, Ordering::Relaxed);
        }
        let stats = self.solver.stats();
        self.work.nodes += stats.nodes;
        self.work.updates += stats.updates;
        self.solver.rewind();
        (found, count.complete)
    }
}

/// A subproblem's search as the [`Pursuit`] drives it: the solver's
/// slices, after each of which the solutions so far reach the output, so
/// that the first appears as soon as it is found.
struct Slices<'s, W> {
    solver: &'s mut Solver,
    piece: &'s mut Piece,
    stream: Option<&'s Stream<W>>,
    enough: &'s AtomicBool,
    passed: &'s AtomicBool,
}

impl<W: Write> Slices<'_, W> {
    /// Hands the piece to the stream; `false` (and every worker told to
    /// stop) when the stream is closed: the limit is reached or the output
    /// failed.
    fn deliver(&mut self, finished: bool) -> bool {
        let Some(stream) = self.stream else {
            return true;
        };
        let open = stream.deliver(self.piece, finished).is_ok();
        if !open {
            self.enough.store(true, Ordering::Relaxed);
        }
        open
    }
}

impl<W: Write> Resume for Slices<'_, W> {
    fn resume(&mut self, budget: u64) -> Event {
        let event = self.solver.resume(budget);
        if event == Event::BudgetSpent {
            if !self.piece.is_empty() {
                self.deliver(false);
            }
            if self
                .stream
                .is_some_and(|stream| !stream.wants(self.piece.index()))
            {
                self.passed.store(true, Ordering::Relaxed);
            }
        }
        event
    }

    fn nodes_per_look(&self) -> u64 {
        self.solver.nodes_per_look()
    }
}

impl<W: Write> Worker for Plain<'_, W> {
    fn search(&mut self, index: usize, prefix: &[OptionId]) -> anyhow::Result<PartCount> {
        let selected = select(&mut self.solver, prefix);
        let (found, complete) = self.search_here(index);
        unselect(&mut self.solver, selected);
        Ok(PartCount {
            count: ExactCount::from(found),
            complete,
        })
    }

    fn work(&self) -> Effort {
        self.work
    }
}
