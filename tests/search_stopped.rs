//! A search cut short by the time limit: it reports the best solution found so far and the
//! bound it proved, and never claims an exhaustive search, a "no solution" or an optimum.

mod common;

use common::{json_and_code, run};
use serde_json::Value;

/// The published optimum for 11 marks: 72 (OEIS A003022, cited in docs/language.md).
const GOLOMB_11: i64 = 72;

fn notes(doc: &Value) -> Vec<String> {
    doc["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

/// Whether `marks` is a Golomb ruler: 0 first, increasing, every two marks a different
/// distance apart (checked here by listing the distances).
fn is_golomb_ruler(marks: &[i64]) -> bool {
    let mut seen = std::collections::HashSet::new();
    let increasing = marks.windows(2).all(|w| w[0] < w[1]);
    let distinct = (0..marks.len())
        .flat_map(|i| (i + 1..marks.len()).map(move |j| (i, j)))
        .all(|(i, j)| seen.insert(marks[j] - marks[i]));
    marks.first() == Some(&0) && increasing && distinct
}

#[test]
fn a_stopped_golomb_run_reports_a_valid_ruler_and_a_sound_bound() {
    let args = [
        "run",
        "specs/golomb.toml",
        "--set",
        "params.n=11",
        "--time-limit",
        "1",
    ];
    let (doc, code) = json_and_code(&run(&[&args[..], &["--json"]].concat()));
    assert_eq!(code, 6, "the time limit's exit code: {doc}");
    assert_eq!(doc["status"], "stopped", "{doc}");
    assert!(doc.get("optimum").is_none(), "no optimum is claimed: {doc}");
    let best = doc["best_so_far"]
        .as_i64()
        .expect("a ruler within a second");
    let marks: Vec<i64> = doc["answers"][0]["values"]["mark"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_i64().unwrap())
        .collect();
    assert_eq!(marks.len(), 11, "{doc}");
    assert!(is_golomb_ruler(&marks), "{marks:?}");
    assert_eq!(
        marks.last(),
        Some(&best),
        "the best is the listed ruler's length"
    );
    assert!(best >= GOLOMB_11, "{best} beats the published optimum");
    let bound = doc["proven_bound"].as_i64().expect("a proved bound");
    assert!(bound <= GOLOMB_11, "the bound {bound} is above the optimum");
    // Ten marks need at least ten different distances from mark 0: the bound is not empty.
    assert!(bound >= 10, "{bound}");
    for note in notes(&doc) {
        assert!(!note.contains("exhaustive"), "{note}");
        assert!(!note.contains("optimum proved"), "{note}");
    }
    assert!(
        notes(&doc).iter().any(
            |n| n.contains(&format!("best {best}")) && n.contains(&format!("at least {bound}"))
        ),
        "{:?}",
        notes(&doc)
    );
}

#[test]
fn a_stopped_run_without_a_solution_never_says_exhaustive() {
    // 11 marks in at most 64: no ruler exists (72 is the optimum), and the proof takes far
    // longer than the 0.2 s allowed.
    let args = [
        "run",
        "specs/golomb.toml",
        "--set",
        "params.n=11",
        "--set",
        "params.longest=64",
        "--time-limit",
        "0.2",
    ];
    let (doc, code) = json_and_code(&run(&[&args[..], &["--json"]].concat()));
    assert_eq!(code, 6, "{doc}");
    assert_eq!(doc["status"], "stopped", "{doc}");
    assert!(doc.get("best_so_far").is_none(), "{doc}");
    for note in notes(&doc) {
        assert!(!note.contains("exhaustive"), "{note}");
        assert!(!note.contains("no assignment satisfies"), "{note}");
    }
    let text = run(&args);
    let out = &text.stdout;
    assert!(!out.contains("exhaustive"), "{out}");
    assert!(out.contains("no solution found yet"), "{out}");
}
