#!/usr/bin/env bash
# Runs every peer comparison under scripts/bench-peers/ (one script per area; docs/benchmarks.md
# says what each compares, where the peers come from and how they are built). Nothing is fetched
# here: a script whose peer is not installed or not built says so and is skipped.
#   scripts/bench-peers.sh [-n RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
for script in scripts/bench-peers/*.sh; do
  echo "== ${script}"
  bash "$script" "$@" || status=$?
done
exit "$status"
