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
# the memoized count on dominoes 16×16, Algorithm M on rooks 6×3.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 A [B]" >&2
    exit 2
fi
builds=("$@")
data=$(dirname "$0")/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# instructions BINARY ARGS...: the instructions callgrind collected.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" cover -j1 -q "${@:2}" \
        > "$work/out" 2> "$work/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

if [ ${#builds[@]} -eq 1 ]; then
    printf "%-28s %16s\n" problem instructions
else
    printf "%-28s %16s %16s %8s\n" problem A B B/A
fi
for case in "queens13.dlx" "langford12.dlx" "pentominoes6x10.dlx" "dominoes16x16.dlx --memo" \
    "rooks6x3.dlx"; do
    read -r file flags <<< "$case"
    counts=()
    for build in "${builds[@]}"; do
        # shellcheck disable=SC2086 # flags are words
        counts+=("$(instructions "$build" $flags "$data/$file")")
    done
    label="${file%.dlx}${flags:+ $flags}"
    if [ ${#counts[@]} -eq 1 ]; then
        printf "%-28s %16s\n" "$label" "${counts[0]}"
    else
        ratio=$(awk -v a="${counts[0]}" -v b="${counts[1]}" 'BEGIN { printf "%.4f", b / a }')
        printf "%-28s %16s %16s %8s\n" "$label" "${counts[0]}" "${counts[1]}" "$ratio"
    fi
done
