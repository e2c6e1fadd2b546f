"""Types of the `dance` package, whose own docstring (dance/__init__.py)
describes it."""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Generic, Literal, TypedDict, TypeVar, final, overload

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    import pandas

__version__: str

_Status = Literal["solved", "unique", "multiple", "none", "timeout", "mismatch"]
_Mode = Literal["first", "unique", "count"]
_Format = Literal["auto", "line", "grid", "poj", "pencilmark", "csv"]
_Alphabet = Literal["standard", "hex"]
_IntArray = npt.NDArray[np.integer]
# Strings in any format the command line reads, or Kaggle-style ints: a list,
# a pandas Series, any iterable.
_Puzzles = Iterable[str | int]

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
    micros: list[float]
    engine: list[str]

class _ArrayDetails(TypedDict):
    count: npt.NDArray[np.uint64]
    exact: npt.NDArray[np.bool_]
    nodes: npt.NDArray[np.uint64]
    guesses: npt.NDArray[np.uint64]
    micros: npt.NDArray[np.float64]
    engine: list[str]

@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
) -> tuple[list[str | None], list[_Status]]:
    """Solves a batch of Sudoku puzzles with Dancing Links.

    `puzzles`: a list, pandas Series or any iterable of strings, each one
    puzzle in any format the command line reads (line, grid, POJ, pencilmark,
    jigsaw maps; `format` to say which, `alphabet="hex"` for 16x16 written
    0-F), or of ints read as Kaggle-style 9x9 puzzles (digits left-padded
    with zeros to 81); or a NumPy integer array of shape `(n, N*N)` with 0
    for a blank (any byte order). A missing value (None, NaN) is a
    `ValueError` naming its index. `mode`: `"first"` finds a solution,
    `"unique"` tells unique, multiple or none, `"count"` counts every
    solution — or, with `limit=N`, counts exactly up to N: a puzzle with
    more than N solutions counts N, marked inexact (the search looks for
    N + 1 to tell), as `dance solve --count --limit N` prints `N+`.
    `variant`: None, or the command line's `--variant` names,
    comma-separated (`"x"`, `"windoku"`/`"hyper"`, `"disjoint"`,
    `"anti-knight"`, `"anti-king"`, `"non-consecutive"`). `engine`: as
    `--engine`. `check`: expected answers, one per puzzle, as `--check`: a
    wrong one gives the status `"mismatch"`. `threads`: workers, None or 0
    for one per core, at most 1024 (each count's pool is kept for the next
    call). `timeout`: seconds per puzzle (`inf`: no limit).

    Returns `(solutions, status)` in input order — with `details=True`,
    `(solutions, status, details)`: solutions of the input's kind (strings
    in each puzzle's format or None; or an array of the same shape and dtype
    with rows of zeros where there is none), counts in count mode (ints, or
    a uint64 array of shape `(n,)`), and the command line's status words
    (`"multiple"` for a count that found more than its limit). `details`
    holds per-puzzle columns, the fields of `dance solve --output json`:
    `count`, `exact` (False for `N+` and for a timeout, whose count is what
    was found in time), `nodes`, `guesses`, `micros`, and `engine` (the name
    of the engine that served: `"deductions"`, `"bands"`, `"bitboards"`,
    `"kernel"`, `"dlx"` or `"dfs"`; a list). The GIL is released
    while solving; Ctrl-C stops it.

    Raises `ParseError` for a string that is not one puzzle, `ValueError`
    for an array value, a missing value or an argument out of range,
    `TypeError` for other kinds of input or arguments (bools are not
    counts); all before any solving starts.
    """

@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[False] = False,
) -> tuple[list[int], list[_Status]]: ...
@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["first", "unique"] = "first",
    limit: None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: Literal[True],
) -> tuple[list[str | None], list[_Status], _ListDetails]: ...
@overload
def solve(
    puzzles: _Puzzles,
    *,
    mode: Literal["count"],
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: _Puzzles | None = None,
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
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
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
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
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
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
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
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    check: None = None,
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
    givens. `size`: 1 to 25; `box`: `(height, width)`; `jigsaw`: a random
    region map per puzzle; `attempts`: grids tried per puzzle, at least 1.
    The same `seed` (0 to 2**64 - 1) and options give the same puzzles on
    every machine, whatever `threads` — those of `dance generate -n N --seed
    SEED`. `variant` and `threads` are read as `solve` reads them. Ctrl-C
    stops it between puzzles. Raises `ValueError` naming the argument for
    options that cannot work, `TypeError` for arguments of the wrong type
    (bools are not counts) and `GenerateError` when a puzzle cannot be made.
    """

_Level = Literal["easy", "medium", "hard", "expert", "extreme", "multiple", "none"]

@final
class Rating:
    """The difficulty of one puzzle for Dancing Links search (`dance rate`).

    `str()` gives the command line's line, e.g. `hard 187.5 9.5`. Ratings
    compare equal when their fields are equal, hash and pickle.
    """

    def __new__(
        cls,
        level: _Level,
        nodes: float | None = None,
        guesses: float | None = None,
        samples: int = 0,
    ) -> Rating:
        """Rebuilds a rating from its fields (as pickle does); the level must
        be the one the guesses give, and an unrated level (`"multiple"`,
        `"none"`) has no nodes, guesses or samples."""
    @property
    def level(self) -> _Level:
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
    puzzles: _Puzzles | _IntArray,
    *,
    variant: str | None = None,
    format: _Format = "auto",
    alphabet: _Alphabet = "standard",
    threads: int | None = None,
) -> list[Rating]:
    """Rates puzzles (what `solve` takes, read as `solve` reads them) for
    search difficulty, in input order; Ctrl-C stops it."""

def solve_frame(
    frame: pandas.DataFrame,
    column: str | int | None = None,
    *,
    check: str | int | None = None,
    prefix: str = "dance_",
    mode: _Mode = "first",
    limit: int | None = None,
    variant: str | None = None,
    engine: _Engine = "fast",
    alphabet: _Alphabet = "standard",
    threads: int | None = None,
    timeout: float | None = None,
    details: bool = False,
) -> pandas.DataFrame:
    """Solves a DataFrame's puzzle column; returns a copy with answer columns.

    Reads the public datasets' layouts as `pandas.read_csv` gives them
    (`quizzes,solutions`; `id,puzzle,solution,clues,difficulty`;
    `source,question,answer,rating`). `column`: the puzzle column (a label or
    0-based position; by default the first whose first value is a puzzle).
    `check`: a column of expected answers (`"mismatch"` where wrong). Adds
    `{prefix}solution` (or `{prefix}count` in count mode) and
    `{prefix}status`, and with `details=True` `{prefix}count`, `exact`,
    `nodes`, `guesses`, `micros`, `engine`. Other arguments are `solve`'s. Needs pandas.
    """

class Count(int):
    """A number of solutions: an `int` that also says whether it is exact.

    `str()` gives the command line's `92`, or `91+` when not exact. Pickles
    with its flags.
    """

    exact: bool
    """Whether the number is the exact count (False: a lower bound)."""
    timed_out: bool
    """Whether the search's timeout stopped it before the end."""

    def __new__(cls, value: int, exact: bool = True, timed_out: bool = False) -> Count: ...

@final
class Estimate:
    """Knuth's estimate of a search's size, by random probes (`dance cover
    --estimate`): nodes with their standard error, and solutions."""

    def __new__(cls, probes: int, nodes: float, nodes_error: float, solutions: float) -> Estimate:
        """Rebuilds an estimate from its fields (as pickle does)."""
    @property
    def probes(self) -> int:
        """Random paths averaged."""
    @property
    def nodes(self) -> float:
        """Estimated search-tree nodes (options tried)."""
    @property
    def nodes_error(self) -> float:
        """The standard error of `nodes`."""
    @property
    def solutions(self) -> float:
        """Estimated solutions."""

@final
class ExactCover:
    """An exact-cover problem: items, and options that are sets of items —
    or a subproblem of one, with some options selected.

    A solution covers every primary item exactly once (or within its bounds)
    and every secondary item at most once, or any number of times with one
    color. Options are numbered from 0 in the order given. Problems are
    immutable, compare equal by value and pickle; `split` makes subproblems
    whose counts add up to the whole.
    """

    def __new__(
        cls,
        items: Sequence[str],
        options: Iterable[Sequence[str] | str],
        *,
        secondary: Sequence[str] | None = None,
        bounds: Mapping[str, int | tuple[int, int]] | None = None,
        selected: Iterable[int] | None = None,
    ) -> ExactCover:
        """Builds a problem: primary `items`; `options`, each a list of entries
        or a string of entries separated by spaces (`item` or `item:color`);
        `secondary` items; `bounds` of primary items (`n` or `(min, max)`);
        `selected` options that every solution contains (a subproblem).
        Raises `ValueError` or `TypeError` naming the argument at fault."""
    @classmethod
    def parse(cls, text: str) -> ExactCover:
        """Reads Knuth's text format (DLX1/DLX2/DLX3, `dance cover`'s); raises
        `ParseError` with `line` and `column`."""
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
    @property
    def selected(self) -> list[int]:
        """The options every solution of this subproblem contains."""
    @property
    def job(self) -> str:
        """The subproblem as `dance cover --job` reads it (1-based, or `-`)."""
    def select(self, options: Iterable[int]) -> ExactCover:
        """The subproblem that also selects `options`."""
    def subproblem(self, job: str) -> ExactCover:
        """The subproblem of a job line that `dance cover --split` printed."""
    def split(
        self, depth: int | None = None, *, parts: int | None = None, seed: int | None = None
    ) -> list[ExactCover]:
        """Subproblems whose counts add up exactly to this one's: cut at
        `depth` (`dance cover --split DEPTH`), or into at least `parts` (as
        `dance cover -j` cuts, within its cost bound)."""
    def estimate(self, probes: int = 1000, *, seed: int | None = None) -> Estimate:
        """Knuth's estimate of the search, by random probes."""
    @overload
    def first(
        self, *, names: Literal[False] = False, seed: int | None = None, timeout: float | None = None
    ) -> list[int] | None:
        """The first solution as option numbers (or options' entries), or
        None; `TimeoutError` when `timeout` passes first."""
    @overload
    def first(
        self, *, names: Literal[True], seed: int | None = None, timeout: float | None = None
    ) -> list[list[str]] | None: ...
    def count(
        self,
        limit: int | None = None,
        *,
        threads: int | None = None,
        timeout: float | None = None,
        seed: int | None = None,
    ) -> Count:
        """The number of solutions (exact up to `limit`), on `threads` (the
        tree split as `dance cover -j` splits it), within `timeout`."""
    def count_memo(self, *, memory_mb: int = 1024, timeout: float | None = None) -> Count:
        """The exact number of solutions, counted by merging identical subproblems."""
    @overload
    def solutions(
        self, *, names: Literal[False] = False, seed: int | None = None
    ) -> Solutions[list[int]]:
        """A lazy iterator over the solutions; threads may share it."""
    @overload
    def solutions(self, *, names: Literal[True], seed: int | None = None) -> Solutions[list[list[str]]]: ...
    def __iter__(self) -> Solutions[list[int]]:
        """The solutions as option numbers."""

_T = TypeVar("_T")

@final
class Solutions(Iterator[_T], Generic[_T]):
    """The solutions of an `ExactCover`, found lazily; threads may share one
    iterator (each solution goes to one of them). Not picklable: it holds a
    search in progress."""

    def __iter__(self) -> Solutions[_T]: ...
    def __next__(self) -> _T: ...
