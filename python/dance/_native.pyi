"""Types of `dance._native`, the compiled half of the `dance` package
(python/src/lib.rs), which `dance` re-exports."""

from types import GenericAlias
from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, Literal, TypeVar, final, overload

import numpy as np
import numpy.typing as npt

from dance._count import Count

__version__: str

__all__ = [
    "Estimate",
    "ExactCover",
    "GenerateError",
    "ParseError",
    "Rating",
    "Reduced",
    "Solutions",
    "Zdd",
    "__version__",
    "generate",
    "rate",
    "solve",
]

_IntArray = npt.NDArray[np.integer[Any]]
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

def solve(
    puzzles: _Puzzles | _IntArray,
    *,
    mode: str = "first",
    limit: int | None = None,
    variant: str | None = None,
    engine: str = "fast",
    format: str = "auto",
    alphabet: str = "standard",
    check: _Puzzles | None = None,
    threads: int | None = None,
    timeout: float | None = None,
    details: bool = False,
    errors: str = "raise",
) -> tuple[Any, ...]:
    """Solves a batch of puzzles given as a list or an `(n, N*N)` array:
    what `dance.solve` (python/dance/_shapes.py, which documents and types
    every argument and answer) calls for every kind of input."""

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
    """The difficulty of one puzzle for Algorithm X's search (`dance rate`).

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
    format: str = "auto",
    alphabet: str = "standard",
    threads: int | None = None,
) -> list[Rating]:
    """Rates puzzles given as a list or an `(n, N*N)` array: what
    `dance.rate` calls for every kind of input."""

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
    color. Options are numbered from 0 in the order given. Items are named by
    strings or by any hashable values. Problems are immutable, compare equal
    and hash by value, and pickle; `split` makes subproblems whose counts
    add up to the whole.

    The first search of a problem builds its dancing links (kept for the
    later ones) inside its `timeout`, and the build looks at the timeout and
    at Ctrl-C too.
    """

    def __new__(
        cls,
        items: Iterable[Hashable],
        options: Iterable[Iterable[Hashable] | str],
        *,
        secondary: Iterable[Hashable] | None = None,
        bounds: Mapping[Hashable, int | tuple[int, int]] | None = None,
        selected: Iterable[int] | None = None,
        costs: Iterable[int] | None = None,
    ) -> ExactCover:
        """Builds a problem: primary `items`; `options`, each a list of entries
        or a string of entries separated by spaces (`item`, `item:color`, or
        `|n` for a cost); `secondary` items; `bounds` of primary items (`n` or
        `(min, max)`); `selected` options that every solution contains (a
        subproblem); `costs`, one per option. Items named by values other than
        strings are given in options as those values (`(item, color)` for a
        color). Raises `ValueError` or `TypeError` naming the argument at
        fault."""
    @classmethod
    def from_matrix(
        cls, matrix: Any, *, primary: int | None = None, names: Iterable[Hashable] | None = None
    ) -> ExactCover:
        """A problem from a 0/1 matrix (a NumPy array of any dtype, nonzero
        an entry, or a SciPy sparse matrix): a row per option, a column per
        item; the first `primary` columns primary (default all), named by
        `names` (default the column numbers)."""
    @classmethod
    def parse(cls, text: str) -> ExactCover:
        """Reads Knuth's text format (DLX1/DLX2/DLX3, `dance cover`'s); raises
        `ParseError` with `line` and `column`."""
    def to_text(self) -> str:
        """The problem in Knuth's text format, which `parse` reads back."""
    @property
    def items(self) -> list[Any]:
        """Every item's name: primary items, then secondary ones."""
    @property
    def costs(self) -> list[int]:
        """Each option's cost (0 where none was given)."""
    def verify(self, solution: Iterable[int]) -> bool:
        """Whether the option numbers are a solution (the selected options
        among them)."""
    def best(
        self,
        k: int = 1,
        *,
        names: bool = False,
        threads: int | None = None,
        timeout: float | None = None,
    ) -> list[tuple[int, list[Any]]]:
        """The `k` cheapest solutions, cheapest first, as `(cost, solution)`
        pairs (`dance cover --best K`); `TimeoutError` with the best found
        so far in its `best` attribute when `timeout` passes first."""
    def preprocess(self) -> Reduced:
        """The problem reduced by DLX-PRE's rules, with the way back."""
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    @property
    def primary_count(self) -> int:
        """The number of primary items."""
    @property
    def option_count(self) -> int:
        """The number of options."""
    def option(self, index: int) -> list[Any]:
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
        """The first solution as option numbers in increasing order (or
        options' entries, in that order), as `sample()` and `dance cover
        --first` give them, or None; `TimeoutError` when `timeout` passes
        first."""
    @overload
    def first(
        self, *, names: Literal[True], seed: int | None = None, timeout: float | None = None
    ) -> list[list[Any]] | None: ...
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
    def zdd(
        self, *, memory_mb: int = 1024, timeout: float | None = None, seed: int | None = None
    ) -> Zdd:
        """Every solution as a ZDD (DLX6's diagram, `dance cover --zdd PATH`);
        `TimeoutError` when `timeout` passes first; problems with bounds too."""
    @overload
    def sample(
        self,
        n: int,
        *,
        seed: int | None = None,
        names: Literal[False] = False,
        memory_mb: int = 1024,
        timeout: float | None = None,
    ) -> list[list[int]]:
        """`n` solutions drawn uniformly from the ZDD, each sorted: what
        `dance cover --sample N --seed S` prints."""
    @overload
    def sample(
        self,
        n: int,
        *,
        seed: int | None = None,
        names: Literal[True],
        memory_mb: int = 1024,
        timeout: float | None = None,
    ) -> list[list[list[Any]]]: ...
    @overload
    def solutions(
        self, *, names: Literal[False] = False, seed: int | None = None
    ) -> Solutions[list[int]]:
        """A lazy iterator over the solutions, each in increasing order of
        its options (as `dance cover --all`); threads may share it."""
    @overload
    def solutions(self, *, names: Literal[True], seed: int | None = None) -> Solutions[list[list[Any]]]: ...
    def __iter__(self) -> Solutions[list[int]]:
        """The solutions as option numbers."""
    def __getnewargs_ex__(self) -> tuple[tuple[list[Any], list[list[Any]]], dict[str, Any]]:
        """The arguments that rebuild the problem (pickle's protocol 2 and later)."""

@final
class Reduced:
    """A problem reduced by DLX-PRE's rules (`ExactCover.preprocess`,
    `dance cover --preprocess`), with the way back (`--reduce`)."""

    @property
    def problem(self) -> ExactCover:
        """The reduced problem."""
    def original(self, solution: Iterable[int]) -> list[int]:
        """A solution of the reduced problem as the original problem's options."""
    @property
    def items_removed(self) -> int:
        """Items the reductions took away."""
    @property
    def options_removed(self) -> int:
        """Options the reductions took away."""
    @property
    def rounds(self) -> int:
        """Rounds of the rules until nothing more went."""

@final
class Zdd:
    """Every solution of a problem as a reduced ZDD, as Knuth's DLX6 makes it
    (`ExactCover.zdd()`, `dance cover --zdd PATH`), or read from its text
    (`Zdd.parse`); compares by its nodes and pickles as its text."""

    @classmethod
    def parse(cls, text: str) -> Zdd:
        """A diagram in DLX6's text format; `ParseError` with `line` and
        `column` for a bad line."""
    def to_text(self) -> str:
        """The diagram in DLX6's text format, as `dance cover --zdd -` writes it."""
    @property
    def count(self) -> int:
        """The number of solutions, exactly."""
    @property
    def nodes(self) -> int:
        """The nodes, sinks and root aside (`len(zdd)`)."""
    def __len__(self) -> int: ...
    def count_through(self) -> list[int]:
        """The number of solutions through each option, by option number."""
    @overload
    def solutions(self, *, names: Literal[False] = False) -> Iterator[list[int]]:
        """A lazy iterator over the solutions, each from the top of the diagram down."""
    @overload
    def solutions(self, *, names: Literal[True]) -> Iterator[list[list[Any]]]: ...
    @overload
    def sample(self, n: int, *, seed: int = 0, names: Literal[False] = False) -> list[list[int]]:
        """`n` solutions drawn uniformly, with replacement, each sorted, by a
        SplitMix64 seeded with `seed` (as `dance cover --sample N --seed S`)."""
    @overload
    def sample(self, n: int, *, seed: int = 0, names: Literal[True]) -> list[list[list[Any]]]: ...
    def __eq__(self, value: object, /) -> bool: ...

_T = TypeVar("_T")

@final
class Solutions(Iterator[_T], Generic[_T]):
    """The solutions of an `ExactCover`, found lazily; threads may share one
    iterator (each solution goes to one of them). Not picklable: it holds a
    search in progress."""

    def __iter__(self) -> Solutions[_T]: ...
    def __class_getitem__(cls, item: object) -> GenericAlias: ...
    def __next__(self) -> _T: ...
