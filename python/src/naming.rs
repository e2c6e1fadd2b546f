//! `Naming`: how a solution is written for Python — option numbers, or
//! each option's entries with the items' own labels. Its own module, so
//! that the types writing solutions (`ExactCover`, `Solutions`, `Zdd`,
//! `best`) depend on it and not on each other.

use std::sync::Arc;

use dance_dlx::{OptionId, Problem};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::build;
use crate::labels::Labels;

/// A problem and its item labels: what writing its solutions for Python
/// needs.
#[derive(Clone)]
pub struct Naming {
    /// The problem the solutions are of.
    pub problem: Arc<Problem>,
    /// Its items' Python labels, when they are not strings.
    pub labels: Option<Arc<Labels>>,
}

impl Naming {
    /// A solution as a Python list: option numbers, or with `names` each
    /// option as its entries (`ExactCover.option`'s).
    pub fn solution(
        &self,
        py: Python<'_>,
        solution: &[OptionId],
        names: bool,
    ) -> PyResult<Py<PyAny>> {
        if names {
            let options = solution
                .iter()
                .map(|&option| build::entries(py, &self.problem, self.labels.as_deref(), option))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, options)?.into_any().unbind())
        } else {
            let numbers: Vec<usize> = solution.iter().map(|option| option.index()).collect();
            Ok(numbers.into_pyobject(py)?.into_any().unbind())
        }
    }
}
