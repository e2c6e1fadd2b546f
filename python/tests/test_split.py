"""ExactCover at par with `dance cover`: split into subproblems (the
`--split`/`--job` machinery) whose exact counts add up to the whole, seeds,
timeouts, threads and Knuth's estimate — each checked against the command
line."""

import pytest

import dance
from conftest import BENCH_DATA, TEST_DATA


def parse(path):
    return dance.ExactCover.parse(path.read_text())


@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_split_jobs_are_the_command_lines_and_their_counts_add_up(cli, depth):
    path = TEST_DATA / "queens10.dlx"
    cover = parse(path)
    parts = cover.split(depth)
    assert [part.job for part in parts] == cli("cover", "--split", str(depth), str(path))
    assert sum(part.count() for part in parts) == 724 == cover.count()
    assert all(len(part.selected) <= depth for part in parts)
    # A job line that the command line printed is a subproblem here.
    for part in parts[:5]:
        assert cover.subproblem(part.job) == part
        assert cli("cover", "--job", part.job, str(path)) == [str(part.count())]


def test_a_subproblem_splits_again_below_its_selection(cli):
    path = TEST_DATA / "queens8.dlx"
    cover = parse(path)
    part = cover.subproblem("1,11")
    assert part.selected == [0, 10] and part.job == "1,11"
    below = part.split(1)
    assert [p.job for p in below] == cli("cover", "--job", "1,11", "--split", "1", str(path))
    assert sum(p.count() for p in below) == part.count() == 0
    assert cover.subproblem("-") == cover and cover.job == "-"
    assert cover.select([0]).select([10]) == part == dance.ExactCover.parse(path.read_text()).select([0, 10])


@pytest.mark.parametrize(
    "name, count", [("langford12.dlx", 216_288), ("queens13.dlx", 73_712)]
)
def test_split_into_parts_counts_exactly(name, count):
    cover = parse(BENCH_DATA / name)
    parts = cover.split(parts=64)
    assert len(parts) >= 64
    counts = [part.count(threads=1) for part in parts]
    assert all(c.exact for c in counts)
    assert sum(counts) == count
    # The memo counts each part exactly too, and pickled parts count the same.
    assert sum(part.count_memo() for part in parts[:8]) == sum(counts[:8])


def test_a_split_with_a_seed_is_another_cut_of_the_same_count():
    cover = parse(TEST_DATA / "queens10.dlx")
    seeded = cover.split(2, seed=11)
    assert [p.job for p in seeded] != [p.job for p in cover.split(2)]
    assert sum(p.count() for p in seeded) == 724
    assert [p.job for p in seeded] == [p.job for p in cover.split(2, seed=11)]


def test_problems_with_bounds_are_one_part_and_are_estimated():
    cover = dance.ExactCover(["A", "B"], ["A B", "A", "B"], bounds={"A": (1, 2)})
    # Algorithm M branches on how often an item is covered: its tree stays
    # one part, the whole problem.
    parts = cover.split(1)
    assert [p.job for p in parts] == ["-"]
    assert parts[0].count() == 3
    # The probes walk Algorithm M's tree: about its three solutions.
    assert abs(cover.estimate(probes=2000).solutions - 3) < 0.5
    # A count on several threads runs on one, as `dance cover -j2` does:
    # {A B}, {A, B} and {A B, A} (A covered twice).
    assert cover.count(threads=2) == cover.count() == 3


@pytest.mark.parametrize("threads", [1, 2, 3, None])
def test_threads_give_the_same_counts(threads):
    cover = parse(BENCH_DATA / "queens13.dlx")
    assert cover.count(threads=threads) == 73_712
    limited = cover.count(limit=1000, threads=threads)
    assert (limited, limited.exact, str(limited)) == (1000, False, "1000+")
    exact = parse(TEST_DATA / "queens8.dlx").count(limit=92, threads=threads)
    assert (exact, exact.exact) == (92, True)


def test_first_with_a_seed_is_the_command_lines(cli):
    path = TEST_DATA / "queens8.dlx"
    cover = parse(path)
    options = cover.first(names=True, seed=7)
    expected = [line.split() for line in cli("cover", "--first", "--seed", "7", str(path)) if line]
    assert sorted(options) == sorted(expected)
    assert cover.first(seed=7) == cover.first(seed=7) != cover.first(seed=8)
    assert len({tuple(sorted(s)) for s in cover.solutions(seed=3)}) == 92


def test_a_timeout_gives_a_lower_bound_that_says_so():
    queens = parse(BENCH_DATA / "queens14.dlx")
    for threads in (1, 2):
        count = queens.count(timeout=0.05, threads=threads)
        assert (count.exact, count.timed_out) == (False, True)
        assert str(count) == f"{int(count)}+" and count < 365_596
    memo = queens.count_memo(timeout=0.05)
    assert (memo.exact, memo.timed_out) == (False, True)
    # Langford pairs of 13 have no solution; proving it takes seconds.
    items = [str(k) for k in range(1, 14)] + [f"s{s}" for s in range(26)]
    options = [f"{k} s{s} s{s + k + 1}" for k in range(1, 14) for s in range(26 - k - 1)]
    with pytest.raises(TimeoutError, match="first: no solution found or ruled out in 0.05 s"):
        dance.ExactCover(items, options).first(timeout=0.05)
    # `inf` is no limit, as on the command line.
    assert parse(TEST_DATA / "queens8.dlx").count(timeout=float("inf")).exact


def test_a_timeout_counts_the_first_calls_build_of_the_links():
    # 300,000 options: the links of a first call take milliseconds to lay
    # out, and a timeout that passes meanwhile ends the call there. Nothing
    # half built is kept: the next call builds again and counts them all.
    wide = dance.ExactCover(["a"], [["a"]] * 300_000)
    count = wide.count(timeout=1e-9)
    assert (int(count), count.exact, count.timed_out) == (0, False, True)
    memo = wide.count_memo(timeout=1e-9)
    assert (memo.exact, memo.timed_out) == (False, True)
    with pytest.raises(TimeoutError, match="first: no solution found"):
        wide.first(timeout=1e-9)
    with pytest.raises(TimeoutError, match="zdd: the ZDD was not complete"):
        wide.zdd(timeout=1e-9)
    with pytest.raises(TimeoutError, match="best: the 0 cheapest solutions"):
        wide.best(1, timeout=1e-9)
    assert wide.count() == 300_000 and wide.count().exact
    assert wide.first() == [0]


def test_the_estimate_is_the_command_lines(cli):
    path = TEST_DATA / "queens10.dlx"
    estimate = parse(path).estimate(200, seed=5)
    assert estimate.probes == 200
    # `nodes: 19393 (± 698 standard error, 200 probes)` / `solutions: 691`
    nodes, solutions = cli("cover", "--estimate", "--seed", "5", "--probes", "200", str(path))
    assert nodes.startswith(f"nodes: {estimate.nodes:.0f} (± {estimate.nodes_error:.0f} standard error")
    assert solutions == f"solutions: {estimate.solutions:.0f}"
    assert parse(path).estimate(200, seed=5) == estimate


def test_counts_are_ints_that_say_whether_they_are_exact():
    count = dance.Count(91, exact=False)
    assert count == 91 and count + 1 == 92 and f"{count}" == "91+" and repr(count) == "Count(91, exact=False)"
    assert isinstance(count, int) and sum([dance.Count(1), dance.Count(2)]) == 3
    with pytest.raises(ValueError, match="value: a count is at least 0"):
        dance.Count(-1)
