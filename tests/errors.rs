//! Bad input: each mistake gets file:line:col, what is wrong, a hint, and exit code 2; never a
//! panic.

mod common;

use common::{Outcome, expect_error, expect_json_error, run};

#[test]
fn malformed_toml() {
    expect_error("tests/bad/malformed.toml", "2:15", &["not valid TOML"]);
}

#[test]
fn unknown_kind_suggests_the_near_one() {
    expect_error(
        "tests/bad/unknown-kind.toml",
        "3:8",
        &["unknown kind `water-jug`", "did you mean `water-jugs`"],
    );
}

#[test]
fn unknown_field_lists_the_fields() {
    expect_error(
        "tests/bad/unknown-field.toml",
        "7:1",
        &["unknown field `colour`", "`capacities`"],
    );
}

#[test]
fn missing_field() {
    expect_error(
        "tests/bad/missing-field.toml",
        "5:1",
        &["missing field `goal`"],
    );
}

#[test]
fn wrong_type() {
    expect_error(
        "tests/bad/wrong-type.toml",
        "6:18",
        &["invalid type", "\"five\""],
    );
}

#[test]
fn zero_and_negative_capacities() {
    expect_error(
        "tests/bad/zero-capacity.toml",
        "6:18",
        &["capacity 0 is not positive"],
    );
    expect_error(
        "tests/bad/negative-capacity.toml",
        "6:15",
        &["capacity -3 is not positive"],
    );
}

#[test]
fn goal_naming_an_unknown_jug_points_at_the_name() {
    expect_error(
        "tests/bad/unknown-jug.toml",
        "8:19",
        &["unknown name `C`", "the names defined here are: A, B"],
    );
}

#[test]
fn goal_syntax_error_gives_formula_column_and_file_position() {
    expect_error(
        "tests/bad/goal-syntax.toml",
        "7:19",
        &["column 11 of the formula", "expected", "found `or`"],
    );
}

#[test]
fn set_of_a_key_that_does_not_exist() {
    let Outcome { code, stderr, .. } =
        run(&["run", "specs/water-jugs.toml", "--set", "jugs.capcity=3"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown field `capcity`"), "{stderr}");
    assert!(stderr.contains("--set jugs.capcity=3"), "{stderr}");
    let Outcome { code, stderr, .. } =
        run(&["run", "specs/water-jugs.toml", "--set", "jugs.capacities"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("has no `=`"), "{stderr}");
}

#[test]
fn unknown_objective_and_engine() {
    let Outcome { code, stderr, .. } =
        run(&["run", "specs/water-jugs.toml", "--objective", "shortst"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("did you mean `shortest`"), "{stderr}");
    let Outcome { code, stderr, .. } =
        run(&["run", "specs/water-jugs.toml", "--engine", "warp-drive"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown engine `warp-drive`"), "{stderr}");
}

#[test]
fn missing_file() {
    let Outcome { code, stderr, .. } = run(&["run", "specs/no-such-spec.toml"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("cannot read spec file specs/no-such-spec.toml"),
        "{stderr}"
    );
}

#[test]
fn json_errors_are_json_too() {
    // Checks exit code 2, status "error", and the file, line 8 and column 19 in the document.
    expect_json_error("tests/bad/unknown-jug.toml", "8:19", &[]);
}

#[test]
fn check_fails_on_a_bad_spec_and_passes_on_good_ones() {
    let out = run(&[
        "check",
        "specs/water-jugs.toml",
        "tests/bad/zero-capacity.toml",
    ]);
    assert_eq!(out.code, 2);
    let stdout = out.stdout;
    assert!(stdout.contains("ok  specs/water-jugs.toml"), "{stdout}");
}
