//! kind = "rules": `div` rounds down, `mod` goes with it and `%` counts from 0 up for every
//! sign of the operands, and `/` is exact division (docs/language.md, "Types and operators"),
//! in guards computed from the state, in constraints and in formulas folded at load; the
//! expected values are computed here by brute force.

mod common;

use common::{expect_error, run, scratch_in};

/// Writes `text` as `name` in this test's scratch folder and gives its path.
fn spec(test: &str, text: &str) -> String {
    let path = scratch_in("rules_arithmetic", test).join("spec.toml");
    std::fs::write(&path, text).expect("the spec is written");
    path.to_string_lossy().into_owned()
}

/// The quotient rounded down, found by search: the largest q with q * b <= a (b > 0) or
/// q * b >= a (b < 0), i.e. the q with a - q * b between 0 and b exclusive, on b's side.
fn floor_quotient(a: i64, b: i64) -> i64 {
    (-100..=100)
        .find(|q| {
            let r = a - q * b;
            if b > 0 {
                (0..b).contains(&r)
            } else {
                (b + 1..=0).contains(&r)
            }
        })
        .expect("a quotient in range")
}

/// The remainder from 0 up: the r in 0..|b| with a - r a multiple of b.
fn remainder_from_zero(a: i64, b: i64) -> i64 {
    (0..b.abs())
        .find(|r| (a - r) % b == 0)
        .expect("a remainder")
}

/// The remainder that goes with the quotient rounded down: a - b * q, with the sign of b.
fn floor_remainder(a: i64, b: i64) -> i64 {
    a - b * floor_quotient(a, b)
}

/// At x = 0 the guard reads div(7, -2), which is -4 rounded down, and mod(7, -2), -1.
#[test]
fn a_guard_dividing_by_a_negative_number_rounds_down() {
    let path = spec(
        "guard",
        r#"
[puzzle]
name = "seven over minus two"
kind = "rules"
[state]
x = "0..3"
[start]
x = 0
[[move]]
name = "go"
when = "div(7, x - 2) == -4 and mod(7, x - 2) == -1 and 7 % (x - 2) == 1"
do = "x = 3"
[goal]
reach = "x == 3"
"#,
    );
    let out = run(&["run", "--json", &path]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.json()["cost"], 1);
}

/// Every pair (a, b) in -6..6 x -6..6 is a state; a constraint forbids the states where `div`,
/// `mod` or `%` differs from the tables computed here, or `/` where it is exact, and formulas
/// of constants (folded when the spec is loaded) forbid every state if folding rounds otherwise. All 169 states are reachable
/// (set `a`, then `b`) only when every division agrees.
#[test]
fn every_sign_of_the_operands_divides_as_documented() {
    let n = 6i64;
    let row = |f: &dyn Fn(i64, i64) -> i64, a: i64| {
        let cells: Vec<String> = (-n..=n)
            .map(|b| {
                if b == 0 {
                    "0".into()
                } else {
                    f(a, b).to_string()
                }
            })
            .collect();
        format!("[{}]", cells.join(", "))
    };
    let table = |f: &dyn Fn(i64, i64) -> i64| {
        let rows: Vec<String> = (-n..=n).map(|a| row(f, a)).collect();
        format!("[{}]", rows.join(", "))
    };
    let text = format!(
        r#"
[puzzle]
name = "division table"
kind = "rules"
[params]
n = {n}
[tables]
q = {q}
r = {r}
m = {m}
[state]
a = "-{n}..{n}"
b = "-{n}..{n}"
[start]
a = 0
b = 0
[[move]]
name = "set_a"
for = "v in -n..n"
do = "a = v"
[[move]]
name = "set_b"
for = "v in -n..n"
do = "b = v"
[[constraint]]
forbid = "b != 0 and (div(a, b) != q[a + n][b + n] or a % b != r[a + n][b + n] or mod(a, b) != m[a + n][b + n])"
[[constraint]]
forbid = "b != 0 and a % b == 0 and a / b * b != a"
[[constraint]]
forbid = "div(7, -2) != -4 or div(-7, 2) != -4 or div(-7, -2) != 3 or mod(7, -2) != -1 or mod(-7, 2) != 1 or 7 % -2 != 1 or -7 % -2 != 1 or -7 % 2 != 1 or 8 / -2 != -4"
[goal]
reach = "a == n and b == n"
"#,
        q = table(&floor_quotient),
        r = table(&remainder_from_zero),
        m = table(&floor_remainder),
    );
    let path = spec("table", &text);
    let out = run(&["run", "--json", &path, "--objective", "reachable"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.json()["count"], (2 * n + 1) * (2 * n + 1));
}

/// A `/` that is not exact where the state reaches it stops the search: the formula's place,
/// the values, and how to round down.
#[test]
fn a_division_that_is_not_exact_at_a_state_is_an_error_naming_the_values() {
    let path = spec(
        "inexact",
        r#"[puzzle]
name = "halves"
kind = "rules"
[state]
x = "0..9"
[start]
x = 0
[[move]]
name = "step"
when = "x < 9"
do = "x = x + 3 / (2 - x)"
[goal]
reach = "x == 9"
"#,
    );
    // x = 0 gives 3 / 2: not a whole number.
    expect_error(
        &path,
        "11:15",
        &["3 / 2 is not a whole number", "div(3, 2) (here 1)"],
    );
}

/// A `/` of constants that is not exact is refused when the spec is loaded, unless constants
/// decide it is never evaluated (the other branch of an `if` of a parameter).
#[test]
fn a_constant_division_that_is_not_exact_is_refused_at_load() {
    let text = |formula: &str| {
        format!(
            r#"[puzzle]
name = "constant halves"
kind = "rules"
[params]
n = 7
[state]
x = "0..9"
[start]
x = 0
[[move]]
name = "step"
do = "x = {formula}"
[goal]
reach = "x == 3"
"#
        )
    };
    let refused = spec("refused", &text("n / 2"));
    expect_error(
        &refused,
        "12:11",
        &["7 / 2 is not a whole number", "div(7, 2)"],
    );
    let dead = spec("dead", &text("if n % 2 == 0 then n / 2 else div(n, 2)"));
    let out = run(&["run", "--json", &dead]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.json()["cost"], 1);
}
