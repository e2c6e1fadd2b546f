"""The package's types checked against what it does: stubtest compares the
compiled module's stubs (dance/_native.pyi) and the package's annotations
with the installed package, and `mypy --strict` checks the package, every
Python example of README.md and docs/ (each file's examples as one module)
and tests/typing/ (`assert_type` on every kind of input). Run by .ci/run
with the wheel installed; exits non-zero on any error.

    python python/tests/typecheck.py
"""

import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON = ROOT / "python"
EXAMPLE = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def run(*args: str, cwd: Path) -> int:
    print("$", " ".join(args), flush=True)
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, check=False).returncode


def examples(folder: Path) -> list[Path]:
    """Each Markdown file's Python examples, written to `folder` as one
    module per file."""
    written = []
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        blocks = EXAMPLE.findall(doc.read_text())
        if blocks:
            module = folder / f"example_{doc.stem.lower()}.py"
            module.write_text("\n".join(blocks))
            written.append(module)
    return written


def main() -> int:
    config = str(PYTHON / "pyproject.toml")
    failed = run("mypy.stubtest", "dance", cwd=Path(tempfile.gettempdir()))
    failed |= run("mypy", "--config-file", config, "dance", cwd=PYTHON)
    with tempfile.TemporaryDirectory() as folder:
        modules = examples(Path(folder))
        if not modules:
            print("no Python example found in README.md or docs/", file=sys.stderr)
            return 1
        targets = [str(m) for m in modules] + [str(PYTHON / "tests" / "typing")]
        # Dask and distributed ship no types: calling them is an untyped
        # call under --strict whatever the example does, so only theirs are
        # let through.
        untyped = ["--untyped-calls-exclude", "dask", "--untyped-calls-exclude", "distributed"]
        failed |= run("mypy", "--strict", *untyped, *targets, cwd=Path(folder))
    return failed


if __name__ == "__main__":
    sys.exit(main())
