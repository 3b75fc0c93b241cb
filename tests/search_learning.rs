//! `[search] learning`: conflict-driven nogood learning reaches published optima (a job shop
//! whose search without learning takes tens of millions of nodes, Golomb rulers), `auto`
//! chooses it for disjunctions and says so, a stopped learning run reports its best and a
//! proved bound, and a choice it cannot honour is refused at its place. (The engine itself is
//! checked against a brute force on random problems in src/engine/propagation/learning.)

mod common;
use common::{expect_error, run_json, search_spec_with_line};
use serde_json::Value;

/// ft06 as published (Fisher and Thompson 1963; OR-Library jobshop1.txt): per job, its
/// operations in order as (machine, time).
const FT06: [[(usize, i64); 6]; 6] = [
    [(2, 1), (0, 3), (1, 6), (3, 7), (5, 3), (4, 6)],
    [(1, 8), (2, 5), (4, 10), (5, 10), (0, 10), (3, 4)],
    [(2, 5), (3, 4), (5, 8), (0, 9), (1, 1), (4, 7)],
    [(1, 5), (0, 5), (2, 5), (3, 3), (4, 8), (5, 9)],
    [(2, 9), (1, 3), (4, 5), (5, 4), (0, 3), (3, 1)],
    [(1, 3), (3, 3), (5, 9), (0, 10), (4, 4), (2, 1)],
];

/// The schedule's makespan, after checking every job's order and every machine's operations
/// against the data above (not against the spec's tables).
fn checked_makespan(starts: &[i64]) -> i64 {
    let op = |j: usize, k: usize| (starts[6 * j + k], FT06[j][k].0, FT06[j][k].1);
    let mut makespan = 0;
    for j in 0..6 {
        for k in 0..6 {
            let (s, machine, t) = op(j, k);
            assert!(s >= 0);
            if k + 1 < 6 {
                assert!(
                    s + t <= op(j, k + 1).0,
                    "job {j} operation {k} overlaps the next"
                );
            }
            makespan = makespan.max(s + t);
            for j2 in 0..6 {
                for k2 in 0..6 {
                    let (s2, m2, t2) = op(j2, k2);
                    if (j2, k2) != (j, k) && m2 == machine {
                        assert!(
                            s + t <= s2 || s2 + t2 <= s,
                            "machine {machine} does two at once"
                        );
                    }
                }
            }
        }
    }
    makespan
}

fn starts_of(doc: &Value) -> Vec<i64> {
    doc["answers"][0]["values"]["start"]
        .as_array()
        .expect("the starts")
        .iter()
        .map(|v| v.as_i64().expect("a number"))
        .collect()
}

#[test]
fn the_job_shop_ft06_is_solved_to_its_published_optimum_by_learning() {
    let (doc, code) = run_json(&["specs/jobshop-ft06.toml"]);
    assert_eq!(code, 0);
    // The published optimum of ft06 is 55.
    assert_eq!(doc["optimum"], 55);
    assert_eq!(checked_makespan(&starts_of(&doc)), 55);
    let notes = doc["notes"].to_string();
    assert!(notes.contains("learning auto: on"), "{notes}");
    assert!(notes.contains("learned"), "{notes}");
    // Without learning the proof takes tens of millions of nodes; with it, a few hundred.
    assert!(
        doc["nodes"].as_u64().expect("nodes") < 100_000,
        "{}",
        doc["nodes"]
    );
}

#[test]
fn learning_forced_on_keeps_the_golomb_optima() {
    // Golomb rulers (docs/language.md): 6 marks 17, 7 marks 25, 8 marks 34.
    for (n, best) in [(6, 17), (7, 25), (8, 34)] {
        let set = format!("params.n={n}");
        let (doc, code) = run_json(&[
            "specs/golomb.toml",
            "--set",
            &set,
            "--set",
            "search.learning=\"on\"",
        ]);
        assert_eq!(code, 0);
        assert_eq!(doc["optimum"], best, "{n} marks");
        let marks: Vec<i64> = doc["answers"][0]["values"]["mark"]
            .as_array()
            .expect("marks")
            .iter()
            .map(|v| v.as_i64().expect("a number"))
            .collect();
        let mut gaps: Vec<i64> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .map(|(i, j)| marks[j] - marks[i])
            .collect();
        gaps.sort_unstable();
        gaps.dedup();
        assert_eq!(gaps.len(), n * (n - 1) / 2, "{marks:?}");
        assert_eq!(marks[n - 1], best);
    }
}

#[test]
fn a_stopped_learning_run_reports_its_best_and_a_proved_bound() {
    let (doc, code) = run_json(&[
        "specs/golomb.toml",
        "--set",
        "params.n=11",
        "--set",
        "params.longest=99",
        "--set",
        "search.learning=\"on\"",
        "--time-limit",
        "0.5",
    ]);
    assert_eq!(code, 6);
    assert_eq!(doc["status"], "stopped");
    // 11 marks need 72 (Golomb rulers, docs/language.md): the bound is below, the best above.
    let bound = doc["proven_bound"].as_i64().expect("a proved bound");
    assert!(bound <= 72, "{bound}");
    if let Some(best) = doc["best_so_far"].as_i64() {
        assert!(best >= 72, "{best}");
    }
}

#[test]
fn learning_it_cannot_honour_is_refused_at_its_place() {
    let p = search_spec_with_line("count", "learning = \"on\"", "count");
    let err = expect_error(&p, "7:12", &["learning works for optimisation"]);
    assert!(err.contains("\"off\""), "{err}");
    let p = search_spec_with_line("word", "learning = \"always\"", "first");
    let err = expect_error(&p, "7:12", &["unknown learning choice `always`"]);
    for allowed in ["\"auto\"", "\"on\"", "\"off\""] {
        assert!(err.contains(allowed), "{err}");
    }
}

#[test]
fn an_objective_that_is_not_linear_keeps_its_optimum_with_learning_asked_for() {
    // Found by tests/differential.rs: a disjunction turned learning on, and learning, which
    // needs a linear objective to bound by, stopped at its first solution (3, not 1).
    let dir = common::scratch_in("search_learning", "not_linear");
    for learning in ["auto", "on"] {
        let path = dir.join(format!("{learning}.toml"));
        let spec = format!(
            "[puzzle]\nname = \"x\"\nkind = \"search\"\n[search]\n\
             variables = [\"a in 0..0\", \"b in -2..2\", \"c in -2..1\", \"d in -1..0\"]\n\
             constraints = [\"c - 2 < -1\", \"3 + d + c == b or d * 2 - a >= a - 1\"]\n\
             minimize = \"b + abs(3 + a)\"\nlearning = \"{learning}\"\n"
        );
        std::fs::write(&path, spec).expect("the spec is written");
        let (doc, code) = run_json(&[path.to_str().expect("a path")]);
        assert_eq!(code, 0);
        // Every assignment tried, in the test's own words.
        let mut best = i64::MAX;
        for b in -2i64..=2 {
            for c in -2i64..=1 {
                for d in -1i64..=0 {
                    let a = 0i64;
                    if c - 2 < -1 && (3 + d + c == b || d * 2 - a >= a - 1) {
                        best = best.min(b + (3 + a).abs());
                    }
                }
            }
        }
        assert_eq!(doc["optimum"], best, "learning {learning}");
        let notes = doc["notes"].to_string();
        assert!(
            notes.contains("learning: off, the objective is not linear"),
            "{notes}"
        );
    }
}
