"""Every kind of input `dance.solve` and `dance.rate` take, answered in the
same kind: `(n, N*N)`, `(n, N, N)` and `(N*N,)` arrays, pandas Series (with
their index), lists of strings and of Kaggle-style ints; and the arguments
that come in more than one form (`variant` as a list, `threads` beyond the
cores)."""

import inspect
import warnings

import numpy as np
import pytest

import dance
from conftest import BENCH_DATA, records

TOP95 = records(BENCH_DATA / "top95.txt")[:6]
GRIDS = np.array([[int(c) if c.isdigit() else 0 for c in p] for p in TOP95], dtype=np.uint8)


def test_grids_of_n_rows_answer_in_the_same_shape():
    flat, flat_status = dance.solve(GRIDS)
    grids, status = dance.solve(GRIDS.reshape(-1, 9, 9))
    assert grids.shape == (len(TOP95), 9, 9) and grids.dtype == np.uint8
    assert status == flat_status
    assert (grids.reshape(-1, 81) == flat).all()
    counts, status, details = dance.solve(GRIDS.reshape(-1, 9, 9), mode="count", limit=2, details=True)
    assert counts.shape == (len(TOP95),) and counts.dtype == np.uint64
    assert status == ["unique"] * len(TOP95)
    assert details["nodes"].shape == (len(TOP95),)


def test_a_single_puzzle_as_a_row():
    solution, status = dance.solve(GRIDS[0])
    assert solution.shape == (81,) and status == ["solved"]
    assert (solution == dance.solve(GRIDS[:1])[0][0]).all()
    count, status = dance.solve(GRIDS[0], mode="count")
    assert count.shape == () and int(count) == 1 and status == ["unique"]
    assert [str(r) for r in dance.rate(GRIDS[0])] == [str(r) for r in dance.rate(TOP95[:1])]


def test_other_sizes_as_grids():
    four = np.array([[[1, 0, 0, 0], [0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]]], dtype=np.int64)
    counts, status = dance.solve(four, mode="count")
    assert counts.tolist() == [int(c) for c in dance.solve(four.reshape(1, 16), mode="count")[0]]
    assert status == dance.solve(four.reshape(1, 16), mode="count")[1]


def test_a_series_answers_with_its_index():
    pd = pytest.importorskip("pandas")
    series = pd.Series(TOP95[:3] + ["." * 81], index=["a", "b", "c", "d"], name="quizzes")
    solutions, status = dance.solve(series)
    assert list(solutions.index) == ["a", "b", "c", "d"] and solutions.name == "quizzes"
    assert solutions.tolist() == dance.solve(list(series))[0]
    assert list(status.index) == list(series.index)
    assert status.tolist() == ["solved"] * 4
    counts, status = dance.solve(series, mode="count", limit=1)
    assert counts.dtype == np.uint64 and counts["d"] == 1 and status["d"] == "multiple"
    _, _, details = dance.solve(series, details=True)
    assert list(details["nodes"].index) == list(series.index)
    ratings = dance.rate(series[:2])
    assert list(ratings.index) == ["a", "b"]
    assert [str(r) for r in ratings] == [str(r) for r in dance.rate(TOP95[:2])]


def test_ints_are_puzzles_only_where_they_can_be_one():
    # 17 givens at the end of the grid: a 17-digit int, the shortest puzzle.
    digits = "0" * 64 + "12345678912345678"
    assert dance.solve([int(digits)])[1] == dance.solve([digits])[1]
    for number in (0, 5, 12345, 10**15):
        with pytest.raises(ValueError, match="is not a 9x9 puzzle"):
            dance.solve([number])


def test_variant_as_a_list_of_names():
    x = records(BENCH_DATA / "generated_x.txt")[:3]
    assert dance.solve(x, variant=["x"]) == dance.solve(x, variant="x")
    with pytest.raises(TypeError, match=r"variant\[0\]: expected a str"):
        dance.solve(x, variant=[1])
    with pytest.raises(TypeError, match="variant: expected a str or a list of str"):
        dance.solve(x, variant=5)


def test_threads_far_beyond_the_cores_warn():
    with pytest.warns(RuntimeWarning, match="more than 4 times this machine's"):
        dance.solve(TOP95[:1], threads=1024)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dance.solve(TOP95[:1], threads=1)


def test_signatures_show_the_defaults_none_stands_for():
    defaults = {
        name: parameter.default
        for name, parameter in inspect.signature(dance.generate).parameters.items()
    }
    assert (defaults["size"], defaults["seed"], defaults["attempts"]) == (9, 0, 100)
    # The default is what None gives.
    assert dance.generate(2, seed=0, attempts=100) == dance.generate(2)
    assert inspect.signature(dance.ExactCover.estimate).parameters["probes"].default == 1000
    assert inspect.signature(dance.ExactCover.count_memo).parameters["memory_mb"].default == 1024
    assert inspect.signature(dance.Rating).parameters["samples"].default == 0


def test_solutions_is_generic_at_run_time():
    alias = dance.Solutions[list[int]]
    assert alias.__origin__ is dance.Solutions
