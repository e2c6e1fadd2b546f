//! `ExactCover.best` (the cheapest solutions, Knuth's DLX5: `dance cover
//! --best K`) and `ExactCover.preprocess` (DLX-PRE's reductions with the
//! way back: `dance cover --preprocess` and `--reduce`), by the `dance_dlx`
//! request and answer and its `preprocess`.

use dance_dlx::{Goal, OptionId, Reduction, Request, Status};
use pyo3::exceptions::{PyIndexError, PyTimeoutError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::args::{self, Timeout, type_name};
use crate::build::Built;
use crate::errors::value_error;
use crate::interrupt;
use crate::labels::Labels;
use crate::naming::Naming;
use crate::problem::ExactCover;
use crate::search::Searched;
use dance_dlx::Threads;
use dance_dlx::threads::Executor;

/// The `k` cheapest solutions of `searched`, cheapest first, as `(cost,
/// solution)` pairs, searched on `threads` sharing the bound; a `TimeoutError` carrying those found so far (its
/// `best` attribute) when `timeout` passes before they are proven the
/// cheapest.
pub fn best<'py>(
    py: Python<'py>,
    searched: Option<&Searched>,
    naming: &Naming,
    k: u64,
    names: bool,
    threads: Threads,
    timeout: Timeout,
) -> PyResult<Bound<'py, PyList>> {
    let (status, found) = match searched {
        Some(searched) => best_on_thread(py, searched, k, threads, timeout)?,
        // The timeout passed while the links were built.
        None => (Status::Timeout, Vec::new()),
    };
    let list = PyList::empty(py);
    for (cost, options) in &found {
        let solution = naming.solution(py, options, names)?;
        list.append(PyTuple::new(
            py,
            [cost.into_pyobject(py)?.into_any(), solution.into_bound(py)],
        )?)?;
    }
    if status == Status::Timeout {
        let error = PyTimeoutError::new_err(format!(
            "best: the {} cheapest solutions found in {} s are not proven the cheapest; \
             the error's `best` holds them",
            found.len(),
            timeout.seconds()
        ));
        error.value(py).setattr("best", &list)?;
        return Err(error);
    }
    Ok(list)
}

/// A solution's cost and options.
type Priced = (u128, Vec<OptionId>);

/// The search of [`best`] on a thread that Ctrl-C stops: the status, and
/// the solutions found with their costs.
fn best_on_thread(
    py: Python<'_>,
    searched: &Searched,
    k: u64,
    threads: Threads,
    timeout: Timeout,
) -> PyResult<(Status, Vec<Priced>)> {
    let mut solver = searched.solver.clone();
    let interrupted = interrupt::flag();
    let stop = timeout.stop().with_flag(interrupted.clone());
    let request = Request::new(Goal::Best { k }).with_stop(stop);
    interrupt::on_thread(py, &interrupted, move || {
        let answer = Executor::new(threads).run(&mut solver, &request);
        let found = answer.findings.cheapest().unwrap_or_default().to_vec();
        (answer.status, found)
    })
}

/// A problem reduced by DLX-PRE's rules, with the way back to the problem
/// it came from (`ExactCover.preprocess`).
///
/// `problem` is the reduced problem (fewer items and options, the same
/// solutions once mapped back); `original(solution)` maps a solution of it
/// (option numbers) to the same solution of the original problem, which
/// `dance cover --reduce` prints. `items_removed`, `options_removed` and
/// `rounds` say what the reductions did.
#[pyclass(frozen, module = "dance")]
pub struct Reduced {
    /// The reduced problem.
    #[pyo3(get)]
    problem: Py<ExactCover>,
    reduction: Reduction,
    /// The problem reduced, which pickle reduces again.
    source: Py<ExactCover>,
}

#[pymethods]
impl Reduced {
    /// A solution of the reduced problem (its option numbers) as the same
    /// solution of the original problem (the original's numbers, in the
    /// same order). Raises `IndexError` for a number out of range.
    fn original(&self, solution: &Bound<'_, PyAny>) -> PyResult<Vec<usize>> {
        let Ok(iterator) = solution.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "solution: expected a list of option numbers, found {}",
                type_name(solution)
            )));
        };
        let count = self.reduction.problem().option_count();
        let mut options = Vec::new();
        for (index, option) in iterator.enumerate() {
            let name = format!("solution[{index}]");
            let number = args::integer(&name, &option?)?;
            let option = usize::try_from(number)
                .ok()
                .filter(|&option| option < count)
                .ok_or_else(|| {
                    PyIndexError::new_err(format!(
                        "{name}: option {number} out of range; the reduced problem has {count} \
                         options"
                    ))
                })?;
            options.push(OptionId::new(option as u32));
        }
        Ok(self
            .reduction
            .solution_of_original(&options)
            .into_iter()
            .map(OptionId::index)
            .collect())
    }

    /// Items the reductions took away.
    #[getter]
    fn items_removed(&self) -> usize {
        self.reduction.items_removed()
    }

    /// Options the reductions took away.
    #[getter]
    fn options_removed(&self) -> usize {
        self.reduction.options_removed()
    }

    /// Rounds of the rules until nothing more went.
    #[getter]
    fn rounds(&self) -> usize {
        self.reduction.rounds()
    }

    /// Pickles as the problem it reduces: the reductions are the same
    /// wherever they run, and cost far less than sending both problems.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Py<ExactCover>,))> {
        let preprocess = py.get_type::<ExactCover>().getattr("preprocess")?;
        Ok((preprocess, (self.source.clone_ref(py),)))
    }

    fn __repr__(&self) -> String {
        format!(
            "Reduced(items_removed={}, options_removed={}, rounds={})",
            self.reduction.items_removed(),
            self.reduction.options_removed(),
            self.reduction.rounds()
        )
    }
}

/// DLX-PRE's reductions of `cover`, a whole problem (nothing selected).
pub fn preprocess(
    py: Python<'_>,
    source: Py<ExactCover>,
    labels: Option<&Labels>,
) -> PyResult<Reduced> {
    let cover = source.get();
    if !cover.selection().is_empty() {
        return Err(value_error(
            "preprocess: reduces a whole problem; this one has options selected (preprocess the \
             problem, then select)"
                .to_owned(),
        ));
    }
    let original = cover.problem();
    let reduction = py
        .detach(|| dance_dlx::preprocess(original))
        .map_err(|error| value_error(format!("preprocess: {error}")))?;
    let problem = reduction.problem().clone();
    // The reduced problem keeps some of the items, by their names: their
    // objects are the original items' of those names.
    let labels = labels
        .map(|labels| {
            let objects = problem
                .items()
                .map(|item| {
                    let name = problem.item_name(item);
                    let kept = original.item(name).ok_or_else(|| {
                        value_error(format!("preprocess: item {name} is not the original's"))
                    })?;
                    Ok((name.to_owned(), labels.object(py, kept)?))
                })
                .collect::<PyResult<Vec<_>>>()?;
            Labels::new(py, &objects)
        })
        .transpose()?;
    let problem = Py::new(py, ExactCover::built(Built { problem, labels }))?;
    Ok(Reduced {
        problem,
        reduction,
        source,
    })
}
