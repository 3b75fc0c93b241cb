#!/usr/bin/env bash
# Constraint puzzles side by side: puzzlespec (kind = "search", engine propagation) against
# MiniZinc + Gecode and clingo (Debian packages: minizinc, libgecodeflatzinc49, gringo) on the
# same models (scripts/bench-peers/constraint/), and OR-Tools CP-SAT on one worker and two
# (constraint/cpsat.py) when a Python with `ortools` is found (ORTOOLS_PYTHON, else python3).
# Nothing is fetched: the models are files here.
#
#   scripts/bench-peers/constraint.sh [-n RUNS]      (default 5 runs; the median is printed)
#
# CPSAT_MAGIC=1 adds CP-SAT counting the 4x4 magic squares (about 30 s a run).
#
# Each line: the median wall time of the whole process (date, to the millisecond) and CPU time
# (user + system, children included, from /usr/bin/time: 10 ms steps), and whether the answer
# each tool printed is the known one.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=5
[[ "${1:-}" == "-n" ]] && runs="$2"
bin=target/release/puzzlespec
models=scripts/bench-peers/constraint
[[ -x $bin ]] || cargo build --release --quiet

median() { sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

# measure LABEL EXPECTED COMMAND...: runs the command $runs times; EXPECTED must occur in its
# output (grep -E), else the line says MISMATCH.
measure() {
    local label=$1 expected=$2
    shift 2
    local walls=() cpus=() out=""
    for _ in $(seq "$runs"); do
        local t0 t1 t
        t0=$(date +%s%N)
        out=$( { /usr/bin/time -f "TIME %e %U %S" "$@" 2>&1; } 2>&1 || true)
        t1=$(date +%s%N)
        t=$(grep '^TIME ' <<<"$out" | tail -1)
        walls+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN {print (b - a) / 1e9}')")
        cpus+=("$(awk '{print $3 + $4}' <<<"$t")")
    done
    local ok=ok
    grep -Eq -- "$expected" <<<"$out" || ok=MISMATCH
    printf '%-44s wall %6.3f s  cpu %6.3f s  %s\n' "$label" \
        "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$ok"
}

ortools_py=${ORTOOLS_PYTHON:-python3}
cpsat=""
"$ortools_py" -c 'import ortools' 2>/dev/null && cpsat="$ortools_py $models/cpsat.py"
[[ -n $cpsat ]] || echo "(no ortools for ${ortools_py}: CP-SAT left out; pip install ortools, or ORTOOLS_PYTHON=...)"

# cpsat_measure LABEL EXPECTED ARGS...: CP-SAT on one worker and on two (optimisation only:
# CP-SAT enumerates all solutions on one worker only).
cpsat_measure() {
    local label=$1 expected=$2
    shift 2
    [[ -n $cpsat ]] || return 0
    # shellcheck disable=SC2086
    measure "cp-sat $label, 1 worker" "$expected" $cpsat "$@" --workers 1
    if [[ $label == *maximize* || $label == *minimize* ]]; then
        # shellcheck disable=SC2086
        measure "cp-sat $label, 2 workers" "$expected" $cpsat "$@" --workers 2
    fi
}

echo "uptime: $(uptime)"
echo "runs: $runs (medians)"
measure "puzzlespec sudoku-inkala (all: unique)" "count: 1" \
    $bin run --quiet specs/sudoku-inkala.toml
measure "minizinc+gecode sudoku-inkala (-a)" "==========" \
    minizinc --solver gecode -a $models/sudoku-inkala.mzn
measure "clingo sudoku-inkala (0: all)" "Models +: 1$" \
    clingo $models/sudoku-inkala.lp 0 -q
cpsat_measure "sudoku-inkala (all)" "count: 1 " sudoku-inkala
measure "puzzlespec magic-square-4 (count)" "count: 7,040" \
    $bin run --quiet specs/magic-square-4.toml
measure "minizinc+gecode magic-square-4 (-a)" "==========" \
    minizinc --solver gecode -a $models/magic-square-4.mzn
measure "puzzlespec magic-hexagon (count)" "count: 12$" \
    $bin run --quiet specs/magic-hexagon.toml
measure "minizinc+gecode magic-hexagon (-a)" "==========" \
    minizinc --solver gecode -a $models/magic-hexagon.mzn
cpsat_measure "magic-hexagon (all)" "count: 12 " magic-hexagon
measure "puzzlespec send-most-money (maximize)" "10876" \
    $bin run --quiet specs/send-most-money.toml
measure "minizinc+gecode send-most-money (maximize)" "Y = 6" \
    minizinc --solver gecode $models/send-most-money.mzn
measure "clingo send-most-money (#maximize)" "Optimization : -10876" \
    clingo $models/send-most-money.lp -q
cpsat_measure "send-most-money (maximize)" "objective: 10876 " send-most-money
measure "puzzlespec golomb 9 marks (minimize)" "44]$" \
    $bin run --quiet --set params.n=9 specs/golomb.toml
measure "minizinc+gecode golomb 9 marks (minimize)" "==========" \
    minizinc --solver gecode -D 'n=9;longest=63' $models/golomb.mzn
cpsat_measure "golomb 9 marks (minimize)" "objective: 44 " golomb --n 9
measure "puzzlespec jobshop ft06 (minimize, learning)" "makespan 55;" \
    $bin run --quiet specs/jobshop-ft06.toml
measure "minizinc+gecode jobshop ft06 (minimize)" "==========" \
    minizinc --solver gecode $models/jobshop-ft06.mzn
if [[ "${CPSAT_MAGIC:-0}" == 1 ]]; then
    cpsat_measure "magic-square-4 (all)" "count: 7040 " magic-square-4
fi
if [[ "${CLINGO_MAGIC:-0}" == 1 ]]; then
    measure "clingo magic-square-4 (0: all)" "Models +: 7040$" \
        clingo $models/magic-square-4.lp 0 -q
fi
