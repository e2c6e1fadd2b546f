//! Item names of any hashable Python type — ints, tuples, enums — for an
//! `ExactCover` whose items are not all strings (a matrix's column numbers,
//! a board's `(row, column)` cells).
//!
//! The `dance_dlx::Problem` underneath names such items `i0`, `i1`, … in
//! item order (what `to_text` writes); [`Labels`] keeps the Python objects
//! beside it, a dict from each object to its item, so that options are
//! given and answered in the objects themselves. Problems whose items are
//! all strings keep no labels: their names are the strings.

use dance_dlx::{ColorId, ItemId, Problem};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::args::type_name;
use crate::errors::value_error;

/// The Python objects that name a problem's items.
pub struct Labels {
    /// Each item's object, in item order (primary items, then secondary).
    objects: Py<PyList>,
    /// Each object's item number.
    index: Py<PyDict>,
}

impl Labels {
    /// The labels of `objects`, which name the items in order: each must be
    /// hashable and none may come twice. `names` says which argument held
    /// each object, for errors (`items[3]`, `secondary[0]`).
    pub fn new<'py>(py: Python<'py>, objects: &[(String, Bound<'py, PyAny>)]) -> PyResult<Labels> {
        let index = PyDict::new(py);
        for (number, (name, object)) in objects.iter().enumerate() {
            if object.hash().is_err() {
                return Err(PyTypeError::new_err(format!(
                    "{name}: an item's name must be hashable, found {}",
                    type_name(object)
                )));
            }
            if index.contains(object)? {
                return Err(value_error(format!(
                    "{name}: the item {} is given twice",
                    shown(object)
                )));
            }
            index.set_item(object, number)?;
        }
        let objects = PyList::new(py, objects.iter().map(|(_, object)| object))?;
        Ok(Labels {
            objects: objects.unbind(),
            index: index.unbind(),
        })
    }

    /// The name of item `number` in the problem underneath.
    pub fn item_name(number: usize) -> String {
        format!("i{number}")
    }

    /// The item an object names, if any.
    pub fn item(&self, py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<Option<ItemId>> {
        if object.hash().is_err() {
            return Ok(None);
        }
        self.index
            .bind(py)
            .get_item(object)?
            .map(|number| number.extract::<u32>().map(ItemId::new))
            .transpose()
    }

    /// The object that names `item`.
    pub fn object<'py>(&self, py: Python<'py>, item: ItemId) -> PyResult<Bound<'py, PyAny>> {
        self.objects.bind(py).get_item(item.index())
    }

    /// Every item's object, in item order.
    pub fn objects<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.objects.bind(py).clone()
    }

    /// An entry as the caller gave it: the item's object, or `(object,
    /// color)` for a colored one (`"name:color"` when the object is a str,
    /// as the constructor reads it).
    pub fn entry<'py>(
        &self,
        py: Python<'py>,
        problem: &Problem,
        item: ItemId,
        color: Option<ColorId>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let object = self.object(py, item)?;
        let Some(color) = color else {
            return Ok(object);
        };
        let color = problem.color_name(color);
        if let Ok(name) = object.cast::<PyString>() {
            return Ok(PyString::new(py, &format!("{}:{color}", name.to_str()?)).into_any());
        }
        Ok(PyTuple::new(py, [object, PyString::new(py, color).into_any()])?.into_any())
    }

    /// Whether two problems' labels are equal, object by object.
    pub fn equal(&self, py: Python<'_>, other: &Labels) -> PyResult<bool> {
        self.objects.bind(py).eq(other.objects.bind(py))
    }

    /// Python's hash of the objects, in order.
    pub fn hash(&self, py: Python<'_>) -> PyResult<isize> {
        self.objects.bind(py).to_tuple().hash()
    }
}

/// `object` as Python's `repr` prints it, for messages.
fn shown(object: &Bound<'_, PyAny>) -> String {
    object
        .repr()
        .map_or_else(|_| "?".to_owned(), |text| text.to_string())
}
