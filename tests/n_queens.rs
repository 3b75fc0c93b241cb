//! The n-queens family end to end: the shipped specs, the OEIS counts, given queens, bad specs.

mod common;

use common::{expect_json_error, puzzlespec, run, run_json};
use predicates::str::contains;
use serde_json::Value;

/// OEIS A000170: solutions of n queens on n x n, n = 1..=12 (known facts the project must meet).
const A000170: [u64; 12] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
/// OEIS A002562: the same up to rotation and reflection.
const A002562: [u64; 12] = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

/// An independent check of a placement: one queen per row, no shared column or diagonal.
fn is_solution(cols: &[u64]) -> bool {
    cols.iter().enumerate().all(|(r, &c)| {
        cols[..r]
            .iter()
            .enumerate()
            .all(|(r0, &c0)| c0 != c && (r - r0) as u64 != c.abs_diff(c0))
    })
}

fn placements(doc: &Value) -> Vec<Vec<u64>> {
    doc["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p.as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_u64().unwrap())
                .collect()
        })
        .collect()
}

#[test]
fn queens8_lists_all_92_in_the_seeds_order() {
    let (doc, code) = run_json(&["specs/queens8.toml"]);
    assert_eq!(code, 0);
    assert_eq!(doc["status"], "solved");
    assert_eq!(doc["count"], 92);
    assert_eq!(doc["complete"], true);
    let all = placements(&doc);
    assert_eq!(all.len(), 92);
    assert!(all.iter().all(|p| p.len() == 8 && is_solution(p)));
    // Distinct and in lexicographic order, as the seed's permutation generator prints them.
    assert!(all.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(all[0], vec![0, 4, 7, 5, 2, 6, 1, 3]);
}

#[test]
fn queens8_text_shows_rows_and_boards() {
    puzzlespec()
        .args(["run", "specs/queens8.toml"])
        .assert()
        .success()
        .stdout(contains("count: 92"))
        .stdout(contains(" 1  (0 4 7 5 2 6 1 3)"))
        .stdout(contains("92  (7 3 0 2 5 1 6 4)"));
    puzzlespec()
        .args(["run", "specs/queens8.toml", "--set", "output.draw=true"])
        .args(["--set", "solve.limit=1"])
        .assert()
        .success()
        .stdout(contains("1  (0 4 7 5 2 6 1 3)"))
        .stdout(contains("   0  1  2  3  4  5  6  7\n"))
        .stdout(contains("0  Q  .  .  .  .  .  .  .\n"))
        .stdout(contains("7  .  .  .  Q  .  .  .  .\n"))
        .stdout(contains("listing the first 1 solutions; there are more"));
}

#[test]
fn queens_count_spec_gives_the_oeis_count() {
    let (doc, code) = run_json(&["specs/queens-count.toml"]);
    assert_eq!(code, 0);
    assert_eq!(doc["status"], "counted");
    assert_eq!(doc["n"], 16);
    // A000170(16) and A002562(16).
    assert_eq!(doc["count"], 14_772_512);
    assert_eq!(doc["count_total"], 14_772_512);
    assert_eq!(doc["count_unique"], 1_846_955);
    assert_eq!(doc["solutions"].as_array().unwrap().len(), 0);
}

#[test]
fn counts_for_n_up_to_12_match_oeis_with_every_engine() {
    for n in 1..=12 {
        let set = format!("board.n={n}");
        let expected = A000170[n - 1];
        for engine in ["bitboard", "bitboard-mirror", "bitboard-symmetry"] {
            let (doc, code) =
                run_json(&["specs/queens-count.toml", "--set", &set, "--engine", engine]);
            assert_eq!(doc["count"], expected, "n = {n}, engine {engine}");
            assert_eq!(code, if expected == 0 { 1 } else { 0 }, "n = {n}");
        }
    }
}

#[test]
fn unique_counts_for_n_up_to_12_match_oeis() {
    for n in 1..=12 {
        let set = format!("board.n={n}");
        let (doc, _) = run_json(&[
            "specs/queens-count.toml",
            "--set",
            &set,
            "--objective",
            "count-unique",
        ]);
        assert_eq!(doc["count"], A002562[n - 1], "n = {n}");
        assert_eq!(doc["count_unique"], A002562[n - 1], "n = {n}");
        assert_eq!(doc["count_total"], A000170[n - 1], "n = {n}");
    }
}

#[test]
fn listing_everything_agrees_with_oeis_for_small_boards() {
    for n in 1..=9 {
        let set = format!("board.n={n}");
        let (doc, _) = run_json(&[
            "specs/queens8.toml",
            "--set",
            &set,
            "--set",
            "solve.limit=1000",
        ]);
        if A000170[n - 1] == 0 {
            assert_eq!(doc["status"], "no-solution", "n = {n}");
            continue;
        }
        let all = placements(&doc);
        assert_eq!(all.len() as u64, A000170[n - 1], "n = {n}");
        assert!(all.iter().all(|p| is_solution(p)), "n = {n}");
    }
}

#[test]
fn given_queens_are_kept_and_partition_the_count() {
    // Every 8-queens solution has its row-0 queen somewhere: the completions of each choice add
    // up to the 92, and each listed completion keeps the given queen.
    let mut total = 0;
    for c in 0..8 {
        let placed = format!("board.placed=[{{row = 0, column = {c}}}]");
        let (doc, _) = run_json(&[
            "specs/queens8.toml",
            "--set",
            &placed,
            "--objective",
            "count",
        ]);
        assert_eq!(doc["engine"], "bitboard");
        total += doc["count"].as_u64().unwrap();
        let (doc, _) = run_json(&["specs/queens8.toml", "--set", &placed]);
        let all = placements(&doc);
        assert_eq!(all.len() as u64, doc["count"].as_u64().unwrap());
        assert!(all.iter().all(|p| p[0] == c && is_solution(p)));
    }
    assert_eq!(total, 92);
    // A queen in a corner: 4 of the 92 solutions (a known fact of the eight queens).
    let (doc, _) = run_json(&[
        "specs/queens8.toml",
        "--set",
        "board.placed=[{row = 7, column = 7}]",
        "--objective",
        "count",
    ]);
    assert_eq!(doc["count"], 4);
}

#[test]
fn given_queens_in_several_rows() {
    let placed = "board.placed=[{row = 0, column = 0}, {row = 5, column = 6}]";
    let (doc, code) = run_json(&["specs/queens8.toml", "--set", placed]);
    assert_eq!(code, 0);
    let all = placements(&doc);
    assert!(!all.is_empty());
    assert!(all.iter().all(|p| p[0] == 0 && p[5] == 6 && is_solution(p)));
    assert_eq!(doc["placed"][1]["row"], 5);
}

#[test]
fn a_given_queen_with_no_completion_is_no_solution() {
    // The two 4-queens solutions are (1 3 0 2) and (2 0 3 1): none has a corner queen.
    let (doc, code) = run_json(&[
        "specs/queens8.toml",
        "--set",
        "board.n=4",
        "--set",
        "board.placed=[{row = 0, column = 0}]",
    ]);
    assert_eq!(code, 1);
    assert_eq!(doc["status"], "no-solution");
    assert!(doc["notes"][0].as_str().unwrap().contains("given queens"));
}

/// Each bad spec: exit 2, the message, and where it points.
#[test]
fn bad_specs_are_reported_at_their_span() {
    let cases = [
        ("attacking", "attack each other along a diagonal", "9:3"),
        ("same-column", "attack each other along a column", "7:36"),
        (
            "same-square",
            "two queens are given on the same square (3, 4)",
            "9:3",
        ),
        ("off-board", "column 8 is off the 8x8 board", "7:31"),
        ("zero", "a board of 0 has no squares", "6:5"),
        ("too-large", "a board of 65 is too large", "6:5"),
        (
            "unique-with-placed",
            "count-unique needs an empty board",
            "7:10",
        ),
        (
            "list-engine",
            "engine `bitboard-symmetry` does not compute objective `list`",
            "10:10",
        ),
        ("limit-zero", "a limit of 0 lists nothing", "10:9"),
        (
            "limit-huge",
            "a limit of 20000000 is too many to list",
            "10:9",
        ),
        ("unknown-field", "unknown field `size`", "6:1"),
    ];
    for (name, message, at) in cases {
        let path = format!("tests/bad/n-queens-{name}.toml");
        // One `--json` run: exit 2, `path:at: `, message and help on stderr, line:col in JSON.
        expect_json_error(&path, at, &[message, "Help:"]);
    }
}

#[test]
fn symmetric_engines_refuse_given_queens() {
    let out = run(&[
        "run",
        "specs/queens8.toml",
        "--objective",
        "count",
        "--engine",
        "bitboard-mirror",
        "--set",
        "board.placed=[{row = 0, column = 1}]",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("needs an empty board"));
}

#[test]
fn check_and_list_describe_the_specs() {
    puzzlespec()
        .args(["check", "specs/queens8.toml", "specs/queens-count.toml"])
        .assert()
        .success()
        .stdout(contains("8 queens on 8x8; list"))
        .stdout(contains("16 queens on 16x16; count"));
}

/// n = 17 (A000170: 95,815,104; A002562: 11,977,939): about 11 s of CPU in the test profile,
/// on both cores.
#[test]
fn seventeen_queens() {
    let (doc, _) = run_json(&[
        "specs/queens-count.toml",
        "--set",
        "board.n=17",
        "--objective",
        "count-unique",
    ]);
    assert_eq!(doc["count_total"], 95_815_104u64);
    assert_eq!(doc["count_unique"], 11_977_939u64);
}
