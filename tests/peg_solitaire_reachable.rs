//! `objective = "reachable"`: every position reachable from the start, counted by peg count.
//! The 15-hole triangle's counts are checked against a breadth-first search over plain hole
//! sets written here; English 33's totals (187,636,299 positions, 23,475,688 up to symmetry,
//! the published figures) in a release-only test, as the search takes seconds there.

mod common;

use common::run_json;
use std::collections::{BTreeMap, HashSet};

/// The triangle's holes row by row from the apex, and its jumps along the three axes.
fn triangle_jumps(rows: i32) -> (usize, Vec<[usize; 3]>) {
    let cells: Vec<(i32, i32)> = (0..rows)
        .flat_map(|r| (0..=r).map(move |c| (r, c)))
        .collect();
    let at = |r: i32, c: i32| cells.iter().position(|&x| x == (r, c));
    let mut jumps = Vec::new();
    for (i, &(r, c)) in cells.iter().enumerate() {
        for (dr, dc) in [(0, 1), (1, 0), (1, 1), (0, -1), (-1, 0), (-1, -1)] {
            if let (Some(o), Some(t)) = (at(r + dr, c + dc), at(r + 2 * dr, c + 2 * dc)) {
                jumps.push([i, o, t]);
            }
        }
    }
    (cells.len(), jumps)
}

/// The triangle drawn with every hole full, so that `[start]` says which is empty.
const FULL: &str = "board.drawing=\"    o\\n   o o\\n  o o o\\n o o o o\\no o o o o\\n\"";

/// Positions reachable from `start` (bit sets), counted per peg count.
fn brute_force(start: u64, jumps: &[[usize; 3]]) -> BTreeMap<u32, u64> {
    let mut seen = HashSet::from([start]);
    let mut frontier = vec![start];
    while let Some(b) = frontier.pop() {
        for &[f, o, t] in jumps {
            if b >> f & 1 == 1 && b >> o & 1 == 1 && b >> t & 1 == 0 {
                let next = b ^ (1 << f) ^ (1 << o) ^ (1 << t);
                if seen.insert(next) {
                    frontier.push(next);
                }
            }
        }
    }
    let mut by_pegs = BTreeMap::new();
    for b in seen {
        *by_pegs.entry(b.count_ones()).or_insert(0) += 1;
    }
    by_pegs
}

/// The report's `reachable` rows as pegs -> (positions, classes).
fn rows(v: &serde_json::Value) -> BTreeMap<u32, (u64, u64)> {
    v["reachable"]
        .as_array()
        .unwrap_or_else(|| panic!("no reachable rows: {v}"))
        .iter()
        .map(|r| {
            let n = |k: &str| r[k].as_u64().unwrap();
            (n("pegs") as u32, (n("positions"), n("classes")))
        })
        .collect()
}

#[test]
fn triangle_counts_agree_with_a_brute_force_search() {
    let (holes, jumps) = triangle_jumps(5);
    for empty in [0usize, 3, 4] {
        let start = ((1u64 << holes) - 1) & !(1 << empty);
        let expected = brute_force(start, &jumps);
        let (v, code) = run_json(&[
            "specs/triangle15.toml",
            "--objective",
            "reachable",
            "--set",
            "rules.first_jump=[]",
            "--set",
            FULL,
            "--set",
            &format!("start.empty=[{empty}]"),
        ]);
        assert_eq!(code, 0, "{v}");
        assert_eq!(v["status"], "counted");
        assert_eq!(v["engine"], "layers");
        let got = rows(&v);
        let positions: BTreeMap<u32, u64> = got.iter().map(|(&p, &(n, _))| (p, n)).collect();
        assert_eq!(positions, expected, "hole {empty} empty");
        assert_eq!(v["count"], expected.values().sum::<u64>(), "hole {empty}");
        for (pegs, (n, classes)) in got {
            // A class holds between one and six positions (the triangle's symmetries).
            assert!(
                classes <= n && n <= 6 * classes,
                "{pegs} pegs: {n} in {classes}"
            );
        }
    }
}

#[test]
fn the_goal_plays_no_part() {
    // The same rows whatever the goal: reachable positions, and classes under the symmetries
    // of the start alone (a goal hole off the axis would otherwise cut the group).
    let base = [
        "specs/triangle15.toml",
        "--objective",
        "reachable",
        "--set",
        "rules.first_jump=[]",
        "--set",
        FULL,
        "--set",
        "start.empty=[0]",
    ];
    let (anywhere, _) = run_json(&base);
    let mut args = base.to_vec();
    args.extend(["--set", "goal.at=[11]", "--set", "goal.pegs=1"]);
    let (on_one, code) = run_json(&args);
    assert_eq!(code, 0, "{on_one}");
    assert_eq!(rows(&anywhere), rows(&on_one));
    assert_eq!(anywhere["symmetries"], 2);
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "seconds in release, much longer unoptimised"
)]
fn english_central_game_reaches_the_published_number_of_positions() {
    let (v, code) = run_json(&["specs/english33.toml", "--objective", "reachable"]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["count"], 187_636_299u64);
    let classes: u64 = rows(&v).values().map(|&(_, c)| c).sum();
    assert_eq!(classes, 23_475_688);
    assert_eq!(v["symmetries"], 8);
}
