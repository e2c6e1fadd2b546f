"""Batch Sudoku solving, generation and exact cover with Dancing Links.

`solve`, `generate` and `rate` work on many puzzles at once, on all cores,
with the GIL released; `ExactCover` is Knuth's Algorithms X, C and M on any
exact-cover problem.
"""

from collections.abc import Iterator, Mapping, Sequence
from typing import Generic, Literal, TypedDict, TypeVar, final, overload

import numpy as np
import numpy.typing as npt

__version__: str

_Status = Literal["solved", "unique", "multiple", "none", "timeout"]
_Mode = Literal["first", "unique", "count"]
_IntArray = npt.NDArray[np.integer]

class ParseError(ValueError):
    """Text that is not a puzzle (or not an exact-cover problem).

    `str()` gives `puzzles[INDEX]:LINE:COL: reason`, or `LINE:COL: reason`
    when there is no list.
    """

    index: int | None
    """The puzzle's 0-based index in the list given, or None."""
    line: int
    """The 1-based line within the text."""
    column: int
    """The 1-based column, counting characters."""
    reason: str
    """What is wrong, without the position."""

class GenerateError(ValueError):
    """No puzzle could be made with the options given."""

    index: int
    """The 0-based index of the first puzzle that could not be made."""
    puzzles: list[str | None]
    """Every puzzle of the batch, None where none was made."""

_Engine = Literal["fast", "dlx", "dfs"]

class _ListDetails(TypedDict):
    count: list[int]
    exact: list[bool]
    nodes: list[int]
    guesses: list[int]

class _ArrayDetails(TypedDict):
    count: npt.NDArray[np.uint64]
    exact: npt.NDArray[np.bool_]
    nodes: npt.NDArray[np.uint64]
    guesses: npt.NDArray[np.uint64]

@overload
def solve(
    puzzles: Sequence[str],
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
) -> tuple[list[str | None], list[_Status]]:
    """Solves a batch of Sudoku puzzles with Dancing Links.

    `puzzles` is a list of strings, each one puzzle in any format the command
    line reads, or a NumPy integer array of shape `(n, N*N)` with 0 for a
    blank. `mode`: `"first"` finds a solution, `"unique"` tells unique,
    multiple or none, `"count"` counts every solution — or, with `limit=N`,
    counts exactly up to N: a puzzle with more than N solutions counts N,
    marked inexact (the search looks for N + 1 to tell), as `dance solve
    --count --limit N` prints `N+`. `variant`: None, or the command line's
    `--variant` names, comma-separated (`"x"`, `"windoku"`/`"hyper"`,
    `"disjoint"`, `"anti-knight"`, `"anti-king"`, `"non-consecutive"`).
    `engine`: as `--engine`. `threads`: workers, None or 0 for one per core,
    at most 1024 (each count's pool is kept for the next call). `timeout`:
    seconds per puzzle (`inf`: no limit).

    Returns `(solutions, status)` in input order — with `details=True`,
    `(solutions, status, details)`: solutions of the input's kind (strings
    in each puzzle's format or None; or an array of the same shape and dtype
    with rows of zeros where there is none), counts in count mode (ints, or
    a uint64 array of shape `(n,)`), and the command line's status words
    (`"multiple"` for a count that found more than its limit). `details`
    holds per-puzzle columns: `count`, `exact` (False for `N+` and for a
    timeout, whose count is what was found in time), `nodes`, `guesses`.
    The GIL is released while solving; Ctrl-C stops it.

    Raises `ParseError` for a string that is not one puzzle, `ValueError`
    for an array value or an argument out of range, `TypeError` for other
    kinds of input or arguments (bools are not counts); all before any
    solving starts.
    """

@overload
def solve(
    puzzles: Sequence[str],
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
) -> tuple[list[int], list[_Status]]: ...
@overload
def solve(
    puzzles: Sequence[str],
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
) -> tuple[list[str | None], list[_Status], _ListDetails]: ...
@overload
def solve(
    puzzles: Sequence[str],
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
) -> tuple[list[int], list[_Status], _ListDetails]: ...
@overload
def solve(
    puzzles: _IntArray,
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
) -> tuple[_IntArray, list[_Status]]: ...
@overload
def solve(
    puzzles: _IntArray,
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
) -> tuple[npt.NDArray[np.uint64], list[_Status]]: ...
@overload
def solve(
    puzzles: _IntArray,
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
) -> tuple[_IntArray, list[_Status], _ArrayDetails]: ...
@overload
def solve(
    puzzles: _IntArray,
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
) -> tuple[npt.NDArray[np.uint64], list[_Status], _ArrayDetails]: ...

def generate(
    n: int,
    *,
    size: int = 9,
    box: tuple[int, int] | None = None,
    clues: int | None = None,
    symmetry: Literal["none", "rotational", "diagonal"] | None = None,
    variant: str | None = None,
    jigsaw: bool = False,
    seed: int = 0,
    attempts: int = 100,
    threads: int | None = None,
) -> list[str]:
    """Makes `n` puzzles with exactly one solution, as line-format strings.

    Minimal (no given can go) unless `clues` asks for exactly that many
    givens. The same `seed` and options give the same puzzles on every
    machine, whatever `threads` — those of `dance generate -n N --seed SEED`.
    `variant` and `threads` are read as `solve` reads them.
    Raises `ValueError` for options that cannot work and `GenerateError`
    when a puzzle cannot be made.
    """

@final
class Rating:
    """The difficulty of one puzzle for Dancing Links search (`dance rate`).

    `str()` gives the command line's line, e.g. `hard 187.5 9.5`.
    """

    @property
    def level(self) -> Literal["easy", "medium", "hard", "expert", "extreme", "multiple", "none"]:
        """The level, or `"multiple"` / `"none"` for a puzzle without exactly one solution."""
    @property
    def nodes(self) -> float | None:
        """Average nodes (options tried) per search; None when unrated."""
    @property
    def guesses(self) -> float | None:
        """Average guesses (options tried among several) per search; None when unrated."""
    @property
    def samples(self) -> int:
        """The searches averaged (0 when unrated)."""

def rate(
    puzzles: Sequence[str] | _IntArray,
    *,
    variant: str | None = None,
    threads: int | None = None,
) -> list[Rating]:
    """Rates puzzles (what `solve` takes) for search difficulty, in input order."""

@final
class ExactCover:
    """An exact-cover problem: items, and options that are sets of items.

    A solution covers every primary item exactly once (or within its bounds)
    and every secondary item at most once, or any number of times with one
    color. Options are numbered from 0 in the order given.
    """

    def __new__(
        cls,
        items: Sequence[str],
        options: Sequence[Sequence[str] | str],
        *,
        secondary: Sequence[str] = ...,
        bounds: Mapping[str, int | tuple[int, int]] | None = None,
    ) -> ExactCover:
        """Builds a problem: primary `items`; `options`, each a list of entries
        or a string of entries separated by spaces (`item` or `item:color`);
        `secondary` items; `bounds` of primary items (`n` or `(min, max)`).
        Raises `ValueError` naming the item or option that is wrong."""
    @classmethod
    def parse(cls, text: str) -> ExactCover:
        """Reads Knuth's text format (DLX1/DLX2/DLX3); raises `ParseError`
        with `line` and `column`."""
    def to_text(self) -> str:
        """The problem in Knuth's text format, which `parse` reads back."""
    @property
    def items(self) -> list[str]:
        """Every item's name: primary items, then secondary ones."""
    @property
    def primary_count(self) -> int:
        """The number of primary items."""
    @property
    def option_count(self) -> int:
        """The number of options."""
    def option(self, index: int) -> list[str]:
        """Option `index` as its entries (`item` or `item:color`)."""
    @overload
    def first(self, *, names: Literal[False] = False) -> list[int] | None:
        """The first solution as option numbers (or options' entries), or None."""
    @overload
    def first(self, *, names: Literal[True]) -> list[list[str]] | None: ...
    def count(self, limit: int | None = None) -> int:
        """The number of solutions, stopping at `limit` when given."""
    def count_memo(self, *, memory_mb: int = 1024) -> int:
        """The exact number of solutions, counted by merging identical subproblems."""
    @overload
    def solutions(self, *, names: Literal[False] = False) -> Solutions[list[int]]:
        """A lazy iterator over the solutions."""
    @overload
    def solutions(self, *, names: Literal[True]) -> Solutions[list[list[str]]]: ...
    def __iter__(self) -> Solutions[list[int]]:
        """The solutions as option numbers."""

_T = TypeVar("_T")

@final
class Solutions(Iterator[_T], Generic[_T]):
    """The solutions of an `ExactCover`, found lazily."""

    def __iter__(self) -> Solutions[_T]: ...
    def __next__(self) -> _T: ...
