#!/usr/bin/env bash
# A random exact-cover problem that is wide rather than deep, in Knuth's text
# format on stdout: ITEMS primary items (i1 … iITEMS) and OPTIONS options of
# three distinct random items each. At 100,000 items and 1,000,000 options
# (about 21 MB) every node of the search scans tens of thousands of items to
# choose one, and the search never ends by itself: the problem the stop
# latency of docs/reliability.md is measured on.
#
#   benches/wide_problem.sh ITEMS OPTIONS [SEED] > wide.dlx
set -euo pipefail
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
    echo "usage: $0 ITEMS OPTIONS [SEED]" >&2
    exit 2
fi
awk -v items="$1" -v options="$2" -v seed="${3:-1}" 'BEGIN {
    if (items < 3) { print "need at least 3 items" > "/dev/stderr"; exit 2 }
    srand(seed)
    line = "i1"
    for (i = 2; i <= items; i++) line = line " i" i
    print line
    for (o = 0; o < options; o++) {
        a = int(rand() * items) + 1
        do b = int(rand() * items) + 1; while (b == a)
        do c = int(rand() * items) + 1; while (c == a || c == b)
        print "i" a " i" b " i" c
    }
}'
