//! `dance.ExactCover`: a `dance_dlx::Problem` from Python names or Knuth's text
//! format, searched by `dance_dlx::Solver` with the GIL released.

use std::collections::HashMap;
use std::sync::Arc;

use dance_dlx::{Entry, Event, OptionDisplay, OptionId, Problem, ProblemBuilder, TextError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use crate::errors::{parse_error, value_error};

/// Nodes searched between two looks at Python's signals (a few
/// milliseconds of search), so that Ctrl-C stops a long count.
pub const NODE_BUDGET: u64 = 1 << 20;

/// An exact-cover problem: items, and options that are sets of items.
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
/// min to max (default: exactly once).
///
/// Options are numbered from 0 in the order given; solutions are lists of
/// those numbers, in the order the search chose them. Searches release the
/// GIL, and stop with `KeyboardInterrupt` on Ctrl-C.
///
/// ```python
/// cover = dance.ExactCover(["a", "b", "c"], ["a b", "c", "a", "b c"])
/// cover.count()  # 2: {a b, c} and {a, b c}
/// ```
#[pyclass(frozen, module = "dance")]
pub struct ExactCover {
    problem: Arc<Problem>,
}

#[pymethods]
impl ExactCover {
    #[new]
    #[pyo3(signature = (items, options, *, secondary = Vec::new(), bounds = None))]
    fn new(
        items: Vec<String>,
        options: &Bound<'_, PyAny>,
        secondary: Vec<String>,
        bounds: Option<HashMap<String, Bound<'_, PyAny>>>,
    ) -> PyResult<ExactCover> {
        let mut builder = Problem::builder();
        let mut bounds = bounds.unwrap_or_default();
        for (index, name) in items.into_iter().enumerate() {
            let added = match bounds.remove(&name) {
                Some(bound) => {
                    let (min, max) = bounds_of(&name, &bound)?;
                    builder.primary_with_bounds(name, min, max)
                }
                None => builder.primary(name),
            };
            added.map_err(|error| value_error(format!("items[{index}]: {error}")))?;
        }
        if let Some(name) = bounds.keys().next() {
            return Err(value_error(format!(
                "bounds name {name:?}, which is not a primary item"
            )));
        }
        for (index, name) in secondary.into_iter().enumerate() {
            builder
                .secondary(name)
                .map_err(|error| value_error(format!("secondary[{index}]: {error}")))?;
        }
        for (index, option) in options.try_iter()?.enumerate() {
            let option = option?;
            let entries: Vec<String> = match option.cast::<PyString>() {
                Ok(text) => text
                    .to_str()?
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect(),
                Err(_) => option.extract()?,
            };
            add_option(&mut builder, &entries)
                .map_err(|error| value_error(format!("options[{index}]: {error}")))?;
        }
        Ok(ExactCover {
            problem: Arc::new(builder.build()),
        })
    }

    /// Reads a problem in Knuth's text format (what DLX1, DLX2 and DLX3
    /// read): the first line that is not a `|` comment names the primary
    /// items, then `|` and the secondary items (`min:max|item` or `n|item`
    /// gives bounds); every further line is an option (`item:color` colors
    /// a secondary item). Raises `dance.ParseError` with `line` and
    /// `column`.
    #[classmethod]
    fn parse(_class: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<ExactCover> {
        match dance_dlx::parse_problem(text) {
            Ok(problem) => Ok(ExactCover {
                problem: Arc::new(problem),
            }),
            Err(TextError::Syntax { line, column, kind }) => {
                Err(parse_error(py, None, line, column, &kind.to_string()))
            }
            Err(error) => Err(value_error(error.to_string())),
        }
    }

    /// The problem in Knuth's text format, which `ExactCover.parse` reads
    /// back. Raises `ValueError` for a problem without primary items, which
    /// the format cannot say (names that it could not write — empty, or
    /// holding whitespace, `:`, `|` or U+FEFF — are refused when the problem
    /// is built).
    fn to_text(&self) -> PyResult<String> {
        let mut text = Vec::new();
        dance_dlx::write_problem(&self.problem, &mut text)
            .map_err(|error| value_error(error.to_string()))?;
        String::from_utf8(text).map_err(|error| value_error(error.to_string()))
    }

    /// Every item's name: the primary items, then the secondary ones.
    #[getter]
    fn items(&self) -> Vec<&str> {
        self.problem
            .items()
            .map(|item| self.problem.item_name(item))
            .collect()
    }

    /// The number of primary items.
    #[getter]
    fn primary_count(&self) -> usize {
        self.problem.primary_count()
    }

    /// The number of options.
    #[getter]
    fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// Option `index` as its entries: item names, `item:color` where the
    /// option colors a secondary item.
    fn option(&self, index: i64) -> PyResult<Vec<String>> {
        let option = self.option_id(index)?;
        Ok(entries(&self.problem, option))
    }

    /// The first solution: option numbers (or, with `names=True`, each
    /// option as its entries), or None when there is none.
    #[pyo3(signature = (*, names = false))]
    fn first(&self, py: Python<'_>, names: bool) -> PyResult<Option<Py<PyAny>>> {
        let mut solver = dance_dlx::Solver::new(&self.problem);
        if !next_solution(py, &mut solver)? {
            return Ok(None);
        }
        let solution: Vec<OptionId> = solver.solution().collect();
        Ok(Some(solution_object(py, &self.problem, &solution, names)?))
    }

    /// The number of solutions; with `limit`, the search stops once it has
    /// found that many (and returns `limit`).
    #[pyo3(signature = (limit = None))]
    fn count(&self, py: Python<'_>, limit: Option<i64>) -> PyResult<u64> {
        let limit = match limit {
            None => u64::MAX,
            Some(limit) => u64::try_from(limit)
                .map_err(|_| value_error(format!("limit must be at least 0, not {limit}")))?,
        };
        let mut solver = dance_dlx::Solver::new(&self.problem);
        let mut found = 0;
        while found < limit {
            let (more, done) = py.detach(|| count_for_a_while(&mut solver, limit - found));
            found += more;
            if done {
                break;
            }
            py.check_signals()?;
        }
        Ok(found)
    }

    /// The exact number of solutions, counted by merging identical
    /// subproblems (a memo keyed by the items still open): orders of
    /// magnitude faster where subproblems repeat, as in tilings, and exact
    /// at any size. `memory_mb` caps the memo; the count stays exact when
    /// it is full. Problems with bounds (multiplicities) raise `ValueError`.
    #[pyo3(signature = (*, memory_mb = 1024))]
    fn count_memo<'py>(&self, py: Python<'py>, memory_mb: u64) -> PyResult<Bound<'py, PyAny>> {
        let bytes = usize::try_from(memory_mb.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        let problem = &self.problem;
        let text = py
            .detach(|| {
                let mut solver = dance_dlx::Solver::new(problem);
                let mut memo = dance_dlx::MemoCounter::new(&solver, bytes)?;
                memo.count(&mut solver).map(|count| count.to_string())
            })
            .map_err(|error: dance_dlx::MemoError| value_error(error.to_string()))?;
        // Counts past `u128` are exact too: Python's int reads any size.
        py.import("builtins")?.getattr("int")?.call1((text,))
    }

    /// A lazy iterator over the solutions, each as option numbers (or, with
    /// `names=True`, each option as its entries). Each iterator searches on
    /// its own; the next solution is looked for only when asked.
    #[pyo3(signature = (*, names = false))]
    fn solutions(&self, names: bool) -> Solutions {
        Solutions {
            problem: self.problem.clone(),
            solver: dance_dlx::Solver::new(&self.problem),
            names,
            done: false,
        }
    }

    /// The solutions as option numbers: `solutions()`.
    fn __iter__(&self) -> Solutions {
        self.solutions(false)
    }

    fn __repr__(&self) -> String {
        format!(
            "ExactCover(items={}, primary={}, options={})",
            self.problem.item_count(),
            self.problem.primary_count(),
            self.problem.option_count()
        )
    }
}

impl ExactCover {
    /// The option numbered `index`, or an `IndexError`.
    fn option_id(&self, index: i64) -> PyResult<OptionId> {
        let count = self.problem.option_count();
        usize::try_from(index)
            .ok()
            .filter(|&index| index < count)
            .and_then(|index| u32::try_from(index).ok())
            .map(OptionId::new)
            .ok_or_else(|| {
                pyo3::exceptions::PyIndexError::new_err(format!(
                    "option {index} out of range; there are {count} options"
                ))
            })
    }
}

/// The solutions of an `ExactCover`, found lazily (see
/// `ExactCover.solutions`).
#[pyclass(module = "dance")]
pub struct Solutions {
    problem: Arc<Problem>,
    solver: dance_dlx::Solver,
    names: bool,
    done: bool,
}

#[pymethods]
impl Solutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        if self.done || !next_solution(py, &mut self.solver)? {
            self.done = true;
            return Ok(None);
        }
        let solution: Vec<OptionId> = self.solver.solution().collect();
        solution_object(py, &self.problem, &solution, self.names).map(Some)
    }
}

/// Searches on to the next solution with the GIL released, looking at
/// Python's signals every [`NODE_BUDGET`] nodes; `false` when there are no
/// more.
fn next_solution(py: Python<'_>, solver: &mut dance_dlx::Solver) -> PyResult<bool> {
    loop {
        match py.detach(|| solver.resume(NODE_BUDGET)) {
            Event::Solution => return Ok(true),
            Event::Exhausted => return Ok(false),
            Event::BudgetSpent => py.check_signals()?,
        }
    }
}

/// Counts up to `limit` more solutions for about [`NODE_BUDGET`] nodes:
/// the solutions found, and whether the search is over.
fn count_for_a_while(solver: &mut dance_dlx::Solver, limit: u64) -> (u64, bool) {
    let start = solver.stats().nodes;
    let mut found = 0;
    loop {
        match solver.resume(NODE_BUDGET) {
            Event::Solution => {
                found += 1;
                if found == limit {
                    return (found, true);
                }
                if solver.stats().nodes - start >= NODE_BUDGET {
                    return (found, false);
                }
            }
            Event::Exhausted => return (found, true),
            Event::BudgetSpent => return (found, false),
        }
    }
}

/// A solution as a Python list: option numbers, or each option's entries.
fn solution_object(
    py: Python<'_>,
    problem: &Problem,
    solution: &[OptionId],
    names: bool,
) -> PyResult<Py<PyAny>> {
    if names {
        let options: Vec<Vec<String>> = solution
            .iter()
            .map(|&option| entries(problem, option))
            .collect();
        Ok(options.into_pyobject(py)?.into_any().unbind())
    } else {
        let numbers: Vec<usize> = solution.iter().map(|option| option.index()).collect();
        Ok(numbers.into_pyobject(py)?.into_any().unbind())
    }
}

/// An option's entries as written in the text format.
fn entries(problem: &Problem, option: OptionId) -> Vec<String> {
    OptionDisplay::new(problem, option)
        .to_string()
        .split(' ')
        .map(str::to_owned)
        .collect()
}

/// Adds one option of `item` and `item:color` entries.
fn add_option(builder: &mut ProblemBuilder, entries: &[String]) -> Result<(), String> {
    let mut option = Vec::with_capacity(entries.len());
    for entry in entries {
        let (name, color) = match entry.split_once(':') {
            Some((name, color)) => (name, Some(color)),
            None => (entry.as_str(), None),
        };
        let item = builder
            .item_named(name)
            .map_err(|error| error.to_string())?;
        let color = match color {
            Some("") => return Err(format!("empty color in {entry:?}")),
            Some(color) => Some(builder.color(color).map_err(|error| error.to_string())?),
            None => None,
        };
        option.push(Entry { item, color });
    }
    builder.option(option).map_err(|error| error.to_string())?;
    Ok(())
}

/// `bounds=` of one item: `n` (exactly n) or `(min, max)`.
fn bounds_of(name: &str, bound: &Bound<'_, PyAny>) -> PyResult<(u32, u32)> {
    if let Ok(exact) = bound.extract::<u32>() {
        return Ok((exact, exact));
    }
    bound.extract::<(u32, u32)>().map_err(|_| {
        value_error(format!(
            "bounds of {name:?}: expected n or (min, max) with 0 <= min <= max, found {bound}"
        ))
    })
}
