//! `check` and `list` (summary line, `--set`, `--json`, folders), `new KIND` and `run --sweep`.

mod common;

use common::{outcome, puzzlespec, run, run_json};
use serde_json::Value;

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("puzzlespec-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn check_ends_with_a_summary_line() {
    let out = run(&[
        "check",
        "specs/water-jugs.toml",
        "tests/bad/codebreaker-no-secret.toml",
        "specs/queens8.toml",
    ]);
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout.lines().last(), Some("2 valid, 1 with errors"));
    let out = run(&["check", "specs/water-jugs.toml"]);
    assert_eq!((out.code, out.stdout.lines().last()), (0, Some("1 valid")));
}

#[test]
fn check_applies_set_and_unset() {
    let out = run(&[
        "check",
        "specs/water-jugs.toml",
        "--set",
        "jugs.capacities=[3,5]",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.contains("A=3 B=5"), "{}", out.stdout);
    // A transcript without a secret is refused: --unset reaches check.
    let out = run(&[
        "check",
        "specs/bulls-and-cows.toml",
        "--unset",
        "code.secret",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("needs a secret"), "{}", out.stderr);
}

#[test]
fn check_json_has_one_entry_per_spec() {
    let specs = [
        "specs/water-jugs.toml",
        "tests/bad/codebreaker-no-secret.toml",
    ];
    let out = run(&["check", "--json", specs[0], specs[1]]);
    assert_eq!(out.code, 2);
    let doc = out.json();
    assert_eq!(
        (doc["valid"].as_u64(), doc["invalid"].as_u64()),
        (Some(1), Some(1))
    );
    let entries = doc["specs"].as_array().expect("specs");
    assert_eq!(entries[0]["file"], specs[0]);
    assert_eq!(entries[0]["kind"], "water-jugs");
    assert_eq!(entries[0]["valid"], true);
    assert_eq!(entries[1]["valid"], false);
    assert_eq!(entries[1]["error"]["file"], specs[1]);
    assert!(entries[1]["error"]["line"].is_number());
}

/// `[puzzle]` name and kind of a spec file, read by the test itself.
fn header(path: &str) -> (String, String) {
    let text = std::fs::read_to_string(path).expect("the spec");
    let table: toml::Table = toml::from_str(&text).expect("TOML");
    let puzzle = &table["puzzle"];
    let get = |k: &str| puzzle[k].as_str().expect("a string").to_string();
    // `{params.KEY}` in a name shows the value of that key (the placeholders the specs use).
    let mut name = get("name");
    for (key, value) in table
        .get("params")
        .and_then(|p| p.as_table())
        .into_iter()
        .flatten()
    {
        name = name.replace(&format!("{{params.{key}}}"), &value.to_string());
    }
    (name, get("kind"))
}

#[test]
fn list_json_names_every_shipped_spec() {
    let out = run(&["list", "--json"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    let doc = out.json();
    let entries = doc["specs"].as_array().expect("specs");
    let mut files: Vec<String> = std::fs::read_dir("specs")
        .expect("specs/")
        .map(|e| e.expect("entry").path().display().to_string())
        .filter(|p| p.ends_with(".toml"))
        .collect();
    files.sort();
    let listed: Vec<&str> = entries.iter().filter_map(|e| e["file"].as_str()).collect();
    assert_eq!(listed, files);
    for entry in entries {
        let (name, kind) = header(entry["file"].as_str().expect("file"));
        assert_eq!(
            (entry["name"].as_str(), entry["kind"].as_str()),
            (Some(&*name), Some(&*kind))
        );
        assert!(entry["summary"].as_str().is_some_and(|s| !s.is_empty()));
    }
}

#[test]
fn list_works_from_any_folder() {
    let dir = scratch("list");
    std::fs::copy("specs/water-jugs.toml", dir.join("jugs.toml")).expect("copied");
    let out = outcome(puzzlespec().current_dir(&dir).args(["list", "."]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with("./jugs.toml"), "{}", out.stdout);
    // Without DIR and without specs/ here: say so and what to pass.
    let out = outcome(puzzlespec().current_dir(&dir).arg("list"));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("there is no specs/ folder"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("puzzlespec list path/to/specs"),
        "{}",
        out.stderr
    );
    std::fs::create_dir(dir.join("specs")).expect("specs/");
    std::fs::copy("specs/eight.toml", dir.join("specs/eight.toml")).expect("copied");
    let out = outcome(puzzlespec().current_dir(&dir).arg("list"));
    assert!(out.stdout.starts_with("specs/eight.toml"), "{}", out.stdout);
}

#[test]
fn list_says_when_a_folder_has_no_spec() {
    let dir = scratch("empty");
    std::fs::write(dir.join("notes.txt"), "not a spec").expect("written");
    let shown = dir.display().to_string();
    let out = run(&["list", &shown]);
    assert_eq!(out.code, 0);
    assert!(out.stdout.is_empty());
    assert!(
        out.stderr.contains(&format!("{shown} has no spec")),
        "{}",
        out.stderr
    );
    let doc = run(&["list", &shown, "--json"]).json();
    assert_eq!(doc["specs"], Value::Array(vec![]));
}

/// Every kind: the one list, `FAMILIES`.
fn kinds() -> impl Iterator<Item = &'static str> {
    puzzlespec::families::FAMILIES.iter().map(|f| f.kind())
}

fn starter(kind: &str) -> String {
    let out = run(&["new", kind]);
    assert_eq!(out.code, 0, "{kind}: {}", out.stderr);
    assert!(
        out.stdout.lines().any(|l| l.starts_with('#')),
        "{kind}: no comment"
    );
    out.stdout
}

#[test]
fn every_starter_checks_and_solves() {
    for kind in kinds() {
        let text = starter(kind);
        let checked = outcome(puzzlespec().args(["check", "-"]).write_stdin(text.clone()));
        assert_eq!(checked.code, 0, "{kind}: {}", checked.stderr);
        assert!(
            checked.stdout.contains(&format!("({kind})")),
            "{}",
            checked.stdout
        );
        let ran = outcome(
            puzzlespec()
                .args(["run", "-", "--json", "--quiet"])
                .write_stdin(text),
        );
        assert_eq!(ran.code, 0, "{kind}: {}", ran.stderr);
        let status = ran.json()["status"].clone();
        assert!(
            status == "solved" || status == "explored",
            "{kind}: {status}"
        );
    }
}

#[test]
fn starters_give_the_known_answers() {
    let solve = |kind: &str| {
        let out = outcome(
            puzzlespec()
                .args(["run", "-", "--json", "--quiet"])
                .write_stdin(starter(kind)),
        );
        out.json()
    };
    // Jugs of 3 and 5 measure 4 in 6 moves (fill 5, pour into 3, empty 3, pour, fill 5, pour).
    assert_eq!(solve("water-jugs")["cost"], 6);
    // Dudeney's unique answer, and the 11 komachi formulas of seed 003.
    assert_eq!(
        solve("alphametic")["solutions"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(
        solve("komachi")["solutions"].as_array().map(Vec::len),
        Some(11)
    );
    // Four queens have 2 solutions, six queens 4 (OEIS A000170).
    assert_eq!(
        solve("search")["solutions"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(
        solve("n-queens")["solutions"].as_array().map(Vec::len),
        Some(4)
    );
    // The jugs written as rules agree with the jugs kind.
    assert_eq!(solve("rules")["cost"], 6);
}

#[test]
fn new_without_a_kind_or_with_an_unknown_one_lists_the_kinds() {
    let out = run(&["new"]);
    assert_eq!(out.code, 0);
    let unknown = run(&["new", "water-jug"]);
    assert_eq!(unknown.code, 2);
    assert!(
        unknown.stderr.contains("did you mean `water-jugs`"),
        "{}",
        unknown.stderr
    );
    for kind in kinds() {
        assert!(out.stdout.contains(kind), "{kind}");
        assert!(unknown.stderr.contains(kind), "{kind}");
    }
}

/// The triangle of 15 holes with every hole full, for `start.empty` to choose the vacancy.
const FULL_TRIANGLE: &str = "board.drawing=\"    o\\n   o o\\n  o o o\\n o o o o\\no o o o o\\n\"";

fn triangle_args(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "specs/triangle15.toml",
        "--set",
        FULL_TRIANGLE,
        "--unset",
        "rules.first_jump",
        "--objective",
        "count",
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    args.extend(extra.iter().map(ToString::to_string));
    args
}

#[test]
fn a_sweep_of_the_triangle_sums_the_separate_runs() {
    let holes: Vec<String> = (0..15).map(|h| format!("[{h}]")).collect();
    let sweep = format!("start.empty=[{}]", holes.join(","));
    let mut separate = Vec::new();
    for hole in &holes {
        let set = format!("start.empty={hole}");
        let args = triangle_args(&["--set", &set]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (doc, code) = run_json(&args);
        assert_eq!(code, 0, "{doc}");
        separate.push(doc["count"].as_u64().expect("a count"));
    }
    let args = triangle_args(&["--json", "--quiet", "--sweep", &sweep]);
    let out = outcome(puzzlespec().arg("run").args(&args));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let cases = out.json();
    let cases = cases.as_array().expect("an array");
    assert_eq!(cases.len(), 15);
    for (i, case) in cases.iter().enumerate() {
        assert_eq!(case["key"], "start.empty");
        assert_eq!(case["value"], serde_json::json!([i]));
        assert_eq!(
            case["result"]["count"].as_u64(),
            Some(separate[i]),
            "hole {i}"
        );
    }
    // The triangle's symmetry: the three corners agree.
    assert_eq!((separate[0], separate[10]), (separate[14], separate[14]));
    let total: u64 = separate.iter().sum();
    let args = triangle_args(&["--quiet", "--sweep", &sweep]);
    let out = outcome(puzzlespec().arg("run").args(&args));
    let last = out.stdout.lines().last().expect("a total line");
    let digits: String = last
        .split("count ")
        .nth(1)
        .and_then(|s| s.split(';').next())
        .expect("a count in the total")
        .replace(',', "");
    assert_eq!(digits.parse::<u64>().ok(), Some(total), "{last}");
    assert!(last.starts_with("total: 15 cases: 15 counted"), "{last}");
    assert_eq!(
        out.stdout.lines().filter(|l| l.starts_with('[')).count(),
        15
    );
}

#[test]
fn a_range_sweep_takes_the_worst_exit_code() {
    // Queens on n x n boards: 1, 0, 0, 2, 10, 4 solutions (OEIS A000170).
    let out = run(&[
        "run",
        "specs/queens-count.toml",
        "--quiet",
        "--sweep",
        "board.n=1..6",
    ]);
    assert_eq!(out.code, 1, "no solution for n = 2 and 3");
    let counts: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| l.split_whitespace().rev().nth(2).unwrap_or(""))
        .collect();
    assert_eq!(counts, ["1", "0", "0", "2", "10", "4"], "{}", out.stdout);
    let out = run(&[
        "run",
        "specs/queens-count.toml",
        "--sweep",
        "board.n=[4, \"x\"]",
    ]);
    assert_eq!(out.code, 2);
    assert!(out.stdout.contains("error"), "{}", out.stdout);
    let out = run(&["run", "specs/queens-count.toml", "--sweep", "board.n=9..4"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("--sweep:1:"), "{}", out.stderr);
}

#[test]
fn a_catalog_spec_solves_each_case_as_a_separate_run_would() {
    let spec = "specs/triangle15-every-vacancy.toml";
    let out = outcome(puzzlespec().args(["run", spec, "--json", "--quiet"]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let cases = out.json();
    let cases = cases.as_array().expect("one result per case");
    assert_eq!(cases.len(), 15);
    for (hole, case) in cases.iter().enumerate() {
        assert_eq!(case["key"], "start.empty");
        assert_eq!(case["value"], serde_json::json!([hole]));
        // The same spec without its catalog, the case given by hand.
        let set = format!("start.empty=[{hole}]");
        let args = [spec, "--unset", "solve.cases", "--set", &set];
        let (alone, code) = run_json(&args);
        assert_eq!(code, 0, "{alone}");
        for field in ["status", "cost", "count"] {
            assert_eq!(case["result"][field], alone[field], "hole {hole}: {field}");
        }
    }
    let out = run(&["check", spec]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("15 cases of start.empty"),
        "{}",
        out.stdout
    );
}

#[test]
fn a_catalog_with_a_bad_case_or_shape_is_refused_at_its_place() {
    let spec = "specs/triangle15-every-vacancy.toml";
    let bad_case = "solve.cases={ key = \"start.empty\", values = [[0], [15]] }";
    for args in [
        ["check", spec, "--set", bad_case],
        ["run", spec, "--set", bad_case],
    ] {
        let out = run(&args);
        assert_eq!(out.code, 2, "{args:?}");
        assert!(out.stderr.contains("no hole `15`"), "{}", out.stderr);
    }
    let out = run(&[
        "check",
        spec,
        "--set",
        "solve.cases={ key = \"start.empty\" }",
    ]);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains("solve.cases: `values`"),
        "{}",
        out.stderr
    );
}
