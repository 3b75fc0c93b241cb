#!/usr/bin/env bash
# The shipped rules specs side by side with Fast Downward (issue 48): puzzlespec's `shortest`
# (`cheapest` for the bridge) against Fast Downward's optimal configurations on PDDL models of
# the same instances (written by scripts/bench-peers/planning/make_pddl.py: nothing is fetched).
#
#   scripts/bench-peers/planning.sh [RUNS] [PUZZLE...]     (default 3 runs, every puzzle)
#
# Fast Downward comes from the PyPI package up-fast-downward (`pip install up-fast-downward`,
# in a virtual environment if you like): FAST_DOWNWARD=path/to/fast-downward.py, else the
# package importable by python3 (or by PYTHON). Each configuration is A* with blind search,
# LM-cut or iPDB, the whole planner (translator and search), limited to LIMIT seconds (120).
# Prints scripts/side-by-side.py's medians of wall and CPU time per puzzle.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}
shift || true
limit=${LIMIT:-120}
py=${PYTHON:-python3}
# Found without importing the package (its import needs unified-planning, which the planner does not).
fd=${FAST_DOWNWARD:-$("$py" -c 'import importlib.util as u, os; print(os.path.join(u.find_spec("up_fast_downward").submodule_search_locations[0], "downward", "fast-downward.py"))' 2>/dev/null || true)}
if [[ -z $fd || ! -f $fd ]]; then
    echo "planning.sh: Fast Downward not found: pip install up-fast-downward, or FAST_DOWNWARD=path/to/fast-downward.py" >&2
    exit 2
fi
bin=target/release/puzzlespec
[[ -x $bin ]] || cargo build --release --quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 scripts/bench-peers/planning/make_pddl.py "$work/pddl"

# puzzle name -> the spec and arguments for puzzlespec
declare -A spec=(
    [water-jugs]="specs/water-jugs-rules.toml"
    [missionaries]="specs/missionaries-rules.toml"
    [hanoi-8]="specs/hanoi-rules.toml"
    [hanoi-12]="specs/hanoi-rules.toml --set params.n=12"
    [eight]="specs/eight-rules.toml"
    [lights-out]="specs/lights-out-rules.toml"
    [lights-out-n]="specs/lights-out-n-rules.toml"
    [bridge-torch]="specs/bridge-torch-rules.toml"
    [pocket-cube]="specs/pocket-cube-rules.toml"
    [cube]="specs/cube-rules.toml"
    [fifteen]="specs/fifteen-rules.toml"
    [wolf-goat-cabbage]="specs/wolf-goat-cabbage-rules.toml"
    [sokoban]="specs/sokoban-microban1-rules.toml"
)
# The cubes' models move cubies by conditional effects, which LM-cut and iPDB do not take.
declare -A configs=([pocket-cube]="blind" [cube]="blind")
puzzles=("$@")
[[ ${#puzzles[@]} -gt 0 ]] || puzzles=(water-jugs missionaries wolf-goat-cabbage bridge-torch hanoi-8 hanoi-12 eight sokoban
    lights-out lights-out-n pocket-cube cube fifteen)
for p in "${puzzles[@]}"; do
    echo "== $p"
    dom=$work/pddl/$p-domain.pddl
    prob=$work/pddl/$p-problem.pddl
    planner() { # planner SEARCH: the planner in its own folder (it writes output.sas, sas_plan)
        mkdir -p "$work/$p-$2"
        echo "sh -c 'cd $work/$p-$2 && $py $fd --overall-time-limit $limit $dom $prob --search \"$1\" > log 2>&1'"
    }
    cmds=("puzzlespec=$bin run --quiet ${spec[$p]}")
    for c in ${configs[$p]:-blind lmcut ipdb}; do
        cmds+=("fd-$c=$(planner "astar($c())" "$c")")
    done
    scripts/side-by-side.py -n "$runs" "${cmds[@]}" || true
    for c in ${configs[$p]:-blind lmcut ipdb}; do
        plan=$(grep -hE "Plan (length|cost)" "$work/$p-$c/log" 2>/dev/null | tail -1 || true)
        echo "   fd-$c: ${plan:-no plan (limit $limit s, or see the log: $(grep -m1 -iE "error|unsupported|memory|time limit" "$work/$p-$c/log" 2>/dev/null || true))}"
    done
done
