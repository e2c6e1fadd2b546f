"""Every input format the command line reads, read by the package the same
way: line, grid, rows of numbers, POJ, pencilmark, jigsaw maps, the hex and
letters alphabets, CSV through pandas and Kaggle-style integers — answers
written as the command line writes them."""

import numpy as np
import pytest

import dance
from conftest import BENCH_DATA, TEST_DATA, records


def poj_puzzles(path):
    """Each puzzle of a POJ file as a POJ text of its own: `1`, then its rows."""
    rows = [line.strip() for line in path.read_text().splitlines()[1:] if line.strip()]
    return ["1\n" + "\n".join(rows[k : k + 9]) + "\n" for k in range(0, len(rows), 9)]


def test_poj_puzzles_solve_as_the_command_line_prints_them(cli):
    path = TEST_DATA / "puzzles_poj.txt"
    puzzles = poj_puzzles(path)
    solutions, status = dance.solve(puzzles)
    assert set(status) == {"solved"}
    # POJ's expected output: 9 rows of 9 digits per solution.
    assert "".join(solutions).splitlines() == cli("solve", str(path))
    assert "".join(solutions) == (TEST_DATA / "solutions_poj.txt").read_text()
    assert dance.solve(puzzles, format="poj") == (solutions, status)


def test_a_poj_text_with_more_puzzles_than_one_is_located():
    text = (TEST_DATA / "puzzles_poj.txt").read_text()
    with pytest.raises(dance.ParseError) as caught:
        dance.solve([text])
    # The count line says 4; a string holds one puzzle: the second is refused.
    assert (caught.value.index, caught.value.line) == (0, 11)
    assert "unexpected second puzzle" in caught.value.reason


def test_pencilmark_puzzles_solve_as_the_command_line(cli):
    path = TEST_DATA / "pencilmark.txt"
    solutions, status = dance.solve(records(path), mode="unique")
    expected = cli("solve", "--unique", str(path))
    assert [f"unique {s}" if st == "unique" else st for s, st in zip(solutions, status)] == expected
    assert dance.solve(records(path), mode="unique", format="pencilmark") == (solutions, status)
    ratings = dance.rate(records(path))
    assert [str(r) for r in ratings] == cli("rate", str(path))


def to_hex(line):
    """A 16x16 line puzzle written 1-9A-G, in the hex alphabet (0-F)."""
    return "".join(c if c == "." else "0123456789ABCDEF"[int(c, 17) - 1] for c in line)


def to_letters(line):
    """A line puzzle written 1-9 then A-P, in the letters alphabet (A for 1)."""
    return "".join(c if c == "." else chr(ord("A") + int(c, 36) - 1) for c in line)


@pytest.mark.parametrize(
    "alphabet, respell, refused",
    [
        # Read in the standard alphabet, 0 is nothing at 16x16.
        ("hex", to_hex, "unexpected character '0'.*--alphabet hex"),
        # And H-P are digits too large: the error names the alphabet.
        ("letters", to_letters, "out of range for size 16.*--alphabet letters"),
    ],
)
def test_other_alphabets_solve_as_the_command_line(cli, tmp_path, alphabet, respell, refused):
    lines = [respell(line) for line in records(TEST_DATA / "puzzles_16x16.txt")]
    path = tmp_path / f"{alphabet}.txt"
    path.write_text("\n".join(lines) + "\n")
    solutions, status = dance.solve(lines, alphabet=alphabet)
    assert set(status) == {"solved"}
    assert solutions == cli("solve", "--alphabet", alphabet, str(path))
    # The solutions are the standard ones, respelled.
    standard, _ = dance.solve(records(TEST_DATA / "puzzles_16x16.txt"))
    assert solutions == [respell(s) for s in standard]
    assert [str(r) for r in dance.rate(lines, alphabet=alphabet)] == cli(
        "rate", "--alphabet", alphabet, str(path)
    )
    with pytest.raises(dance.ParseError, match=refused):
        dance.solve(lines)


def test_jigsaw_and_grid_formats_keep_their_shape(cli):
    path = TEST_DATA / "jigsaw3.txt"
    solutions, status = dance.solve(records(path), mode="unique")
    expected = cli("solve", "--unique", str(path))
    assert [f"unique {s}" if st == "unique" else st for s, st in zip(solutions, status)] == expected
    # A jigsaw solution carries its map, so it reads back as the same puzzle.
    solved = [s for s in solutions if s is not None]
    assert dance.solve(solved, mode="unique")[0] == solved
    grid = (TEST_DATA / "grid.txt").read_text()
    solution, status = dance.solve([grid], format="grid")
    assert status == ["solved"] and "|" in solution[0] and solution[0].count("\n") == 11


def test_kaggle_integers_are_9x9_puzzles_with_their_leading_blanks():
    line = records(BENCH_DATA / "17clue_sample.txt")[0].replace(".", "0")
    number = int(line)
    assert len(str(number)) < 81  # the leading zeros are lost in an int
    assert dance.solve([number]) == dance.solve([line])
    # NumPy's integers are ints too; one of fewer than 17 digits is no puzzle
    # (an id, a count), not the empty grid.
    few = 123456789123456789
    assert dance.solve([np.uint64(few)]) == dance.solve([f"{few:081d}"])
    with pytest.raises(ValueError, match=r"puzzles\[0\]: the int 0 is not a 9x9 puzzle"):
        dance.solve([np.uint64(0)])
    with pytest.raises(ValueError, match=r"puzzles\[0\]: the int 1{82} is not a 9x9 puzzle"):
        dance.solve([int("1" * 82)])
    with pytest.raises(ValueError, match=r"puzzles\[1\]: the int -5 is not a 9x9 puzzle"):
        dance.solve([line, -5])


def test_a_one_dimensional_string_array_is_a_list_of_puzzles():
    lines = records(BENCH_DATA / "top95.txt")[:5]
    assert dance.solve(np.array(lines)) == dance.solve(lines)
    assert dance.solve(np.array(lines, dtype=object)) == dance.solve(lines)


def test_a_big_endian_array_is_read_not_refused():
    lines = records(BENCH_DATA / "top95.txt")[:20]
    native = np.array([[0 if c == "." else int(c) for c in line] for line in lines], dtype=np.int32)
    # The exact call of the issue: an array of '>i4' was refused.
    swapped = native.astype(">i4")
    solutions, status = dance.solve(swapped)
    expected = dance.solve(native)
    assert np.array_equal(solutions, expected[0]) and status == expected[1]
    assert [str(r) for r in dance.rate(swapped)] == [str(r) for r in dance.rate(native)]
    # A view with steps (every other row) reads as well.
    assert dance.solve(native[::2])[1] == expected[1][::2]


def test_rows_of_numbers_solve_as_the_command_line(cli):
    path = TEST_DATA / "numbers_16x16.txt"
    text = path.read_text()
    puzzles = [record for record in text.split("\n\n") if record.strip()]
    assert len(puzzles) == 3
    solutions, status = dance.solve(puzzles)
    assert set(status) == {"solved"}
    # Answered in rows of numbers, as the command line answers the file.
    assert "".join(solutions).splitlines() == [row for row in cli("solve", str(path)) if row]
    assert dance.solve(puzzles, format="numbers") == (solutions, status)
    lines, _ = dance.solve(records(TEST_DATA / "puzzles_16x16.txt"))
    assert [" ".join(s.split()) for s in solutions] == [
        " ".join(str(int(c, 36)) for c in line) for line in lines
    ]
    with pytest.raises(dance.ParseError) as caught:
        dance.solve([puzzles[1].replace(" 0 ", "17 ", 1)])
    assert "expected a number 1-16" in caught.value.reason

