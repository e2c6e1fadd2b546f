#!/usr/bin/env bash
# Peak memory of `dance solve` against input size: 10k and 1M puzzles (the
# 17-clue sample repeated), one and two threads, the median of three runs
# each. Streaming means the two sizes should peak within a few percent of
# each other.
#
#   benches/rss.sh            # prints a Markdown table
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_input() { # COUNT FILE
    local count=$1 file=$2
    : > "$file"
    while [ "$(wc -l < "$file")" -lt "$count" ]; do
        cat benches/data/17clue_sample.txt >> "$file"
    done
    head -n "$count" "$file" > "$file.tmp" && mv "$file.tmp" "$file"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

echo "| puzzles | threads | peak RSS (KiB), median of 3 | all three runs | wall (s) |"
echo "|---:|---:|---:|---|---:|"
for count in 10000 1000000; do
    input="$work/$count.txt"
    make_input "$count" "$input"
    for threads in 1 2; do
        : > "$work/runs"
        for _ in 1 2 3; do
            /usr/bin/time -f "%M %e" -o "$work/time" \
                target/release/dance solve -q -j "$threads" "$input" > /dev/null
            cat "$work/time" >> "$work/runs"
        done
        rss=$(cut -d' ' -f1 "$work/runs" | median)
        wall=$(cut -d' ' -f2 "$work/runs" | median)
        echo "| $count | $threads | $rss | $(cut -d' ' -f1 "$work/runs" | paste -sd' ') | $wall |"
    done
done
