#!/usr/bin/env bash
# Writes the memo's long problems in Knuth's DLX format to stdout:
#
#   benches/strips.sh strip N          # a 1×N strip tiled by cells and pairs:
#                                      # F(N+1) solutions (F(1) = F(2) = 1)
#   benches/strips.sh dominoes R C     # domino tilings of R rows × C columns,
#                                      # cells named rRcC, declared row by row
#                                      # (as benches/data/dominoes8x20.dlx)
set -euo pipefail
case "${1:-}" in
strip)
    awk -v n="$2" 'BEGIN {
        line = ""
        for (k = 0; k < n; k++) line = line (k ? " " : "") "c" k
        print line
        for (k = 0; k < n; k++) {
            print "c" k
            if (k + 1 < n) print "c" k " c" k + 1
        }
    }'
    ;;
dominoes)
    awk -v rows="$2" -v cols="$3" 'BEGIN {
        line = ""
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++) line = line (line == "" ? "" : " ") "r" r "c" c
        print line
        for (r = 0; r < rows; r++)
            for (c = 0; c + 1 < cols; c++) print "r" r "c" c " r" r "c" c + 1
        for (r = 0; r + 1 < rows; r++)
            for (c = 0; c < cols; c++) print "r" r "c" c " r" r + 1 "c" c
    }'
    ;;
*)
    echo "usage: $0 strip N | dominoes ROWS COLS" >&2
    exit 2
    ;;
esac
