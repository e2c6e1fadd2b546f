"""Shared fixtures: the repository's data files and its command line."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEST_DATA = ROOT / "tests" / "data"
BENCH_DATA = ROOT / "benches" / "data"


def records(path: Path) -> list[str]:
    """The content lines of a line-format file (no blank or `#` lines)."""
    lines = path.read_text().splitlines()
    return [line for line in lines if line.strip() and not line.lstrip().startswith("#")]


@pytest.fixture(scope="session")
def cli():
    """Runs the `dance` command line, built once per session by cargo, and
    returns its standard output's lines."""
    subprocess.run(
        ["cargo", "build", "--release", "--locked", "--quiet", "--bin", "dance"],
        cwd=ROOT,
        check=True,
    )
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    binary = target / "release" / "dance"

    def run(*args: str) -> list[str]:
        done = subprocess.run(
            [str(binary), *args], cwd=ROOT, capture_output=True, text=True, check=False
        )
        # 0: everything solved or rated; 1: some record was not.
        assert done.returncode in (0, 1), done.stderr
        return done.stdout.splitlines()

    return run
