"""Batch Sudoku solving, generation and exact cover with Dancing Links.

`solve`, `generate` and `rate` work on many puzzles at once, on all cores,
with the GIL released — from lists of strings, pandas Series (and, with
`solve_frame`, DataFrames of the public datasets' layouts) or NumPy arrays;
`ExactCover` is Knuth's Algorithms X, C and M on any exact-cover problem,
split into subproblems that pickle, so that a count runs across processes
or machines. `dance.dask` (the `dask` extra) runs both on a Dask cluster.

The distribution is `dance-exact-cover` (`pip install "./python[pandas,dask]"`);
the import name is `dance`.
"""

# NumPy first: the compiled module looks NumPy's C API up on its first
# array, which must not be where an import (or a Ctrl-C during one) happens.
import numpy as _numpy  # noqa: F401

from dance._count import Count
from dance._frames import solve_frame
from dance._native import (
    Estimate,
    ExactCover,
    GenerateError,
    ParseError,
    Rating,
    Reduced,
    Solutions,
    Zdd,
    __version__,
    generate,
)
from dance._shapes import rate, solve

__all__ = [
    "Count",
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
    "solve_frame",
]
