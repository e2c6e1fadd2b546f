#!/usr/bin/env bash
# `dance cover --best K -j1` against `-j2` (the threads share the bound) on
# the problems with costs in benches/data: whole processes, alternating
# (-j1, -j2, -j1, …) so both see the same machine load, the output checked
# identical every round. Prints per problem and K the median CPU (user +
# sys) and wall seconds of each, the wall-clock speed-up (-j1 / -j2) and
# the nodes each searched (--stats: -j2's vary from run to run with the
# threads' timing; the median is shown). Starts with the load average.
#
#   benches/costs_threads.sh [DANCE] [ROUNDS]
#   e.g. cargo build --release && benches/costs_threads.sh target/release/dance 5
set -euo pipefail
cd "$(dirname "$0")/.."
dance=${1:-target/release/dance}
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# run THREADS K FILE — appends CPU, wall and nodes of one run to
# $work/THREADS.{cpu,wall,nodes}; the output goes to $work/THREADS.out.
run() {
    local j=$1 k=$2 file=$3
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$dance" cover --best "$k" "-j$j" --stats -q \
        "$file" > "$work/$j.out" 2> "$work/$j.err"
    read -r user sys wall < "$work/time"
    echo "$user + $sys" | bc >> "$work/$j.cpu"
    echo "$wall" >> "$work/$j.wall"
    sed -n 's/^nodes: //p' "$work/$j.err" >> "$work/$j.nodes"
}

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $rounds rounds"
printf "%-28s %3s %8s %8s %8s %8s %8s %12s %12s\n" \
    problem K "cpu -j1" "cpu -j2" "wall -j1" "wall -j2" speed-up "nodes -j1" "nodes -j2"
for name in queens20_costs pentominoes6x10_costs pentominoes5x12_corner; do
    file=benches/data/$name.dlx
    for k in 1 10; do
        rm -f "$work"/*.cpu "$work"/*.wall "$work"/*.nodes
        for _ in $(seq "$rounds"); do
            run 1 "$k" "$file"
            run 2 "$k" "$file"
            if ! cmp -s "$work/1.out" "$work/2.out"; then
                echo "$name --best $k: -j1 and -j2 print different answers" >&2
                exit 1
            fi
        done
        c1=$(median < "$work/1.cpu"); c2=$(median < "$work/2.cpu")
        w1=$(median < "$work/1.wall"); w2=$(median < "$work/2.wall")
        printf "%-28s %3s %8s %8s %8s %8s %8s %12s %12s\n" "$name" "$k" "$c1" "$c2" "$w1" "$w2" \
            "$(echo "scale=2; $w1 / $w2" | bc)" "$(median < "$work/1.nodes")" "$(median < "$work/2.nodes")"
    done
done
