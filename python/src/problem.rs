//! The `dance.ExactCover` class's data — a `dance_dlx::Problem`, the
//! objects that name its items, the options selected (a subproblem) and the
//! solver kept for its searches — and what every method needs of it: a
//! solver with the selection made, the option an index names. The Python
//! methods are in [`crate::cover`]; the searches that return problems
//! ([`crate::best`]'s `preprocess`) build them here, so that neither
//! module needs the other.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::{Arc, OnceLock};

use dance_dlx::{OptionId, Problem, Solver};
use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;

use crate::args::{self, Timeout, type_name};
use crate::build::Built;
use crate::errors::value_error;
use crate::interrupt;
use crate::labels::Labels;
use crate::naming::Naming;
use crate::search::Searched;

/// An exact-cover problem: items, and options that are sets of items —
/// or a subproblem of one, with some options selected.
///
/// A solution is a set of options that covers every primary item exactly
/// once (or a number of times within its bounds) and every secondary item
/// at most once — or any number of times when the options that cover it
/// all give it the same color. Searched with Knuth's Algorithms X and C
/// (Dancing Links), or M when some item has bounds.
///
/// `items` are the primary items' names. `options` is a list of options,
/// each a list of entries or one string of entries separated by spaces;
/// an entry is an item's name, or `item:color` for a secondary item.
/// `secondary` names the secondary items. `bounds` maps primary items to
/// how many options must cover them: `n` for exactly n, `(min, max)` for
/// min to max (default: exactly once). `selected`: option numbers that
/// every solution contains (a subproblem; see `select`).
///
/// Options are numbered from 0 in the order given; solutions are lists of
/// those numbers (the selected options first, then in the order the search
/// chose them). A problem is immutable: `select` and `split` make
/// subproblems, which share its matrix. Problems compare equal when their
/// items, options and selections are, and pickle (to send one to another
/// process, such as a Dask worker). Searches release the GIL and stop with
/// `KeyboardInterrupt` on Ctrl-C. The first search of a problem builds its
/// dancing links (kept for the later ones) inside its `timeout`, and the
/// build looks at the timeout and at Ctrl-C too.
///
/// ```python
/// cover = dance.ExactCover(["a", "b", "c"], ["a b", "c", "a", "b c"])
/// cover.count()  # 2: {a b, c} and {a, b c}
/// ```
#[pyclass(frozen, module = "dance")]
pub struct ExactCover {
    pub(crate) problem: Arc<Problem>,
    /// The objects that name the items, when they are not all strings.
    pub(crate) labels: Option<Arc<Labels>>,
    /// The problem's hash (items, options, costs), worked out on the first
    /// `hash()` and shared by its subproblems.
    pub(crate) digest: Arc<OnceLock<u64>>,
    /// Options every solution contains, in the order they were selected.
    pub(crate) selected: Vec<OptionId>,
    /// A solver of the problem with nothing selected, built on first use
    /// and shared by every subproblem of the problem: each search starts
    /// from a copy of it instead of building the matrix again (a Dask
    /// worker counting hundreds of parts of one problem builds it once).
    pub(crate) unsearched: Arc<OnceLock<Solver>>,
}

impl ExactCover {
    /// A built problem with nothing selected.
    pub fn built(built: Built) -> ExactCover {
        ExactCover {
            problem: Arc::new(built.problem),
            labels: built.labels.map(Arc::new),
            digest: Arc::default(),
            selected: Vec::new(),
            unsearched: Arc::default(),
        }
    }

    /// The same problem (and its kept solver) with `selected` selected.
    pub(crate) fn with(&self, selected: Vec<OptionId>) -> ExactCover {
        ExactCover {
            problem: self.problem.clone(),
            labels: self.labels.clone(),
            digest: self.digest.clone(),
            selected,
            unsearched: self.unsearched.clone(),
        }
    }

    /// How the problem's solutions are written for Python.
    pub fn naming(&self) -> Naming {
        Naming {
            problem: self.problem.clone(),
            labels: self.labels.clone(),
        }
    }

    /// The problem underneath.
    pub fn problem(&self) -> &Arc<Problem> {
        &self.problem
    }

    /// The options every solution contains.
    pub fn selection(&self) -> &[OptionId] {
        &self.selected
    }

    /// The same problem and selection, as a new object.
    pub(crate) fn same(&self) -> ExactCover {
        self.with(self.selected.clone())
    }

    /// A solver of the problem with the selection made (shuffled by `seed`).
    pub(crate) fn searched(&self, seed: Option<u64>) -> PyResult<Searched> {
        self.searched_with(&self.selected, seed)
            .map_err(|option| value_error(format!("selected: option {option} conflicts")))
    }

    /// [`searched`](Self::searched) for a call with `timeout`: `None` when
    /// it passed while the links were built (a first call on a wide
    /// problem), which the build looks at. The build runs on a thread of its
    /// own, so that Ctrl-C ends it too.
    pub(crate) fn searched_until(
        &self,
        py: Python<'_>,
        seed: Option<u64>,
        timeout: &Timeout,
    ) -> PyResult<Option<Searched>> {
        if self.unsearched.get().is_none() {
            let problem = self.problem.clone();
            let interrupted = interrupt::flag();
            let stop = timeout.stop().with_flag(interrupted.clone());
            let built =
                interrupt::on_thread(py, &interrupted, move || Solver::new_until(&problem, &stop))?;
            let Some(solver) = built else {
                return Ok(None);
            };
            // Kept for later calls (a call on another thread may have
            // kept its own first: the same solver).
            let _ = self.unsearched.set(solver);
        }
        self.searched(seed).map(Some)
    }

    /// A solver of the problem with `selected` selected (a copy of the kept
    /// solver, shuffled by `seed`), or the first option that conflicts with
    /// those before it.
    pub(crate) fn searched_with(
        &self,
        selected: &[OptionId],
        seed: Option<u64>,
    ) -> Result<Searched, OptionId> {
        let mut solver = self
            .unsearched
            .get_or_init(|| Solver::new(&self.problem))
            .clone();
        if let Some(seed) = seed {
            solver.shuffle(seed);
        }
        Searched::new(solver, &self.problem, selected)
    }

    /// The subproblem that also selects the option numbers of the Python
    /// value `options` (the argument `name`).
    pub(crate) fn with_selected(
        &self,
        name: &str,
        options: &Bound<'_, PyAny>,
    ) -> PyResult<ExactCover> {
        let chosen = self.option_ids(name, options)?;
        self.selecting(name, &chosen)
    }

    /// The option numbers of the Python value `options` (the argument
    /// `name`), each checked in range: `TypeError` for a value that is not a
    /// list of ints, `IndexError` for a number out of range.
    pub(crate) fn option_ids(
        &self,
        name: &str,
        options: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<OptionId>> {
        let Ok(iterator) = options.try_iter() else {
            return Err(PyTypeError::new_err(format!(
                "{name}: expected a list of option numbers, found {}",
                type_name(options)
            )));
        };
        let mut ids = Vec::new();
        for (index, option) in iterator.enumerate() {
            ids.push(self.option_id(&format!("{name}[{index}]"), &option?)?);
        }
        Ok(ids)
    }

    /// The subproblem that also selects `options`, checked against each
    /// other and the selection.
    pub(crate) fn selecting(&self, name: &str, options: &[OptionId]) -> PyResult<ExactCover> {
        let selected: Vec<OptionId> = self.selected.iter().chain(options).copied().collect();
        if let Err(option) = self.searched_with(&selected, None) {
            return Err(value_error(format!(
                "{name}: option {} conflicts with the options selected before it",
                option.index()
            )));
        }
        Ok(self.with(selected))
    }

    /// The option numbered by the Python value `index` (the argument
    /// `name`), or an `IndexError`.
    pub(crate) fn option_id(&self, name: &str, index: &Bound<'_, PyAny>) -> PyResult<OptionId> {
        let count = self.problem.option_count();
        let number = args::integer(name, index)?;
        usize::try_from(number)
            .ok()
            .filter(|&index| index < count)
            .map(|index| OptionId::new(index as u32))
            .ok_or_else(|| {
                PyIndexError::new_err(format!(
                    "{name}: option {number} out of range; there are {count} options"
                ))
            })
    }
}

/// A hash of a problem's items (names, kinds, bounds), options (entries and
/// costs).
pub(crate) fn digest(problem: &Problem) -> u64 {
    let mut hasher = DefaultHasher::new();
    for item in problem.items() {
        problem.item_name(item).hash(&mut hasher);
        problem.item_bounds(item).hash(&mut hasher);
    }
    problem.primary_count().hash(&mut hasher);
    for (option, entries) in problem.options() {
        entries.hash(&mut hasher);
        problem.option_cost(option).hash(&mut hasher);
    }
    hasher.finish()
}
