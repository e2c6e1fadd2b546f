//! Searches on several threads: every [`Goal`] of a [`Request`] and the
//! memo's count, with one [`Stop`] and one limit for every thread, answered
//! as one thread answers them.
//!
//! The tree is cut into subproblems ("parts",
//! [`Solver::split_into_parts_until`], [`PARTS_PER_THREAD`] per thread),
//! which the threads take in the order of the sequential search, each on a
//! copy of the solver. Every thread's search is the request's [`Pursuit`]
//! on its part, so the stop — the timeout, run from the start of the whole
//! search, the deadline, the flags — is looked at as on one thread, and
//! nowhere else.
//!
//! * A count that hands no solution anywhere ([`Solver::run_in_threads`]
//!   with [`Goal::Count`] or [`Goal::All`]) adds the solutions of every
//!   thread into one total; once the total reaches the goal's target (one
//!   more than its limit), every thread stops. The answer is the one a
//!   single thread gives: the same count, exact or `N+`, and status.
//! * A search that keeps or hands on solutions ([`Goal::First`],
//!   [`Goal::Unique`], or any goal with a visitor:
//!   [`Solver::run_with_threads`]) delivers them in the sequential search's
//!   order, on the calling thread, through the [ordered stream](crate::ordered)
//!   (one position a part): a later part's solutions wait until the parts
//!   before it are done (at most [`HELD`] bytes wait; past that, the
//!   thread of a later part waits for its turn). So `First` answers the
//!   sequential search's first solution, and a visitor sees the solutions
//!   in the order one thread finds them, the first `limit` of them. When
//!   the stop ends the search, the visitor has seen the beginning of the
//!   sequential order (nothing after a part the stop cut short), and the
//!   answer counts what it saw.
//! * The memo's count ([`MemoCounter::count_in_threads`]) shares one
//!   [`SharedMemo`] between the threads, within one budget.
//!
//! A [`Progress`] that the caller passes is kept up to date as the threads
//! go — solutions, the memo's nodes, parts done — for a progress bar read
//! from another thread.
//!
//! ```
//! use dance_dlx::{Goal, Progress, Request, Solver, Status, problems::n_queens};
//!
//! let mut solver = Solver::new(&n_queens(10));
//! let progress = Progress::new();
//! // The `-j 4` of the command line, from the library.
//! let all = solver.run_with_progress(&Request::new(Goal::All), 4, &progress, |_| {
//!     std::ops::ControlFlow::Continue(())
//! });
//! assert_eq!((all.count.to_string(), all.status), ("724".to_owned(), Status::Multiple));
//! assert_eq!(progress.solutions(), 724);
//! let limited = solver.run_in_threads(&Request::new(Goal::Count { limit: 100 }), 4, None);
//! assert_eq!(limited.count.to_string(), "100+");
//! // The first solution is the one thread's first.
//! let first = solver.run_in_threads(&Request::new(Goal::First), 4, None);
//! assert_eq!(first.solution, solver.first());
//! ```

use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread;

use crate::runtime::ordered::Ordered;

use crate::{
    Answer, Count, Event, ExactCount, Goal, MemoCounter, MemoError, MemoStats, OptionId,
    OptionOrder, PARTS_PER_THREAD, Pursuit, Request, Resume, SharedMemo, Solver, Stats, Status,
    Stop,
};

/// The most bytes of solutions found and not visited yet in an ordered
/// search on threads (each solution its options and a vector's header),
/// the bound of its [ordered stream](crate::ordered): past it, the threads
/// of later parts wait for their turn; the part in turn never waits.
pub const HELD: usize = 16 << 20;

/// A visitor of solutions, as [`Solver::run_with`] takes it.
type Visit<'v> = &'v mut dyn FnMut(&[OptionId]) -> ControlFlow<()>;

/// Solutions a thread gathers before handing them to the calling thread
/// (and at the end of every slice of its search, so that the first comes
/// soon).
const BATCH: usize = 256;

/// Live counters of a search on threads, which the caller reads from
/// another thread (a progress bar) while the search runs.
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

    /// Solutions found so far, by every thread (the plain search's).
    pub fn solutions(&self) -> u64 {
        self.solutions.load(Ordering::Relaxed)
    }

    /// Search nodes so far (the memo's count's, at each of its looks at the
    /// stop).
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

/// The parts of `solver`'s tree for `threads` threads, within the library's
/// bound: `None` for one thread, or a tree that cannot be cut.
fn parts_for(solver: &mut Solver, threads: usize, stop: &Stop) -> Option<Vec<Vec<OptionId>>> {
    if threads <= 1 {
        return None;
    }
    let entries = solver.links.nodes.len();
    solver
        .split_into_parts_until(threads.saturating_mul(PARTS_PER_THREAD), entries, stop)
        .ok()
        .filter(|parts| parts.len() > 1)
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

impl Solver {
    /// [`run`](Solver::run) on `threads` threads (see the
    /// [threads module](crate::threads)): the same answer as one thread —
    /// count, status, the first solution — but for the statistics (every
    /// thread's work, added up). A problem with multiplicities, a tree that
    /// cannot be cut, or `threads <= 1` searches on this thread. `progress`,
    /// if given, counts the solutions and parts as they are found.
    pub fn run_in_threads(
        &mut self,
        request: &Request,
        threads: usize,
        progress: Option<&Progress>,
    ) -> Answer {
        let fallback = Progress::new();
        let progress = progress.unwrap_or(&fallback);
        self.threaded(request, threads, progress, None)
    }

    /// [`run_with`](Solver::run_with) on `threads` threads: the answer of
    /// one thread, `visit` called on this thread with the solutions in the
    /// order one thread finds them (see the [threads module](crate::threads)).
    /// For [`Goal::Best`], the search of
    /// [`cheapest_in_threads`](Self::cheapest_in_threads): the answer and
    /// the solutions visited are those of one thread, but for the
    /// statistics and for a search the stop cut short (the best found so
    /// far).
    pub fn run_with_threads(
        &mut self,
        request: &Request,
        threads: usize,
        visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        self.run_with_progress(request, threads, &Progress::new(), visit)
    }

    /// [`run_with_threads`](Self::run_with_threads), keeping `progress` up
    /// to date.
    pub fn run_with_progress(
        &mut self,
        request: &Request,
        threads: usize,
        progress: &Progress,
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        if let Goal::Best { k } = request.goal {
            let found = self.search_cheapest(request, k, threads);
            return Self::answer_best(found, visit);
        }
        self.threaded(request, threads, progress, Some(&mut visit))
    }

    /// The search on threads of every goal but the cheapest.
    fn threaded(
        &mut self,
        request: &Request,
        threads: usize,
        progress: &Progress,
        visit: Option<Visit<'_>>,
    ) -> Answer {
        if let Goal::Best { k } = request.goal {
            let found = self.search_cheapest(request, k, threads);
            return Self::answer_best(found, |_| ControlFlow::Continue(()));
        }
        // One clock for every part: a timeout runs from here.
        let request = Request::new(request.goal).with_stop(request.stop.started());
        let parts = if self.multiplicities.is_some() {
            None
        } else {
            parts_for(self, threads, &request.stop)
        };
        let Some(parts) = parts else {
            progress.parts.store(1, Ordering::Relaxed);
            let answer = match visit {
                Some(visit) => self.run_with(&request, |solution| {
                    progress.solutions.fetch_add(1, Ordering::Relaxed);
                    visit(solution)
                }),
                None => self.serve(&request, |_| {
                    progress.solutions.fetch_add(1, Ordering::Relaxed);
                    ControlFlow::Continue(())
                }),
            };
            progress.done.store(1, Ordering::Relaxed);
            return answer;
        };
        progress.parts.store(parts.len() as u64, Ordering::Relaxed);
        let board = Board::new(request, progress);
        let threads = threads.min(parts.len());
        if visit.is_none() && !board.request.goal.keeps_solution() {
            return board.count(self, &parts, threads);
        }
        let mut ignore = |_: &[OptionId]| ControlFlow::Continue(());
        board.ordered(self, &parts, threads, visit.unwrap_or(&mut ignore))
    }
}

/// What the threads of one search share.
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
/// search order, then whether its tree was exhausted.
enum Found {
    Solution(Vec<OptionId>),
    Finished(bool),
}

/// The bytes a [held](HELD) result takes.
fn weigh(found: &Found) -> u64 {
    match found {
        Found::Solution(options) => bytes(options),
        Found::Finished(_) => 0,
    }
}

/// The bytes a solution takes: its options and a vector's header.
fn bytes(options: &[OptionId]) -> u64 {
    (size_of_val(options) + size_of::<Vec<OptionId>>()) as u64
}

/// The ordered stream of a search's parts.
type Stream = Ordered<Found>;

/// What one thread did: its work, and for each part it searched whether
/// the tree was exhausted.
struct Done {
    stats: Stats,
    incomplete: bool,
}

impl<'a> Board<'a> {
    fn new(request: Request, progress: &'a Progress) -> Board<'a> {
        let enough = Arc::new(AtomicBool::new(false));
        let target = request.goal.target();
        Board {
            request: Request::new(request.goal).with_stop(request.stop.with_flag(enough.clone())),
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
        let work = |solver: &mut Solver, copy: bool| -> Done {
            let mut done = Done {
                stats: Stats::default(),
                incomplete: false,
            };
            let alarm = self.request.stop.start();
            while let Some(part) = parts.get(self.next.fetch_add(1, Ordering::Relaxed)) {
                // After a stop (or the target met), the parts left are not
                // started: each would select its options only to stop.
                if alarm.rung() {
                    done.incomplete = true;
                    break;
                }
                let selected = select_all(solver, part);
                solver.rewind();
                let mut pursuit = Pursuit::new(&self.request);
                pursuit.run(solver, |_| {
                    self.progress.solutions.fetch_add(1, Ordering::Relaxed);
                    if self.total.fetch_add(1, Ordering::Relaxed) + 1 >= self.target {
                        self.enough.store(true, Ordering::Relaxed);
                        return ControlFlow::Break(());
                    }
                    ControlFlow::Continue(())
                });
                // The one beyond the limit is not visited: count it here.
                let limit = self.request.goal.limit();
                if pursuit.found() > limit {
                    self.total
                        .fetch_add(pursuit.found() - limit, Ordering::Relaxed);
                    self.enough.store(true, Ordering::Relaxed);
                }
                let complete = pursuit.count().complete;
                done.incomplete |= !complete;
                done.stats += solver.stats();
                if !complete && copy {
                    // Stopped: a copy is dropped as it is, without backing
                    // out of its path (on a wide problem as long again as
                    // the stop's look: tenths of a second).
                    break;
                }
                solver.unwind();
                solver.rewind();
                unselect_to(solver, selected);
                self.progress.done.fetch_add(1, Ordering::Relaxed);
                if !complete {
                    break;
                }
            }
            done
        };
        let dones = on_threads(solver, threads, true, &work);
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
    /// is [`HELD`] bytes, and this thread holds its sink.
    fn ordered(
        &self,
        solver: &mut Solver,
        parts: &[Vec<OptionId>],
        threads: usize,
        visit: &mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        let limit = self.request.goal.limit();
        let stream: Stream = Ordered::new(parts.len(), threads, HELD as u64, weigh);
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
            let alarm = self.request.stop.start();
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
                let mut pursuit = Pursuit::new(&request);
                let mut slices = Slices {
                    solver,
                    board: self,
                    stream: &stream,
                    index,
                    passed: &passed,
                    batch: Vec::new(),
                };
                pursuit.run(&mut slices, |slices| {
                    slices.board.total.fetch_add(1, Ordering::Relaxed);
                    slices
                        .board
                        .progress
                        .solutions
                        .fetch_add(1, Ordering::Relaxed);
                    if slices.board.cut.load(Ordering::Relaxed) >= index {
                        slices.batch.push(slices.solver.solution().collect());
                        if slices.batch.len() >= BATCH {
                            slices.hand_over();
                        }
                    }
                    ControlFlow::Continue(())
                });
                if pursuit.found() > limit {
                    self.total.fetch_add(1, Ordering::Relaxed);
                }
                slices.hand_over();
                let complete = pursuit.count().complete;
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
                solver.unwind();
                solver.rewind();
                unselect_to(solver, selected);
                self.progress.done.fetch_add(1, Ordering::Relaxed);
            }
            done
        };
        let copies: Vec<Solver> = (0..threads).map(|_| solver.clone()).collect();
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
            let work = &work;
            let handles: Vec<_> = copies
                .into_iter()
                .enumerate()
                .map(|(owner, mut copy)| scope.spawn(move || work(&mut copy, owner)))
                .collect();
            // Deliver what is in turn, whenever a thread hands something
            // over, until every thread is done.
            let mut deliver = || {
                let _ = stream.hand_on(&mut |found| delivery.take(found));
                if (delivery.delivered >= limit && self.met()) || delivery.broke {
                    self.enough.store(true, Ordering::Relaxed);
                    stream.stop();
                }
            };
            stream.wait_until(|| running.load(Ordering::SeqCst) == 0, &mut deliver);
            deliver();
            handles
                .into_iter()
                .map(|handle| {
                    handle
                        .join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect::<Vec<Done>>()
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
            let answer = self.answer(delivered, false, first, stats);
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
        let answer = self.answer(found, !incomplete && !cut_short, first, stats);
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
struct Delivery<'d, 'b, 'v> {
    board: &'d Board<'b>,
    limit: u64,
    visit: &'v mut dyn FnMut(&[OptionId]) -> ControlFlow<()>,
    /// Solutions visited.
    delivered: u64,
    /// The first of them.
    first: Option<Vec<OptionId>>,
    /// The visitor broke.
    broke: bool,
    /// A part before the one in turn was cut short by the stop: what comes
    /// after it is not the sequential order's next, and is not visited.
    cut_short: bool,
    /// The part whose solutions are handed on now.
    turn: usize,
}

impl Delivery<'_, '_, '_> {
    /// Takes the next thing the parts found, in the sequential order.
    fn take(&mut self, found: &Found) -> ControlFlow<()> {
        match found {
            Found::Solution(solution) => {
                if !(self.broke || self.cut_short || self.delivered >= self.limit) {
                    if self.first.is_none() {
                        self.first = Some(solution.clone());
                    }
                    self.delivered += 1;
                    if (self.visit)(solution).is_break() {
                        self.broke = true;
                        self.board.enough.store(true, Ordering::Relaxed);
                    }
                }
                self.mark_cut();
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
struct Running<'a> {
    stream: &'a Stream,
    running: &'a AtomicUsize,
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        if thread::panicking() {
            self.stream.stop();
        }
        self.running.fetch_sub(1, Ordering::SeqCst);
        self.stream.wake();
    }
}

/// A part's search as the [`Pursuit`] drives it in an ordered search: the
/// solver's slices, after each of which the solutions so far go to the
/// calling thread, and the part is told to stop once it is not needed.
struct Slices<'s, 'b> {
    solver: &'s mut Solver,
    board: &'s Board<'b>,
    stream: &'s Stream,
    index: usize,
    passed: &'s AtomicBool,
    batch: Vec<Vec<OptionId>>,
}

impl Slices<'_, '_> {
    /// Hands the batch to the calling thread, first waiting for the part's
    /// turn when too much waits already.
    fn hand_over(&mut self) {
        if self.batch.is_empty() {
            return;
        }
        let (board, stream) = (self.board, self.stream);
        let position = self.index as u64;
        let ready = || {
            stream.is_head(position) || stream.room() > 0 || board.enough.load(Ordering::Relaxed)
        };
        if !ready() {
            stream.wait_until(ready, || {});
        }
        stream.admit(self.batch.iter().map(|options| bytes(options)).sum());
        stream.extend(position, self.batch.drain(..).map(Found::Solution));
        stream.wake();
    }
}

impl Resume for Slices<'_, '_> {
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

    fn nodes_per_look(&self) -> u64 {
        self.solver.nodes_per_look()
    }
}

/// Runs `work` on `threads` threads: this one (when `here`) and copies of
/// `solver`; `work` is told whether its solver is a copy (dropped after, so
/// a stopped search on it need not be backed out of).
fn on_threads<T: Send>(
    solver: &mut Solver,
    threads: usize,
    here: bool,
    work: &(impl Fn(&mut Solver, bool) -> T + Sync),
) -> Vec<T> {
    let others = if here { threads - 1 } else { threads };
    let copies: Vec<Solver> = (0..others).map(|_| solver.clone()).collect();
    thread::scope(|scope| {
        let handles: Vec<_> = copies
            .into_iter()
            .map(|mut copy| scope.spawn(move || work(&mut copy, true)))
            .collect();
        let mut results = Vec::with_capacity(threads);
        if here {
            results.push(work(solver, false));
        }
        for handle in handles {
            results.push(
                handle
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            );
        }
        results
    })
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

impl MemoCounter {
    /// The memo's count of `solver`'s problem with its selected options on
    /// `threads` threads, until `stop` comes, within `max_bytes` of memo
    /// for all of them: one [`SharedMemo`] that every thread fills and
    /// reads, so that a state one thread counted is found by the others.
    /// Every other thread counts [bottom up](OptionOrder::BottomUp) and
    /// takes the parts from the last one back, so that two threads walk the
    /// states from both ends. On one thread (or a tree that cannot be cut,
    /// or a problem with multiplicities, whose states the shared memo does
    /// not take) the count is [`MemoCounter::count_until`]'s with a memo of
    /// its own.
    /// Returns the count — a lower bound, not complete, when the stop came
    /// first — and the work of every thread (the memo's size: the largest
    /// any of them saw). `progress`, if given, counts the nodes and parts.
    ///
    /// ```
    /// use dance_dlx::{MemoCounter, Solver, Stop, problems::domino_tilings};
    ///
    /// let mut solver = Solver::new(&domino_tilings(8, 8));
    /// let (count, _) = MemoCounter::count_in_threads(&mut solver, 64 << 20, 2, &Stop::never(), None)?;
    /// assert_eq!((count.solutions.to_string(), count.complete), ("12988816".to_owned(), true));
    /// # Ok::<(), dance_dlx::MemoError>(())
    /// ```
    ///
    /// # Errors
    /// Those of [`MemoCounter::new`] and [`SharedMemo::new`] for `solver`'s
    /// own problem, which every problem now passes (multiplicities
    /// included); the `Result` stays for errors a later memo may add.
    pub fn count_in_threads(
        solver: &mut Solver,
        max_bytes: usize,
        threads: usize,
        stop: &Stop,
        progress: Option<&Progress>,
    ) -> Result<(Count<ExactCount>, MemoStats), MemoError> {
        let fallback = Progress::new();
        let progress = progress.unwrap_or(&fallback);
        let stop = stop.started();
        // One memo for every thread, and the tree cut as the memo's count
        // breaks ties, so that the parts meet the same states
        // (`MemoCounter::split_into_parts_until`).
        // The shared memo does not take Algorithm M's states: a problem with
        // multiplicities counts on this thread.
        let shared = if threads > 1 && solver.multiplicities.is_none() {
            let memo = SharedMemo::new(solver, max_bytes)?;
            let counter = memo.counter(solver)?;
            let entries = solver.links.nodes.len();
            let parts = counter.split_into_parts_until(
                solver,
                threads.saturating_mul(PARTS_PER_THREAD),
                entries,
                &stop,
            )?;
            (parts.len() > 1).then_some((counter, parts))
        } else {
            None
        };
        let Some((counter, parts)) = shared else {
            progress.parts.store(1, Ordering::Relaxed);
            let mut counter = MemoCounter::new(solver, max_bytes)?;
            let mut tallied = 0;
            let count = counter.count_until(solver, &stop, watch(progress, &mut tallied))?;
            watch(progress, &mut tallied)(&counter.stats());
            progress.done.store(1, Ordering::Relaxed);
            return Ok((count, counter.stats()));
        };
        progress.parts.store(parts.len() as u64, Ordering::Relaxed);
        let left = Mutex::new(0..parts.len());
        let thread_of = AtomicUsize::new(0);
        let alarm_of_all = &stop;
        let work = |solver: &mut Solver,
                    _copy: bool|
         -> Result<(ExactCount, bool, MemoStats), MemoError> {
            let mut counter = counter.clone();
            if thread_of.fetch_add(1, Ordering::Relaxed) % 2 == 1 {
                counter.set_option_order(OptionOrder::BottomUp);
            }
            let back = counter.option_order() == OptionOrder::BottomUp;
            let mut solutions = ExactCount::ZERO;
            let mut complete = true;
            let mut tallied = 0;
            let alarm = alarm_of_all.start();
            while let Some(index) = take(&left, back) {
                // After a stop the parts left are not started.
                if alarm.rung() {
                    complete = false;
                    break;
                }
                let selected = select_all(solver, &parts[index]);
                let count = counter.count_until(solver, &stop, watch(progress, &mut tallied));
                watch(progress, &mut tallied)(&counter.stats());
                unselect_to(solver, selected);
                let count = count?;
                solutions += &count.solutions;
                complete &= count.complete;
                progress.done.fetch_add(1, Ordering::Relaxed);
            }
            Ok((solutions, complete, counter.stats()))
        };
        let results = on_threads(solver, threads.min(parts.len()), true, &work);
        let mut solutions = ExactCount::ZERO;
        let mut complete = true;
        let mut stats = MemoStats::default();
        for result in results {
            let (found, whole, worked) = result?;
            solutions += &found;
            complete &= whole;
            stats = stats.with_part(&worked);
        }
        Ok((
            Count {
                solutions,
                complete,
            },
            stats,
        ))
    }
}

/// The next part from the front, or from the back.
fn take(left: &Mutex<Range<usize>>, back: bool) -> Option<usize> {
    let mut left = left.lock().unwrap_or_else(PoisonError::into_inner);
    if back { left.next_back() } else { left.next() }
}

/// A memo count's watcher that adds its nodes to `progress`: `tallied`,
/// the counter's nodes added so far (its statistics add up over counts).
fn watch<'a>(progress: &'a Progress, tallied: &'a mut u64) -> impl FnMut(&MemoStats) + 'a {
    move |stats: &MemoStats| {
        progress.nodes.fetch_add(
            stats.search.nodes.saturating_sub(*tallied),
            Ordering::Relaxed,
        );
        *tallied = stats.search.nodes;
    }
}
