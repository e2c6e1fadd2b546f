#!/usr/bin/env bash
# Threads: -j1 against -j2 (or -jN given as $1) for `dance solve` on the 17-clue
# sample and forum_hardest, and for `dance cover` counts that take more than a
# second. Runs alternate (j1, jN, N copies, j1, …) so all see the same
# machine load; the table gives the median wall time of each, the speedup,
# and CPU time (user+sys). "Ceiling" is what the machine itself allows: N separate -j1
# processes started together, each doing the whole job, give N times the
# work in the wall time of the slowest, so N · (-j1 wall) / that is the
# speedup N threads could reach if they shared nothing (on shared vCPUs it
# is below N: each process runs slower while the others run). "Of ceiling"
# is the speedup divided by it: how much of what the machine allows the
# threads reach.
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
# forum_hardest, repeated to 30,480 puzzles.
for _ in $(seq 10); do cat benches/data/forum_hardest.txt; done > "$work/forum_hardest.txt"

measure() { # ROUND-LABEL COMMAND...
    /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null
    read -r wall user sys < "$work/time"
    echo "$wall $(echo "$user + $sys" | bc)"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# copies COMMAND... — the wall time of the slowest of $threads copies of
# COMMAND started together.
copies() {
    for k in $(seq "$threads"); do
        /usr/bin/time -f "%e" -o "$work/copy$k" "$@" > /dev/null &
    done
    wait
    cat "$work"/copy* | sort -n | tail -1
}

row() { # NAME COMMAND-WITHOUT-J...
    local name=$1
    shift
    : > "$work/one"
    : > "$work/many"
    : > "$work/copies"
    for _ in $(seq "$rounds"); do
        measure "$@" -j1 >> "$work/one"
        measure "$@" -j"$threads" >> "$work/many"
        copies "$@" -j1 >> "$work/copies"
    done
    local w1 c1 wn cn wc speedup ceiling
    w1=$(cut -d' ' -f1 "$work/one" | median)
    c1=$(cut -d' ' -f2 "$work/one" | median)
    wn=$(cut -d' ' -f1 "$work/many" | median)
    cn=$(cut -d' ' -f2 "$work/many" | median)
    wc=$(median < "$work/copies")
    speedup=$(echo "scale=2; $w1 / $wn" | bc)
    ceiling=$(echo "scale=2; $threads * $w1 / $wc" | bc)
    echo "| $name | $w1 | $wn | $speedup | $c1 | $cn | $ceiling | $(echo "scale=2; $speedup / $ceiling" | bc) |"
}

echo "| workload | -j1 wall (s) | -j$threads wall (s) | speedup | -j1 CPU (s) | -j$threads CPU (s) | ceiling | of ceiling |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
row "solve, 17-clue sample ×40 (196,640 puzzles)" "$dance" solve -q "$work/17clue.txt"
row "solve, forum_hardest ×10 (30,480 puzzles)" "$dance" solve -q "$work/forum_hardest.txt"
row "cover, 13 queens (73,712)" "$dance" cover -q benches/data/queens13.dlx
row "cover, 14 queens (365,596)" "$dance" cover -q benches/data/queens14.dlx
row "cover, Langford n = 12 (216,288)" "$dance" cover -q benches/data/langford12.dlx
row "cover, pentominoes 6×10 (9,356)" "$dance" cover -q benches/data/pentominoes6x10.dlx
