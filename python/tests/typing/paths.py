"""What a type checker says `dance.solve` and `dance.rate` return for each
kind of input, and what they return at run time: `mypy --strict` checks the
`assert_type` lines (python/tests/typecheck.py), pytest runs the file
(test_typing.py) so that the asserts below check the values."""

from typing import Any, Literal, assert_type

import numpy as np
import numpy.typing as npt
import pandas as pd


import dance

_Status = Literal["solved", "unique", "multiple", "none", "timeout", "mismatch", "error"]
PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

# NumPy in, NumPy out, in the input's dtype; counts as uint64.
grids = np.zeros((3, 81), np.uint8)
solved, status = dance.solve(grids)
assert_type(solved, npt.NDArray[np.uint8])
assert_type(status, list[_Status])
assert solved.dtype == np.uint8 and solved.shape == (3, 81)
counts, status = dance.solve(grids, mode="count", limit=5)
assert_type(counts, npt.NDArray[np.uint64])
assert int(counts.sum()) == 15
solved, status, array_details = dance.solve(grids.reshape(3, 9, 9), details=True)
assert_type(array_details["nodes"], npt.NDArray[np.uint64])
assert solved.shape == (3, 9, 9)

# A list in, lists out.
texts, status = dance.solve([PUZZLE], mode="unique")
assert_type(texts, list[str | None])
assert texts[0] is not None and status == ["unique"]
numbers, status = dance.solve([PUZZLE], mode="count")
assert_type(numbers, list[int])
assert sum(numbers) == 1
texts, status, list_details = dance.solve([PUZZLE], details=True)
assert_type(list_details["micros"], list[float])
# A puzzle that cannot be read, kept: its message, and no engine.
texts, status, list_details = dance.solve([PUZZLE, "?"], details=True, errors="status")
assert_type(list_details["error"], list[str | None])
assert_type(list_details["engine"], list[str | None])
assert status == ["solved", "error"] and list_details["error"][0] is None

# A Series in, Series out with its index.
series = pd.Series([PUZZLE, PUZZLE], index=["a", "b"])
by_label, series_status = dance.solve(series)
assert_type(by_label, "pd.Series[Any]")
assert_type(series_status, "pd.Series[str]")
assert list(by_label.index) == ["a", "b"]
series_counts, series_status = dance.solve(series, mode="count")
assert_type(series_counts, "pd.Series[int]")
assert int(series_counts.sum()) == 2

# A mode known only at run time: the answer's kind is not known either.
mode: str = "count"
anything, unknown_status = dance.solve([PUZZLE], mode=mode)
assert_type(anything, Any)
assert anything == [1]

# Ratings.
assert_type(dance.rate([PUZZLE]), list[dance.Rating])
assert_type(dance.rate(series), "pd.Series[Any]")
