#!/usr/bin/env bash
# Peak memory of `dance cover --all` against the number of solutions
# printed: the first N domino tilings of the 12×12 board (--limit N; 73
# lines, about 1 KB, each), written to /dev/null, at -j1 and -j2, one run
# each. Streaming means the peak stays flat whatever N: solutions go out in
# order through a buffer of 16 MiB, the threads ahead of the output waiting
# when it is full.
#
# Then a second table: every tiling of the 8×8 board (12,988,816, 4.2 GB of
# text) at -j1 and -j2 through a pipe (`wc -c`), stopped by SIGINT after
# SECONDS (default 30) if not done: the bytes written, the wall time and so
# the throughput where printing is the bottleneck, and the peak RSS.
#
#   benches/rss_cover.sh [DANCE [SECONDS]]   # prints two Markdown tables
#   e.g. benches/rss_cover.sh                # target/release/dance, built here
#        benches/rss_cover.sh /tmp/dance-before 30
set -euo pipefail
cd "$(dirname "$0")/.."
dance=${1:-}
seconds=${2:-30}
if [ -z "$dance" ]; then
    cargo build --release --quiet
    dance=target/release/dance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "| solutions printed | output (MB) | -j1 peak RSS (MiB) | -j2 peak RSS (MiB) | -j1 wall (s) | -j2 wall (s) |"
echo "|---:|---:|---:|---:|---:|---:|"
for count in 1000 10000 100000 1000000; do
    row="| $count"
    rss=()
    walls=()
    for threads in 1 2; do
        /usr/bin/time -f "%M %e" -o "$work/time" "$dance" cover --all -q -j"$threads" \
            --limit "$count" benches/data/dominoes12x12.dlx | wc -c > "$work/bytes"
        read -r kib wall < "$work/time"
        rss+=("$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')")
        walls+=("$wall")
    done
    bytes=$(awk -v b="$(cat "$work/bytes")" 'BEGIN { printf "%.1f", b / 1e6 }')
    echo "$row | $bytes | ${rss[0]} | ${rss[1]} | ${walls[0]} | ${walls[1]} |"
done

echo
echo "| dominoes 8×8 \`--all\`, at most ${seconds} s | written (MB) | wall (s) | MB/s | peak RSS (MiB) |"
echo "|---|---:|---:|---:|---:|"
for threads in 1 2; do
    /usr/bin/time -f "%M %e" -o "$work/time" timeout -s INT "$seconds" "$dance" cover --all -q \
        -j"$threads" benches/data/dominoes8x8.dlx | wc -c > "$work/bytes" || true
    read -r kib wall < <(tail -n 1 "$work/time")
    awk -v j="$threads" -v b="$(cat "$work/bytes")" -v k="$kib" -v w="$wall" \
        'BEGIN { printf "| -j%s | %.0f | %.2f | %.0f | %.1f |\n", j, b / 1e6, w, b / 1e6 / w, k / 1024 }'
done
