#!/usr/bin/env bash
# The generic engine as a user meets it: `dance cover -j1 FILE` against
# examples/dlx085_count.rs (the crates.io `dlx` 0.8.5 reading the same
# Knuth-format file and counting), whole processes, CPU time (user+sys).
# Runs alternate (dance, dlx085, dance, …) so both see the same machine
# load; the table gives each side's median CPU seconds and the ratio
# dlx085 / dance (above 1: dance is faster).
#
#   benches/vs_dlx085.sh [ROUNDS] [FILE...]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
shift || true
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    files=(benches/data/queens13.dlx benches/data/langford12.dlx benches/data/pentominoes6x10.dlx)
fi
cargo build --release --quiet --bin dance --example dlx085_count
dance=target/release/dance
theirs=target/release/examples/dlx085_count
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source benches/race.sh

printf "%-24s %10s %10s %8s\n" file dance dlx085 ratio
for file in "${files[@]}"; do
    medians=$(race "$rounds" "$file" "$dance cover -j1" "$theirs")
    read -r ours theirs_cpu <<< "$medians"
    printf "%-24s %10s %10s %8s\n" "$(basename "$file")" "$ours" "$theirs_cpu" \
        "$(ratio "$theirs_cpu" "$ours")"
done
