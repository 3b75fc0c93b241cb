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
