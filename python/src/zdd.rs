//! `dance.Zdd`: every solution of an `ExactCover` as a ZDD, built by
//! the library's `Goal::Zdd` (`dance cover --zdd PATH`), with its count, the
//! count through each option, its solutions one by one and uniform samples
//! drawn as `dance cover --sample N --seed S` draws them.

use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};

use dance_dlx::{
    BigCount, Findings, Goal, OptionId, Request, Solver, SplitMix64, Zdd as Diagram, ZddError,
    ZddReadError,
};
use pyo3::exceptions::{PyTimeoutError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::args::Timeout;
use crate::errors::{parse_error, value_error};
use crate::interrupt;
use crate::naming::Naming;

/// Every solution of a problem as a reduced ZDD (a zero-suppressed decision
/// diagram), as Knuth's DLX6 makes it: `ExactCover.zdd()` builds one (the
/// memo's search, as `dance cover --zdd PATH`), `Zdd.parse` reads one in
/// DLX6's text format.
///
/// From the diagram, without searching again: `count` (the number of
/// solutions, an exact int at any size), `count_through()` (the number of
/// solutions through each option), `solutions()` (one by one) and
/// `sample(n, seed)` (uniformly random ones, the same as `dance cover
/// --sample N --seed S` for a diagram built with that seed). `len(zdd)` and
/// `nodes` are its nodes, sinks and root aside. `to_text()` writes it as
/// `dance cover --zdd -` does. Diagrams compare equal when their nodes are;
/// they pickle as their text (a diagram read back has no problem to name
/// its options by: `names=True` needs one built by `ExactCover.zdd`).
///
/// ```python
/// zdd = dance.ExactCover(["a", "b", "c"], ["a b", "c", "a", "b c"]).zdd()
/// zdd.count  # 2
/// ```
#[pyclass(frozen, module = "dance")]
pub struct Zdd {
    zdd: Arc<Diagram>,
    /// The problem the diagram was built from, for `names=True`.
    naming: Option<Naming>,
}

/// A count as a Python int, exact at any size.
fn int<'py>(py: Python<'py>, count: &BigCount) -> PyResult<Bound<'py, PyAny>> {
    match count.to_u128() {
        Some(small) => Ok(small.into_pyobject(py)?.into_any()),
        // Python's int reads a number of any size.
        None => py
            .import("builtins")?
            .getattr("int")?
            .call1((count.to_string(),)),
    }
}

/// The ZDD of `solver`'s problem (its selection made), within `memory_mb`
/// MiB of states remembered, until `timeout` or Ctrl-C; `what` names the
/// call in errors.
pub fn build(
    py: Python<'_>,
    what: &str,
    solver: Option<Solver>,
    naming: Naming,
    memory_mb: u64,
    timeout: Timeout,
) -> PyResult<Zdd> {
    let bytes = dance_dlx::memory_of_mb(memory_mb);
    let built = match solver {
        Some(mut solver) => {
            let interrupted = interrupt::flag();
            let stop = timeout.stop().with_flag(interrupted.clone());
            let request = Request::new(Goal::Zdd { memory: bytes }).with_stop(stop);
            interrupt::on_thread(py, &interrupted, move || {
                match solver.run(&request).findings {
                    Findings::Zdd { zdd, .. } => Ok(*zdd),
                    Findings::TooLarge => Err(ZddError::TooManyNodes),
                    _ => Err(ZddError::Stopped),
                }
            })?
        }
        // The timeout passed while the links were built.
        None => Err(ZddError::Stopped),
    };
    match built {
        Ok(zdd) => Ok(Zdd {
            zdd: Arc::new(zdd),
            naming: Some(naming),
        }),
        Err(ZddError::Stopped) => Err(PyTimeoutError::new_err(format!(
            "{what}: the ZDD was not complete after {} s",
            timeout.seconds()
        ))),
        Err(error) => Err(value_error(format!("{what}: {error}"))),
    }
}

impl Zdd {
    /// `n` solutions drawn uniformly, with replacement, by one
    /// `SplitMix64` seeded with `seed`, each sorted: what `dance cover
    /// --sample N --seed S` prints, as option numbers.
    pub fn draw(&self, py: Python<'_>, n: u64, seed: u64, names: bool) -> PyResult<Py<PyList>> {
        let zdd = self.zdd.clone();
        let interrupted = interrupt::flag();
        let flag = interrupted.clone();
        let drawn = interrupt::on_thread(py, &interrupted, move || {
            let mut rng = SplitMix64::new(seed);
            let mut drawn = Vec::new();
            for _ in 0..n {
                if flag.load(Ordering::Relaxed) {
                    break;
                }
                let Some(mut options) = zdd.sample(&mut rng) else {
                    break;
                };
                options.sort_unstable();
                drawn.push(options);
            }
            drawn
        })?;
        let list = PyList::empty(py);
        for options in &drawn {
            list.append(self.solution(py, options, names)?)?;
        }
        Ok(list.unbind())
    }

    /// A solution for Python: option numbers, or with `names` the options'
    /// entries.
    fn solution(&self, py: Python<'_>, options: &[OptionId], names: bool) -> PyResult<Py<PyAny>> {
        match &self.naming {
            Some(naming) => naming.solution(py, options, names),
            None if names => Err(no_names()),
            None => {
                let numbers: Vec<usize> = options.iter().map(|option| option.index()).collect();
                Ok(numbers.into_pyobject(py)?.into_any().unbind())
            }
        }
    }
}

/// The error of `names=True` on a diagram read from text.
fn no_names() -> PyErr {
    value_error(
        "names=True: this ZDD was read from text and has no problem to name its options by \
         (build it with ExactCover.zdd)",
    )
}

#[pymethods]
impl Zdd {
    /// Reads a diagram in DLX6's text format (what `to_text()` and `dance
    /// cover --zdd PATH` write, and DLX6's own output, which it reduces):
    /// lines `ID: (~OPT?LO:HI)`, ids in hexadecimal, options numbered from
    /// 1, the root `(~0?0:TOP)`. Raises `dance.ParseError` (a `ValueError`)
    /// with `line` and `column` for a bad line, `ValueError` for text with
    /// no root.
    #[classmethod]
    fn parse(_class: &Bound<'_, pyo3::types::PyType>, py: Python<'_>, text: &str) -> PyResult<Zdd> {
        match Diagram::read_dlx6(text) {
            Ok(zdd) => Ok(Zdd {
                zdd: Arc::new(zdd),
                naming: None,
            }),
            Err(ZddReadError::Syntax { line, column, kind }) => {
                Err(parse_error(py, None, line, column, &kind.to_string()))
            }
            Err(error) => Err(value_error(error.to_string())),
        }
    }

    /// The diagram in DLX6's text format, the same bytes as `dance cover
    /// --zdd -` writes: a line per node, children first, then the root.
    fn to_text(&self) -> String {
        self.zdd.to_string()
    }

    /// The number of solutions, exactly (a Python int of any size).
    #[getter]
    fn count<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        int(py, self.zdd.count())
    }

    /// The nodes of the diagram, sinks and root aside (`len(zdd)`).
    #[getter]
    fn nodes(&self) -> usize {
        self.zdd.node_count()
    }

    /// The nodes of the diagram, sinks and root aside.
    fn __len__(&self) -> usize {
        self.zdd.node_count()
    }

    /// The number of solutions that contain each option, a list indexed by
    /// option number (for a diagram read from text, up to the highest
    /// option in it).
    fn count_through<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let zdd = self.zdd.clone();
        let through = py.detach(move || zdd.count_through());
        let list = PyList::empty(py);
        for count in &through {
            list.append(int(py, count)?)?;
        }
        Ok(list)
    }

    /// A lazy iterator over the solutions, each as option numbers from the
    /// top of the diagram down (or, with `names=True`, each option as its
    /// entries: a diagram built by `ExactCover.zdd` only).
    #[pyo3(signature = (*, names = false))]
    fn solutions(&self, names: bool) -> PyResult<ZddSolutions> {
        if names && self.naming.is_none() {
            return Err(no_names());
        }
        let nodes = self
            .zdd
            .nodes()
            .map(|node| (node.option, node.lo, node.hi))
            .collect();
        Ok(ZddSolutions {
            zdd: Zdd {
                zdd: self.zdd.clone(),
                naming: self.naming.clone(),
            },
            names,
            walk: Mutex::new(Walk {
                nodes,
                path: Vec::new(),
                descend: Some(self.zdd.top()),
            }),
        })
    }

    /// `n` solutions drawn uniformly at random, with replacement, each
    /// sorted, by one SplitMix64 generator seeded with `seed` (0 to 2**64 -
    /// 1): for a diagram built by `ExactCover.zdd(seed=S)` (or without a
    /// seed), `sample(n, seed=S)` (or `sample(n)`) is what `dance cover
    /// --sample N --seed S` (or `--sample N`) prints. Empty when there is
    /// no solution. `names=True`: each option as its entries.
    #[pyo3(signature = (n, *, seed = None, names = false), text_signature = "($self, n, *, seed=0, names=False)")]
    fn sample(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        seed: Option<Bound<'_, PyAny>>,
        names: bool,
    ) -> PyResult<Py<PyList>> {
        let n = crate::args::count_at_least("n", n, 0)?;
        let seed = crate::args::seed(seed.as_ref())?.unwrap_or(0);
        if names && self.naming.is_none() {
            return Err(no_names());
        }
        self.draw(py, n, seed, names)
    }

    /// Diagrams are equal when their nodes are (ids included: built or
    /// read, nodes are numbered in one order).
    fn __eq__(&self, other: PyRef<'_, Zdd>) -> bool {
        *self.zdd == *other.zdd
    }

    /// Pickles as its text, which `Zdd.parse` reads back.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let parse = py.get_type::<Zdd>().getattr("parse")?;
        Ok((parse, PyTuple::new(py, [self.zdd.to_string()])?))
    }

    fn __repr__(&self) -> String {
        format!(
            "Zdd(count={}, nodes={})",
            self.zdd.count(),
            self.zdd.node_count()
        )
    }
}

/// The solutions of a `dance.Zdd`, one by one: the paths from the top,
/// `HI` before `LO`. Threads may share one iterator.
#[pyclass(frozen, module = "dance")]
pub struct ZddSolutions {
    zdd: Zdd,
    names: bool,
    walk: Mutex<Walk>,
}

/// Where a walk of the diagram's paths is.
struct Walk {
    /// `(option, LO, HI)` of node `id` at `id - 2`.
    nodes: Vec<(OptionId, u32, u32)>,
    /// The nodes whose `HI` the current path took.
    path: Vec<u32>,
    /// The node to go down from next, if any.
    descend: Option<u32>,
}

impl Walk {
    fn node(&self, id: u32) -> (OptionId, u32, u32) {
        self.nodes[id as usize - 2]
    }

    /// The next path to the 1 sink, as its options; fused.
    fn next(&mut self) -> Option<Vec<OptionId>> {
        loop {
            if let Some(mut n) = self.descend.take()
                && n != 0
            {
                // Every node's HI has a solution: HI until the 1 sink.
                while n > 1 {
                    self.path.push(n);
                    n = self.node(n).2;
                }
                return Some(self.path.iter().map(|&n| self.node(n).0).collect());
            }
            let last = self.path.pop()?;
            self.descend = Some(self.node(last).1);
        }
    }
}

#[pymethods]
impl ZddSolutions {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let next = self
            .walk
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .next();
        next.map(|options| self.zdd.solution(py, &options, self.names))
            .transpose()
    }

    fn __reduce__(&self) -> PyResult<()> {
        Err(PyTypeError::new_err(
            "cannot pickle a ZDD's solutions iterator: pickle the dance.Zdd and call solutions()",
        ))
    }
}
