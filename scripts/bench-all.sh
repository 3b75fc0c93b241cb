#!/usr/bin/env bash
# Every benchmark the issues name, as one table: scripts/bench-all.sh [RUNS]
# Each row: the median run of RUNS (default 5; 3 for searches of several seconds), release build:
# its wall time (whole process), user CPU time, and the search time the program reports
# (`stats.elapsed_ms` of --json). Prints a Markdown table.
#
# Side by side: BASELINE=path/to/an/older/puzzlespec scripts/bench-all.sh runs the older binary
# and this one alternately for every row (so both see the same load) and prints both medians.
set -euo pipefail
runs=${1:-5}
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=target/release/puzzlespec
baseline=${BASELINE:-}
timing=$(mktemp)
out=$(mktemp)
trap 'rm -f "$timing" "$out"' EXIT

one_run() { # one_run BIN ARGS... -> "wall_ms user_s search_ms"
  local b=$1; shift
  local t0 t1 user search
  t0=$(date +%s%N)
  /usr/bin/time -f "%U" -o "$timing" "$b" "$@" --json --quiet >"$out" 2>/dev/null || true
  t1=$(date +%s%N)
  user=$(tail -1 "$timing")
  search=$(python3 -c 'import json,sys; print(round(json.load(open(sys.argv[1]))["stats"]["elapsed_ms"], 2))' "$out" 2>/dev/null || echo "?")
  echo "$(( (t1 - t0) / 1000000 )) $user $search"
}

median() { # median N LINES... -> the line of median wall time
  local n=$1; shift
  printf '%s\n' "$@" | sort -n | sed -n "$(( (n + 1) / 2 ))p"
}

row() { # row RUNS LABEL ARGS...
  local n=$1 label=$2; shift 2
  local lines=() base=()
  for _ in $(seq "$n"); do
    if [ -n "$baseline" ]; then
      # Each binary keeps its own table cache: their file formats may differ.
      base+=("$(PUZZLESPEC_CACHE_DIR=${PUZZLESPEC_CACHE_DIR:+$PUZZLESPEC_CACHE_DIR/baseline} one_run "$baseline" "$@")")
    fi
    lines+=("$(one_run "$bin" "$@")")
  done
  local wall user search
  read -r wall user search <<<"$(median "$n" "${lines[@]}")"
  if [ -n "$baseline" ]; then
    local bwall buser bsearch
    read -r bwall buser bsearch <<<"$(median "$n" "${base[@]}")"
    printf '| %s | `%s` | %s ms | %s s | %s ms | %s ms | %s s |\n' "$label" "$*" "$wall" "$user" "$search" "$bwall" "$buser"
  else
    printf '| %s | `%s` | %s ms | %s s | %s ms |\n' "$label" "$*" "$wall" "$user" "$search"
  fi
}

if [ -n "$baseline" ]; then
  echo "| benchmark | command (puzzlespec ...) | median wall | user CPU | search (stats.elapsed_ms) | baseline wall | baseline CPU |"
  echo "|---|---|---|---|---|---|---|"
else
  echo "| benchmark | command (puzzlespec ...) | median wall | user CPU | search (stats.elapsed_ms) |"
  echo "|---|---|---|---|---|"
fi
row "$runs" "water jugs 8/5 (seed)" run specs/water-jugs.toml
row "$runs" "Hoppers, 7 moves" run specs/hoppers.toml
row "$runs" "Triangle 15, 280 minimal sequences" run specs/triangle15.toml
row 3 "English 33: 18 moves + proof none has 17" run specs/english33.toml
row 3 "English 33: count jump sequences" run specs/english33.toml --objective count
row 1 "English 33: every reachable position (187,636,299)" run specs/english33.toml --objective reachable
row "$runs" "English 33 (one solution)" run specs/english33.toml --objective any
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
row "$runs" "8-puzzle as rules, longest (181,440 states)" run specs/eight-longest-rules.toml
row 3 "Lights Out 5x5 as rules, longest (8,388,608 states)" run specs/lights-out-rules.toml --objective longest
row "$runs" "Tower of Hanoi n = 12 as rules, shortest" run specs/hanoi-rules.toml --set params.n=12
row "$runs" "Hakoiri musume, 81 moves" run specs/hakoiri-musume.toml
row 3 "coloured 15-puzzle, longest (5,765,760 positions)" run specs/coloured-fifteen.toml
row "$runs" "English 33: one solution (filtered DFS)" run specs/english33.toml --objective any
row "$runs" "Sudoku, Inkala's hardest (all solutions: unique)" run specs/sudoku-inkala.toml
row 3 "4x4 magic squares, count (7,040)" run specs/magic-square-4.toml
row "$runs" "SEND + MOST = MONEY, largest MONEY proved" run specs/send-most-money.toml
row "$runs" "1000 queens, one placement" run specs/queens-any.toml
row 3 "1,000,000 queens, one placement" run specs/queens-any.toml --set board.n=1000000
