//! The sliding-blocks family end to end: known answers (Hakoiri musume's 81 moves, the count of
//! coloured 15-puzzle positions) and answers checked by brute force written here, independent of
//! the project's model; every printed solution is re-checked move by move on its drawings.

mod common;

use common::run_json;
use serde_json::Value;
use std::collections::{BTreeMap, HashSet, VecDeque};

type Grid = Vec<Vec<char>>;

fn grid(state: &Value) -> Grid {
    state["drawing"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().chars().collect())
        .collect()
}

fn at(g: &Grid, r: i32, c: i32) -> char {
    if r < 0 || c < 0 {
        return ' ';
    }
    g.get(r as usize)
        .and_then(|row| row.get(c as usize))
        .copied()
        .unwrap_or(' ')
}

/// The cells of each piece symbol.
fn pieces(g: &Grid) -> BTreeMap<char, Vec<(i32, i32)>> {
    let mut out: BTreeMap<char, Vec<(i32, i32)>> = BTreeMap::new();
    for (r, row) in g.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            if ch.is_ascii_alphanumeric() {
                out.entry(ch).or_default().push((r as i32, c as i32));
            }
        }
    }
    out
}

/// Whether `after` follows `before` by sliding one piece: by one cell (`steps`) or along any
/// path of free cells (`moves`). Checked on the drawings alone.
fn one_legal_move(before: &Grid, after: &Grid, any_distance: bool) -> bool {
    let (a, b) = (pieces(before), pieces(after));
    let moved: Vec<char> = a.keys().filter(|s| a.get(s) != b.get(s)).copied().collect();
    let [symbol] = moved[..] else { return false };
    let Some(target) = b.get(&symbol) else {
        return false; // leaving the board is checked by the Rush Hour test's own search
    };
    let from = &a[&symbol];
    let offset = (target[0].0 - from[0].0, target[0].1 - from[0].1);
    let same_shape = from.len() == target.len()
        && from
            .iter()
            .zip(target)
            .all(|(x, y)| (y.0 - x.0, y.1 - x.1) == offset);
    if !same_shape {
        return false;
    }
    let free = |d: (i32, i32)| {
        from.iter().all(|&(r, c)| {
            matches!(at(before, r + d.0, c + d.1), '.') || from.contains(&(r + d.0, c + d.1))
        })
    };
    let mut seen = HashSet::from([(0, 0)]);
    let mut queue = VecDeque::from([(0, 0)]);
    while let Some(d) = queue.pop_front() {
        if d == offset {
            return true;
        }
        if !any_distance && d != (0, 0) {
            continue;
        }
        for step in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let n = (d.0 + step.0, d.1 + step.1);
            if free(n) && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    false
}

fn check_solution(json: &Value, any_distance: bool) {
    let mut before = grid(&json["start"]);
    for step in json["solutions"][0].as_array().unwrap() {
        let after = grid(&step["state"]);
        assert!(
            one_legal_move(&before, &after, any_distance),
            "illegal move `{}`:\n{before:?}\n{after:?}",
            step["move"]
        );
        before = after;
    }
}

#[test]
fn hakoiri_musume_takes_81_moves() {
    let (json, code) = run_json(&["specs/hakoiri-musume.toml"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "solved");
    // The classic answer: 81 moves, one piece any distance being one move.
    assert_eq!(json["cost"], 81);
    assert_eq!(json["metric"], "moves");
    // The classic start, as drawn in every book on the puzzle.
    let start: Vec<String> = grid(&json["start"])
        .iter()
        .map(|r| r.iter().collect())
        .collect();
    assert_eq!(
        start,
        [
            "######", "#ABBC#", "#ABBC#", "#DEEF#", "#DGHF#", "#I..J#", "##==##"
        ]
    );
    check_solution(&json, true);
    let end = grid(&json["solutions"][0].as_array().unwrap().last().unwrap()["state"]);
    assert_eq!(pieces(&end)[&'B'], vec![(4, 2), (4, 3), (5, 2), (5, 3)]);
}

/// Rush Hour by brute force on the drawing alone: cars slide along their length any distance;
/// the answer is the fewest moves until the red car X stands at the gap in the right wall (the
/// move that brings it there drives it out), and how many move sequences that short there are.
fn rush_hour_brute_force(board: &Grid) -> Option<(usize, u64)> {
    let cars = pieces(board);
    let symbols: Vec<char> = cars.keys().copied().collect();
    let shapes: Vec<(usize, bool)> = symbols
        .iter()
        .map(|s| (cars[s].len(), cars[s].iter().all(|c| c.0 == cars[s][0].0)))
        .collect();
    let start: Vec<(i32, i32)> = symbols.iter().map(|s| cars[s][0]).collect();
    let x = symbols.iter().position(|&s| s == 'X')?;
    let exit_col = board[start[x].0 as usize].iter().position(|&c| c == '=')? as i32;
    let mut seen = HashSet::from([start.clone()]);
    let mut layer: BTreeMap<Vec<(i32, i32)>, u64> = BTreeMap::from([(start, 1)]);
    for depth in 1.. {
        let mut next: BTreeMap<Vec<(i32, i32)>, u64> = BTreeMap::new();
        let mut solved = 0u64;
        for (state, ways) in &layer {
            for car in 0..state.len() {
                for pos in slides(board, &shapes, state, car) {
                    if car == x && pos.1 + shapes[x].0 as i32 == exit_col {
                        solved += ways;
                        continue;
                    }
                    let mut n = state.clone();
                    n[car] = pos;
                    if !seen.contains(&n) || next.contains_key(&n) {
                        *next.entry(n).or_default() += ways;
                    }
                }
            }
        }
        if solved > 0 {
            return Some((depth, solved));
        }
        if next.is_empty() {
            return None;
        }
        seen.extend(next.keys().cloned());
        layer = next;
    }
    None
}

/// The cells of a car (length, horizontal) whose first cell is at `(r, c)`.
fn car_cells((len, horizontal): (usize, bool), (r, c): (i32, i32)) -> Vec<(i32, i32)> {
    (0..len as i32)
        .map(|i| if horizontal { (r, c + i) } else { (r + i, c) })
        .collect()
}

/// Where `car` can slide to, along its length, over cells inside the walls that no other car
/// covers.
fn slides(
    board: &Grid,
    shapes: &[(usize, bool)],
    state: &[(i32, i32)],
    car: usize,
) -> Vec<(i32, i32)> {
    let taken: HashSet<(i32, i32)> = (0..state.len())
        .filter(|&i| i != car)
        .flat_map(|i| car_cells(shapes[i], state[i]))
        .collect();
    let free = |&(r, c): &(i32, i32)| {
        !matches!(at(board, r, c), '#' | '=' | ' ') && !taken.contains(&(r, c))
    };
    let mut out = Vec::new();
    for dir in [-1, 1] {
        let mut pos = state[car];
        loop {
            pos = if shapes[car].1 {
                (pos.0, pos.1 + dir)
            } else {
                (pos.0 + dir, pos.1)
            };
            if !car_cells(shapes[car], pos).iter().all(free) {
                break;
            }
            out.push(pos);
        }
    }
    out
}

#[test]
fn rush_hour_card_agrees_with_a_brute_force() {
    let (json, code) = run_json(&["specs/rush-hour.toml"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "solved");
    let (expected, _) = rush_hour_brute_force(&grid(&json["start"])).expect("the card is solvable");
    assert_eq!(json["cost"].as_u64(), Some(expected as u64));
    let steps = json["solutions"][0].as_array().unwrap();
    assert_eq!(steps.last().unwrap()["move"], "X out");
    assert!(steps.last().unwrap()["state"]["pieces"]["X"].is_null());
    // Every move before the last slides one car along its length.
    let mut before = grid(&json["start"]);
    for step in &steps[..steps.len() - 1] {
        let after = grid(&step["state"]);
        assert!(one_legal_move(&before, &after, true), "{}", step["move"]);
        let moved = pieces(&after);
        let was = pieces(&before);
        for (s, cells) in &moved {
            let horizontal = cells.iter().all(|c| c.0 == cells[0].0);
            let shift = (cells[0].0 - was[s][0].0, cells[0].1 - was[s][0].1);
            assert!(
                if horizontal {
                    shift.0 == 0
                } else {
                    shift.1 == 0
                },
                "{s} left its axis"
            );
        }
        before = after;
    }
}

/// The coloured 15-puzzle by brute force: a position is where the blank and the five colours
/// stand (the black tiles fill the rest), 16^6 indices in a byte array of distances.
fn coloured_fifteen_layers(start: &Grid) -> (Vec<u64>, Vec<[u8; 6]>) {
    let (counts, farthest, _) = coloured_fifteen_bfs(start);
    (counts, farthest)
}

fn placement_code(p: &[u8; 6]) -> usize {
    p.iter().rev().fold(0usize, |a, &x| a * 16 + x as usize)
}

/// The layer counts, the farthest layer, and every placement's distance.
fn coloured_fifteen_bfs(start: &Grid) -> (Vec<u64>, Vec<[u8; 6]>, Vec<u8>) {
    let code = placement_code;
    let first = blank_and_colours(start);
    let mut dist = vec![u8::MAX; 1 << 24];
    dist[code(&first)] = 0;
    let mut layer = vec![first];
    let mut counts = vec![1u64];
    loop {
        let mut next = Vec::new();
        for p in &layer {
            let (r, c) = (p[0] / 4, p[0] % 4);
            let near = [
                (r > 0, p[0].wrapping_sub(4)),
                (r < 3, p[0] + 4),
                (c > 0, p[0].wrapping_sub(1)),
                (c < 3, p[0] + 1),
            ];
            for (ok, cell) in near {
                if !ok {
                    continue;
                }
                let mut n = *p;
                n[0] = cell;
                for colour in &mut n[1..] {
                    if *colour == cell {
                        *colour = p[0];
                    }
                }
                if dist[code(&n)] == u8::MAX {
                    dist[code(&n)] = counts.len() as u8;
                    next.push(n);
                }
            }
        }
        if next.is_empty() {
            return (counts, layer, dist);
        }
        counts.push(next.len() as u64);
        layer = next;
    }
}

fn blank_and_colours(g: &Grid) -> [u8; 6] {
    let find = |ch: char| {
        (0..16u8)
            .find(|&i| g[i as usize / 4][i as usize % 4] == ch)
            .unwrap()
    };
    [
        find('.'),
        find('R'),
        find('G'),
        find('B'),
        find('Y'),
        find('W'),
    ]
}

#[test]
fn coloured_fifteen_reaches_every_placement_of_the_colours() {
    let (json, code) = run_json(&["specs/coloured-fifteen.toml", "--objective", "reachable"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "counted");
    assert_eq!(json["count"].as_u64(), Some((11..=16).product::<u64>()));
    assert_eq!(json["count"], 5_765_760);
}

#[test]
fn coloured_fifteen_farthest_positions_agree_with_a_brute_force() {
    let (json, code) = run_json(&["specs/coloured-fifteen.toml"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "explored");
    let (counts, farthest) = coloured_fifteen_layers(&grid(&json["start"]));
    let layer_counts: Vec<u64> = json["layer_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect();
    assert_eq!(layer_counts, counts);
    assert_eq!(
        json["farthest_distance"].as_u64(),
        Some(counts.len() as u64 - 1)
    );
    let mut shown: Vec<[u8; 6]> = json["farthest"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| blank_and_colours(&grid(v)))
        .collect();
    let mut expected = farthest;
    shown.sort_unstable();
    expected.sort_unstable();
    assert_eq!(json["farthest_count"].as_u64(), Some(expected.len() as u64));
    assert_eq!(shown, expected);
}

/// Writes a spec for an error test; the board drawing's row r stands on file line 5 + r.
fn temp_spec(name: &str, body: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("sliding-blocks-{}-{name}.toml", std::process::id()));
    let text = format!("[puzzle]\nname = \"bad\"\nkind = \"sliding-blocks\"\n[board]\n{body}");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_piece_in_two_parts_is_refused_at_its_stray_cell() {
    let spec = temp_spec(
        "split",
        "drawing = \"\"\"\n#####\n#A.A#\n#...#\n#####\n\"\"\"\n[solve]\nobjective = \"reachable\"\n",
    );
    common::expect_error(
        &spec,
        "7:4",
        &[
            "piece `A` are not connected",
            "row 2, column 4 of the board drawing",
        ],
    );
}

#[test]
fn a_goal_symbol_missing_from_the_board_is_refused() {
    let spec = temp_spec(
        "unknown-symbol",
        "drawing = \"\"\"\n####\n#A.#\n####\n\"\"\"\n[goal]\ndrawing = \"\"\"\n####\n#.Z#\n####\n\"\"\"\n",
    );
    common::expect_error(
        &spec,
        "13:3",
        &["`Z` is in the goal", "row 2, column 3 of the goal drawing"],
    );
}

#[test]
fn ragged_rows_without_a_wall_are_refused() {
    let spec = temp_spec(
        "ragged",
        "drawing = \"\"\"\n....\nA..\n....\n\"\"\"\n[solve]\nobjective = \"reachable\"\n",
    );
    common::expect_error(
        &spec,
        "7:4",
        &["row 2 is 3 wide", "no wall ends it", "row 2, column 4"],
    );
}

#[test]
fn a_piece_wider_than_its_exit_is_refused() {
    let spec = temp_spec(
        "wide-exit",
        "drawing = \"\"\"\n#####\n#AA.#\n#AA.#\n#...#\n##=##\n\"\"\"\n[rules]\nexits = [\"A\"]\n[solve]\nobjective = \"reachable\"\n",
    );
    common::expect_error(
        &spec,
        "7:2",
        &[
            "piece `A` cannot fit through any exit",
            "row 2, column 2",
            "2 cells wide",
        ],
    );
}

#[test]
fn overlapping_pieces_in_the_goal_are_refused() {
    let board = "drawing = \"\"\"\n######\n#ABB.#\n#.BB.#\n#....#\n#....#\n######\n\"\"\"\n";
    let goal = "[goal]\ndrawing = \"\"\"\n######\n#?BB?#\n#?BB?#\n#?BB?#\n#????#\n######\n\"\"\"\n";
    let spec = temp_spec("overlap", &format!("{board}{goal}"));
    common::expect_error(
        &spec,
        "18:3",
        &[
            "two pieces `B` overlap",
            "row 4, column 3 of the goal drawing",
        ],
    );
}

#[test]
fn rush_hour_count_of_shortest_solutions_agrees_with_a_brute_force() {
    let (json, code) = run_json(&["specs/rush-hour.toml", "--objective", "count"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "counted");
    let (length, ways) = rush_hour_brute_force(&grid(&json["start"])).unwrap();
    assert_eq!(json["cost"].as_u64(), Some(length as u64));
    assert_eq!(json["count"].as_u64(), Some(ways));
}

#[test]
fn a_full_goal_is_searched_from_both_ends_and_agrees_with_a_brute_force() {
    let goal = "goal.drawing=\"RGBY\\n0123\\n4567\\n89.W\"";
    let (json, code) = run_json(&[
        "specs/coloured-fifteen.toml",
        "--objective",
        "shortest",
        "--set",
        goal,
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["engine"], "bidirectional-bfs");
    let (counts, _) = coloured_fifteen_layers(&grid(&json["start"]));
    let end = json["solutions"][0].as_array().unwrap().last().unwrap();
    // The goal: blank at cell 14, R G B Y on cells 0-3, W on cell 15.
    assert_eq!(
        blank_and_colours(&grid(&end["state"])),
        [14, 0, 1, 2, 3, 15]
    );
    let distance = coloured_fifteen_distance(&grid(&json["start"]), [14, 0, 1, 2, 3, 15]);
    assert_eq!(json["cost"].as_u64(), Some(distance));
    assert!(distance < counts.len() as u64);
    check_solution(&json, false);
    // The same answer by plain breadth-first search.
    let (plain, _) = run_json(&[
        "specs/coloured-fifteen.toml",
        "--objective",
        "shortest",
        "--engine",
        "bfs",
        "--set",
        goal,
    ]);
    assert_eq!(plain["cost"], json["cost"]);
}

/// Steps from the start to one placement of the blank and the colours, by the brute force.
fn coloured_fifteen_distance(start: &Grid, target: [u8; 6]) -> u64 {
    let (_, _, dist) = coloured_fifteen_bfs(start);
    u64::from(dist[placement_code(&target)])
}

const HAKOIRI_BOARD: &str = "drawing = \"\"\"\n######\n#ABBC#\n#ABBC#\n#DEEF#\n#DGHF#\n#I..J#\n##==##\n\"\"\"\n[rules]\nmetric = \"moves\"\n";

#[test]
fn a_goal_predicate_on_positions_gives_the_same_81_moves() {
    // The daughter's top-left corner on drawing row 5, column 3: the bottom centre.
    let spec = temp_spec(
        "predicate",
        &format!("{HAKOIRI_BOARD}[goal]\npredicate = \"row_B == 5 and col_B == 3\"\n"),
    );
    let (json, code) = run_json(&[&spec]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["cost"], 81);
    check_solution(&json, true);
}

#[test]
fn a_predicate_naming_an_interchangeable_piece_is_refused_at_the_name() {
    // A is one of four interchangeable upright pieces, so `row_A` names no single piece.
    let spec = temp_spec(
        "predicate-class",
        &format!("{HAKOIRI_BOARD}[goal]\npredicate = \"row_B == 5 and row_A == 1\"\n"),
    );
    common::expect_error(&spec, "17:29", &["unknown name `row_A`", "row_B"]);
}

#[test]
fn a_character_outside_ascii_is_refused_at_its_column() {
    let spec = temp_spec(
        "accent",
        "drawing = \"\"\"\n#é.#\n\"\"\"\n[solve]\nobjective = \"reachable\"\n",
    );
    common::expect_error(
        &spec,
        "6:2",
        &["`é` is not a board character", "row 1, column 2"],
    );
}
