"""Every public object pickles (so that it can go to another process: a
Dask worker, a multiprocessing pool) and compares by value — but the lazy
`Solutions`, which holds a search in progress, refuses with a clear
TypeError."""

import copy
import pickle
import threading

import pytest

import dance
from conftest import BENCH_DATA, TEST_DATA, records


def round_trip(value):
    return pickle.loads(pickle.dumps(value))


def test_exact_covers_pickle_with_colors_bounds_and_selections():
    problems = [
        dance.ExactCover.parse((TEST_DATA / name).read_text())
        for name in ("toy.dlx", "colored.dlx", "queens8.dlx", "langford8.dlx")
    ]
    problems.append(
        dance.ExactCover(
            ["A", "B", "C"],
            ["A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"],
            secondary=["X", "Y"],
            bounds={"C": (2, 3)},
        )
    )
    problems.append(dance.ExactCover([], []))
    for problem in problems:
        again = round_trip(problem)
        assert again == problem and again is not problem
        assert again.items == problem.items and again.count() == problem.count()
    queens = problems[2]
    part = queens.select([0, 10])
    assert round_trip(part) == part and round_trip(part).selected == [0, 10]
    assert part != queens and round_trip(part).count() == part.count()
    assert copy.deepcopy(part) == part


def test_answers_pickle():
    # The Dask failure: "Could not serialize object of type Rating".
    ratings = dance.rate(records(BENCH_DATA / "top95.txt")[:5] + ["." * 81])
    assert round_trip(ratings) == ratings
    assert [str(r) for r in round_trip(ratings)] == [str(r) for r in ratings]
    queens = dance.ExactCover.parse((TEST_DATA / "queens8.dlx").read_text())
    counts = [queens.count(), queens.count(limit=10), queens.count_memo()]
    for count in counts:
        again = round_trip(count)
        assert (type(again), again, again.exact, again.timed_out) == (
            dance.Count, count, count.exact, count.timed_out)
    estimate = queens.estimate(100, seed=3)
    assert round_trip(estimate) == estimate
    solved = dance.solve(records(BENCH_DATA / "top95.txt")[:3], details=True)
    assert round_trip(solved) == solved


def test_ratings_compare_by_value():
    first, second = dance.rate(records(BENCH_DATA / "top95.txt")[:2])
    assert first == dance.rate(records(BENCH_DATA / "top95.txt")[:1])[0]
    assert first != second and len({first, second, round_trip(first)}) == 2
    rebuilt = dance.Rating(first.level, first.nodes, first.guesses, first.samples)
    assert rebuilt == first and str(rebuilt) == str(first)
    assert dance.Rating("multiple") == dance.rate(["." * 81])[0]
    with pytest.raises(ValueError, match="level: .* guesses on average make"):
        dance.Rating("easy", first.nodes, first.guesses, first.samples)
    with pytest.raises(ValueError, match='level: unknown level "hardest"'):
        dance.Rating("hardest")


def test_solutions_refuse_to_pickle_and_say_why():
    queens = dance.ExactCover.parse((TEST_DATA / "queens8.dlx").read_text())
    with pytest.raises(TypeError, match="cannot pickle a dance.Solutions iterator: it holds a search"):
        pickle.dumps(queens.solutions())
    with pytest.raises(TypeError, match="pickle the ExactCover"):
        copy.copy(iter(queens))


def test_two_threads_share_one_solutions_iterator():
    # Before: RuntimeError: Already mutably borrowed.
    queens = dance.ExactCover.parse((BENCH_DATA / "queens13.dlx").read_text())
    shared = queens.solutions()
    found = [[], [], [], []]
    errors = []

    def take(k):
        try:
            for solution in shared:
                found[k].append(tuple(sorted(solution)))
        except Exception as error:  # noqa: BLE001 - the test reports any
            errors.append(error)

    workers = [threading.Thread(target=take, args=(k,)) for k in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == []
    every = [solution for part in found for solution in part]
    # Each solution went to exactly one thread, and none was lost.
    assert len(every) == 73712 == len(set(every))
    assert sum(1 for part in found if part) >= 2
    assert next(shared, None) is None
