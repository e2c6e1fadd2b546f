#!/usr/bin/env bash
# Whether each fast engine earns its place: `dance solve -j1 --engine fast`
# against `--engine dlx` (the generic Dancing Links engine, which serves
# every shape) on one generated set per size — 4, 6, 8, 9 jigsaw, 10, 12,
# 16, 25 — and on X-Sudoku, whole processes, CPU time (user+sys), in the two
# modes: the first solution, and `--unique` (solutions counted up to two).
# Runs alternate (fast, dlx, fast, …) so both see the same machine load, and
# the answers must be identical. Each set is repeated (×N in the table)
# until one run of the generic engine takes 0.3 s or more, so that every run
# is well above `time`'s 10 ms clock. The table gives each side's median
# CPU seconds and the ratio dlx / fast (above 1: the fast engine wins).
#
#   benches/engines.sh [ROUNDS]
#
# Which engine `fast` runs on each shape is `Solver::engine_for`'s choice
# (sudoku/src/engines/mod.rs); `dance bench FILE` and `--stats` name it. Where `fast` runs the
# generic engine itself the ratio is 1 give or take the noise: that row
# measures the noise.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
dance=${DANCE:-target/release/dance}  # DANCE=path races another build
[ -n "${DANCE:-}" ] || cargo build --release --quiet --bin dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source benches/race.sh

# SET:FLAGS — the shipped generated sets (benches/data/SOURCES.md).
sets=(generated4.txt: generated6.txt: generated8.txt: generated9_jigsaw.txt:
    generated10.txt: generated12.txt: generated16.txt: generated25.txt: generated_x.txt:-x)

echo "dance solve -j1 --engine fast against --engine dlx ($dance), $rounds rounds, $(date -u '+%Y-%m-%d %H:%M UTC')"
printf "%-26s %8s %-7s %10s %10s %8s\n" set puzzles mode fast dlx dlx/fast
for entry in "${sets[@]}"; do
    set=benches/data/${entry%%:*}
    flags=${entry#*:}
    # Doubles the repeats until the generic engine takes 0.3 s.
    repeats=1
    file=$work/$(basename "$set")
    while :; do
        for _ in $(seq "$repeats"); do cat "$set"; done > "$file"
        seconds=$(cpu "$dance" solve -q -j1 --engine dlx $flags "$file")
        if [ "$(echo "$seconds >= 0.3" | bc)" = 1 ] || [ "$repeats" -ge 65536 ]; then
            break
        fi
        repeats=$((repeats * 2))
    done
    puzzles=$(grep -cv '^[[:space:]]*$' "$file")
    for mode in first unique; do
        flag=()
        [ "$mode" = unique ] && flag=(--unique)
        medians=$(race "$rounds" "$file" "$dance solve -q -j1 --engine fast $flags ${flag[*]}" \
            "$dance solve -q -j1 --engine dlx $flags ${flag[*]}")
        read -r fast dlx <<< "$medians"
        printf "%-26s %8s %-7s %10s %10s %8s\n" "$(basename "$set") ×$repeats" "$puzzles" "$mode" \
            "$fast" "$dlx" "$(ratio "$dlx" "$fast")"
    done
done
