"""`dance.solve` and `dance.rate` for every kind of input: what the compiled
functions take (lists of strings or ints, `(n, N*N)` integer arrays) and
also `(n, N, N)` arrays, a single puzzle as a 1-D `(N*N,)` array, and pandas
Series, whose answers come back as Series with the input's index.

Only the shape of the input is handled here: reading, solving, statuses and
counts are the compiled module's (the libraries' request and answer).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypedDict, TypeVar, overload

import numpy as np
import numpy.typing as npt

from dance import _native
from dance._native import Rating

if TYPE_CHECKING:
    import pandas

    # Only for type checkers: at run time a `Literal` alias is no union,
    # which stubtest would report.
    _Status: TypeAlias = Literal[
        "solved", "unique", "multiple", "none", "timeout", "mismatch", "error"
    ]
    _Engine: TypeAlias = Literal["fast", "dlx", "dfs"]
    _Format: TypeAlias = Literal["auto", "line", "grid", "numbers", "poj", "pencilmark", "csv"]
    _Alphabet: TypeAlias = Literal["standard", "hex", "letters"]
    _Errors: TypeAlias = Literal["raise", "status"]

__all__ = ["rate", "solve"]

# Strings in any format the command line reads, or Kaggle-style ints of 17
# digits or more: a list, a tuple, any iterable (not a lone str).
_Puzzles: TypeAlias = Iterable[str | int]
# `variant=`: the command line's `--variant` names, comma-separated, or a
# list of them.
_Variants: TypeAlias = str | Iterable[str] | None

_Cell = TypeVar("_Cell", bound=np.integer[Any])


class _ListDetails(TypedDict):
    """`details` of a list of puzzles: one list per field of `dance solve
    --output json`."""

    count: list[int]
    exact: list[bool]
    nodes: list[int]
    guesses: list[int]
    micros: list[float]
    engine: list[str | None]
    error: list[str | None]


class _ArrayDetails(TypedDict):
    """`details` of an array of puzzles: one array per field, shaped as the
    counts are."""

    count: npt.NDArray[np.uint64]
    exact: npt.NDArray[np.bool_]
    nodes: npt.NDArray[np.uint64]
    guesses: npt.NDArray[np.uint64]
    micros: npt.NDArray[np.float64]
    engine: npt.NDArray[np.object_]
    error: npt.NDArray[np.object_]


class _SeriesDetails(TypedDict):
    """`details` of a pandas Series of puzzles: one Series per field, with
    the input's index."""

    count: pandas.Series[int]
    exact: pandas.Series[bool]
    nodes: pandas.Series[int]
    guesses: pandas.Series[int]
    micros: pandas.Series[float]
    engine: pandas.Series[Any]
    error: pandas.Series[Any]


# The overloads go from the narrowest input to the widest: an ndarray and a
# Series are iterables too, so they must come before `_Puzzles`; the last two
# take a `mode` or `details` known only at run time.
@overload
def solve(
    puzzles: npt.NDArray[_Cell],
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[npt.NDArray[_Cell], list[_Status]]: ...
@overload
def solve(
    puzzles: npt.NDArray[np.integer[Any]],
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[npt.NDArray[np.uint64], list[_Status]]: ...
@overload
def solve(
    puzzles: npt.NDArray[_Cell],
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
    errors: _Errors = "raise",
) -> tuple[npt.NDArray[_Cell], list[_Status], _ArrayDetails]: ...
@overload
def solve(
    puzzles: npt.NDArray[np.integer[Any]],
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
    errors: _Errors = "raise",
) -> tuple[npt.NDArray[np.uint64], list[_Status], _ArrayDetails]: ...
@overload
def solve(
    puzzles: pandas.Series[Any],
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[pandas.Series[Any], pandas.Series[str]]: ...
@overload
def solve(
    puzzles: pandas.Series[Any],
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[pandas.Series[int], pandas.Series[str]]: ...
@overload
def solve(
    puzzles: pandas.Series[Any],
    *,
    mode: Literal["first", "unique", "count"] = "first",
    limit: int | None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
    errors: _Errors = "raise",
) -> tuple[pandas.Series[Any], pandas.Series[str], _SeriesDetails]: ...
@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[list[str | None], list[_Status]]: ...
@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[list[int], list[_Status]]: ...
@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
    errors: _Errors = "raise",
) -> tuple[list[str | None], list[_Status], _ListDetails]: ...
@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: _Variants = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
    errors: _Errors = "raise",
) -> tuple[list[int], list[_Status], _ListDetails]: ...
@overload
def solve(
    puzzles: _Puzzles | npt.NDArray[np.integer[Any]] | pandas.Series[Any],
    *,
    mode: str = "first",
    limit: int | None = None,
    variant: _Variants = None,
    engine: str = "fast",
    format: str = "auto",
    alphabet: str = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
    errors: _Errors = "raise",
) -> tuple[Any, Any]: ...
@overload
def solve(
    puzzles: _Puzzles | npt.NDArray[np.integer[Any]] | pandas.Series[Any],
    *,
    mode: str = "first",
    limit: int | None = None,
    variant: _Variants = None,
    engine: str = "fast",
    format: str = "auto",
    alphabet: str = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: bool = False,
    errors: str = "raise",
) -> tuple[Any, ...]: ...
def solve(
    puzzles: Any,
    *,
    mode: str = "first",
    limit: int | None = None,
    variant: _Variants = None,
    engine: str = "fast",
    format: str = "auto",
    alphabet: str = "standard",
    check: Any = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: bool = False,
    errors: str = "raise",
) -> tuple[Any, ...]:
    """Solves a batch of Sudoku puzzles.

    `puzzles`: a list, tuple, pandas Series or any iterable of strings, each
    one puzzle in any format the command line reads (line, grid, rows of
    numbers, POJ, pencilmark, jigsaw maps; `format` to say which,
    `alphabet="hex"` for 16x16 written 0-F, `alphabet="letters"` for A-P),
    or of ints read as Kaggle-style 9x9 puzzles (17 to
    81 digits, left-padded with zeros to 81: pandas reads those datasets'
    puzzle columns as ints unless told `dtype=str`). Or a NumPy integer
    array with 0 for a blank: `(n, N*N)` (a puzzle a row), `(n, N, N)` (a
    grid each) or `(N*N,)` (one puzzle); any byte order. A missing value
    (None, NaN) is a `ValueError` naming its index (see `errors`).

    `mode`: `"first"` finds a solution, `"unique"` tells unique, multiple or
    none, `"count"` counts every solution — or, with `limit=N`, counts
    exactly up to N: a puzzle with more than N solutions counts N, marked
    inexact (the search looks for N + 1 to tell), as `dance solve --count
    --limit N` prints `N+`. `variant`: None, or the command line's
    `--variant` names, comma-separated or as a list (`"x"`,
    `"windoku"`/`"hyper"`, `"disjoint"`, `"anti-knight"`, `"anti-king"`,
    `"non-consecutive"`). `engine`: as `--engine` (`"fast"`, `"dlx"`,
    `"dfs"`). `check`: expected answers, one per puzzle, as `--check`: a
    wrong one gives the status `"mismatch"`. `threads`: workers, None or 0
    for one per core, at most 1024 (a warning when far more than the
    cores). `timeout`: seconds per puzzle (`inf`: no limit). `errors`: what
    becomes of a puzzle that cannot be read — a string that does not parse,
    a missing value, an element that is no puzzle, an array row with a
    value out of range: `"raise"` (the default) raises, before anything is
    solved; `"status"` gives it the status `"error"` (no solution, a count
    of 0) and its message in `details["error"]` — what `"raise"` would have
    said, `puzzles[INDEX]:LINE:COL: reason` for a string — and solves the
    others, as `dance solve` reports a bad record and goes on.

    Returns `(solutions, status)` in input order — with `details=True`,
    `(solutions, status, details)`. Solutions are of the input's kind:
    strings in each puzzle's format (None where there is none) for a list;
    an array of the input's shape and dtype (zeros where there is none) for
    an array; a Series with the input's index for a Series. In count mode
    the counts take their place (ints; a uint64 array shaped as the input
    without its cells; a Series). `status` holds the command line's words
    (`"multiple"` for a count that found more than its limit), a Series for
    a Series. `details` holds per-puzzle columns, the fields of `dance solve
    --output json`: `count`, `exact` (False for `N+` and for a timeout,
    whose count is what was found in time), `nodes`, `guesses`, `micros`,
    `engine`, the name of the engine that served (`"deductions"`,
    `"bands"`, `"bitboards"`, `"kernel"`, `"dlx"` or `"dfs"`, as `--stats`
    counts them; None for an `"error"`), and `error`, the message of a
    puzzle that could not be read (None for the others). The GIL is
    released while solving; Ctrl-C stops it.

    Raises `ParseError` for a string that is not one puzzle, `ValueError`
    for an array value, a missing value or an argument out of range,
    `TypeError` for other kinds of input or arguments (bools are not
    counts); all before any solving starts — with `errors="status"`, only
    for what concerns the whole call (an argument, an array's shape).
    """
    options: dict[str, Any] = {
        "mode": mode,
        "limit": limit,
        "variant": _variant(variant),
        "engine": engine,
        "format": format,
        "alphabet": alphabet,
        "check": check,
        "threads": threads,
        "timeout": timeout,
        "details": details,
        "errors": errors,
    }
    if _is_series(puzzles):
        answered = _native.solve(puzzles, **options)
        return _as_series(answered, puzzles, counts=mode == "count")
    grids = _grids(puzzles)
    if grids is None:
        return tuple(_native.solve(puzzles, **options))
    array, shape = grids
    answered = _native.solve(array, **options)
    return _reshaped(answered, shape, counts=mode == "count")


@overload
def rate(
    puzzles: pandas.Series[Any],
    *,
    variant: _Variants = None,
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    threads: int | None = None,
) -> pandas.Series[Any]: ...
@overload
def rate(
    puzzles: _Puzzles | npt.NDArray[np.integer[Any]],
    *,
    variant: _Variants = None,
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    threads: int | None = None,
) -> list[Rating]: ...
def rate(
    puzzles: Any,
    *,
    variant: _Variants = None,
    format: str = "auto",
    alphabet: str = "standard",
    threads: int | None = None,
) -> Any:
    """Rates puzzles (what `solve` takes, read as `solve` reads them) for
    search difficulty: a `dance.Rating` per puzzle, in input order (a
    Series with the input's index for a Series; one list for any array,
    its puzzles in row-major order). Ctrl-C stops it."""
    options: dict[str, Any] = {
        "variant": _variant(variant),
        "format": format,
        "alphabet": alphabet,
        "threads": threads,
    }
    if _is_series(puzzles):
        import pandas as pd

        ratings = _native.rate(puzzles, **options)
        return pd.Series(ratings, index=puzzles.index, name=puzzles.name, dtype=object)
    grids = _grids(puzzles)
    return _native.rate(puzzles if grids is None else grids[0], **options)


def _variant(variant: _Variants) -> str | None:
    """`variant=` as the compiled module reads it: None, or one string of
    names separated by commas."""
    if variant is None or isinstance(variant, str):
        return variant
    if isinstance(variant, bytes):
        raise TypeError("variant: expected a str or a list of str, found bytes")
    try:
        names = list(variant)
    except TypeError:
        raise TypeError(
            f"variant: expected a str or a list of str, found {type(variant).__name__}"
        ) from None
    for index, name in enumerate(names):
        if not isinstance(name, str):
            raise TypeError(
                f"variant[{index}]: expected a str (a variant's name), found {type(name).__name__}"
            )
    return ",".join(names)


def _is_series(value: object) -> bool:
    """Whether `value` is a pandas Series (without importing pandas)."""
    kind = type(value)
    return kind.__name__ == "Series" and kind.__module__.startswith("pandas")


def _grids(puzzles: object) -> tuple[npt.NDArray[Any], tuple[int, ...]] | None:
    """An integer array of another shape than `(n, N*N)` as that shape, with
    the shape it had; None for anything else (which the compiled module
    reads, or refuses with its own message)."""
    if not isinstance(puzzles, np.ndarray) or puzzles.dtype.kind not in "iu":
        return None
    shape: tuple[int, ...] = puzzles.shape
    if puzzles.ndim == 1:
        return puzzles.reshape(1, shape[0]), shape
    if puzzles.ndim == 3:
        if shape[1] != shape[2]:
            raise ValueError(
                f"puzzles: expected grids of N rows of N cells, shape (n, N, N), found shape {shape}"
            )
        return puzzles.reshape(shape[0], shape[1] * shape[2]), shape
    return None


def _reshaped(answered: tuple[Any, ...], shape: tuple[int, ...], *, counts: bool) -> tuple[Any, ...]:
    """The answers of a reshaped array in the input's shape: solutions as
    the puzzles were, counts and details without the cells' axes."""
    puzzles_shape = shape[:-2] if len(shape) == 3 else shape[:-1]
    solutions = answered[0].reshape(puzzles_shape if counts else shape)
    if len(answered) == 2:
        return solutions, answered[1]
    details = {key: column.reshape(puzzles_shape) for key, column in answered[2].items()}
    return solutions, answered[1], details


def _as_series(answered: tuple[Any, ...], puzzles: Any, *, counts: bool) -> tuple[Any, ...]:
    """The answers of a Series as Series with its index."""
    import pandas as pd

    index = puzzles.index
    solutions = pd.Series(
        answered[0], index=index, name=puzzles.name, dtype="uint64" if counts else object
    )
    status = pd.Series(answered[1], index=index, name="status", dtype=object)
    if len(answered) == 2:
        return solutions, status
    dtypes: dict[str, Any] = {
        "count": "uint64",
        "exact": bool,
        "nodes": "uint64",
        "guesses": "uint64",
        "micros": "float64",
        "engine": object,
        "error": object,
    }
    details = {
        key: pd.Series(column, index=index, name=key, dtype=dtypes[key])
        for key, column in answered[2].items()
    }
    return solutions, status, details
