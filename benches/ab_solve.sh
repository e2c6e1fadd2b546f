#!/usr/bin/env bash
# Two builds of `dance` raced on `solve -j1 FILE`: benches/ab.sh for `solve`
# (see there).
#
#   benches/ab_solve.sh A B [ROUNDS] [FILE...]
#   e.g. benches/ab_solve.sh /tmp/dance-before target/release/dance 7 benches/data/forum_hardest.txt
exec "$(dirname "$0")/ab.sh" solve "$@"
