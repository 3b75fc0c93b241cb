//! `[search] order` and `values`: every combination gives the same answer on shipped specs (the
//! answers are published facts, cited in each spec's header and in docs/language.md), `auto`
//! says what it chose, and a bad choice is refused at its place.

mod common;
use common::{expect_error, run_json, search_spec_with_line};
use serde_json::Value;

const ORDERS: [&str; 4] = ["auto", "smallest-domain", "declared", "activity"];
const VALUES: [&str; 4] = ["auto", "min", "max", "split"];

/// Runs `spec` with every order and value choice; `check` sees each run's document.
fn every_strategy(spec: &str, extra: &[&str], check: impl Fn(&Value, &str)) {
    for order in ORDERS {
        for values in VALUES {
            let o = format!("search.order=\"{order}\"");
            let v = format!("search.values=\"{values}\"");
            let mut args = vec![spec, "--set", &o, "--set", &v];
            args.extend_from_slice(extra);
            let (doc, code) = run_json(&args);
            let what = format!("{spec} order {order} values {values}");
            assert_eq!(code, 0, "{what}");
            check(&doc, &what);
        }
    }
}

#[test]
fn langford_counts_agree_under_every_strategy() {
    // OEIS A014552: 26 for n = 7 up to reversal, 52 counting both (specs/langford.toml).
    every_strategy("specs/langford.toml", &[], |v, what| {
        assert_eq!(v["count"], 52, "{what}");
    });
}

#[test]
fn magic_square_counts_agree_under_every_strategy() {
    // Frenicle (1693): 880 squares up to rotation and reflection, 8 each.
    every_strategy("specs/magic-square-4.toml", &[], |v, what| {
        assert_eq!(v["count"], 880 * 8, "{what}");
    });
}

#[test]
fn golomb_optimum_agrees_under_every_strategy() {
    // Optimal Golomb ruler of 7 marks: length 25 (docs/language.md, specs/golomb.toml).
    every_strategy("specs/golomb.toml", &[], |v, what| {
        assert_eq!(v["optimum"], 25, "{what}");
        let marks: Vec<i64> = v["answers"][0]["values"]["mark"]
            .as_array()
            .expect("the marks")
            .iter()
            .map(|m| m.as_i64().unwrap())
            .collect();
        // The answer is a Golomb ruler of that length: checked here, not by the engine.
        let mut gaps: Vec<i64> = (0..7)
            .flat_map(|i| (i + 1..7).map(move |j| (i, j)))
            .map(|(i, j)| marks[j] - marks[i])
            .collect();
        assert_eq!(marks[6], 25, "{what}");
        gaps.sort();
        gaps.dedup();
        assert_eq!(gaps.len(), 21, "{what}: {marks:?}");
    });
}

#[test]
fn zebra_answer_agrees_under_every_strategy() {
    // Life International (1962): the Japanese (4) owns the zebra, the Norwegian (3) drinks
    // water, and the solution is unique.
    every_strategy("specs/zebra.toml", &[], |v, what| {
        assert_eq!(v["count"], 1, "{what}");
        assert_eq!(v["answers"][0]["values"]["zebra_owner"], 4, "{what}");
        assert_eq!(v["answers"][0]["values"]["water_drinker"], 3, "{what}");
    });
}

/// The report's search note for `spec`.
fn search_note(spec: &str) -> String {
    let (v, _) = run_json(&[spec]);
    v["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter_map(Value::as_str)
        .find(|n| n.starts_with("search: "))
        .expect("a search note")
        .to_string()
}

#[test]
fn auto_says_what_it_chose_and_why() {
    let count = search_note("specs/magic-square-4.toml");
    assert!(
        count.contains("dom/wdeg") && count.contains("halved"),
        "{count}"
    );
    assert!(count.contains("order auto: a count"), "{count}");
    assert!(count.contains("learning auto: off, a count"), "{count}");
    let optimum = search_note("specs/golomb.toml");
    assert!(optimum.contains("fewest values left"), "{optimum}");
    assert!(
        optimum.contains("values auto: an optimisation"),
        "{optimum}"
    );
    assert!(
        optimum.contains("learning auto: off, no disjunctions"),
        "{optimum}"
    );
    let listing = search_note("specs/zebra.toml");
    assert!(listing.contains("fewest values left"), "{listing}");
    assert!(listing.contains("in the order it is written"), "{listing}");
}

#[test]
fn bad_choices_are_refused_at_their_place_with_the_allowed_list() {
    let p = search_spec_with_line("order", "order = \"fastest\"", "count");
    let err = expect_error(&p, "7:9", &["unknown order `fastest`"]);
    for allowed in [
        "\"auto\"",
        "\"smallest-domain\"",
        "\"declared\"",
        "\"activity\"",
    ] {
        assert!(err.contains(allowed), "{err}");
    }
    let p = search_spec_with_line("values", "values = \"middle\"", "count");
    let err = expect_error(&p, "7:10", &["unknown value choice `middle`"]);
    for allowed in ["\"auto\"", "\"min\"", "\"max\"", "\"split\""] {
        assert!(err.contains(allowed), "{err}");
    }
}

#[test]
fn the_magic_hexagon_is_found_with_its_symmetries() {
    // Unique up to the hexagon's 12 rotations and reflections (Trigg 1964, cited in
    // specs/magic-hexagon.toml): 12 in all.
    let (v, code) = run_json(&["specs/magic-hexagon.toml"]);
    assert_eq!(code, 0);
    assert_eq!(v["count"], 12);
    // Listed, each answer is checked here: 1..19 once each, every line summing to 38.
    let (v, code) = run_json(&[
        "specs/magic-hexagon.toml",
        "--set",
        "solve.objective=\"all\"",
    ]);
    assert_eq!(code, 0);
    let lines: [&[usize]; 15] = [
        &[0, 1, 2],
        &[3, 4, 5, 6],
        &[7, 8, 9, 10, 11],
        &[12, 13, 14, 15],
        &[16, 17, 18],
        &[7, 12, 16],
        &[3, 8, 13, 17],
        &[0, 4, 9, 14, 18],
        &[1, 5, 10, 15],
        &[2, 6, 11],
        &[11, 15, 18],
        &[6, 10, 14, 17],
        &[2, 5, 9, 13, 16],
        &[1, 4, 8, 12],
        &[0, 3, 7],
    ];
    let mut seen = std::collections::BTreeSet::new();
    for a in v["answers"].as_array().expect("answers") {
        let cells: Vec<i64> = a["values"]["cell"]
            .as_array()
            .expect("the cells")
            .iter()
            .map(|c| c.as_i64().unwrap())
            .collect();
        let mut sorted = cells.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=19).collect::<Vec<i64>>());
        for line in lines {
            assert_eq!(line.iter().map(|&i| cells[i]).sum::<i64>(), 38, "{cells:?}");
        }
        seen.insert(cells);
    }
    assert_eq!(seen.len(), 12);
}
