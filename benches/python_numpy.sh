#!/usr/bin/env bash
# The Python package against the command line: solving every puzzle of
# benches/data/17clue.txt (49,158 17-clue puzzles) with `dance.solve` on a
# NumPy array, and with `dance solve` on the file, with the same number of
# threads. Runs alternate (CLI, Python, CLI, ...) so that load from other
# work on the machine falls on both alike; prints every run, the medians
# and their ratios, for wall time and for CPU time.
#
# Usage: benches/python_numpy.sh [ROUNDS] [THREADS]   (default 5 rounds, 2 threads)
#
# Installs the package into a throwaway virtualenv (pip install maturin numpy,
# then pip install ./python), or uses the one named by DANCE_VENV when set.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
threads="${2:-2}"

cargo build --release --locked --quiet --bin dance
target="${CARGO_TARGET_DIR:-target}"
cli="$target/release/dance"

if [ -n "${DANCE_VENV:-}" ]; then
    venv="$DANCE_VENV"
else
    venv="$(mktemp -d)"
    trap 'rm -rf "$venv"' EXIT
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check maturin numpy
    "$venv/bin/pip" install --quiet --disable-pip-version-check ./python
fi

"$venv/bin/python" - "$cli" benches/data/17clue.txt "$rounds" "$threads" <<'EOF'
import resource
import statistics
import subprocess
import sys
import time

import numpy as np

import dance

cli, path, rounds, threads = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])


def load(path):
    """The file's puzzles as an (n, 81) uint8 array, 0 for a blank."""
    with open(path, "rb") as file:
        lines = file.read().split()
    cells = np.frombuffer(b"".join(lines), dtype=np.uint8).reshape(len(lines), 81)
    return np.where(cells == ord("."), 0, cells - ord("0")).astype(np.uint8)


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_cli(mode):
    args = [cli, "solve", "-j", str(threads), path] + (["--unique"] if mode == "unique" else [])
    cpu, wall = children_cpu(), time.perf_counter()
    subprocess.run(args, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - wall, children_cpu() - cpu


def run_python(mode, puzzles):
    cpu, wall = time.process_time(), time.perf_counter()
    solutions, status = dance.solve(puzzles, mode=mode, threads=threads)
    elapsed = time.perf_counter() - wall, time.process_time() - cpu
    expected = "unique" if mode == "unique" else "solved"
    assert solutions.shape == puzzles.shape and set(status) == {expected}
    return elapsed


def run_python_with_load(mode):
    cpu, wall = time.process_time(), time.perf_counter()
    run_python(mode, load(path))
    return time.perf_counter() - wall, time.process_time() - cpu


puzzles = load(path)
print(f"{len(puzzles)} puzzles from {path}, {threads} threads, {rounds} alternating rounds")
print(f"dance {dance.__version__}, numpy {np.__version__}")
for mode in ("first", "unique"):
    runs = {"dance solve (file)": [], "dance.solve (array)": [], "load + dance.solve": []}
    for _ in range(rounds):
        runs["dance solve (file)"].append(run_cli(mode))
        runs["dance.solve (array)"].append(run_python(mode, puzzles))
        runs["load + dance.solve"].append(run_python_with_load(mode))
    print(f"\nmode={mode}")
    medians = {}
    for name, times in runs.items():
        wall = statistics.median(t[0] for t in times)
        cpu = statistics.median(t[1] for t in times)
        medians[name] = (wall, cpu)
        shown = " ".join(f"{t[0]:.3f}" for t in times)
        print(f"  {name:<22} wall median {wall:.3f} s  cpu median {cpu:.3f} s  (wall runs: {shown})")
    base_wall, base_cpu = medians["dance solve (file)"]
    for name in ("dance.solve (array)", "load + dance.solve"):
        wall, cpu = medians[name]
        print(f"  {name} / dance solve: wall {wall / base_wall:.3f}x, cpu {cpu / base_cpu:.3f}x")
EOF
