"""NumPy arrays and strings in and out: the same puzzles give the same
answers, in the input's kind, format and dtype."""

import numpy as np
import pytest

import dance
from conftest import BENCH_DATA, TEST_DATA, records


def to_array(lines, dtype=np.int64):
    return np.array([[0 if c == "." else int(c, 36) for c in line] for line in lines], dtype=dtype)


def to_strings(array):
    return ["".join(np.base_repr(int(v), 36) if v else "." for v in row) for row in array]


@pytest.mark.parametrize(
    "dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64]
)
def test_every_integer_dtype_gives_the_same_solutions_in_that_dtype(dtype):
    lines = records(BENCH_DATA / "top95.txt")
    from_strings, string_status = dance.solve(lines)
    solutions, status = dance.solve(to_array(lines, dtype))
    assert solutions.dtype == dtype and solutions.shape == (95, 81)
    assert status == string_status
    assert to_strings(solutions) == from_strings


def test_array_puzzles_round_trip_through_strings():
    lines = records(BENCH_DATA / "17clue_sample.txt")[:500]
    array = to_array(lines, np.uint8)
    assert to_strings(array) == lines
    assert np.array_equal(to_array(to_strings(array), np.uint8), array)
    solved, _ = dance.solve(array)
    # A solution is a puzzle with every cell given: it solves to itself.
    again, status = dance.solve(solved, mode="unique")
    assert set(status) == {"unique"} and np.array_equal(again, solved)
    # And the givens are kept.
    assert np.all((array == 0) | (solved == array))


def test_sixteen_by_sixteen_arrays():
    lines = records(TEST_DATA / "puzzles_16x16.txt")
    expected = records(TEST_DATA / "solutions_16x16.txt")
    solutions, status = dance.solve(to_array(lines, np.uint8))
    assert set(status) == {"solved"}
    assert to_strings(solutions) == expected


def test_an_array_row_without_a_solution_is_zeros():
    clash = "11" + "." * 79
    solutions, status = dance.solve(to_array([clash, "." * 81]), mode="first")
    assert status == ["none", "solved"]
    assert not solutions[0].any() and solutions[1].all()
    counts, status = dance.solve(to_array([clash]), mode="count")
    assert counts.dtype == np.uint64 and counts.tolist() == [0] and status == ["none"]


def test_strings_in_every_format_come_back_in_their_format():
    line = records(BENCH_DATA / "norvig_hardest.txt")[0]
    grid = "\n".join(" ".join(line[r * 9 : r * 9 + 9]) for r in range(9))
    jigsaw = records(TEST_DATA / "puzzles_jigsaw.txt")[0]
    (from_line, from_grid, from_jigsaw), status = dance.solve([line, grid, jigsaw])
    assert status == ["solved"] * 3
    assert len(from_line) == 81 and "\n" not in from_line
    assert "|" in from_grid and from_grid.count("\n") >= 9
    assert "".join(c for c in from_grid if c.isdigit()) == from_line
    # A jigsaw's solution carries its region map, so it reads back as the same shape.
    digits, regions = from_jigsaw.split()
    assert len(digits) == 36 and regions == jigsaw.split()[1]
    assert dance.solve([from_jigsaw]) == ([from_jigsaw], ["solved"])


def test_generated_puzzles_solve_uniquely_and_rate():
    for options in [{}, {"size": 6, "box": (2, 3)}, {"size": 12, "box": (2, 6), "clues": 100},
                    {"jigsaw": True, "size": 7}, {"variant": "x"}, {"symmetry": "diagonal"}]:
        made = dance.generate(5, seed=11, **options)
        variant = options.get("variant")
        _, status = dance.solve(made, mode="unique", variant=variant)
        assert status == ["unique"] * 5, options
        ratings = dance.rate(made, variant=variant)
        assert all(r.level in ("easy", "medium", "hard", "expert", "extreme") for r in ratings)
        assert all(r.samples == 8 and r.nodes >= r.guesses >= 0 for r in ratings)


def test_exact_cover_text_round_trip():
    text = (TEST_DATA / "colored.dlx").read_text()
    cover = dance.ExactCover.parse(text)
    again = dance.ExactCover.parse(cover.to_text())
    assert again.items == cover.items
    assert [again.option(k) for k in range(again.option_count)] == [
        cover.option(k) for k in range(cover.option_count)
    ]
    assert list(again.solutions(names=True)) == list(cover.solutions(names=True))
    built = dance.ExactCover(
        ["p", "q", "r"],
        [cover.option(k) for k in range(cover.option_count)],
        secondary=["x", "y"],
    )
    assert built.to_text() == cover.to_text()
