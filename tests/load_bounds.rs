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

/// One hostile `--set` per kind: a shipped spec made to ask for huge work at load.
struct Hostile {
    kind: &'static str,
    spec: &'static str,
    set: String,
    /// How the line the error must point at starts (the key the `--set` changed).
    line_starts: &'static str,
    /// The size the message must say.
    says: &'static str,
}

/// A drawing of `side` x `side` cells, all to fill, as a TOML string.
fn square_drawing(side: usize) -> String {
    let row = ".".repeat(side);
    format!("\"{}\"", vec![row; side].join("\\n"))
}

fn hostile_inputs() -> Vec<Hostile> {
    let ones = vec!["1"; 200].join(",");
    let h = |kind, spec, set: String, line_starts, says| Hostile {
        kind,
        spec,
        set,
        line_starts,
        says,
    };
    vec![
        h(
            "water-jugs",
            "specs/water-jugs.toml",
            "jugs.capacities=[1000000000000,999999999999]".into(),
            "capacities",
            "more than 64 bits",
        ),
        h(
            "peg-solitaire",
            "specs/hoppers-drawn.toml",
            format!("board.drawing={}", square_drawing(300)),
            "[board]",
            "90000 holes",
        ),
        h(
            "sliding-tiles",
            "specs/fifteen.toml",
            "board.rows=1000".into(),
            "rows",
            "a side of 1000 cells",
        ),
        h(
            "sliding-blocks",
            "specs/hakoiri-musume.toml",
            format!("board.drawing={}", square_drawing(300)),
            "drawing",
            "90000 cells",
        ),
        h(
            "n-queens",
            "specs/queens-count.toml",
            "board.n=1000000000".into(),
            "n =",
            "a board of 1000000000",
        ),
        h(
            "komachi",
            "specs/komachi.toml",
            format!("komachi.digits=[{ones}]"),
            "digits",
            "200 digits",
        ),
        h(
            "alphametic",
            "specs/send-more-money.toml",
            "alphametic.base=100000".into(),
            "base",
            "base 100000",
        ),
        h(
            "codebreaker",
            "specs/mastermind.toml",
            "code.length=30".into(),
            "length",
            "code length 30",
        ),
        h(
            "rules",
            "specs/hanoi-rules.toml",
            "params.n=100000".into(),
            "peg =",
            "an array of 100000 elements",
        ),
        h(
            "search",
            "specs/golomb.toml",
            "params.n=100000".into(),
            "variables",
            "9999800001 values",
        ),
        h(
            "packing",
            "specs/pentominoes-6x10.toml",
            format!("board.drawing={}", square_drawing(300)),
            "drawing",
            "90000 cells",
        ),
        h(
            "exact-cover",
            "specs/queens-cover.toml",
            "params.n=3000".into(),
            "name = \"r{r}c{c}\"",
            "more than 2000000 options",
        ),
    ]
}

/// Every kind refuses a spec that would make loading unroll, generate or allocate without
/// bound: exit 2 within seconds under a 1 GB cap, at the line of the value that asked for it,
/// with the size in the message. A kind missing from the table fails the test.
#[test]
fn every_kind_bounds_what_loading_generates() {
    let cases = hostile_inputs();
    for family in puzzlespec::families::FAMILIES {
        let name = family.kind();
        assert!(
            cases.iter().any(|c| c.kind == name),
            "no hostile input for kind {name}"
        );
    }
    for c in &cases {
        let text = std::fs::read_to_string(c.spec).expect("a shipped spec");
        let line = text
            .lines()
            .position(|l| l.trim_start().starts_with(c.line_starts))
            .expect("the key's line")
            + 1;
        let started = std::time::Instant::now();
        let out = run(&["--max-memory", "1G", "check", c.spec, "--set", &c.set]);
        let took = started.elapsed();
        assert_eq!(out.code, 2, "{}: {}", c.kind, out.stderr);
        assert!(
            took < std::time::Duration::from_secs(20),
            "{}: refused after {took:?}",
            c.kind
        );
        let at = format!("{} (with --set):{line}:", c.spec);
        assert!(
            out.stderr.contains(&at),
            "{}: not at {at}: {}",
            c.kind,
            out.stderr
        );
        assert!(out.stderr.contains(c.says), "{}: {}", c.kind, out.stderr);
    }
}
