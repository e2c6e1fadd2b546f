"""`dance.dask` on a local cluster of two worker processes: the same answers
as the command line on a shipped set, an exact count equal to the command
line's, and a worker killed mid-count without losing a solution."""

import os
import re
import signal
import threading
import time

import dask.dataframe as dd
import distributed
import pandas as pd
import pytest

import dance
import dance.dask
from conftest import BENCH_DATA, ROOT, TEST_DATA, records


@pytest.fixture(scope="module")
def client():
    """Two worker processes of one thread each: what `dask worker --nworkers
    2 --nthreads 1` starts on a host."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        yield client


def test_a_bag_of_lines_solves_as_the_command_line(client, cli):
    path = BENCH_DATA / "17clue_sample.txt"
    bag = dance.dask.read_lines(str(path), blocksize=100_000)
    assert bag.npartitions > 2
    answers = dance.dask.solve(bag, mode="unique").compute()
    expected = cli("solve", "--unique", str(path))
    assert [f"unique {s}" if st == "unique" else st for s, st in answers] == expected
    # The lines are the file's records: comments and blank lines left out.
    assert bag.compute() == records(path)
    detailed = dance.dask.solve(bag.take(3, compute=False), details=True).compute()
    assert all(set(d) == {"count", "exact", "nodes", "guesses", "micros", "engine", "error"} for _, _, d in detailed)


def test_a_dataframe_column_solves_as_pandas_does(client):
    frame = pd.read_csv(TEST_DATA / "csv" / "id_puzzle_solution.csv")
    parted = dd.from_pandas(frame, npartitions=2)
    solved = dance.dask.solve_frame(parted, check="solution").compute()
    expected = dance.solve_frame(frame, check="solution")
    # Dask reads the frame's own columns in its dtypes; the answers are the same.
    answers = ["dance_solution", "dance_status"]
    assert solved[answers].equals(expected[answers])
    assert set(solved["dance_status"]) == {"solved"}
    column = dance.dask.solve(parted["puzzle"], mode="count", limit=2).compute()
    assert list(column["dance_count"]) == [1] * len(frame)
    assert column.index.equals(frame.index)


@pytest.mark.parametrize(
    "name, options, flags",
    [
        ("queens13.dlx", {"parts": 64}, []),
        ("langford12.dlx", {"depth": 2}, []),
        ("dominoes8x8.dlx", {"parts": 16, "memo": True}, ["--memo"]),
    ],
)
def test_a_split_count_is_the_command_lines(client, cli, name, options, flags):
    path = BENCH_DATA / name
    cover = dance.ExactCover.parse(path.read_text())
    count = dance.dask.count(cover, **options)
    assert count.exact and not count.timed_out
    assert [str(count)] == cli("cover", *flags, str(path))


def test_a_worker_killed_mid_count_loses_nothing(client):
    cover = dance.ExactCover.parse((BENCH_DATA / "queens14.dlx").read_text())
    result = {}
    counting = threading.Thread(
        target=lambda: result.update(count=dance.dask.count(cover, parts=128, scheduler=client))
    )
    counting.start()
    # Kill a worker process while it is counting a part.
    victim = None
    deadline = time.monotonic() + 120
    while victim is None and time.monotonic() < deadline:
        busy = [address for address, tasks in client.processing().items() if tasks]
        if busy:
            victim = busy[0]
        else:
            time.sleep(0.05)
    assert victim is not None, "no part started"
    time.sleep(0.5)
    pids = client.run(os.getpid)
    assert client.processing().get(victim), "the part ended before the kill"
    os.kill(pids[victim], signal.SIGKILL)
    counting.join(timeout=600)
    assert not counting.is_alive()
    # 14 queens: 365,596 placements (OEIS A000170), every part counted once.
    assert result["count"] == 365_596 and result["count"].exact
    assert victim not in client.scheduler_info()["workers"]


def test_the_scaling_guide_example_runs(client, capsys, monkeypatch):
    # docs/scaling.md's example, on this module's cluster instead of its own.
    guide = (ROOT / "docs" / "scaling.md").read_text()
    section = guide.split("## On a Dask cluster, from Python", 1)[1]
    example = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    lines = [line for line in example.splitlines() if not line.startswith("client = ")]
    assert len(lines) == len(example.splitlines()) - 1
    monkeypatch.chdir(ROOT)
    exec(compile("\n".join(lines), "docs/scaling.md", "exec"), {"client": client})
    printed = capsys.readouterr().out.splitlines()
    assert float(printed[0]) > 1e6
    assert printed[1:] == ["73712 True", "[('solved', 49158)]"]


def test_a_kaggle_file_read_as_strings_keeps_its_leading_zeros(client):
    # Read as numbers, a puzzle column loses the zeros (blanks) at the front
    # of a puzzle; the error says so, and `dtype=str` keeps them.
    path = str(TEST_DATA / "csv" / "quizzes_solutions.csv")
    with pytest.raises(dance.ParseError, match=r"leading zeros lost\? read the column as strings"):
        dance.dask.solve_frame(dd.read_csv(path), check="solutions").compute()
    solved = dance.dask.solve_frame(dd.read_csv(path, dtype=str), check="solutions").compute()
    assert set(solved["dance_status"]) == {"solved"}
    assert (solved["dance_solution"] == solved["solutions"]).all()
