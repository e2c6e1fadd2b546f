"""What a type checker says `ExactCover.zdd`, `ExactCover.sample` and
`dance.Zdd` return, and what they return at run time: `mypy --strict`
checks the `assert_type` lines (python/tests/typecheck.py), pytest runs the
file (test_typing.py) so that the asserts below check the values."""

from collections.abc import Iterator
from typing import Any, assert_type

import dance

cover = dance.ExactCover(["a", "b", "c"], ["a b", "c", "a", "b c"])
zdd = cover.zdd(memory_mb=16, timeout=10.0, seed=3)
assert_type(zdd, dance.Zdd)
assert isinstance(zdd, dance.Zdd)

count = zdd.count
assert_type(count, int)
assert type(count) is int and count == 2
assert_type(zdd.nodes, int)
assert len(zdd) == zdd.nodes

through = zdd.count_through()
assert_type(through, list[int])
assert through == [1, 1, 1, 1]

numbers = zdd.solutions()
assert_type(numbers, Iterator[list[int]])
assert sorted(sorted(s) for s in numbers) == [[0, 1], [2, 3]]
named = zdd.solutions(names=True)
assert_type(named, Iterator[list[list[Any]]])
assert all(isinstance(option, list) for s in named for option in s)

drawn = zdd.sample(4, seed=1)
assert_type(drawn, list[list[int]])
assert len(drawn) == 4 and all(cover.verify(s) for s in drawn)
assert_type(zdd.sample(1, names=True), list[list[list[Any]]])

sampled = cover.sample(3, seed=3)
assert_type(sampled, list[list[int]])
assert sampled == zdd.sample(3, seed=3)
assert_type(cover.sample(1, names=True, memory_mb=16, timeout=None), list[list[list[Any]]])

text = zdd.to_text()
assert_type(text, str)
back = dance.Zdd.parse(text)
assert_type(back, dance.Zdd)
assert back == zdd
