#!/usr/bin/env bash
# 6x10 pentominoes (all 9,356 tilings) side by side with a public pentomino solver, through
# scripts/side-by-side.py (alternating runs, medians of wall and CPU). Nothing is fetched or
# built here: set PENTOMINO_PEER to the peer's binary. The one measured so far is the CLI of
# github.com/sugyan/pentomino (Rust), built outside this repository, e.g.
#   git clone https://github.com/sugyan/pentomino /work/peers/pentomino
#   (cd /work/peers/pentomino && cargo build --release)
#   PENTOMINO_PEER=/work/peers/pentomino/target/release/main scripts/bench-peers/packing.sh
# Its solvers `optimized-small` and `optimized-large` are both timed (`-q`: count only; the
# program prints "Found 9356 solutions"). Without PENTOMINO_PEER this script times ours alone.
#
#   PENTOMINO_PEER=... scripts/bench-peers/packing.sh [-n RUNS]   (default 7 rounds)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=7
[[ "${1:-}" == "-n" ]] && runs="$2"
bin=target/release/puzzlespec
[[ -x $bin ]] || cargo build --release --quiet
commands=("ours=$bin run --quiet specs/pentominoes-6x10.toml"
    "ours-1-thread=env RAYON_NUM_THREADS=1 $bin run --quiet specs/pentominoes-6x10.toml")
if [[ -n "${PENTOMINO_PEER:-}" ]]; then
    echo "peer says: $("$PENTOMINO_PEER" -q -s optimized-small | tail -1)"
    commands+=("peer-small=$PENTOMINO_PEER -q -s optimized-small"
        "peer-large=$PENTOMINO_PEER -q -s optimized-large")
else
    echo "no peer: set PENTOMINO_PEER to a built github.com/sugyan/pentomino CLI (see the top of this script)"
fi
echo "uptime: $(uptime)"
scripts/side-by-side.py -n "$runs" "${commands[@]}"
