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
# screen-<flat|sect>-<graph|mirror|uikit|model>-<sorted|title|insert> (the
# million-item screen of ScreenBenchmarks), first-<flat|sect>-<reader> (its
# first insert and delete after it is built, once: count with 1), and
# cold-graph and cold-naive (the cold start of ColdStartBenchmarks: built and
# first shown, or recomputed).
set -euo pipefail
cd "$(dirname "$0")"
scenario=$1
repetitions=${2:-100}
scratch=${SCRATCH:-.build}
swift build -c release --scratch-path "$scratch" >/dev/null
out=$(mktemp)
valgrind --tool=callgrind --callgrind-out-file="$out" --collect-atstart=no \
  --toggle-collect='*measured*' "$scratch/release/InstructionCounts" "$scenario" "$repetitions" \
  >/dev/null 2>&1
total=$(awk '/^(summary|totals):/ { print $2; exit }' "$out")
rm -f "$out"
echo "$scenario: $((total / repetitions)) instructions per repetition"
