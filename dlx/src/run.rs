//! [`Solver::run`] and [`Solver::run_with`]: the solver answering a
//! [`Request`], by the rules of the [request module](crate::request).

use std::ops::ControlFlow;

use crate::{Answer, Goal, OptionId, Pursuit, Request, Solver};

impl Solver {
    /// Answers `request`: the first solution, the uniqueness verdict, a
    /// count that says whether it is exact, or every solution counted —
    /// stopped early by the request's [`Stop`](crate::Stop) if it says so.
    /// The selected options are part of every solution, as for
    /// [`first`](Solver::first).
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
        if let Goal::Best { k } = request.goal {
            return self.run_best(request, k, |_| ControlFlow::Continue(()));
        }
        self.serve(request, |_| ControlFlow::Continue(()))
    }

    /// [`run`](Solver::run), handing every solution the answer counts (at
    /// most the goal's [`limit`](crate::Goal::limit): with
    /// [`Goal::All`](crate::Goal::All), every one) to `visit`, in search
    /// order, as it is found. `visit` may end the search with
    /// [`ControlFlow::Break`]: the answer then counts the solutions found
    /// so far, as a lower bound.
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
        mut visit: impl FnMut(&[OptionId]) -> ControlFlow<()>,
    ) -> Answer {
        if let Goal::Best { k } = request.goal {
            return self.run_best(request, k, visit);
        }
        let mut solution = Vec::new();
        self.serve(request, |solver| {
            solution.clear();
            solution.extend(solver.solution());
            visit(&solution)
        })
    }

    /// The one loop of both but for the cheapest solutions: the
    /// [`Pursuit`] of `request` over the solver, `visit` seeing the solver
    /// at each solution the answer counts (a count that visits nothing
    /// builds no solution).
    pub(crate) fn serve(
        &mut self,
        request: &Request,
        mut visit: impl FnMut(&Solver) -> ControlFlow<()>,
    ) -> Answer {
        self.rewind();
        let keep = request.goal.keeps_solution();
        let mut pursuit = Pursuit::new(request);
        let mut kept = None;
        pursuit.run(self, |solver| {
            if keep && kept.is_none() {
                kept = Some(solver.solution().collect());
            }
            visit(solver)
        });
        self.unwind();
        pursuit.answer(kept, self.stats(), ())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::{Duration, Instant};

    use super::*;
    use crate::model::problems::{n_queens, rooks};
    use crate::{Count, Goal, Status, Stop};

    fn count(solutions: u64, complete: bool) -> Count {
        Count {
            solutions,
            complete,
        }
    }

    /// Every goal at every limit on problems with 0, 1, 2, 4 and many
    /// solutions: the status and the count follow from the true count.
    #[test]
    fn every_goal_answers_by_the_true_count() {
        // Queens of sizes 1, 3, 4 and 6 have 1, 0, 2 and 4 solutions;
        // rooks(4, 2) has 90.
        let problems = [
            (n_queens(1), 1),
            (n_queens(3), 0),
            (n_queens(4), 2),
            (n_queens(6), 4),
        ];
        for (problem, total) in problems.into_iter().chain([(rooks(4, 2), 90)]) {
            let mut solver = Solver::new(&problem);
            let first = solver.run(&Request::new(Goal::First));
            let expected = if total == 0 {
                Status::NoSolution
            } else {
                Status::Solved
            };
            assert_eq!(first.status, expected);
            assert_eq!(first.solution.is_some(), total > 0);
            assert_eq!(first.count, count(total.min(1), total == 0));

            let unique = solver.run(&Request::new(Goal::Unique));
            let verdict = match total {
                0 => Status::NoSolution,
                1 => Status::Unique,
                _ => Status::Multiple,
            };
            assert_eq!(unique.status, verdict);
            assert_eq!(unique.solution.is_some(), total == 1);
            assert_eq!(unique.count, count(total.min(1), total <= 1));

            for limit in 0..6 {
                let counted = solver.run(&Request::new(Goal::Count { limit }));
                assert_eq!(
                    counted.count,
                    count(total.min(limit), total <= limit),
                    "{limit}"
                );
                let status = if limit == 0 && total > 0 {
                    Status::Solved
                } else {
                    verdict
                };
                assert_eq!(counted.status, status, "{limit}");
                assert_eq!(counted.solution, None);
            }
            let all = solver.run(&Request::new(Goal::All));
            assert_eq!((all.count, all.status), (count(total, true), verdict));
            assert_eq!(all.stats.solutions, total);
        }
    }

    #[test]
    fn a_visitor_sees_the_counted_solutions_and_may_stop() {
        let mut solver = Solver::new(&n_queens(6));
        let mut seen = Vec::new();
        let all = solver.run_with(&Request::new(Goal::All), |s| {
            seen.push(s.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!((seen.len(), all.count), (4, count(4, true)));
        let stopped = solver.run_with(&Request::new(Goal::All), |_| ControlFlow::Break(()));
        assert_eq!(
            (stopped.status, stopped.count),
            (Status::Solved, count(1, false))
        );
        assert_eq!(solver.first(), Some(seen[0].clone()));
    }

    #[test]
    fn a_raised_flag_or_a_past_deadline_stops_with_a_timeout() {
        let problem = n_queens(10);
        let flag = Arc::new(AtomicBool::new(true));
        let past = Instant::now();
        for stop in [
            Stop::when(flag),
            Stop::at(past),
            Stop::after(Duration::ZERO),
        ] {
            let mut solver = Solver::new(&problem);
            let answer = solver.run(&Request::new(Goal::All).with_stop(stop));
            assert_eq!(answer.status, Status::Timeout);
            assert!(!answer.count.complete && answer.count.solutions < 724);
            // The search is abandoned cleanly: the next one counts them all.
            assert_eq!(solver.count(), 724);
        }
        let far = Stop::after(Duration::MAX).with_deadline(past + Duration::from_secs(3600));
        let answer = Solver::new(&problem).run(&Request::new(Goal::All).with_stop(far));
        assert_eq!(
            (answer.status, answer.count),
            (Status::Multiple, count(724, true))
        );
    }

    #[test]
    fn selected_options_are_part_of_the_answer() {
        let mut solver = Solver::new(&n_queens(4));
        let first = solver.first().unwrap();
        solver.select(first[0]).unwrap();
        let unique = solver.run(&Request::new(Goal::Unique));
        assert_eq!(unique.status, Status::Unique);
        assert_eq!(unique.solution.as_deref().map(|s| s[0]), Some(first[0]));
        assert_eq!(solver.selected().collect::<Vec<_>>(), [first[0]]);
    }
}
