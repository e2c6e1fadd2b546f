"""`ExactCover.zdd()`, `dance.Zdd` and `ExactCover.sample`: the ZDD of every
solution counts as the searches count, lists and samples every solution,
writes the bytes `dance cover --zdd -` writes, samples what `dance cover
--sample N --seed S` prints, reads its text back and pickles."""

import itertools
import pickle
from collections import Counter

import pytest

import dance
from conftest import TEST_DATA
from test_exact_cover import dominoes, langford, queens


def fibonacci(n):
    """F(n), F(1) = F(2) = 1."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


@pytest.mark.parametrize(
    "cover",
    [queens(6), queens(8), langford(7), dominoes(4, 4), dominoes(6, 6)],
    ids=["queens6", "queens8", "langford7", "dominoes4x4", "dominoes6x6"],
)
def test_count_is_the_memo_count_and_the_search_count(cover):
    zdd = cover.zdd()
    assert type(zdd.count) is int
    assert zdd.count == cover.count_memo() == cover.count()
    assert len(zdd) == zdd.nodes > 0


def test_count_past_two_to_the_64_on_domino_boards():
    # 2 x n domino tilings are Fibonacci numbers: F(301) has 63 digits.
    zdd = dominoes(2, 300).zdd()
    assert zdd.count == fibonacci(301) == dominoes(2, 300).count_memo()
    assert zdd.count > 2**128
    # 10 x 10: 258584046368 tilings.
    assert dominoes(10, 10).zdd().count == 258_584_046_368 == dominoes(10, 10).count_memo()


def test_solutions_are_the_searchs_solutions():
    cover = queens(8)
    zdd = cover.zdd()
    listed = [sorted(solution) for solution in zdd.solutions()]
    assert len(listed) == 92
    assert {tuple(s) for s in listed} == {tuple(sorted(s)) for s in cover}
    assert all(cover.verify(solution) for solution in listed)
    lazy = zdd.solutions()
    assert len(list(lazy)) == 92 and next(lazy, None) is None
    named = next(zdd.solutions(names=True))
    first = next(zdd.solutions())
    assert named == [cover.option(option) for option in first]


def test_count_through_each_option():
    cover = queens(8)
    through = cover.zdd().count_through()
    assert len(through) == cover.option_count
    solutions = [set(solution) for solution in cover]
    assert through == [sum(option in s for s in solutions) for option in range(cover.option_count)]
    assert sum(through) == 8 * 92
    big = dominoes(2, 300).zdd().count_through()
    assert all(type(count) is int for count in big) and max(big) > 2**64


def test_every_sample_verifies_and_is_sorted():
    cover = dominoes(6, 6)
    drawn = cover.sample(200, seed=3)
    assert len(drawn) == 200
    assert all(cover.verify(solution) and solution == sorted(solution) for solution in drawn)
    assert len({tuple(s) for s in drawn}) > 150  # 6728 tilings: few repeats
    big = dominoes(2, 300)
    assert all(big.verify(solution) for solution in big.sample(20, seed=1))


def test_samples_are_uniform():
    # 2 x 4: 5 tilings; 5000 draws (fixed by the seed) land about 1000 on each.
    drawn = Counter(tuple(s) for s in dominoes(2, 4).sample(5000, seed=11))
    assert len(drawn) == 5
    assert all(850 < times < 1150 for times in drawn.values()), drawn


def test_sample_is_the_zdds_sample_and_a_seed_repeats():
    cover = queens(8)
    assert cover.sample(10, seed=4) == cover.zdd(seed=4).sample(10, seed=4)
    assert cover.sample(10) == cover.zdd().sample(10) == cover.zdd().sample(10, seed=0)
    assert cover.sample(10, seed=4) == cover.sample(10, seed=4)
    assert cover.sample(10, seed=4) != cover.sample(10, seed=5)
    assert cover.sample(0) == []
    named = cover.sample(3, seed=2, names=True)
    assert named == [[cover.option(o) for o in s] for s in cover.sample(3, seed=2)]


def printed(cover, solutions):
    """Solutions as `dance cover --all` prints them: an option per line,
    a blank line after each."""
    lines = []
    for solution in solutions:
        lines += [" ".join(cover.option(option)) for option in solution] + [""]
    return lines


@pytest.mark.parametrize("name", ["queens8.dlx", "langford8.dlx", "toy.dlx", "colored.dlx"])
@pytest.mark.parametrize("seed", [None, 0, 5, 2024])
def test_sample_is_the_command_lines_sample(cli, name, seed):
    path = TEST_DATA / name
    cover = dance.ExactCover.parse(path.read_text())
    flags = [] if seed is None else ["--seed", str(seed)]
    expected = cli("cover", "--sample", "7", *flags, str(path))
    assert printed(cover, cover.sample(7, seed=seed)) == expected


@pytest.mark.parametrize("name", ["queens8.dlx", "langford8.dlx", "toy.dlx", "colored.dlx"])
def test_to_text_is_the_command_lines_zdd(cli, name):
    path = TEST_DATA / name
    cover = dance.ExactCover.parse(path.read_text())
    assert cover.zdd().to_text().splitlines() == cli("cover", "--zdd", "-", str(path))
    seeded = cli("cover", "--zdd", "-", "--seed", "9", str(path))
    assert cover.zdd(seed=9).to_text().splitlines() == seeded


def test_toy_problems_zdd_text():
    cover = dance.ExactCover.parse((TEST_DATA / "toy.dlx").read_text())
    text = "2: (~1?0:1)\n3: (~5?0:2)\n4: (~4?0:3)\n5: (~0?0:4)\n"
    assert cover.zdd().to_text() == text
    assert dance.Zdd.parse(text) == cover.zdd()


def test_a_subproblems_zdd_holds_its_selection():
    cover = queens(8)
    part = cover.select([3])
    zdd = part.zdd()
    assert zdd.count == part.count() > 0
    assert all(3 in solution for solution in zdd.solutions())
    assert all(3 in solution for solution in part.sample(5, seed=1))


def test_round_trip_and_equality():
    for cover in [queens(8), dominoes(2, 300), langford(7)]:
        zdd = cover.zdd()
        back = dance.Zdd.parse(zdd.to_text())
        assert back == zdd and back.count == zdd.count and len(back) == len(zdd)
        assert back.to_text() == zdd.to_text()
        assert back.sample(5, seed=8) == zdd.sample(5, seed=8)
        assert list(itertools.islice(back.solutions(), 100)) == list(
            itertools.islice(zdd.solutions(), 100)
        )
    assert queens(8).zdd() != queens(6).zdd()
    assert queens(8).zdd() != "queens"
    assert repr(queens(8).zdd()).startswith("Zdd(count=92, nodes=")


def test_pickle():
    zdd = queens(8).zdd()
    again = pickle.loads(pickle.dumps(zdd))
    assert again == zdd and again.count == 92
    assert again.sample(4, seed=1) == zdd.sample(4, seed=1)
    with pytest.raises(TypeError, match="cannot pickle"):
        pickle.dumps(zdd.solutions())


def test_no_solution():
    cover = dance.ExactCover(["a", "b"], ["a"])
    zdd = cover.zdd()
    assert zdd.count == 0 and len(zdd) == 0 and list(zdd.solutions()) == []
    assert zdd.sample(3) == [] and cover.sample(3) == []
    assert zdd.count_through() == [0]
    assert dance.Zdd.parse(zdd.to_text()) == zdd


def test_a_read_diagram_has_no_names():
    zdd = dance.Zdd.parse(queens(8).zdd().to_text())
    assert len(list(zdd.solutions())) == 92
    for call in [lambda: zdd.solutions(names=True), lambda: zdd.sample(1, names=True)]:
        with pytest.raises(ValueError, match="read from text"):
            call()


def test_bad_text_names_line_and_column():
    with pytest.raises(dance.ParseError) as error:
        dance.Zdd.parse("2: (~1?0:1)\n3: (~1?0:x)\n4: (~0?0:3)\n")
    assert error.value.line == 2 and error.value.column == 10
    assert str(error.value).startswith("2:10: ")
    with pytest.raises(dance.ParseError) as error:
        dance.Zdd.parse("2: (~1?0:1)\n2: (~2?0:1)\n4: (~0?0:2)\n")
    assert error.value.line == 2 and "defined again" in str(error.value)
    with pytest.raises(ValueError, match="no root"):
        dance.Zdd.parse("2: (~1?0:1)\n")


def test_problems_with_bounds_have_their_zdd_memo_count_and_samples():
    # A once or twice, B exactly once: {A B}, {A, B}, {A, A B}.
    small = dance.ExactCover(["A", "B"], ["A B", "A", "B"], bounds={"A": (1, 2)})
    assert small.count() == small.count_memo() == small.zdd().count == 3
    # With colors and secondary items: c twice, a once or twice, b at most twice.
    cover = dance.ExactCover(
        ["a", "b", "c"],
        ["a b x:1", "b c x:2", "a c y", "c", "b y:1", "a x:1 y", "c x:1", "c y:2", "a"],
        secondary=["x", "y"],
        bounds={"a": (1, 2), "b": (0, 2), "c": 2},
    )
    zdd = cover.zdd()
    expected = {tuple(sorted(s)) for s in cover}
    assert len(expected) > 0
    assert zdd.count == cover.count_memo() == cover.count() == len(expected)
    assert {tuple(sorted(s)) for s in zdd.solutions()} == expected
    samples = cover.sample(50, seed=3)
    assert len(samples) == 50
    assert all(tuple(s) in expected and cover.verify(s) for s in samples)
    assert samples == cover.sample(50, seed=3)
    assert pickle.loads(pickle.dumps(zdd)) == zdd


def test_bad_arguments():
    cover = queens(4)
    with pytest.raises(ValueError, match="memory_mb"):
        cover.zdd(memory_mb=0)
    with pytest.raises(ValueError, match="n: expected a count of at least 0"):
        cover.sample(-1)
    with pytest.raises(ValueError, match="seed"):
        cover.sample(1, seed=-1)
    with pytest.raises(ValueError, match="seed"):
        cover.zdd().sample(1, seed=2**64)
    with pytest.raises(TypeError):
        cover.sample("3")
    with pytest.raises(TypeError):
        dance.Zdd.parse(3)


def test_timeout_stops_the_build():
    # 20 queens: far more than a tenth of a second of search.
    for call in [lambda: queens(20).zdd(timeout=0.1), lambda: queens(20).sample(1, timeout=0.1)]:
        with pytest.raises(TimeoutError, match="not complete after 0.1 s"):
            call()


def test_a_small_memo_gives_the_same_diagram():
    cover = dominoes(6, 6)
    assert cover.zdd(memory_mb=1) == cover.zdd()
