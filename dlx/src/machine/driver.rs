//! The search machine: Knuth's steps X2–X8, written once for every matrix
//! and every kind of walk.
//!
//! Algorithm X is a walk of a tree: at each level, choose an item, try its
//! options one by one, and go back up when they run out. What a level
//! *does* — how an item is chosen, what covering costs, how a choice is
//! undone — belongs to the matrix; the walk itself does not change. So the
//! walk lives here, once, as a resumable [`Driver`] (it can stop after any
//! solution or after a budget of nodes and continue later), and every
//! representation of the matrix plugs into it through the small [`Matrix`]
//! trait:
//!
//! * the toroidal [`Links`](crate::Solver) of Algorithms X and C (cover and
//!   uncover), and the same links with Algorithm M's bounds;
//! * Sudoku's bands and bitboards, which push a copy of their state
//!   instead of undoing (the bands make many forced moves in one step),
//!   and the Sudoku four-node kernel (in the `sudoku` crate).
//!
//! What a walk is *for* — a count, the first solutions, the cheapest, a
//! memo's count, a diagram, the subproblems of a cut — is a matrix wrapped
//! around Algorithm X's (the memo looks each state up before choosing; the
//! cut answers [`Choice::Solved`] at its depth) and a [`Fold`] over the
//! walk's events: [`drive`] is the one loop around [`Driver::resume`]. It
//! paces the walk by the work done (the nodes walked and the fold's own
//! upkeep, such as a heap of the cheapest solutions), looks at the
//! [`Alarm`] between slices, and hands every solution and every look to the
//! fold — which may stop the walk, or change what the matrix knows (a bound
//! lowered by another thread). No goal writes a loop of its own.
//!
//! The driver keeps the level, the step and the [`Stats`]; a matrix keeps
//! whatever it needs per level (the option tried there, a saved state, a
//! partial count) and is told the level at every call. A step may apply
//! several moves at once — a matrix that finds forced choices in bulk
//! reports them as [`Work::nodes`] — so long as it reports the nodes and
//! guesses the one-at-a-time search would have counted.
//!
//! Every call is monomorphised: the driver's loop and the matrix's methods
//! compile into one function per matrix, with the driver's state in
//! registers, as if each engine had written its own loop.
//!
//! One word per idea, in both crates: a search *chooses* an item (the one
//! to branch on) and *tries* its options; a caller *selects* an option to
//! put it in every solution ([`Solver::select`](crate::Solver::select)).
//! [`Choice`] is what a level found when it chose — the driver's answer.
//!
//! The states, and Knuth's steps they stand for:
//!
//! | step | Knuth | what happens |
//! |---|---|---|
//! | enter | X2, X3, X4 | a solution if no item is left; else choose an item and cover it |
//! | try | X5, X6 | try the level's next option, or leave if none is left (X7) |
//! | leave | X8, X6 | back one level; undo its option and try the next there |
//! | done | — | the tree is exhausted, until the next [`restart`](Driver::restart) |

use std::ops::ControlFlow;

use crate::contract::stats::Stats;
use crate::contract::stop::{Alarm, CHECK_INTERVAL};

/// How a call to [`Driver::resume`] (or [`Solver::resume`](crate::Solver::resume))
/// ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A solution was found; read it from the matrix. Resuming looks for the
    /// next one.
    Solution,
    /// The search tree is exhausted; the matrix is back at the base level.
    /// Resuming keeps reporting this, without counting anything, until the
    /// driver is restarted.
    Exhausted,
    /// The node budget was spent; resuming continues where the search stopped.
    BudgetSpent,
}

/// What a new level found when it chose an item: [`Matrix::choose`]'s
/// answer to the driver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// No item is left: the levels below hold a solution. The driver stops
    /// with [`Event::Solution`].
    Solved,
    /// Some item has no option left: nothing was changed, the level is
    /// abandoned.
    DeadEnd,
    /// An item was chosen (and covered), and it has an option to try.
    Item,
    /// The matrix accounts for what lies below the level itself, without
    /// the driver searching it — a memo's stored count, or a solution that
    /// the matrix counts as one: nothing was changed, and the driver goes
    /// back as from a dead end, without stopping.
    Accounted,
}

/// The work of one [`Matrix::try_option`]: usually one node, a guess or not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Work {
    /// Search-tree nodes: options tried, forced ones included.
    pub nodes: u64,
    /// Those of the nodes that were real choices (their item had more than
    /// one alternative).
    pub guesses: u64,
}

/// A representation of the exact-cover matrix that the [`Driver`] can walk.
///
/// The driver calls these in the order of Knuth's steps, always with the
/// current level; levels start at the driver's base and grow by one per
/// [`try_option`](Matrix::try_option).
pub trait Matrix {
    /// X2–X4 at `level`: [`Choice::Solved`] when every item is covered;
    /// otherwise choose the item to branch on and cover it, ready to try its
    /// first option ([`Choice::Item`]) — or report a [`Choice::DeadEnd`],
    /// changing nothing (also when the chosen item turns out to have no
    /// option to try: the driver goes straight to trying one), or
    /// [`Choice::Accounted`] when the matrix accounts for the level's subtree
    /// itself, changing nothing either.
    fn choose(&mut self, level: usize) -> Choice;

    /// X5–X6: tries the level's next option (covers the other items of it)
    /// and reports the work done.
    fn try_option(&mut self, level: usize) -> Work;

    /// X6 backwards, then X5's test, at `level`: undoes the option tried
    /// there and moves to the next one. `true` when there is one to try;
    /// `false` when the level is finished — its item restored (X7), so that
    /// it holds nothing any more.
    fn retract(&mut self, level: usize) -> bool;

    /// Undoes [`choose`](Matrix::choose) at `level`, which holds no option
    /// in force: to abandon a search half-way.
    fn unchoose(&mut self, level: usize);
}

/// Where the walk stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Enter,
    Try,
    Leave,
    Done,
}

/// The resumable walk of Algorithm X's tree over any [`Matrix`]: see the
/// [module docs](self).
///
/// The same driver must be given the same matrix until it is
/// [unwound](Driver::unwind).
#[derive(Clone, Debug)]
pub struct Driver {
    level: usize,
    base: usize,
    step: Step,
    stats: Stats,
}

impl Default for Driver {
    fn default() -> Driver {
        Driver::new()
    }
}

impl Driver {
    /// A driver at level 0, ready to start.
    pub fn new() -> Driver {
        Driver {
            level: 0,
            base: 0,
            step: Step::Enter,
            stats: Stats::default(),
        }
    }

    /// The current level: during a [`Event::Solution`], the number of levels
    /// that hold the solution's moves (the base's included).
    pub fn level(&self) -> usize {
        self.level
    }

    /// The level the search starts from (levels below it belong to the
    /// caller: options selected by hand, say).
    pub fn base(&self) -> usize {
        self.base
    }

    /// The work done since the statistics were last cleared. `updates` is
    /// always 0 here: only a matrix knows its link updates.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Zeroes the statistics.
    pub fn clear_stats(&mut self) {
        self.stats = Stats::default();
    }

    /// Makes the next [`resume`](Self::resume) start a new search from
    /// `base`. Only for a driver with nothing above its base (new, exhausted
    /// or [unwound](Self::unwind)); the statistics are kept.
    pub fn restart(&mut self, base: usize) {
        debug_assert!(self.level == self.base, "restart after unwind only");
        self.base = base;
        self.level = base;
        self.step = Step::Enter;
    }

    /// Walks the tree of `matrix` until a solution is found, the tree is
    /// exhausted, or `node_budget` more nodes were counted.
    #[inline]
    pub fn resume<M: Matrix>(&mut self, matrix: &mut M, node_budget: u64) -> Event {
        if self.step == Step::Done {
            return Event::Exhausted;
        }
        let budget_end = self.stats.nodes.saturating_add(node_budget);
        // Locals, so that the loop keeps them in registers. The steps are
        // written in sequence rather than as a `match` in a loop, so that
        // each falls through to the next without a dispatch.
        let base = self.base;
        let mut stats = self.stats;
        let mut level = self.level;
        let mut step = self.step;
        let event = loop {
            if step == Step::Enter {
                match matrix.choose(level) {
                    Choice::Solved => {
                        stats.solutions += 1;
                        step = Step::Leave;
                        break Event::Solution;
                    }
                    Choice::DeadEnd | Choice::Accounted => step = Step::Leave,
                    Choice::Item => step = Step::Try,
                }
            }
            if step == Step::Leave {
                loop {
                    if level == base {
                        break;
                    }
                    level -= 1;
                    if matrix.retract(level) {
                        step = Step::Try;
                        break;
                    }
                }
                if step == Step::Leave {
                    step = Step::Done;
                    break Event::Exhausted;
                }
            }
            // Here the level has an option to try: `choose` or `retract`
            // said so.
            if stats.nodes >= budget_end {
                step = Step::Try;
                break Event::BudgetSpent;
            }
            let work = matrix.try_option(level);
            stats.nodes += work.nodes;
            stats.guesses += work.guesses;
            level += 1;
            step = Step::Enter;
        };
        self.stats = stats;
        self.level = level;
        self.step = step;
        event
    }

    /// Backs out of every level above the base, undoing what `matrix` holds
    /// there; keeps the statistics, and an exhausted search exhausted.
    pub fn unwind<M: Matrix>(&mut self, matrix: &mut M) {
        // At `Try` this level's item is chosen with no option in force; at
        // `Enter` and `Leave` this level holds nothing.
        if self.step == Step::Try {
            matrix.unchoose(self.level);
        }
        while self.level > self.base {
            self.level -= 1;
            if matrix.retract(self.level) {
                matrix.unchoose(self.level);
            }
        }
        if self.step != Step::Done {
            self.step = Step::Enter;
        }
    }
}

/// A walk that runs in slices — a [`Driver`] over a matrix ([`Walking`]),
/// a [`Solver`](crate::Solver), an engine of the Sudoku crate: what
/// [`drive`] drives.
pub trait Resume {
    /// Walks until a solution, the end of the tree, or `budget` more nodes.
    fn resume(&mut self, budget: u64) -> Event;

    /// Nodes walked so far ([`Stats::nodes`]): how [`drive`] measures a
    /// slice's work.
    fn nodes(&self) -> u64;

    /// Nodes to walk between two looks at the stop: about ten
    /// milliseconds of work — a few thousand nodes unless a node can cost
    /// much more (a node that scans 100,000 items to choose one).
    fn nodes_per_look(&self) -> u64 {
        CHECK_INTERVAL
    }
}

/// A [`Driver`] walking a [`Matrix`]: the [`Resume`] of every walk that is
/// not a [`Solver`](crate::Solver)'s own.
#[derive(Debug)]
pub struct Walking<'d, M> {
    /// The driver.
    pub driver: &'d mut Driver,
    /// The matrix it walks.
    pub matrix: M,
    /// Nodes between two looks at the stop.
    pub per_look: u64,
}

impl<M: Matrix> Walking<'_, M> {
    /// Backs the driver out of every level above its base, undoing what
    /// the matrix holds there: for a walk the stop abandoned.
    pub fn unwind(&mut self) {
        self.driver.unwind(&mut self.matrix);
    }
}

impl<M: Matrix> Resume for Walking<'_, M> {
    #[inline]
    fn resume(&mut self, budget: u64) -> Event {
        self.driver.resume(&mut self.matrix, budget)
    }

    #[inline]
    fn nodes(&self) -> u64 {
        self.driver.stats().nodes
    }

    fn nodes_per_look(&self) -> u64 {
        self.per_look
    }
}

/// What a goal does with the events of a walk: [`drive`] hands it each
/// solution and each look between slices. A goal is a value that folds
/// the events into its answer, not a loop of its own.
pub trait Fold<W: ?Sized> {
    /// The walk stands on a solution. `Break` ends the walk (the goal has
    /// what it looks for, or a visitor said so).
    fn solution(&mut self, walk: &mut W) -> ControlFlow<()>;

    /// A look between slices, the stop found silent: show progress, read a
    /// bound another thread lowered, give up on a failure. `Break` ends
    /// the walk.
    fn look(&mut self, walk: &mut W) -> ControlFlow<()> {
        let _ = walk;
        ControlFlow::Continue(())
    }

    /// Whether the fold needs its looks even when nothing can stop the
    /// walk (a progress bar, a bound shared with other threads): otherwise
    /// such a walk runs without a pause.
    fn looks(&self) -> bool {
        false
    }

    /// The fold's own work so far, in nodes' worth — the upkeep of what it
    /// keeps at each solution beyond the solution itself (a heap of the
    /// cheapest, the place of a solution in the tree) — counted, with one
    /// node per solution, towards the next look, so that a walk whose
    /// solutions come thick and dear still looks on time.
    fn work(&self) -> u64 {
        0
    }
}

/// How [`drive`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ended {
    /// The tree was walked to its end.
    Exhausted,
    /// The alarm rang: the walk stands where it stopped, for the caller to
    /// unwind.
    Stopped,
    /// The fold ended it: the walk stands where it stopped.
    Folded,
}

/// The one loop around [`Resume::resume`]: walks `walk` to its end, handing
/// `fold` every solution and, between slices of
/// [`nodes_per_look`](Resume::nodes_per_look) nodes' worth of work (the
/// nodes walked, one per solution, and the fold's own
/// [`work`](Fold::work)), a look — after looking at `alarm`. An alarm that
/// has rung already ends the walk before it starts. A walk that nothing can
/// stop and whose fold needs no looks runs without a pause.
///
/// ```
/// use std::ops::ControlFlow;
/// use dance_dlx::driver::{Ended, Fold, drive};
/// use dance_dlx::{Alarm, Solver, problems::n_queens};
///
/// /// Counts solutions, and stops at the tenth.
/// struct Ten(u64);
/// impl Fold<Solver> for Ten {
///     fn solution(&mut self, _: &mut Solver) -> ControlFlow<()> {
///         self.0 += 1;
///         if self.0 == 10 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
///     }
/// }
/// let mut solver = Solver::new(&n_queens(8));
/// let mut ten = Ten(0);
/// assert_eq!(drive(&mut solver, &Alarm::SILENT, &mut ten), Ended::Folded);
/// assert_eq!(ten.0, 10);
/// ```
pub fn drive<W: Resume + ?Sized, F: Fold<W> + ?Sized>(
    walk: &mut W,
    alarm: &Alarm<'_>,
    fold: &mut F,
) -> Ended {
    let silent = alarm.is_silent();
    if !silent && alarm.rung() {
        return Ended::Stopped;
    }
    let per_look = if silent && !fold.looks() {
        u64::MAX
    } else {
        walk.nodes_per_look().max(1)
    };
    let mut left = per_look;
    let mut folded = fold.work();
    loop {
        let before = walk.nodes();
        let event = walk.resume(left);
        let walked = walk.nodes().wrapping_sub(before);
        let mut spent = walked;
        match event {
            Event::Exhausted => return Ended::Exhausted,
            Event::Solution => {
                if fold.solution(walk).is_break() {
                    return Ended::Folded;
                }
                let work = fold.work();
                spent = spent
                    .saturating_add(1)
                    .saturating_add(work.wrapping_sub(folded));
                folded = work;
            }
            Event::BudgetSpent => spent = left,
        }
        left = left.saturating_sub(spent);
        if left == 0 {
            if !silent && alarm.rung() {
                return Ended::Stopped;
            }
            if fold.look(walk).is_break() {
                return Ended::Folded;
            }
            left = per_look;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Binary strings of length `forced.len()`, where a forced position
    /// holds only 0: one level per position, or (with `bulk`) a level that
    /// also applies the forced positions after its own, as a matrix that
    /// finds forced choices in bulk would.
    struct Strings {
        forced: Vec<bool>,
        bulk: bool,
        /// Per level: the position it decides and the next bit to try.
        levels: Vec<(usize, u8)>,
        /// The position after the last decided one.
        position: usize,
    }

    impl Strings {
        fn new(forced: &[bool], bulk: bool) -> Strings {
            Strings {
                forced: forced.to_vec(),
                bulk,
                levels: vec![(0, 0); forced.len() + 1],
                position: 0,
            }
        }

        fn options(&self, position: usize) -> u8 {
            if self.forced[position] { 1 } else { 2 }
        }
    }

    impl Matrix for Strings {
        fn choose(&mut self, level: usize) -> Choice {
            if self.position == self.forced.len() {
                return Choice::Solved;
            }
            self.levels[level] = (self.position, 0);
            Choice::Item
        }

        fn try_option(&mut self, level: usize) -> Work {
            let (position, bit) = self.levels[level];
            let guesses = u64::from(self.options(position) > 1);
            self.levels[level].1 = bit + 1;
            self.position = position + 1;
            let mut nodes = 1;
            while self.bulk && self.position < self.forced.len() && self.forced[self.position] {
                self.position += 1;
                nodes += 1;
            }
            Work { nodes, guesses }
        }

        fn retract(&mut self, level: usize) -> bool {
            let (position, bit) = self.levels[level];
            self.position = position;
            bit < self.options(position)
        }

        fn unchoose(&mut self, level: usize) {
            self.position = self.levels[level].0;
        }
    }

    fn walk(matrix: &mut Strings, budget: u64) -> (u64, Stats) {
        let mut driver = Driver::new();
        let mut solutions = 0;
        loop {
            match driver.resume(matrix, budget) {
                Event::Solution => solutions += 1,
                Event::Exhausted => break,
                Event::BudgetSpent => {}
            }
        }
        assert_eq!(driver.resume(matrix, budget), Event::Exhausted);
        (solutions, driver.stats())
    }

    /// Forced choices applied in bulk count the same nodes and guesses as
    /// one level each, and find the same solutions, however the search is
    /// cut by budgets.
    #[test]
    fn bulk_steps_count_like_single_steps() {
        let forced = [false, true, true, false, true, false, false, true];
        let (solutions, single) = walk(&mut Strings::new(&forced, false), u64::MAX);
        assert_eq!(solutions, 16);
        assert_eq!(single.solutions, 16);
        for budget in [1, 2, 3, u64::MAX] {
            assert_eq!(walk(&mut Strings::new(&forced, true), budget), (16, single));
            assert_eq!(
                walk(&mut Strings::new(&forced, false), budget),
                (16, single)
            );
        }
    }

    /// Unwinding half-way leaves the matrix at the base, and a restart
    /// walks the whole tree again.
    #[test]
    fn unwind_then_restart_walks_again() {
        let forced = [false, false, true, false];
        let mut matrix = Strings::new(&forced, true);
        let mut driver = Driver::new();
        assert_eq!(driver.resume(&mut matrix, 2), Event::BudgetSpent);
        driver.unwind(&mut matrix);
        assert_eq!((driver.level(), matrix.position), (0, 0));
        driver.restart(0);
        driver.clear_stats();
        let mut solutions = 0;
        while driver.resume(&mut matrix, u64::MAX) == Event::Solution {
            solutions += 1;
        }
        assert_eq!(solutions, 8);
    }
}
