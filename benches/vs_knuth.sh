#!/usr/bin/env bash
# `dance cover -j1` against Knuth's own exact-cover programs — DLX1
# (Algorithm X), DLX2 (with colors) and SSXCC (sparse sets, "dancing
# cells") — counting every solution of the same files, whole processes, user
# CPU time. Then two more tables: `dance cover --best 1 -j1` against DLX5
# (the cheapest solution, its default k = 1) on the problems with costs
# that benches/costs.py writes, user + sys CPU, with the minimum cost and
# the ten cheapest costs (`--best 10`, DLX5 `k10`) checked equal; and
# `dance cover --preprocess` against DLX-PRE on every problem of the first
# table and the domino tilings, CPU of 20 or 400 runs in a row (one run is
# below the clock's resolution), with the options each removes, and last the
# floor under those rows: 400 process starts of each and nothing else. Each
# round runs dance, DLX1, DLX2, SSXCC one after the other, so
# all four see the same machine load; the table gives each one's median, the
# ratio fastest Knuth program / dance (above 1: dance is ahead) and every
# program's node count as it reports it (see "Nodes" below). The counts must
# agree, or the script stops.
#
#   benches/vs_knuth.sh KNUTH_BIN_DIR [ROUNDS [FILE...]]
#
# ROUNDS defaults to 5; FILEs (names in benches/data, e.g. pentominoes6x10.dlx)
# race only those problems of the first table, to repeat a row whose ratio is
# within noise. DANCE=PATH races that dance binary instead of building
# target/release/dance. TABLES=WORDS runs only the tables named (`count`,
# `best`, `preprocess`; all three by default), e.g. TABLES=preprocess for the
# `--preprocess` rows and their floor alone.
#
# KNUTH_BIN_DIR holds the binaries `dlx1`, `dlx2`, `ssxcc`, `dlx5` and
# `dlx-pre`, built outside
# this repository from the CWEB sources in the public mirror
# github.com/ascherer/cwebtest (files dlx1.w, dlx2.w and ssxcc.w at commit
# cf98784; ssxcc.w there is the version of December 2023, with Solnon's
# forced moves; dlx5.w and dlx-pre.w likewise):
#
#   apt-get install texlive-binaries            # ctangle
#   for p in dlx1 dlx2 ssxcc dlx5 dlx-pre; do ctangle $p.w && gcc -O3 -march=native -o $p $p.c; done
#
# with a stand-in `gb_flip.h` beside them: the programs call
# `gb_init_rand` and `gb_unif_rand` only under their `s<seed>` option, which
# is never given here, so any definitions do, e.g.
#
#   static unsigned long gb_state = 1;
#   static inline void gb_init_rand(long s) { gb_state = s; }
#   static inline long gb_next_rand(void) {
#     gb_state = gb_state * 6364136223846793005UL + 1442695040888963407UL;
#     return (long)((gb_state >> 33) & 0x7fffffff); }
#   static inline long gb_unif_rand(long m) { return m > 0 ? gb_next_rand() % m : 0; }
#
# Nodes: dance counts options tried (`--stats`); DLX1 and DLX2 count the
# options tried plus the root (one more than dance on the same tree); SSXCC
# counts the levels it enters, which leaves out the options whose covering
# already empties an item (it stops those half-way) — so its figure is
# smaller on the same tree. DLX1 reads no colors: "—" on colored problems.
# "dance's matrix" is the representation `dance cover` chose for the problem
# (`--stats` prints it; `--representation` forces one): links or bitsets.
set -euo pipefail
if [ $# -lt 1 ] || [ ! -d "$1" ]; then
    echo "usage: $0 KNUTH_BIN_DIR [ROUNDS [FILE...]]" >&2
    exit 2
fi
knuth=$(cd "$1" && pwd)
rounds=${2:-5}
only=("${@:3}")
cd "$(dirname "$0")/.."
for program in dlx1 dlx2 ssxcc dlx5 dlx-pre; do
    if [ ! -x "$knuth/$program" ]; then
        echo "$0: $knuth/$program is missing" >&2
        exit 2
    fi
done
# DANCE=PATH races that binary instead of the release build (e.g. a build
# kept from before a change).
if [ -n "${DANCE:-}" ]; then
    dance=$DANCE
else
    cargo build --release --quiet --bin dance
    dance=target/release/dance
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tables=" ${TABLES:-count best preprocess} "

# median and ratio.
source benches/race.sh

problems=(
    "13 queens:queens13.dlx"
    "14 queens:queens14.dlx"
    "Langford pairs, n = 12:langford12.dlx"
    "pentominoes 6×10:pentominoes6x10.dlx"
    "pentominoes 5×12:pentominoes5x12.dlx"
    "MacMahon squares 3×5 (colors):macmahon3x5.dlx"
)

# Whether an option line of FILE gives an item a color.
colored() {
    awk '/^[ \t]*(\||$)/ { next } seen && /:/ { found = 1; exit } { seen = 1 }
         END { exit !found }' "$1"
}

# run NAME FILE — runs one program on FILE; appends its user CPU seconds to
# $work/NAME.time and leaves "COUNT NODES" in $work/NAME.result.
run() {
    local name=$1 file=$2 status=0
    if [ "$name" = dance ]; then
        /usr/bin/time -f "%U" -o "$work/time" "$dance" cover -j1 --stats "$file" \
            > "$work/out" 2> "$work/err" || status=$?
        local count nodes
        count=$(cat "$work/out")
        nodes=$(sed -n 's/^nodes: //p' "$work/err")
        sed -n 's/^representation: //p' "$work/err" > "$work/representation"
    else
        /usr/bin/time -f "%U" -o "$work/time" "$knuth/$name" < "$file" \
            > "$work/out" 2> "$work/err" || status=$?
        count=$(sed -n 's/^Altogether \([0-9]*\) solution.*/\1/p' "$work/err")
        nodes=$(sed -n 's/.* \([0-9]*\) nodes,.*/\1/p' "$work/err")
    fi
    if [ "$status" -ne 0 ] || [ -z "$count" ] || [ -z "$nodes" ]; then
        echo "$name on $file failed (exit status $status):" >&2
        cat "$work/err" >&2
        exit 1
    fi
    tail -n 1 "$work/time" >> "$work/$name.time"
    echo "$count $nodes" > "$work/$name.result"
}

# cell ARRAY PROGRAM — the program's entry in the associative array, or "—"
# for a program that did not run.
cell() {
    local -n values=$1
    echo "${values[$2]:-—}"
}

echo "benches/vs_knuth.sh $* — $(date -u +%Y-%m-%d), $(nproc) cores, medians of $rounds alternating rounds: CPU seconds, user for the count table, user + sys for the others; load $(cut -d" " -f1-3 /proc/loadavg)"
echo
if [[ $tables == *" count "* ]]; then
    echo "| problem (count all) | solutions | dance | DLX1 | DLX2 | SSXCC | dance vs fastest | dance's matrix | nodes: dance | DLX1 | DLX2 | SSXCC |"
    echo "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|"
    for entry in "${problems[@]}"; do
        label=${entry%%:*}
        file=benches/data/${entry#*:}
        if [ ${#only[@]} -gt 0 ] && [[ " ${only[*]} " != *" ${entry#*:} "* ]]; then
            continue
        fi
        programs=(dance dlx1 dlx2 ssxcc)
        if colored "$file"; then
            programs=(dance dlx2 ssxcc)
        fi
        for program in "${programs[@]}"; do
            : > "$work/$program.time"
        done
        for _ in $(seq "$rounds"); do
            for program in "${programs[@]}"; do
                run "$program" "$file"
            done
        done
        read -r count _ < "$work/dance.result"
        declare -A seconds=() node_counts=()
        fastest="" fastest_name=""
        for program in "${programs[@]}"; do
            read -r their_count their_nodes < "$work/$program.result"
            if [ "$their_count" != "$count" ]; then
                echo "$file: dance counts $count solutions, $program $their_count" >&2
                exit 1
            fi
            seconds[$program]=$(median < "$work/$program.time")
            node_counts[$program]=$their_nodes
            if [ "$program" != dance ] &&
                { [ -z "$fastest" ] || [ "$(echo "${seconds[$program]} < $fastest" | bc)" = 1 ]; }; then
                fastest=${seconds[$program]}
                fastest_name=$program
            fi
        done
        echo "| $label | $count | $(cell seconds dance) | $(cell seconds dlx1) | $(cell seconds dlx2) | $(cell seconds ssxcc) |" \
            "$(printf %.2f "$(ratio "$fastest" "${seconds[dance]}")")× (${fastest_name^^}) | $(cat "$work/representation") |" \
            "$(cell node_counts dance) | $(cell node_counts dlx1) | $(cell node_counts dlx2) | $(cell node_counts ssxcc) |"
        unset seconds node_counts
    done
fi

# cpu_err COMMAND... — user + sys CPU seconds of COMMAND (output in $work/out,
# stderr in $work/err); a failure stops the race.
cpu_err() {
    /usr/bin/time -f "%U %S" -o "$work/time" "$@" > "$work/out" 2> "$work/err" || {
        echo "$* failed:" >&2
        cat "$work/err" >&2
        exit 1
    }
    awk '{ print $1 + $2 }' "$work/time"
}

# dlx5_costs — the costs DLX5 printed in $work/err ("$C (repeated R times)").
dlx5_costs() {
    sed -n '/optimum cost/,$p' "$work/err" | tr ' ' '\n' | awk '
        /^\$/ { cost = substr($1, 2); print cost; next }
        /^\(repeated$/ { repeat = 1; next }
        repeat { for (k = 1; k < $1; k++) print cost; repeat = 0 }'
}

if [[ $tables == *" best "* ]]; then
    echo
    echo "| problem (\`--best 1\`) | minimum cost | dance | DLX5 | dance vs DLX5 | nodes: dance | DLX5 | 10 cheapest agree |"
    echo "|---|---:|---:|---:|---:|---:|---:|---|"
    for entry in "20 queens, costs 0–99:queens20_costs.dlx" \
        "pentominoes 6×10, costs 0–99:pentominoes6x10_costs.dlx" \
        "pentominoes 5×12, corner costs:pentominoes5x12_corner.dlx" \
        "22 queens, costs 0–99:queens22_costs.dlx" \
        "11 pentominoes + monomino 7×8, costs 0–99:pentominoes7x8_costs.dlx"; do
        label=${entry%%:*}
        file=benches/data/${entry#*:}
        : > "$work/dance.best"
        : > "$work/dlx5.best"
        for _ in $(seq "$rounds"); do
            cpu_err "$dance" cover --best 1 -j1 --stats "$file" >> "$work/dance.best"
            cost=$(sed -n 's/^cost //p' "$work/out")
            nodes=$(sed -n 's/^nodes: //p' "$work/err")
            cpu_err "$knuth/dlx5" < "$file" >> "$work/dlx5.best"
            their_cost=$(dlx5_costs)
            their_nodes=$(sed -n 's/.* \([0-9]*\) nodes\.$/\1/p' "$work/err")
            if [ "$cost" != "$their_cost" ]; then
                echo "$file: dance finds cost $cost, DLX5 $their_cost" >&2
                exit 1
            fi
        done
        "$dance" cover --best 10 -j1 "$file" | sed -n 's/^cost //p' > "$work/dance.ten"
        "$knuth/dlx5" k10 < "$file" > /dev/null 2> "$work/err"
        dlx5_costs > "$work/dlx5.ten"
        agree=yes
        cmp -s "$work/dance.ten" "$work/dlx5.ten" || agree="NO: $(tr '\n' ' ' < "$work/dance.ten")/ $(tr '\n' ' ' < "$work/dlx5.ten")"
        ours=$(median < "$work/dance.best")
        theirs=$(median < "$work/dlx5.best")
        echo "| $label | $cost | $ours | $theirs | $(printf %.2f "$(ratio "$theirs" "$ours")")× | $nodes | $their_nodes | $agree |"
    done
fi

# in_a_row N COMMAND... — CPU seconds (user + sys) of N runs of COMMAND <
# $file in a row.
in_a_row() {
    local n=$1
    shift
    /usr/bin/time -f "%U %S" -o "$work/time" bash -c \
        'n=$1; shift; for _ in $(seq "$n"); do "$@" < "$0" > /dev/null 2>&1; done; exit 0' "$file" "$n" "$@"
    awk '{ print $1 + $2 }' "$work/time"
}

if [[ $tables == *" preprocess "* ]]; then
    echo
    echo "| problem (\`--preprocess\`) | options | removed: dance | DLX-PRE | runs in a row | dance (s) | DLX-PRE (s) | dance vs DLX-PRE |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|"
    for entry in "${problems[@]}" "domino tilings 8×8:dominoes8x8.dlx" "domino tilings 16×16:dominoes16x16.dlx"; do
        label=${entry%%:*}
        file=benches/data/${entry#*:}
        "$dance" cover --preprocess --stats "$file" > /dev/null 2> "$work/err"
        read -r removed options < <(sed -n 's/.* and \([0-9]*\) of \([0-9]*\) options removed.*/\1 \2/p' "$work/err")
        "$knuth/dlx-pre" < "$file" > /dev/null 2> "$work/err"
        their_removed=$(sed -n 's/^Removed \([0-9]*\) options.*/\1/p' "$work/err")
        if [ "$removed" -lt "$their_removed" ]; then
            echo "$file: dance removes $removed options, DLX-PRE $their_removed" >&2
            exit 1
        fi
        # A run of a millisecond or two is below the clock's resolution (10 ms):
        # enough runs in a row for a sample of at least about half a second.
        runs=20
        if awk "BEGIN { exit !($(in_a_row 20 "$dance" cover --preprocess -) < 0.5) }"; then
            runs=400
        fi
        : > "$work/dance.pre"
        : > "$work/dlx-pre.pre"
        for _ in $(seq "$rounds"); do
            in_a_row "$runs" "$dance" cover --preprocess - >> "$work/dance.pre"
            in_a_row "$runs" "$knuth/dlx-pre" >> "$work/dlx-pre.pre"
        done
        ours=$(median < "$work/dance.pre")
        theirs=$(median < "$work/dlx-pre.pre")
        echo "| $label | $options | $removed | $their_removed | $runs | $ours | $theirs | $(printf %.2f "$(ratio "$theirs" "$ours")")× |"
    done

    # The floor under every row above: starting the process and nothing else —
    # `dance --version` against DLX-PRE on an empty problem (it stops at once).
    file=/dev/null
    : > "$work/dance.pre"
    : > "$work/dlx-pre.pre"
    for _ in $(seq "$rounds"); do
        in_a_row 400 "$dance" --version >> "$work/dance.pre"
        in_a_row 400 "$knuth/dlx-pre" >> "$work/dlx-pre.pre"
    done
    ours=$(median < "$work/dance.pre")
    theirs=$(median < "$work/dlx-pre.pre")
    echo "| process start only (\`dance --version\`; DLX-PRE on an empty file) | 0 | — | — | 400 | $ours | $theirs | $(printf %.2f "$(ratio "$theirs" "$ours")")× |"
fi
