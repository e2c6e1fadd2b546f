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
# The strips table: long problems whose counts pass 2^127 (benches/strips.sh),
# -j1 against -j2 at a --memo-mb each, CPU medians of ROUNDS alternating runs,
# each stopped at TIMEOUT seconds ("stopped" then).
#
# The budgets table: the strips and the 8×160 board (declared along its long
# side) at --memo-mb 4, 16, 100 and the default, -j1 against -j2, as above.
#
#   benches/memo.sh [ROUNDS] [TIMEOUT]     # both tables, in Markdown
#   benches/memo.sh threads [ROUNDS]       # the thread table only
#   benches/memo.sh strips [ROUNDS] [TIMEOUT]  # the strips table only
#   benches/memo.sh budgets [ROUNDS] [TIMEOUT] # the budgets table only
#
# DANCE=path/to/dance runs that binary instead of building this checkout's
# (to compare two builds).
set -euo pipefail
cd "$(dirname "$0")/.."
only_threads=false
only_strips=false
only_budgets=false
if [ "${1:-}" = threads ]; then
    only_threads=true
    shift
elif [ "${1:-}" = strips ]; then
    only_strips=true
    shift
elif [ "${1:-}" = budgets ]; then
    only_budgets=true
    shift
fi
rounds=${1:-3}
timeout=${2:-20}
if [ -n "${DANCE:-}" ]; then
    dance=$DANCE
else
    cargo build --release --quiet
    dance=target/release/dance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

run() { # OUT-PREFIX ARGS... : appends "cpu rss" to OUT-PREFIX.times, keeps stats
    local out=$1
    shift
    /usr/bin/time -f "%U %S %M" -o "$work/time" "$dance" cover --stats "$@" \
        > "$work/stdout" 2> "$work/stats" || true
    # The last line: GNU time writes "Command exited with non-zero status"
    # first when the run timed out.
    read -r user sys rss < <(tail -n 1 "$work/time")
    echo "$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }') $rss" >> "$out.times"
    cp "$work/stats" "$out.stats"
    cp "$work/stdout" "$out.stdout"
}

stat() { grep "^$2: " "$1.stats" | head -1 | cut -d' ' -f2; }

# One row of the strips and budgets tables: PROBLEM and --memo-mb (or
# "default", no flag), -j1 against -j2.
long_row() {
    local mb=()
    [ "$2" = default ] || mb=(--memo-mb "$2")
    rm -f "$work"/j1.* "$work"/j2.*
    for _ in $(seq "$rounds"); do
        run "$work/j1" -q --memo "${mb[@]}" -j1 --timeout "$timeout" "$work/$1.dlx"
        run "$work/j2" -q --memo "${mb[@]}" -j2 --timeout "$timeout" "$work/$1.dlx"
    done
    cpu() {
        if grep -q '+$' "$work/$1.stdout"; then echo "stopped at ${timeout} s"; else cut -d' ' -f1 "$work/$1.times" | median; fi
    }
    local c1 c2 ratio
    c1=$(cpu j1)
    c2=$(cpu j2)
    ratio=$(awk -v a="$c1" -v b="$c2" 'BEGIN { if (a + 0 > 0 && b ~ /^[0-9.]+$/) printf "%.2f", b / a; else print "—" }')
    echo "| $1 | $2 | $c1 | $c2 | $ratio | $(stat "$work/j1" nodes) | $(stat "$work/j2" nodes) | $(stat "$work/j1" bytes) | $(stat "$work/j2" bytes) |"
}

if $only_strips || $only_budgets; then
    timeout=${2:-60}
    benches/strips.sh strip 3000 > "$work/strip3000.dlx"
    benches/strips.sh strip 20000 > "$work/strip20000.dlx"
    benches/strips.sh dominoes 8 160 > "$work/dominoes8x160.dlx"
    echo "| problem | --memo-mb | -j1 CPU (s) | -j2 CPU (s) | -j2 ÷ -j1 | -j1 nodes | -j2 nodes | -j1 bytes | -j2 bytes |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    if $only_budgets; then
        for problem in strip3000 strip20000 dominoes8x160; do
            for mb in 4 16 100 default; do
                long_row "$problem" "$mb"
            done
        done
        exit 0
    fi
    benches/strips.sh strip 100000 > "$work/strip100000.dlx"
    benches/strips.sh dominoes 160 8 > "$work/dominoes160x8.dlx"
    for spec in "strip3000 16" "strip20000 100" "strip100000 1024" "dominoes160x8 12" "dominoes8x160 12"; do
        long_row $spec
    done
    exit 0
fi

if ! $only_threads; then
    echo "| problem | count | plain CPU (s) | memo CPU (s) | memo ÷ plain | plain nodes (until stopped) | memo nodes | hits | entries | memo peak RSS (MiB) |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    # rooks6x3 has multiplicities (Algorithm M: 3:3 bounds on every item).
    for file in queens13 langford12 pentominoes6x10 dominoes8x8 dominoes12x12 dominoes16x16 rooks6x3; do
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
