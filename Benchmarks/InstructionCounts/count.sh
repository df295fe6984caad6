#!/bin/bash
# Counts the instructions one repetition of a scenario costs, with valgrind's
# callgrind, counting only inside the measured loop (functions named
# `measured…`). Deterministic, so two commits compare exactly.
#
#   Benchmarks/InstructionCounts/count.sh SCENARIO [REPETITIONS]
#   LIBRARY=/path/to/other/checkout SCRATCH=.build-other count.sh SCENARIO
#
# Scenarios (see Sources/InstructionCounts/main.swift): storm1c, storm1i,
# storm10c (update storms on 100 x 1,000 items, composed or immediate),
# screen-<flat|sect>-<graph|mirror|uikit|model>-<edit> (the million-item
# screen of ScreenBenchmarks; edit is insert, title, sorted, move, chat,
# page, feedpage or replace), first-<flat|sect>-<reader> (its first insert
# and delete after it is built, once: count with 1), cold-graph and
# cold-naive (the cold start of ColdStartBenchmarks: built and first shown,
# or recomputed), diff-S
# (scenario S's diff and UIKit plan), and propagate-100 and propagate-1000
# (an insert and a delete through a composite of that many leaves and a
# sort).
# Hashing is deterministic (SWIFT_DETERMINISTIC_HASHING), so a count repeats
# exactly; .ci/instruction-counts holds them against baseline.txt.
set -euo pipefail
cd "$(dirname "$0")"
scenario=$1
repetitions=${2:-100}
scratch=${SCRATCH:-.build}
# The build's output only when it fails, so that a failed build says why.
if ! log=$(swift build -c release --scratch-path "$scratch" 2>&1); then
  echo "$log" >&2
  echo "count.sh: the build failed" >&2
  exit 1
fi
out=$(mktemp)
SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
  --toggle-collect='*measured*' "$scratch/release/InstructionCounts" "$scenario" "$repetitions" \
  >/dev/null 2>&1
total=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
rm -f "$out"
echo "$scenario: $((total / repetitions)) instructions per repetition"
