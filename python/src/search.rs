//! The searches of an `ExactCover` — the first solution, counts (on one
//! thread or, through the library, on many), memo counts, Knuth's estimate and the split
//! into subproblems — by the `dance_dlx` request and answer types, on a
//! thread that Ctrl-C stops ([`interrupt`]).

use dance_dlx::threads::Executor;
use dance_dlx::{Cut, Goal, OptionId, Problem, Request, Solver, Status, Threads};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::args::Timeout;
use crate::errors::value_error;
use crate::interrupt;

/// A solver of a problem with a subproblem's options selected.
pub struct Searched {
    /// The solver, the options selected.
    pub solver: Solver,
}

impl Searched {
    /// `solver`, a fresh solver of `problem`, with `selected` selected, or
    /// the first option that conflicts with those before it.
    pub fn new(
        mut solver: Solver,
        _problem: &Problem,
        selected: &[OptionId],
    ) -> Result<Searched, OptionId> {
        for &option in selected {
            solver.select(option).map_err(|_| option)?;
        }
        Ok(Searched { solver })
    }
}

/// The subproblems of `searched`'s selection (their options below it), cut
/// as the library's [`Goal::Split`] cuts them: at a depth, or at the
/// smallest depth with at least so many parts within the library's cost
/// bound (as `dance cover -j` cuts). A problem with multiplicities is one
/// part, the whole problem.
pub fn split(searched: &Searched, cut: Cut) -> PyResult<Vec<Vec<OptionId>>> {
    let mut solver = searched.solver.clone();
    let answer = solver.run(&Request::new(Goal::Split(cut)));
    Ok(answer.findings.parts().unwrap_or_default().to_vec())
}

/// Knuth's estimate of a search's size (`dance cover --estimate`).
///
/// `nodes` estimates the search tree's nodes (options tried), with its
/// standard error `nodes_error` (large on irregular trees: trust the order
/// of magnitude); `solutions` estimates the solutions; `probes` is the
/// number of random paths averaged. `Estimate(probes, nodes, nodes_error,
/// solutions)` rebuilds one (as pickle does).
#[pyclass(frozen, eq, module = "dance")]
#[derive(PartialEq)]
pub struct Estimate {
    /// Random paths averaged.
    #[pyo3(get)]
    probes: u32,
    /// Estimated search-tree nodes.
    #[pyo3(get)]
    nodes: f64,
    /// The standard error of `nodes`.
    #[pyo3(get)]
    nodes_error: f64,
    /// Estimated solutions.
    #[pyo3(get)]
    solutions: f64,
}

#[pymethods]
impl Estimate {
    #[new]
    fn new(probes: u32, nodes: f64, nodes_error: f64, solutions: f64) -> Estimate {
        Estimate {
            probes,
            nodes,
            nodes_error,
            solutions,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Estimate(probes={}, nodes={:?}, nodes_error={:?}, solutions={:?})",
            self.probes, self.nodes, self.nodes_error, self.solutions
        )
    }

    fn __getnewargs__(&self) -> (u32, f64, f64, f64) {
        (self.probes, self.nodes, self.nodes_error, self.solutions)
    }
}

/// Knuth's estimate by `probes` random paths below the selection.
pub fn estimate(py: Python<'_>, searched: &Searched, probes: u32, seed: u64) -> PyResult<Estimate> {
    let mut solver = searched.solver.clone();
    let answer = py.detach(|| solver.run(&Request::new(Goal::Estimate { probes, seed })));
    let estimate = answer
        .findings
        .estimate()
        .copied()
        .ok_or_else(|| value_error("estimate: no estimate was made"))?;
    Ok(Estimate::new(
        estimate.probes,
        estimate.nodes,
        estimate.nodes_error,
        estimate.solutions,
    ))
}

/// The first solution, or `None`; a `TimeoutError` when `timeout` passes
/// first (`searched` is `None` when it passed while the links were built).
pub fn first(
    py: Python<'_>,
    searched: Option<&Searched>,
    timeout: Timeout,
) -> PyResult<Option<Vec<OptionId>>> {
    let answer = match searched {
        Some(searched) => {
            let mut solver = searched.solver.clone();
            let interrupted = interrupt::flag();
            let request =
                Request::new(Goal::First).with_stop(timeout.stop().with_flag(interrupted.clone()));
            Some(interrupt::on_thread(py, &interrupted, move || {
                solver.run(&request)
            })?)
        }
        None => None,
    };
    match answer {
        Some(answer) if answer.status != Status::Timeout => Ok(answer.solution),
        _ => Err(PyTimeoutError::new_err(format!(
            "first: no solution found or ruled out in {} s",
            timeout.seconds()
        ))),
    }
}

/// The count of solutions up to `limit` (all without one), on `threads`:
/// the library's search on threads ([`Executor`]), which
/// cuts the tree, shares the limit and the stop, and answers as one thread.
pub fn count<'py>(
    py: Python<'py>,
    searched: Option<&Searched>,
    limit: Option<u64>,
    threads: Threads,
    timeout: Timeout,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(searched) = searched else {
        return timed_out_before_search(py);
    };
    let goal = limit.map_or(Goal::All, |limit| Goal::Count { limit });
    let mut solver = searched.solver.clone();
    let interrupted = interrupt::flag();
    let request = Request::new(goal).with_stop(timeout.stop().with_flag(interrupted.clone()));
    let answer = interrupt::on_thread(py, &interrupted, move || {
        Executor::new(threads).run(&mut solver, &request)
    })?;
    count_object(
        py,
        answer.count.solutions.into_pyobject(py)?.into_any(),
        answer.count.complete,
        answer.status == Status::Timeout,
    )
}

/// The memo count of the selection's solutions, within `memory_mb` MiB.
pub fn count_memo<'py>(
    py: Python<'py>,
    searched: Option<&Searched>,
    memory_mb: u64,
    timeout: Timeout,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(searched) = searched else {
        return timed_out_before_search(py);
    };
    let bytes = dance_dlx::memory_of_mb(memory_mb);
    let mut solver = searched.solver.clone();
    let interrupted = interrupt::flag();
    let stop = timeout.stop().with_flag(interrupted.clone());
    let request = Request::new(Goal::MemoCount { memory: bytes }).with_stop(stop);
    let answer = interrupt::on_thread(py, &interrupted, move || solver.run(&request))?;
    let counted = answer
        .findings
        .memo_count()
        .cloned()
        .ok_or_else(|| value_error("count_memo: no count was made"))?;
    let value = match counted.solutions.to_u128() {
        Some(small) => small.into_pyobject(py)?.into_any(),
        // Counts past `u128` are exact too: Python's int reads any size.
        None => py
            .import("builtins")?
            .getattr("int")?
            .call1((counted.solutions.to_string(),))?,
    };
    let complete = counted.complete;
    count_object(py, value, complete, !complete)
}

/// The count of a call whose timeout passed while the links were built:
/// nothing counted, not exact, timed out.
fn timed_out_before_search(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    count_object(py, 0u64.into_pyobject(py)?.into_any(), false, true)
}

/// A `dance.Count`: `value`, whether it is exact, whether the time ran out.
fn count_object<'py>(
    py: Python<'py>,
    value: Bound<'py, PyAny>,
    exact: bool,
    timed_out: bool,
) -> PyResult<Bound<'py, PyAny>> {
    static COUNT: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let class = COUNT.get_or_try_init(py, || {
        py.import("dance")?.getattr("Count").map(Bound::unbind)
    })?;
    class.bind(py).call1((value, exact, timed_out))
}
