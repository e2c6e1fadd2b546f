//! `dance.generate` and `dance.rate`: the generator and the rater of the
//! `sudoku` crate on the worker threads.

use dance_sudoku::format::line;
use dance_sudoku::generate::{
    Generated, Layout, Options, Symmetry, generate as generate_one, puzzle_seed,
};
use dance_sudoku::rate::{self as rating, Level, RateError};
use dance_sudoku::{BoxShape, Puzzle, Shape, Stop, Variant};
use pyo3::prelude::*;
use pyo3::types::PyList;

use crate::args;
use crate::errors::{GenerateError, value_error};
use crate::input::{self, Reading};
use crate::interrupt;

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
/// tried per puzzle before giving up on a clue target, at least 1. `seed`:
/// 0 to 2**64 - 1; the same seed and options give the same puzzles on every
/// machine, whatever `threads` (read as `dance.solve` reads it) — the same
/// as `dance generate -n N --seed SEED`.
///
/// The GIL is released while generating, and Ctrl-C stops it between
/// puzzles (raising `KeyboardInterrupt`). Raises `ValueError` (naming the
/// argument) for options that cannot work, `TypeError` for arguments of the
/// wrong type (bools are not counts), and `dance.GenerateError` when a
/// puzzle cannot be made (its `puzzles` attribute holds those that were).
#[pyfunction]
// The defaults that `None` stands for, shown by `help()` and `inspect`.
#[pyo3(
    signature = (n, *, size = None, r#box = None, clues = None, symmetry = None, variant = None, jigsaw = false, seed = None, attempts = None, threads = None),
    text_signature = "(n, *, size=9, box=None, clues=None, symmetry=None, variant=None, jigsaw=False, seed=0, attempts=100, threads=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn generate<'py>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    size: Option<Bound<'py, PyAny>>,
    r#box: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    clues: Option<Bound<'py, PyAny>>,
    symmetry: Option<&str>,
    variant: Option<&str>,
    jigsaw: bool,
    seed: Option<Bound<'py, PyAny>>,
    attempts: Option<Bound<'py, PyAny>>,
    threads: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let count = args::count_at_least("n", n, 0)?;
    let size = match &size {
        Some(size) => args::ranged("size", size, 1, dance_sudoku::MAX_SIZE as u64)? as usize,
        None => 9,
    };
    let boxes = match &r#box {
        Some((height, width)) => Some((
            args::ranged("box", height, 1, dance_sudoku::MAX_SIZE as u64)? as usize,
            args::ranged("box", width, 1, dance_sudoku::MAX_SIZE as u64)? as usize,
        )),
        None => None,
    };
    // The library says why a count of clues cannot work (more than the
    // cells, odd under rotational symmetry) as a GenerateError.
    let clues = clues
        .map(|clues| args::ranged("clues", &clues, 0, u64::from(u32::MAX)))
        .transpose()?
        .map(|clues| clues as usize);
    let attempts = match &attempts {
        Some(attempts) => args::ranged("attempts", attempts, 1, u64::from(u32::MAX))? as u32,
        None => dance_sudoku::generate::DEFAULT_ATTEMPTS,
    };
    let seed = args::seed(seed.as_ref())?.unwrap_or(0);
    let variant = args::variant(variant)?;
    let interrupted = interrupt::flag();
    let options = Options {
        layout: layout(size, boxes, jigsaw, variant)?,
        symmetry: symmetry_arg(symmetry)?,
        clues,
        attempts,
        // Ctrl-C stops a puzzle being made, not only the batch.
        stop: Stop::when(interrupted.clone()),
    };
    let threads = args::threads(threads.as_ref())?;
    let indices: Vec<u64> = (0..count).collect();
    let made = interrupt::batch(py, threads, indices, &interrupted, move |solver, &index| {
        generate_one(solver, &options, puzzle_seed(seed, index)).map(|made| line_of(&made))
    })?;
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
    match (boxes, jigsaw) {
        (Some(_), true) => Err(value_error(
            "box: a box shape and jigsaw=True exclude each other",
        )),
        (None, true) => Ok(Layout::RandomJigsaw { size, variant }),
        (Some((height, width)), false) => {
            let boxes = BoxShape::new(height, width)
                .map_err(|error| value_error(format!("box: {height}x{width}: {error}")))?;
            if boxes.size() != size {
                return Err(value_error(format!(
                    "box: {height}x{width} makes size {}, not {size}",
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
                    "size: {size} has no box shape; jigsaw=True makes puzzles of that size"
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
            "symmetry: unknown symmetry {other:?}; expected \"none\", \"rotational\" or \"diagonal\""
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

/// The difficulty of one puzzle for Algorithm X's search, as `dance rate`
/// prints it.
///
/// `level` is `"easy"`, `"medium"`, `"hard"`, `"expert"` or `"extreme"`, or
/// `"multiple"` / `"none"` for a puzzle without exactly one solution (which
/// has no rating: `nodes` and `guesses` are then None). `nodes` and
/// `guesses` are averages over `samples` random transformations of the
/// puzzle. `str()` gives the command line's line: `hard 187.5 9.5`.
///
/// `Rating(level, nodes, guesses, samples)` rebuilds a rating from its
/// fields (as pickle does); the level must be the one the guesses give.
/// Ratings compare equal when their fields are equal, hash accordingly and
/// pickle.
#[pyclass(frozen, eq, hash, module = "dance")]
#[derive(PartialEq, Eq, Hash)]
pub struct Rating {
    rated: Rated,
}

/// A rating, or why there is none.
#[derive(PartialEq, Eq, Hash)]
enum Rated {
    Level(rating::Rating),
    Multiple,
    NoSolution,
}

#[pymethods]
impl Rating {
    #[new]
    #[pyo3(
        signature = (level, nodes = None, guesses = None, samples = None),
        text_signature = "(level, nodes=None, guesses=None, samples=0)"
    )]
    fn new(
        level: &str,
        nodes: Option<f64>,
        guesses: Option<f64>,
        samples: Option<Bound<'_, PyAny>>,
    ) -> PyResult<Rating> {
        let samples = match &samples {
            Some(samples) => args::ranged("samples", samples, 0, u64::from(u32::MAX))? as u32,
            None => 0,
        };
        let unrated = match level {
            "multiple" => Some(Rated::Multiple),
            "none" => Some(Rated::NoSolution),
            _ => None,
        };
        if let Some(rated) = unrated {
            if nodes.is_some() || guesses.is_some() || samples != 0 {
                return Err(value_error(format!(
                    "level {level:?} has no nodes, guesses or samples"
                )));
            }
            return Ok(Rating { rated });
        }
        let Some(named) = Level::ALL.into_iter().find(|l| l.name() == level) else {
            return Err(value_error(format!(
                "level: unknown level {level:?}; expected easy, medium, hard, expert, extreme, \
                 multiple or none"
            )));
        };
        let (Some(nodes), Some(guesses), 1..) = (nodes, guesses, samples) else {
            return Err(value_error(format!(
                "level {level:?} needs nodes, guesses and samples of at least 1"
            )));
        };
        let total = |name: &str, average: f64| {
            let total = (average * f64::from(samples)).round();
            if (0.0..9e15).contains(&total) {
                Ok(total as u64)
            } else {
                Err(value_error(format!(
                    "{name}: expected an average from 0, found {average}"
                )))
            }
        };
        let work = dance_sudoku::Stats {
            nodes: total("nodes", nodes)?,
            guesses: total("guesses", guesses)?,
            ..dance_sudoku::Stats::default()
        };
        let rating = rating::Rating {
            level: Level::of(work.guesses, samples),
            samples,
            total: work,
            // A rating rebuilt from its figures does not say what made them.
            engine: None,
        };
        if rating.level != named {
            return Err(value_error(format!(
                "level: {guesses} guesses on average make {}, not {level}",
                rating.level
            )));
        }
        Ok(Rating {
            rated: Rated::Level(rating),
        })
    }

    /// The level, or `"multiple"` / `"none"`.
    #[getter]
    fn level(&self) -> &'static str {
        match &self.rated {
            Rated::Level(rating) => rating.level.name(),
            Rated::Multiple => "multiple",
            Rated::NoSolution => "none",
        }
    }

    /// Average nodes (options tried) per search, or None.
    #[getter]
    fn nodes(&self) -> Option<f64> {
        self.rating().map(rating::Rating::nodes)
    }

    /// Average guesses (options tried among several) per search, or None.
    #[getter]
    fn guesses(&self) -> Option<f64> {
        self.rating().map(rating::Rating::guesses)
    }

    /// The searches averaged (0 when unrated).
    #[getter]
    fn samples(&self) -> u32 {
        self.rating().map_or(0, |rating| rating.samples)
    }

    fn __str__(&self) -> String {
        match self.rating() {
            Some(rating) => rating.to_string(),
            None => self.level().to_owned(),
        }
    }

    fn __repr__(&self) -> String {
        match self.rating() {
            Some(rating) => format!(
                "Rating(level={:?}, nodes={:?}, guesses={:?}, samples={})",
                rating.level.name(),
                rating.nodes(),
                rating.guesses(),
                rating.samples
            ),
            None => format!("Rating(level={:?})", self.level()),
        }
    }

    fn __getnewargs__(&self) -> (&'static str, Option<f64>, Option<f64>, u32) {
        (self.level(), self.nodes(), self.guesses(), self.samples())
    }
}

impl Rating {
    fn of(rated: Result<rating::Rating, RateError>) -> Rating {
        let rated = match rated {
            // A Python rating is its four fields, which pickle and compare:
            // the engine that counted them, and the rest of the work (the
            // solutions found, link updates), are not among them.
            Ok(rating) => Rated::Level(rating::Rating {
                total: dance_sudoku::Stats {
                    nodes: rating.total.nodes,
                    guesses: rating.total.guesses,
                    ..dance_sudoku::Stats::default()
                },
                engine: None,
                ..rating
            }),
            Err(RateError::Multiple) => Rated::Multiple,
            Err(_) => Rated::NoSolution,
        };
        Rating { rated }
    }

    fn rating(&self) -> Option<&rating::Rating> {
        match &self.rated {
            Rated::Level(rating) => Some(rating),
            _ => None,
        }
    }
}

/// Rates how hard puzzles are for Algorithm X's search, like `dance rate`.
///
/// `puzzles` is what `dance.solve` takes (strings in any format the command
/// line reads, Kaggle-style ints, a pandas Series, or a NumPy integer array
/// of shape `(n, N*N)`), read with `variant`, `format` and `alphabet` as
/// `dance.solve` reads them. Returns a `dance.Rating` per puzzle, in input
/// order. The measure averages the nodes and guesses of a count to two
/// over 8 random transformations of the puzzle; it is search difficulty,
/// not the techniques a person needs. The GIL is released while rating,
/// and Ctrl-C stops it; errors are those of `dance.solve`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, variant = None, format = "auto", alphabet = "standard", threads = None))]
pub fn rate(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    variant: Option<&str>,
    format: &str,
    alphabet: &str,
    threads: Option<Bound<'_, PyAny>>,
) -> PyResult<Vec<Rating>> {
    let reading = Reading::new(format, alphabet, variant)?;
    let threads = args::threads(threads.as_ref())?;
    let puzzles = input::puzzles(py, puzzles, &reading)?;
    let interrupted = interrupt::flag();
    // Ctrl-C stops a rating under way too: its searches look at the flag.
    let stop = Stop::when(interrupted.clone());
    let ratings = interrupt::batch(py, threads, puzzles, &interrupted, move |solver, puzzle| {
        rating::rate_until(solver, puzzle, &stop)
    })?;
    Ok(ratings.into_iter().map(Rating::of).collect())
}
