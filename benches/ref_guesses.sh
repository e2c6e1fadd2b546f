#!/usr/bin/env bash
# How big each solver's search tree is: guesses per puzzle of `dance solve`
# (`fast`: for plain 9×9 the engine's own deductions and own tree; `dlx`:
# Algorithm X with the MRV rule, the generic engine's tree; both from
# `--stats`) against the crates.io `sudoku` crate 0.8.0
# (examples/refsudoku_solve.rs, a JCZSolve port that also eliminates
# locked candidates within bands), in both modes of benches/vs_refsudoku.sh.
# A guess is an option tried at a branch point: a digit of a cell for `dlx`
# and the sudoku crate, a configuration of a digit in a band or stack (or
# a digit of a cell) for `fast`.
#
# The `sudoku` crate keeps no statistics, so its tree is measured with
# callgrind (valgrind must be installed): every option it tries at a guess
# is one call of `SudokuSolver::_solve`, and each puzzle makes one more
# call before its first guess. After the last solution wanted is found,
# each level on the way back still makes one call that returns at once, so
# the figure is an upper bound on its guesses (by the depth of that path).
#
#   benches/ref_guesses.sh [FILE...]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind > /dev/null || { echo "ref_guesses.sh needs valgrind" >&2; exit 1; }
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(benches/data/top95.txt benches/data/top1465.txt benches/data/17clue.txt
        benches/data/forum_hardest.txt benches/data/forum_hardest_1106.txt)
fi
cargo build --release --quiet --bin dance --example refsudoku_solve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# calls OUT — the calls of SudokuSolver::_solve recorded in callgrind's OUT
# (written with --compress-strings=no, so every call names its callee).
calls() {
    awk '/^cfn=/ { callee = substr($0, 5) }
        /^calls=/ && callee ~ /SudokuSolver::_solve$/ { split($0, c, /[= ]/); n += c[2] }
        END { print n + 0 }' "$1"
}

# guesses ENGINE FLAGS... FILE — dance's guesses per puzzle.
guesses() {
    local engine=$1
    shift
    target/release/dance solve -j1 --stats --engine "$engine" "$@" 2>&1 > /dev/null \
        | sed -n 's/^per puzzle: .* nodes, \([0-9.]*\) guesses$/\1/p'
}

echo "guesses per puzzle, $(date -u '+%Y-%m-%d %H:%M UTC')"
printf "%-24s %8s %-7s %10s %10s %14s %10s\n" file puzzles mode "fast" "dlx" "sudoku (≤)" "fast/dlx"
for set in "${files[@]}"; do
    puzzles=$(grep -cv '^[[:space:]]*$' "$set")
    for mode in first unique; do
        flag=()
        [ "$mode" = unique ] && flag=(--unique)
        fast=$(guesses fast "${flag[@]}" "$set")
        dlx=$(guesses dlx "${flag[@]}" "$set")
        valgrind --tool=callgrind --compress-strings=no --callgrind-out-file="$work/cg" \
            target/release/examples/refsudoku_solve "${flag[@]}" "$set" > /dev/null 2> "$work/log"
        theirs=$(echo "scale=1; ($(calls "$work/cg") - $puzzles) / $puzzles" | bc)
        printf "%-24s %8s %-7s %10s %10s %14s %10s\n" "$(basename "$set")" "$puzzles" "$mode" \
            "$fast" "$dlx" "$theirs" "$(echo "scale=2; $fast / $dlx" | bc)"
    done
done
