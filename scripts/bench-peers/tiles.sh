#!/usr/bin/env bash
# Korf's 100 side by side with a public 6-6-3 pattern-database IDA* for the 15-puzzle
# (docs/benchmarks.md describes it). Nothing is fetched or built here: set TILES_PEER to a
# command that solves Korf's 100 (the peer built by you, with its input file), e.g.
# TILES_PEER="/path/to/peer /path/to/korf100.txt"; without it this script says so and stops.
#
#   TILES_PEER="..." scripts/bench-peers/tiles.sh [-n RUNS]   (default 3 runs)
#
# Ours with its tables ready (cached in a scratch folder by a first run) and with them built in
# each run (a fresh folder each time), on two threads and on one; the peer as it is (one without
# a cache builds its tables in every run: compare its own printed times too, shown once).
# Medians of wall and user CPU time (/usr/bin/time), alternating.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=3
[[ "${1:-}" == "-n" ]] && runs="$2"
if [[ -z "${TILES_PEER:-}" ]]; then
    echo "skipped: set TILES_PEER to the peer's command for Korf's 100 (see docs/benchmarks.md)"
    exit 0
fi
bin=target/release/puzzlespec
[[ -x $bin ]] || cargo build --release --quiet
cache=$(mktemp -d)
timing=$(mktemp)
trap 'rm -rf "$cache" "$timing"' EXIT
export PUZZLESPEC_CACHE_DIR=$cache
$bin run --quiet specs/korf100.toml >/dev/null

median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
times() { /usr/bin/time -o "$timing" -f "%e %U" "$@" >/dev/null 2>&1 || true; tail -1 "$timing"; }

fresh() { # fresh COMMAND...: timed with an empty cache folder, so the tables are built
    local dir; dir=$(mktemp -d)
    PUZZLESPEC_CACHE_DIR=$dir times "$@"
    rm -rf "$dir"
}

two=() one=() built_two=() built_one=() peer=()
for _ in $(seq "$runs"); do
    two+=("$(times $bin run --quiet specs/korf100.toml)")
    one+=("$(RAYON_NUM_THREADS=1 times $bin run --quiet specs/korf100.toml)")
    built_two+=("$(fresh $bin run --quiet specs/korf100.toml)")
    built_one+=("$(RAYON_NUM_THREADS=1 fresh $bin run --quiet specs/korf100.toml)")
    peer+=("$(times $TILES_PEER)")
done
show() { # show LABEL LINES...: the medians of the wall and user columns
    local label=$1; shift
    printf '%-34s %6.2f s wall %6.2f s user\n' "$label" \
        "$(printf '%s\n' "$@" | awk '{print $1}' | median)" "$(printf '%s\n' "$@" | awk '{print $2}' | median)"
}
echo "uptime: $(uptime)"
echo "runs: $runs (medians)"
show "puzzlespec, 2 threads" "${two[@]}"
show "puzzlespec, 1 thread" "${one[@]}"
show "puzzlespec, tables built, 2 thr." "${built_two[@]}"
show "puzzlespec, tables built, 1 thr." "${built_one[@]}"
show "peer" "${peer[@]}"
echo "the peer's own output, last run:"
$TILES_PEER | tail -5
