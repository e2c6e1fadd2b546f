#!/usr/bin/env bash
# `dance cover --memo` against the plain count, one thread: CPU time (user +
# sys, the median of ROUNDS alternating runs), search nodes, memo hits and
# peak memory. Plain counts that cannot finish stop at TIMEOUT seconds.
# Then -j1 against -j2 with the memo: the nodes of per-thread memos added
# up, which is what a shared memo could save at most.
#
#   benches/memo.sh [ROUNDS] [TIMEOUT]     # prints Markdown tables
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
timeout=${2:-20}
cargo build --release --quiet
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

run() { # OUT-PREFIX ARGS... : appends "cpu rss" to OUT-PREFIX.times, keeps stats
    local out=$1
    shift
    /usr/bin/time -f "%U %S %M" -o "$work/time" "$dance" cover --stats "$@" \
        > "$work/stdout" 2> "$work/stats" || true
    read -r user sys rss < "$work/time"
    echo "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $rss" >> "$out.times"
    cp "$work/stats" "$out.stats"
    cp "$work/stdout" "$out.stdout"
}

stat() { grep "^$2: " "$1.stats" | head -1 | cut -d' ' -f2; }

echo "| problem | count | plain CPU (s) | memo CPU (s) | memo ÷ plain | plain nodes (until stopped) | memo nodes | hits | entries | memo peak RSS (MiB) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for file in queens13 langford12 pentominoes6x10 dominoes8x8 dominoes12x12 dominoes16x16; do
    data=benches/data/$file.dlx
    rm -f "$work"/plain.* "$work"/memo.*
    for _ in $(seq "$rounds"); do
        run "$work/plain" -j1 --timeout "$timeout" "$data"
        run "$work/memo" -j1 --memo "$data"
    done
    plain_cpu=$(cut -d' ' -f1 "$work/plain.times" | median)
    memo_cpu=$(cut -d' ' -f1 "$work/memo.times" | median)
    memo_rss=$(cut -d' ' -f2 "$work/memo.times" | median)
    count=$(cat "$work/memo.stdout")
    if grep -q '+$' "$work/plain.stdout"; then
        plain="stopped at ${timeout} s"
        ratio="—"
    else
        plain=$plain_cpu
        ratio=$(awk -v m="$memo_cpu" -v p="$plain_cpu" 'BEGIN { printf "%.3f", m / p }')
    fi
    echo "| $file | $count | $plain | $memo_cpu | $ratio | $(stat "$work/plain" nodes) | $(stat "$work/memo" nodes) | $(stat "$work/memo" hits) | $(stat "$work/memo" entries) | $((memo_rss / 1024)) |"
done

echo
echo "| problem | threads | wall (s) | CPU (s) | nodes (all threads) | hits |"
echo "|---|---:|---:|---:|---:|---:|"
for file in dominoes16x16 pentominoes6x10 langford12; do
    for threads in 1 2; do
        /usr/bin/time -f "%e %U %S" -o "$work/time" "$dance" cover --memo --stats -j"$threads" \
            benches/data/$file.dlx > /dev/null 2> "$work/one.stats"
        read -r wall user sys < "$work/time"
        echo "| $file | $threads | $wall | $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') | $(stat "$work/one" nodes) | $(stat "$work/one" hits) |"
    done
done
