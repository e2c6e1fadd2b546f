# Shared by the scripts that race whole processes (benches/vs_dlx085.sh,
# benches/vs_refsudoku.sh, benches/ab_cover.sh); sourced, not run. Needs
# `$work`, a scratch directory.

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
