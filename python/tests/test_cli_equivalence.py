"""The package answers as the command line does, on the shipped sets."""

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
    found, status = dance.solve(records(plain), mode="count", limit=3)
    assert [f"{n}+" if n == 3 else str(n) for n in found] == expected
    assert all(st in ("unique", "multiple", "none", "solved") for st in status)


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
    "name, solutions",
    [("toy.dlx", 1), ("colored.dlx", 1), ("queens8.dlx", 92), ("queens10.dlx", 724), ("langford8.dlx", 300)],
)
def test_exact_cover_counts_match_the_command_line(cli, name, solutions):
    path = TEST_DATA / name
    cover = dance.ExactCover.parse(path.read_text())
    assert cover.count() == solutions
    assert cli("cover", str(path)) == [str(solutions)]
    assert len(list(cover.solutions())) == solutions
