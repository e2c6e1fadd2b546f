"""pandas: `dance.solve` takes a Series of strings or Kaggle-style ints, and
`dance.solve_frame` adds answer columns to the public datasets' layouts,
as `dance solve --output csv --check` does. pandas is optional."""

import subprocess
import sys

import pandas as pd
import pytest

import dance
from conftest import TEST_DATA

CSV = TEST_DATA / "csv"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def test_a_series_of_kaggle_integers_solves():
    # pandas reads Kaggle's 81-digit puzzles as Python ints, leading zeros
    # (blanks) lost: they are puzzles, not a `TypeError`.
    frame = pd.read_csv(CSV / "quizzes_solutions.csv")
    assert frame["quizzes"].dtype == object and isinstance(frame["quizzes"][0], int)
    solutions, status = dance.solve(frame["quizzes"])
    assert set(status) == {"solved"}
    assert solutions.tolist() == [f"{n:081d}" for n in frame["solutions"]]


def test_a_series_of_strings_solves_in_any_string_dtype():
    frame = pd.read_csv(CSV / "id_puzzle_solution.csv", dtype={"puzzle": str, "solution": str})
    solutions, status = dance.solve(frame["puzzle"], mode="unique")
    assert status.tolist() == ["unique"] * len(frame)
    assert solutions.tolist() == list(frame["solution"])
    for dtype in ("string", object):
        again, again_status = dance.solve(frame["puzzle"].astype(dtype), mode="unique")
        assert (again.tolist(), again_status.tolist()) == (solutions.tolist(), status.tolist())


@pytest.mark.parametrize("missing", [float("nan"), None, pd.NA])
def test_a_missing_value_is_an_error_that_says_where(missing):
    series = pd.Series([EASY, missing, EASY], dtype=object)
    with pytest.raises(ValueError, match=r"puzzles\[1\]: missing puzzle \(None or NaN\); drop missing values"):
        dance.solve(series)
    frame = pd.DataFrame({"puzzle": [EASY, missing, EASY]}, index=["a", "b", "c"])
    with pytest.raises(ValueError, match="column 'puzzle': missing puzzle in row 'b'"):
        dance.solve_frame(frame)
    assert dance.solve_frame(frame.dropna(subset=["puzzle"]))["dance_status"].tolist() == ["solved"] * 2
    # Or kept, as an error of its row: the others are solved.
    solutions, status, details = dance.solve(series, details=True, errors="status")
    assert status.tolist() == ["solved", "error", "solved"] and solutions[1] is None
    assert details["error"][1].startswith("puzzles[1]: missing puzzle (None or NaN)")
    solved = dance.solve_frame(frame, details=True, errors="status")
    assert solved["dance_status"].tolist() == ["solved", "error", "solved"]
    assert solved.loc["b", "dance_error"].startswith("puzzles[1]: missing puzzle")
    assert solved.loc["a", "dance_error"] is None


@pytest.mark.parametrize(
    "name, column, check",
    [
        ("quizzes_solutions.csv", "quizzes", "solutions"),
        ("id_puzzle_solution.csv", "puzzle", "solution"),
        ("source_question_answer.csv", "question", "answer"),
    ],
)
def test_the_public_layouts_answer_as_the_command_line(cli, name, column, check):
    path = CSV / name
    frame = pd.read_csv(path)
    solved = dance.solve_frame(frame, check=check)
    # The puzzle column is found as `dance solve` finds a CSV file's.
    assert solved.equals(dance.solve_frame(frame, column, check=check))
    assert list(solved.columns) == list(frame.columns) + ["dance_solution", "dance_status"]
    assert solved[frame.columns].equals(frame) and solved.index.equals(frame.index)
    rows = cli("solve", "-q", "--check", check, "--output", "csv", str(path))[1:]
    expected = [row.rsplit(",", 2)[1:] for row in rows]
    assert [[s, st] for s, st in zip(solved["dance_solution"], solved["dance_status"])] == expected


def test_check_marks_a_wrong_answer_as_the_command_line_does():
    frame = pd.read_csv(CSV / "id_puzzle_solution.csv")
    wrong = frame.copy()
    wrong.loc[1, "solution"] = wrong.loc[0, "solution"]
    status = dance.solve_frame(wrong, check="solution")["dance_status"].tolist()
    assert status[1] == "mismatch" and status.count("mismatch") == 1
    with pytest.raises(ValueError, match="check: expected one answer per puzzle, found 1 for 2 puzzles"):
        dance.solve([EASY, EASY], check=[EASY])


def test_details_and_counts_come_as_typed_columns():
    frame = pd.read_csv(CSV / "source_question_answer.csv")
    counted = dance.solve_frame(frame, mode="count", limit=2, details=True)
    assert counted["dance_count"].dtype == "uint64" and counted["dance_exact"].dtype == bool
    assert set(counted["dance_status"]) == {"unique"} and counted["dance_exact"].all()
    assert (counted["dance_nodes"] > 0).all() and (counted["dance_micros"] >= 0).all()
    assert list(counted.columns) == list(frame.columns) + [
        "dance_count", "dance_status", "dance_exact", "dance_nodes", "dance_guesses", "dance_micros",
        "dance_engine", "dance_error",
    ]
    assert counted["dance_error"].isna().all()
    assert set(counted["dance_engine"]) == {"deductions"}
    plain = dance.solve_frame(frame, prefix="")
    assert {"solution", "status"} <= set(plain.columns)
    with pytest.raises(ValueError, match="prefix: the frame already has a column 'solution'"):
        dance.solve_frame(pd.read_csv(CSV / "id_puzzle_solution.csv"), prefix="")


def test_a_column_is_named_or_found():
    frame = pd.read_csv(CSV / "id_puzzle_solution.csv")
    # The id column holds small ints, not puzzles; `puzzle` is the first that does.
    assert dance.solve_frame(frame)["dance_solution"].equals(dance.solve_frame(frame, 1)["dance_solution"])
    with pytest.raises(ValueError, match="column: no column 'quiz'"):
        dance.solve_frame(frame, "quiz")
    with pytest.raises(ValueError, match="column: no column of .* holds a puzzle"):
        dance.solve_frame(frame[["id", "clues"]])
    with pytest.raises(dance.ParseError) as caught:
        dance.solve_frame(pd.DataFrame({"p": [EASY, EASY[:80] + "?"]}, index=[10, 20]), "p")
    assert caught.value.index == 1 and "row 20 of column 'p'" in caught.value.__notes__[0]


def test_pandas_is_not_needed_to_import_the_package():
    script = (
        "import sys; sys.modules['pandas'] = None\n"
        "import dance\n"
        "assert dance.solve(['" + EASY + "'])[1] == ['solved']\n"
        "try:\n    dance.solve_frame(None)\nexcept ImportError as error:\n    print(error)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "dance.solve_frame needs pandas: pip install 'dance-exact-cover[pandas]'"
