//! `dance.generate` and `dance.rate`: the generator and the rater of the
//! `sudoku` crate on the worker threads.

use dance_sudoku::format::line;
use dance_sudoku::generate::{Generated, Layout, Options, Symmetry, generate_batch};
use dance_sudoku::rate::{RateError, rate as rate_one};
use dance_sudoku::{BoxShape, Puzzle, Shape, Variant};
use numpy::PyArrayMethods;
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::errors::{GenerateError, value_error};
use crate::input::{self, with_int_array};

/// Makes `n` Sudoku puzzles with exactly one solution.
///
/// Each puzzle is a random complete grid with givens taken away while the
/// solution stays unique: minimal (no given can go), or minimal among
/// symmetric removals with `symmetry`, unless `clues` stops the removal at
/// exactly that many givens. Returns the puzzles as strings in the line
/// format (`.` for blanks, a region map after a space for jigsaw and for
/// boxes other than the usual ones of the size), which `dance.solve` reads.
///
/// `size`: N, 1 to 25. `box`: `(height, width)` of the boxes, whose
/// product is `size` (default: the usual boxes of the size, e.g. 2x3 for
/// 6). `symmetry`: `None`, `"none"`, `"rotational"` or `"diagonal"`.
/// `variant`: as `dance.solve` reads it (the command line's `--variant`
/// names, comma-separated). `jigsaw`: a new random map of
/// connected regions for every puzzle. `attempts`: complete grids (and maps)
/// tried per puzzle before giving up on a clue target. `seed`: the same seed
/// and options give the same puzzles on every machine, whatever `threads`
/// (read as `dance.solve` reads it) — the same as `dance generate -n N
/// --seed SEED`.
///
/// The GIL is released while generating. Raises `ValueError` for options
/// that cannot work and `dance.GenerateError` when a puzzle cannot be made
/// (its `puzzles` attribute holds those that were).
#[pyfunction]
#[pyo3(signature = (n, *, size = 9, r#box = None, clues = None, symmetry = None, variant = None, jigsaw = false, seed = 0, attempts = 100, threads = None))]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    n: i64,
    size: usize,
    r#box: Option<(usize, usize)>,
    clues: Option<usize>,
    symmetry: Option<&str>,
    variant: Option<&str>,
    jigsaw: bool,
    seed: u64,
    attempts: u32,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let count =
        u64::try_from(n).map_err(|_| value_error(format!("n must be at least 0, not {n}")))?;
    let variant = input::variant(variant)?;
    let layout = layout(size, r#box, jigsaw, variant)?;
    let options = Options {
        layout,
        symmetry: symmetry_arg(symmetry)?,
        clues,
        attempts: attempts.max(1),
        stop: dance_sudoku::Stop::never(),
    };
    let pool = input::workers(threads.as_ref())?;
    let made = py.detach(|| {
        input::on_pool(&pool, || {
            generate_batch(&options, seed, 0..count)
                .into_iter()
                .map(|made| made.map(|made| line_of(&made)))
                .collect::<Vec<_>>()
        })
    });
    let failed = made.iter().position(Result::is_err);
    let texts = made.iter().map(|made| made.as_ref().ok());
    let puzzles = PyList::new(py, texts)?;
    if let Some(index) = failed {
        let reason = match &made[index] {
            Err(error) => error.to_string(),
            Ok(_) => unreachable!("position found an error here"),
        };
        let error = GenerateError::new_err(format!("puzzles[{index}]: {reason}"));
        error.value(py).setattr("index", index)?;
        error.value(py).setattr("puzzles", puzzles)?;
        return Err(error);
    }
    Ok(puzzles)
}

/// The layout of `size`, `box` and `jigsaw`.
fn layout(
    size: usize,
    boxes: Option<(usize, usize)>,
    jigsaw: bool,
    variant: Variant,
) -> PyResult<Layout> {
    if !(1..=dance_sudoku::MAX_SIZE).contains(&size) {
        return Err(value_error(format!(
            "size {size} is out of range; sizes go from 1 to 25"
        )));
    }
    match (boxes, jigsaw) {
        (Some(_), true) => Err(value_error("box and jigsaw=True exclude each other")),
        (None, true) => Ok(Layout::RandomJigsaw { size, variant }),
        (Some((height, width)), false) => {
            let boxes = BoxShape::new(height, width)
                .map_err(|error| value_error(format!("box {height}x{width}: {error}")))?;
            if boxes.size() != size {
                return Err(value_error(format!(
                    "box {height}x{width} makes size {}, not {size}",
                    boxes.size()
                )));
            }
            Ok(Layout::Shape(
                Shape::with_boxes(boxes).with_variant(variant),
            ))
        }
        (None, false) => Shape::boxed(size)
            .map(|shape| Layout::Shape(shape.with_variant(variant)))
            .map_err(|_| {
                value_error(format!(
                    "size {size} has no box shape; jigsaw=True makes puzzles of that size"
                ))
            }),
    }
}

/// The symmetry named by `symmetry=`.
fn symmetry_arg(name: Option<&str>) -> PyResult<Symmetry> {
    match name {
        None | Some("none") => Ok(Symmetry::None),
        Some("rotational") => Ok(Symmetry::Rotational),
        Some("diagonal") => Ok(Symmetry::Diagonal),
        Some(other) => Err(value_error(format!(
            "unknown symmetry {other:?}; expected \"none\", \"rotational\" or \"diagonal\""
        ))),
    }
}

/// A generated puzzle in the line format. Boxes other than the ones the
/// format infers for the size are written as a region map, so that the
/// text reads back as the same puzzle.
fn line_of(made: &Generated) -> String {
    let puzzle = &made.puzzle;
    let shape = puzzle.shape();
    let size = shape.size();
    let inferred = shape
        .box_shape()
        .is_none_or(|boxes| Some(boxes) == BoxShape::infer(size));
    if inferred {
        return line::format_puzzle(puzzle);
    }
    let as_map = Shape::jigsaw(size, shape.regions())
        .map_err(|error| error.to_string())
        .and_then(|map| {
            Puzzle::new(map.with_variant(shape.variant()), puzzle.cells().to_vec())
                .map_err(|error| error.to_string())
        });
    match as_map {
        Ok(mapped) => line::format_puzzle(&mapped),
        Err(error) => unreachable!("the boxes are a valid region map: {error}"),
    }
}

/// The difficulty of one puzzle for Dancing Links search, as `dance rate`
/// prints it.
///
/// `level` is `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"`, or
/// `"multiple"` / `"none"` for a puzzle without exactly one solution (which
/// has no rating: `nodes` and `guesses` are then None). `nodes` and
/// `guesses` are averages over `samples` random transformations of the
/// puzzle. `str()` gives the command line's line: `hard 187.5 9.5`.
#[pyclass(frozen, module = "dance")]
pub struct Rating {
    /// The level, or `"multiple"` / `"none"`.
    #[pyo3(get)]
    level: &'static str,
    /// Average nodes (options tried) per search, or None.
    #[pyo3(get)]
    nodes: Option<f64>,
    /// Average guesses (options tried among several) per search, or None.
    #[pyo3(get)]
    guesses: Option<f64>,
    /// The searches averaged (0 when unrated).
    #[pyo3(get)]
    samples: u32,
    /// The command line's line.
    line: String,
}

#[pymethods]
impl Rating {
    fn __str__(&self) -> &str {
        &self.line
    }

    fn __repr__(&self) -> String {
        match (self.nodes, self.guesses) {
            (Some(nodes), Some(guesses)) => format!(
                "Rating(level={:?}, nodes={nodes:?}, guesses={guesses:?}, samples={})",
                self.level, self.samples
            ),
            _ => format!("Rating(level={:?})", self.level),
        }
    }
}

impl Rating {
    fn of(rated: Result<dance_sudoku::rate::Rating, RateError>) -> Rating {
        match rated {
            Ok(rating) => Rating {
                level: rating.level.name(),
                nodes: Some(rating.nodes()),
                guesses: Some(rating.guesses()),
                samples: rating.samples,
                line: rating.to_string(),
            },
            Err(error) => {
                let level = match error {
                    RateError::Multiple => "multiple",
                    _ => "none",
                };
                Rating {
                    level,
                    nodes: None,
                    guesses: None,
                    samples: 0,
                    line: level.to_owned(),
                }
            }
        }
    }
}

/// Rates how hard puzzles are for Dancing Links search, like `dance rate`.
///
/// `puzzles` is what `dance.solve` takes: a list of strings or a NumPy
/// integer array of shape `(n, N*N)`. Returns a `dance.Rating` per puzzle,
/// in input order. The measure averages the nodes and guesses of a count to
/// two over 8 random transformations of the puzzle; it is search
/// difficulty, not the techniques a person needs. The GIL is released while
/// rating; errors are those of `dance.solve`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, variant = None, threads = None))]
pub fn rate(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    variant: Option<&str>,
    threads: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<Rating>> {
    let variant = input::variant(variant)?;
    let pool = input::workers(threads.as_ref())?;
    let puzzles: Vec<Puzzle> = if input::is_array(puzzles) {
        with_int_array!(puzzles, |array| {
            let readonly = array.try_readonly()?;
            input::array_puzzles(py, readonly.as_array(), variant)
        })?
    } else {
        let texts = input::texts(puzzles)?;
        input::parse_texts(py, &texts, variant)?.puzzles
    };
    let ratings =
        py.detach(|| input::on_pool(&pool, || dance_sudoku::batch::par_map(&puzzles, rate_one)));
    Ok(ratings.into_iter().map(Rating::of).collect())
}
