#!/usr/bin/env bash
# `dance solve -j1` against tdoku, the fastest published 9×9 solver (Tom
# Dillon's DPLL over bit-parallel triads, with SIMD), on the sets and in
# the modes of benches/vs_refsudoku.sh: whole processes, one thread, CPU
# time (user+sys), runs alternating (dance, tdoku, dance, …), median of
# ROUNDS. The ratio is tdoku / dance (above 1: dance is faster).
#
#   benches/vs_tdoku.sh TDOKU [ROUNDS]
#
# TDOKU is a driver built outside this repository from tdoku's public
# sources, run as `TDOKU first FILE` (solve every 81-character line, print
# how many were solved) and `TDOKU count2 FILE` (count each puzzle's
# solutions up to two, print how many were unique); no tdoku code is part
# of this project. tdoku prints those counts only, dance every answer, so
# the race checks that the counts agree, and dance's side includes writing
# its answers.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 TDOKU [ROUNDS]  (TDOKU: an executable tdoku driver)" >&2
    exit 2
fi
tdoku=$1
rounds=${2:-5}
# SET:REPEATS, as in benches/vs_refsudoku.sh.
sets=(benches/data/top95.txt:1000 benches/data/top1465.txt:70 benches/data/17clue.txt:3
    benches/data/forum_hardest.txt:10 benches/data/forum_hardest_1106.txt:80)
cargo build --release --quiet --bin dance
dance=${DANCE:-target/release/dance}  # DANCE=path races another build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu and median.
source benches/race.sh

# tdoku's driver reports its mean guesses on stderr: kept out of the table.
quiet=$work/tdoku
printf '#!/bin/sh\nexec "%s" "$@" 2>/dev/null\n' "$tdoku" > "$quiet"
chmod +x "$quiet"

echo "dance ($dance) against tdoku ($tdoku), $rounds rounds, $(date -u '+%Y-%m-%d %H:%M UTC')"
printf "%-30s %8s %-7s %10s %10s %8s\n" file puzzles mode dance tdoku ratio
for entry in "${sets[@]}"; do
    set=${entry%:*}
    repeats=${entry##*:}
    file=$work/$(basename "$set")
    for _ in $(seq "$repeats"); do cat "$set"; done > "$file"
    puzzles=$(grep -cv '^[[:space:]]*$' "$file")
    for mode in first unique; do
        ours=(solve -j1)
        theirs=first
        if [ "$mode" = unique ]; then
            ours+=(--unique)
            theirs=count2
        fi
        : > "$work/a"
        : > "$work/b"
        for _ in $(seq "$rounds"); do
            cpu "$dance" "${ours[@]}" "$file" >> "$work/a"
            if [ "$mode" = unique ]; then
                found=$(grep -c '^unique ' "$work/out" || true)
            else
                found=$(grep -vc '^none$' "$work/out" || true)
            fi
            cpu "$quiet" "$theirs" "$file" >> "$work/b"
            if [ "$found" != "$(cat "$work/out")" ]; then
                echo "$set $mode: dance found $found, tdoku $(cat "$work/out")" >&2
                exit 1
            fi
        done
        a=$(median < "$work/a")
        b=$(median < "$work/b")
        printf "%-30s %8s %-7s %10s %10s %8s\n" "$(basename "$set") ×$repeats" "$puzzles" "$mode" \
            "$a" "$b" "$(ratio "$b" "$a")"
    done
done
