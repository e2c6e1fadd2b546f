//! Searches on threads answer as one thread does: every goal at several
//! limits, the solutions visited in the sequential order, and the contract
//! of issue 33 — a limit, a deadline and a raised stop flag give the same
//! statuses and counts at 1, 2 and 4 threads.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use dance_dlx::problems::{domino_tilings, langford, n_queens, pentominoes, rooks};
use dance_dlx::{Answer, Goal, OptionId, Problem, Progress, Request, Solver, Status, Stop};

use crate::util::{first, memo_findings, on};

fn problems() -> Vec<Problem> {
    vec![
        n_queens(1),
        n_queens(3),
        n_queens(4),
        n_queens(6),
        n_queens(8),
        rooks(4, 2),
        langford(7),
        pentominoes(3, 20),
    ]
}

fn goals() -> Vec<Goal> {
    let mut goals = vec![Goal::First, Goal::Unique, Goal::All];
    goals.extend([0, 1, 2, 3, 5, 91, 92, 93, 1000].map(|limit| Goal::Count { limit }));
    goals
}

/// The answer and the solutions visited, on `threads` threads.
fn visited(solver: &mut Solver, goal: Goal, threads: u64) -> (Answer, Vec<Vec<OptionId>>) {
    let mut seen = Vec::new();
    let answer = on(threads).run_with(solver, &Request::new(goal), |solution| {
        seen.push(solution.to_vec());
        ControlFlow::Continue(())
    });
    (answer, seen)
}

#[test]
fn every_goal_answers_as_one_thread_does() {
    for problem in problems() {
        let mut solver = Solver::new(&problem);
        for goal in goals() {
            let one = solver.run(&Request::new(goal));
            let (one_visited, seen) = visited(&mut solver, goal, 1);
            assert_eq!(one_visited.count, one.count);
            for threads in [2, 4] {
                let many = on(threads).run(&mut solver, &Request::new(goal));
                assert_eq!(
                    (many.status, many.count, &many.solution),
                    (one.status, one.count, &one.solution),
                    "{goal:?} on {threads} threads"
                );
                let (answer, order) = visited(&mut solver, goal, threads);
                assert_eq!(
                    (answer.status, answer.count, &answer.solution),
                    (one.status, one.count, &one.solution),
                    "{goal:?} visited on {threads} threads"
                );
                assert_eq!(order, seen, "{goal:?}: the sequential order");
            }
            // The selection is left as it was.
            assert_eq!(solver.selected().count(), 0);
        }
    }
}

#[test]
fn a_visitor_that_stops_sees_what_one_thread_sees() {
    let mut solver = Solver::new(&n_queens(8));
    for stop_at in [1, 2, 10] {
        let mut answers = Vec::new();
        for threads in [1, 2, 4] {
            let mut seen = Vec::new();
            let answer = on(threads).run_with(&mut solver, &Request::new(Goal::All), |s| {
                seen.push(s.to_vec());
                if seen.len() == stop_at {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            answers.push((answer.status, answer.count, seen));
        }
        assert!(answers.windows(2).all(|pair| pair[0] == pair[1]));
        assert_eq!(answers[0].2.len(), stop_at);
    }
}

#[test]
fn the_progress_counts_solutions_and_parts() {
    let mut solver = Solver::new(&n_queens(10));
    let progress = Progress::new();
    let all = on(2)
        .with_progress(&progress)
        .run(&mut solver, &Request::new(Goal::All));
    assert_eq!(all.count.to_string(), "724");
    assert_eq!(progress.solutions(), 724);
    assert!(progress.parts() > 1);
    assert_eq!(progress.parts_done(), progress.parts());
    assert_eq!(all.stats.solutions, 724);
}

/// Issue 33's contract: a limit, a deadline and a raised flag, the same
/// statuses and counts on every number of threads.
#[test]
fn a_limit_a_deadline_and_a_flag_answer_alike_on_every_thread_count() {
    let mut solver = Solver::new(&n_queens(12));
    for threads in [1, 2, 4] {
        let limit = on(threads).run(&mut solver, &Request::new(Goal::Count { limit: 1000 }));
        assert_eq!(
            (limit.status, limit.count.to_string()),
            (Status::Multiple, "1000+".to_owned())
        );
        let exact = on(threads).run(&mut solver, &Request::new(Goal::Count { limit: 14200 }));
        assert_eq!(
            (exact.status, exact.count.to_string()),
            (Status::Multiple, "14200".to_owned())
        );
    }
    // 18 queens take minutes: a 0.2 s timeout stops them.
    let mut big = Solver::new(&n_queens(18));
    for threads in [1, 2, 4] {
        let request = Request::new(Goal::All).with_stop(Stop::after(Duration::from_millis(200)));
        let answer = on(threads).run(&mut big, &request);
        assert_eq!(answer.status, Status::Timeout, "{threads}");
        assert!(!answer.count.complete);
        let (visited, _) = {
            let mut seen = 0u64;
            let answer = on(threads).run_with(&mut big, &request, |_| {
                seen += 1;
                ControlFlow::Continue(())
            });
            (answer, seen)
        };
        assert_eq!(visited.status, Status::Timeout, "{threads}");
        let raised = Stop::when(Arc::new(AtomicBool::new(true)));
        for goal in [
            Goal::First,
            Goal::Unique,
            Goal::All,
            Goal::Count { limit: 5 },
        ] {
            let answer = on(threads).run(&mut big, &Request::new(goal).with_stop(raised.clone()));
            assert_eq!(
                (answer.status, answer.count.solutions, answer.count.complete),
                (Status::Timeout, 0, false),
                "{goal:?} on {threads}"
            );
        }
    }
}

#[test]
fn the_memo_counts_on_threads_as_on_one() {
    let problem = domino_tilings(8, 8);
    for threads in [1, 2, 4] {
        let mut solver = Solver::new(&problem);
        let progress = Progress::new();
        let memo = Request::new(Goal::MemoCount { memory: 64 << 20 });
        let answer = on(threads).with_progress(&progress).run(&mut solver, &memo);
        let (count, stats) = memo_findings(&answer);
        assert_eq!(
            (count.solutions.to_string(), count.complete),
            ("12988816".to_owned(), true)
        );
        assert_eq!(progress.nodes(), stats.search.nodes, "{threads}");
        assert_eq!(progress.parts_done(), progress.parts());
        let raised = Stop::when(Arc::new(AtomicBool::new(true)));
        let (stopped, _) =
            memo_findings(&on(threads).run(&mut solver, &memo.clone().with_stop(raised)));
        assert!(!stopped.complete);
        assert_eq!(solver.selected().count(), 0);
    }
    let big = domino_tilings(30, 30);
    for threads in [1, 2] {
        let mut solver = Solver::new(&big);
        let request = Request::new(Goal::MemoCount { memory: 64 << 20 })
            .with_stop(Stop::after(Duration::from_millis(200)));
        let (stopped, _) = memo_findings(&on(threads).run(&mut solver, &request));
        assert!(!stopped.complete, "{threads}");
    }
}

/// The build of the links looks at the stop too: a raised flag or a past
/// deadline ends it on a problem of a million nodes, and a stop that never
/// comes builds the same solver as `Solver::new`.
#[test]
fn a_stop_ends_the_build_of_a_wide_problem() {
    let wide = n_queens(300); // 90,000 options, about 450,000 nodes
    let raised = Stop::when(Arc::new(AtomicBool::new(true)));
    assert!(Solver::new_until(&wide, &raised).is_none());
    let past = Stop::at(std::time::Instant::now());
    assert!(Solver::new_until(&wide, &past).is_none());
    let lowered = Stop::when(Arc::new(AtomicBool::new(false)));
    for problem in problems() {
        let mut built = Solver::new_until(&problem, &lowered).expect("nothing stops it");
        let mut plain = Solver::new(&problem);
        assert_eq!(built.count(), plain.count());
        assert_eq!(first(&mut built), first(&mut plain));
    }
    // A small problem is laid out before the first look: it is built, and
    // its search sees the stop.
    let mut small = Solver::new_until(&n_queens(8), &raised).expect("built before any look");
    let answer = small.run(&Request::new(Goal::All).with_stop(raised));
    assert_eq!(answer.status, Status::Timeout);
}
