#!/usr/bin/env bash
# `dance cover --memo` against the plain count, one thread: CPU time (user +
# sys, the median of ROUNDS alternating runs), search nodes, memo hits and
# peak memory. Plain counts that cannot finish stop at TIMEOUT seconds.
# Then the memo on one thread against two, which share one memo: runs
# alternate (-j1, -j2, two -j1 copies started together), medians of ROUNDS;
# "ceiling" is what the machine itself allows two threads (2 × the -j1 wall
# time over the wall time of the two copies, each doing the whole count:
# below 2 on shared vCPUs), as in benches/scaling.sh.
#
#   benches/memo.sh [ROUNDS] [TIMEOUT]     # both tables, in Markdown
#   benches/memo.sh threads [ROUNDS]       # the thread table only
set -euo pipefail
cd "$(dirname "$0")/.."
only_threads=false
if [ "${1:-}" = threads ]; then
    only_threads=true
    shift
fi
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

if ! $only_threads; then
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
fi

measure() { # COMMAND... : prints "wall cpu rss", keeps the statistics
    /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$@" > /dev/null 2> "$work/one.stats"
    read -r wall user sys rss < "$work/time"
    echo "$wall $(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $rss"
}

copies() { # COMMAND... : the wall time of the slower of two copies started together
    /usr/bin/time -f "%e" -o "$work/copy1" "$@" > /dev/null 2>&1 &
    /usr/bin/time -f "%e" -o "$work/copy2" "$@" > /dev/null 2>&1 &
    wait
    cat "$work/copy1" "$work/copy2" | sort -n | tail -1
}

echo "| problem | -j1 wall (s) | -j2 wall (s) | speedup | ceiling | -j1 CPU (s) | -j2 CPU (s) | -j1 nodes | -j2 nodes | -j1 peak RSS (MiB) | -j2 peak RSS (MiB) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for file in dominoes16x16 pentominoes6x10; do
    data=benches/data/$file.dlx
    : > "$work/j1"
    : > "$work/j2"
    : > "$work/copies"
    for _ in $(seq "$rounds"); do
        measure "$dance" cover -q --memo --stats -j1 "$data" >> "$work/j1"
        nodes1=$(stat "$work/one" nodes)
        measure "$dance" cover -q --memo --stats -j2 "$data" >> "$work/j2"
        nodes2=$(stat "$work/one" nodes)
        copies "$dance" cover -q --memo -j1 "$data" >> "$work/copies"
    done
    col() { cut -d' ' -f"$2" "$work/$1" | median; }
    w1=$(col j1 1)
    w2=$(col j2 1)
    wc=$(median < "$work/copies")
    echo "| $file | $w1 | $w2 | $(awk -v a="$w1" -v b="$w2" 'BEGIN { printf "%.2f", a / b }') | $(awk -v a="$w1" -v b="$wc" 'BEGIN { printf "%.2f", 2 * a / b }') | $(col j1 2) | $(col j2 2) | $nodes1 | $nodes2 | $(($(col j1 3) / 1024)) | $(($(col j2 3) / 1024)) |"
done
