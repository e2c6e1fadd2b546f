"""Every way to call the package wrongly gets a clear Python exception,
raised before any work starts — or, with `errors="status"`, a puzzle that
cannot be read gets the status `error` and its message, and the batch goes
on."""

import math
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

import dance
from conftest import ROOT, TEST_DATA, records

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


@pytest.mark.parametrize(
    "text, index, line, column, reason",
    [
        (EASY[:80] + "?", 1, 1, 81, "unexpected character '?'"),
        ("123", 1, 1, 4, "expected N*N cells"),
        ("", 1, 1, 1, "no puzzle found"),
        (EASY + "\n" + EASY, 1, 2, 1, "unexpected second puzzle"),
        ("1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4", 1, 4, 8, "row has 3 cells, expected 4"),
        (EASY[:80] + "A", 1, 1, 81, "'A' is not a digit of size 9"),
        (EASY[:80] + "x", 1, 1, 81, "expected a digit 1-9 or a blank"),
        (EASY.replace(".", "0").lstrip("0"), 1, 1, 80, "leading zeros lost? read the column as strings"),
    ],
)
def test_parse_errors_carry_index_line_and_column(text, index, line, column, reason):
    with pytest.raises(dance.ParseError) as caught:
        dance.solve([EASY, text])
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.index, error.line, error.column) == (index, line, column)
    assert reason in error.reason
    assert str(error).startswith(f"puzzles[{index}]:{line}:{column}: ")
    with pytest.raises(dance.ParseError):
        dance.rate([text])


@pytest.mark.parametrize(
    "puzzles, kind, words",
    [
        (42, TypeError, "list of strings or a NumPy integer array"),
        ([EASY, 7.5], TypeError, "puzzles[1]: expected a str or an int, found float"),
        ([EASY, b"1"], TypeError, "puzzles[1]: expected a str or an int, found bytes"),
        (EASY, TypeError, "found one str"),
        (np.zeros((2, 81), dtype=np.float64), TypeError, "array of integers"),
        (np.zeros((1, 1, 9, 9), dtype=np.int64), ValueError, "(n, N*N), (n, N, N) or (N*N,)"),
        (np.zeros((1, 9, 8), dtype=np.int64), ValueError, "found shape (1, 9, 8)"),
        (np.zeros(80, dtype=np.int64), ValueError, "found 80"),
        ([np.zeros(81, dtype=np.int64)], TypeError, "found a NumPy array"),
        ([5], ValueError, "the int 5 is not a 9x9 puzzle"),
        ([12345], ValueError, "17 to"),
        (np.zeros((1, 80), dtype=np.int64), ValueError, "found 80"),
        (np.zeros((1, 49), dtype=np.int64), ValueError, "size 7 has no box shape"),
        (np.full((2, 81), 10), ValueError, "puzzles[0, 0]: value 10 is out of range"),
        (np.array([[0] * 80 + [-1]]), ValueError, "puzzles[0, 80]: value -1"),
    ],
)
def test_wrong_inputs(puzzles, kind, words):
    with pytest.raises(kind, match=None) as caught:
        dance.solve(puzzles)
    assert words in str(caught.value)
    with pytest.raises(kind):
        dance.rate(puzzles)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"mode": "all"}, 'mode: unknown mode "all"'),
        ({"format": "json"}, 'format: unknown format "json"'),
        ({"alphabet": "roman"}, 'alphabet: unknown alphabet "roman"'),
        ({"limit": 5}, "limit: applies to mode=\"count\" only"),
        ({"mode": "count", "limit": 0}, "limit: expected a count of at least 1, found 0"),
        ({"threads": -2}, "threads: expected a number of threads from 0 (one per core) to 1024, found `-2`"),
        # The command line's cap: 10**6 once started 11,000 threads.
        ({"threads": 10**6}, "to 1024, found `1000000`"),
        ({"threads": 2**40}, "to 1024, found `1099511627776`"),
        ({"threads": 2**70}, "found `1180591620717411303424`"),
        ({"timeout": 0}, "timeout: expected a number of seconds above 0, found 0"),
        ({"timeout": -1.5}, "timeout: expected a number of seconds above 0, found -1.5"),
        ({"timeout": math.nan}, "timeout: expected a number of seconds above 0, found NaN"),
        ({"variant": "killer"}, "variant: unknown variant `killer`"),
        ({"engine": "bands"}, "engine: unknown engine `bands`; expected fast, dlx or dfs"),
    ],
)
def test_wrong_options(options, words):
    with pytest.raises(ValueError) as caught:
        dance.solve([EASY], **options)
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"threads": True}, "threads: expected an int, found bool"),
        ({"threads": 2.5}, "threads: expected an int, found float"),
        ({"mode": "count", "limit": True}, "limit: expected an int, found bool"),
        ({"timeout": True}, "timeout: expected a number of seconds, found bool"),
        ({"timeout": "1"}, "timeout: expected a number of seconds, found str"),
    ],
)
def test_wrong_kinds_of_options(options, words):
    with pytest.raises(TypeError) as caught:
        dance.solve([EASY], **options)
    assert words in str(caught.value)


def test_options_read_as_the_command_line_reads_them():
    # 0 threads is one per core; infinity is no timeout; a limit past 64
    # bits counts every solution; NumPy integers are integers.
    assert dance.solve([EASY], threads=0)[1] == ["solved"]
    assert dance.solve([EASY], threads=np.int64(3))[1] == ["solved"]
    assert dance.solve([EASY], timeout=float("inf"))[1] == ["solved"]
    assert dance.solve([EASY], mode="count", limit=2**70) == ([1], ["unique"])


def test_a_timeout_is_a_status_not_an_error():
    counts, status = dance.solve(["." * 81, EASY], mode="count", timeout=0.01)
    assert status == ["timeout", "unique"]
    assert counts[1] == 1


@pytest.mark.parametrize(
    "options, words",
    [
        ({"size": 0}, "size: expected an int from 1 to 25, found 0"),
        ({"size": 26}, "size: expected an int from 1 to 25, found 26"),
        ({"size": 7}, "size: 7 has no box shape; jigsaw=True"),
        ({"size": 9, "box": (2, 3)}, "box: 2x3 makes size 6, not 9"),
        ({"size": 6, "box": (3, 2)}, "box: 3x2"),
        ({"size": 6, "box": (2, 3), "jigsaw": True}, "box: a box shape and jigsaw=True exclude each other"),
        ({"symmetry": "spiral"}, 'symmetry: unknown symmetry "spiral"'),
        # The command line refuses --attempts 0; so does Python.
        ({"attempts": 0}, "attempts: expected an int from 1 to 4294967295, found 0"),
        ({"attempts": -1}, "attempts: expected an int from 1"),
        ({"seed": -1}, "seed: expected an int from 0 to 2**64 - 1, found -1"),
        ({"seed": 2**64}, "seed: expected an int from 0 to 2**64 - 1, found 18446744073709551616"),
        ({"clues": -1}, "clues: expected an int from 0"),
        ({"variant": "anti-queen"}, "variant: unknown variant `anti-queen`"),
        ({"threads": 1025}, "threads: expected a number of threads from 0 (one per core) to 1024"),
    ],
)
def test_generate_rejects_options(options, words):
    with pytest.raises(ValueError) as caught:
        dance.generate(1, **options)
    assert words in str(caught.value)
    assert not isinstance(caught.value, dance.GenerateError)


def test_generate_rejects_a_negative_count_and_bools():
    with pytest.raises(ValueError, match="n: expected a count of at least 0, found -1"):
        dance.generate(-1)
    assert dance.generate(0) == []
    for options in ({"n": True}, {"n": 1, "seed": True}, {"n": 1, "size": True}, {"n": 1, "attempts": 1.5}):
        with pytest.raises(TypeError, match="expected an int, found"):
            dance.generate(**options)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"clues": 82}, "cannot give 82 clues"),
        ({"size": 6, "symmetry": "rotational", "clues": 11}, "clue counts are even"),
        ({"clues": 18, "attempts": 1}, "no puzzle with 18 clues in 1 attempts"),
    ],
)
def test_generate_errors_keep_what_was_made(options, words):
    with pytest.raises(dance.GenerateError) as caught:
        dance.generate(3, seed=1, **options)
    error = caught.value
    assert words in str(error) and str(error).startswith("puzzles[0]: ")
    assert error.index == 0 and len(error.puzzles) == 3 and error.puzzles[0] is None


@pytest.mark.parametrize(
    "build, words",
    [
        (lambda: dance.ExactCover(["a", "a"], []), "items[1]: item `a` is declared twice"),
        (lambda: dance.ExactCover(["a"], ["a b"]), "options[0]: unknown item `b`"),
        (lambda: dance.ExactCover(["a"], [["a"], []]), "options[1]: an option must contain at least one item"),
        (lambda: dance.ExactCover(["a"], ["a a"]), "options[0]: item `a` appears twice"),
        (lambda: dance.ExactCover(["a"], ["a:red"]), "primary item `a` cannot have a color"),
        (lambda: dance.ExactCover(["a"], ["a x:"], secondary=["x"]), "empty color"),
        (lambda: dance.ExactCover(["a"], ["x"], secondary=["x"]), "at least one primary item"),
        (lambda: dance.ExactCover(["a"], [], secondary=["a"]), "secondary[0]: item `a` is declared twice"),
        (lambda: dance.ExactCover(["a"], [], bounds={"b": 1}), "bounds: 'b' is not a primary item"),
        (lambda: dance.ExactCover(["a"], [], bounds={1: 1}), "bounds: 1 is not a primary item"),
        (lambda: dance.ExactCover(["a"], ["a"], costs=[1, 2]), "costs: expected one cost per option, found 2 for 1 options"),
        (lambda: dance.ExactCover(["a"], ["a", "a"], costs=[1]), "costs: expected one cost per option, found 1 for 2 options"),
        (lambda: dance.ExactCover(["a"], ["a"], costs=[-1]), "costs[0]: expected an int from 0"),
        (lambda: dance.ExactCover(["a"], ["a |x"]), "a cost is |n"),
        (lambda: dance.ExactCover(["a"], [], bounds={"a": 0}), "upper bound of item `a` is zero"),
        (lambda: dance.ExactCover(["a"], [], bounds={"a": (3, 2)}), "lower bound 3"),
        (lambda: dance.ExactCover(["a"], [], bounds={"a": "x"}), "bounds['a']: expected n or (min, max)"),
        (lambda: dance.ExactCover(["a"], [], bounds={"a": -1}), "bounds['a']: expected n or (min, max)"),
        (lambda: dance.ExactCover(["a"], [], bounds={"a": True}), "bounds['a']: expected n or (min, max)"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(limit=-1), "limit: expected a count of at least 1, found -1"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(limit=0), "limit: expected a count of at least 1, found 0"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(threads=2**40), "threads: expected a number of threads from 0 (one per core) to 1024"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(timeout=0), "timeout: expected a number of seconds above 0"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(seed=-1), "seed: expected an int from 0"),
        (lambda: dance.ExactCover(["a"], ["a"]).count_memo(memory_mb=0), "memory_mb: expected an int from 1"),
        (lambda: dance.ExactCover(["a"], ["a"]).estimate(0), "probes: expected an int from 1"),
        (lambda: dance.ExactCover(["a"], ["a"]).split(-1), "depth: expected an int from 0"),
        (lambda: dance.ExactCover(["a"], ["a"]).split(parts=0), "parts: expected an int from 1"),
        (lambda: dance.ExactCover(["a"], ["a", "a"]).select([0, 1]), "options: option 1 conflicts with the options selected before it"),
        (lambda: dance.ExactCover(["a"], ["a", "a"], selected=[0, 1]), "selected: option 1 conflicts"),
        (lambda: dance.ExactCover(["a"], ["a"]).subproblem("2"), "job: option 2 does not exist; the problem has 1 options"),
        (lambda: dance.ExactCover(["a"], ["a"]).subproblem("1,x"), "job: expected option numbers separated by commas, or `-`, found `1,x`"),
        (lambda: dance.ExactCover(["a b"], [["a b"]]), "items[0]: name `a b` may not contain ' '"),
        (lambda: dance.ExactCover(["a"], [["a", "x:r d"]], secondary=["x"]), "may not contain ' '"),
        (lambda: dance.ExactCover([], []).to_text(), "without primary items"),
    ],
)
def test_exact_cover_value_errors(build, words):
    with pytest.raises(ValueError) as caught:
        build()
    assert words in str(caught.value)


@pytest.mark.parametrize(
    "build, words",
    [
        # Every error names its argument (`ExactCover("abc", ...)` named none).
        (lambda: dance.ExactCover("abc", []), "items: expected a list of item names, found one str"),
        (lambda: dance.ExactCover(["a"], 5), "options: expected a list of options, found int"),
        (lambda: dance.ExactCover(["a"], [[1]]), "options[0][0]: expected a str, found int"),
        (lambda: dance.ExactCover(["a"], [5]), "options[0]: expected a str or a list of str, found int"),
        (lambda: dance.ExactCover(["a"], [], secondary="x"), "secondary: expected a list of item names, found one str"),
        (lambda: dance.ExactCover(["a"], [], bounds=[("a", 1)]), "bounds: expected a dict"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(limit=True), "limit: expected an int, found bool"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(threads=True), "threads: expected an int, found bool"),
        (lambda: dance.ExactCover(["a"], ["a"]).count(timeout=True), "timeout: expected a number of seconds, found bool"),
        (lambda: dance.ExactCover(["a"], ["a"]).select(0), "options: expected a list of option numbers, found int"),
        (lambda: dance.ExactCover(["a"], ["a"]).split(), "split: give either depth or parts="),
        (lambda: dance.ExactCover(["a"], ["a"]).split(1, parts=2), "split: give either depth or parts="),
    ],
)
def test_exact_cover_type_errors_name_the_argument(build, words):
    with pytest.raises(TypeError) as caught:
        build()
    assert words in str(caught.value)


def test_exact_cover_index_errors():
    cover = dance.ExactCover(["a"], ["a"])
    assert cover.option(0) == ["a"]
    for index in (1, -1):
        with pytest.raises(IndexError, match="there are 1 options"):
            cover.option(index)
    with pytest.raises(IndexError, match=r"options\[0\]: option 3 out of range"):
        cover.select([3])


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("", 1, 1, "expected a line naming the items"),
        ("| only a comment\n", 2, 1, "expected a line naming the items"),
        ("a b\na x\n", 2, 3, "unknown item `x`"),
        ("a | x\nx\n", 2, 1, "at least one primary item"),
        ("a b | x\na x:1:2\n", 2, 3, "expected `item` or `item:color`"),
        ("a 0|b\na\n", 1, 3, "upper bound of item `b` is zero"),
    ],
)
def test_exact_cover_parse_errors_carry_line_and_column(text, line, column, words):
    with pytest.raises(dance.ParseError) as caught:
        dance.ExactCover.parse(text)
    error = caught.value
    assert (error.index, error.line, error.column) == (None, line, column)
    assert words in error.reason
    assert str(error) == f"{line}:{column}: {error.reason}"


def test_errors_status_keeps_the_batch_going():
    bad = [EASY[:80] + "?", None, 7.5, 5, EASY[:40]]
    puzzles = [EASY, *bad, EASY]
    solutions, status, details = dance.solve(puzzles, details=True, errors="status")
    assert status == ["solved", "error", "error", "error", "error", "error", "solved"]
    assert solutions[0] == solutions[-1] and solutions[0] is not None
    assert solutions[1:-1] == [None] * len(bad)
    # Each message is what errors="raise" says of that puzzle alone.
    for index, puzzle in enumerate(bad, start=1):
        with pytest.raises((ValueError, TypeError)) as caught:
            dance.solve([EASY] * index + [puzzle])
        assert details["error"][index] == str(caught.value)
    assert details["error"][1] == (
        "puzzles[1]:1:81: unexpected character '?'; expected a digit 1-9 or a blank ('.', '_', '*' or '0')"
    )
    assert details["error"][0] is None and details["engine"][0] is not None
    assert details["engine"][1] is None and details["nodes"][1] == 0
    assert (details["count"][1], details["exact"][1]) == (0, False)
    # The default raises, before anything is solved.
    with pytest.raises(dance.ParseError):
        dance.solve(puzzles[:2])
    with pytest.raises(ValueError, match='errors: unknown policy "ignore"; expected "raise" or "status"'):
        dance.solve([EASY], errors="ignore")


def test_errors_status_in_count_mode_and_for_arrays():
    counts, status = dance.solve([EASY, "?", "." * 81], mode="count", limit=3, errors="status")
    assert (counts, status) == ([1, 0, 3], ["unique", "error", "multiple"])
    grids = np.array([[int(c) if c != "." else 0 for c in EASY]] * 3, dtype=np.int16)
    grids[1, 5] = 10
    solved, status, details = dance.solve(grids, details=True, errors="status")
    assert status == ["solved", "error", "solved"]
    assert (solved[1] == 0).all() and (solved[0] == solved[2]).all() and solved[0].all()
    assert details["error"][1] == "puzzles[1, 5]: value 10 is out of range; expected 0 for a blank or a digit 1 to 9"
    assert details["error"][0] is None
    # What concerns the whole call still raises.
    with pytest.raises(ValueError, match="found 80"):
        dance.solve(np.zeros((1, 80), dtype=np.int64), errors="status")
    with pytest.raises(TypeError, match="found one str"):
        dance.solve(EASY, errors="status")


def test_errors_status_reports_what_the_command_line_reports(cli):
    path = TEST_DATA / "mixed.txt"
    _, status, details = dance.solve(records(path), mode="unique", details=True, errors="status")
    assert status == [line.split()[0] for line in cli("solve", "--unique", "-q", str(path))]
    # The same reasons at the same columns (the command line's lines are
    # the file's; each string's are its own).
    binary = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target")) / "release" / "dance"
    done = subprocess.run([str(binary), "solve", "-q", str(path)], capture_output=True, text=True)
    theirs = [line.removeprefix(str(path)).split(":", 3)[2:] for line in done.stderr.splitlines()]
    ours = [message.split(":", 3)[2:] for message in details["error"] if message is not None]
    assert len(ours) == 2 and ours == theirs
