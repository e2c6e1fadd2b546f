#!/usr/bin/env bash
# `dance cover --zdd` against Knuth's DLX6 (`dlx6 m1`: the ZDD of every
# solution on stdout): whole processes, user + sys CPU seconds, the two
# run alternately ROUNDS times so that both see the same machine load; the
# table gives each one's median, the ratio DLX6 / dance (above 1: dance is
# ahead), and the size of both ZDDs in nodes (lines of the output but the
# root: DLX6 writes its nodes as it makes them, one per option and state
# searched, and dance a reduced diagram) and the size of DLX6's once
# reduced (read back by the library's ZDD reader, which reduces it, through
# the `zdd_paths` example). The counts must agree, and DLX6's ZDD must count
# what dance's counts, or the script stops.
#
#   benches/vs_dlx6.sh KNUTH_BIN_DIR [ROUNDS]
#
# ROUNDS defaults to 5. KNUTH_BIN_DIR holds `dlx6`, built outside this
# repository from dlx6.w in the public mirror github.com/ascherer/cwebtest:
#
#   apt-get install texlive-binaries            # ctangle
#   ctangle dlx6.w && gcc -O3 -march=native -w -I. -o dlx6 dlx6.c
#
# with a stand-in `gb_flip.h` beside it (DLX6 calls the GraphBase random
# numbers only under its `s<seed>` option, never given here).
set -euo pipefail
if [ $# -lt 1 ] || [ ! -x "$1/dlx6" ]; then
    echo "usage: $0 KNUTH_BIN_DIR [ROUNDS]   (KNUTH_BIN_DIR/dlx6 must exist)" >&2
    exit 2
fi
knuth=$(cd "$1" && pwd)
rounds=${2:-5}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin dance --example zdd_paths
dance=target/release/dance
paths=target/release/examples/zdd_paths
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# median and ratio.
source benches/race.sh

# No problem with multiplicities: the DLX6 of this race (cwebtest's dlx6.w)
# stops with "Illegal character in item name" at the `:` of DLX3's
# `a:b|item` bounds, so there is no peer to race there; dance's own figure
# for one (rooks6x3.dlx, --memo against the plain count) is in
# benches/memo.sh.
problems=(
    "dominoes 8×8:dominoes8x8.dlx"
    "pentominoes 6×10:pentominoes6x10.dlx"
    "pentominoes 5×12:pentominoes5x12.dlx"
    "MacMahon squares 3×5 (colors):macmahon3x5.dlx"
)

# seconds NAME — user + sys CPU seconds of the last run, from $work/time.
seconds() {
    read -r user sys < "$work/time"
    echo "$user + $sys" | bc
}

echo "benches/vs_dlx6.sh $* — $(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), median user + sys CPU seconds of $rounds alternating rounds"
echo
echo "| problem | solutions | dance --zdd | DLX6 m1 | DLX6 / dance | ZDD nodes: dance | DLX6 | DLX6 reduced |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for entry in "${problems[@]}"; do
    label=${entry%%:*}
    file=benches/data/${entry#*:}
    : > "$work/dance.time"
    : > "$work/dlx6.time"
    for _ in $(seq "$rounds"); do
        /usr/bin/time -f "%U %S" -o "$work/time" "$dance" cover -j1 --zdd "$work/dance.zdd" "$file" \
            > "$work/dance.count"
        seconds >> "$work/dance.time"
        /usr/bin/time -f "%U %S" -o "$work/time" "$knuth/dlx6" m1 < "$file" \
            > "$work/dlx6.zdd" 2> "$work/dlx6.err"
        seconds >> "$work/dlx6.time"
    done
    count=$(cat "$work/dance.count")
    knuth_count=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$work/dlx6.err")
    read -r read_back reduced < <("$paths" < "$work/dlx6.zdd")
    if [ "$count" != "$knuth_count" ] || [ "$count" != "$read_back" ]; then
        echo "$file: dance counts $count, DLX6 $knuth_count, DLX6's ZDD read back $read_back" >&2
        exit 1
    fi
    dance_nodes=$(($(wc -l < "$work/dance.zdd") - 1))
    knuth_nodes=$(($(wc -l < "$work/dlx6.zdd") - 1))
    a=$(median < "$work/dance.time")
    b=$(median < "$work/dlx6.time")
    echo "| $label | $count | $a | $b | $(ratio "$b" "$a") | $dance_nodes | $knuth_nodes | $reduced |"
done
