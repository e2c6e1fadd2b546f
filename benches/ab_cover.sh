#!/usr/bin/env bash
# Two builds of `dance` against each other on `cover -j1 FILE`: whole
# processes, CPU time (user+sys), runs alternating (A, B, A, …) so both see
# the same machine load. Prints each side's median CPU seconds and A / B
# (below 1: A is faster). For a change to the engine: copy
# target/release/dance aside, rebuild with the change, race the two.
#
#   benches/ab_cover.sh A B [ROUNDS] [FILE...]
#   e.g. cp target/release/dance /tmp/dance-before; (edit, cargo build --release)
#        benches/ab_cover.sh /tmp/dance-before target/release/dance 11 benches/data/queens13.dlx
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 A B [ROUNDS] [FILE...]" >&2
    exit 2
fi
a=$1
b=$2
rounds=${3:-11}
shift 2
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(benches/data/queens13.dlx benches/data/langford12.dlx)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source "$(dirname "$0")/race.sh"

printf "%-24s %8s %8s %8s\n" file A B A/B
for file in "${files[@]}"; do
    medians=$(race "$rounds" "$file" "$a cover -j1" "$b cover -j1")
    read -r ma mb <<< "$medians"
    printf "%-24s %8s %8s %8s\n" "$(basename "$file")" "$ma" "$mb" "$(ratio "$ma" "$mb")"
done
