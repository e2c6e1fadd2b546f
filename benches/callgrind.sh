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
