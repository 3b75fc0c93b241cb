//! The peg solitaire family end to end: every shipped spec, known answers from the seeds and the
//! literature (docs/known-answers.md), engines cross-checked, drawings against tables, bad specs.
//! The English 33 searches run too: about 5 s of CPU each in the test profile (opt-level 2).

mod common;

use common::{Outcome, expect_error, expect_json_error, run, run_json};
use serde_json::Value;
use std::path::PathBuf;

fn temp_spec(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlespec-pegs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp spec written");
    path
}

#[test]
fn hoppers_takes_seven_moves() {
    let (v, code) = run_json(&["specs/hoppers.toml"]);
    assert_eq!(code, 0);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["cost"], 7);
    let line = v["notation"][0].as_str().unwrap();
    assert!(line.starts_with("(0, 6)"), "{line}");
    assert_eq!(v["solutions"][0].as_array().unwrap().len(), 7);
}

/// The seed lists 18 sequences, in this order (its iterative deepening over holes and table).
const SEED_FIRST: &str = "(0, 6)(9, 3)(2, 0, 6)(11, 1)(10, 0, 2, 6)(8, 4)(12, 2, 6)";
const SEED_LAST: &str = "(0, 6)(9, 3)(10, 6)(4, 8)(12, 10, 6)(1, 11)(2, 12, 10, 0, 6)";

#[test]
fn hoppers_has_the_seeds_eighteen_minimal_sequences() {
    for engine in ["layers", "iddfs"] {
        let (v, code) = run_json(&[
            "specs/hoppers.toml",
            "--objective",
            "all-shortest",
            "--engine",
            engine,
        ]);
        assert_eq!(code, 0, "{engine}");
        assert_eq!(v["count"], 18, "{engine}");
        let lines: Vec<&str> = v["notation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap())
            .collect();
        assert_eq!(lines.len(), 18);
        assert_eq!(lines[0], SEED_FIRST);
        assert_eq!(lines[17], SEED_LAST);
    }
}

#[test]
fn hoppers_drawn_equals_hoppers_tabled() {
    let a = run_json(&["specs/hoppers.toml", "--objective", "all-shortest"]).0;
    let b = run_json(&["specs/hoppers-drawn.toml", "--objective", "all-shortest"]).0;
    // The same 18 sequences; the order may differ (the drawing orders jumps by direction).
    let sorted = |v: &Value| {
        let mut l: Vec<String> = v["notation"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        l.sort();
        l
    };
    assert_eq!(sorted(&a), sorted(&b));
    assert_eq!(a["count"], b["count"]);
    // Without the fixed first jump: the four symmetric first jumps give four times as many.
    let free = ["--set", "rules.first_jump=[]"];
    let count = |spec: &str| {
        let mut args = vec![spec, "--objective", "count"];
        args.extend(free);
        run_json(&args).0["count"].clone()
    };
    assert_eq!(
        count("specs/hoppers.toml"),
        count("specs/hoppers-drawn.toml")
    );
}

#[test]
fn hoppers_without_a_fixed_first_jump() {
    let args = ["specs/hoppers-drawn.toml", "--set", "rules.first_jump=[]"];
    let layers = run_json(&[&args[..], &["--engine", "layers"]].concat()).0;
    let iddfs = run_json(&[&args[..], &["--engine", "iddfs"]].concat()).0;
    assert_eq!(layers["cost"], 7);
    assert_eq!(layers["count"], iddfs["count"]);
    assert_eq!(layers["count"], 4 * 18);
}

const TRIANGLE_FULL: &str = "board.drawing=\"    o\\n   o o\\n  o o o\\n o o o o\\no o o o o\\n\"";

/// Seed 002's six cases: (empty hole, first jump, minimal jump sequences). Its move column is
/// one less than ours because it does not count the first move.
const TRIANGLE_CASES: [(u32, &str, u64, Option<u64>); 6] = [
    (0, "[3, 0]", 950, Some(10)),
    (1, "[6, 1]", 950, Some(10)),
    (1, "[8, 1]", 0, None),
    (3, "[0, 3]", 280, Some(9)),
    (3, "[5, 3]", 1151, Some(10)),
    (4, "[11, 4]", 154, Some(11)),
];

#[test]
fn triangle_cases_of_the_seed() {
    for (empty, first, count, moves) in TRIANGLE_CASES {
        let e = format!("start.empty=[{empty}]");
        let f = format!("rules.first_jump={first}");
        let (v, code) = run_json(&[
            "specs/triangle15.toml",
            "--set",
            TRIANGLE_FULL,
            "--set",
            &e,
            "--set",
            &f,
        ]);
        match moves {
            Some(m) => {
                assert_eq!(code, 0);
                assert_eq!(v["cost"], m, "case {empty} {first}");
                assert_eq!(v["count"], count, "case {empty} {first}");
            }
            None => {
                assert_eq!(code, 1, "case {empty} {first}");
                assert_eq!(v["status"], "no-solution");
            }
        }
    }
}

#[test]
fn triangle_spec_is_case_four() {
    let Outcome {
        code, stdout: out, ..
    } = run(&["run", "specs/triangle15.toml"]);
    assert_eq!(code, 0);
    assert!(out.contains("solved: 9 moves"), "{out}");
    assert!(out.contains("count: 280"), "{out}");
}

#[test]
fn triangle_iddfs_agrees_with_layers() {
    let a = run_json(&[
        "specs/triangle15.toml",
        "--engine",
        "iddfs",
        "--set",
        "solve.limit=1000",
    ])
    .0;
    let b = run_json(&["specs/triangle15.toml", "--set", "solve.limit=1000"]).0;
    assert_eq!(a["count"], 280);
    assert_eq!(a["notation"], b["notation"]);
}

/// The seed's jump table for the triangle, typed as triples and as per-hole pairs.
const TRIANGLE_TABLE: &str = r#"
[puzzle]
name = "Triangle 15 (table)"
kind = "peg-solitaire"

[board]
jumps = [
  [[1, 3], [2, 5]], [[3, 6], [4, 8]], [[4, 7], [5, 9]],
  [[1, 0], [4, 5], [6, 10], [7, 12]], [[7, 11], [8, 13]],
  [[2, 0], [4, 3], [8, 12], [9, 14]], [[3, 1], [7, 8]], [[4, 2], [8, 9]],
  [[4, 1], [7, 6]], [[5, 2], [8, 7]], [[6, 3], [11, 12]], [[7, 4], [12, 13]],
  [[7, 3], [8, 5], [11, 10], [13, 14]], [[8, 4], [12, 11]], [[9, 5], [13, 12]],
]

[start]
empty = [3]

[goal]
pegs = 1

[rules]
first_jump = [0, 3]

[solve]
objective = "all-shortest"
limit = 0
"#;

#[test]
fn triangle_table_equals_triangle_drawing() {
    let table = temp_spec("triangle-table.toml", TRIANGLE_TABLE);
    let t = table.to_str().unwrap();
    for (empty, first, _, _) in TRIANGLE_CASES {
        let e = format!("start.empty=[{empty}]");
        let f = format!("rules.first_jump={first}");
        let a = run_json(&[t, "--set", &e, "--set", &f]).0;
        let b = run_json(&[
            "specs/triangle15.toml",
            "--set",
            TRIANGLE_FULL,
            "--set",
            &e,
            "--set",
            &f,
            "--set",
            "solve.limit=0",
        ])
        .0;
        assert_eq!(a["cost"], b["cost"]);
        assert_eq!(a["count"], b["count"]);
        let ca = run_json(&[t, "--set", &e, "--set", &f, "--objective", "count"]).0;
        let cb = run_json(&[
            "specs/triangle15.toml",
            "--set",
            TRIANGLE_FULL,
            "--set",
            &e,
            "--set",
            &f,
            "--objective",
            "count",
        ])
        .0;
        assert_eq!(ca["count"], cb["count"]);
    }
}

#[test]
fn a_solution_can_be_drawn_board_by_board() {
    let Outcome {
        code, stdout: out, ..
    } = run(&[
        "run",
        "specs/hoppers-drawn.toml",
        "--objective",
        "shortest",
        "--set",
        "display.boards=true",
    ]);
    assert_eq!(code, 0);
    // The spec key draws the boards as --boards does: the start and the board after each of the
    // 7 moves, captioned with the step's number and move.
    assert!(out.contains("0  start"), "{out}");
    assert!(out.contains("7  (12, 2, 6)"), "{out}");
    let flag = run(&[
        "run",
        "specs/hoppers-drawn.toml",
        "--objective",
        "shortest",
        "--boards",
    ]);
    let boards = |text: &str| {
        text.lines()
            .take_while(|l| !l.starts_with("states:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(boards(&out), boards(&flag.stdout));
}

#[test]
fn position_classes_rule_out_a_goal_before_searching() {
    let (v, code) = run_json(&["specs/english33.toml", "--set", "goal.at=[\"c3\"]"]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "no-solution");
    let note = v["notes"][0].as_str().unwrap();
    assert!(note.contains("position-class"), "{note}");
    assert_eq!(v["stats"]["states"], 0);
}

#[test]
fn french_and_diamond_specs_are_valid() {
    let Outcome {
        code,
        stdout: out,
        stderr: err,
    } = run(&["check", "specs/french37.toml", "specs/diamond41.toml"]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn french_and_diamond_single_vacancy_problems_are_solved() {
    for (spec, finish) in [
        ("specs/french37.toml", "d6"),
        ("specs/diamond41.toml", "f2"),
    ] {
        let (v, code) = run_json(&[spec]);
        assert_eq!(code, 0, "{spec}");
        assert_eq!(v["status"], "solved");
        // 36 or 40 pegs down to one: one jump each.
        let holes = if spec.contains("37") { 37 } else { 41 };
        assert_eq!(v["jumps"], holes - 2);
        let steps = v["solutions"][0].as_array().unwrap();
        assert_eq!(
            steps.last().unwrap()["state"]["pegs"],
            serde_json::json!([finish])
        );
    }
    // Their central games are impossible, by position classes, before any search.
    let (v, code) = run_json(&[
        "specs/french37.toml",
        "--set",
        "board.drawing=\"  ooo\\n ooooo\\nooooooo\\nooo.ooo\\nooooooo\\n ooooo\\n  ooo\\n\"",
        "--set",
        "goal.at=[\"d4\"]",
    ]);
    assert_eq!(code, 1);
    assert!(v["notes"][0].as_str().unwrap().contains("position-class"));
}

#[test]
fn metric_jumps_counts_every_sequence() {
    // With the jump metric every solution is minimal: all-shortest counts them all.
    let all = run_json(&[
        "specs/triangle15.toml",
        "--set",
        "rules.metric=\"jumps\"",
        "--set",
        "solve.limit=5",
    ])
    .0;
    let count = run_json(&["specs/triangle15.toml", "--objective", "count"]).0;
    assert_eq!(all["cost"], 13);
    assert_eq!(all["count"], count["count"]);
    assert_eq!(all["notation"].as_array().unwrap().len(), 5);
}

fn bad(file: &str, message: &str, line_col: &str) {
    let path = format!("tests/bad/{file}");
    expect_error(&path, line_col, &[message]);
    let v = expect_json_error(&path, line_col, &[message]);
    assert!(v["error"]["help"].is_string());
}

#[test]
fn bad_specs_are_rejected_with_their_place() {
    bad(
        "peg-solitaire-missing-hole.toml",
        "there is no hole `7`",
        "9:8",
    );
    bad(
        "peg-solitaire-not-in-line.toml",
        "is not in line on the drawing",
        "10:23",
    );
    bad(
        "peg-solitaire-start-missing-hole.toml",
        "there is no hole `h4`",
        "19:10",
    );
    bad(
        "peg-solitaire-goal-missing-hole.toml",
        "there is no hole `9`",
        "11:7",
    );
    bad(
        "peg-solitaire-peg-count.toml",
        "cannot finish with 4 pegs",
        "10:8",
    );
    bad(
        "peg-solitaire-first-jump.toml",
        "is not possible at the start",
        "13:14",
    );
    bad(
        "peg-solitaire-directions.toml",
        "unknown jump directions",
        "7:14",
    );
}

#[test]
fn english_central_game_takes_eighteen_moves() {
    let (v, code) = run_json(&["specs/english33.toml"]);
    assert_eq!(code, 0);
    assert_eq!(v["cost"], 18);
    // The minimum is proved over every position on a solution, not just found.
    let proof = v["notes"][0].as_str().unwrap();
    assert!(
        proof.contains("no solution has fewer than 18 moves"),
        "{proof}"
    );
    assert_eq!(v["jumps"], 31);
    assert_eq!(v["useful_positions"], 1_679_072);
}

#[test]
fn english_central_game_count() {
    let (v, code) = run_json(&["specs/english33.toml", "--objective", "count"]);
    assert_eq!(code, 0);
    assert_eq!(v["count"], 40_861_647_040_079_968u64);
}

/// Every field a peg report adds to the common ones is in docs/schema/peg-solitaire.json with
/// the type given there, and every field documented there is emitted by some run.
#[test]
fn json_fields_are_the_documented_ones() {
    let text = std::fs::read_to_string("docs/schema/peg-solitaire.json").expect("schema file");
    let schema: Value = serde_json::from_str(&text).expect("the schema is JSON");
    let documented = schema["properties"].as_object().expect("properties");
    const COMMON: &[&str] = &[
        "puzzle",
        "kind",
        "objective",
        "status",
        "engine",
        "engine_reason",
        "cost",
        "start",
        "solutions",
        "count",
        "stats",
        "notes",
    ];
    let runs: [&[&str]; 7] = [
        &["specs/hoppers.toml"],
        &["specs/hoppers.toml", "--objective", "reachable"],
        &["specs/hoppers.toml", "--objective", "count"],
        &["specs/hoppers.toml", "--objective", "any"],
        &["specs/triangle15.toml", "--engine", "iddfs"],
        &["specs/triangle15.toml", "--set", "rules.metric=\"jumps\""],
        &["specs/english33.toml", "--set", "goal.at=[\"c3\"]"],
    ];
    let mut emitted = std::collections::HashSet::new();
    for args in runs {
        let (v, _) = run_json(args);
        for (key, value) in v.as_object().expect("a JSON object") {
            if COMMON.contains(&key.as_str()) {
                continue;
            }
            let field = documented
                .get(key)
                .unwrap_or_else(|| panic!("`{key}` ({args:?}) is not in the schema"));
            let fits = match field["type"].as_str() {
                Some("integer") => value.is_u64(),
                // Lists of strings, or of objects where the schema says so (`reachable`).
                Some("array") => value.as_array().is_some_and(|items| {
                    items
                        .iter()
                        .all(|item| match field["items"]["type"].as_str() {
                            Some("object") => item.is_object(),
                            _ => item.is_string(),
                        })
                }),
                other => panic!("`{key}`: type {other:?} is not checked here"),
            };
            assert!(fits, "`{key}` = {value} ({args:?}) does not fit {field}");
            emitted.insert(key.clone());
        }
    }
    for key in documented.keys() {
        assert!(
            emitted.contains(key),
            "`{key}` is documented but no run emits it"
        );
    }
}

#[test]
fn a_value_of_none_of_the_accepted_forms_says_which_forms_are_accepted() {
    let out = run(&[
        "run",
        "specs/hoppers-drawn.toml",
        "--set",
        "board.directions=5",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("--set:1:18: expected directions: \"orthogonal\""),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("untagged"), "{}", out.stderr);
}
