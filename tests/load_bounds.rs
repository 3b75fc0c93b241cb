//! Bounded work at load (issue 51, item 3): inputs found by `scripts/fuzz-specs.py` that made
//! loading take minutes or gigabytes are refused at once, at their place, with the size in the
//! message. Each runs under a memory cap, so that a build without the bound ends with exit 5
//! (or worse) instead of 2.

mod common;

use common::run;

/// Langford's spec with its parameters made huge: 2,000 variables over 1,000,000 values each.
/// `check` used to build every domain as a list (2e9 values: 120 s and 15 GB).
#[test]
fn search_variables_holding_billions_of_domain_values_are_refused_at_their_declaration() {
    let text = std::fs::read_to_string("specs/langford.toml").expect("a shipped spec");
    let text = with_line(&with_line(&text, "n", "2000"), "places", "1000000");
    let dir = std::env::temp_dir().join(format!("puzzlespec-bounds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("langford-huge.toml");
    std::fs::write(&path, &text).expect("written");
    let path = path.display().to_string();
    let out = run(&["--max-memory", "1G", "check", &path]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let line = text
        .lines()
        .position(|l| l.starts_with("variables"))
        .expect("the declaration")
        + 1;
    assert!(
        out.stderr.contains(&format!("{path}:{line}:")),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("2000000000 domain values"),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `text` with the line `key = ...` given `value`.
fn with_line(text: &str, key: &str, value: &str) -> String {
    text.lines()
        .map(|l| {
            if l.starts_with(&format!("{key} =")) {
                format!("{key} = {value}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
