#!/usr/bin/env bash
# The two representations of the matrix raced on the same tree: `dance cover
# -j1 --representation links` against `--representation bitsets`, whole
# processes, median CPU seconds of alternating rounds, answers checked equal,
# and the one that `--representation auto` (the default) picks. A problem
# may carry flags of its own (a --limit, for a count too long to finish). The ratio is
# links / bitsets (above 1: the bitsets are faster).
#
#   benches/representations.sh [ROUNDS]     (ROUNDS defaults to 5)
set -euo pipefail
rounds=${1:-5}
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin dance
dance=target/release/dance
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cpu, median, ratio and race.
source benches/race.sh

problems=(
    "13 queens:queens13.dlx"
    "Langford pairs, n = 12:langford12.dlx"
    "pentominoes 6×10:pentominoes6x10.dlx"
    "pentominoes 5×12:pentominoes5x12.dlx"
    "MacMahon squares 3×5 (colors):macmahon3x5.dlx"
    "domino tilings 8×8, the first 10⁶:dominoes8x8.dlx:--limit 1000000"
)

echo "benches/representations.sh $rounds — $(date -u +%Y-%m-%d), $(nproc) cores, median CPU seconds of $rounds alternating rounds"
echo
echo "| problem (count all) | links | bitsets | links / bitsets | auto picks |"
echo "|---|---:|---:|---:|---|"
for entry in "${problems[@]}"; do
    IFS=: read -r label name flags <<< "$entry"
    file=benches/data/$name
    read -r links bitsets < <(race "$rounds" "$file" \
        "$dance cover -j1 -q $flags --representation links" \
        "$dance cover -j1 -q $flags --representation bitsets")
    picked=$("$dance" cover -j1 -q --stats --limit 1 "$file" 2>&1 >/dev/null |
        sed -n 's/^representation: //p')
    printf "| %s | %.2f | %.2f | %.2f× | %s |\n" "$label" "$links" "$bitsets" \
        "$(ratio "$links" "$bitsets")" "$picked"
done
