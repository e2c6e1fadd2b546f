"""`dance.Count`: a number of solutions that says whether it is exact."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing_extensions import disjoint_base
else:

    def disjoint_base(cls: type) -> type:
        """What `typing_extensions.disjoint_base` does at run time: nothing
        (the package needs no typing_extensions to run)."""
        return cls



# An int subclass with a `__dict__`: no class can derive from it and
# another such base at once, which type checkers are told.
@disjoint_base
class Count(int):
    """A number of solutions: an `int` that also says whether it is exact.

    `ExactCover.count` and `count_memo` return one. It is the number itself
    for arithmetic, comparisons, `sum` and JSON; `exact` is False when the
    number is a lower bound — more solutions than the `limit` asked for, or
    a search stopped by its `timeout` (then `timed_out` is True too).
    `str()` prints it as the command line does: `92`, or `91+` when not
    exact. Counts pickle with both flags.
    """

    exact: bool
    """Whether the number is the exact count (False: a lower bound)."""
    timed_out: bool
    """Whether the search's timeout stopped it before the end."""

    def __new__(cls, value: int, exact: bool = True, timed_out: bool = False) -> Count:
        if value < 0:
            raise ValueError(f"value: a count is at least 0, found {value}")
        count = super().__new__(cls, value)
        count.exact = bool(exact)
        count.timed_out = bool(timed_out)
        return count

    def __str__(self) -> str:
        return f"{int(self)}" if self.exact else f"{int(self)}+"

    def __repr__(self) -> str:
        flags = "" if self.exact else ", exact=False"
        flags += ", timed_out=True" if self.timed_out else ""
        return f"Count({int(self)}{flags})"

    def __reduce__(self) -> tuple[type[Count], tuple[int, bool, bool]]:
        return (Count, (int(self), self.exact, self.timed_out))
