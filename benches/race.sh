# Shared by the scripts that race whole processes (benches/vs_dlx085.sh,
# benches/vs_refsudoku.sh, benches/vs_tdoku.sh, benches/ab.sh); sourced,
# not run. Needs `$work`, a scratch directory.

# cpu COMMAND... — runs COMMAND with its standard output in $work/out and
# prints the CPU seconds it took (user + sys). Exit status 1 ("found
# nothing": a puzzle without a unique solution, say) is a result; anything
# above stops the race.
cpu() {
    local status=0
    /usr/bin/time -f "%U %S" -o "$work/time" "$@" > "$work/out" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "$*: exit status $status" >&2
        exit "$status"
    fi
    read -r user sys < "$work/time"
    echo "$user + $sys" | bc
}

# median — the median of the numbers on standard input, one per line.
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# ratio A B — A / B to three decimals, or `-` when B is below the clock's
# resolution (zero).
ratio() {
    if [ "$(echo "$2 == 0" | bc)" = 1 ]; then echo -; else echo "scale=3; $1 / $2" | bc; fi
}

# race ROUNDS FILE "A" "B" — runs the command lines `A FILE` and `B FILE`
# alternately ROUNDS times (so both see the same machine load), stops if
# they print different answers, and prints the median CPU seconds of A and
# of B. A and B are split at spaces.
race() {
    local rounds=$1 file=$2 a b
    read -r -a a <<< "$3"
    read -r -a b <<< "$4"
    : > "$work/a"
    : > "$work/b"
    for _ in $(seq "$rounds"); do
        cpu "${a[@]}" "$file" >> "$work/a"
        mv "$work/out" "$work/a.out"
        cpu "${b[@]}" "$file" >> "$work/b"
        if ! cmp -s "$work/out" "$work/a.out"; then
            echo "$file: \`$3\` and \`$4\` print different answers" >&2
            exit 1
        fi
    done
    echo "$(median < "$work/a") $(median < "$work/b")"
}
