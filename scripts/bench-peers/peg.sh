#!/usr/bin/env bash
# Peg solitaire side by side with feschber/peg-solitaire (docs/benchmarks.md says which commit
# and what each command computes). Nothing is fetched or built here: set FESCHBER to the peer's
# binary, built by you from its own sources; without it this script says so and stops.
#
#   FESCHBER=/path/to/peg-solitaire scripts/bench-peers/peg.sh [-n RUNS]   (default 3 runs)
#
# On AMD processors of family 23 (Zen 1/2, `grep -m1 family /proc/cpuinfo`) BMI2's pext is
# microcoded and the peer's own x86-64-v3 build runs about 3x slower than its portable path:
# there build it with RUSTFLAGS="-C target-cpu=x86-64-v3 -C target-feature=-bmi2" (see
# docs/benchmarks.md, "Peg solitaire") so that it is measured at its best.
#
# With BERND set to BerndAmend/peg-solitaire-rust's binary (built from its own sources without
# its llvm and opencl backends, docs/benchmarks.md), also every reachable position against its
# naive backend (about 90 s a run on 2 cores).
#
# Each line: the median wall time and user CPU time (/usr/bin/time) of the whole process, the
# two programs run alternately so that both see the same load.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=3
[[ "${1:-}" == "-n" ]] && runs="$2"
if [[ -z "${FESCHBER:-}" || ! -x "${FESCHBER}" ]]; then
    echo "skipped: set FESCHBER to feschber/peg-solitaire's binary (see docs/benchmarks.md)"
    exit 0
fi
bin=target/release/puzzlespec
[[ -x $bin ]] || cargo build --release --quiet

timing=$(mktemp)
trap 'rm -f "$timing"' EXIT
# timed COMMAND...: "wall user max-KB" of one run (the command's own output discarded).
timed() { /usr/bin/time -o "$timing" -f "%e %U %M" "$@" >/dev/null 2>&1 || true; tail -1 "$timing"; }

median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# pair LABEL "OURS..." "PEER...": alternates the two commands $runs times.
pair() {
    local label=$1 ours=$2 peer=$3 t
    local ow=() ou=() om=() pw=() pu=() pm=()
    for _ in $(seq "$runs"); do
        t=$(timed $ours)
        read -r w u m <<<"$t"; ow+=("$w"); ou+=("$u"); om+=("$m")
        t=$(timed $peer)
        read -r w u m <<<"$t"; pw+=("$w"); pu+=("$u"); pm+=("$m")
    done
    printf '%-40s ours %6.2f s wall %6.2f s user %5d MB | peer %6.2f s wall %6.2f s user %5d MB\n' "$label" \
        "$(printf '%s\n' "${ow[@]}" | median)" "$(printf '%s\n' "${ou[@]}" | median)" \
        "$(( $(printf '%s\n' "${om[@]}" | median) / 1024 ))" \
        "$(printf '%s\n' "${pw[@]}" | median)" "$(printf '%s\n' "${pu[@]}" | median)" \
        "$(( $(printf '%s\n' "${pm[@]}" | median) / 1024 ))"
}

echo "uptime: $(uptime)"
echo "runs: $runs (medians)"
pair "English 33 any / calculate-single" "$bin run --quiet specs/english33.toml --objective any" "$FESCHBER calculate-single"
pair "English 33 shortest / calculate-all" "$bin run --quiet specs/english33.toml" "$FESCHBER calculate-all"
pair "English 33 count / unique-paths" "$bin run --quiet specs/english33.toml --objective count" "$FESCHBER unique-paths"
if [[ -n "${BERND:-}" && -x "${BERND}" ]]; then
    pair "English 33 reachable / naive" "$bin run --quiet specs/english33.toml --objective reachable" "$BERND english naive"
fi
