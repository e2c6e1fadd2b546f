#!/usr/bin/env bash
# Two builds of `dance` against each other on `COMMAND -j1 FILE` (`cover` or
# `solve`): whole processes, CPU time (user+sys), runs alternating (A, B, A,
# …) so both see the same machine load; the answers must be identical.
# Prints each side's median CPU seconds and A / B (above 1: B is faster).
# For a change to an engine: copy target/release/dance aside, rebuild with
# the change, race the two. A puzzle file for `solve` is repeated until it
# holds at least 30,000 puzzles, so that every run is long next to `time`'s
# 10 ms clock.
#
#   benches/ab.sh COMMAND A B [ROUNDS] [FILE...]
#   e.g. cp target/release/dance /tmp/dance-before; (edit, cargo build --release)
#        benches/ab.sh cover /tmp/dance-before target/release/dance 11 benches/data/queens13.dlx
#        benches/ab.sh solve /tmp/dance-before target/release/dance 7 benches/data/forum_hardest.txt
#
# benches/ab_cover.sh and benches/ab_solve.sh are this script for one command.
set -euo pipefail
if [ $# -lt 3 ] || { [ "$1" != cover ] && [ "$1" != solve ]; }; then
    echo "usage: $0 cover|solve A B [ROUNDS] [FILE...]" >&2
    exit 2
fi
command=$1
a=$2
b=$3
shift 3
if [ "$command" = cover ]; then
    rounds=${1:-11}
    defaults=(benches/data/queens13.dlx benches/data/langford12.dlx)
else
    rounds=${1:-7}
    defaults=(benches/data/forum_hardest.txt benches/data/17clue_sample.txt)
fi
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=("${defaults[@]}")
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source "$(dirname "$0")/race.sh"

printf "%-24s %8s %8s %8s\n" file A B A/B
for set in "${files[@]}"; do
    file=$set
    if [ "$command" = solve ]; then
        file=$work/$(basename "$set")
        : > "$file"
        while [ "$(wc -l < "$file")" -lt 30000 ]; do cat "$set" >> "$file"; done
    fi
    medians=$(race "$rounds" "$file" "$a $command -j1" "$b $command -j1")
    read -r ma mb <<< "$medians"
    printf "%-24s %8s %8s %8s\n" "$(basename "$set")" "$ma" "$mb" "$(ratio "$ma" "$mb")"
done
