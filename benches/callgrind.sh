# The parts the callgrind scripts share (sourced, not run): the usage of
# `SCRIPT A [B]`, a work folder removed on exit, and the instructions of one
# whole `dance` process.
#
#   builds=("$@"); source benches/callgrind.sh
#   count=$(instructions OUT BINARY ARGS...)   # stdout of the run in OUT

if [ ${#builds[@]} -lt 1 ] || [ ${#builds[@]} -gt 2 ]; then
    echo "usage: $0 A [B]" >&2
    exit 2
fi
data=$(dirname "$0")/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# instructions OUT BINARY ARGS...: the instructions callgrind collected
# running BINARY ARGS, its output in OUT.
instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "${@:2}" > "$1" 2> "$work/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/log"
}

# ratio A B: B / A to four places.
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.4f", b / a }'
}

# start BINARY: the instructions of a process that starts, reads an empty
# file and ends — what every row pays before its own work, on a row of its
# own so that the rows can be read without it.
start() {
    : > "$work/empty.txt"
    instructions "$work/start.out" "$1" solve -j1 -q "$work/empty.txt"
}

# less_start A B START_A START_B: (B - START_B) / (A - START_A), the ratio
# of the work after the start.
less_start() {
    awk -v a="$1" -v b="$2" -v sa="$3" -v sb="$4" 'BEGIN { printf "%.4f", (b - sb) / (a - sa) }'
}

# header WIDTH FIRST: the table's header (FIRST names the first column, WIDTH
# its width) and the start on a row of its own; leaves each build's start in
# the array `starts`.
header() {
    local width=$1 first=$2
    if [ ${#builds[@]} -eq 1 ]; then
        printf "%-${width}s %16s\n" "$first" instructions
    else
        printf "%-${width}s %16s %16s %8s %12s\n" "$first" A B B/A "less start"
    fi
    starts=()
    for build in "${builds[@]}"; do
        starts+=("$(start "$build")")
    done
    if [ ${#starts[@]} -eq 1 ]; then
        printf "%-${width}s %16s\n" "start (an empty file)" "${starts[0]}"
    else
        printf "%-${width}s %16s %16s %8s\n" "start (an empty file)" "${starts[0]}" "${starts[1]}" \
            "$(ratio "${starts[0]}" "${starts[1]}")"
    fi
}
