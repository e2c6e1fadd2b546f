"""`dance.solve_frame`: a pandas DataFrame of puzzles, with columns of
answers added — the public datasets' layouts as `dance solve --output csv`
reads and writes them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dance._native import ParseError, solve

if TYPE_CHECKING:
    import pandas

# Ints with fewer digits are ids or counts, not Kaggle-style puzzles (a
# unique 9x9 puzzle has at least 17 givens, so its int has 17 digits or more).
_FEWEST_PUZZLE_DIGITS = 17


def solve_frame(
    frame: pandas.DataFrame,
    column: str | int | None = None,
    *,
    check: str | int | None = None,
    prefix: str = "dance_",
    mode: str = "first",
    limit: int | None = None,
    variant: str | None = None,
    engine: str = "fast",
    alphabet: str = "standard",
    threads: int | None = None,
    timeout: float | None = None,
    details: bool = False,
    errors: str = "raise",
) -> pandas.DataFrame:
    """Solves the puzzles of a DataFrame's column; returns a copy of the frame
    with the answers in new columns, rows and index unchanged.

    The public datasets' layouts read as they are, with `pandas.read_csv`:
    `quizzes,solutions` (Kaggle: 81-digit ints, `0` blanks),
    `id,puzzle,solution,clues,difficulty` (`.` blanks) and
    `source,question,answer,rating`. `column` names the puzzle column (a
    name, or a 0-based position); by default it is the first column whose
    first value is a puzzle (a string that parses, or an int of 17 digits or
    more), as `dance solve` picks a CSV file's. `check` names a column of
    expected answers, as `dance solve --check`: a row whose answer is not a
    solution of its puzzle, or not the one found, gets the status
    `"mismatch"`.

    New columns, named with `prefix` (default `"dance_"`, so that no
    dataset's own `solution` is overwritten): `solution` (a string in the
    line format, None where there is none) — or in count mode `count` — and
    `status` (the command line's words); with `details=True` also `count`,
    `exact`, `nodes`, `guesses`, `micros`, `engine` (per-puzzle statistics
    and the engine that served, as `dance solve --output json` gives them)
    and `error` (the message of a puzzle that could not be read). The other
    arguments are `dance.solve`'s. A missing puzzle (NaN) is a `ValueError`
    naming its row: drop such rows first (`frame.dropna(subset=[column])`);
    a puzzle that does not parse raises `dance.ParseError` with a note
    naming its row. With `errors="status"` neither raises: the row gets the
    status `"error"` and its message (in `error` with `details=True`), and
    the other rows are solved.

    Needs pandas (the `pandas` extra).
    """
    try:
        import pandas as pd
    except ImportError as error:
        raise ImportError(
            "dance.solve_frame needs pandas: pip install 'dance-exact-cover[pandas]'"
        ) from error

    name = _puzzle_column(frame, column)
    missing = frame[name].isna()
    if missing.any() and errors != "status":
        row = _label(frame.index[missing.to_numpy().argmax()])
        raise ValueError(
            f"column {name!r}: missing puzzle in row {row!r}; drop such rows first "
            f"(frame.dropna(subset=[{name!r}]))"
        )
    answers = None if check is None else frame[_column_name(frame, check, "check")]
    try:
        solved = solve(
            frame[name],
            mode=mode,
            limit=limit,
            variant=variant,
            engine=engine,
            alphabet=alphabet,
            check=answers,
            threads=threads,
            timeout=timeout,
            details=True,
            errors=errors,
        )
    except ParseError as error:
        if error.index is not None and error.index < len(frame):
            error.add_note(f"row {_label(frame.index[error.index])!r} of column {name!r}")
        raise
    solutions, status, stats = solved
    counting = mode == "count"
    columns = {
        "count" if counting else "solution": pd.Series(
            solutions, index=frame.index, dtype="uint64" if counting else object
        ),
        "status": pd.Series(status, index=frame.index, dtype=object),
    }
    if details:
        columns["count"] = pd.Series(stats["count"], index=frame.index, dtype="uint64")
        columns["exact"] = pd.Series(stats["exact"], index=frame.index, dtype=bool)
        columns["nodes"] = pd.Series(stats["nodes"], index=frame.index, dtype="uint64")
        columns["guesses"] = pd.Series(stats["guesses"], index=frame.index, dtype="uint64")
        columns["micros"] = pd.Series(stats["micros"], index=frame.index, dtype="float64")
        columns["engine"] = pd.Series(stats["engine"], index=frame.index, dtype=object)
        columns["error"] = pd.Series(stats["error"], index=frame.index, dtype=object)
    out = frame.copy()
    for key, values in columns.items():
        label = prefix + key
        if label in frame.columns:
            raise ValueError(
                f"prefix: the frame already has a column {label!r}; choose another prefix"
            )
        out[label] = values
    return out


def _label(label: Any) -> Any:
    """An index label as Python prints it: NumPy scalars as plain values."""
    return label.item() if hasattr(label, "item") else label


def _column_name(frame: pandas.DataFrame, column: str | int, argument: str) -> Any:
    """The label of `column` (a label, or a 0-based position)."""
    if column in frame.columns:
        return column
    if isinstance(column, int) and not isinstance(column, bool) and 0 <= column < len(frame.columns):
        return frame.columns[column]
    raise ValueError(
        f"{argument}: no column {column!r}; the frame has {list(frame.columns)!r}"
    )


def _puzzle_column(frame: pandas.DataFrame, column: str | int | None) -> Any:
    """The puzzle column asked for, or else the first whose first value is a
    puzzle."""
    if column is not None:
        return _column_name(frame, column, "column")
    if len(frame) == 0:
        raise ValueError("column: an empty frame has no puzzle to find the column by; name it")
    for label in frame.columns:
        if _is_puzzle(frame[label].iloc[0]):
            return label
    raise ValueError(
        f"column: no column of {list(frame.columns)!r} holds a puzzle in the first row; name it"
    )


def _is_puzzle(value: Any) -> bool:
    """Whether a cell holds a puzzle: a string that parses as one, or a
    Kaggle-style int."""
    if isinstance(value, str):
        try:
            solve([value], threads=1, timeout=1e-3)
        except ValueError:
            return False
        return True
    if hasattr(value, "__index__") and not isinstance(value, bool):
        return len(str(abs(value.__index__()))) >= _FEWEST_PUZZLE_DIGITS
    return False
