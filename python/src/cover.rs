//! `dance.ExactCover`'s Python methods: a `dance_dlx::Problem` from Python
//! names or Knuth's text format, perhaps with options selected (a
//! subproblem, the command line's `--job`); searched by [`crate::search`],
//! iterated by [`crate::solutions`]. The class's data is in
//! [`crate::problem`].

use std::hash::{DefaultHasher, Hash, Hasher};

use dance_dlx::{OptionId, TextError};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyType};

use crate::args;
use crate::best;
use crate::build::{self, Built};
use crate::errors::{parse_error, value_error};
use crate::matrix;
use crate::problem::{ExactCover, digest};
use crate::search;
use crate::solutions::Solutions;
use crate::zdd;

#[pymethods]
impl ExactCover {
    #[new]
    #[pyo3(signature = (items, options, *, secondary = None, bounds = None, selected = None, costs = None))]
    fn new(
        py: Python<'_>,
        items: &Bound<'_, PyAny>,
        options: &Bound<'_, PyAny>,
        secondary: Option<&Bound<'_, PyAny>>,
        bounds: Option<&Bound<'_, PyAny>>,
        selected: Option<&Bound<'_, PyAny>>,
        costs: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ExactCover> {
        let built = build::from_arguments(py, items, options, secondary, bounds, costs)?;
        let cover = ExactCover::built(built);
        match selected {
            Some(selected) => cover.with_selected("selected", selected),
            None => Ok(cover),
        }
    }

    /// A problem from a 0/1 matrix: a row per option, a column per item,
    /// a nonzero entry where the option contains the item — a NumPy array
    /// of any dtype, or a SciPy sparse matrix (read in its compressed rows,
    /// never made dense). `primary`: how many of the first columns are
    /// primary items (default: all; the others are secondary). `names`: a
    /// name per column, any hashable values (default: the column numbers,
    /// 0, 1, …), which options and solutions are then given in. Raises
    /// `ValueError` for an empty row or a row of secondary items only
    /// (naming the row), `TypeError` for a value that is not a matrix.
    #[classmethod]
    #[pyo3(signature = (matrix, *, primary = None, names = None))]
    fn from_matrix(
        _class: &Bound<'_, PyType>,
        py: Python<'_>,
        matrix: &Bound<'_, PyAny>,
        primary: Option<&Bound<'_, PyAny>>,
        names: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ExactCover> {
        let rows = matrix::rows(py, matrix)?;
        Ok(ExactCover::built(build::from_rows(
            py, rows, primary, names,
        )?))
    }

    /// Reads a problem in Knuth's text format (what DLX1, DLX2 and DLX3
    /// read, and `dance cover` reads): the first line that is not a `|`
    /// comment names the primary items, then `|` and the secondary items
    /// (`min:max|item` or `n|item` gives bounds); every further line is an
    /// option (`item:color` colors a secondary item). Raises
    /// `dance.ParseError` with `line` and `column`.
    #[classmethod]
    fn parse(_class: &Bound<'_, PyType>, py: Python<'_>, text: &str) -> PyResult<ExactCover> {
        match dance_dlx::parse_problem(text) {
            Ok(problem) => Ok(ExactCover::built(Built {
                problem,
                labels: None,
            })),
            Err(TextError::Syntax { line, column, kind }) => {
                Err(parse_error(py, None, line, column, &kind.to_string()))
            }
            Err(error) => Err(value_error(error.to_string())),
        }
    }

    /// The problem in Knuth's text format, which `ExactCover.parse` (and
    /// `dance cover`) reads back; a subproblem's selection is its `job`.
    /// Raises `ValueError` for a problem without primary items, which the
    /// format cannot say (names that it could not write — empty, or holding
    /// whitespace, `:`, `|` or U+FEFF — are refused when the problem is
    /// built).
    fn to_text(&self) -> PyResult<String> {
        let mut text = Vec::new();
        dance_dlx::write_problem(&self.problem, &mut text)
            .map_err(|error| value_error(error.to_string()))?;
        String::from_utf8(text).map_err(|error| value_error(error.to_string()))
    }

    /// Every item's name: the primary items, then the secondary ones (the
    /// objects given, for names that are not all strings).
    #[getter]
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        self.problem
            .items()
            .map(|item| build::item_object(py, &self.problem, self.labels.as_deref(), item))
            .collect()
    }

    /// Each option's cost (`costs=`, or the text format's `|n`), 0 where
    /// none was given: what `best` adds up.
    #[getter]
    fn costs(&self) -> Vec<u64> {
        self.problem
            .options()
            .map(|(option, _)| self.problem.option_cost(option))
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
    /// option colors a secondary item (for names that are not all strings,
    /// the objects, and `(object, color)`).
    fn option<'py>(
        &self,
        py: Python<'py>,
        index: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyList>> {
        let option = self.option_id("index", index)?;
        build::entries(py, &self.problem, self.labels.as_deref(), option)
    }

    /// Whether `solution` (option numbers, in any order, the selected ones
    /// among them) is a solution: every primary item covered exactly once
    /// (or within its bounds), every secondary item at most once or by
    /// options that give it one color, and every selected option in it.
    /// Costs play no part. Raises `IndexError` for a number out of range
    /// and `TypeError` for a value that is not a list of ints.
    fn verify(&self, solution: &Bound<'_, PyAny>) -> PyResult<bool> {
        let options = self.option_ids("solution", solution)?;
        let selected = self.selected.iter().all(|option| options.contains(option));
        Ok(selected && self.problem.check(&options).is_ok())
    }

    /// The options every solution of this subproblem contains, as option
    /// numbers (empty for a whole problem).
    #[getter]
    fn selected(&self) -> Vec<usize> {
        self.selected.iter().map(|option| option.index()).collect()
    }

    /// The subproblem as the command line's job line, which `dance cover
    /// --job` reads: the selected options' 1-based numbers separated by
    /// commas, or `-` for the whole problem.
    #[getter]
    fn job(&self) -> String {
        if self.selected.is_empty() {
            return "-".to_owned();
        }
        let numbers: Vec<String> = self
            .selected
            .iter()
            .map(|option| (option.index() + 1).to_string())
            .collect();
        numbers.join(",")
    }

    /// The subproblem that also selects `options` (option numbers): every
    /// solution of it contains them. Raises `IndexError` for a number out of
    /// range and `ValueError` for an option that conflicts with those
    /// selected before it.
    fn select(&self, options: &Bound<'_, PyAny>) -> PyResult<ExactCover> {
        self.with_selected("options", options)
    }

    /// The subproblem of a job line as `dance cover --split` prints it
    /// (1-based option numbers separated by commas, or `-`), selected on top
    /// of this problem's selection — so that jobs made by the command line
    /// run here, and the other way round (`job`).
    fn subproblem(&self, job: &str) -> PyResult<ExactCover> {
        let text = job.trim();
        if text == "-" {
            return Ok(self.same());
        }
        let count = self.problem.option_count();
        let options = text
            .split(',')
            .map(|field| match field.trim().parse::<u64>() {
                Ok(number @ 1..) if number <= count as u64 => Ok(number as usize - 1),
                Ok(number) => Err(value_error(format!(
                    "job: option {number} does not exist; the problem has {count} options"
                ))),
                Err(_) => Err(value_error(format!(
                    "job: expected option numbers separated by commas, or `-`, found `{text}`"
                ))),
            })
            .collect::<PyResult<Vec<usize>>>()?;
        let options: Vec<OptionId> = options
            .into_iter()
            .map(|index| OptionId::new(index as u32))
            .collect();
        self.selecting("job", &options)
    }

    /// The subproblems of a split search, whose counts add up exactly to
    /// this one's: the tree cut at `depth` levels below the selection
    /// (`dance cover --split DEPTH`), or with `parts=N` at the smallest
    /// depth that gives at least N subproblems — within the bound on the
    /// cost of selecting them that `dance cover -j` uses, so a problem
    /// whose root is too wide to split cheaply stays one part. Each
    /// subproblem is an `ExactCover` with more options selected: count,
    /// memo-count, iterate, split again, or pickle it to another process.
    /// `seed`: as `count`'s (the options' order, and so the subproblems').
    /// Raises `ValueError` for a problem with bounds (multiplicities), whose
    /// search branches on counts rather than options.
    #[pyo3(signature = (depth = None, *, parts = None, seed = None))]
    fn split(
        &self,
        depth: Option<Bound<'_, PyAny>>,
        parts: Option<Bound<'_, PyAny>>,
        seed: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Vec<ExactCover>> {
        let cut = match (&depth, &parts) {
            (Some(depth), None) => {
                dance_dlx::Cut::Depth(args::ranged("depth", depth, 0, u64::from(u32::MAX))? as usize)
            }
            (None, Some(parts)) => {
                dance_dlx::Cut::Parts(args::ranged("parts", parts, 1, 1 << 24)? as usize)
            }
            _ => {
                return Err(PyTypeError::new_err(
                    "split: give either depth or parts=, not both and not neither",
                ));
            }
        };
        let seed = args::seed(seed.as_ref())?;
        let subproblems = search::split(&self.searched(seed)?, cut)?;
        Ok(subproblems
            .into_iter()
            .map(|options| self.with(self.selected.iter().copied().chain(options).collect()))
            .collect())
    }

    /// Knuth's estimate of the search below the selection, by `probes`
    /// random paths (`dance cover --estimate --probes N --seed S`: the seed
    /// shuffles the options, as `count`'s does, and draws the paths): a
    /// `dance.Estimate` of the tree's nodes (with its standard error) and
    /// of the solutions. Tells before a count whether it takes seconds or
    /// years. Raises `ValueError` for a problem with bounds.
    #[pyo3(signature = (probes = None, *, seed = None), text_signature = "($self, probes=1000, *, seed=None)")]
    fn estimate(
        &self,
        py: Python<'_>,
        probes: Option<Bound<'_, PyAny>>,
        seed: Option<Bound<'_, PyAny>>,
    ) -> PyResult<search::Estimate> {
        let probes = match &probes {
            Some(probes) => args::ranged("probes", probes, 1, u64::from(u32::MAX))? as u32,
            None => dance_dlx::DEFAULT_PROBES,
        };
        // As `dance cover --estimate --seed S`: the options shuffled by the
        // seed, and the probes drawn from it.
        let seed = args::seed(seed.as_ref())?;
        search::estimate(py, &self.searched(seed)?, probes, seed.unwrap_or(0))
    }

    /// The first solution: option numbers in increasing order (or, with
    /// `names=True`, each option as its entries, in that order) — the order
    /// `sample()` and `dance cover --first` give — or None when there is
    /// none. `seed`: try
    /// each item's options in an order shuffled by this seed (0 to 2**64 -
    /// 1), so that the first solution is a random one, the same for a seed
    /// on every machine (`dance cover --first --seed S`). `timeout`:
    /// seconds (`inf`: no limit); raises `TimeoutError` when it passes
    /// before a solution is found or ruled out.
    #[pyo3(signature = (*, names = false, seed = None, timeout = None))]
    fn first(
        &self,
        py: Python<'_>,
        names: bool,
        seed: Option<Bound<'_, PyAny>>,
        timeout: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Option<Py<PyAny>>> {
        let seed = args::seed(seed.as_ref())?;
        let timeout = args::timeout(timeout.as_ref())?;
        let searched = self.searched_until(py, seed, &timeout)?;
        let solution = search::first(py, searched.as_ref(), timeout)?;
        solution
            .map(|mut solution| {
                solution.sort_unstable();
                self.naming().solution(py, &solution, names)
            })
            .transpose()
    }

    /// The number of solutions, as a `dance.Count` (an int that also says
    /// whether it is `exact`, and whether it `timed_out`).
    ///
    /// With `limit=N` the count is exact up to N: a problem with more
    /// solutions counts N, not exact (the search looks for N + 1 to tell,
    /// as `dance cover --limit N` prints `N+`). `threads`: worker threads,
    /// as `dance.solve` reads them (`None` or 0: one per core, at most
    /// 1024); with more than one the tree is split into about 64
    /// subproblems per thread (as `dance cover -j`), and the count is the
    /// same. `timeout`: seconds for the whole count (`inf`: no limit); when
    /// it passes, the count is the solutions found so far, not exact, with
    /// `timed_out` set. `seed`: as `first`'s (the count is the same; only
    /// the order of the search changes).
    #[pyo3(signature = (limit = None, *, threads = None, timeout = None, seed = None))]
    fn count<'py>(
        &self,
        py: Python<'py>,
        limit: Option<Bound<'py, PyAny>>,
        threads: Option<Bound<'py, PyAny>>,
        timeout: Option<Bound<'py, PyAny>>,
        seed: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let limit = limit
            .map(|limit| args::count_at_least("limit", &limit, 1))
            .transpose()?;
        let threads = args::threads(threads.as_ref())?;
        let timeout = args::timeout(timeout.as_ref())?;
        let seed = args::seed(seed.as_ref())?;
        let searched = self.searched_until(py, seed, &timeout)?;
        search::count(py, searched.as_ref(), limit, threads, timeout)
    }

    /// The exact number of solutions, counted by merging identical
    /// subproblems (a memo keyed by the items still open), as `dance cover
    /// --memo`: orders of magnitude faster where subproblems repeat, as in
    /// tilings, and exact at any size (a Python int past 64 bits), as a
    /// `dance.Count`. `memory_mb`: the memo's budget in MiB (at least 1);
    /// the count stays exact when it is full. `timeout`: seconds (`inf`: no
    /// limit); when it passes, the count is the subproblems finished so far,
    /// not exact, with `timed_out` set. A problem with bounds
    /// (multiplicities, Algorithm M) is counted too, its memo keyed by the
    /// items' remaining bounds as well.
    #[pyo3(signature = (*, memory_mb = None, timeout = None), text_signature = "($self, *, memory_mb=1024, timeout=None)")]
    fn count_memo<'py>(
        &self,
        py: Python<'py>,
        memory_mb: Option<Bound<'py, PyAny>>,
        timeout: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let memory_mb = memory_mb_arg(memory_mb.as_ref())?;
        let timeout = args::timeout(timeout.as_ref())?;
        let searched = self.searched_until(py, None, &timeout)?;
        search::count_memo(py, searched.as_ref(), memory_mb, timeout)
    }

    /// Every solution as a `dance.Zdd` (a zero-suppressed decision diagram,
    /// as Knuth's DLX6 makes it), built by the memo's search as `dance cover
    /// --zdd PATH`: its exact `count`, `count_through()`, `solutions()`,
    /// `sample(n)` and `to_text()` need no search again. `memory_mb`: the
    /// budget of states remembered, in MiB (at least 1; when it is full they
    /// are forgotten: the build takes longer, the diagram is the same).
    /// `seed`: as `first`'s, the search's order (`dance cover --seed S`),
    /// which changes the diagram's nodes, not its solutions. `timeout`:
    /// seconds (`inf`: no limit); raises `TimeoutError` when it passes
    /// before the diagram is complete. A problem with bounds
    /// (multiplicities) has its diagram too, as DLX6 builds it.
    #[pyo3(
        signature = (*, memory_mb = None, timeout = None, seed = None),
        text_signature = "($self, *, memory_mb=1024, timeout=None, seed=None)"
    )]
    fn zdd(
        &self,
        py: Python<'_>,
        memory_mb: Option<Bound<'_, PyAny>>,
        timeout: Option<Bound<'_, PyAny>>,
        seed: Option<Bound<'_, PyAny>>,
    ) -> PyResult<zdd::Zdd> {
        let memory_mb = memory_mb_arg(memory_mb.as_ref())?;
        let timeout = args::timeout(timeout.as_ref())?;
        let seed = args::seed(seed.as_ref())?;
        let searched = self.searched_until(py, seed, &timeout)?;
        zdd::build(
            py,
            "zdd",
            searched.map(|searched| searched.solver),
            self.naming(),
            memory_mb,
            timeout,
        )
    }

    /// `n` solutions drawn uniformly at random, with replacement, from the
    /// ZDD of every solution (`zdd()`), each sorted: the same as `dance
    /// cover --sample N --seed S` prints for `seed=S` (which orders the
    /// search as `first`'s seed and seeds the draws), and as `--sample N`
    /// without a seed (draws seeded 0). Empty when there is no solution.
    /// `names=True`: each option as its entries. `memory_mb` and `timeout`:
    /// as `zdd()`'s (the timeout bounds the build). A problem with bounds
    /// (multiplicities) is sampled too.
    #[pyo3(
        signature = (n, *, seed = None, names = false, memory_mb = None, timeout = None),
        text_signature = "($self, n, *, seed=None, names=False, memory_mb=1024, timeout=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn sample(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        seed: Option<Bound<'_, PyAny>>,
        names: bool,
        memory_mb: Option<Bound<'_, PyAny>>,
        timeout: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyList>> {
        let n = args::count_at_least("n", n, 0)?;
        let seed = args::seed(seed.as_ref())?;
        let memory_mb = memory_mb_arg(memory_mb.as_ref())?;
        let timeout = args::timeout(timeout.as_ref())?;
        let searched = self.searched_until(py, seed, &timeout)?;
        let built = zdd::build(
            py,
            "sample",
            searched.map(|searched| searched.solver),
            self.naming(),
            memory_mb,
            timeout,
        )?;
        built.draw(py, n, seed.unwrap_or(0), names)
    }

    /// A lazy iterator over the solutions, each as option numbers in
    /// increasing order (or, with `names=True`, each option as its entries,
    /// in that order), as `dance cover --all` prints them. Each iterator searches on
    /// its own; the next solution is looked for only when asked. `seed`: as
    /// `first`'s. Threads may share one iterator: each solution goes to one
    /// of them.
    #[pyo3(signature = (*, names = false, seed = None))]
    fn solutions(&self, names: bool, seed: Option<Bound<'_, PyAny>>) -> PyResult<Solutions> {
        let seed = args::seed(seed.as_ref())?;
        let searched = self.searched(seed)?;
        Ok(Solutions::new(self.naming(), searched.solver, names))
    }

    /// The `k` cheapest solutions (fewer if there are fewer), cheapest
    /// first, as `(cost, solution)` pairs — a solution's cost is the sum of
    /// its options' `costs` — found as `dance cover --best K` finds them
    /// (Knuth's DLX5: each item taxed its cheapest option, branches cut by
    /// the k-th best cost so far); ties in the order `solutions()` gives
    /// them. Solutions are option numbers, or with `names=True` their
    /// options' entries. `threads`: as for `count` (0 or None: one per
    /// core), sharing the bound, with the same answer as one thread.
    /// `timeout`: seconds (`inf`: no limit); when it
    /// passes first, raises `TimeoutError` whose `best` attribute holds the
    /// cheapest found so far, not proven the cheapest.
    #[pyo3(
        signature = (k = None, *, names = false, threads = None, timeout = None),
        text_signature = "($self, k=1, *, names=False, threads=None, timeout=None)"
    )]
    fn best<'py>(
        &self,
        py: Python<'py>,
        k: Option<Bound<'py, PyAny>>,
        names: bool,
        threads: Option<Bound<'py, PyAny>>,
        timeout: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyList>> {
        let k = match &k {
            Some(k) => args::ranged("k", k, 1, dance_dlx::MAX_BEST)?,
            None => 1,
        };
        let threads = args::threads(threads.as_ref())?;
        let timeout = args::timeout(timeout.as_ref())?;
        let searched = self.searched_until(py, None, &timeout)?;
        best::best(
            py,
            searched.as_ref(),
            &self.naming(),
            k,
            names,
            threads,
            timeout,
        )
    }

    /// The problem reduced by DLX-PRE's two rules (`dance cover
    /// --preprocess`), repeated until nothing more goes: an item that every
    /// option of some primary item contains goes, with its options that
    /// lack that primary item; an option that would leave some primary item
    /// without options goes. A `dance.Reduced`: the smaller `problem`, and
    /// `original(solution)` to map its solutions back to this problem's
    /// (what `--reduce` prints). Raises `ValueError` for a problem with
    /// bounds, where the rules do not hold, or with options selected.
    fn preprocess(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<best::Reduced> {
        let labels = slf.labels.clone();
        best::preprocess(py, Py::from(slf), labels.as_deref())
    }

    /// The solutions as option numbers: `solutions()`.
    fn __iter__(&self) -> PyResult<Solutions> {
        let searched = self.searched(None)?;
        Ok(Solutions::new(self.naming(), searched.solver, false))
    }

    fn __repr__(&self) -> String {
        let selected = if self.selected.is_empty() {
            String::new()
        } else {
            format!(", job={:?}", self.job())
        };
        format!(
            "ExactCover(items={}, primary={}, options={}{selected})",
            self.problem.item_count(),
            self.problem.primary_count(),
            self.problem.option_count()
        )
    }

    /// The constructor's arguments, from which pickle rebuilds the problem.
    #[allow(clippy::type_complexity)]
    fn __getnewargs_ex__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<((Bound<'py, PyList>, Bound<'py, PyList>), Bound<'py, PyDict>)> {
        let (primary, options, keywords) =
            build::arguments(py, &self.problem, self.labels.as_deref())?;
        keywords.set_item("selected", self.selected())?;
        Ok(((primary, options), keywords))
    }

    /// Problems are equal when their items (names or objects), options,
    /// costs and selections are; the solver kept for them is not compared.
    fn __eq__(&self, py: Python<'_>, other: PyRef<'_, ExactCover>) -> PyResult<bool> {
        if *self.problem != *other.problem || self.selected != other.selected {
            return Ok(false);
        }
        match (&self.labels, &other.labels) {
            (None, None) => Ok(true),
            (Some(mine), Some(theirs)) => mine.equal(py, theirs),
            _ => Ok(false),
        }
    }

    /// A hash of what `==` compares, so that problems can be dict keys and
    /// set members (a subproblem hashes apart from its problem).
    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        let mut hasher = DefaultHasher::new();
        self.digest
            .get_or_init(|| digest(&self.problem))
            .hash(&mut hasher);
        self.selected.hash(&mut hasher);
        if let Some(labels) = &self.labels {
            labels.hash(py)?.hash(&mut hasher);
        }
        Ok(hasher.finish())
    }
}

/// `memory_mb=`: MiB from 1 to 2**40, 1024 when absent.
fn memory_mb_arg(memory_mb: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    match memory_mb {
        Some(memory_mb) => args::ranged("memory_mb", memory_mb, 1, dance_dlx::MAX_MEMORY_MB),
        None => Ok(dance_dlx::DEFAULT_MEMORY_MB),
    }
}
