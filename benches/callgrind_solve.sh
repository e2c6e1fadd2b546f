#!/usr/bin/env bash
# Instructions of whole `dance solve -j1` (and `dance rate -j1`) processes
# under callgrind — exact whatever the load of the machine, so that a change
# to the Sudoku engines or to how one is chosen can be held to a bound ("no
# row more than 2% slower") on a shared machine. One build, or two side by
# side with B / A (below 1: B runs fewer instructions). The answers of the
# two builds must be identical, or the script says which row differs.
#
#   benches/callgrind_solve.sh A [B]
#   e.g. cp target/release/dance /tmp/dance-before; (edit, cargo build --release)
#        benches/callgrind_solve.sh /tmp/dance-before target/release/dance
#
# The rows: the fast 9×9 engine on top1465 and the forum's hardest, for the
# first solution and for `--unique`; the generic engine (`--engine dlx`) on
# top95; the bitboards (9×9 jigsaw), the four-item kernel (8×8) and the
# generic engine again (X-Sudoku, where `fast` runs it) on generated sets; the
# rating (Algorithm X's tree) on top95.
# The first row is the start alone (a process that reads an empty file), and
# "less start" the ratio of what each row runs after it.
set -euo pipefail
builds=("$@")
# usage, data, work, instructions, ratio, header and less_start.
source "$(dirname "$0")/callgrind.sh"

header 40 run
for case in "solve top1465.txt" "solve top1465.txt --unique" "solve forum_hardest.txt" \
    "solve forum_hardest.txt --unique" "solve top95.txt --unique --engine dlx" \
    "solve generated9_jigsaw.txt --unique" "solve generated8.txt --unique" \
    "solve generated_x.txt --unique -x" "rate top95.txt"; do
    read -r command file flags <<< "$case"
    counts=()
    for k in "${!builds[@]}"; do
        # shellcheck disable=SC2086 # flags are words
        counts+=("$(instructions "$work/out.$k" "${builds[$k]}" "$command" -j1 -q $flags \
            "$data/$file")")
    done
    label="$command ${file%.txt}${flags:+ $flags}"
    if [ ${#counts[@]} -eq 1 ]; then
        printf "%-40s %16s\n" "$label" "${counts[0]}"
    else
        same=""
        cmp -s "$work/out.0" "$work/out.1" || same="  (answers differ)"
        printf "%-40s %16s %16s %8s %12s%s\n" "$label" "${counts[0]}" "${counts[1]}" \
            "$(ratio "${counts[0]}" "${counts[1]}")" \
            "$(less_start "${counts[0]}" "${counts[1]}" "${starts[0]}" "${starts[1]}")" "$same"
    fi
done
