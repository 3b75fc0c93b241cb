//! kind = "rules": each shipped rules spec's answer computed by the binary and compared with a
//! known fact or an independent computation written here; bad input refused at file:line:col.

mod common;

use common::{expect_error, run_json};
use serde_json::Value;

fn solve(args: &[&str]) -> Value {
    let (doc, code) = run_json(args);
    assert_eq!(code, 0, "{doc}");
    doc
}

/// The moves of the first solution, for checks written in the test.
fn states(doc: &Value) -> Vec<Value> {
    let mut out = vec![doc["start"].clone()];
    out.extend(
        doc["solutions"][0]
            .as_array()
            .expect("a solution")
            .iter()
            .map(|step| step["state"].clone()),
    );
    out
}

#[test]
fn missionaries_and_cannibals_cross_in_eleven() {
    let doc = solve(&["specs/missionaries-rules.toml"]);
    assert_eq!(doc["cost"], 11);
    // Check every state of the printed solution against the puzzle's rules, independently.
    let seq = states(&doc);
    assert_eq!(seq.len(), 12);
    for pair in seq.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let moved = (a["ml"].as_i64().unwrap() - b["ml"].as_i64().unwrap()).abs()
            + (a["cl"].as_i64().unwrap() - b["cl"].as_i64().unwrap()).abs();
        assert!((1..=2).contains(&moved), "{a} -> {b}");
        assert_ne!(a["boat"], b["boat"]);
    }
    for s in &seq {
        let (m, c) = (s["ml"].as_i64().unwrap(), s["cl"].as_i64().unwrap());
        assert!(m == 0 || c <= m, "left bank unsafe in {s}");
        assert!(3 - m == 0 || 3 - c <= 3 - m, "right bank unsafe in {s}");
    }
    assert_eq!(seq[11]["ml"], 0);
    assert_eq!(seq[11]["cl"], 0);
}

#[test]
fn hanoi_takes_two_to_the_n_minus_one_moves() {
    for n in [1u32, 2, 3, 5, 8, 10] {
        let set = format!("params.n={n}");
        let doc = solve(&["specs/hanoi-rules.toml", "--set", &set]);
        assert_eq!(doc["cost"], 2u64.pow(n) - 1, "n = {n}");
    }
    // Every move of the 3-disc solution moves one disc onto a peg without a smaller disc.
    let doc = solve(&["specs/hanoi-rules.toml", "--set", "params.n=3"]);
    let seq = states(&doc);
    for pair in seq.windows(2) {
        let (a, b) = (
            pair[0]["peg"].as_array().unwrap(),
            pair[1]["peg"].as_array().unwrap(),
        );
        let moved: Vec<usize> = (0..3).filter(|&d| a[d] != b[d]).collect();
        assert_eq!(moved.len(), 1, "{a:?} -> {b:?}");
        let d = moved[0];
        assert!(
            (0..d).all(|e| a[e] != a[d] && a[e] != b[d]),
            "{a:?} -> {b:?}"
        );
    }
}

/// The press patterns of Lights Out 5x5 as bit masks: pressing i toggles i and its neighbours.
fn press_masks() -> Vec<u32> {
    (0..25)
        .map(|i: i32| {
            let (r, c) = (i / 5, i % 5);
            [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
                .iter()
                .filter(|(dr, dc)| (0..5).contains(&(r + dr)) && (0..5).contains(&(c + dc)))
                .fold(0u32, |m, (dr, dc)| m | 1 << ((r + dr) * 5 + c + dc))
        })
        .collect()
}

/// Independent brute force: every subset of presses (the order does not matter and pressing
/// twice undoes), in Gray-code order; the fewest presses per reachable pattern.
fn lights_out_fewest_presses() -> Vec<u8> {
    let masks = press_masks();
    let mut fewest = vec![u8::MAX; 1 << 25];
    let mut state = 0u32;
    fewest[0] = 0;
    for k in 1u32..1 << 25 {
        let bit = k.trailing_zeros() as usize;
        state ^= masks[bit];
        let gray = k ^ (k >> 1);
        let presses = gray.count_ones() as u8;
        let slot = &mut fewest[state as usize];
        *slot = (*slot).min(presses);
    }
    fewest
}

#[test]
fn lights_out_shortest_longest_and_reachable_agree_with_brute_force() {
    let fewest = lights_out_fewest_presses();
    let reachable = fewest.iter().filter(|&&f| f != u8::MAX).count();
    let farthest = fewest
        .iter()
        .filter(|&&f| f != u8::MAX)
        .max()
        .copied()
        .unwrap();
    // Distances from all-on equal distances from all-off (a move toggles a fixed pattern).
    let all_on = (1u32 << 25) - 1;
    let doc = solve(&["specs/lights-out-rules.toml"]);
    assert_eq!(doc["cost"], u64::from(fewest[all_on as usize]));
    assert_eq!(doc["cost"], 15);
    let doc = solve(&["specs/lights-out-rules.toml", "--objective", "longest"]);
    assert_eq!(doc["cost"], u64::from(farthest));
    assert_eq!(doc["farthest_distance"], 15);
    let doc = solve(&["specs/lights-out-rules.toml", "--objective", "reachable"]);
    assert_eq!(doc["count"], reachable as u64);
    assert_eq!(doc["count"], 8_388_608);
    let counts: Vec<u64> = (0..=farthest)
        .map(|d| fewest.iter().filter(|&&f| f == d).count() as u64)
        .collect();
    assert_eq!(doc["layer_counts"], serde_json::json!(counts));
}

#[test]
fn bridge_and_torch_in_seventeen_minutes() {
    let doc = solve(&["specs/bridge-torch-rules.toml"]);
    assert_eq!(doc["cost"], 17);
    // The cost replayed here: each crossing takes the slowest of those who moved.
    let times = [1u64, 2, 5, 10];
    let seq = states(&doc);
    let total: u64 = seq
        .windows(2)
        .map(|p| {
            let (a, b) = (
                p[0]["side"].as_array().unwrap(),
                p[1]["side"].as_array().unwrap(),
            );
            (0..4)
                .filter(|&i| a[i] != b[i])
                .map(|i| times[i])
                .max()
                .unwrap()
        })
        .sum();
    assert_eq!(total, 17);
    assert!(
        seq.last().unwrap()["side"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s == 1)
    );
}

#[test]
fn water_jugs_as_rules_match_the_water_jugs_kind() {
    let rules = solve(&["specs/water-jugs-rules.toml"]);
    let jugs = solve(&["specs/water-jugs.toml"]);
    assert_eq!(rules["cost"], 10);
    assert_eq!(rules["cost"], jugs["cost"]);
    let rules = solve(&["specs/water-jugs-rules.toml", "--objective", "count"]);
    let jugs = solve(&["specs/water-jugs.toml", "--objective", "count"]);
    assert_eq!(rules["count"], jugs["count"]);
    let rules = solve(&["specs/water-jugs-rules.toml", "--objective", "longest"]);
    let jugs = solve(&["specs/water-jugs.toml", "--objective", "longest"]);
    assert_eq!(rules["layer_counts"], jugs["layer_counts"]);
}

#[test]
fn eight_puzzle_as_rules_matches_the_sliding_tiles_kind() {
    let rules = solve(&["specs/eight-rules.toml"]);
    let tiles = solve(&["specs/eight.toml"]);
    assert_eq!(rules["cost"], 31);
    assert_eq!(rules["cost"], tiles["cost"]);
    let rules = solve(&["specs/eight-longest-rules.toml"]);
    let tiles = solve(&["specs/eight-longest.toml"]);
    assert_eq!(rules["cost"], 31);
    assert_eq!(rules["count"], 181_440);
    assert_eq!(rules["layer_counts"], tiles["layer_counts"]);
    let farthest: Vec<Value> = rules["farthest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["cell"].clone())
        .collect();
    let mut want = tiles["farthest"].as_array().unwrap().clone();
    let mut got = farthest;
    want.sort_by_key(|v| v.to_string());
    got.sort_by_key(|v| v.to_string());
    assert_eq!(got, want);
}

#[test]
fn objectives_and_engines_are_chosen_and_said() {
    let doc = solve(&["specs/missionaries-rules.toml", "--objective", "count"]);
    assert_eq!(doc["status"], "counted");
    assert_eq!(doc["cost"], 11);
    // Known: missionaries and cannibals 3/3 has 4 shortest solutions.
    assert_eq!(doc["count"], 4);
    let doc = solve(&["specs/missionaries-rules.toml", "--objective", "cheapest"]);
    assert_eq!(doc["cost"], 11);
    assert!(doc["engine_reason"].as_str().unwrap().starts_with("auto:"));
    let doc = solve(&["specs/missionaries-rules.toml", "--engine", "bfs"]);
    assert_eq!(doc["cost"], 11);
    // The cube's 100-bit state has no ranking to fit a bitmap: the engine is refused.
    let (doc, code) = run_json(&[
        "specs/cube-rules.toml",
        "--objective",
        "longest",
        "--engine",
        "bitmap-layers",
    ]);
    assert_eq!(code, 2, "{doc}");
    // The 8-puzzle's slides are swaps with the blank, so `cell` stays a permutation and its
    // 36-bit state is ranked into 9! places: the bitmap fits.
    let doc = solve(&["specs/eight-rules.toml", "--objective", "longest"]);
    assert_eq!(doc["engine"], "bitmap-layers");
    // Known: the 8-puzzle's 9!/2 = 181,440 positions, the farthest 31 moves away.
    assert_eq!(doc["count"], 181440);
    assert_eq!(doc["cost"], 31);
}

#[test]
fn all_shortest_listing_none_still_counts_the_solutions() {
    // solve.limit = 0 lists nothing; the four shortest crossings are still found and counted.
    let doc = solve(&[
        "specs/missionaries-rules.toml",
        "--objective",
        "all-shortest",
        "--set",
        "solve.limit=0",
    ]);
    assert_eq!(doc["status"], "solved");
    assert_eq!(doc["count"], 4);
    assert_eq!(doc["cost"], 11);
}

#[test]
fn bad_rules_are_refused_before_any_search() {
    expect_error(
        "tests/bad/rules-unknown-name.toml",
        "13:9",
        &["unknown name `y`", "did you mean `x`?"],
    );
    expect_error(
        "tests/bad/rules-array-as-number.toml",
        "17:10",
        &["`lights` is an array of 4, used here as a number"],
    );
    expect_error(
        "tests/bad/rules-guard-number.toml",
        "13:9",
        &["guard must be true or false"],
    );
    expect_error(
        "tests/bad/rules-start-range.toml",
        "12:6",
        &["start value 4 of `ml` is outside its range 0..3"],
    );
    expect_error(
        "tests/bad/rules-too-many-bits.toml",
        "5:1",
        &[
            "needs 521 bits",
            "more than the 512",
            "(8 64-bit words)",
            "cells 520, flag 1",
        ],
    );
    expect_error(
        "tests/bad/rules-effect-state-filter.toml",
        "13:38",
        &[
            "this filter depends on the state",
            "`x[j] = if c then v else x[j]`",
        ],
    );
    expect_error(
        "tests/bad/rules-duplicate-move.toml",
        "16:8",
        &["two moves are named `step`", "line 12, column 8"],
    );
}

#[test]
fn failures_while_searching_name_the_move_its_parameters_and_the_state() {
    expect_error(
        "tests/bad/rules-effect-range.toml",
        "14:7",
        &[
            "sets `x` to 4, outside its range 0..3",
            "move `add` (k=2)",
            "state x=2",
        ],
    );
    expect_error(
        "tests/bad/rules-index-range.toml",
        "16:22",
        &[
            "writes `seen[4]`, outside the array",
            "move `walk`",
            "pos=3",
        ],
    );
    expect_error(
        "tests/bad/rules-max-states.toml",
        "20:14",
        &["stopped after exploring 100 states", "solve.max_states"],
    );
}

#[test]
fn a_star_with_an_admissible_heuristic_finds_the_same_seventeen_minutes() {
    // The slowest person still on the near bank must cross at least once more.
    let h = "goal.heuristic=\"max(if side[0] == 0 then time[0] else 0, if side[1] == 0 then time[1] else 0, if side[2] == 0 then time[2] else 0, if side[3] == 0 then time[3] else 0)\"";
    let doc = solve(&["specs/bridge-torch-rules.toml", "--set", h]);
    assert_eq!(doc["engine"], "a-star");
    assert_eq!(doc["cost"], 17);
    let plain = solve(&["specs/bridge-torch-rules.toml"]);
    assert_eq!(plain["engine"], "uniform-cost");
    assert!(doc["stats"]["states"].as_u64() <= plain["stats"]["states"].as_u64());
}

#[test]
fn a_goal_nested_ten_thousand_deep_is_refused_where_the_bound_is_passed() {
    let deep = format!("{}ml == 0{}", "(".repeat(10_000), ")".repeat(10_000));
    let out = common::run(&[
        "run",
        "specs/missionaries-rules.toml",
        "--set",
        &format!("goal.reach=\"{deep}\""),
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("nests too deeply"), "{}", out.stderr);
}

/// The status and length `engine` gives for `spec` with `sets` (each a `--set` value).
fn answer(spec: &str, engine: &str, sets: &[&str]) -> (Value, Value, Value) {
    let mut args = vec![spec, "--engine", engine];
    for s in sets {
        args.extend(["--set", s]);
    }
    let (doc, code) = run_json(&args);
    // 1: no solution, the answer for a goal that cannot be reached.
    assert!(code == 0 || code == 1, "{doc}");
    (
        doc["status"].clone(),
        doc["cost"].clone(),
        doc["engine"].clone(),
    )
}

#[test]
fn bidirectional_search_agrees_with_plain_breadth_first_search() {
    // Hanoi: every move can be undone; 2^n - 1 moves either way.
    for n in 1..=7 {
        let set = format!("params.n={n}");
        let both = answer("specs/hanoi-rules.toml", "bidirectional-bfs", &[&set]);
        let plain = answer("specs/hanoi-rules.toml", "bitmap-bfs", &[&set]);
        assert_eq!((&both.0, &both.1), (&plain.0, &plain.1), "n = {n}");
        assert_eq!(both.1, 2u64.pow(n) - 1);
    }
    // The 8-puzzle from several starts, one of the unsolvable half (both say no solution).
    for start in [
        "[8,6,7,2,5,4,3,0,1]",
        "[1,2,3,4,5,6,0,7,8]",
        "[0,1,2,3,4,5,6,7,8]",
        "[2,1,3,4,5,6,7,8,0]",
    ] {
        let set = format!("start.cell={start}");
        let both = answer("specs/eight-rules.toml", "bidirectional-bfs", &[&set]);
        let plain = answer("specs/eight-rules.toml", "bfs", &[&set]);
        assert_eq!((&both.0, &both.1), (&plain.0, &plain.1), "start {start}");
    }
    // Water jugs: filling and emptying cannot be undone by one move (a jug emptied may have
    // held anything), so the predecessors must be found exactly. Every goal state, reachable
    // or not, gets the same answer as forward search.
    for a in 0..=8 {
        for b in 0..=5 {
            let goal = format!("goal.reach=\"jug[0] == {a} and jug[1] == {b}\"");
            let both = answer("specs/water-jugs-rules.toml", "bidirectional-bfs", &[&goal]);
            let plain = answer("specs/water-jugs-rules.toml", "bfs", &[&goal]);
            assert_eq!((&both.0, &both.1), (&plain.0, &plain.1), "goal ({a}, {b})");
        }
    }
}

#[test]
fn auto_searches_from_both_ends_only_when_the_goal_is_one_state() {
    let doc = solve(&["specs/eight-rules.toml"]);
    assert_eq!(doc["engine"], "bidirectional-bfs");
    assert_eq!(doc["cost"], 31);
    let reason = doc["engine_reason"].as_str().unwrap();
    assert!(reason.contains("one full state"), "{reason}");
    assert!(reason.contains("no move is assumed reversible"), "{reason}");
    // The missionaries' goal leaves the boat open: forward search, and bidirectional is refused.
    let doc = solve(&["specs/missionaries-rules.toml"]);
    assert_eq!(doc["engine"], "bitmap-bfs");
    let out = common::run(&[
        "run",
        "specs/missionaries-rules.toml",
        "--engine",
        "bidirectional-bfs",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("needs a goal naming one full state"),
        "{}",
        out.stderr
    );
    // Naming the boat's bank too makes the goal one state: the same 11 crossings.
    let goal = "goal.reach=\"ml == 0 and cl == 0 and boat == 1\"";
    let both = answer(
        "specs/missionaries-rules.toml",
        "bidirectional-bfs",
        &[goal],
    );
    assert_eq!(both.1, 11);
}

/// Shortest path from 0 to 9 in tests/rules-no-value.toml, by plain breadth-first search over
/// the rules as the spec's comments state them (where a formula has no value it is false).
fn no_value_counter_distance() -> Option<u64> {
    let allowed = |x: i64| x != 7; // the constraint has no value at 7
    let mut dist = [None; 11];
    dist[0] = Some(0u64);
    let mut queue = std::collections::VecDeque::from([0i64]);
    while let Some(x) = queue.pop_front() {
        let d = dist[x as usize].unwrap();
        let up = (x < 10 && x != 4).then_some(x + 1); // the guard has no value at 4
        let jump = (x < 9).then_some(x + 2);
        for y in [up, jump].into_iter().flatten() {
            if allowed(y) && dist[y as usize].is_none() {
                dist[y as usize] = Some(d + 1);
                queue.push_back(y);
            }
        }
    }
    dist[9]
}

#[test]
fn a_formula_with_no_value_is_false_there_and_counted_at_its_place() {
    let spec = "tests/rules-no-value.toml";
    let doc = solve(&[spec]);
    assert_eq!(doc["cost"].as_u64(), no_value_counter_distance());
    let notes: Vec<&str> = doc["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    let has = |words: &[&str]| notes.iter().any(|n| words.iter().all(|w| n.contains(w)));
    // Each note names the formula and its place: line:col of the division, not 1:1.
    assert!(
        has(&[
            "the guard of move `up`",
            "counted as false",
            &format!("{spec}:18:3"),
            "division by zero"
        ]),
        "{notes:?}"
    );
    assert!(
        has(&["the constraint", &format!("{spec}:27:12")]),
        "{notes:?}"
    );
    assert!(has(&["the goal", &format!("{spec}:31:10")]), "{notes:?}");
    // Goal with no value where it would hold: no solution, and a note says why it may be.
    let (doc, code) = run_json(&[
        spec,
        "--set",
        "goal.reach=\"x == 9 and div(1, x - 9) == 0\"",
    ]);
    assert_eq!(code, 1, "{doc}");
    assert_eq!(doc["status"], "no-solution");
    assert!(doc["notes"].to_string().contains("no solution"), "{doc}");
    // A heuristic with no value counts as 0 (never an overestimate): still the fewest moves.
    let h = "goal.heuristic=\"div(9 - x, 2) + 0 * div(1, x - 6)\"";
    let doc = solve(&[spec, "--objective", "cheapest", "--set", h]);
    assert_eq!(doc["engine"], "a-star");
    assert_eq!(doc["cost"].as_u64(), no_value_counter_distance());
    assert!(
        doc["notes"]
            .to_string()
            .contains("heuristic had no value and counted as 0"),
        "{doc}"
    );
}

#[test]
fn an_effect_that_divides_by_zero_stops_with_the_move_and_the_state() {
    expect_error(
        "tests/bad/rules-effect-divides.toml",
        "14:15",
        &["division by zero", "move `step`", "state x=3"],
    );
}

#[test]
fn errors_inside_multi_line_strings_point_at_their_line_and_column() {
    expect_error(
        "tests/bad/rules-multiline-error.toml",
        "18:12",
        &["unknown name `seatz`", "did you mean `seats`?"],
    );
    expect_error(
        "tests/bad/multiline-goal-jugs.toml",
        "12:7",
        &["syntax error"],
    );
}

/// The boards of a rules solution mark the cells each move changed: for Lights Out, the pressed
/// light and its neighbours (the press masks above), read back from the plain-text boards.
#[test]
fn lights_out_boards_mark_the_pressed_light_and_its_neighbours() {
    let out = common::puzzlespec()
        .args([
            "run",
            "specs/lights-out-rules.toml",
            "--boards",
            "--color",
            "never",
        ])
        .env("COLUMNS", "20")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let masks = press_masks();
    let mut boards = 0;
    for (k, line) in lines.iter().enumerate() {
        let Some(press) = line.split("press ").nth(1) else {
            continue;
        };
        let light: usize = press.split(' ').next().unwrap().parse().unwrap();
        let mut marked = 0u32;
        for (r, row) in lines[k + 1..k + 6].iter().enumerate() {
            let cells: Vec<char> = row.chars().collect();
            for c in 0..5 {
                if cells.get(3 * c) == Some(&'[') {
                    marked |= 1 << (r * 5 + c);
                }
            }
        }
        assert_eq!(marked, masks[light], "after pressing {light}:\n{text}");
        boards += 1;
    }
    assert_eq!(boards, 15, "{text}");
}

/// `{KEY}` in the puzzle's name shows that key's value after `--set`; an unknown key is an
/// error at the name.
#[test]
fn the_name_shows_the_values_it_names() {
    let doc = solve(&["specs/hanoi-rules.toml", "--set", "params.n=5"]);
    assert_eq!(doc["puzzle"], "Tower of Hanoi, 5 discs");
    assert_eq!(doc["cost"], 31);
    let text = std::fs::read_to_string("specs/hanoi-rules.toml")
        .unwrap()
        .replace("{params.n}", "{params.m}");
    let out = common::outcome(common::puzzlespec().args(["check", "-"]).write_stdin(text));
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("<stdin>:3:8"), "{}", out.stderr);
    assert!(
        out.stderr.contains("names no key of the spec"),
        "{}",
        out.stderr
    );
}

/// The pocket cube by the standard cubie model, written here independently of the spec:
/// corners URF UFL ULB UBR DFR DLF DBL DRB (0..7); a face turn takes position i's cubie from
/// position `from[i]` and adds `twist[i]` to its orientation, modulo 3 (Kociemba's tables).
mod pocket {
    const U: ([usize; 8], [u8; 8]) = ([3, 0, 1, 2, 4, 5, 6, 7], [0; 8]);
    const R: ([usize; 8], [u8; 8]) = ([4, 1, 2, 0, 7, 5, 6, 3], [2, 0, 0, 1, 1, 0, 0, 2]);
    const F: ([usize; 8], [u8; 8]) = ([1, 5, 2, 3, 0, 4, 6, 7], [1, 2, 0, 0, 2, 1, 0, 0]);

    pub type Cube = ([u8; 8], [u8; 8]);
    pub const SOLVED: Cube = ([0, 1, 2, 3, 4, 5, 6, 7], [0; 8]);

    /// `face` ("U", "R" or "F") turned a quarter clockwise `quarters` times.
    pub fn turn(c: Cube, face: &str, quarters: u32) -> Cube {
        let (from, twist) = match face {
            "U" => U,
            "R" => R,
            "F" => F,
            _ => panic!("no face {face}"),
        };
        (0..quarters).fold(c, |(p, o), _| {
            let mut n = (p, o);
            for i in 0..8 {
                n.0[i] = p[from[i]];
                n.1[i] = (o[from[i]] + twist[i]) % 3;
            }
            n
        })
    }

    /// The spec's state (7 positions, DBL left out, DRB numbered 6) as a cube.
    pub fn from_spec(state: &serde_json::Value) -> Cube {
        let ints = |k: &str| -> Vec<u8> {
            (state[k].as_array().unwrap().iter())
                .map(|v| v.as_u64().unwrap() as u8)
                .collect()
        };
        let (cp, co) = (ints("cp"), ints("co"));
        let cubie = |c: u8| if c == 6 { 7 } else { c };
        let mut cube = ([0, 0, 0, 0, 0, 0, 6, 0], [0; 8]);
        for (k, pos) in [0, 1, 2, 3, 4, 5, 7].into_iter().enumerate() {
            cube.0[pos] = cubie(cp[k]);
            cube.1[pos] = co[k];
        }
        cube
    }

    /// Breadth-first search from the solved cube with turns of `quarters` quarter turns:
    /// how many positions at each distance, and the distance of every position.
    pub fn distances(quarters: &[u32]) -> (Vec<u64>, std::collections::HashMap<Cube, u8>) {
        let mut seen = std::collections::HashMap::from([(SOLVED, 0u8)]);
        let mut layer = vec![SOLVED];
        let mut counts = vec![1];
        while !layer.is_empty() {
            let mut next = Vec::new();
            for c in &layer {
                for face in ["U", "R", "F"] {
                    for &q in quarters {
                        let n = turn(*c, face, q);
                        if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                            e.insert(counts.len() as u8);
                            next.push(n);
                        }
                    }
                }
            }
            if !next.is_empty() {
                counts.push(next.len() as u64);
            }
            layer = next;
        }
        (counts, seen)
    }
}

fn layer_counts(doc: &Value) -> Vec<u64> {
    (doc["layer_counts"].as_array().expect("layer counts").iter())
        .map(|v| v.as_u64().unwrap())
        .collect()
}

/// The shipped scramble is solved in as few moves as the brute force says (11), and the
/// solution replays with the cubie model above; every position and God's number (11 in the
/// half-turn metric, 14 in the quarter-turn metric, docs/known-answers.md) agree with it.
#[test]
fn pocket_cube_permutation_moves_agree_with_a_cubie_model() {
    let (htm, dist) = pocket::distances(&[1, 2, 3]);
    assert_eq!(htm.iter().sum::<u64>(), 3_674_160);
    assert_eq!(htm.len() - 1, 11);
    let doc = solve(&["specs/pocket-cube-rules.toml"]);
    assert!(doc["engine"] == "bidirectional-bfs", "{}", doc["engine"]);
    let start = pocket::from_spec(&doc["start"]);
    assert_eq!(dist[&start], 11);
    assert_eq!(doc["cost"], 11);
    let mut cube = start;
    for step in doc["solutions"][0].as_array().unwrap() {
        let label = step["move"].as_str().unwrap();
        let (face, q) = label.split_at(1);
        cube = pocket::turn(cube, face, q.parse().unwrap());
        assert_eq!(cube, pocket::from_spec(&step["state"]), "after {label}");
    }
    assert_eq!(cube, pocket::SOLVED);
    let doc = solve(&["specs/pocket-cube-rules.toml", "--objective", "longest"]);
    assert_eq!(layer_counts(&doc), htm);
    let (qtm, _) = pocket::distances(&[1, 3]);
    assert_eq!(qtm.len() - 1, 14);
    let quarter = ["--set", "tables.turns=[1, 3]", "--objective", "longest"];
    let doc = solve(&[&["specs/pocket-cube-rules.toml"][..], &quarter].concat());
    assert_eq!(layer_counts(&doc), qtm);
}

#[test]
fn permutations_that_are_not_are_refused_at_their_place() {
    expect_error(
        "tests/bad/rules-permute-table.toml",
        "10:38",
        &[
            "position 2 appears twice in the table",
            "position 3 is missing",
        ],
    );
    expect_error(
        "tests/bad/rules-permute-cycle-range.toml",
        "13:35",
        &["position 4 in the cycles is outside the arrays (0..3)"],
    );
    expect_error(
        "tests/bad/rules-permute-add.toml",
        "12:70",
        &["`add` gives 3 values and the entry moves 4 positions"],
    );
}

/// An effect's loops nest and filter as an aggregate's: Lights Out 5x5 with each press's cross
/// written as a filtered loop, flat or over rows and columns, takes the 15 presses of the
/// spec's neighbour table (Anderson and Feil, docs/known-answers.md), and the presses of its
/// solution toggle exactly their crosses.
#[test]
fn effect_loops_nest_and_filter_like_aggregates() {
    for effect in [
        "lights[j] = 1 - lights[j] for j in 0..24 if abs(div(j, 5) - div(i, 5)) + abs(j % 5 - i % 5) <= 1",
        "lights[5 * r + c] = 1 - lights[5 * r + c] for r in 0..4 for c in 0..4 if abs(r - div(i, 5)) + abs(c - i % 5) <= 1",
    ] {
        let set = format!("move.press.do={effect:?}");
        let doc = solve(&["specs/lights-out-rules.toml", "--set", &set]);
        assert_eq!(doc["cost"], 15, "{effect}");
        let seq = states(&doc);
        for pair in seq.windows(2) {
            let lights = |v: &Value| -> Vec<i64> {
                v["lights"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_i64().unwrap())
                    .collect()
            };
            let (a, b) = (lights(&pair[0]), lights(&pair[1]));
            let changed: Vec<i64> = (0..25)
                .filter(|&j| a[j as usize] != b[j as usize])
                .collect();
            let is_cross = (0..25).any(|i: i64| {
                let cross: Vec<i64> = (0..25)
                    .filter(|j| (j / 5 - i / 5).abs() + (j % 5 - i % 5).abs() <= 1)
                    .collect();
                cross == changed
            });
            assert!(is_cross, "{changed:?}");
        }
    }
}
