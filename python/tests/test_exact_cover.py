"""ExactCover on problems whose counts are known from the literature."""

import itertools

import pytest

import dance
from conftest import TEST_DATA


def queens(n):
    """n queens: rows and columns primary, diagonals secondary."""
    rows = [f"r{i}" for i in range(n)]
    cols = [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [[f"r{i}", f"c{j}", f"a{i + j}", f"b{i - j + n - 1}"] for i in range(n) for j in range(n)]
    return dance.ExactCover(rows + cols, options, secondary=diagonals)


def langford(n):
    """Langford pairs: numbers k and positions s, k at s and s + k + 1."""
    items = [str(k) for k in range(1, n + 1)] + [f"s{s}" for s in range(2 * n)]
    options = [
        f"{k} s{s} s{s + k + 1}" for k in range(1, n + 1) for s in range(2 * n - k - 1)
    ]
    return dance.ExactCover(items, options)


@pytest.mark.parametrize("n, count", [(1, 1), (4, 2), (6, 4), (8, 92), (9, 352)])
def test_queens(n, count):
    assert queens(n).count() == count


@pytest.mark.parametrize("n, count", [(3, 2), (4, 2), (7, 52), (8, 300)])
def test_langford_pairs_counting_both_orders(n, count):
    assert langford(n).count() == count


def test_knuths_toy_problem():
    options = ["c e", "a d g", "b c f", "a d f", "b g", "d e g"]
    cover = dance.ExactCover(list("abcdefg"), options)
    assert cover.count() == 1
    assert sorted(cover.first()) == [0, 3, 4]
    assert sorted(map(sorted, cover.first(names=True))) == [["a", "d", "f"], ["b", "g"], ["c", "e"]]
    assert dance.ExactCover.parse((TEST_DATA / "toy.dlx").read_text()).count() == 1


def test_knuths_colored_and_multiplicity_examples():
    colored = dance.ExactCover(
        ["p", "q", "r"],
        ["p q x y:A", "p r x:A y", "p x:B", "q x:A", "r y:B"],
        secondary=["x", "y"],
    )
    assert list(colored.solutions(names=True)) == [[["p", "r", "x:A", "y"], ["q", "x:A"]]]
    multiplicities = dance.ExactCover(
        ["A", "B", "C"],
        ["A B X:0 Y:0", "A C X:1 Y:1", "C X:0", "B X:1", "C Y:1"],
        secondary=["X", "Y"],
        bounds={"C": (2, 3)},
    )
    solutions = list(multiplicities)
    assert len(solutions) == 1 and sorted(solutions[0]) == [1, 3, 4]
    text = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n"
    assert dance.ExactCover.parse(text).count() == 1


def test_bounds_choose_k_of_n():
    # Cover item "pick" exactly 2 times from 5 options: C(5, 2) ways.
    cover = dance.ExactCover(["pick"], [["pick", f"o{k}"] for k in range(5)],
                             secondary=[f"o{k}" for k in range(5)], bounds={"pick": 2})
    assert cover.count() == 10


def test_limit_first_and_lazy_iteration():
    cover = queens(8)
    assert cover.count(limit=10) == 10 and not cover.count(limit=10).exact
    assert str(cover.count(limit=91)) == "91+" and str(cover.count(limit=92)) == "92"
    assert cover.count(limit=1000) == 92 and cover.count(limit=1000).exact
    lazy = cover.solutions()
    first_three = list(itertools.islice(lazy, 3))
    assert first_three[0] == cover.first()
    assert len(first_three) == 3 and len({tuple(s) for s in first_three}) == 3
    rest = list(lazy)
    assert len(rest) == 89
    assert next(lazy, None) is None
    every = {tuple(sorted(s)) for s in cover}
    assert len(every) == 92
    names = next(iter(cover.solutions(names=True)))
    assert all(option[0].startswith("r") and option[1].startswith("c") for option in names)


def test_no_solution():
    cover = dance.ExactCover(["a", "b"], ["a"])
    assert cover.first() is None and cover.count() == 0 and list(cover) == []
    assert repr(cover) == "ExactCover(items=2, primary=2, options=1)"


def dominoes(rows, cols):
    """Domino tilings of a rows x cols board: one item per cell."""
    cells = [f"{r},{c}" for r in range(rows) for c in range(cols)]
    options = [f"{r},{c} {r},{c + 1}" for r in range(rows) for c in range(cols - 1)]
    options += [f"{r},{c} {r + 1},{c}" for r in range(rows - 1) for c in range(cols)]
    return dance.ExactCover(cells, options)


def test_memo_count_equals_the_plain_count():
    for cover in [queens(6), langford(7), dominoes(4, 4)]:
        assert cover.count_memo() == cover.count()


def test_memo_count_of_domino_tilings_past_u128():
    # 2 x n domino tilings are Fibonacci numbers: F(301) has 63 digits.
    a, b = 1, 1
    for _ in range(299):
        a, b = b, a + b
    assert dominoes(2, 300).count_memo() == b
    assert dominoes(8, 8).count_memo() == 12_988_816


def test_memo_count_takes_bounds():
    # A once or twice, B once: {A B}, {A B, A} and {A, B}.
    cover = dance.ExactCover(["A", "B"], ["A B", "A", "B"], bounds={"A": (1, 2)})
    assert cover.count_memo() == cover.count() == 3


def test_solutions_list_their_options_as_sample_and_the_command_line_do(cli):
    path = TEST_DATA / "queens8.dlx"
    cover = dance.ExactCover.parse(path.read_text())
    # In increasing order of the options, as `dance cover` prints them,
    # whatever order the search chose them in.
    first = cover.first()
    assert first == sorted(first)
    printed = cli("cover", "--first", str(path))
    assert [" ".join(option) for option in cover.first(names=True)] == printed[: len(first)]
    assert all(solution == sorted(solution) for solution in cover.solutions())
    sampled = cover.sample(1, seed=5)[0]
    assert sampled == sorted(sampled)
    assert [" ".join(o) for o in cover.sample(1, seed=5, names=True)[0]] == cli(
        "cover", "--sample", "1", "--seed", "5", str(path)
    )[: len(sampled)]
