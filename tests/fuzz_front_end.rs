//! Property tests of the front end (issue 15): whatever the text, reading a spec, loading its
//! family and parsing a formula give a result or a diagnostic, never a panic. The cases are few
//! so that `cargo test` stays fast; `scripts/fuzz-specs.py` runs many thousands against the
//! release binary.

use proptest::prelude::*;
use puzzlespec::expr;
use puzzlespec::families;
use puzzlespec::report;
use puzzlespec::spec::SpecDocument;
use std::path::Path;

/// Shipped specs whose loading is quick, mutated below.
const SEEDS: &[&str] = &[
    "specs/water-jugs.toml",
    "specs/send-more-money.toml",
    "specs/send-more-money-search.toml",
    "specs/komachi.toml",
    "specs/queens8.toml",
    "specs/eight.toml",
    "specs/english33.toml",
    "specs/bulls-and-cows.toml",
    "specs/rush-hour.toml",
    "specs/hanoi-rules.toml",
    "specs/pentominoes-3x20.toml",
    "specs/soma-cube.toml",
    "specs/queens-cover.toml",
];

/// Pieces of spec and formula syntax, so that mutations reach past the TOML reader.
const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "\"",
    "'",
    "=",
    ",",
    "\n",
    "#",
    "0",
    "-1",
    "99999999999999999999",
    "1e999",
    "A",
    "(",
    ")",
    "not ",
    " and ",
    "+",
    "/",
    "%",
    "==",
    "[solve]\n",
    "objective = \"count\"\n",
    "engine = \"auto\"\n",
    "\u{e9}",
    "\u{0}",
    ".",
    "true",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete { at: usize, len: usize },
    Insert { at: usize, token: usize },
    DuplicateLine { line: usize },
    SwapLines { a: usize, b: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(at, len)| Edit::Delete { at, len }),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, token)| Edit::Insert { at, token }),
        any::<usize>().prop_map(|line| Edit::DuplicateLine { line }),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines { a, b }),
    ]
}

/// Applies `edit` to `text` (positions taken modulo the length, on character boundaries).
fn apply(text: &str, edit: &Edit) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut lines: Vec<&str> = text.lines().collect();
    let n = chars.len().max(1);
    match *edit {
        Edit::Delete { at, len } => {
            let at = at % n;
            let end = (at + len).min(chars.len());
            chars[..at].iter().chain(&chars[end..]).collect()
        }
        Edit::Insert { at, token } => {
            let at = at % (chars.len() + 1);
            let head: String = chars[..at].iter().collect();
            let tail: String = chars[at..].iter().collect();
            format!("{head}{}{tail}", TOKENS[token])
        }
        Edit::DuplicateLine { line } if !lines.is_empty() => {
            let i = line % lines.len();
            lines.insert(i, lines[i]);
            lines.join("\n")
        }
        Edit::SwapLines { a, b } if !lines.is_empty() => {
            let len = lines.len();
            lines.swap(a % len, b % len);
            lines.join("\n")
        }
        _ => text.to_string(),
    }
}

/// Reads and loads `text` as the spec `path` with `overrides`; any outcome but a panic is fine,
/// and a diagnostic must render in every form it is shown in.
fn load(path: &str, text: String, overrides: &[String]) {
    let loaded = SpecDocument::from_text(Path::new(path), text, overrides)
        .and_then(|doc| families::load(&doc).map(|puzzle| puzzle.summary()));
    if let Err(d) = loaded {
        let _ = (d.render(false), d.to_string(), report::json::error(&d));
    }
}

#[test]
fn the_seeds_cover_every_family_loader() {
    let mut kinds: Vec<String> = SEEDS
        .iter()
        .map(|path| {
            let text = std::fs::read_to_string(path).expect("a shipped spec");
            let doc = SpecDocument::from_text(Path::new(path), text, &[]).expect("it reads");
            doc.puzzle.kind.get_ref().clone()
        })
        .collect();
    kinds.sort();
    kinds.dedup();
    let mut all: Vec<String> = families::FAMILIES
        .iter()
        .map(|f| f.kind().to_string())
        .collect();
    all.sort();
    assert_eq!(kinds, all, "a seed spec of each kind");
}

/// 48 cases per property, or `PROPTEST_CASES` for a longer run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(48)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn mutated_specs_load_or_give_a_diagnostic(
        seed in 0..SEEDS.len(),
        edits in prop::collection::vec(edit(), 1..6),
    ) {
        let original = std::fs::read_to_string(SEEDS[seed]).expect("a shipped spec");
        let text = edits.iter().fold(original, |t, e| apply(&t, e));
        load(SEEDS[seed], text, &[]);
    }

    #[test]
    fn arbitrary_overrides_apply_or_give_a_diagnostic(
        key in prop::collection::vec(0..TOKENS.len(), 0..4),
        value in prop::collection::vec(0..TOKENS.len(), 0..6),
    ) {
        let text = std::fs::read_to_string(SEEDS[0]).expect("a shipped spec");
        let key: String = key.iter().map(|&i| TOKENS[i]).collect();
        let value: String = value.iter().map(|&i| TOKENS[i]).collect();
        load(SEEDS[0], text, &[format!("jugs.{key}={value}"), format!("{key}={value}")]);
    }

    #[test]
    fn arbitrary_texts_are_refused_without_panic(text in any::<String>()) {
        load("arbitrary.toml", text, &[]);
    }

    #[test]
    fn arbitrary_formulas_parse_or_give_an_error_inside_the_text(
        parts in prop::collection::vec(0..TOKENS.len(), 0..40),
        noise in any::<String>(),
    ) {
        let formula: String = parts.iter().map(|&i| TOKENS[i]).collect::<String>() + &noise;
        for result in [expr::Forms::Plain.parse(&formula).map(|_| ()), expr::parse_equation(&formula).map(|_| ())] {
            if let Err(e) = result {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= formula.len());
                prop_assert!(formula.is_char_boundary(e.span.start));
            }
        }
        if let Ok(mut e) = expr::Forms::Plain.parse(&formula) {
            let _ = e.bind(&|_| Some(0), &[]);
            if e.check_type().is_ok() {
                let _ = expr::eval(&e, &[3]);
            }
        }
    }
}
