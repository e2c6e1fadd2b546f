//! `ExactCover.from_matrix`: an exact-cover problem as a 0/1 matrix, a row
//! per option and a column per item — a NumPy array of any dtype (nonzero
//! is 1) or a SciPy sparse matrix, read in its compressed rows without
//! making it dense.

use numpy::{PyReadonlyArray1, PyReadonlyArray2};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::args::type_name;
use crate::errors::value_error;

/// The rows of a matrix: each option's columns, in increasing order.
pub struct Rows {
    /// How many columns (items) the matrix has.
    pub columns: usize,
    /// Each row's columns that hold a nonzero value.
    pub options: Vec<Vec<u32>>,
}

/// The rows of `matrix`: a SciPy sparse matrix or array (anything with
/// `tocsr`), or whatever `numpy.asarray` makes a 2-dimensional array of.
///
/// # Errors
/// A `ValueError` for a matrix that is not 2-dimensional or has more
/// columns than the links can index; a `TypeError` for a value NumPy cannot
/// read as an array.
pub fn rows(py: Python<'_>, matrix: &Bound<'_, PyAny>) -> PyResult<Rows> {
    if matrix.hasattr("tocsr")? && matrix.hasattr("nnz")? {
        return sparse_rows(py, matrix);
    }
    let numpy = py.import("numpy")?;
    let array = numpy.call_method1("asarray", (matrix,)).map_err(|_| {
        PyTypeError::new_err(format!(
            "matrix: expected a NumPy array or a SciPy sparse matrix, found {}",
            type_name(matrix)
        ))
    })?;
    let ndim: usize = array.getattr("ndim")?.extract()?;
    if ndim != 2 {
        return Err(value_error(format!(
            "matrix: expected a 2-dimensional matrix (a row per option, a column per item), \
             found {ndim} dimensions"
        )));
    }
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if !matches!(kind.as_str(), "b" | "i" | "u" | "f") {
        return Err(PyTypeError::new_err(format!(
            "matrix: expected booleans or numbers, found dtype {}",
            array.getattr("dtype")?
        )));
    }
    // Nonzero is an entry; NumPy compares in any dtype and byte order.
    let nonzero = array.call_method1("__ne__", (0,))?;
    let nonzero: PyReadonlyArray2<'_, bool> = nonzero.extract()?;
    let view = nonzero.as_array();
    let columns = view.ncols();
    check_columns(columns)?;
    let options = py.detach(|| {
        view.outer_iter()
            .map(|row| {
                row.iter()
                    .enumerate()
                    .filter(|&(_, &entry)| entry)
                    .map(|(column, _)| column as u32)
                    .collect()
            })
            .collect()
    });
    Ok(Rows { columns, options })
}

/// The rows of a SciPy sparse matrix, from its compressed rows: duplicate
/// entries summed, explicit zeros dropped, columns sorted (on a copy).
fn sparse_rows(py: Python<'_>, matrix: &Bound<'_, PyAny>) -> PyResult<Rows> {
    let csr = matrix.call_method1("tocsr", ())?.call_method0("copy")?;
    csr.call_method0("sum_duplicates")?;
    csr.call_method0("eliminate_zeros")?;
    csr.call_method0("sort_indices")?;
    let shape: (usize, usize) = csr.getattr("shape")?.extract()?;
    check_columns(shape.1)?;
    let numpy = py.import("numpy")?;
    let int64 = numpy.getattr("int64")?;
    let as_int64 = |name: &str| -> PyResult<Bound<'_, PyAny>> {
        numpy.call_method1("asarray", (csr.getattr(name)?, &int64))
    };
    let indptr = as_int64("indptr")?;
    let indices = as_int64("indices")?;
    let indptr: PyReadonlyArray1<'_, i64> = indptr.extract()?;
    let indices: PyReadonlyArray1<'_, i64> = indices.extract()?;
    let (indptr, indices) = (indptr.as_slice()?, indices.as_slice()?);
    if indptr.len() != shape.0 + 1 {
        return Err(value_error(
            "matrix: a sparse matrix whose row pointers do not match its shape".to_owned(),
        ));
    }
    let options = indptr
        .windows(2)
        .map(|bounds| {
            let (start, end) = (bounds[0].max(0) as usize, bounds[1].max(0) as usize);
            indices
                .get(start..end)
                .unwrap_or_default()
                .iter()
                .map(|&column| column as u32)
                .collect()
        })
        .collect();
    Ok(Rows {
        columns: shape.1,
        options,
    })
}

/// A `ValueError` for more columns than the problem can have items.
fn check_columns(columns: usize) -> PyResult<()> {
    if columns > i32::MAX as usize / 2 {
        return Err(value_error(format!(
            "matrix: {columns} columns are more items than a problem can have"
        )));
    }
    Ok(())
}
