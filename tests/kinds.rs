//! `FAMILIES` is the one list of kinds: everything a kind must have is checked against it here,
//! so a new kind that lacks its starter, doc page, schema, example spec or fuzz seed fails.
//! (The README's "Adding a kind" lists the same steps.)

use puzzlespec::families::FAMILIES;
use puzzlespec::spec::SpecDocument;
use std::collections::BTreeSet;
use std::path::Path;

/// The kind a spec text declares, read as `puzzlespec check` reads it.
fn kind_of(path: &str, text: String) -> String {
    let doc = SpecDocument::from_text(Path::new(path), text, &[])
        .unwrap_or_else(|d| panic!("{path} does not read: {d}"));
    doc.puzzle.kind.get_ref().clone()
}

#[test]
fn kinds_are_distinct() {
    let kinds: BTreeSet<&str> = FAMILIES.iter().map(|f| f.kind()).collect();
    assert_eq!(
        kinds.len(),
        FAMILIES.len(),
        "a kind listed twice in FAMILIES"
    );
}

#[test]
fn every_starter_is_a_spec_of_its_kind_naming_its_doc_page() {
    for family in FAMILIES {
        let kind = family.kind();
        let starter = family.starter();
        assert_eq!(
            kind_of(&format!("starter of {kind}"), starter.to_string()),
            kind
        );
        let first = starter.lines().next().unwrap_or_default();
        assert!(
            first.contains(&format!("({})", family.doc_page())),
            "{kind}: the starter's first line names {}: {first}",
            family.doc_page()
        );
    }
}

#[test]
fn every_doc_page_exists_and_names_its_kind() {
    for family in FAMILIES {
        let page = family.doc_page();
        let text = std::fs::read_to_string(page)
            .unwrap_or_else(|e| panic!("{}: doc page {page}: {e}", family.kind()));
        assert!(
            text.contains(family.kind()),
            "{page} never names `{}`",
            family.kind()
        );
    }
}

#[test]
fn every_example_is_a_shipped_spec_of_its_kind() {
    for family in FAMILIES {
        let path = family.example();
        assert!(
            path.starts_with("specs/"),
            "{path}: examples are shipped specs"
        );
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{}: example {path}: {e}", family.kind()));
        assert_eq!(kind_of(path, text), family.kind(), "{path}");
    }
}

/// Each kind's own `--json` fields (tests/json_shape.rs checks every shipped spec against it).
#[test]
fn every_kind_has_a_json_schema_and_no_schema_lacks_a_kind() {
    let kinds: BTreeSet<String> = FAMILIES.iter().map(|f| f.kind().to_string()).collect();
    let mut schemas = BTreeSet::new();
    for entry in std::fs::read_dir("docs/schema").expect("docs/schema") {
        let name = entry
            .expect("an entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let kind = name
            .strip_suffix(".json")
            .expect("only .json files")
            .to_string();
        let text = std::fs::read_to_string(format!("docs/schema/{name}")).expect("readable");
        serde_json::from_str::<serde_json::Value>(&text)
            .unwrap_or_else(|e| panic!("docs/schema/{name}: {e}"));
        // The common fields, and the fragment the move-puzzle kinds share.
        if kind != "report" && kind != "state-space" {
            schemas.insert(kind);
        }
    }
    assert_eq!(
        schemas, kinds,
        "docs/schema/KIND.json, one per kind of FAMILIES"
    );
}

/// The fuzz seeds are listed in tests/fuzz_front_end.rs, whose own test checks that they cover
/// every kind; here, that every kind's example is among them.
#[test]
fn every_example_is_a_fuzz_seed() {
    let fuzz = std::fs::read_to_string("tests/fuzz_front_end.rs").expect("the fuzz test");
    for family in FAMILIES {
        assert!(
            fuzz.contains(&format!("\"{}\"", family.example())),
            "{}: add {} to SEEDS in tests/fuzz_front_end.rs",
            family.kind(),
            family.example()
        );
    }
}

/// The README's list of steps names every place this file checks.
#[test]
fn the_readme_lists_the_steps_of_a_new_kind() {
    let readme = std::fs::read_to_string("README.md").expect("README.md");
    let section = readme
        .split("### Adding a kind")
        .nth(1)
        .expect("README.md has an `### Adding a kind` section");
    let section = section.split("\n#").next().unwrap_or(section);
    for step in [
        "FAMILIES",
        "starter.toml",
        "doc_page",
        "example",
        "docs/schema/",
        "SEEDS",
    ] {
        assert!(
            section.contains(step),
            "README's Adding a kind does not mention {step}"
        );
    }
}
