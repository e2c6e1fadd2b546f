"""Exact cover the way the other Python packages take it — a 0/1 matrix
(NumPy or SciPy sparse), items named by any hashable value — checked
solutions, problems as dict keys, and the toolbox of the command line:
the cheapest solutions (`best`, as `dance cover --best`) and DLX-PRE's
reductions with the way back (`preprocess`, as `--preprocess`/`--reduce`)."""

import itertools
import pickle

import numpy as np
import pytest

import dance
from conftest import BENCH_DATA

# Knuth's toy problem as a matrix: columns a..g, one solution {0, 3, 4}.
TOY = np.array(
    [
        [0, 0, 1, 0, 1, 0, 0],
        [1, 0, 0, 1, 0, 0, 1],
        [0, 1, 1, 0, 0, 1, 0],
        [1, 0, 0, 1, 0, 1, 0],
        [0, 1, 0, 0, 0, 0, 1],
        [0, 0, 0, 1, 1, 0, 1],
    ],
    dtype=bool,
)


def brute_force(cover):
    """Every solution, by trying every set of options."""
    found = []
    for size in range(cover.option_count + 1):
        for chosen in itertools.combinations(range(cover.option_count), size):
            if cover.verify(chosen):
                found.append(list(chosen))
    return sorted(found)


def test_a_matrix_counts_as_its_options():
    cover = dance.ExactCover.from_matrix(TOY)
    assert cover.items == list(range(7)) and cover.option_count == 6
    assert cover.count() == 1
    assert sorted(cover.first()) == [0, 3, 4]
    assert cover.option(0) == [2, 4]
    named = dance.ExactCover.from_matrix(TOY.astype(np.int8), names=list("abcdefg"))
    assert named == dance.ExactCover(list("abcdefg"), ["c e", "a d g", "b c f", "a d f", "b g", "d e g"])
    assert sorted(map(sorted, named.first(names=True))) == [["a", "d", "f"], ["b", "g"], ["c", "e"]]


def test_a_sparse_matrix_reads_as_the_dense_one():
    sparse = pytest.importorskip("scipy.sparse")
    for form in (sparse.csr_matrix, sparse.coo_matrix, sparse.csc_array):
        cover = dance.ExactCover.from_matrix(form(TOY.astype(np.float64)))
        assert cover == dance.ExactCover.from_matrix(TOY)
    # Duplicate entries add up, explicit zeros are no entry.
    coo = sparse.coo_matrix(([1, 1, 1, 0], ([0, 0, 1, 1], [1, 1, 0, 1])), shape=(2, 2))
    cover = dance.ExactCover.from_matrix(coo)
    assert (cover.option(0), cover.option(1)) == ([1], [0])


def test_primary_columns_and_secondary_ones():
    # Two queens on a 2x2 board cannot stand: rows and columns primary,
    # the two diagonals secondary.
    matrix = np.array([[1, 0, 1, 0, 1, 0], [1, 0, 0, 1, 0, 1], [0, 1, 1, 0, 0, 1], [0, 1, 0, 1, 1, 0]])
    assert dance.ExactCover.from_matrix(matrix, primary=4).count() == 0
    assert dance.ExactCover.from_matrix(matrix[:, :4]).count() == 2


@pytest.mark.parametrize(
    "matrix, kind, words",
    [
        (np.zeros((2, 3, 4)), ValueError, "2-dimensional"),
        (np.array([[1, 0], [0, 0]]), ValueError, "matrix row 1: an option must contain at least one item"),
        (np.array([["a"]]), TypeError, "booleans or numbers"),
    ],
)
def test_matrices_that_are_no_problem(matrix, kind, words):
    with pytest.raises(kind, match=words):
        dance.ExactCover.from_matrix(matrix)


def test_names_of_any_hashable_type():
    cells = [(r, c) for r in range(2) for c in range(3)]
    dominoes = [[(r, c), (r, c + 1)] for r in range(2) for c in range(2)]
    dominoes += [[(0, c), (1, c)] for c in range(3)]
    cover = dance.ExactCover(cells, dominoes)
    assert cover.count() == 3  # tilings of a 2x3 board
    assert cover.items == cells
    tiling = cover.first(names=True)
    assert sorted(cell for domino in tiling for cell in domino) == cells
    again = pickle.loads(pickle.dumps(cover))
    assert again == cover and hash(again) == hash(cover) and again.items == cells
    with pytest.raises(ValueError, match=r"options\[0\]: unknown item \(5, 5\)"):
        dance.ExactCover(cells, [[(5, 5)]])
    with pytest.raises(TypeError, match="hashable"):
        dance.ExactCover([[1], [2]], [])
    with pytest.raises(ValueError, match="given twice"):
        dance.ExactCover([1, 1], [])


def test_verify_agrees_with_the_search():
    cover = dance.ExactCover(
        ["p", "q", "r"],
        ["p q x:A", "r x:A", "p", "q r x:B", "q", "r"],
        secondary=["x"],
    )
    found = brute_force(cover)
    assert sorted(map(sorted, cover.solutions())) == found
    assert not cover.verify([0, 3])  # x colored A and B
    assert not cover.verify([0, 0, 1])
    with pytest.raises(IndexError):
        cover.verify([9])
    sub = cover.select([2])
    assert all(sub.verify(s) == (2 in s) for s in found)


def test_problems_are_hashable_and_equal_by_content():
    a = dance.ExactCover(["a", "b"], ["a b", "a", "b"])
    b = dance.ExactCover.parse("a b\na b\na\nb\n")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a.select([1]) != a and {a: 1}[b] == 1
    costly = dance.ExactCover(["a", "b"], ["a b", "a", "b"], costs=[1, 0, 0])
    assert a != costly and pickle.loads(pickle.dumps(costly)) == costly
    assert costly.costs == [1, 0, 0] and dance.ExactCover.parse(costly.to_text()) == costly


def test_the_cheapest_solutions_match_the_command_line_and_brute_force(cli):
    text = (BENCH_DATA / "queens12_costs.dlx").read_text()
    cover = dance.ExactCover.parse(text)
    assert any(cover.costs)
    best = cover.best(10)
    expected = cli("cover", "--best", "10", str(BENCH_DATA / "queens12_costs.dlx"))
    costs = [int(line.split()[1]) for line in expected if line.startswith("cost ")]
    assert [cost for cost, _ in best] == costs
    assert all(cover.verify(solution) for _, solution in best)
    assert all(cost == sum(cover.costs[o] for o in solution) for cost, solution in best)
    small = dance.ExactCover(["a", "b", "c"], ["a b", "c", "a", "b c", "b", "a c"], costs=[5, 1, 1, 2, 3, 1])
    every = sorted(sum(small.costs[o] for o in s) for s in brute_force(small))
    assert [cost for cost, _ in small.best(10)] == every
    with pytest.raises(ValueError, match="k: expected an int from 1"):
        small.best(0)


def test_the_cheapest_on_threads_are_those_of_one_thread():
    cover = dance.ExactCover.parse((BENCH_DATA / "queens12_costs.dlx").read_text())
    one = cover.best(20, threads=1)
    assert cover.best(20, threads=2) == one == cover.best(20, threads=4)
    with pytest.raises(ValueError, match="threads"):
        cover.best(1, threads=-1)


def test_a_timeout_keeps_the_best_found_so_far():
    text = (BENCH_DATA / "queens20_costs.dlx").read_text()
    with pytest.raises(TimeoutError, match="not proven the cheapest") as caught:
        dance.ExactCover.parse(text).best(1, timeout=1e-3)
    assert isinstance(caught.value.best, list)


def test_preprocess_reduces_and_maps_back():
    cover = dance.ExactCover.parse((BENCH_DATA / "pentominoes6x10.dlx").read_text())
    reduced = cover.preprocess()
    assert reduced.options_removed == 144
    assert reduced.problem.option_count == cover.option_count - 144
    solution = reduced.problem.first()
    assert cover.verify(reduced.original(solution))
    # Counts unchanged, on a small problem with colors.
    small = dance.ExactCover(["p", "q"], ["p x:A", "q x:A", "p q", "q x:B"], secondary=["x"])
    shrunk = small.preprocess()
    assert shrunk.problem.count() == small.count()
    assert sorted(sorted(shrunk.original(s)) for s in shrunk.problem.solutions()) == brute_force(small)
    with pytest.raises(ValueError, match="bounds"):
        dance.ExactCover(["a"], ["a"], bounds={"a": (0, 1)}).preprocess()
    again = pickle.loads(pickle.dumps(reduced))
    assert again.problem == reduced.problem and again.options_removed == 144
