#!/usr/bin/env bash
# The Python package against its peers on the package registry, raced on CPU
# time: `xcover` (exact cover with colors, numba-compiled Algorithm C) and
# `exact-cover` (a C extension over a dense 0/1 matrix) against
# dance.ExactCover on 12 queens and pentominoes 6x10 (count all); `rustoku`
# and `lib-sudoku` (Sudoku solvers in Rust with Python bindings) against
# dance.solve on the first 1,000 puzzles of benches/data/top1465.txt, and
# `py-sudoku` (plain Python) on the first 100 (first solution; dance with its
# default engine, its own deductions and tree, and with engine="dlx",
# Dancing Links).
#
# The measuring is benches/python_peers.py: every run is a fresh process,
# dance and the peer alternate, answers must be equal; prints every run and
# a table of medians with the ratio peer / dance (above 1: dance faster).
#
# Usage: benches/python_peers.sh [ROUNDS] [PEER...]
#        (default 3 rounds; peers xcover exact-cover rustoku lib-sudoku py-sudoku)
#
# Installs the peers into a throwaway virtualenv (rustoku ships a source
# distribution only: pip builds it with cargo); a peer that does not install
# is named and skipped. The package goes into the same virtualenv
# (pip install ./python), unless DANCE_VENV names one that has it.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-3}"
shift || true
requested=("$@")
[ ${#requested[@]} -gt 0 ] || requested=(xcover exact-cover rustoku lib-sudoku py-sudoku)

venv="$(mktemp -d)"
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
pip=("$venv/bin/pip" install --quiet --disable-pip-version-check)

peers=()
for peer in "${requested[@]}"; do
    case "$peer" in
        xcover | exact-cover | rustoku | lib-sudoku | py-sudoku) ;;
        *) echo "unknown peer $peer: xcover, exact-cover, rustoku, lib-sudoku or py-sudoku" >&2; exit 2 ;;
    esac
    if "${pip[@]}" "$peer"; then
        peers+=("$peer")
    else
        echo "skipping $peer: pip install $peer failed on this machine" >&2
    fi
done
[ ${#peers[@]} -gt 0 ] || { echo "no peer installed" >&2; exit 1; }

if [ -n "${DANCE_VENV:-}" ]; then
    dance_python="$DANCE_VENV/bin/python"
else
    "${pip[@]}" ./python
    dance_python="$venv/bin/python"
fi

"$venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep -Ei '^(xcover|exact.cover|rustoku|lib.sudoku|py.sudoku|numba|numpy) '
"$dance_python" -c 'import dance; print("dance", dance.__version__, "from", dance.__file__)'
"$dance_python" benches/python_peers.py race "$rounds" "$dance_python" "$venv/bin/python" "${peers[@]}"
