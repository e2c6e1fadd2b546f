#!/usr/bin/env bash
# The difficulty levels of the shipped sets and of generated puzzles
# (docs/benchmarks.md, "Difficulty levels"): for each set, how many puzzles
# `dance rate` puts at each level (easy medium hard expert extreme) and the
# mean nodes and guesses; then the levels of generated puzzles.
#
#   benches/levels.sh [DANCE]     # default target/release/dance
set -euo pipefail
cd "$(dirname "$0")/.."
dance=${1:-target/release/dance}
echo "set: easy medium hard expert extreme, mean nodes, mean guesses"
for f in easy_with_solutions 17clue_sample top1465 top95 forum_hardest; do
    printf '%s: ' "$f"
    cut -d: -f1 "benches/data/$f.txt" | "$dance" rate -q -j1 |
        awk '{c[$1]++; n+=$2; g+=$3; k++} END {print c["easy"]+0, c["medium"]+0, c["hard"]+0, c["expert"]+0, c["extreme"]+0, n/k, g/k}'
done
for args in "-n 1000" "-n 1000 --symmetry rotational" "-n 200 --jigsaw" "-n 200 -x"; do
    printf 'generate --seed 1 %s: ' "$args"
    # shellcheck disable=SC2086
    "$dance" generate --seed 1 $args --rate -q | grep '^#' | cut -d' ' -f2 | sort | uniq -c | tr '\n' ' '
    echo
done
