#!/usr/bin/env bash
# `dance solve -j1` against tdoku, the fastest published 9×9 solver (Tom
# Dillon's DPLL over bit-parallel triads, with SIMD), on the sets and in
# the modes of benches/vs_refsudoku.sh: whole processes, one thread, CPU
# time (user+sys), runs alternating (dance, tdoku, dance, …), median of
# ROUNDS. The ratio is tdoku / dance (above 1: dance is faster). Several
# tdoku builds (say one for the machine, `-march=native`, and one for AVX2
# only) are raced in the same run, each against the same dance runs.
#
#   benches/vs_tdoku.sh TDOKU... [ROUNDS]
#   e.g. benches/vs_tdoku.sh /path/to/tdoku-native /path/to/tdoku-avx2 5
#
# SETS="FILE:REPEATS ..." races those sets only, to repeat a row whose ratio
# is within noise, e.g. SETS=benches/data/top95.txt:1000.
#
# Each TDOKU is a driver built outside this repository from tdoku's public
# sources, run as `TDOKU first FILE` (solve every 81-character line, print
# how many were solved) and `TDOKU count2 FILE` (count each puzzle's
# solutions up to two, print how many were unique), with its mean guesses
# per puzzle on stderr; no tdoku code is part of this project. tdoku prints
# those counts only, dance every answer, so the race checks that the counts
# agree, and dance's side includes writing its answers. A second table
# gives the guesses per puzzle: each tdoku build's own report, and dance's
# (`--stats`: options tried at its branch points, so about twice the
# branch points where a branch has two options).
set -euo pipefail
cd "$(dirname "$0")/.."
tdokus=()
rounds=5
for arg in "$@"; do
    if [[ $arg =~ ^[0-9]+$ ]]; then
        rounds=$arg
    elif [ -x "$arg" ]; then
        tdokus+=("$arg")
    else
        echo "$0: $arg: not an executable tdoku driver" >&2
        exit 2
    fi
done
if [ ${#tdokus[@]} -eq 0 ]; then
    echo "usage: $0 TDOKU... [ROUNDS]  (TDOKU: an executable tdoku driver)" >&2
    exit 2
fi
# SET:REPEATS, as in benches/vs_refsudoku.sh.
sets=(benches/data/top95.txt:1000 benches/data/top1465.txt:70 benches/data/17clue.txt:3
    benches/data/forum_hardest.txt:10 benches/data/forum_hardest_1106.txt:80
    benches/data/easy_kaggle_like.txt:30 benches/data/easy_generated.txt:30)
if [ -n "${SETS:-}" ]; then
    read -ra sets <<< "$SETS"
fi
cargo build --release --quiet --bin dance
dance=${DANCE:-target/release/dance}  # DANCE=path races another build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median and ratio.
source benches/race.sh

# Each tdoku build runs through a wrapper that keeps its guesses (stderr)
# out of the table, in a file of its own.
for k in "${!tdokus[@]}"; do
    printf '#!/bin/sh\nexec "%s" "$@" 2>"%s"\n' "${tdokus[$k]}" "$work/guesses$k" > "$work/tdoku$k"
    chmod +x "$work/tdoku$k"
done

echo "dance ($dance) against tdoku, $rounds rounds, $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg)"
# The CPU decides what `-march=native` means for tdoku (AVX-512 or AVX2)
# and which copy of the deductions dance runs: the table is this machine's.
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
vectors=$(grep -o -w -E 'avx2|avx512f|avx512bw|avx512vl' /proc/cpuinfo 2>/dev/null | sort -u | tr '\n' ' ')
echo "cpu: ${cpu:-unknown}; vector extensions: ${vectors:-none found}"
header=$(printf "%-30s %8s %-7s %8s" file puzzles mode dance)
guess_header=$(printf "%-30s %-7s %8s" file mode dance)
for k in "${!tdokus[@]}"; do
    echo "tdoku $((k + 1)): ${tdokus[$k]}"
    header+=$(printf " %8s %7s" "tdoku$((k + 1))" ratio)
    guess_header+=$(printf " %8s" "tdoku$((k + 1))")
done
echo "$header"
: > "$work/guess_rows"
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
        for k in "${!tdokus[@]}"; do : > "$work/b$k"; done
        for _ in $(seq "$rounds"); do
            for k in "${!tdokus[@]}"; do
                cpu "$dance" "${ours[@]}" "$file" >> "$work/a"
                if [ "$mode" = unique ]; then
                    found=$(grep -c '^unique ' "$work/out" || true)
                else
                    found=$(grep -vc '^none$' "$work/out" || true)
                fi
                cpu "$work/tdoku$k" "$theirs" "$file" >> "$work/b$k"
                if [ "$found" != "$(cat "$work/out")" ]; then
                    echo "$set $mode: dance found $found, ${tdokus[$k]} $(cat "$work/out")" >&2
                    exit 1
                fi
            done
        done
        a=$(median < "$work/a")
        row=$(printf "%-30s %8s %-7s %8s" "$(basename "$set") ×$repeats" "$puzzles" "$mode" "$a")
        "$dance" "${ours[@]}" -q --stats "$set" > /dev/null 2> "$work/stats" || true
        ours_guesses=$(sed -n 's/.*nodes, \([0-9.]*\) guesses.*/\1/p' "$work/stats")
        guess_row=$(printf "%-30s %-7s %8s" "$(basename "$set")" "$mode" "$ours_guesses")
        for k in "${!tdokus[@]}"; do
            b=$(median < "$work/b$k")
            row+=$(printf " %8s %7s" "$b" "$(ratio "$b" "$a")")
            guess_row+=$(printf " %8s" "$(sed -n 's/^guesses\/puzzle //p' "$work/guesses$k")")
        done
        echo "$row"
        echo "$guess_row" >> "$work/guess_rows"
    done
done
echo
echo "guesses per puzzle (dance: options tried at branch points; tdoku: its own count)"
echo "$guess_header"
cat "$work/guess_rows"
