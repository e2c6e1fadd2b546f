//! `dance.Solutions`: the solutions of an `ExactCover`, found lazily, safe
//! to share between threads.

use std::sync::{Mutex, PoisonError};

use dance_dlx::{Event, OptionId, Resume, Solver};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::naming::Naming;

/// The solutions of an `ExactCover`, found lazily (see
/// `ExactCover.solutions`).
///
/// Threads may share one iterator: a lock keeps the search whole, each
/// solution goes to one thread, and the search runs with the GIL released.
/// An iterator holds a search in progress, which cannot be pickled: pickle
/// the `ExactCover` (or a subproblem from `split`) instead and iterate
/// where it arrives.
#[pyclass(frozen, module = "dance")]
pub struct Solutions {
    naming: Naming,
    names: bool,
    /// The search in progress.
    search: Mutex<Solver>,
}

impl Solutions {
    /// The solutions of `solver`'s problem with its selection.
    pub fn new(naming: Naming, solver: Solver, names: bool) -> Solutions {
        Solutions {
            naming,
            names,
            search: Mutex::new(solver),
        }
    }

    /// Searches for one slice at most, holding the lock (the solver's
    /// [`Resume::nodes_per_look`]: a few milliseconds however wide the
    /// problem), so that Ctrl-C stops a long wait for the next solution.
    fn step(&self) -> Step {
        // A panic elsewhere while the lock was held leaves a search that
        // can go on or be abandoned: nothing in it is half-written.
        let mut solver = self.search.lock().unwrap_or_else(PoisonError::into_inner);
        let slice = solver.nodes_per_look();
        match solver.resume(slice) {
            Event::Solution => Step::Solution(solver.solution().collect()),
            Event::BudgetSpent => Step::Paused,
            Event::Exhausted => Step::Exhausted,
        }
    }
}

/// What one slice of the search found.
enum Step {
    /// The next solution.
    Solution(Vec<OptionId>),
    /// The slice ended first: look at the signals, then go on.
    Paused,
    /// No solution is left.
    Exhausted,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        loop {
            // The lock is taken with the GIL released, so a thread waiting
            // for it never blocks the one searching.
            match py.detach(|| self.step()) {
                Step::Solution(mut solution) => {
                    // In increasing order, as `first()`, `sample()` and
                    // `dance cover --all` give them.
                    solution.sort_unstable();
                    return self.naming.solution(py, &solution, self.names).map(Some);
                }
                Step::Exhausted => return Ok(None),
                Step::Paused => py.check_signals()?,
            }
        }
    }

    /// `Solutions[list[int]]` as in the type stubs: a `types.GenericAlias`,
    /// as for the standard library's generic classes.
    #[classmethod]
    fn __class_getitem__<'py>(
        cls: &Bound<'py, PyType>,
        item: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = cls.py();
        py.import("types")?
            .getattr("GenericAlias")?
            .call1((cls, item))
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "cannot pickle a dance.Solutions iterator: it holds a search in progress; \
             pickle the ExactCover (or a subproblem from split) and iterate where it arrives",
        ))
    }
}
