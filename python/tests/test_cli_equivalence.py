"""The package answers as the command line does, on the shipped sets."""

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

import dance
from conftest import BENCH_DATA, TEST_DATA, records


def line_answers(solutions, status, mode):
    """What `dance solve` prints per record, from `dance.solve`'s answer."""
    if mode == "unique":
        return [f"unique {s}" if st == "unique" else st for s, st in zip(solutions, status)]
    return [s if s is not None else st for s, st in zip(solutions, status)]


@pytest.mark.parametrize(
    "path, variant",
    [
        (TEST_DATA / "puzzles_9x9.txt", None),
        (TEST_DATA / "puzzles_16x16.txt", None),
        (TEST_DATA / "puzzles_jigsaw.txt", None),
        (TEST_DATA / "puzzles_x.txt", "x"),
        (BENCH_DATA / "norvig_hardest.txt", None),
        (BENCH_DATA / "top95.txt", None),
        (BENCH_DATA / "17clue_sample.txt", None),
    ],
    ids=lambda value: getattr(value, "name", str(value)),
)
@pytest.mark.parametrize("mode", ["first", "unique"])
def test_solve_matches_the_command_line(cli, path, variant, mode):
    args = ["solve", str(path)] + (["--unique"] if mode == "unique" else [])
    args += ["-x"] if variant == "x" else []
    expected = cli(*args)
    solutions, status = dance.solve(records(path), mode=mode, variant=variant)
    assert line_answers(solutions, status, mode) == expected


def test_counts_match_the_command_line_and_the_shipped_counts(cli):
    path = BENCH_DATA / "nonunique.txt"
    puzzles, counts = [], []
    for line in records(path):
        puzzle, count, _label = line.split(":", 2)
        puzzles.append(puzzle)
        counts.append(count)
    found, status = dance.solve(puzzles, mode="count", limit=1000)
    # The file writes the capped count as ">=1000".
    assert [str(n) if n < 1000 else ">=1000" for n in found] == counts
    plain = TEST_DATA / "puzzles_9x9.txt"
    expected = cli("solve", "--count", "--limit", "3", str(plain))
    found, status, details = dance.solve(records(plain), mode="count", limit=3, details=True)
    assert [f"{n}" if exact else f"{n}+" for n, exact in zip(found, details["exact"])] == expected
    assert all(st in ("unique", "multiple", "none") for st in status)


def known_counts():
    """The puzzles of tests/data/counts.txt with their known numbers of
    solutions (None: too many to count)."""
    cases, solutions = [], None
    for line in (TEST_DATA / "counts.txt").read_text().splitlines():
        if line.startswith("# solutions: "):
            word = line.split()[2]
            solutions = None if word == "many" else int(word)
        elif line.strip() and not line.startswith("#"):
            cases.append((line, solutions))
    return cases


def expected(mode, limit, n):
    """What a request must answer for a puzzle with `n` solutions (None:
    more than any limit), as `(status, count, exact)`: the table of
    `dance_dlx::request`, derived here on its own."""
    n = float("inf") if n is None else n
    verdict = "none" if n == 0 else "unique" if n == 1 else "multiple"
    if mode == "first":
        return ("none", 0, True) if n == 0 else ("solved", 1, False)
    if mode == "unique":
        return (verdict, min(n, 1), n <= 1)
    if limit is None:
        return (verdict, n, True)
    return (verdict, min(n, limit), n <= limit)


REQUESTS = [("first", None, []), ("unique", None, ["--unique"])] + [
    ("count", limit, ["--count", "--limit", str(limit)]) for limit in (1, 2, 3)
] + [("count", None, ["--count"])]


@pytest.mark.parametrize("engine", ["fast", "dlx", "dfs"])
@pytest.mark.parametrize("mode, limit, flags", REQUESTS, ids=lambda v: str(v))
def test_every_request_answers_as_the_command_line_with_the_known_counts(
    cli, tmp_path, engine, mode, limit, flags
):
    cases = [(p, n) for p, n in known_counts() if n is not None or limit is not None or mode != "count"]
    path = tmp_path / "counts.txt"
    path.write_text("".join(f"{puzzle}\n" for puzzle, _ in cases))
    lines = cli("solve", "--output", "json", "--engine", engine, *flags, str(path))
    records = [json.loads(line) for line in lines[:-1]]
    options = {"mode": mode, "engine": engine, "details": True}
    if limit is not None:
        options["limit"] = limit
    solutions, status, details = dance.solve([p for p, _ in cases], **options)
    for k, (puzzle, n) in enumerate(cases):
        record = records[k]
        answer = (status[k], details["count"][k], details["exact"][k])
        assert answer == expected(mode, limit, n), puzzle
        assert record["status"] == status[k], puzzle
        if mode == "count":
            assert (record["count"], record["complete"]) == answer[1:], puzzle
            assert solutions[k] == details["count"][k]
        else:
            assert (record["count"], record["complete"]) == (None, None), puzzle
            assert record["solution"] == (solutions[k] if status[k] in ("solved", "unique") else None)
        assert details["engine"][k] == record["engine"], puzzle


@pytest.mark.parametrize(
    "path, variant, engine, served",
    [
        (TEST_DATA / "puzzles_9x9.txt", None, "fast", "deductions"),
        (TEST_DATA / "puzzles_9x9.txt", None, "dlx", "dlx"),
        (TEST_DATA / "puzzles_jigsaw.txt", None, "fast", "kernel"),
        (BENCH_DATA / "generated9_jigsaw.txt", None, "fast", "bitboards"),
        (TEST_DATA / "puzzles_x.txt", "x", "fast", "dlx"),
    ],
    ids=lambda value: getattr(value, "name", str(value)),
)
def test_details_name_the_engine_that_served_as_the_command_line_does(
    cli, path, variant, engine, served
):
    args = ["solve", "--output", "json", "--engine", engine, str(path)]
    args += ["-x"] if variant == "x" else []
    printed = [json.loads(line)["engine"] for line in cli(*args)[:-1]]
    _, _, details = dance.solve(records(path), variant=variant, engine=engine, details=True)
    assert details["engine"] == printed == [served] * len(printed)


def test_an_array_input_names_the_engines_in_an_object_array():
    rows = np.zeros((2, 81), dtype=np.uint8)
    _, _, details = dance.solve(rows, details=True)
    assert details["engine"].dtype == object
    assert list(details["engine"]) == ["deductions"] * 2
    # Grids (n, N, N): every column has the puzzles' shape, the engines too.
    grids = np.zeros((3, 4, 4), dtype=np.int64)
    _, _, details = dance.solve(grids, details=True)
    assert details["engine"].shape == details["nodes"].shape == (3,)
    assert list(details["engine"]) == ["kernel"] * 3


@pytest.mark.parametrize(
    "name, variant",
    [
        ("x", "x"),
        ("windoku", "windoku"),
        ("windoku", "hyper"),
        ("disjoint", "disjoint"),
        ("anti-knight", "anti-knight"),
        ("anti-king", "anti-king"),
        ("non-consecutive", "non-consecutive"),
        ("jigsaw-windoku", "windoku"),
        ("x", "x,anti-king"),
    ],
)
def test_every_variant_reads_as_the_command_line_reads_it(cli, name, variant):
    path = TEST_DATA / "variants" / f"{name}.txt"
    expected = cli("solve", "--unique", "--variant", variant, str(path))
    solutions, status = dance.solve(records(path), mode="unique", variant=variant)
    assert line_answers(solutions, status, "unique") == expected
    if "," not in variant:
        shipped = (TEST_DATA / "variants" / f"{name}.solutions.txt").read_text().split("\n")
        assert expected == [line for line in shipped if line]


CTRL_C = """
import dance, sys
print("solving", flush=True)
try:
    dance.solve(["." * 81] * 2, mode="count")
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")
def test_ctrl_c_stops_a_count_that_would_never_end():
    child = subprocess.Popen(
        [sys.executable, "-c", CTRL_C], stdout=subprocess.PIPE, text=True, env=dict(os.environ)
    )
    assert child.stdout.readline().strip() == "solving"
    time.sleep(0.5)
    child.send_signal(signal.SIGINT)
    # SIGINT must stop it; the bound is generous on purpose.
    out, _ = child.communicate(timeout=60)
    assert (out.strip(), child.returncode) == ("interrupted", 3)


def test_shipped_solutions_from_an_array():
    lines = records(BENCH_DATA / "easy_with_solutions.txt")
    puzzles = np.array([[int(c) if c != "." else 0 for c in line[:81]] for line in lines])
    expected = np.array([[int(c) for c in line[82:]] for line in lines])
    solutions, status = dance.solve(puzzles, mode="unique")
    assert set(status) == {"unique"}
    assert np.array_equal(solutions, expected)


def blocks(path):
    """The records of a grid-format file: blocks between blank lines."""
    text = path.read_text()
    found = [b.strip("\n") for b in text.split("\n\n")]
    return [b for b in found if b.strip() and not b.lstrip().startswith("#")]


def test_grid_format_solutions_match_the_shipped_file():
    solutions, status = dance.solve(blocks(TEST_DATA / "puzzles_grid.txt"))
    assert set(status) == {"solved"}
    assert [s.rstrip("\n") for s in solutions] == blocks(TEST_DATA / "solutions_grid.txt")


def test_rate_matches_the_command_line(cli, tmp_path):
    path = BENCH_DATA / "top95.txt"
    assert [str(r) for r in dance.rate(records(path))] == cli("rate", str(path))
    nonunique = [line.split(":")[0] for line in records(BENCH_DATA / "nonunique.txt")]
    copy = tmp_path / "nonunique.txt"
    copy.write_text("\n".join(nonunique) + "\n")
    ratings = dance.rate(nonunique)
    assert [str(r) for r in ratings] == cli("rate", str(copy))
    assert {r.level for r in ratings} == {"multiple", "none"}
    assert all(r.nodes is None and r.guesses is None and r.samples == 0 for r in ratings)


@pytest.mark.parametrize(
    "options, args",
    [
        ({}, []),
        ({"symmetry": "rotational"}, ["--symmetry", "rotational"]),
        ({"size": 6}, ["--size", "6"]),
        ({"size": 6, "jigsaw": True}, ["--size", "6", "--jigsaw"]),
        ({"variant": "x"}, ["-x"]),
        ({"clues": 30}, ["--clues", "30"]),
    ],
)
def test_generate_matches_the_command_line(cli, options, args):
    made = dance.generate(12, seed=2024, **options)
    assert made == cli("generate", "-n", "12", "--seed", "2024", "--quiet", *args)
    assert dance.generate(12, seed=2024, threads=1, **options) == made


@pytest.mark.parametrize(
    "variant",
    [
        "x", "windoku", "hyper", "disjoint", "anti-knight", "anti-king", "non-consecutive",
        "x,anti-king", "disjoint,non-consecutive",
    ],
)
def test_every_variant_generates_and_rates_as_the_command_line(cli, tmp_path, variant):
    # Each of them once raised ValueError in generate and rate.
    made = dance.generate(1, seed=5, variant=variant)
    assert made == cli("generate", "-n", "1", "--seed", "5", "--quiet", "--variant", variant)
    puzzles = tmp_path / "made.txt"
    puzzles.write_text("\n".join(made) + "\n")
    ratings = dance.rate(made, variant=variant)
    assert [str(r) for r in ratings] == cli("rate", "--variant", variant, str(puzzles))
    assert all(r.level not in ("none", "multiple") for r in ratings)


def test_a_variant_without_a_grid_fails_as_the_command_line_does():
    # No complete grid is found for windoku with anti-knight: the reason
    # `dance generate -n 1 --seed 5 --variant windoku,anti-knight` gives.
    reason = r"puzzles\[0\]: no complete grid found in 16 searches of 331776 nodes each"
    with pytest.raises(dance.GenerateError, match=reason):
        dance.generate(1, seed=5, variant="windoku,anti-knight")


@pytest.mark.parametrize(
    "name, solutions",
    [("toy.dlx", 1), ("colored.dlx", 1), ("queens8.dlx", 92), ("queens10.dlx", 724), ("langford8.dlx", 300)],
)
def test_exact_cover_counts_match_the_command_line(cli, name, solutions):
    path = TEST_DATA / name
    cover = dance.ExactCover.parse(path.read_text())
    assert cover.count() == solutions
    assert cli("cover", str(path)) == [str(solutions)]
    assert len(list(cover.solutions())) == solutions
