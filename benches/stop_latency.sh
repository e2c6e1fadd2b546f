#!/usr/bin/env bash
# How late every stop path ends its run: the table of docs/reliability.md.
# Each row runs one command with a deadline (`--timeout`, or a SIGTERM sent
# at the deadline) on a search that cannot finish by then, and prints the
# wall time past the deadline. Under `timeout -s KILL 150`: a row that says
# "killed" never stopped.
#
#   benches/stop_latency.sh [ITEMS OPTIONS]
#
# The cover rows run on the wide problem of benches/wide_problem.sh (default
# 100,000 items and 1,000,000 options, about 21 MB: every node scans tens of
# thousands of items), with a deadline of the reading time plus 5 s, so the
# stop comes during the search. The Sudoku rows: `solve --count` of an
# empty 25×25 grid (its count never ends; `--timeout` is per record),
# `solve` and `rate` of 190,000 puzzles (top95 2,000 times: a whole-run
# stop, `--timeout` for `rate`, SIGTERM for `solve`), and `generate` of 100
# puzzles of 25×25. The Python rows, when the `dance` package imports (the
# README's `maturin develop`), call `ExactCover.count`, `count_memo` and
# `first` with `timeout=` on the wide problem, read first, and wait for the
# next of its `solutions()` until a Ctrl-C.
set -euo pipefail
cd "$(dirname "$0")/.."
items=${1:-100000}
options=${2:-1000000}
cargo build --release --quiet --bin dance
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
benches/wide_problem.sh "$items" "$options" > "$work/wide.dlx"
python3 -c "print('.' * 625)" > "$work/empty25.txt"
for _ in $(seq 2000); do cat benches/data/top95.txt; done > "$work/many.txt"

# The reading time (and a cut at depth 1): `--timeout` runs from the start
# of the run.
start=$(date +%s.%N)
"$dance" cover -q --split 1 "$work/wide.dlx" > /dev/null
reading=$(echo "$(date +%s.%N) - $start" | bc)
deadline=$(printf %.1f "$(echo "$reading + 5" | bc)")

echo "benches/stop_latency.sh $items $options — $(date -u '+%Y-%m-%d %H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg); cover deadline ${deadline} s"
echo
echo "| stop path | command | deadline (s) | late by (s) |"
echo "|---|---|---:|---:|"

# row LABEL DEADLINE SIGNAL COMMAND... — runs COMMAND (SIGNAL: `-` for none,
# else sent at DEADLINE) and prints how long past DEADLINE it ran.
row() {
    local label=$1 at=$2 signal=$3
    shift 3
    local begin end late
    begin=$(date +%s.%N)
    if [ "$signal" = - ]; then
        timeout -s KILL 150 "$@" > /dev/null 2>&1 || true
    else
        timeout -s KILL 150 timeout -s "$signal" "$at" "$@" > /dev/null 2>&1 || true
    fi
    end=$(date +%s.%N)
    late=$(echo "$end - $begin - $at" | bc)
    if [ "$(echo "$end - $begin >= 149" | bc)" = 1 ]; then
        late="killed at 150 s"
    else
        late=$(printf %.2f "$late")
    fi
    local shown=${*//$work\//}
    echo "| $label | \`${shown#"$dance" }\` | $at | $late |"
}

wide="$work/wide.dlx"
for flags in "-j1" "-j2" "-j4" "--memo -j1" "--memo -j2" "--memo -j4" "--all -j1" \
    "--first -j2" "--limit 5 -j2" "--estimate" "--split 8"; do
    # shellcheck disable=SC2086 # the flags are words
    row "cover $flags" "$deadline" - "$dance" cover -q --timeout "$deadline" $flags "$wide"
done
row "cover, SIGTERM" "$deadline" TERM "$dance" cover -q -j2 "$wide"
row "cover, SIGTERM, memo" "$deadline" TERM "$dance" cover -q --memo -j2 "$wide"
row "cover, reading" 0.5 - "$dance" cover -q --timeout 0.5 "$wide"
row "solve --count, a record" 2 - "$dance" solve -q --count --timeout 2 "$work/empty25.txt"
row "solve --count --engine dlx, a record" 2 - "$dance" solve -q --count --engine dlx --timeout 2 "$work/empty25.txt"
row "solve --count --engine dfs, a record" 2 - "$dance" solve -q --count --engine dfs --timeout 2 "$work/empty25.txt"
row "solve, SIGTERM" 2 TERM "$dance" solve -q -j2 --engine dlx "$work/many.txt"
row "rate, the run" 2 - "$dance" rate -q --timeout 2 "$work/many.txt"
row "rate, SIGTERM" 2 TERM "$dance" rate -q -j2 "$work/many.txt"
row "generate 25×25" 2 - "$dance" generate -q --size 25 -n 100 --timeout 2

if python3 -c "import dance" 2> /dev/null; then
    # Python's calls: the wide problem read once, then each call timed.
    python3 - "$wide" "$deadline" <<'EOF'
import os, signal, sys, threading, time
import dance
problem = dance.ExactCover.parse(open(sys.argv[1]).read())

def interrupted(call):
    # Ctrl-C (SIGINT from a thread of this process) at 5 s.
    def send():
        time.sleep(5)
        os.kill(os.getpid(), signal.SIGINT)
    threading.Thread(target=send, daemon=True).start()
    try:
        call()
    except KeyboardInterrupt:
        pass

for label, command, call in [
    # The first call builds the links (kept for later calls) inside its
    # timeout, and the build looks at the stop.
    ("Python, the first call", "count(timeout=5)", lambda: problem.count(timeout=5)),
    ("Python", "count(timeout=5)", lambda: problem.count(timeout=5)),
    ("Python, two threads", "count(threads=2, timeout=5)",
     lambda: problem.count(threads=2, timeout=5)),
    ("Python, the memo", "count_memo(timeout=5)", lambda: problem.count_memo(timeout=5)),
    ("Python, first solution", "first(timeout=5)", lambda: problem.first(timeout=5)),
    ("Python, the next solution", "next(problem.solutions()), Ctrl-C at 5 s",
     lambda: interrupted(lambda: next(problem.solutions()))),
]:
    begin = time.monotonic()
    try:
        call()
    except TimeoutError:
        pass
    late = time.monotonic() - begin - 5
    print(f"| {label} | `{command}` | 5 | {late:.2f} |")
EOF
else
    echo "| Python | (the dance package does not import: not measured) | | |"
fi
