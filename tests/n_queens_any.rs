//! `objective = "any"`: one placement of n queens for any n up to a million, each checked here
//! independently of the project (pairwise for small boards, by counting lines for large ones).

mod common;

use common::{puzzlespec, run, run_json};
use predicates::str::contains;
use serde_json::Value;
use std::collections::HashSet;

/// The one placement of an `any` report, as columns per row.
fn placement(doc: &Value) -> Vec<u64> {
    let all = doc["placements"].as_array().unwrap();
    assert_eq!(all.len(), 1);
    all[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

/// Brute force, pair by pair: n queens on the board, no two on a column or a diagonal.
fn attack_free_pairwise(cols: &[u64], n: usize) -> bool {
    cols.len() == n
        && cols.iter().all(|&c| c < n as u64)
        && (0..n).all(|r| {
            (0..r).all(|r0| cols[r0] != cols[r] && (r - r0) as u64 != cols[r].abs_diff(cols[r0]))
        })
}

/// The same for large boards: every column, every r + c and every r - c seen once.
fn attack_free_by_lines(cols: &[u64], n: usize) -> bool {
    let mut columns = HashSet::new();
    let mut sums = HashSet::new();
    let mut differences = HashSet::new();
    cols.len() == n
        && cols.iter().enumerate().all(|(r, &c)| {
            let r = r as i64;
            let c = c as i64;
            c < n as i64 && columns.insert(c) && sums.insert(r + c) && differences.insert(r - c)
        })
}

fn any(n: usize) -> (Value, i32) {
    let set = format!("board.n={n}");
    run_json(&["specs/queens-any.toml", "--set", &set])
}

#[test]
fn every_board_up_to_200_gets_a_checked_placement() {
    for n in 1..=200 {
        let (doc, code) = any(n);
        assert_eq!(doc["engine"], "construct", "n = {n}");
        if n == 2 || n == 3 {
            // Known: two and three queens cannot share their board.
            assert_eq!((code, &doc["status"]), (1, &Value::from("no-solution")));
            continue;
        }
        assert_eq!(
            (code, &doc["status"]),
            (0, &Value::from("solved")),
            "n = {n}"
        );
        let cols = placement(&doc);
        assert!(attack_free_pairwise(&cols, n), "n = {n}: {cols:?}");
        assert_eq!(doc["solutions"][0].as_array().unwrap().len(), n);
    }
}

#[test]
fn a_thousand_and_a_hundred_thousand_queens() {
    let (doc, code) = run_json(&["specs/queens-any.toml"]);
    assert_eq!((code, doc["n"].as_u64()), (0, Some(1000)));
    let cols = placement(&doc);
    assert!(attack_free_pairwise(&cols, 1000));
    assert!(attack_free_by_lines(&cols, 1000));
    let (doc, code) = any(100_000);
    assert_eq!(code, 0);
    assert!(attack_free_by_lines(&placement(&doc), 100_000));
    // Too long for one JSON object per queen: the placement is in `placements` only.
    assert_eq!(doc["solutions"][0].as_array().unwrap().len(), 0);
}

#[test]
fn the_counting_check_catches_attacks() {
    // The test's own checker must see what it is meant to see.
    assert!(attack_free_by_lines(&[1, 3, 0, 2], 4));
    assert!(!attack_free_by_lines(&[0, 2, 1, 3], 4));
    assert!(!attack_free_by_lines(&[2, 3, 0, 1], 4));
    assert!(!attack_free_by_lines(&[1, 3, 0, 4], 4));
}

#[test]
fn a_million_queens_is_the_largest_board() {
    puzzlespec()
        .args(["run", "specs/queens-any.toml", "--set", "board.n=1000000"])
        .assert()
        .success()
        .stdout(contains("solved"))
        .stdout(contains("... 999,980 more ..."))
        .stdout(contains("--json gives all 1,000,000"));
    let out = run(&["run", "specs/queens-any.toml", "--set", "board.n=1000001"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("a board of 1000001 is too large"));
}

#[test]
fn text_names_the_engine_and_why() {
    puzzlespec()
        .args(["run", "specs/queens-any.toml", "--set", "board.n=8"])
        .args(["--set", "output.draw=true"])
        .assert()
        .success()
        .stdout(contains(
            "engine: construct (auto: on an empty board an explicit formula",
        ))
        .stdout(contains("1  (1 3 5 7 2 0 6 4)"))
        .stdout(contains("0  .  Q  .  .  .  .  .  .\n"));
    puzzlespec()
        .args(["run", "specs/queens-any.toml", "--set", "board.n=3"])
        .assert()
        .code(1)
        .stdout(contains("no solution"));
}

#[test]
fn given_queens_are_completed_by_backtracking() {
    let placed = "board.placed=[{row = 0, column = 0}, {row = 5, column = 6}]";
    let (doc, code) = run_json(&[
        "specs/queens-any.toml",
        "--set",
        "board.n=8",
        "--set",
        placed,
    ]);
    assert_eq!((code, &doc["engine"]), (0, &Value::from("bitboard")));
    let cols = placement(&doc);
    assert!(attack_free_pairwise(&cols, 8) && cols[0] == 0 && cols[5] == 6);
    // The construction cannot keep them; a board over 64 cannot be backtracked.
    let out = run(&["run", "specs/queens-any.toml", "--set", "board.n=8"]);
    assert_eq!(out.code, 0);
    let construct = ["--engine", "construct", "--set", placed];
    let out = run(&[
        &["run", "specs/queens-any.toml", "--set", "board.n=8"][..],
        &construct,
    ]
    .concat());
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("cannot keep given queens"));
    let out = run(&["run", "specs/queens-any.toml", "--set", placed]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("given queens on a board of 1000 cannot be completed")
    );
    let out = run(&["run", "specs/queens-any.toml", "--engine", "bitboard"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("at most 64 columns"));
}

#[test]
fn other_objectives_keep_the_64_column_limit() {
    let out = run(&["run", "specs/queens-any.toml", "--objective", "count"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("a board of 1000 is too large"));
    assert!(out.stderr.contains("objective = \"any\""));
}

#[test]
fn an_astronomical_count_is_refused_before_it_starts() {
    // 22 queens: 2,691,008,701,644 placements (OEIS A000170), days of CPU.
    let out = run(&["run", "specs/queens-count.toml", "--set", "board.n=22"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("counting 22 queens is beyond reach"));
    assert!(out.stderr.contains("2,691,008,701,644 placements"));
    assert!(out.stderr.contains("solve.limit"));
    let out = run(&["run", "specs/queens-count.toml", "--set", "board.n=30"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("beyond reach"));
}

#[test]
fn a_listing_of_a_large_board_says_how_many_there_are() {
    // 20 queens: 39,029,188,884 placements; the listing stops at its limit and says so.
    let (doc, code) = run_json(&["specs/queens8.toml", "--set", "board.n=20"]);
    assert_eq!(code, 0);
    assert_eq!(doc["placements"].as_array().unwrap().len(), 100);
    let note = doc["notes"][0].as_str().unwrap();
    assert!(
        note.contains("there are more (39,029,188,884 in all"),
        "{note}"
    );
}
