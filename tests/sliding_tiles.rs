//! The sliding-tiles specs run through the binary; answers checked against REFERENCE.md (seed 001)
//! and Korf (1985), every printed solution replayed here on the JSON boards.

mod common;

use assert_cmd::Command;
use common::{expect_error, json_and_code, outcome};
use predicates::prelude::*;
use serde_json::Value;

/// Pattern databases built by the tests go to a folder of their own.
fn puzzlespec() -> Command {
    let mut cmd = common::puzzlespec();
    cmd.env(
        "PUZZLESPEC_CACHE_DIR",
        concat!(env!("CARGO_TARGET_TMPDIR"), "/sliding-pdb"),
    );
    cmd
}

/// `common::run_json` with this file's pattern-database folder.
fn run_json(args: &[&str]) -> (Value, i32) {
    json_and_code(&outcome(
        puzzlespec().args(["run", "--json", "--quiet"]).args(args),
    ))
}

fn tiles(v: &Value) -> Vec<u64> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect()
}

/// Each step swaps the blank with a tile on a neighbouring cell of a `cols`-wide rectangle.
fn assert_replays(start: &[u64], boards: &[Vec<u64>], goal: &[u64], cols: usize) {
    let mut prev = start.to_vec();
    for b in boards {
        let diff: Vec<usize> = (0..b.len()).filter(|&i| b[i] != prev[i]).collect();
        assert_eq!(diff.len(), 2, "one tile moves per step");
        let (i, j) = (diff[0], diff[1]);
        assert!(
            prev[i] == 0 || prev[j] == 0,
            "the tile moves into the blank"
        );
        assert!(
            j - i == cols || (j - i == 1 && i / cols == j / cols),
            "cells are adjacent"
        );
        prev = b.clone();
    }
    assert_eq!(prev, goal);
}

fn solution_boards(v: &Value) -> Vec<Vec<u64>> {
    v["solutions"][0]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| tiles(&s["state"]))
        .collect()
}

#[test]
fn eight_puzzle_needs_31_moves_by_every_engine() {
    for engine in [
        "auto",
        "bfs",
        "bidirectional-bfs",
        "ida-star",
        "ida-star-manhattan",
    ] {
        let (v, code) = run_json(&["specs/eight.toml", "--engine", engine]);
        assert_eq!(code, 0, "{engine}");
        assert_eq!(v["cost"], 31, "{engine}");
        let boards = solution_boards(&v);
        assert_eq!(boards.len(), 31);
        assert_replays(&tiles(&v["start"]), &boards, &tiles(&v["goal"]), 3);
        assert_eq!(v["tiles_moved"].as_array().unwrap().len(), 31);
    }
}

#[test]
fn bidirectional_search_stores_a_fraction_of_the_space() {
    // The seed's bidirectional program generated 16088 positions against 181440 for plain BFS.
    let (v, _) = run_json(&["specs/eight.toml"]);
    let states = v["stats"]["states"].as_u64().unwrap();
    assert!(states < 30_000, "{states}");
    let (v, _) = run_json(&["specs/eight-adjacency.toml"]);
    assert_eq!(v["cost"], 31);
    assert_eq!(v["stats"]["states"], 181_440);
}

#[test]
fn eight_puzzle_longest_is_31_reached_by_two_positions() {
    let (v, code) = run_json(&["specs/eight-longest.toml"]);
    assert_eq!(code, 0);
    assert_eq!(v["farthest_distance"], 31);
    assert_eq!(v["farthest_count"], 2);
    let mut far: Vec<Vec<u64>> = v["farthest"]
        .as_array()
        .unwrap()
        .iter()
        .map(tiles)
        .collect();
    far.sort();
    assert_eq!(
        far,
        vec![
            vec![6, 4, 7, 8, 5, 0, 3, 2, 1],
            vec![8, 6, 7, 2, 5, 4, 3, 0, 1]
        ]
    );
    // Half of 9! arrangements are reachable.
    let layers: u64 = v["layer_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(layers, (1..=9).product::<u64>() / 2);
    assert_eq!(v["count"], 181_440);
    puzzlespec()
        .args(["run", "specs/eight-longest.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("6 4 7 / 8 5 0 / 3 2 1"))
        .stdout(predicate::str::contains(" 31: 2"));
}

#[test]
fn text_output_shows_boards_and_tile_moves() {
    puzzlespec()
        .args(["run", "specs/eight.toml"])
        .assert()
        .success()
        .stdout(predicate::str::contains("solved: 31 moves"))
        .stdout(predicate::str::contains("start    8 6 7 / 2 5 4 / 3 0 1"))
        .stdout(predicate::str::contains("1 2 3 / 4 5 6 / 7 8 0"))
        .stdout(predicate::str::contains("tiles moved:"))
        .stdout(predicate::str::contains("engine: bidirectional-bfs (auto:"));
}

#[test]
fn swapped_tiles_are_rejected_by_parity_before_search() {
    let (v, code) = run_json(&["specs/eight-unsolvable.toml"]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "no-solution");
    assert!(v["reason"].as_str().unwrap().contains("parity"));
    assert_eq!(v["stats"]["states"], 0, "no search ran");
    // The same start on the 15-puzzle (no tables are built for it).
    let (v, code) = run_json(&[
        "specs/fifteen.toml",
        "--set",
        "board.start=[1,0,2,3,4,5,6,7,8,9,10,11,12,13,15,14]",
    ]);
    assert_eq!(code, 1);
    assert!(v["reason"].as_str().unwrap().contains("parity"));
}

#[test]
fn a_wheel_board_reaches_every_arrangement() {
    // The 3x3 grid reaches 9!/2; the wheel has triangles, so Wilson's theorem gives all 9!.
    let (v, code) = run_json(&["specs/wheel.toml", "--objective", "count"]);
    assert_eq!(code, 0);
    assert_eq!(v["count"], (1..=9).product::<u64>());
    let (v, _) = run_json(&["specs/eight.toml", "--objective", "count"]);
    assert_eq!(v["count"], 181_440);
    // The swap that is impossible on the grid is solved on the wheel.
    let (v, code) = run_json(&["specs/wheel.toml"]);
    assert_eq!(code, 0);
    assert!(v["cost"].as_u64().unwrap() > 0);
}

#[test]
fn path_and_cycle_boards_keep_their_invariants() {
    let (v, code) = run_json(&[
        "specs/eight.toml",
        "--set",
        "board.rows=1",
        "--set",
        "board.cols=4",
        "--set",
        "board.start=[2,1,3,0]",
        "--set",
        "board.goal=[1,2,3,0]",
    ]);
    assert_eq!(code, 1);
    assert!(v["reason"].as_str().unwrap().contains("path"));
    let (v, code) = run_json(&[
        "specs/eight.toml",
        "--set",
        "board.rows=2",
        "--set",
        "board.cols=2",
        "--set",
        "board.start=[2,1,3,0]",
        "--set",
        "board.goal=[1,2,3,0]",
    ]);
    assert_eq!(code, 1);
    assert!(v["reason"].as_str().unwrap().contains("cycle"));
}

#[test]
fn fifteen_puzzle_korf_instance_1_needs_57_moves() {
    let (v, code) = run_json(&["specs/fifteen.toml"]);
    assert_eq!(code, 0);
    assert_eq!(v["cost"], 57);
    assert_replays(
        &tiles(&v["start"]),
        &solution_boards(&v),
        &tiles(&v["goal"]),
        4,
    );
}

/// Korf's instances with the lengths of his paper, as written in the data file.
fn korf_lines() -> Vec<(String, u64)> {
    std::fs::read_to_string("specs/data/korf100.txt")
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let nums: Vec<&str> = l.split_whitespace().collect();
            (nums[..16].join(" "), nums[16].parse().unwrap())
        })
        .collect()
}

#[test]
fn korf_easy_instances_get_their_known_lengths() {
    let mut easy = korf_lines();
    easy.sort_by_key(|(_, len)| *len);
    easy.truncate(6);
    let dir = env!("CARGO_TARGET_TMPDIR");
    let file = format!("{dir}/korf-easy.txt");
    std::fs::write(
        &file,
        easy.iter()
            .map(|(t, _)| format!("{t}\n"))
            .collect::<String>(),
    )
    .unwrap();
    let (v, code) = run_json(&[
        "specs/korf100.toml",
        "--set",
        &format!("board.starts_file={:?}", file),
    ]);
    assert_eq!(code, 0);
    let found: Vec<u64> = v["instances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["length"].as_u64().unwrap())
        .collect();
    let known: Vec<u64> = easy.iter().map(|(_, l)| *l).collect();
    assert_eq!(found, known);
}

/// The whole benchmark: `cargo test --release --test sliding_tiles -- --ignored`.
#[test]
#[ignore]
fn korf_100_all_optimal() {
    let (v, code) = run_json(&["specs/korf100.toml"]);
    assert_eq!(code, 0);
    let instances = v["instances"].as_array().unwrap();
    let known = korf_lines();
    assert_eq!(instances.len(), 100);
    for (i, (inst, (_, len))) in instances.iter().zip(&known).enumerate() {
        assert_eq!(inst["length"].as_u64().unwrap(), *len, "instance {}", i + 1);
    }
    let total: u64 = known.iter().map(|(_, l)| l).sum();
    assert_eq!(total, 5305);
    assert_eq!(v["total_moves"], 5305);
}

fn bad(file: &str, message: &str, line_col: &str) {
    expect_error(&format!("tests/bad/{file}"), line_col, &[message]);
}

#[test]
fn bad_specs_are_reported_where_they_are_wrong() {
    bad(
        "sliding-tiles-duplicate.toml",
        "the start holds tile 6 twice",
        "8:31",
    );
    bad(
        "sliding-tiles-length.toml",
        "the start has 8 cells but the board has 9",
        "8:9",
    );
    bad(
        "sliding-tiles-one-way.toml",
        "cell 0 lists cell 2, but cell 2 does not list cell 0",
        "6:17",
    );
    bad(
        "sliding-tiles-missing-cell.toml",
        "cell 2 lists cell 3, which does not exist",
        "6:30",
    );
    bad(
        "sliding-tiles-longest-too-big.toml",
        "too many to visit one by one",
        "10:13",
    );
}
