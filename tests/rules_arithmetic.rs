//! kind = "rules": `/` rounds down and `%` counts from 0 up for every sign of the operands
//! (docs/rules.md, "Formulas"), in guards computed from the state, in constraints and in
//! formulas folded at load; the expected values are computed here by brute force.

mod common;

use common::{run, scratch_in};

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

/// The issue's reproducer: at x = 0 the guard reads 7 / -2, which is -4 rounded down.
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
when = "7 / (x - 2) == -4 and 7 % (x - 2) == 1"
do = "x = 3"
[goal]
reach = "x == 3"
"#,
    );
    let out = run(&["run", "--json", &path]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.json()["cost"], 1);
}

/// Every pair (a, b) in -6..6 x -6..6 is a state; a constraint forbids the states where `/` or
/// `%` differs from the tables computed here, and formulas of constants (folded when the spec
/// is loaded) forbid every state if folding rounds otherwise. All 169 states are reachable
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
forbid = "b != 0 and (a / b != q[a + n][b + n] or a % b != r[a + n][b + n])"
[[constraint]]
forbid = "7 / -2 != -4 or -7 / 2 != -4 or -7 / -2 != 3 or 7 % -2 != 1 or -7 % -2 != 1 or -7 % 2 != 1"
[goal]
reach = "a == n and b == n"
"#,
        q = table(&floor_quotient),
        r = table(&remainder_from_zero),
    );
    let path = spec("table", &text);
    let out = run(&["run", "--json", &path, "--objective", "reachable"]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(out.json()["count"], (2 * n + 1) * (2 * n + 1));
}
