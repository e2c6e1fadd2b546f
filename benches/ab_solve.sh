#!/usr/bin/env bash
# Two builds of `dance` against each other on `solve -j1 FILE`: whole
# processes, CPU time (user+sys), runs alternating (A, B, A, …) so both see
# the same machine load; the answers must be identical. A set is repeated
# until it holds at least 30,000 puzzles, so that every run is long next to
# `time`'s 10 ms clock. Prints each side's median CPU seconds and A / B
# (above 1: B is faster). For a change to the solver: copy
# target/release/dance aside, rebuild with the change, race the two.
#
#   benches/ab_solve.sh A B [ROUNDS] [FILE...]
#   e.g. cp target/release/dance /tmp/dance-before; (edit, cargo build --release)
#        benches/ab_solve.sh /tmp/dance-before target/release/dance 7 benches/data/forum_hardest.txt
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 A B [ROUNDS] [FILE...]" >&2
    exit 2
fi
a=$1
b=$2
rounds=${3:-7}
shift 2
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(benches/data/forum_hardest.txt benches/data/17clue_sample.txt)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source "$(dirname "$0")/race.sh"

printf "%-24s %8s %8s %8s %8s\n" file puzzles A B A/B
for set in "${files[@]}"; do
    file=$work/$(basename "$set")
    : > "$file"
    while [ "$(wc -l < "$file")" -lt 30000 ]; do cat "$set" >> "$file"; done
    medians=$(race "$rounds" "$file" "$a solve -j1" "$b solve -j1")
    read -r ma mb <<< "$medians"
    printf "%-24s %8s %8s %8s %8s\n" "$(basename "$set")" "$(wc -l < "$file")" "$ma" "$mb" \
        "$(ratio "$ma" "$mb")"
done
