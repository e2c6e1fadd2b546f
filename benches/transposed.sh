#!/usr/bin/env bash
# `dance cover --memo -j1` on domino boards and their transposes, every
# board's cells declared row by row (benches/data/dominoesRxC.dlx, from
# `dance_dlx::problems::domino_tilings_by_rows`): a board listed along its
# long side should cost about what its transpose costs. CPU time (user +
# sys), peak RSS, memo nodes and entries of one run each; a run that passes
# TIMEOUT seconds is stopped and marked so.
#
#   benches/transposed.sh [DANCE] [TIMEOUT]     # prints a Markdown table
#   e.g. benches/transposed.sh                  # target/release/dance, built here
#        benches/transposed.sh /tmp/dance-before 120
set -euo pipefail
cd "$(dirname "$0")/.."
dance=${1:-}
timeout=${2:-600}
if [ -z "$dance" ]; then
    cargo build --release --quiet
    dance=target/release/dance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

stat() { grep "^$1: " "$work/stats" | head -1 | cut -d' ' -f2; }

echo "| board (rows × columns) | count | CPU (s) | peak RSS (MiB) | nodes | entries |"
echo "|---|---:|---:|---:|---:|---:|"
for board in 24x6 6x24 20x8 8x20 30x6 6x30; do
    if /usr/bin/time -f "%U %S %M" -o "$work/time" timeout "$timeout" \
        "$dance" cover -j1 -q --memo --stats "benches/data/dominoes$board.dlx" \
        > "$work/count" 2> "$work/stats"; then
        read -r user sys rss < "$work/time"
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        echo "| ${board/x/ × } | $(cat "$work/count") | $cpu | $((rss / 1024)) | $(stat nodes) | $(stat entries) |"
    else
        echo "| ${board/x/ × } | stopped after $timeout s | — | — | — | — |"
    fi
done
