#!/usr/bin/env bash
# The fast 9×9 engine: instructions of whole `dance solve -j1` processes
# under callgrind, per
# puzzle and per guess — exact whatever the load of the machine, so that a
# change to the 9×9 engine is measured before and after on a shared
# machine. One build, or two side by side with B / A (below 1: B runs fewer
# instructions). Guesses are `--stats`'s (options tried at branch points).
# Valgrind reports a CPU with AVX2 but without AVX-512, so the engine's
# x86-64-v3 (AVX2) copy runs, as on most CPUs; DANCE_SIMD=off in the
# environment forces its baseline copy (sudoku/src/engines/deductions/simd.rs).
#
#   benches/callgrind_9x9.sh [--unique] A [B]
#   e.g. cp target/release/dance /tmp/dance-before; (edit, cargo build --release)
#        benches/callgrind_9x9.sh /tmp/dance-before target/release/dance
#
# The sets: top95, forum_hardest, the first 1,000 of the 17-clue sample and
# of the easy set.
set -euo pipefail
mode=()
if [ "${1:-}" = --unique ]; then
    mode=(--unique)
    shift
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 [--unique] A [B]" >&2
    exit 2
fi
builds=("$@")
data=$(dirname "$0")/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$data/top95.txt" "$data/forum_hardest.txt" "$work/"
head -n 1000 "$data/17clue_sample.txt" > "$work/17clue_1000.txt"
head -n 1000 "$data/easy_kaggle_like.txt" > "$work/easy_1000.txt"

# instructions BINARY FILE: the instructions callgrind collected.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" solve -j1 -q "${mode[@]}" "$2" \
        > "$work/out" 2> "$work/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

# guesses BINARY FILE: the guesses of the whole file, from --stats.
guesses() {
    "$1" solve -j1 -q --stats "${mode[@]}" "$2" 2> "$work/stats" > /dev/null || true
    records=$(sed -n 's/^records: \([0-9]*\).*/\1/p' "$work/stats")
    per=$(sed -n 's/.*nodes, \([0-9.]*\) guesses.*/\1/p' "$work/stats")
    awk -v r="$records" -v g="$per" 'BEGIN { printf "%.0f", r * g }'
}

echo "dance solve -j1 ${mode[*]} under callgrind ($(valgrind --version)), $(date -u '+%Y-%m-%d')"
if [ ${#builds[@]} -eq 1 ]; then
    printf "%-20s %8s %16s %12s %12s\n" set puzzles instructions per-puzzle per-guess
else
    printf "%-20s %8s %14s %14s %10s %10s %8s\n" set puzzles "A per puzzle" "B per puzzle" \
        "A /guess" "B /guess" B/A
fi
for file in top95.txt forum_hardest.txt 17clue_1000.txt easy_1000.txt; do
    puzzles=$(grep -cv '^[[:space:]]*$' "$work/$file")
    row=()
    for build in "${builds[@]}"; do
        total=$(instructions "$build" "$work/$file")
        g=$(guesses "$build" "$work/$file")
        row+=("$total" "$g")
    done
    if [ ${#builds[@]} -eq 1 ]; then
        awk -v f="${file%.txt}" -v p="$puzzles" -v t="${row[0]}" -v g="${row[1]}" 'BEGIN {
            printf "%-20s %8d %16d %12.0f %12s\n", f, p, t, t / p, (g > 0 ? sprintf("%.0f", t / g) : "-") }'
    else
        awk -v f="${file%.txt}" -v p="$puzzles" -v a="${row[0]}" -v ga="${row[1]}" \
            -v b="${row[2]}" -v gb="${row[3]}" 'BEGIN {
            printf "%-20s %8d %14.0f %14.0f %10s %10s %8.4f\n", f, p, a / p, b / p,
                (ga > 0 ? sprintf("%.0f", a / ga) : "-"), (gb > 0 ? sprintf("%.0f", b / gb) : "-"), b / a }'
    fi
done
