#!/usr/bin/env bash
# What reading a CSV dataset costs over the line format, on the same
# puzzles: benches/data/top1465.txt repeated to 20k puzzles, written once as
# lines and once as `id,puzzle,solution` CSV (the puzzle in the middle
# column, the solution after it, as in the public datasets), each solved by
# `dance solve -j1 -q` in alternating runs. Prints the CPU time (user+sys)
# of every run and the ratio of the medians; the issue's target is at most
# 1.10.
#
#   benches/csv.sh [RUNS]     # RUNS per format, default 5
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

: > "$work/puzzles.txt"
while [ "$(wc -l < "$work/puzzles.txt")" -lt 20000 ]; do
    cat benches/data/top1465.txt >> "$work/puzzles.txt"
done
head -n 20000 "$work/puzzles.txt" > "$work/lines.txt"
target/release/dance solve -q -j1 "$work/lines.txt" > "$work/solutions.txt"
{
    echo "id,puzzle,solution"
    paste -d, <(seq 1 20000) "$work/lines.txt" "$work/solutions.txt"
} > "$work/dataset.csv"

cpu() { # FILE
    /usr/bin/time -f "%U %S" target/release/dance solve -q -j1 "$1" 2>&1 > /dev/null |
        awk '{ printf "%.3f\n", $1 + $2 }'
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

: > "$work/line.cpu"
: > "$work/csv.cpu"
for _ in $(seq "$runs"); do
    cpu "$work/lines.txt" >> "$work/line.cpu"
    cpu "$work/dataset.csv" >> "$work/csv.cpu"
done
line=$(median < "$work/line.cpu")
csv=$(median < "$work/csv.cpu")
echo "line CPU s: $(tr '\n' ' ' < "$work/line.cpu")(median $line)"
echo "csv  CPU s: $(tr '\n' ' ' < "$work/csv.cpu")(median $csv)"
awk -v l="$line" -v c="$csv" 'BEGIN { printf "csv / line: %.3f\n", c / l }'
