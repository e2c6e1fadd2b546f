#!/usr/bin/env bash
# Wide problems: `dance cover -j2` against `-j1` where the root item has very
# many options (one item with 10k, 40k and 1M options; 100k colors of one
# secondary item). Splitting such a root into one subproblem per option would
# cover the item again for each (quadratic); `dance cover` keeps the split's
# selection cost bounded, so -j2 must stay within 1.1x of -j1. Runs alternate
# (j1, j2, j1, j2, …) so both see the same machine load; the table gives the
# median wall time of each and the ratio.
#
#   benches/wide.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
cargo build --release --quiet
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for n in 10000 40000 1000000; do
    awk -v n="$n" 'BEGIN { print "a"; for (i = 0; i < n; i++) print "a" }' > "$work/wide$n.dlx"
done
{ echo 'a | s'; seq 100000 | sed 's/^/a s:c/'; } > "$work/colors.dlx"

measure() { # COMMAND... — wall seconds, to the millisecond
    local TIMEFORMAT=%R
    { time "$@" > /dev/null; } 2>&1
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

row() { # NAME FILE
    : > "$work/one"
    : > "$work/two"
    for _ in $(seq "$rounds"); do
        measure "$dance" cover -q -j1 "$2" >> "$work/one"
        measure "$dance" cover -q -j2 "$2" >> "$work/two"
    done
    local w1 w2
    w1=$(median < "$work/one")
    w2=$(median < "$work/two")
    echo "| $1 | $w1 | $w2 | $(echo "scale=2; $w2 / $w1" | bc 2>/dev/null || echo -) |"
}

echo "| problem | -j1 wall (s) | -j2 wall (s) | -j2 / -j1 |"
echo "|---|---:|---:|---:|"
row "one item, 10,000 options" "$work/wide10000.dlx"
row "one item, 40,000 options" "$work/wide40000.dlx"
row "one item, 1,000,000 options" "$work/wide1000000.dlx"
row "100,000 colors of one secondary item" "$work/colors.dlx"
