"""dance on a Dask cluster: partitioned puzzle sets, and exact-cover counts
split across workers.

Needs the `dask` extra (`pip install "dance-exact-cover[dask]"`). Everything here
builds Dask collections or runs Dask graphs; the work itself is the
package's own `dance.solve`, `dance.solve_frame` and `ExactCover.count`,
run on the workers — which therefore need the same package installed (the
wheel). The same code runs on a `distributed.LocalCluster` and on a real
scheduler with workers on other hosts (docs/scaling.md).

- `read_lines` reads puzzle files (one puzzle per line, as `dance solve`
  reads them) into a `dask.bag` of lines, comments and blank lines left
  out; `solve` answers a bag of puzzles, or a `dask.dataframe` Series,
  partition by partition, in order; `solve_frame` adds answer columns to a
  `dask.dataframe` of one of the public datasets' layouts.
- `count` splits an `ExactCover` into subproblems (the command line's
  `--split`/`--job`), counts each on a worker (with a memo of its own when
  asked) and adds the counts up exactly. A worker lost mid-count loses
  nothing: Dask runs its parts again elsewhere, and each part's count is
  the same wherever it runs.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import dask.bag
import dask.dataframe
from dask.base import compute
from dask.delayed import delayed

import dance

__all__ = ["count", "read_lines", "solve", "solve_frame"]

# How many parts `count` cuts a problem into by default: many more than
# workers, so that uneven subtrees even out (`dance cover -j` takes 64 per
# thread).
DEFAULT_PARTS = 256


def read_lines(urlpath: str | list[str], *, blocksize: int | str | None = "64MiB") -> dask.bag.Bag:
    """The puzzles of line-format files (`urlpath`: a path, a glob, a list,
    or a URL that `dask.bag.read_text` reads) as a bag of lines, one puzzle
    each, without line endings, comment lines (`#`) or blank lines — what
    `dance solve FILE` reads as records. `blocksize` cuts big files into
    partitions (None: one partition per file)."""
    lines = dask.bag.read_text(urlpath, blocksize=blocksize)
    # A partition at a time: a bag's `map` and `filter` cost a Python call
    # per line each, more than reading the lines (benches/python_dask.sh).
    return lines.map_partitions(_records)


def _records(lines: Any) -> list[str]:
    """A partition's puzzles: its lines without their endings, blank and
    `#` comment lines left out."""
    # One strip per line: most lines start with a digit or a dot, and only
    # the others need a second look for a comment.
    return [
        text
        for line in lines
        if (text := line.rstrip())
        and (text[0] not in " \t#" or not text.lstrip().startswith("#"))
    ]


def solve(puzzles: dask.bag.Bag | dask.dataframe.Series, **options: Any) -> Any:
    """Solves a partitioned set of puzzles: each partition with
    `dance.solve(partition, **options)` on a worker.

    A bag of puzzles (strings in any format `dance.solve` reads, or
    Kaggle-style ints) gives a bag of `(solution, status)` pairs in the same
    order — `(solution, status, details)` with `details=True`, where
    `details` is the puzzle's dict of `count`, `exact`, `nodes`, `guesses`,
    `micros`, `engine` and `error`; in count mode the solution is the
    count. With `errors="status"` a bad puzzle gets the status `"error"`
    and the partition goes on. A
    `dask.dataframe` Series gives a `dask.dataframe` DataFrame with the
    Series' index and `dance.solve_frame`'s columns (`dance_solution` or
    `dance_count`, `dance_status`, and with details the statistics).

    `options` are `dance.solve`'s; `threads` defaults to 1, since a Dask
    worker runs a task per thread of its own (start workers with
    `--nthreads 1` and one worker process per core, or pass `threads=0`
    to use every core of a worker from one task).
    """
    options.setdefault("threads", 1)
    if isinstance(puzzles, dask.bag.Bag):
        return puzzles.map_partitions(_solve_partition, options)
    if isinstance(puzzles, dask.dataframe.Series):
        frame = puzzles.to_frame(name=puzzles.name if puzzles.name is not None else "puzzle")
        return solve_frame(frame, str(frame.columns[0]), **options)
    raise TypeError(
        f"puzzles: expected a dask.bag.Bag or a dask.dataframe.Series, found {type(puzzles).__name__}"
    )


def _solve_partition(puzzles: Any, options: dict[str, Any]) -> Iterator[tuple[Any, ...]]:
    """One partition of a bag, solved: `(solution, status)` per puzzle.

    An iterator, as a bag's partitions may be: a step fused after this one
    (a count, a filter) takes the pairs one at a time, and a list of them is
    only made where the bag is gathered: a list of 100,000 tuples costs the
    worker more in garbage collection than making them."""
    if not options.get("details"):
        solutions, status = dance.solve(list(puzzles), **options)
        return zip(solutions, status)
    solutions, status, details = dance.solve(list(puzzles), **options)
    names = list(details)
    rows = zip(*(details[name] for name in names))
    return ((s, st, dict(zip(names, row))) for s, st, row in zip(solutions, status, rows))


def solve_frame(
    frame: dask.dataframe.DataFrame, column: str | int | None = None, **options: Any
) -> dask.dataframe.DataFrame:
    """`dance.solve_frame` on every partition of a `dask.dataframe`: the
    frame with answer columns added, index and partitions unchanged.
    `column` and `options` are `dance.solve_frame`'s (`column` is found in
    the first partition when not given); `threads` defaults to 1, as for
    `solve`."""
    import pandas as pd

    options.setdefault("threads", 1)
    if column is None:
        column = _first_puzzle_column(frame)
    meta = frame._meta.copy()
    prefix = options.get("prefix", "dance_")
    counting = options.get("mode", "first") == "count"
    typed = {
        "count" if counting else "solution": "uint64" if counting else object,
        "status": object,
    }
    if options.get("details"):
        typed.update(
            count="uint64",
            exact=bool,
            nodes="uint64",
            guesses="uint64",
            micros="float64",
            engine=object,
            error=object,
        )
    for key, dtype in typed.items():
        meta[prefix + key] = pd.Series([], dtype=dtype)
    return frame.map_partitions(dance.solve_frame, column, meta=meta, **options)


def _first_puzzle_column(frame: dask.dataframe.DataFrame) -> Any:
    """The puzzle column of a dask frame, found in its first row as
    `dance.solve_frame` finds a pandas frame's."""
    from dance._frames import _puzzle_column

    return _puzzle_column(frame.head(1, npartitions=-1), None)


def count(
    cover: dance.ExactCover,
    *,
    parts: int | None = None,
    depth: int | None = None,
    memo: bool = False,
    memory_mb: int = 1024,
    timeout: float | None = None,
    seed: int | None = None,
    scheduler: Any = None,
) -> dance.Count:
    """The exact number of solutions of `cover`, counted on Dask's workers.

    The problem is split into subproblems (`parts=N`: at least N, as
    `ExactCover.split(parts=N)` cuts, default 256; or `depth=D`: the
    command line's `--split D`), each counted — with `ExactCover.count_memo`
    and a memo of `memory_mb` MiB of its own when `memo=True` (a memo per
    subproblem: subproblems repeat inside one, and they share nothing), else
    `ExactCover.count` on one thread. With `parts=N` the subproblems (often
    several times N, since a split cuts whole levels) are dealt round-robin
    into N tasks, so that Dask's cost per task is paid N times, not once a
    subproblem; with `depth=D` each subproblem is a task of its own. The
    problem goes to each worker once; a task carries only its subproblems'
    selections.

    Returns a `dance.Count`: the sum, exact when every part was (`timeout`,
    seconds per part, makes the parts that run out lower bounds, and the
    sum too, with `timed_out` set). Runs on the current Dask scheduler — a
    `distributed.Client` when one is active — or on `scheduler` (a Client,
    or a scheduler name for `dask.compute`). A worker that dies mid-count
    loses nothing: Dask runs its parts again on the others.
    """
    if parts is not None and depth is not None:
        raise TypeError("count: give either parts= or depth=, not both")
    if parts is None and depth is None:
        parts = DEFAULT_PARTS
    subproblems = cover.split(depth) if depth is not None else cover.split(parts=parts, seed=seed)
    problem = delayed(cover, pure=True)
    # A subproblem's options below the cover's own selection, which it keeps.
    below = len(cover.selected)
    selections = [part.selected[below:] for part in subproblems]
    # Dealt round-robin: neighbouring subproblems, often alike in cost, go
    # to different tasks.
    tasks_wanted = len(selections) if parts is None else max(1, min(parts, len(selections)))
    groups = [selections[k::tasks_wanted] for k in range(tasks_wanted)]
    tasks = [
        delayed(_count_parts, pure=True)(problem, group, memo, memory_mb, timeout)
        for group in groups
    ]
    if scheduler is not None and hasattr(scheduler, "compute"):
        counts = scheduler.gather(scheduler.compute(tasks))
    else:
        counts = compute(*tasks, scheduler=scheduler)
    total = sum(int(c) for c in counts)
    return dance.Count(
        total,
        exact=all(c.exact for c in counts),
        timed_out=any(c.timed_out for c in counts),
    )


def _count_parts(
    problem: dance.ExactCover,
    selections: list[list[int]],
    memo: bool,
    memory_mb: int,
    timeout: float | None,
) -> dance.Count:
    """One task's count, on a worker: the sum of `problem`'s subproblems
    with each of `selections` selected (`timeout` applies to each)."""
    total, exact, timed_out = 0, True, False
    for selected in selections:
        part = problem.select(selected)
        if memo:
            count = part.count_memo(memory_mb=memory_mb, timeout=timeout)
        else:
            count = part.count(threads=1, timeout=timeout)
        total += int(count)
        exact &= count.exact
        timed_out |= count.timed_out
    return dance.Count(total, exact=exact, timed_out=timed_out)
