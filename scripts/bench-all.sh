#!/usr/bin/env bash
# Every benchmark the issues name, as one table: scripts/bench-all.sh [RUNS]
# Each row: the median run of RUNS (default 5; 3 for searches of several seconds), release build:
# its wall time (whole process), user CPU time, and the search time the program reports
# (`stats.elapsed_ms` of --json). Prints a Markdown table.
set -euo pipefail
runs=${1:-5}
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/puzzlespec
timing=$(mktemp)
out=$(mktemp)
trap 'rm -f "$timing" "$out"' EXIT

row() { # row RUNS LABEL ARGS...
  local n=$1 label=$2; shift 2
  local lines=()
  for _ in $(seq "$n"); do
    local t0 t1 user search
    t0=$(date +%s%N)
    /usr/bin/time -f "%U" -o "$timing" "$bin" "$@" --json --quiet >"$out" 2>/dev/null || true
    t1=$(date +%s%N)
    user=$(tail -1 "$timing")
    search=$(python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["stats"]["elapsed_ms"], 2))' "$out" 2>/dev/null || echo "?")
    lines+=("$(( (t1 - t0) / 1000000 )) $user $search")
  done
  local median
  median=$(printf '%s\n' "${lines[@]}" | sort -n | sed -n "$(( (n + 1) / 2 ))p")
  read -r wall user search <<<"$median"
  printf '| %s | `%s` | %s ms | %s s | %s ms |\n' "$label" "$*" "$wall" "$user" "$search"
}

echo "| benchmark | command (puzzlespec ...) | median wall | user CPU | search (stats.elapsed_ms) |"
echo "|---|---|---|---|---|"
row "$runs" "water jugs 8/5 (seed)" run specs/water-jugs.toml
row "$runs" "Hoppers, 7 moves" run specs/hoppers.toml
row "$runs" "Triangle 15, 280 minimal sequences" run specs/triangle15.toml
row 3 "English 33: 18 moves + proof none has 17" run specs/english33.toml
row 3 "English 33: count jump sequences" run specs/english33.toml --objective count
row 3 "French 37 (one solution)" run specs/french37.toml
row 3 "Diamond 41 (one solution)" run specs/diamond41.toml
row "$runs" "8-puzzle 31 moves, bidirectional" run specs/eight.toml
row "$runs" "8-puzzle longest (181,440 positions)" run specs/eight-longest.toml
cold=$(mktemp -d)
export PUZZLESPEC_CACHE_DIR=$cold
row 1 "Korf's 100, pattern databases built first" run specs/korf100.toml
row 3 "Korf's 100, pattern databases cached" run specs/korf100.toml
unset PUZZLESPEC_CACHE_DIR
rm -rf "$cold"
row "$runs" "komachi, 5 operators (390,625 formulas)" run specs/komachi-five-operators.toml
row "$runs" "alphametic, 10 letters, 300 addends" run specs/alphametic-300-addends.toml
row "$runs" "polydivisible (10-variable permutation)" run specs/polydivisible.toml
row "$runs" "bulls and cows, first-consistent, all 5040" run specs/bulls-and-cows-evaluate.toml
row "$runs" "bulls and cows, minimax, all 5040" run specs/bulls-and-cows-evaluate.toml --set strategy.name=minimax
row "$runs" "Mastermind, minimax, all 1296" run specs/mastermind.toml --objective evaluate --set strategy.name=minimax
row 3 "Mastermind, optimal (5625)" run specs/mastermind.toml --objective evaluate --set strategy.name=optimal
row 3 "16 queens, count" run specs/queens-count.toml
row 3 "17 queens, count" run specs/queens-count.toml --set board.n=17
