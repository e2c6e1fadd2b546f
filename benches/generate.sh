#!/usr/bin/env bash
# What `dance generate` costs per shape: minimal puzzles (no `--clues`,
# except for 25×25, whose minimal puzzles are out of reach), one thread,
# `--seed 1`, output kept aside. CPU time (user+sys) of the whole command,
# start-up included, and the mean number of givens of the puzzles made.
# The same seed makes the same puzzles on every machine, so only the times
# depend on it.
#
#   benches/generate.sh     # prints a Markdown table
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| shape | args | puzzles | CPU (s) | ms per puzzle | givens (mean) |"
echo "|---|---|---:|---:|---:|---:|"
# LABEL|COUNT|ARGS
while IFS='|' read -r label count args; do
    # shellcheck disable=SC2086 # ARGS are several words
    /usr/bin/time -f "%U %S" -o "$work/time" \
        "$dance" generate -n "$count" --seed 1 -q -j1 $args > "$work/out"
    cpu=$(awk '{ printf "%.2f", $1 + $2 }' "$work/time")
    per=$(awk -v n="$count" '{ printf "%.2f", ($1 + $2) * 1000 / n }' "$work/time")
    givens=$(grep -v '^#' "$work/out" |
        awk '{ c = $1; gsub(/\./, "", c); s += length(c); n++ } END { printf "%.1f", s / n }')
    echo "| $label | \`$args\` | $count | $cpu | $per | $givens |"
done <<'ROWS'
4×4|2000|--size 4
6×6|1000|--size 6
8×8|300|--size 8
9×9|500|--size 9
9×9, rotational|500|--symmetry rotational
9×9, 30 clues|500|--clues 30
9×9 X-Sudoku|200|-x
9×9 jigsaw, random maps|100|--jigsaw
12×12|50|--size 12
16×16|30|--size 16
25×25, 350 clues|4|--size 25 --clues 350
25×25, 310 clues|4|--size 25 --clues 310
ROWS
