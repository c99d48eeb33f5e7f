#!/bin/bash
# What the winning line costs on top of the answer (docs/solver.md, "Principal variations"): 23 famine solves at a
# fixed komi (complete 6 at -1, 0 and 1; ten 7-vertex graphs, each at its komi and the next), each run twice through the
# command line, with --pv-length 0 (the answer alone) and 200 (the whole line); then the totals. Node counts are
# deterministic. MAIN is the graphgo entry point to measure (another build, to compare): builds before 2026-12-02
# refuse --pv-length 0, so give them FIRST=1, which counts the answer and the line's first step.
#
#   bash scripts/solver-line-cost.sh [BITS] [MAIN] [FIRST]      (defaults: 20, dist/cli/main.js, 0)
set -euo pipefail
BITS=${1:-20}
MAIN=${2:-dist/cli/main.js}
FIRST=${3:-0}
SOLVES=(
  "complete 6|-1" "complete 6|0" "complete 6|1"
  "edges 7 1-2 1-3 1-4 1-5 1-6 2-3 2-6 3-5 4-7|4" "edges 7 1-2 1-3 1-4 1-5 1-6 2-3 2-6 3-5 4-7|5"
  "edges 7 1-4 1-5 1-6 1-7 2-3 2-5 2-6 2-7 3-4 3-6 3-7 4-5|-1" "edges 7 1-4 1-5 1-6 1-7 2-3 2-5 2-6 2-7 3-4 3-6 3-7 4-5|0"
  "edges 7 1-2 1-3 1-6 1-7 2-3 2-5 2-7 3-4 3-6 4-5 4-7 5-6|-1" "edges 7 1-2 1-3 1-6 1-7 2-3 2-5 2-7 3-4 3-6 4-5 4-7 5-6|0"
  "edges 7 1-2 1-3 1-5 1-6 1-7 2-3 2-5 2-6 2-7 3-4 3-7 4-5 4-6|-1" "edges 7 1-2 1-3 1-5 1-6 1-7 2-3 2-5 2-6 2-7 3-4 3-7 4-5 4-6|0"
  "edges 7 1-2 1-3 1-4 1-6 1-7 2-3 2-4 2-7 3-4 3-6 4-5 5-6 5-7|-1" "edges 7 1-2 1-3 1-4 1-6 1-7 2-3 2-4 2-7 3-4 3-6 4-5 5-6 5-7|0"
  "edges 7 1-3 1-4 1-5 1-6 1-7 2-3 2-4 2-5 2-6 2-7 3-4 3-6 3-7 4-5|-1" "edges 7 1-3 1-4 1-5 1-6 1-7 2-3 2-4 2-5 2-6 2-7 3-4 3-6 3-7 4-5|0"
  "edges 7 1-2 1-3 1-4 1-5 1-6 1-7 2-4 2-5 2-7 3-4 3-5 3-7 4-6 5-6|-1" "edges 7 1-2 1-3 1-4 1-5 1-6 1-7 2-4 2-5 2-7 3-4 3-5 3-7 4-6 5-6|0"
  "edges 7 1-2 1-3 1-4 1-5 1-7 2-3 2-4 2-5 2-6 3-6 3-7 4-5 4-7 5-6|-1" "edges 7 1-2 1-3 1-4 1-5 1-7 2-3 2-4 2-5 2-6 3-6 3-7 4-5 4-7 5-6|0"
  "edges 7 1-2 1-3 1-4 1-5 1-6 1-7 2-3 2-4 2-5 2-6 2-7 3-4 3-6 3-7 4-5|-1" "edges 7 1-2 1-3 1-4 1-5 1-6 1-7 2-3 2-4 2-5 2-6 2-7 3-4 3-6 3-7 4-5|0"
  "edges 7 1-2 1-3 1-4 1-6 1-7 2-3 2-4 2-5 2-7 3-4 3-5 3-7 4-5 4-6 5-6|-1" "edges 7 1-2 1-3 1-4 1-6 1-7 2-3 2-4 2-5 2-7 3-4 3-5 3-7 4-5 4-6 5-6|0"
)
nodes() { node "$MAIN" solve --graph "$1" --komi "$2" --tt-bits "$BITS" --pv-length "$3" --json --no-progress | grep '"nodes"' | tr -dc 0-9; }
answers=0
lines=0
echo "graph | komi | answer | with the line"
for entry in "${SOLVES[@]}"; do
  graph=${entry%|*}
  komi=${entry#*|}
  a=$(nodes "$graph" "$komi" "$FIRST")
  b=$(nodes "$graph" "$komi" 200)
  echo "$graph | $komi | $a | $b"
  answers=$((answers + a))
  lines=$((lines + b))
done
echo "total: answers $answers, with their lines $lines, the lines $((lines - answers))"
