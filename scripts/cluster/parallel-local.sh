#!/usr/bin/env bash
# A split run under GNU parallel on this machine, for real: installs Debian's `parallel` when
# missing, runs the parts as `puzzlespec run SPEC --shard auto/N --json` (K from the
# PARALLEL_SEQ that parallel gives each job), two at a time, merges them, and checks the merged
# answer against the unsplit run.
#
#   scripts/cluster/parallel-local.sh [SPEC [RUN ARGS...]]
#   PARTS=16 PUZZLESPEC=target/release/puzzlespec scripts/cluster/parallel-local.sh specs/magic-square-4.toml
#
# Exit 0 when the merge equals the unsplit run; 1 when it differs; 2 when a part failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
SPEC=${1:-specs/magic-square-4.toml}
shift || true
ARGS=("$@")
PARTS=${PARTS:-16}
BIN=$(realpath "${PUZZLESPEC:-target/release/puzzlespec}")
[ -x "$BIN" ] || { echo "parallel-local: no $BIN: cargo build --release first" >&2; exit 2; }
if ! command -v parallel >/dev/null; then
  SUDO=()
  [ "$(id -u)" = 0 ] || SUDO=(sudo)
  echo "parallel-local: installing parallel"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q parallel >/dev/null \
    || { "${SUDO[@]}" apt-get update -q >/dev/null && "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q parallel >/dev/null; }
fi
WORK=$(mktemp -d /tmp/parallel-local.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
quoted=""
[ ${#ARGS[@]} -eq 0 ] || quoted=$(printf ' %q' "${ARGS[@]}")
started=$(date +%s.%N)
# Each job's part is PARALLEL_SEQ - 1 (`--shard auto/N`); the job log lists failed parts.
seq "$PARTS" | parallel --will-cite --jobs 2 --halt now,fail=1 --joblog "$WORK/jobs.log" \
  "$(printf %q "$BIN") run $(printf %q "$SPEC")$quoted --shard auto/$PARTS --json -q > $WORK/part-{}.json" \
  || { echo "parallel-local: a part failed:" >&2; cat "$WORK/jobs.log" >&2; exit 2; }
"$BIN" merge --json "$WORK"/part-*.json > "$WORK/merged.json" || true
wall=$(echo "$(date +%s.%N) - $started" | bc)
"$BIN" run "$SPEC" "${ARGS[@]+"${ARGS[@]}"}" --json -q > "$WORK/whole.json" || true
scripts/cluster/same-as-whole.py parallel-local "$WORK/whole.json" "$WORK/merged.json" "$wall"
