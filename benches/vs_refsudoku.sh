#!/usr/bin/env bash
# 9×9 batch solving as a user meets it: `dance solve -j1 FILE` against
# examples/refsudoku_solve.rs (the crates.io `sudoku` crate 0.8.0, a
# JCZSolve port, solving the same file), whole processes, one thread, CPU
# time (user+sys), in the two modes: the first solution, and `--unique`
# (solutions counted up to two). Runs alternate (dance, sudoku, dance, …)
# so both see the same machine load, and the answers must be identical.
# Each set is repeated (×N in the table) so that every run lasts long
# enough for `time`'s 10 ms clock. The table gives the puzzles run, each
# side's median CPU seconds and the throughput ratio sudoku / dance (above
# 1: dance is faster).
#
#   benches/vs_refsudoku.sh [ROUNDS] [ENGINE] [FILE...]
#
# ENGINE is `dance solve --engine`'s: `fast` (the default; for plain 9×9,
# bands with their own deductions and search tree) or `dlx` (the generic
# Dancing Links engine, Algorithm X's tree). FILEs given are repeated until
# they hold at least 30,000 puzzles.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
engine=${2:-fast}
shift 2 || shift $#

# SET:REPEATS — the shipped sets, each repeated to 30,000 puzzles or more
# and to a run of a few tenths of a second at least (the easy sets, at about
# a microsecond a puzzle, to 300,000).
sets=(benches/data/top95.txt:1000 benches/data/top1465.txt:70 benches/data/17clue.txt:3
    benches/data/forum_hardest.txt:10 benches/data/forum_hardest_1106.txt:80
    benches/data/easy_kaggle_like.txt:30 benches/data/easy_generated.txt:30)
if [ $# -gt 0 ]; then
    sets=()
    for file in "$@"; do
        puzzles=$(grep -cv '^[[:space:]]*$' "$file")
        sets+=("$file:$(((30000 + puzzles - 1) / puzzles))")
    done
fi
cargo build --release --quiet --bin dance --example refsudoku_solve
dance=${DANCE:-target/release/dance}  # DANCE=path races another build
theirs=target/release/examples/refsudoku_solve
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source benches/race.sh

echo "dance ($dance, --engine $engine) against the sudoku crate 0.8.0, $rounds rounds, $(date -u '+%Y-%m-%d %H:%M UTC')"
printf "%-30s %8s %-7s %10s %10s %8s\n" file puzzles mode dance sudoku ratio
for entry in "${sets[@]}"; do
    set=${entry%:*}
    repeats=${entry##*:}
    file=$work/$(basename "$set")
    for _ in $(seq "$repeats"); do cat "$set"; done > "$file"
    puzzles=$(grep -cv '^[[:space:]]*$' "$file")
    for mode in first unique; do
        flag=()
        [ "$mode" = unique ] && flag=(--unique)
        medians=$(race "$rounds" "$file" "$dance solve -j1 --engine $engine ${flag[*]}" \
            "$theirs ${flag[*]}")
        read -r ours theirs_cpu <<< "$medians"
        printf "%-30s %8s %-7s %10s %10s %8s\n" "$(basename "$set") ×$repeats" "$puzzles" "$mode" \
            "$ours" "$theirs_cpu" "$(ratio "$theirs_cpu" "$ours")"
    done
done
