//! Shared helpers: the questions the tests ask most, each one request to
//! the solver (or to an executor on threads), named for what it answers.

use std::ops::ControlFlow;

use dance_dlx::driver::{Fold, drive};
use dance_dlx::threads::Executor;
use dance_dlx::{
    Alarm, Answer, BigCount, Count, Cut, DEFAULT_MEMORY_LIMIT, Event, Goal, MemoStats, OptionId,
    Problem, Request, Resume, Solver, Threads, Zdd,
};

/// A solver of `problem` whose options are shuffled by `seed`.
pub(crate) fn seeded(problem: &Problem, seed: u64) -> Solver {
    let mut solver = Solver::new(problem);
    solver.shuffle(seed);
    solver
}

/// The first solution in search order, if any.
pub(crate) fn first(solver: &mut Solver) -> Option<Vec<OptionId>> {
    solver.solutions().next()
}

/// The count up to `limit`, exact up to it and `limit+` beyond.
pub(crate) fn count_up_to(solver: &mut Solver, limit: u64) -> Count {
    solver.run(&Request::new(Goal::Count { limit })).count
}

/// Every solution handed to `visit`, which may stop the search.
pub(crate) fn search(
    solver: &mut Solver,
    visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
) -> Answer {
    solver.run_with(&Request::new(Goal::All), visit)
}

/// Makes the next [`Resume::resume`](dance_dlx::Resume::resume) start a
/// new search with its statistics at zero: a new iterator of the
/// solutions starts one, and dropping it before its first solution
/// leaves it unwalked.
pub(crate) fn rewind(solver: &mut Solver) {
    drop(solver.solutions());
}

/// A search walked by the one drive loop in slices of at most `budget`
/// nodes each, from a new start: its solutions in the order found, how
/// many times the search was resumed and how many of those ended with the
/// budget spent. The solver's statistics are the walk's.
pub(crate) fn walk_in_slices(solver: &mut Solver, budget: u64) -> Sliced {
    rewind(solver);
    let mut slices = Slices {
        solver,
        budget,
        sliced: Sliced::default(),
    };
    drive(&mut slices, &Alarm::SILENT, &mut Collect);
    slices.sliced
}

/// What [`walk_in_slices`] saw.
#[derive(Debug, Default)]
pub(crate) struct Sliced {
    /// The solutions in the order found.
    pub(crate) solutions: Vec<Vec<OptionId>>,
    /// Calls of `resume`.
    pub(crate) calls: u64,
    /// Calls that ended with the budget spent.
    pub(crate) pauses: u64,
}

/// A solver resumed `budget` nodes at a time at most, its calls counted.
struct Slices<'s> {
    solver: &'s mut Solver,
    budget: u64,
    sliced: Sliced,
}

impl Resume for Slices<'_> {
    fn resume(&mut self, budget: u64) -> Event {
        self.sliced.calls += 1;
        let event = self.solver.resume(budget.min(self.budget));
        if event == Event::BudgetSpent {
            self.sliced.pauses += 1;
        }
        event
    }

    fn nodes(&self) -> u64 {
        Resume::nodes(&*self.solver)
    }

    fn nodes_per_look(&self) -> u64 {
        self.budget
    }
}

/// Keeps every solution of a [`Slices`] walk, and looks between slices so
/// that the drive loop hands them out `budget` at a time.
struct Collect;

impl Fold<Slices<'_>> for Collect {
    fn solution(&mut self, walk: &mut Slices<'_>) -> ControlFlow<()> {
        let solution = walk.solver.solution().collect();
        walk.sliced.solutions.push(solution);
        ControlFlow::Continue(())
    }

    fn looks(&self) -> bool {
        true
    }
}

/// The `k` cheapest solutions with their costs, cheapest first.
pub(crate) fn cheapest(solver: &mut Solver, k: u64) -> Vec<(u128, Vec<OptionId>)> {
    let answer = solver.run(&Request::new(Goal::Best { k }));
    answer
        .findings
        .cheapest()
        .expect("the cheapest are the findings of Goal::Best")
        .to_vec()
}

/// What `options` cost together in `problem`.
pub(crate) fn cost_of(problem: &Problem, options: &[OptionId]) -> u128 {
    options
        .iter()
        .map(|&option| u128::from(problem.option_cost(option)))
        .sum()
}

/// The memo's answer for `solver`'s problem with its selection, within
/// `memory` bytes, on `threads` threads.
pub(crate) fn memo_answer(solver: &mut Solver, memory: usize, threads: u64) -> Answer {
    on(threads).run(solver, &Request::new(Goal::MemoCount { memory }))
}

/// The memo's count and figures, from a memo answer.
pub(crate) fn memo_findings(answer: &Answer) -> (Count<BigCount>, MemoStats) {
    let count = answer.findings.memo_count().expect("a memo's count");
    let stats = answer.findings.memo_stats().expect("a memo's figures");
    (count.clone(), *stats)
}

/// The memo's exact count of `solver`'s problem with its selection, on
/// this thread within `memory` bytes.
pub(crate) fn memo_count_within(solver: &mut Solver, memory: usize) -> BigCount {
    let (count, _) = memo_findings(&memo_answer(solver, memory, 1));
    assert!(count.complete, "nothing stops the count");
    count.solutions
}

/// The memo's exact count within the default budget.
pub(crate) fn memo_count(solver: &mut Solver) -> BigCount {
    memo_count_within(solver, DEFAULT_MEMORY_LIMIT)
}

/// The diagram of every solution and the figures of its build, within
/// `memory` bytes of memo.
pub(crate) fn zdd_within(solver: &mut Solver, memory: usize) -> (Zdd, MemoStats) {
    let answer = solver.run(&Request::new(Goal::Zdd { memory }));
    let stats = *answer.findings.memo_stats().expect("the build's figures");
    let zdd = answer.findings.into_zdd().expect("the diagram");
    (zdd, stats)
}

/// The diagram of every solution, built within the default budget.
pub(crate) fn zdd_of(solver: &mut Solver) -> Zdd {
    zdd_within(solver, DEFAULT_MEMORY_LIMIT).0
}

/// The subproblems of the tree cut at `depth` below the selection.
pub(crate) fn split(solver: &mut Solver, depth: usize) -> Vec<Vec<OptionId>> {
    let answer = solver.run(&Request::new(Goal::Split(Cut::Depth(depth))));
    answer
        .findings
        .parts()
        .expect("the parts of a cut")
        .to_vec()
}

/// The subproblems of the tree cut at the smallest depth giving at least
/// `parts` of them (within the library's cost bound).
pub(crate) fn split_into_parts(solver: &mut Solver, parts: usize) -> Vec<Vec<OptionId>> {
    let answer = solver.run(&Request::new(Goal::Split(Cut::Parts(parts))));
    answer
        .findings
        .parts()
        .expect("the parts of a cut")
        .to_vec()
}

/// An executor of `threads` threads.
pub(crate) fn on(threads: u64) -> Executor<'static> {
    Executor::new(Threads::new(threads).expect("a valid number of threads"))
}
