//! The water-jug family end to end: answers from docs/known-answers.md (the seed and the classic
//! puzzles), computed by running the binary.

mod common;

use common::{run, run_json};
use serde_json::Value;

/// The contents after each step of the first solution, as (A, B, ...) tuples.
fn contents(json: &Value, names: &[&str]) -> Vec<Vec<i64>> {
    let state = |s: &Value| names.iter().map(|n| s[n].as_i64().unwrap()).collect();
    let mut out = vec![state(&json["start"])];
    for step in json["solutions"][0].as_array().unwrap() {
        out.push(state(&step["state"]));
    }
    out
}

#[test]
fn seed_8_and_5_gives_the_ten_move_answer() {
    let (json, code) = run_json(&["specs/water-jugs.toml"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "solved");
    assert_eq!(json["cost"], 10);
    // docs/known-answers.md (seed 000): (0,0) (0,5) (5,0) (5,5) (8,2) (0,2) (2,0) (2,5) (7,0) (7,5) (8,4).
    let seed = [
        (0, 0),
        (0, 5),
        (5, 0),
        (5, 5),
        (8, 2),
        (0, 2),
        (2, 0),
        (2, 5),
        (7, 0),
        (7, 5),
        (8, 4),
    ];
    let expected: Vec<Vec<i64>> = seed.iter().map(|&(a, b)| vec![a, b]).collect();
    assert_eq!(contents(&json, &["A", "B"]), expected);
    assert!(json["stats"]["states"].as_u64().unwrap() > 0);
    assert!(json["stats"]["elapsed_ms"].is_number());
    assert_eq!(json["engine"], "bfs");
}

#[test]
fn seed_answer_in_words() {
    let text = run(&["run", "specs/water-jugs.toml"]).stdout;
    assert!(text.contains("solved: 10 moves"), "{text}");
    assert!(text.contains(" 1  fill B       A=0 B=5"), "{text}");
    assert!(text.contains(" 2  pour B -> A  A=5 B=0"), "{text}");
    assert!(text.contains(" 5  empty A      A=0 B=2"), "{text}");
    assert!(text.contains("10  pour B -> A  A=8 B=4"), "{text}");
}

#[test]
fn closed_system_8_5_3_shares_in_seven_pours() {
    // The classic puzzle (Tartaglia): 7 pours are the minimum to split 8 L into 4 + 4.
    let (json, code) = run_json(&["specs/share-8-5-3.toml"]);
    assert_eq!(code, 0);
    assert_eq!(json["cost"], 7);
    let caps = [8, 5, 3];
    let states = contents(&json, &["big", "mid", "small"]);
    for pair in states.windows(2) {
        // Pouring only: the total is kept and exactly two jugs change.
        assert_eq!(pair[1].iter().sum::<i64>(), 8);
        let changed = (0..3).filter(|&i| pair[0][i] != pair[1][i]).count();
        assert_eq!(changed, 2);
        assert!(pair[1].iter().zip(caps).all(|(v, c)| (0..=c).contains(v)));
    }
    assert_eq!(states.last().unwrap()[..2], [4, 4]);
}

#[test]
fn set_overrides_make_the_3_and_5_variant() {
    // Die Hard with a Vengeance: 3 and 5 gallons, measure 4: six moves.
    let (json, code) = run_json(&["specs/water-jugs.toml", "--set", "jugs.capacities=[3,5]"]);
    assert_eq!(code, 0);
    assert_eq!(json["cost"], 6);
}

#[test]
fn all_shortest_agrees_with_shortest_and_lists_every_solution() {
    let (json, _) = run_json(&["specs/share-8-5-3.toml", "--objective", "all-shortest"]);
    assert_eq!(json["cost"], 7);
    let count = json["count"].as_u64().unwrap();
    assert_eq!(json["solutions"].as_array().unwrap().len() as u64, count);
    for sol in json["solutions"].as_array().unwrap() {
        assert_eq!(sol.as_array().unwrap().len(), 7);
        let last = &sol.as_array().unwrap()[6]["state"];
        assert_eq!(
            (last["big"].as_i64(), last["mid"].as_i64()),
            (Some(4), Some(4))
        );
    }
}

#[test]
fn unreachable_goal_is_an_answer_with_exit_code_1() {
    // Every amount reachable with 6 L and 4 L jugs is even, so 3 L never appears.
    let (json, code) = run_json(&["tests/unreachable-jugs.toml"]);
    assert_eq!(code, 1);
    assert_eq!(json["status"], "no-solution");
    assert!(json.get("cost").is_none());
    // All reachable states: (a, b) with a, b even, reachable ones only: explored and reported.
    assert!(json["stats"]["states"].as_u64().unwrap() > 1);
}

#[test]
fn longest_reports_layers_that_sum_to_the_states() {
    let (json, code) = run_json(&["specs/water-jugs.toml", "--objective", "longest"]);
    assert_eq!(code, 0);
    assert_eq!(json["status"], "explored");
    let layers: u64 = json["layer_counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_u64().unwrap())
        .sum();
    assert_eq!(layers, json["stats"]["states"].as_u64().unwrap());
    // The farthest distance is the last layer.
    let far = json["farthest_distance"].as_u64().unwrap();
    assert_eq!(
        json["layer_counts"].as_array().unwrap().len() as u64,
        far + 1
    );
}

#[test]
fn four_jugs_written_from_the_docs() {
    // 4 jugs, no tap: 12 L full, 8 L, 5 L and 3 L empty; split into 6 and 6.
    let dir = std::env::temp_dir().join(format!("puzzlespec-jugs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("four.toml");
    std::fs::write(
        &spec,
        "[puzzle]\nname = \"four jugs\"\nkind = \"water-jugs\"\n\n[jugs]\n\
         capacities = [12, 8, 5, 3]\ninitial = [12, 0, 0, 0]\ntap = false\n\
         goal = \"A == 6 and B == 6\"\n",
    )
    .unwrap();
    let (json, code) = run_json(&[spec.to_str().unwrap()]);
    assert_eq!(code, 0);
    let n = json["cost"].as_u64().unwrap();
    // Optimality: the same spec asked for all shortest paths finds none shorter.
    let (all, _) = run_json(&[spec.to_str().unwrap(), "--objective", "count"]);
    assert_eq!(all["cost"].as_u64().unwrap(), n);
    assert!(all["count"].as_u64().unwrap() >= 1);
    assert_eq!(all["status"], "counted");
}

#[test]
fn a_goal_naming_one_state_uses_bidirectional_search() {
    let goal = "jugs.goal=\"A == 4 and B == 0\"";
    let (both, code) = run_json(&["specs/water-jugs.toml", "--set", goal]);
    assert_eq!(code, 0);
    assert_eq!(both["engine"], "bidirectional-bfs");
    let (plain, _) = run_json(&["specs/water-jugs.toml", "--set", goal, "--engine", "bfs"]);
    assert_eq!(plain["engine"], "bfs");
    assert_eq!(both["cost"], plain["cost"]);
    // With a predicate goal, bidirectional search is refused with the reason.
    let out = run(&[
        "run",
        "specs/water-jugs.toml",
        "--engine",
        "bidirectional-bfs",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("needs a goal naming one state"));
}

#[test]
fn count_with_a_listing_limit_of_zero_is_still_solved() {
    // solve.limit = 0 lists no solution but the count and length stand: not "no solution".
    let (json, code) = run_json(&[
        "specs/water-jugs.toml",
        "--objective",
        "all-shortest",
        "--set",
        "solve.limit=0",
    ]);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["status"], "solved");
    assert_eq!(json["count"], 1);
    assert_eq!(json["cost"], 10);
}
