#!/usr/bin/env bash
# Makes benches/data/easy_kaggle_like.txt: easy puzzles like the Kaggle "9
# million sudoku" set's (28 to 38 givens, each with one solution), from the
# shipped 17-clue puzzles and their solutions. Each puzzle keeps its 17
# givens and gets more cells of its solution, chosen at random, up to a
# count drawn uniformly from 28 to 38: a superset of a unique puzzle's
# givens keeps its one solution, so every puzzle made is unique (checked
# with `dance solve --unique` all the same). Deterministic: the random
# numbers are Park and Miller's minimal standard generator, seeded, in awk
# arithmetic that every awk computes exactly.
#
#   benches/easy_set.sh [COUNT] [SEED] > benches/data/easy_kaggle_like.txt
#
# COUNT (10,000) puzzles from the first COUNT lines of 17clue.txt; SEED 1.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
seed=${2:-1}
cargo build --release --quiet --bin dance
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -n "$count" benches/data/17clue.txt > "$work/puzzles"
"$dance" solve -q "$work/puzzles" > "$work/solutions"
paste -d: "$work/puzzles" "$work/solutions" | awk -F: -v seed="$seed" '
    function next_random() { state = (state * 48271) % 2147483647; return state }
    BEGIN { state = seed % 2147483646 + 1 }
    {
        puzzle = $1
        solution = $2
        if (length(solution) != 81) { print "no solution for " puzzle > "/dev/stderr"; exit 1 }
        blanks = 0
        for (cell = 1; cell <= 81; cell++)
            if (substr(puzzle, cell, 1) == ".") blank[++blanks] = cell
        target = 28 + next_random() % 11
        givens = 81 - blanks
        # A partial Fisher-Yates shuffle of the blanks: the first
        # target - givens of them become givens.
        for (k = 1; givens < target; k++) {
            pick = k + next_random() % (blanks - k + 1)
            cell = blank[pick]
            blank[pick] = blank[k]
            blank[k] = cell
            puzzle = substr(puzzle, 1, cell - 1) substr(solution, cell, 1) substr(puzzle, cell + 1)
            givens++
        }
        print puzzle
    }' > "$work/easy"
# Every puzzle unique (exit status 0) and within 28 to 38 givens.
"$dance" solve -q --unique "$work/easy" > /dev/null
awk '{ n = gsub(/[1-9]/, "&"); if (n < 28 || n > 38) { print "line " NR ": " n " givens" > "/dev/stderr"; exit 1 } }' \
    "$work/easy"
cat "$work/easy"
