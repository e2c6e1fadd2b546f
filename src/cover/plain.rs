//! The plain search as a [`Worker`]: Dancing Links walks a subproblem's
//! tree, counting its solutions and, when they are printed, handing their
//! text to the [`Stream`] as it goes.

use std::io::Write;
use std::sync::atomic::Ordering;

use dance_dlx::{Event, ExactCount, OptionId, Problem, Solver};

use super::print;
use super::runner::{Halt, Hunt, Part, Tally, Work, Worker, select, unselect};
use super::stream::{Piece, Stream};

/// Nodes searched between two looks at the clock, the other workers and
/// the output: a few milliseconds at most.
const SLICE: u64 = 1 << 14;

/// What the plain workers of one search share.
pub struct Shared<'a, W> {
    /// The problem, to print solutions.
    pub problem: &'a Problem,
    /// What to look for.
    pub hunt: Hunt,
    /// When to stop.
    pub stop: &'a Halt,
    /// The counters the workers add to.
    pub tally: &'a Tally,
    /// Where the solutions go, when they are printed.
    pub stream: Option<&'a Stream<W>>,
}

/// One thread's plain search.
pub struct Plain<'a, W> {
    solver: Solver,
    shared: &'a Shared<'a, W>,
    work: Work,
    /// Scratch: a solution's options, sorted.
    sorted: Vec<OptionId>,
}

impl<'a, W: Write> Plain<'a, W> {
    /// A worker searching on `solver`.
    pub fn new(solver: Solver, shared: &'a Shared<'a, W>) -> Plain<'a, W> {
        Plain {
            solver,
            shared,
            work: Work::default(),
            sorted: Vec::new(),
        }
    }

    /// Searches the selected subproblem, the `index`-th; `(solutions,
    /// complete)`.
    fn search_here(&mut self, index: usize) -> (u64, bool) {
        let Shared {
            problem,
            hunt,
            stop,
            tally,
            stream,
        } = *self.shared;
        let mut piece = Piece::new(index);
        let mut found = 0;
        let mut complete = false;
        self.solver.rewind();
        loop {
            // Solutions found by the other workers end a count with a limit:
            // any `limit` solutions tell the count line what it needs.
            let enough = if hunt.keep {
                stream.is_some_and(|stream| !stream.wants(index))
            } else {
                tally.solutions.load(Ordering::Relaxed) >= hunt.limit
            };
            if found == hunt.limit || enough || stop.now() {
                break;
            }
            match self.solver.resume(SLICE) {
                Event::Solution => {
                    found += 1;
                    tally.solutions.fetch_add(1, Ordering::Relaxed);
                    // A count needs no solution: building and sorting one
                    // per solution costs 3-4% of a 13-queens count.
                    if hunt.keep {
                        self.sorted.clear();
                        self.sorted.extend(self.solver.solution());
                        self.sorted.sort_unstable();
                        piece.push(|text| print::solution(problem, &self.sorted, text));
                        if piece.is_full() && !self.deliver(&mut piece, false) {
                            break;
                        }
                    }
                }
                Event::Exhausted => {
                    complete = true;
                    break;
                }
                // The solutions so far reach the output before the search
                // goes on: the first appears as soon as it is found.
                Event::BudgetSpent => {
                    if !piece.is_empty() && !self.deliver(&mut piece, false) {
                        break;
                    }
                }
            }
        }
        if hunt.keep {
            if !complete {
                piece.cut();
            }
            self.deliver(&mut piece, true);
        }
        let stats = self.solver.stats();
        self.work.nodes += stats.nodes;
        self.work.updates += stats.updates;
        self.solver.rewind();
        (found, complete)
    }

    /// Hands `piece` to the stream; `false` (and every worker told to
    /// stop) when the stream is closed: the limit is reached or the output
    /// failed.
    fn deliver(&self, piece: &mut Piece, finished: bool) -> bool {
        let Some(stream) = self.shared.stream else {
            return true;
        };
        let open = stream.deliver(piece, finished).is_ok();
        if !open {
            self.shared.stop.stop();
        }
        open
    }
}

impl<W: Write> Worker for Plain<'_, W> {
    fn search(&mut self, index: usize, prefix: &[OptionId]) -> anyhow::Result<Part> {
        let selected = select(&mut self.solver, prefix);
        let (found, complete) = self.search_here(index);
        unselect(&mut self.solver, selected);
        Ok(Part {
            count: ExactCount::from(found),
            complete,
        })
    }

    fn work(&self) -> Work {
        self.work
    }
}
