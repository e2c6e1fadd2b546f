#!/usr/bin/env bash
# Two builds of `dance` raced on `cover -j1 FILE`: benches/ab.sh for `cover`
# (see there).
#
#   benches/ab_cover.sh A B [ROUNDS] [FILE...]
#   e.g. benches/ab_cover.sh /tmp/dance-before target/release/dance 11 benches/data/queens13.dlx
exec "$(dirname "$0")/ab.sh" cover "$@"
