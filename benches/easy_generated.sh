#!/usr/bin/env bash
# Makes benches/data/easy_generated.txt: easy puzzles made another way than
# benches/easy_set.sh's (which adds givens to the 17-clue puzzles): this
# repository's generator (`dance generate`: a random complete grid, givens
# taken away while the solution stays unique) stopped at K givens, for
# each K from 30 to 45, keeping only the puzzles that `dance rate` rates
# 0 guesses (Algorithm X's search solves them by forced moves alone, on
# each of its 8 random transformations: naked and hidden singles). The
# same number of each K, interleaved (30, 31, …, 45, 30, …). Deterministic:
# the generator's seeds (SEED · 100 + K) make the same puzzles on every
# machine.
#
#   benches/easy_generated.sh [COUNT] [SEED] > benches/data/easy_generated.txt
#
# COUNT (10,000, a multiple of 16) puzzles; SEED 1.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
seed=${2:-1}
if [ $((count % 16)) -ne 0 ] || [ "$count" -le 0 ]; then
    echo "$0: COUNT must be a positive multiple of 16 (one share for each of 30 to 45 givens)" >&2
    exit 2
fi
cargo build --release --quiet --bin dance
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
share=$((count / 16))
for givens in $(seq 30 45); do
    # A fifth more than the share, and ten: about one puzzle in eight at
    # 30 givens needs a guess, fewer above.
    made=$((share + share / 5 + 10))
    "$dance" generate -q -j1 -n "$made" --clues "$givens" --seed $((seed * 100 + givens)) \
        > "$work/made"
    "$dance" rate -q -j1 "$work/made" > "$work/rated"
    paste -d' ' "$work/rated" "$work/made" \
        | awk -v share="$share" '$3 == "0.0" && kept < share { print $4; kept++ }' \
        > "$work/easy$givens"
    kept=$(wc -l < "$work/easy$givens")
    if [ "$kept" -lt "$share" ]; then
        echo "$0: $givens givens: $kept puzzles rated 0 guesses, $share wanted" >&2
        exit 1
    fi
done
# One of each K in turn.
paste -d'\n' $(for givens in $(seq 30 45); do echo "$work/easy$givens"; done) > "$work/easy"
# Every puzzle unique (exit status 0), solved without a guess by the
# deductions too, with 30 to 45 givens.
"$dance" solve -q -j1 --unique --stats "$work/easy" 2> "$work/stats" > /dev/null
grep -q 'nodes, 0.0 guesses' "$work/stats" || {
    echo "$0: a puzzle needs a guess:" >&2
    cat "$work/stats" >&2
    exit 1
}
awk '{ n = gsub(/[1-9]/, "&"); if (n < 30 || n > 45) { print "line " NR ": " n " givens" > "/dev/stderr"; exit 1 } }' \
    "$work/easy"
cat "$work/easy"
