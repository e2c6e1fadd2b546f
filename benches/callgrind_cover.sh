#!/usr/bin/env bash
# Instructions of whole `dance cover -j1` processes under callgrind — exact
# whatever the load of the machine, so that a change to the search driver
# can be held to a bound ("no engine more than 3% slower") on a shared
# machine. One build, or two side by side with B / A (below 1: B runs fewer
# instructions).
#
#   benches/callgrind_cover.sh A [B]
#   e.g. cp target/release/dance /tmp/dance-before; (edit, cargo build --release)
#        benches/callgrind_cover.sh /tmp/dance-before target/release/dance
#
# The problems: Algorithm X on queens 13, Langford 12 and pentominoes 6×10,
# the memoized count on dominoes 16×16, Algorithm M on rooks 6×3. The first
# row is the start alone (a process that reads an empty file), and "less
# start" the ratio of what each row runs after it.
set -euo pipefail
builds=("$@")
# usage, data, work, instructions, ratio, header and less_start.
source "$(dirname "$0")/callgrind.sh"

header 28 problem
for case in "queens13.dlx" "langford12.dlx" "pentominoes6x10.dlx" "dominoes16x16.dlx --memo" \
    "rooks6x3.dlx"; do
    read -r file flags <<< "$case"
    counts=()
    for build in "${builds[@]}"; do
        # shellcheck disable=SC2086 # flags are words
        counts+=("$(instructions "$work/out" "$build" cover -j1 -q $flags "$data/$file")")
    done
    label="${file%.dlx}${flags:+ $flags}"
    if [ ${#counts[@]} -eq 1 ]; then
        printf "%-28s %16s\n" "$label" "${counts[0]}"
    else
        printf "%-28s %16s %16s %8s %12s\n" "$label" "${counts[0]}" "${counts[1]}" \
            "$(ratio "${counts[0]}" "${counts[1]}")" \
            "$(less_start "${counts[0]}" "${counts[1]}" "${starts[0]}" "${starts[1]}")"
    fi
done
