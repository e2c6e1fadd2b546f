#!/usr/bin/env bash
# `dance cover --sample 1000` on the 16×16 domino board (about 2.4 · 10³⁰
# tilings): the wall time of the ZDD's build and of the 1,000 draws after
# it, as `--stats` reports them (`time`, `sampling time`), medians of
# ROUNDS runs (default 5).
#
#   benches/sample.sh [ROUNDS]
set -euo pipefail
rounds=${1:-5}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
: > "$work/build"
: > "$work/draws"
for _ in $(seq "$rounds"); do
    target/release/dance cover --sample 1000 --seed 1 --stats benches/data/dominoes16x16.dlx \
        > /dev/null 2> "$work/err"
    sed -n 's/^time: \([0-9.]*\) s/\1/p' "$work/err" >> "$work/build"
    sed -n 's/^sampling time: \([0-9.]*\) s/\1/p' "$work/err" >> "$work/draws"
done
echo "benches/sample.sh $* — $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), medians of $rounds runs"
echo "dominoes 16×16, --sample 1000: build $(median < "$work/build") s, 1,000 samples $(median < "$work/draws") s (wall)"
