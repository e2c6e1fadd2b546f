#!/usr/bin/env bash
# Threads: -j1 against -j2 (or -jN given as $1) for `dance solve` on the 17-clue
# sample and for `dance cover` counts that take more than a second. Runs
# alternate (j1, jN, j1, jN, …) so both see the same machine load; the table
# gives the median wall time of each, the speedup, and CPU time (user+sys).
#
#   benches/scaling.sh [THREADS] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
threads=${1:-2}
rounds=${2:-3}
cargo build --release --quiet
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The 17-clue sample, repeated to about 200k puzzles.
for _ in $(seq 40); do cat benches/data/17clue_sample.txt; done > "$work/17clue.txt"

measure() { # ROUND-LABEL COMMAND...
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null
    read -r wall user sys < "$work/time"
    echo "$wall $(echo "$user + $sys" | bc)"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

row() { # NAME COMMAND-WITHOUT-J...
    local name=$1
    shift
    : > "$work/one"
    : > "$work/many"
    for _ in $(seq "$rounds"); do
        measure "$@" -j1 >> "$work/one"
        measure "$@" -j"$threads" >> "$work/many"
    done
    local w1 c1 wn cn
    w1=$(cut -d' ' -f1 "$work/one" | median)
    c1=$(cut -d' ' -f2 "$work/one" | median)
    wn=$(cut -d' ' -f1 "$work/many" | median)
    cn=$(cut -d' ' -f2 "$work/many" | median)
    echo "| $name | $w1 | $wn | $(echo "scale=2; $w1 / $wn" | bc) | $c1 | $cn |"
}

echo "| workload | -j1 wall (s) | -j$threads wall (s) | speedup | -j1 CPU (s) | -j$threads CPU (s) |"
echo "|---|---:|---:|---:|---:|---:|"
row "solve, 17-clue sample ×40 (196,640 puzzles)" "$dance" solve -q "$work/17clue.txt"
row "cover, 13 queens (73,712)" "$dance" cover -q benches/data/queens13.dlx
row "cover, 14 queens (365,596)" "$dance" cover -q benches/data/queens14.dlx
row "cover, Langford n = 12 (216,288)" "$dance" cover -q benches/data/langford12.dlx
row "cover, pentominoes 6×10 (9,356)" "$dance" cover -q benches/data/pentominoes6x10.dlx
