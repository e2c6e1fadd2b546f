#!/usr/bin/env bash
# Peak memory of `dance solve` against input size: 10k and 1M puzzles (the
# 17-clue sample repeated), one and two threads. Streaming means the two
# sizes should peak within a few percent of each other.
#
#   benches/rss.sh            # prints a Markdown table
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

make_input() { # COUNT FILE
    local count=$1 file=$2
    while [ "$(wc -l < "$file" 2>/dev/null || echo 0)" -lt "$count" ]; do
        cat benches/data/17clue_sample.txt >> "$file"
    done
    head -n "$count" "$file" > "$file.tmp" && mv "$file.tmp" "$file"
}

echo "| puzzles | threads | peak RSS (KiB) | wall (s) | CPU (s) |"
echo "|---:|---:|---:|---:|---:|"
for count in 10000 1000000; do
    input="$work/$count.txt"
    make_input "$count" "$input"
    for threads in 1 2; do
        /usr/bin/time -f "%M %e %U %S" -o "$work/time" \
            target/release/dance solve -q -j "$threads" "$input" > /dev/null
        read -r rss wall user sys < "$work/time"
        cpu=$(echo "$user + $sys" | bc)
        echo "| $count | $threads | $rss | $wall | $cpu |"
    done
done
