"""The kinds of answer that the type assertions of tests/typing/ claim are
the kinds returned: the file runs, and its plain asserts check the values
(`mypy --strict` checks its `assert_type` lines: python/tests/typecheck.py)."""

import runpy
from pathlib import Path

import pytest


def test_the_typed_paths_run_as_typed():
    pytest.importorskip("pandas")
    runpy.run_path(str(Path(__file__).parent / "typing" / "paths.py"))


def test_the_typed_zdd_calls_run_as_typed():
    runpy.run_path(str(Path(__file__).parent / "typing" / "zdd.py"))
