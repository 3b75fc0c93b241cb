//! What every integration test does with the binary: run it, read its `--json` document, and
//! check that a bad spec is refused with exit code 2 at `file:line:col`.
//! Each test file takes this in with `mod common;` and uses only part of it.
#![allow(dead_code)]

use assert_cmd::Command;
use serde_json::Value;

/// The `puzzlespec` binary built for these tests.
pub fn puzzlespec() -> Command {
    Command::cargo_bin("puzzlespec").expect("the binary is built")
}

/// What one run printed and how it ended.
pub struct Outcome {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Outcome {
    /// The one JSON document on stdout.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| {
            panic!(
                "stdout is not one JSON document ({e}):\n{}\n{}",
                self.stdout, self.stderr
            )
        })
    }
}

/// Runs a prepared command; whatever it is given, the binary must not panic.
pub fn outcome(cmd: &mut Command) -> Outcome {
    let out = cmd.output().expect("the binary runs");
    let outcome = Outcome {
        code: out.status.code().expect("an exit code, not a signal"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    };
    assert!(!outcome.stderr.contains("panicked"), "{}", outcome.stderr);
    outcome
}

/// Runs `puzzlespec ARGS`.
pub fn run(args: &[&str]) -> Outcome {
    outcome(puzzlespec().args(args))
}

/// Runs `puzzlespec run --json --quiet ARGS` and returns the document and the exit code.
pub fn run_json(args: &[&str]) -> (Value, i32) {
    json_and_code(&outcome(
        puzzlespec().args(["run", "--json", "--quiet"]).args(args),
    ))
}

/// The JSON document of a finished run and its exit code.
pub fn json_and_code(outcome: &Outcome) -> (Value, i32) {
    (outcome.json(), outcome.code)
}

/// `puzzlespec run SPEC` must fail with exit code 2, a diagnostic starting `SPEC:POSITION: `
/// (POSITION is `line:col`) and every one of `words`; returns stderr for further checks.
pub fn expect_error(spec: &str, position: &str, words: &[&str]) -> String {
    let out = run(&["run", spec]);
    assert_eq!(out.code, 2, "{spec}: {}", out.stderr);
    assert_diagnostic(spec, position, words, &out.stderr);
    out.stderr
}

/// As `expect_error` with `--json`: the diagnostic still goes to stderr, and stdout is a JSON
/// error with the same file, line and column; returns the document for further checks.
pub fn expect_json_error(spec: &str, position: &str, words: &[&str]) -> Value {
    let out = run(&["run", "--json", spec]);
    assert_eq!(out.code, 2, "{spec}: {}", out.stderr);
    assert_diagnostic(spec, position, words, &out.stderr);
    let doc = out.json();
    assert_eq!(doc["status"], "error", "{spec}");
    let (line, col) = position.split_once(':').expect("POSITION is line:col");
    assert_eq!(doc["error"]["file"], spec);
    assert_eq!(doc["error"]["line"].to_string(), line, "{spec}");
    assert_eq!(doc["error"]["column"].to_string(), col, "{spec}");
    doc
}

fn assert_diagnostic(spec: &str, position: &str, words: &[&str], stderr: &str) {
    assert!(
        stderr.contains(&format!("{spec}:{position}: ")),
        "{spec}: no `{spec}:{position}: ` in:\n{stderr}"
    );
    for w in words {
        assert!(stderr.contains(w), "{spec}: missing `{w}` in:\n{stderr}");
    }
}

/// A fresh folder for the files of one test: `group` (the test file) and `name` (the test).
pub fn scratch_in(group: &str, name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(group)
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The lights a press of cell `i` toggles on an n x n Lights Out board: the cell and its
/// orthogonal neighbours (the tests' own model of the puzzle).
pub fn lights_out_cross(n: usize, i: usize) -> Vec<usize> {
    let (r, c) = (i / n, i % n);
    let mut out = vec![i];
    if r > 0 {
        out.push(i - n);
    }
    if r + 1 < n {
        out.push(i + n);
    }
    if c > 0 {
        out.push(i - 1);
    }
    if c + 1 < n {
        out.push(i + 1);
    }
    out
}

/// A 3x3 magic-square search spec with `line` added to `[search]` and the given objective,
/// written as `NAME.toml` in a folder of the test run's own; its path. The added line is
/// line 7, for tests of where a setting's error points.
pub fn search_spec_with_line(name: &str, line: &str, objective: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzzlespec-line-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    let path = dir.join(format!("{name}.toml"));
    let body = format!(
        "[puzzle]\nname = \"x\"\nkind = \"search\"\n\n[search]\nvariables = [\"sq: 3x3 permutation of 1..9\"]\n{line}\n\n[solve]\nobjective = \"{objective}\"\n"
    );
    std::fs::write(&path, body).expect("the spec is written");
    path.to_string_lossy().into_owned()
}
