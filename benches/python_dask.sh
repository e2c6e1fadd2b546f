#!/usr/bin/env bash
# dance.dask on this machine: one Dask worker against two, and Dask against
# in-process dance.solve.
#
# The measuring is benches/python_dask.py; this script prepares its input.
#
# * Batch: benches/data/17clue.txt repeated REPEAT times (102: 5,014,116
#   puzzles), read as a bag of lines in 8 MiB partitions and solved with
#   dance.dask.solve; each partition's statuses are checked and counted on
#   its worker, so only counts come back. In process: the same blocks of
#   lines through dance.solve(threads=1), checked and counted alike.
# * Count: COVER (default pentominoes 6x10) split into at least PARTS
#   subproblems (default 64), counted with dance.dask.count; the sum must be
#   the command line's count.
#
# * Ceiling: what this machine allows two processes on the batch — two
#   copies of the in-process run at once, each on the whole batch; two
#   workers cannot beat 2 x (in process) / (2 copies), and on a loaded
#   machine that is well below 2.
#
# Workers are processes of one thread (`dask worker --nthreads 1`), on a
# distributed.LocalCluster of one worker and one of two, both started
# before the first run and warmed up; runs alternate (in process, two
# copies, one worker, two workers, ...) so that load from other work falls
# on all alike. Prints every run, then medians of wall time and of CPU time
# (user + sys of the workers' processes and of this one), the speedup of
# two workers over one (wall) and Dask's overhead over in-process solving
# (one worker against dance.solve, CPU and wall).
#
# Usage: benches/python_dask.sh [ROUNDS] [REPEAT] [COVER] [PARTS]
#        (default 3 rounds, 102 copies, benches/data/pentominoes6x10.dlx, 64)
#
# Installs the package with its dask extra into a throwaway virtualenv
# (pip install "./python[dask]"), or uses the one named by DANCE_VENV.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
repeat="${2:-102}"
cover="${3:-benches/data/pentominoes6x10.dlx}"
parts="${4:-64}"

cargo build --release --locked --quiet --bin dance
cli="${CARGO_TARGET_DIR:-target}/release/dance"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
if [ -n "${DANCE_VENV:-}" ]; then
    venv="$DANCE_VENV"
else
    venv="$work/venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "./python[dask]"
fi

batch="$work/17clue_x$repeat.txt"
for _ in $(seq "$repeat"); do cat benches/data/17clue.txt; done > "$batch"
expected="$("$cli" cover "$cover")"

"$venv/bin/python" benches/python_dask.py "$batch" "$cover" "$parts" "$rounds" "$expected"
