"""Big batches from NumPy, any number of threads, and the GIL released
while searching."""

import os
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import dance
from conftest import BENCH_DATA, records


def load(path, count=None):
    lines = records(path)[:count]
    array = np.frombuffer("".join(lines).replace(".", "0").encode(), dtype=np.uint8) - ord("0")
    return lines, array.reshape(len(lines), 81)


def check_solutions(puzzles, solutions):
    """Every row a valid grid that keeps its puzzle's givens."""
    grids = solutions.reshape(-1, 9, 9)
    boxes = grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    digits = np.arange(1, 10)
    for units in (grids, grids.transpose(0, 2, 1), boxes):
        assert (np.sort(units, axis=2) == digits).all()
    assert ((puzzles == 0) | (puzzles == solutions)).all()


def test_a_10000_puzzle_batch_from_a_numpy_array(cli, tmp_path):
    lines, puzzles = load(BENCH_DATA / "17clue.txt", 10_000)
    assert puzzles.shape == (10_000, 81)
    solutions, status = dance.solve(puzzles, mode="unique")
    assert status == ["unique"] * 10_000
    assert solutions.shape == (10_000, 81) and solutions.dtype == np.uint8
    check_solutions(puzzles, solutions)
    copy = tmp_path / "17clue_10000.txt"
    copy.write_text("\n".join(lines) + "\n")
    expected = [line.removeprefix("unique ") for line in cli("solve", "--unique", str(copy))]
    as_text = ["".join(map(str, row)) for row in solutions]
    assert as_text == expected


@pytest.mark.parametrize("mode", ["first", "unique", "count"])
def test_every_thread_count_gives_the_same_answers(mode):
    _, puzzles = load(BENCH_DATA / "17clue_sample.txt")
    mixed = np.vstack([puzzles, np.zeros((3, 81), dtype=np.uint8)])
    mixed[-1, :2] = 5  # two 5s in a row: no solution
    limit = 2 if mode == "count" else None
    one = dance.solve(mixed, mode=mode, limit=limit, threads=1)
    for threads in (2, 3, 8, None):
        answer = dance.solve(mixed, mode=mode, limit=limit, threads=threads)
        assert np.array_equal(answer[0], one[0]) and answer[1] == one[1], threads
    texts = records(BENCH_DATA / "top95.txt")
    assert dance.solve(texts, threads=1) == dance.solve(texts, threads=4)
    assert [str(r) for r in dance.rate(texts, threads=1)] == [str(r) for r in dance.rate(texts, threads=3)]
    assert dance.generate(16, seed=9, threads=1) == dance.generate(16, seed=9, threads=3)


def runs_alongside(work):
    """How many times this thread got to run while `work` ran on another
    one: close to zero when `work` holds the GIL."""
    worker = threading.Thread(target=work)
    worker.start()
    turns = 0
    while worker.is_alive():
        turns += 1
        time.sleep(0.0005)
    worker.join()
    return turns


def test_the_gil_is_released_while_searching():
    _, puzzles = load(BENCH_DATA / "17clue.txt")
    assert runs_alongside(lambda: dance.solve(puzzles, threads=1)) > 20
    queens = dance.ExactCover.parse((BENCH_DATA / "queens13.dlx").read_text())
    assert runs_alongside(lambda: queens.count()) > 20


def test_python_threads_can_solve_at_once():
    _, puzzles = load(BENCH_DATA / "17clue_sample.txt")
    expected = dance.solve(puzzles)
    answers = [None] * 4

    def work(k):
        answers[k] = dance.solve(puzzles, threads=1)

    workers = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    for answer in answers:
        assert np.array_equal(answer[0], expected[0]) and answer[1] == expected[1]


def test_one_thread_calls_from_python_threads_do_not_wait_for_each_other():
    # A count of every grid (an empty puzzle) runs until its timeout on one
    # thread; a small batch on one thread, asked meanwhile from another
    # Python thread, ends first (a Dask worker runs its tasks that way).
    _, puzzles = load(BENCH_DATA / "17clue_sample.txt")
    long_call = threading.Thread(
        target=lambda: dance.solve(["." * 81], mode="count", timeout=3, threads=1)
    )
    long_call.start()
    time.sleep(0.3)
    solutions, status = dance.solve(puzzles, threads=1)
    assert long_call.is_alive()
    long_call.join()
    assert status == ["solved"] * len(puzzles)
    check_solutions(puzzles, solutions)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="lists threads in /proc")
def test_each_thread_count_keeps_its_pool():
    # Each call once built a new pool (570 µs a call against 24 µs): the
    # threads of a count's pool are the same ones on every call.
    texts = records(BENCH_DATA / "top95.txt")[:4]
    for threads in (2, 3):
        dance.solve(texts, threads=threads)
    started = set(os.listdir("/proc/self/task"))
    for _ in range(20):
        for threads in (2, 3):
            dance.solve(texts, threads=threads)
            dance.rate(texts[:1], threads=threads)
    assert set(os.listdir("/proc/self/task")) <= started
