#!/usr/bin/env bash
# 9×9 batch solving as a user meets it: `dance solve -j1 FILE` against
# examples/refsudoku_solve.rs (the crates.io `sudoku` crate 0.8.0, a
# JCZSolve port, solving the same file), whole processes, one thread, CPU
# time (user+sys), in the two modes: the first solution, and `--unique`
# (solutions counted up to two). Runs alternate (dance, sudoku, dance, …)
# so both see the same machine load, and the answers must be identical.
# A small set is repeated until it holds at least 30,000 puzzles, so that
# every run lasts long enough for `time`'s 10 ms clock. The table gives the
# puzzles run, each side's median CPU seconds and the throughput ratio
# sudoku / dance (above 1: dance is faster).
#
#   benches/vs_refsudoku.sh [ROUNDS] [ENGINE] [FILE...]
#
# ENGINE is `dance solve --engine`'s: `fast` (the default; bitboards
# walking Algorithm X's tree) or `dlx` (the generic Dancing Links engine).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
engine=${2:-fast}
shift 2 || shift $#
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(benches/data/top95.txt benches/data/top1465.txt benches/data/17clue_sample.txt
        benches/data/forum_hardest.txt benches/data/forum_hardest_1106.txt)
fi
cargo build --release --quiet --bin dance --example refsudoku_solve
dance=${DANCE:-target/release/dance}  # DANCE=path races another build
theirs=target/release/examples/refsudoku_solve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source benches/race.sh

printf "%-26s %8s %-7s %10s %10s %8s\n" file puzzles mode dance sudoku ratio
for set in "${files[@]}"; do
    file=$work/$(basename "$set")
    : > "$file"
    while [ "$(wc -l < "$file")" -lt 30000 ]; do cat "$set" >> "$file"; done
    puzzles=$(wc -l < "$file")
    for mode in first unique; do
        flag=()
        [ "$mode" = unique ] && flag=(--unique)
        medians=$(race "$rounds" "$file" "$dance solve -j1 --engine $engine ${flag[*]}" \
            "$theirs ${flag[*]}")
        read -r ours theirs_cpu <<< "$medians"
        printf "%-26s %8s %-7s %10s %10s %8s\n" "$(basename "$set")" "$puzzles" "$mode" "$ours" "$theirs_cpu" \
            "$(ratio "$theirs_cpu" "$ours")"
    done
done
