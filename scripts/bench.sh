#!/usr/bin/env bash
# Times a release-build puzzlespec command: scripts/bench.sh [-n RUNS] ARGS...
# Example: scripts/bench.sh -n 5 run specs/water-jugs.toml
# Prints each run's wall time and the median, in milliseconds. Output of the command is discarded.
set -euo pipefail
runs=5
if [ "${1:-}" = "-n" ]; then runs=$2; shift 2; fi
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/puzzlespec
times=()
for _ in $(seq "$runs"); do
  start=$(date +%s%N)
  "$bin" "$@" --quiet >/dev/null 2>&1 || true
  end=$(date +%s%N)
  times+=($(( (end - start) / 1000000 )))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
median=$(printf '%s\n' "$sorted" | sed -n "$(( (runs + 1) / 2 ))p")
echo "runs (ms): ${times[*]}"
echo "median: ${median} ms  ($bin $*)"
