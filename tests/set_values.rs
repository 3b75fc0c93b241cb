//! An error inside a formula written by `--set` points into that argument (`--set:1:COL`), not
//! at a line of the edited document that the file does not have.

mod common;

use common::run;

/// Runs `spec` with one `--set`, expects exit 2 and a diagnostic at `--set:1:COL` where COL is
/// the column (from 1) of `bad` inside the argument.
fn expect_in_argument(spec: &str, arg: &str, bad: &str) -> String {
    let out = run(&["run", spec, "--set", arg]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let col = arg.find(bad).unwrap() + 1;
    let want = format!("--set:1:{col}: ");
    assert!(
        out.stderr.contains(&want),
        "no `{want}` in:\n{}",
        out.stderr
    );
    assert!(!out.stderr.contains("(with --set):"), "{}", out.stderr);
    out.stderr
}

#[test]
fn a_bare_formula_value_is_located_in_the_argument() {
    let e = expect_in_argument(
        "specs/missionaries-rules.toml",
        "goal.reach=ml == 0 and foo",
        "foo",
    );
    assert!(e.contains("unknown name `foo`"), "{e}");
}

#[test]
fn a_quoted_formula_in_one_move_is_located_in_the_argument() {
    let e = expect_in_argument(
        "specs/missionaries-rules.toml",
        "move.cross.when=\"m + c <= seats and bar\"",
        "bar",
    );
    assert!(e.contains("the guard of move `cross`"), "{e}");
}

#[test]
fn a_search_show_set_on_the_command_line_is_located_in_the_argument() {
    let e = expect_in_argument(
        "specs/send-more-money-search.toml",
        "search.show=\"{S} {nope}\"",
        "nope",
    );
    assert!(e.contains("`nope`"), "{e}");
}

#[test]
fn a_formula_inside_a_list_value_is_located_in_the_argument() {
    let e = expect_in_argument(
        "specs/send-more-money-search.toml",
        "search.constraints=[\"S != 0\", 'M != 0 and (bar == 1)']",
        "bar",
    );
    assert!(e.contains("unknown name `bar`"), "{e}");
}

#[test]
fn a_formula_in_a_list_inside_an_array_of_tables_is_located_in_the_argument() {
    // The first literal that mentions `c` is not the one at fault: each is found in order.
    let e = expect_in_argument(
        "specs/queens-cover.toml",
        "options.0.items=[\"row {r}\", \"column {c}\", \"up {r + bar}\", \"down {r - c}\"]",
        "bar",
    );
    assert!(e.contains("[[options]] 1"), "{e}");
}

/// A key the spec's schema does not know, or a value of the wrong type, written by `--set`:
/// shown in the argument too, while the same value elsewhere in the file is not taken for it.
#[test]
fn an_unknown_key_or_a_wrong_value_is_located_in_the_argument() {
    let e = expect_in_argument(
        "specs/lights-out-n-rules.toml",
        "solve.heuristic=\"auto\"",
        "heuristic",
    );
    assert!(e.contains("unknown field `heuristic`"), "{e}");
    let e = expect_in_argument("specs/hanoi-rules.toml", "solve.limit=-3", "-3");
    assert!(e.contains("invalid value: integer `-3`"), "{e}");
}
