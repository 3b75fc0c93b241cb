//! Every shipped spec's `--json` document has exactly the shape docs/json.md documents: the
//! common fields of docs/schema/report.json plus the kind's own fields of
//! docs/schema/KIND.json, and no other field.

mod common;

use common::puzzlespec;
use serde_json::{Value, json};
use std::path::Path;

/// Runs beyond the shipped specs as written, so that each kind's other objectives are checked too.
const VARIANTS: &[&[&str]] = &[
    &["specs/water-jugs.toml", "--objective", "longest"],
    &["specs/water-jugs.toml", "--objective", "count"],
    &["specs/water-jugs.toml", "--objective", "all-shortest"],
    &["specs/triangle15.toml", "--objective", "count"],
    &["specs/hoppers.toml", "--objective", "any"],
    &["specs/triangle15.toml", "--objective", "reachable"],
    &["specs/eight.toml", "--objective", "count"],
    &["specs/queens8.toml", "--objective", "count-unique"],
    &["specs/bulls-and-cows.toml", "--objective", "evaluate"],
    &["specs/mastermind.toml", "--objective", "evaluate"],
    &["specs/hakoiri-musume.toml", "--objective", "reachable"],
    &["specs/hakoiri-musume.toml", "--objective", "longest"],
    &["specs/send-more-money.toml", "--objective", "count"],
    &["specs/komachi.toml", "--objective", "count"],
    &["specs/polydivisible.toml", "--objective", "first"],
];

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{} cannot be read: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// The common schema with the kind's own properties added, and nothing else allowed.
fn schema_for(kind: &str) -> Value {
    let mut schema = read_json(Path::new("docs/schema/report.json"));
    let own = read_json(&Path::new("docs/schema").join(format!("{kind}.json")));
    let props = schema["properties"].as_object_mut().expect("properties");
    for (name, shape) in own_properties(kind, &own) {
        assert!(
            props.insert(name.clone(), shape).is_none(),
            "docs/schema/{kind}.json redefines the common field `{name}`"
        );
    }
    schema["additionalProperties"] = json!(false);
    schema
}

/// A kind's own properties: those of the fragments it includes (`"allOf": [{"$ref":
/// "FILE.json"}]`, e.g. the move puzzles' state-space.json), then its own, which may describe a
/// fragment's field more closely.
fn own_properties(kind: &str, own: &Value) -> serde_json::Map<String, Value> {
    let mut props = serde_json::Map::new();
    for part in own["allOf"].as_array().into_iter().flatten() {
        let file = part["$ref"]
            .as_str()
            .unwrap_or_else(|| panic!("docs/schema/{kind}.json: allOf holds only $ref"));
        let fragment = read_json(&Path::new("docs/schema").join(file));
        props.extend(
            fragment["properties"]
                .as_object()
                .cloned()
                .unwrap_or_default(),
        );
    }
    props.extend(own["properties"].as_object().cloned().unwrap_or_default());
    props
}

fn shipped_specs() -> Vec<String> {
    let mut specs: Vec<String> = std::fs::read_dir("specs")
        .expect("specs/ is readable")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|p| p.display().to_string())
        .collect();
    specs.sort();
    specs
}

/// The document of `run --json ARGS`, which must be a report (not an error).
fn report_of(args: &[&str], cache: &Path) -> Value {
    let out = puzzlespec()
        .args(["run", "--json", "--quiet"])
        .args(args)
        .env("PUZZLESPEC_CACHE_DIR", cache)
        .output()
        .expect("the binary runs");
    let doc: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: stdout is not JSON ({e})"));
    assert_ne!(doc["status"], "error", "{args:?}: {doc}");
    doc
}

fn check_shape(args: &[&str], cache: &Path) -> Result<(), String> {
    match report_of(args, cache) {
        // A catalog of cases (`solve.cases`): each case's result is a report.
        Value::Array(cases) => cases
            .iter()
            .try_for_each(|case| check_report(args, &case["result"])),
        doc => check_report(args, &doc),
    }
}

fn check_report(args: &[&str], doc: &Value) -> Result<(), String> {
    let kind = doc["kind"].as_str().ok_or(format!("{args:?}: no kind"))?;
    let schema = schema_for(kind);
    let validator = jsonschema::validator_for(&schema).map_err(|e| format!("{kind}: {e}"))?;
    let errors: Vec<String> = validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!("{args:?} ({kind}):\n  {}", errors.join("\n  ")))
    }
}

#[test]
fn every_report_has_the_documented_shape() {
    let cache = std::env::temp_dir().join(format!("puzzlespec-json-shape-{}", std::process::id()));
    let specs = shipped_specs();
    let mut runs: Vec<Vec<&str>> = specs.iter().map(|s| vec![s.as_str()]).collect();
    runs.extend(VARIANTS.iter().map(|v| v.to_vec()));
    let failures: Vec<String> = runs
        .iter()
        .filter_map(|args| check_shape(args, &cache).err())
        .collect();
    let _ = std::fs::remove_dir_all(&cache);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_kind_field_is_documented_in_json_md() {
    let doc = std::fs::read_to_string("docs/json.md").expect("docs/json.md");
    for entry in std::fs::read_dir("docs/schema").expect("docs/schema") {
        let path = entry.expect("an entry").path();
        let schema = read_json(&path);
        for field in schema["properties"].as_object().into_iter().flatten() {
            let name = field.0;
            assert!(
                doc.contains(&format!("`{name}`")),
                "`{name}` of {} is not documented in docs/json.md",
                path.display()
            );
        }
    }
}
