#!/usr/bin/env bash
# Do two builds give the same answers? Every Sudoku set of benches/data
# solved (first solution and --unique; -x for the X-Sudoku set) and every
# exact-cover problem there answered (the count; --memo for the domino
# boards, whose plain counts take too long; the ten cheapest for the
# problems with costs), one thread, each output's md5 compared. Prints the
# outputs that differ and a last line with how many were compared.
#
#   benches/same_answers.sh BEFORE AFTER
#   e.g. benches/same_answers.sh /tmp/dance-before target/release/dance
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ne 2 ]; then
    echo "usage: $0 BEFORE AFTER" >&2
    exit 2
fi
before=$1
after=$2
compared=0
differ=0
# same WORDS...: runs both builds with WORDS, compares their outputs' md5.
same() {
    local a b
    # The exit status is part of the answer too (1 for a file with an
    # unsolved or bad record): it joins the output.
    a=$({ timeout 300 "$before" "$@" 2> /dev/null || echo "exit $?"; } | md5sum)
    b=$({ timeout 300 "$after" "$@" 2> /dev/null || echo "exit $?"; } | md5sum)
    compared=$((compared + 1))
    if [ "$a" != "$b" ]; then
        echo "differ: $*"
        differ=$((differ + 1))
    fi
}
for file in benches/data/*.txt; do
    variant=()
    case $file in *generated_x*) variant=(-x) ;; esac
    same solve -j1 "${variant[@]}" "$file"
    same solve -j1 "${variant[@]}" --unique "$file"
done
for file in benches/data/*.dlx; do
    mode=()
    case $file in
        *costs* | *corner*) mode=(--best 10) ;;
        *dominoes*) mode=(--memo) ;;
    esac
    same cover -j1 "${mode[@]}" "$file"
done
echo "$compared outputs compared, $differ differ"
