//! The one executor: every [`Goal`] of a [`Request`] answered on any number
//! of threads, with one [`Stop`](crate::Stop), one limit, one bound and one
//! [`Progress`] for all of them — and on one thread, by the same code with
//! one part. [`Solver::run`] is an [`Executor`] of one thread.
//!
//! The tree is cut into subproblems ("parts", a few dozen per thread, in
//! the sequential search's order), which the threads take one at a time,
//! each on a copy of the solver; every part's search is the goal's fold on
//! the one drive loop, so the stop — the timeout, run from the start of
//! the whole search, the deadline, the flags — is looked at as on one
//! thread, and nowhere else. What the threads share depends on the goal:
//!
//! * **a count** ([`Goal::Count`], [`Goal::All`] with nothing to visit):
//!   one total; once it reaches the goal's target (one more than its
//!   limit), every thread stops. The answer is one thread's: the same
//!   count, exact or `N+`, and status.
//! * **solutions in order** ([`Goal::First`], [`Goal::Unique`], or any
//!   goal of solutions with a visitor): the [ordered stream](crate::ordered),
//!   one position a part; the visitor sees the solutions on the calling
//!   thread in the order one thread finds them, the first `limit` of them.
//!   A later part's solutions wait until the parts before it are done (at
//!   most 16 MiB of them; past that, the thread of a later part
//!   waits for its turn). When the stop ends the search, the visitor has
//!   seen the beginning of the sequential order, and the answer counts what
//!   it saw.
//! * **the cheapest** ([`Goal::Best`]): the parts cheapest first, and one
//!   heap of the `k` cheapest so far whose bound every thread reads — so
//!   the answer is one thread's, ties included.
//! * **a memo's count** ([`Goal::MemoCount`]): one memo that every thread
//!   fills and reads, within one budget, the parts cut in the memo's order;
//!   every other thread walks its parts bottom up and from the last one
//!   back, so that two threads meet the states from both ends.
//!
//! The diagram ([`Goal::Zdd`]), samples, the estimate and the cut run on
//! the calling thread. Problems with multiplicities are searched on one
//! thread (their tree is not cut into options).
//!
//! ```
//! use std::ops::ControlFlow;
//! use dance_dlx::{Goal, Progress, Request, Solver, Status, Threads, problems::n_queens};
//! use dance_dlx::threads::Executor;
//!
//! let mut solver = Solver::new(&n_queens(10));
//! let progress = Progress::new();
//! // The `-j 4` of the command line, from the library.
//! let four = Executor::new(Threads::new(4)?).with_progress(&progress);
//! let all = four.run_with(&mut solver, &Request::new(Goal::All), |_| ControlFlow::Continue(()));
//! assert_eq!((all.count.to_string(), all.status), ("724".to_owned(), Status::Multiple));
//! assert_eq!(progress.solutions(), 724);
//! let limited = four.run(&mut solver, &Request::new(Goal::Count { limit: 100 }));
//! assert_eq!(limited.count.to_string(), "100+");
//! // The first solution is the one thread's first.
//! let first = four.run(&mut solver, &Request::new(Goal::First));
//! assert_eq!(first.solution, solver.solutions().next());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use crate::contract::answer::{Answer, Count, Findings, Status};
use crate::contract::count::BigCount;
use crate::contract::request::{Cut, Goal, Request};
use crate::contract::stats::{MemoStats, Stats};
use crate::contract::stop::Alarm;
use crate::contract::threads::Threads;
use crate::contract::zdd::ZddError;
use crate::goals::best::{self, Cheapest, Kept};
use crate::goals::enumerate::Tally;
use crate::goals::estimate::estimate;
use crate::goals::memo::MemoCounter;
use crate::goals::split::{self, PARTS_PER_THREAD};
use crate::goals::zdd;
use crate::machine::driver::{Event, Resume};
use crate::machine::memo::order::OptionOrder;
use crate::machine::memo::shared::SharedMemo;
use crate::machine::solver::Solver;
use crate::model::ids::OptionId;
use crate::rng::SplitMix64;
use crate::runtime::ordered::Ordered;

/// The most bytes of solutions found and not visited yet in an ordered
/// search on threads (each solution its options and a vector's header),
/// the bound of its [ordered stream](crate::ordered): past it, the threads
/// of later parts wait for their turn; the part in turn never waits.
const WAITING: usize = 16 << 20;

/// Solutions a thread gathers into one batch before handing them to the
/// calling thread (and at the end of every slice of its search, so that
/// the first comes soon): two allocations a batch, not one a solution.
const BATCH: usize = 256;

/// A visitor of what a goal finds: the options as [`Solver::run_with`]
/// takes them, or their text made by a renderer
/// ([`Executor::run_rendered`]) — on the thread that found them, in a
/// search on threads.
enum Visitor<'v> {
    Options(&'v mut dyn FnMut(&[OptionId]) -> ControlFlow<()>),
    Rendered {
        render: &'v (dyn Fn(&[OptionId], &mut Vec<u8>) + Sync),
        visit: &'v mut dyn FnMut(&[u8]) -> ControlFlow<()>,
        text: Vec<u8>,
    },
}

impl Visitor<'_> {
    /// Visits `options` (rendered first, on this thread, for a renderer).
    fn visit(&mut self, options: &[OptionId]) -> ControlFlow<()> {
        match self {
            Visitor::Options(visit) => visit(options),
            Visitor::Rendered {
                render,
                visit,
                text,
            } => {
                text.clear();
                render(options, text);
                visit(text)
            }
        }
    }
}

/// Visits with `visitor`, if there is one.
fn visit(visitor: &mut Option<Visitor<'_>>, options: &[OptionId]) -> ControlFlow<()> {
    visitor
        .as_mut()
        .map_or(ControlFlow::Continue(()), |visitor| visitor.visit(options))
}

/// Live counters of a search, which the caller reads from another thread
/// (a progress bar) while the search runs.
#[derive(Debug, Default)]
pub struct Progress {
    solutions: AtomicU64,
    nodes: AtomicU64,
    parts: AtomicU64,
    done: AtomicU64,
}

impl Progress {
    /// Counters at zero.
    pub fn new() -> Progress {
        Progress::default()
    }

    /// Solutions found so far, by every thread: the plain search's, or
    /// for [`Goal::Best`] those its bound let through (each cheaper than
    /// the `k`-th kept when it was found).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// Search nodes so far (the memo's walks', at each of their looks).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The parts the tree was cut into: 0 until the search has started,
    /// 1 when it runs on one thread.
    pub fn parts(&self) -> u64 {
        self.parts.load(Ordering::Relaxed)
    }

    /// Parts finished so far.
    pub fn parts_done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }
}

/// Answers requests on a number of threads: see the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub struct Executor<'p> {
    threads: usize,
    progress: Option<&'p Progress>,
}

impl Executor<'static> {
    /// An executor of `threads` threads (the calling one among them).
    pub fn new(threads: Threads) -> Executor<'static> {
        Executor {
            threads: threads.count(),
            progress: None,
        }
    }
}

impl<'p> Executor<'p> {
    /// The same executor, keeping `progress` up to date as the threads go —
    /// solutions, the memo's nodes, parts done.
    pub fn with_progress<'q>(self, progress: &'q Progress) -> Executor<'q> {
        Executor {
            threads: self.threads,
            progress: Some(progress),
        }
    }

    /// The threads it runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Answers `request` on `solver`'s problem with its selected options,
    /// as one thread answers it ([`Solver::run`]) but for the statistics
    /// (every thread's work, added up).
    pub fn run(&self, solver: &mut Solver, request: &Request) -> Answer {
        self.serve(solver, request, None)
    }

    /// [`run`](Self::run), handing what the goal finds to `visit` on the
    /// calling thread, in the order one thread finds it (see
    /// [`Solver::run_with`]).
    pub fn run_with(
        &self,
        solver: &mut Solver,
        request: &Request,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        self.serve(solver, request, Some(Visitor::Options(&mut visit)))
    }

    /// [`run_with`](Self::run_with), but what reaches the calling thread is
    /// the text `render` makes of each solution (or cheapest solution,
    /// sample, subproblem), written on the thread that found it: so that a
    /// caller who prints every solution formats them on all the threads
    /// and only writes on its own. On threads the answer keeps no solution
    /// (its text was visited).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dance_dlx::threads::Executor;
    /// use dance_dlx::{Goal, Request, Solver, Threads, problems::n_queens};
    ///
    /// let mut printed = Vec::new();
    /// let answer = Executor::new(Threads::new(2)?).run_rendered(
    ///     &mut Solver::new(&n_queens(6)),
    ///     &Request::new(Goal::All),
    ///     |options, text| text.extend(format!("{}\n", options.len()).bytes()),
    ///     |text| {
    ///         printed.extend_from_slice(text);
    ///         ControlFlow::Continue(())
    ///     },
    /// );
    /// assert_eq!((answer.count.solutions, printed), (4, b"6\n6\n6\n6\n".to_vec()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn run_rendered(
        &self,
        solver: &mut Solver,
        request: &Request,
        render: impl Fn(&[OptionId], &mut Vec<u8>) + Sync,
        mut visit: impl FnMut(&[u8]) -> ControlFlow<()>,
    ) -> Answer {
        let visitor = Visitor::Rendered {
            render: &render,
            visit: &mut visit,
            text: Vec::new(),
        };
        self.serve(solver, request, Some(visitor))
    }

    /// The one place that sends each goal to its search.
    fn serve(&self, solver: &mut Solver, request: &Request, visit: Option<Visitor<'_>>) -> Answer {
        // One clock for every part and every thread: a timeout runs from
        // here.
        let request = Request::new(request.goal).with_stop(request.stop.from_now());
        let local = Progress::new();
        let run = Run {
            threads: self.threads.max(1),
            progress: self.progress.unwrap_or(&local),
            request: &request,
        };
        let alarm = request.stop.arm();
        let answer = match request.goal {
            Goal::Best { k } => run.best(solver, k, &alarm, visit),
            Goal::MemoCount { memory } => run.memo_count(solver, memory, &alarm),
            Goal::Zdd { memory } => run.zdd(solver, memory, &alarm, None),
            Goal::Sample {
                samples,
                seed,
                memory,
            } => run.zdd(solver, memory, &alarm, Some((samples, seed, visit))),
            Goal::Estimate { probes, seed } => run.estimate(solver, probes, seed, &alarm),
            Goal::Split(cut) => run.split(solver, cut, &alarm, visit),
            _ => run.enumerate(solver, visit),
        };
        solver.restart();
        answer
    }
}

/// The answers of one thread: an [`Executor`] of one.
impl Solver {
    /// Answers `request` on this thread: the first solution, the
    /// uniqueness verdict, a count that says whether it is exact, every
    /// solution counted, the cheapest, a count of any size with a memo, a
    /// diagram, samples, an estimate or the parts of a cut tree — stopped
    /// early by the request's [`Stop`](crate::Stop) if it says so (see the
    /// [request module](crate::request)). The selected options are part of
    /// every solution.
    ///
    /// ```
    /// use dance_dlx::{Goal, Request, Solver, Status, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(4));
    /// let unique = solver.run(&Request::new(Goal::Unique));
    /// assert_eq!(unique.status, Status::Multiple); // 2 solutions
    /// assert_eq!(unique.solution, None);
    /// let first = solver.run(&Request::new(Goal::First));
    /// assert_eq!(first.status, Status::Solved);
    /// assert_eq!(first.solution.map(|options| options.len()), Some(4));
    /// let all = solver.run(&Request::new(Goal::All));
    /// assert_eq!(all.count.to_string(), "2");
    /// ```
    pub fn run(&mut self, request: &Request) -> Answer {
        Executor::new(Threads::ONE).run(self, request)
    }

    /// [`run`](Solver::run), handing what the goal finds to `visit` as it
    /// is found: every solution the answer counts (at most the goal's
    /// [`limit`](crate::Goal::limit): with [`Goal::All`], every one), in
    /// search order; the cheapest solutions, cheapest first, once they are
    /// proven; each sample as it is drawn; each subproblem of a cut.
    /// `visit` may end the search with [`ControlFlow::Break`]: the answer
    /// then counts what was found so far, as a lower bound.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dance_dlx::{Goal, Request, Solver, problems::n_queens};
    ///
    /// let mut solver = Solver::new(&n_queens(8));
    /// let mut seen = 0;
    /// let answer = solver.run_with(&Request::new(Goal::Count { limit: 3 }), |solution| {
    ///     assert_eq!(solution.len(), 8);
    ///     seen += 1;
    ///     ControlFlow::Continue(())
    /// });
    /// // Three solutions visited; the fourth, found only to tell "3" from
    /// // "3+", is not.
    /// assert_eq!((seen, answer.count.to_string()), (3, "3+".to_owned()));
    /// ```
    pub fn run_with(
        &mut self,
        request: &Request,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        Executor::new(Threads::ONE).run_with(self, request, visit)
    }

    /// The number of solutions: [`Goal::All`]'s count.
    pub fn count(&mut self) -> u64 {
        self.run(&Request::new(Goal::All)).count.solutions
    }
}

/// One request on its way through the executor.
struct Run<'r> {
    threads: usize,
    progress: &'r Progress,
    request: &'r Request,
}

impl Run<'_> {
    /// The parts of `solver`'s tree for the threads: `None` for one
    /// thread, a problem with multiplicities or a tree that cannot be cut.
    fn parts(&self, solver: &mut Solver, alarm: &Alarm<'_>) -> Option<Vec<Vec<OptionId>>> {
        self.parts_of(solver, PARTS_PER_THREAD, alarm)
    }

    /// [`parts`](Self::parts), at least `per_thread` for each thread.
    fn parts_of(
        &self,
        solver: &mut Solver,
        per_thread: usize,
        alarm: &Alarm<'_>,
    ) -> Option<Vec<Vec<OptionId>>> {
        if self.threads <= 1 || solver.multiplicities.is_some() {
            return None;
        }
        let at_least = self.threads.saturating_mul(per_thread);
        Some(split::parts(solver, at_least, alarm)).filter(|parts| parts.len() > 1)
    }

    /// The goals of solutions and counts.
    fn enumerate(&self, solver: &mut Solver, visit: Option<Visitor<'_>>) -> Answer {
        let alarm = self.request.stop.arm();
        let Some(parts) = self.parts(solver, &alarm) else {
            self.progress.parts.store(1, Ordering::Relaxed);
            let answer = self.enumerate_here(solver, visit);
            self.progress.done.store(1, Ordering::Relaxed);
            return answer;
        };
        self.progress
            .parts
            .store(parts.len() as u64, Ordering::Relaxed);
        let board = Board::new(self.request, self.progress);
        let threads = self.threads.min(parts.len());
        match visit {
            None if !board.request.goal.keeps_solution() => board.count(solver, &parts, threads),
            None => board.ordered(solver, &parts, threads, &Options, &mut |_| {
                ControlFlow::Continue(())
            }),
            Some(Visitor::Options(visit)) => {
                board.ordered(solver, &parts, threads, &Options, visit)
            }
            Some(Visitor::Rendered { render, visit, .. }) => {
                board.ordered(solver, &parts, threads, &Rendering(render), visit)
            }
        }
    }

    /// The goals of solutions and counts on this thread: the request's
    /// tally over the solver, a solution built only for a goal that keeps
    /// one or a visitor.
    fn enumerate_here(&self, solver: &mut Solver, mut visit: Option<Visitor<'_>>) -> Answer {
        solver.rewind();
        let keep = self.request.goal.keeps_solution();
        let mut tally = Tally::new(self.request);
        let mut kept = None;
        let mut solution = Vec::new();
        let progress = self.progress;
        tally.run(solver, |solver| {
            progress.solutions.fetch_add(1, Ordering::Relaxed);
            if keep && kept.is_none() {
                kept = Some(solver.solution().collect());
            }
            match &mut visit {
                Some(visitor) => {
                    solution.clear();
                    solution.extend(solver.solution());
                    visitor.visit(&solution)
                }
                None => ControlFlow::Continue(()),
            }
        });
        solver.unwind();
        tally.answer(kept, solver.stats(), ())
    }

    /// [`Goal::Best`]: the first `k` of the plain search when nothing
    /// costs anything, Algorithm M's capped walk for multiplicities (on
    /// this thread), else DLX5's search on every part, the kept solutions
    /// shared.
    fn best(
        &self,
        solver: &mut Solver,
        k: u64,
        alarm: &Alarm<'_>,
        mut visitor: Option<Visitor<'_>>,
    ) -> Answer {
        solver.restart();
        let found = if k == 0 {
            best::nothing()
        } else if solver.costs.iter().all(|&cost| cost == 0) {
            best::first_k(solver, k, alarm)
        } else if solver.multiplicities.is_some() {
            best::bounded(solver, k, alarm)
        } else {
            self.priced(solver, k, alarm)
        };
        best::answer(found, |options| visit(&mut visitor, options))
    }

    /// DLX5's search on every part, on the threads, all of them offering
    /// their solutions to one heap whose bound each reads.
    fn priced(&self, solver: &mut Solver, k: u64, alarm: &Alarm<'_>) -> Cheapest {
        let shared = Mutex::new(Kept::new(k, true));
        let mut parts = self
            .parts_of(solver, best::PARTS_PER_THREAD, alarm)
            .unwrap_or_else(|| vec![Vec::new()]);
        // The cheapest beginnings first: their solutions lower the bound
        // for the others sooner.
        parts.sort_by_cached_key(|part| best::cost_of(&solver.costs, part));
        self.progress
            .parts
            .store(parts.len() as u64, Ordering::Relaxed);
        let queue = Queue::new(parts.len());
        let stopped = AtomicBool::new(false);
        let work = |solver: &mut Solver, _: Worker| -> Stats {
            let alarm = self.request.stop.arm();
            let mut stats = Stats::default();
            while !stopped.load(Ordering::Relaxed) {
                let Some(index) = queue.take(false) else {
                    break;
                };
                if best::search_part(
                    solver,
                    &parts[index],
                    &shared,
                    &self.progress.solutions,
                    &alarm,
                    &mut stats,
                ) {
                    stopped.store(true, Ordering::Relaxed);
                }
                self.progress.done.fetch_add(1, Ordering::Relaxed);
            }
            stats
        };
        let mut stats = Stats::default();
        for worked in fan_out(solver, self.threads.min(parts.len()), &work) {
            stats += worked;
        }
        let kept = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
        Cheapest {
            solutions: kept.into_sorted(),
            proven: !stopped.into_inner() && !alarm.rung(),
            stats,
        }
    }

    /// [`Goal::MemoCount`]: the memo's count of the problem with its
    /// selected options, within `memory` bytes for every thread — on
    /// threads, one [`SharedMemo`] that every thread fills and reads, so
    /// that a state one thread counted is found by the others.
    fn memo_count(&self, solver: &mut Solver, memory: usize, alarm: &Alarm<'_>) -> Answer {
        // One memo for every thread, and the tree cut as the memo's count
        // breaks ties, so that the parts meet the same states. The shared
        // memo does not take Algorithm M's states: a problem with
        // multiplicities counts on this thread.
        let shared = if self.threads > 1 && solver.multiplicities.is_none() {
            SharedMemo::new(solver, memory)
                .and_then(|memo| MemoCounter::shared(&memo, solver))
                .ok()
                .and_then(|counter| {
                    let at_least = self.threads.saturating_mul(PARTS_PER_THREAD);
                    let parts = split::parts_in_order(solver, counter.order(), at_least, alarm);
                    (parts.len() > 1).then_some((counter, parts))
                })
        } else {
            None
        };
        let (count, stats) = match shared {
            None => {
                self.progress.parts.store(1, Ordering::Relaxed);
                let mut counter = MemoCounter::new(solver, memory);
                let mut watched = 0;
                let count =
                    counter.count_until(solver, alarm, &mut watch(self.progress, &mut watched));
                let count = count.expect("a counter made for this solver's problem");
                // The walk shows its figures at its looks only: the rest now.
                watch(self.progress, &mut watched)(&counter.stats());
                self.progress.done.store(1, Ordering::Relaxed);
                (count, counter.stats())
            }
            Some((counter, parts)) => self.memo_count_on_threads(solver, &counter, &parts),
        };
        let found = self
            .request
            .goal
            .big_count_of(count.solutions.clone(), count.complete);
        let small = Count::from(&found);
        let status = if count.complete {
            Status::of(small.solutions, true, false)
        } else {
            Status::Timeout
        };
        Answer {
            status,
            count: small,
            solution: None,
            stats: stats.search,
            engine: (),
            findings: Findings::Memo {
                count: found,
                stats,
            },
        }
    }

    /// The memo's count of `parts` on the threads, each with a clone of
    /// `counter` (every other one bottom up, taking the parts from the last
    /// one back).
    fn memo_count_on_threads(
        &self,
        solver: &mut Solver,
        counter: &MemoCounter,
        parts: &[Vec<OptionId>],
    ) -> (Count<BigCount>, MemoStats) {
        self.progress
            .parts
            .store(parts.len() as u64, Ordering::Relaxed);
        let queue = Queue::new(parts.len());
        let work = |solver: &mut Solver, worker: Worker| -> (BigCount, bool, MemoStats) {
            let mut counter = counter.clone();
            let back = worker.index % 2 == 1;
            if back {
                counter.set_option_order(OptionOrder::BottomUp);
            }
            let mut solutions = BigCount::ZERO;
            let mut complete = true;
            let mut watched = 0;
            let alarm = self.request.stop.arm();
            while let Some(index) = queue.take(back) {
                // After a stop the parts left are not started.
                if alarm.rung() {
                    complete = false;
                    break;
                }
                let selected = select_all(solver, &parts[index]);
                let count =
                    counter.count_until(solver, &alarm, &mut watch(self.progress, &mut watched));
                watch(self.progress, &mut watched)(&counter.stats());
                unselect_to(solver, selected);
                let count = count.expect("a counter made for this solver's problem");
                solutions += &count.solutions;
                complete &= count.complete;
                self.progress.done.fetch_add(1, Ordering::Relaxed);
            }
            (solutions, complete, counter.stats())
        };
        let mut solutions = BigCount::ZERO;
        let mut complete = true;
        let mut stats = MemoStats::default();
        for (found, whole, worked) in fan_out(solver, self.threads.min(parts.len()), &work) {
            solutions += &found;
            complete &= whole;
            stats = stats.with_part(&worked);
        }
        (
            Count {
                solutions,
                complete,
            },
            stats,
        )
    }

    /// [`Goal::Zdd`], and with `samples` ([`Goal::Sample`]) that many
    /// solutions drawn from the diagram, each handed to the visitor.
    fn zdd(
        &self,
        solver: &mut Solver,
        memory: usize,
        alarm: &Alarm<'_>,
        samples: Option<(u64, u64, Option<Visitor<'_>>)>,
    ) -> Answer {
        self.progress.parts.store(1, Ordering::Relaxed);
        let mut watched = 0;
        let built = zdd::build(
            solver,
            memory,
            alarm,
            &mut watch(self.progress, &mut watched),
        );
        if let Ok((_, stats)) = &built {
            watch(self.progress, &mut watched)(stats);
        }
        let (zdd, stats) = match built {
            Ok(built) => built,
            Err(error) => {
                let findings = match error {
                    ZddError::TooManyNodes => Findings::TooLarge,
                    _ => Findings::None,
                };
                return found(
                    Status::Timeout,
                    Count {
                        solutions: 0,
                        complete: false,
                    },
                    Stats::default(),
                    findings,
                );
            }
        };
        self.progress.done.store(1, Ordering::Relaxed);
        let whole = Count {
            solutions: zdd.count().clone(),
            complete: true,
        };
        let (status, count) = match samples {
            None => {
                let count = Count::from(&whole);
                (Status::of(count.solutions, true, false), count)
            }
            Some((samples, seed, visit)) => draw(&zdd, samples, seed, alarm, visit),
        };
        Answer {
            status,
            count,
            solution: None,
            stats: stats.search,
            engine: (),
            findings: Findings::Zdd {
                zdd: Box::new(zdd),
                stats,
            },
        }
    }

    /// [`Goal::Estimate`], on this thread.
    fn estimate(&self, solver: &mut Solver, probes: u32, seed: u64, alarm: &Alarm<'_>) -> Answer {
        self.progress.parts.store(1, Ordering::Relaxed);
        let estimate = estimate(solver, probes, seed, alarm);
        self.progress.done.store(1, Ordering::Relaxed);
        let whole = estimate.probes == probes;
        found(
            if whole {
                Status::Solved
            } else {
                Status::Timeout
            },
            Count {
                solutions: 0,
                complete: false,
            },
            Stats::default(),
            Findings::Estimate(estimate),
        )
    }

    /// [`Goal::Split`], on this thread: each subproblem handed to the
    /// visitor as it is found.
    fn split(
        &self,
        solver: &mut Solver,
        cut: Cut,
        alarm: &Alarm<'_>,
        mut visitor: Option<Visitor<'_>>,
    ) -> Answer {
        self.progress.parts.store(1, Ordering::Relaxed);
        let mut parts: Vec<Vec<OptionId>> = Vec::new();
        let mut broke = false;
        let whole = match cut {
            Cut::Depth(depth) => split::split(solver, depth, alarm, |path| {
                parts.push(path.to_vec());
                let flow = visit(&mut visitor, path);
                broke |= flow.is_break();
                flow
            }),
            Cut::Parts(at_least) => {
                parts = split::parts(solver, at_least, alarm);
                for part in &parts {
                    if visit(&mut visitor, part).is_break() {
                        broke = true;
                        break;
                    }
                }
                !alarm.rung()
            }
        };
        self.progress.done.store(1, Ordering::Relaxed);
        let stats = solver.stats();
        let found = parts.len() as u64;
        Answer {
            status: Status::of(found.min(2), whole || broke, !whole && !broke),
            count: Count {
                solutions: found,
                complete: whole,
            },
            solution: None,
            stats,
            engine: (),
            findings: Findings::Parts(parts),
        }
    }
}

/// The answer of a goal that keeps no solution: its status, count, work
/// and findings.
fn found(status: Status, count: Count, stats: Stats, findings: Findings) -> Answer {
    Answer {
        status,
        count,
        solution: None,
        stats,
        engine: (),
        findings,
    }
}

/// `samples` solutions drawn uniformly from `zdd` with the random numbers
/// of `seed`, each handed to `visit`, until `alarm` rings: the status and
/// the count of the samples drawn.
fn draw(
    zdd: &crate::contract::zdd::Zdd,
    samples: u64,
    seed: u64,
    alarm: &Alarm<'_>,
    mut visitor: Option<Visitor<'_>>,
) -> (Status, Count) {
    if zdd.count().is_zero() {
        return (
            Status::NoSolution,
            Count {
                solutions: 0,
                complete: true,
            },
        );
    }
    let mut rng = SplitMix64::new(seed);
    let mut drawn = 0;
    while drawn < samples {
        if alarm.rung() {
            return (
                Status::Timeout,
                Count {
                    solutions: drawn,
                    complete: false,
                },
            );
        }
        let Some(sample) = zdd.sample(&mut rng) else {
            break;
        };
        drawn += 1;
        if visit(&mut visitor, &sample).is_break() {
            break;
        }
    }
    (
        Status::Solved,
        Count {
            solutions: drawn,
            complete: drawn == samples,
        },
    )
}

/// A memo's watcher that adds its nodes to `progress`: `watched`, the
/// nodes added so far (a counter's statistics add up over its counts).
fn watch<'a>(progress: &'a Progress, watched: &'a mut u64) -> impl FnMut(&MemoStats) + 'a {
    move |stats: &MemoStats| {
        progress.nodes.fetch_add(
            stats.search.nodes.saturating_sub(*watched),
            Ordering::Relaxed,
        );
        *watched = stats.search.nodes;
    }
}

/// The parts not taken yet, from the front or from the back.
struct Queue(Mutex<Range<usize>>);

impl Queue {
    fn new(parts: usize) -> Queue {
        Queue(Mutex::new(0..parts))
    }

    /// The next part from the front, or from the back.
    fn take(&self, back: bool) -> Option<usize> {
        let mut left = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if back { left.next_back() } else { left.next() }
    }
}

/// Who runs a share of the work: the calling thread (index 0) or another,
/// on a copy of the solver (dropped after, so a stopped search on it need
/// not be backed out of).
#[derive(Clone, Copy, Debug)]
struct Worker {
    index: usize,
    copy: bool,
}

/// Runs `work` on `threads` threads: the calling one, with `solver`, and
/// copies of it. A thread the system will not start leaves its share to the
/// others (the parts are taken from one queue).
fn fan_out<T: Send>(
    solver: &mut Solver,
    threads: usize,
    work: &(impl Fn(&mut Solver, Worker) -> T + Sync),
) -> Vec<T> {
    let on_copy = |copy: &mut Solver, index| work(copy, Worker { index, copy: true });
    thread::scope(|scope| {
        let handles = spawn_copies(scope, solver, 1..threads, &on_copy);
        let mut results = Vec::with_capacity(threads);
        results.push(work(
            solver,
            Worker {
                index: 0,
                copy: false,
            },
        ));
        results.extend(join_all(handles));
        results
    })
}

/// Starts a thread for each index of `indices`, each running `work` on a
/// copy of `solver` (dropped after, so a stopped search on it need not be
/// backed out of) — the one place of the crate that starts threads. A
/// thread the system will not start is left out of the handles.
fn spawn_copies<'scope, 'env, T: Send + 'scope>(
    scope: &'scope thread::Scope<'scope, 'env>,
    solver: &Solver,
    indices: std::ops::Range<usize>,
    work: &'scope (impl Fn(&mut Solver, usize) -> T + Sync),
) -> Vec<thread::ScopedJoinHandle<'scope, T>> {
    indices
        .filter_map(|index| {
            let mut copy = solver.clone();
            thread::Builder::new()
                .spawn_scoped(scope, move || work(&mut copy, index))
                .ok()
        })
        .collect()
}

/// Waits for every thread of `handles`, in order; a thread's panic goes on
/// in the caller.
fn join_all<T>(handles: Vec<thread::ScopedJoinHandle<'_, T>>) -> Vec<T> {
    handles
        .into_iter()
        .map(|handle| {
            handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        })
        .collect()
}

/// Selects `prefix` on top of the selection; how many were selected
/// before, for [`unselect_to`].
fn select_all(solver: &mut Solver, prefix: &[OptionId]) -> usize {
    let selected = solver.selected().count();
    for &option in prefix {
        let chosen = solver.select(option);
        debug_assert!(chosen.is_ok(), "parts select available options");
    }
    selected
}

/// Takes back every option selected after the first `selected`.
fn unselect_to(solver: &mut Solver, selected: usize) {
    while solver.selected().count() > selected {
        solver.unselect();
    }
}

/// What the threads of one search for solutions share.
struct Board<'a> {
    request: Request,
    target: u64,
    /// Solutions found by every thread.
    total: AtomicU64,
    /// Raised when the search has what it looks for: every thread stops.
    enough: Arc<AtomicBool>,
    /// The next part to take.
    next: AtomicUsize,
    /// For an ordered search, the part whose solutions made the visitor's
    /// `limit` (`usize::MAX` until then): parts after it are searched only
    /// to tell whether there are more.
    cut: AtomicUsize,
    progress: &'a Progress,
}

/// What a part hands to the calling thread of an ordered search, at its
/// position of the [ordered stream](crate::ordered): its solutions in its
/// search order — each its options, or the text a renderer made of them —
/// then whether its tree was exhausted.
enum Found<X> {
    Solutions(Batch<X>),
    Finished(bool),
}

/// Solutions one after the other: each its options (or text), the end of
/// each in `ends`.
#[derive(Debug)]
struct Batch<X> {
    items: Vec<X>,
    ends: Vec<usize>,
}

impl<X> Batch<X> {
    fn new() -> Batch<X> {
        Batch {
            items: Vec::new(),
            ends: Vec::new(),
        }
    }

    /// The solutions, in order.
    fn solutions(&self) -> impl Iterator<Item = &[X]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(start, end)| &self.items[start..end])
    }

    /// The bytes it takes: its items, its ends, and two vectors' headers.
    fn bytes(&self) -> u64 {
        (size_of_val(self.items.as_slice())
            + size_of_val(self.ends.as_slice())
            + 2 * size_of::<Vec<X>>()) as u64
    }
}

/// The bytes a [waiting](WAITING) result takes.
fn weigh<X>(found: &Found<X>) -> u64 {
    match found {
        Found::Solutions(batch) => batch.bytes(),
        Found::Finished(_) => 0,
    }
}

/// The ordered stream of a search's parts.
type Stream<X> = Ordered<Found<X>>;

/// What a part's thread makes of each solution it hands on.
trait Fill<X>: Sync {
    /// Appends what the solution the solver stands on becomes (`scratch`
    /// a buffer of the thread's to use on the way).
    fn fill(&self, solver: &Solver, out: &mut Vec<X>, scratch: &mut Vec<OptionId>);

    /// The answer's solution, from the first solution visited.
    fn solution(&self, first: Option<Vec<X>>) -> Option<Vec<OptionId>>;
}

/// Each solution as its options.
struct Options;

impl Fill<OptionId> for Options {
    fn fill(&self, solver: &Solver, out: &mut Vec<OptionId>, _: &mut Vec<OptionId>) {
        out.extend(solver.solution());
    }

    fn solution(&self, first: Option<Vec<OptionId>>) -> Option<Vec<OptionId>> {
        first
    }
}

/// Each solution as the text a renderer makes of it.
struct Rendering<'r>(&'r (dyn Fn(&[OptionId], &mut Vec<u8>) + Sync));

impl Fill<u8> for Rendering<'_> {
    fn fill(&self, solver: &Solver, out: &mut Vec<u8>, options: &mut Vec<OptionId>) {
        options.clear();
        options.extend(solver.solution());
        (self.0)(options, out);
    }

    /// Its text was visited; the options were not kept.
    fn solution(&self, _: Option<Vec<u8>>) -> Option<Vec<OptionId>> {
        None
    }
}

/// What one thread did: its work, and whether a part it searched was not
/// exhausted.
struct Done {
    stats: Stats,
    incomplete: bool,
}

impl<'a> Board<'a> {
    fn new(request: &Request, progress: &'a Progress) -> Board<'a> {
        let enough = Arc::new(AtomicBool::new(false));
        let target = request.goal.target();
        Board {
            request: Request::new(request.goal)
                .with_stop(request.stop.clone().with_flag(enough.clone())),
            target,
            total: AtomicU64::new(0),
            enough,
            next: AtomicUsize::new(0),
            cut: AtomicUsize::new(usize::MAX),
            progress,
        }
    }

    /// Whether the total has reached the goal's target.
    fn met(&self) -> bool {
        self.total.load(Ordering::Relaxed) >= self.target
    }

    /// A count on `threads` threads, this one and copies of `solver`: the
    /// solutions of every part add up, and the total's reaching the target
    /// stops every thread.
    fn count(&self, solver: &mut Solver, parts: &[Vec<OptionId>], threads: usize) -> Answer {
        let work = |solver: &mut Solver, worker: Worker| -> Done {
            let mut done = Done {
                stats: Stats::default(),
                incomplete: false,
            };
            let alarm = self.request.stop.arm();
            while let Some(part) = parts.get(self.next.fetch_add(1, Ordering::Relaxed)) {
                // After a stop (or the target met), the parts left are not
                // started: each would select its options only to stop.
                if alarm.rung() {
                    done.incomplete = true;
                    break;
                }
                let selected = select_all(solver, part);
                solver.rewind();
                let mut tally = Tally::new(&self.request);
                tally.run(solver, |_| {
                    self.progress.solutions.fetch_add(1, Ordering::Relaxed);
                    if self.total.fetch_add(1, Ordering::Relaxed) + 1 >= self.target {
                        self.enough.store(true, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
                // The one beyond the limit is not visited: count it here.
                let limit = self.request.goal.limit();
                if tally.found() > limit {
                    self.total
                        .fetch_add(tally.found() - limit, Ordering::Relaxed);
                    self.enough.store(true, Ordering::Relaxed);
                }
                let complete = tally.count().complete;
                done.incomplete |= !complete;
                done.stats += solver.stats();
                if !complete && worker.copy {
                    // Stopped: a copy is dropped as it is, without backing
                    // out of its path (on a wide problem as long again as
                    // the stop's look: tenths of a second).
                    break;
                }
                solver.restart();
                unselect_to(solver, selected);
                self.progress.done.fetch_add(1, Ordering::Relaxed);
                if !complete {
                    break;
                }
            }
            done
        };
        let dones = fan_out(solver, threads, &work);
        let (stats, incomplete) = gather(dones);
        let found = self.total.load(Ordering::Relaxed).min(self.target);
        self.answer(found, !incomplete, None, stats)
    }

    /// The answer for `found` solutions (at most the target) and whether
    /// every part was exhausted: `timeout` when neither the target was met
    /// nor the tree exhausted (only the stop ends a part early otherwise).
    fn answer(
        &self,
        found: u64,
        exhausted: bool,
        solution: Option<Vec<OptionId>>,
        stats: Stats,
    ) -> Answer {
        // Only the stop ends a part before its tree does, but for a
        // target met.
        let stopped = !exhausted && found < self.target;
        let ended = (found, exhausted, stopped);
        self.request.goal.answer_of(ended, solution, stats, ())
    }

    /// A search on `threads` copies of `solver` whose solutions reach
    /// `visit` on this thread, in the sequential search's order: part `k`
    /// is position `k` of an [ordered stream](crate::ordered) whose bound
    /// is [`WAITING`] bytes, and this thread holds its sink.
    fn ordered<X: Clone + Send>(
        &self,
        solver: &mut Solver,
        parts: &[Vec<OptionId>],
        threads: usize,
        fill: &dyn Fill<X>,
        visit: &mut dyn FnMut(&[X]) -> ControlFlow<()>,
    ) -> Answer {
        let limit = self.request.goal.limit();
        let stream: Stream<X> = Ordered::new(parts.len(), threads, WAITING as u64, weigh);
        let running = AtomicUsize::new(threads);
        let work = |solver: &mut Solver, owner: usize| -> Done {
            let _running = Running {
                stream: &stream,
                running: &running,
            };
            let mut done = Done {
                stats: Stats::default(),
                incomplete: false,
            };
            let passed = Arc::new(AtomicBool::new(false));
            let request: Request = Request::new(self.request.goal)
                .with_stop(self.request.stop.clone().with_flag(passed.clone()));
            // The whole search's stop, without the part's.
            let alarm = self.request.stop.arm();
            loop {
                let index = self.next.fetch_add(1, Ordering::Relaxed);
                let Some(part) = parts.get(index) else {
                    break;
                };
                if alarm.rung() {
                    done.incomplete = true;
                    break;
                }
                passed.store(false, Ordering::Relaxed);
                let selected = select_all(solver, part);
                solver.rewind();
                stream.open(index as u64, owner, None);
                let mut tally = Tally::new(&request);
                let mut slices = Slices {
                    solver,
                    board: self,
                    stream: &stream,
                    index,
                    passed: &passed,
                    batch: Batch::new(),
                    scratch: Vec::new(),
                };
                tally.run(&mut slices, |slices| {
                    slices.board.total.fetch_add(1, Ordering::Relaxed);
                    slices
                        .board
                        .progress
                        .solutions
                        .fetch_add(1, Ordering::Relaxed);
                    if slices.board.cut.load(Ordering::Relaxed) >= index {
                        let batch = &mut slices.batch;
                        fill.fill(slices.solver, &mut batch.items, &mut slices.scratch);
                        batch.ends.push(batch.items.len());
                        if batch.ends.len() >= BATCH {
                            slices.hand_over();
                        }
                    }
                    ControlFlow::Continue(())
                });
                if tally.found() > limit {
                    self.total.fetch_add(1, Ordering::Relaxed);
                }
                slices.hand_over();
                let complete = tally.count().complete;
                done.incomplete |= !complete;
                stream.push(index as u64, Found::Finished(complete));
                stream.close(index as u64);
                stream.wake();
                done.stats += solver.stats();
                if !complete && alarm.rung() {
                    // Stopped: the copy is dropped as it is, without backing
                    // out of its path.
                    break;
                }
                solver.restart();
                unselect_to(solver, selected);
                self.progress.done.fetch_add(1, Ordering::Relaxed);
            }
            done
        };
        let mut delivery = Delivery {
            board: self,
            limit,
            visit,
            delivered: 0,
            first: None,
            broke: false,
            cut_short: false,
            turn: 0,
        };
        let dones = thread::scope(|scope| {
            let handles = spawn_copies(scope, solver, 0..threads, &work);
            // A thread the system would not start leaves its share to the
            // others.
            running.fetch_sub(threads - handles.len(), Ordering::SeqCst);
            // Deliver what is in turn, whenever a thread hands something
            // over, until every thread is done.
            let mut deliver = || {
                let _ = stream.hand_on(&mut |found| delivery.take(found));
                if (delivery.delivered >= limit && self.met()) || delivery.broke {
                    self.enough.store(true, Ordering::Relaxed);
                    stream.stop();
                }
            };
            if handles.is_empty() {
                // No thread would start: this one searches every part, in
                // order (each is the stream's head, so none waits), then
                // delivers.
                running.fetch_add(1, Ordering::SeqCst);
                let done = work(solver, 0);
                deliver();
                return vec![done];
            }
            stream.wait_until(|| running.load(Ordering::SeqCst) == 0, &mut deliver);
            deliver();
            join_all(handles)
        });
        let Delivery {
            delivered,
            first,
            broke,
            cut_short,
            ..
        } = delivery;
        let (stats, incomplete) = gather(dones);
        if broke {
            let answer = self.answer(delivered, false, fill.solution(first), stats);
            return Answer {
                status: if delivered > 1 {
                    Status::Multiple
                } else {
                    Status::Solved
                },
                ..answer
            };
        }
        let found = self.total.load(Ordering::Relaxed).min(self.target);
        let answer = self.answer(
            found,
            !incomplete && !cut_short,
            fill.solution(first),
            stats,
        );
        if cut_short || answer.status == Status::Timeout {
            return Answer {
                status: Status::Timeout,
                count: Count {
                    solutions: delivered,
                    complete: false,
                },
                solution: None,
                ..answer
            };
        }
        answer
    }
}

/// The sink of an ordered search, on the calling thread: the visitor and
/// what it was given.
struct Delivery<'d, 'b, 'v, X> {
    board: &'d Board<'b>,
    limit: u64,
    visit: &'v mut dyn FnMut(&[X]) -> ControlFlow<()>,
    /// Solutions visited.
    delivered: u64,
    /// The first of them.
    first: Option<Vec<X>>,
    /// The visitor broke.
    broke: bool,
    /// A part before the one in turn was cut short by the stop: what comes
    /// after it is not the sequential order's next, and is not visited.
    cut_short: bool,
    /// The part whose solutions are handed on now.
    turn: usize,
}

impl<X: Clone> Delivery<'_, '_, '_, X> {
    /// Takes the next thing the parts found, in the sequential order.
    fn take(&mut self, found: &Found<X>) -> ControlFlow<()> {
        match found {
            Found::Solutions(batch) => {
                for solution in batch.solutions() {
                    if !(self.broke || self.cut_short || self.delivered >= self.limit) {
                        if self.first.is_none() {
                            self.first = Some(solution.to_vec());
                        }
                        self.delivered += 1;
                        if (self.visit)(solution).is_break() {
                            self.broke = true;
                            self.board.enough.store(true, Ordering::Relaxed);
                        }
                    }
                    self.mark_cut();
                }
            }
            Found::Finished(complete) => {
                self.mark_cut();
                self.cut_short |= !complete && self.delivered < self.limit;
                self.turn += 1;
            }
        }
        ControlFlow::Continue(())
    }

    /// Marks the part in turn as the one that made the limit, once it is.
    fn mark_cut(&self) {
        let cut = &self.board.cut;
        if self.delivered >= self.limit && cut.load(Ordering::Relaxed) == usize::MAX {
            cut.store(self.turn, Ordering::Relaxed);
        }
    }
}

/// A thread of an ordered search while it runs: when it ends, the calling
/// thread is told (and, when it panics, the stream stops, so that no
/// thread waits for what it would have found).
struct Running<'a, X> {
    stream: &'a Stream<X>,
    running: &'a AtomicUsize,
}

impl<X> Drop for Running<'_, X> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.stream.stop();
        }
        self.running.fetch_sub(1, Ordering::SeqCst);
        self.stream.wake();
    }
}

/// A part's search as its tally drives it in an ordered search: the
/// solver's slices, after each of which the solutions so far go to the
/// calling thread, and the part is told to stop once it is not needed.
struct Slices<'s, 'b, X> {
    solver: &'s mut Solver,
    board: &'s Board<'b>,
    stream: &'s Stream<X>,
    index: usize,
    passed: &'s AtomicBool,
    batch: Batch<X>,
    /// A buffer for the options of a solution being filled.
    scratch: Vec<OptionId>,
}

impl<X> Slices<'_, '_, X> {
    /// Hands the batch to the calling thread, first waiting while too much
    /// waits already.
    fn hand_over(&mut self) {
        if self.batch.ends.is_empty() {
            return;
        }
        let (board, stream) = (self.board, self.stream);
        let position = self.index as u64;
        // Every part waits while the bound is full — the part at the head
        // only while results of its own wait to be handed on, so that the
        // stream moves whatever the later parts hold.
        let ready = || {
            stream.room() > 0
                || board.enough.load(Ordering::Relaxed)
                || (stream.is_head(position) && stream.queued_at(position) == 0)
        };
        if !ready() {
            stream.wait_until(ready, || {});
        }
        let batch = std::mem::replace(&mut self.batch, Batch::new());
        stream.admit(batch.bytes());
        stream.push(position, Found::Solutions(batch));
        stream.wake();
    }
}

impl<X> Resume for Slices<'_, '_, X> {
    fn resume(&mut self, budget: u64) -> Event {
        let event = self.solver.resume(budget);
        if event == Event::BudgetSpent {
            self.hand_over();
            // Past the part that made the limit, a part is searched only
            // to tell whether there are more: once there are, it stops.
            if self.board.cut.load(Ordering::Relaxed) <= self.index && self.board.met() {
                self.passed.store(true, Ordering::Relaxed);
            }
        }
        event
    }

    fn nodes(&self) -> u64 {
        self.solver.nodes()
    }

    fn nodes_per_look(&self) -> u64 {
        self.solver.nodes_per_look()
    }
}

/// The threads' work added up, and whether a part was not exhausted.
fn gather(dones: Vec<Done>) -> (Stats, bool) {
    let mut stats = Stats::default();
    let mut incomplete = false;
    for done in dones {
        stats += done.stats;
        incomplete |= done.incomplete;
    }
    (stats, incomplete)
}
