//! Lists written out as an aggregate's argument (`max([a, b, 3])`, `distinct([a, b, c])`) and
//! loops over lists of variables (`for v in [a, b, c]`), in `search` constraints, objectives
//! and `show`, rules guards, effects and goals, and plain formulas (parameters); each answer
//! checked against a brute force written here, and the mistakes at their place, exit 2
//! (docs/language.md, "Generators" and "Mistakes").

mod common;

use common::{expect_error, run_json, scratch_in};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};

fn spec(name: &str, text: &str) -> String {
    let dir = scratch_in("list_literals", name);
    let path = dir.join("spec.toml");
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn texts(doc: &Value) -> Vec<String> {
    doc["answers"]
        .as_array()
        .unwrap_or_else(|| panic!("no answers in {doc}"))
        .iter()
        .map(|a| a["text"].as_str().unwrap().to_string())
        .collect()
}

/// Every aggregate over a list literal in `search` constraints and `show`, and a loop over a
/// list of variables, against every assignment of a, b, c in 0..5.
#[test]
fn search_constraints_take_every_aggregate_over_a_list() {
    let path = spec(
        "search-all",
        r#"[puzzle]
name = "l"
kind = "search"

[search]
variables = ["a in 0..5", "b in 0..5", "c in 0..5"]
constraints = [
  "sum(v for v in [a, b, c]) == 7",
  "max([a, b, 3]) >= 4",
  "count([a > 1, b > 1, c > 1]) == 2",
  "all([a < 5, b < 5]) and any([a == 0, c == 0, b == 5])",
  "min([a, b + 1]) <= 2",
  "prod([a + 1, b, c + 1]) >= 4",
  "sum([a, 2 * b]) != 6",
]
show = "{a} {b} {c} {max([a, b, c])} {count([a > 0, b > 0, c > 0])}"

[solve]
objective = "all"
"#,
    );
    let mut want = Vec::new();
    for a in 0..=5i64 {
        for b in 0..=5i64 {
            for c in 0..=5i64 {
                let big = [a, b, c].iter().filter(|&&v| v > 1).count();
                let holds = a + b + c == 7
                    && a.max(b).max(3) >= 4
                    && big == 2
                    && a < 5
                    && b < 5
                    && (a == 0 || c == 0 || b == 5)
                    && a.min(b + 1) <= 2
                    && (a + 1) * b * (c + 1) >= 4
                    && a + 2 * b != 6;
                if holds {
                    let positive = [a, b, c].iter().filter(|&&v| v > 0).count();
                    want.push(format!("{a} {b} {c} {} {positive}", a.max(b).max(c)));
                }
            }
        }
    }
    assert!(!want.is_empty());
    let (doc, code) = run_json(&[&path]);
    assert_eq!(code, 0, "{doc}");
    let mut got = texts(&doc);
    got.sort();
    want.sort();
    assert_eq!(got, want);
}

/// `distinct([...])` of differences is propagated as the generator form is: the same optimum
/// (4 marks: 6, OEIS A003022) in the same number of nodes, and no constraint left to testing.
#[test]
fn a_distinct_list_is_propagated_as_a_distinct_generator() {
    let ruler = |name: &str, distinct: &str| {
        spec(
            name,
            &format!(
                "[puzzle]\nname = \"g\"\nkind = \"search\"\n\n[search]\nvariables = [\"m: 4 in 0..12\"]\nconstraints = [\"m[0] == 0\", \"all(m[i] < m[i + 1] for i in 0..2)\", \"{distinct}\"]\nminimize = \"max([m[3], m[2]])\"\nshow = \"{{m}}\"\n"
            ),
        )
    };
    let listed = ruler(
        "golomb-list",
        "distinct([m[1] - m[0], m[2] - m[0], m[3] - m[0], m[2] - m[1], m[3] - m[1], m[3] - m[2]])",
    );
    let generated = ruler(
        "golomb-generator",
        "distinct(m[j] - m[i] for i in 0..3 for j in i + 1..3)",
    );
    let (a, code) = run_json(&[&listed]);
    assert_eq!(code, 0, "{a}");
    let (b, _) = run_json(&[&generated]);
    assert_eq!(a["optimum"], 6, "{a}");
    assert_eq!(a["optimum"], b["optimum"]);
    assert_eq!(a["nodes"], b["nodes"], "{a}\n{b}");
    let notes = a["notes"].to_string();
    assert!(!notes.contains("no propagator"), "{notes}");
}

type State = (i64, i64, i64);

/// The rules spec's moves to a state where `goal` holds, by a breadth-first search written
/// here: the fewest moves.
fn fewest_rules_moves(goal: impl Fn(State) -> bool) -> u64 {
    let moves = |(a, b, c): State| {
        let mut out = Vec::new();
        if a < 6 && a <= b.max(c) + 1 {
            out.push((a + 1, b, c));
        }
        if (a > b || c > b) && b < 6 {
            out.push((a, (b + 2).min(6), c));
        }
        if c < 6 {
            out.push((a, b, (c + 1 + i64::from(a > 2) + i64::from(b > 2)).min(6)));
        }
        if a != b && b != c && a != c {
            out.push((b, a, c));
        }
        out
    };
    let mut depth = HashMap::from([((0, 0, 0), 0u64)]);
    let mut queue = VecDeque::from([(0, 0, 0)]);
    while let Some(s) = queue.pop_front() {
        if goal(s) {
            return depth[&s];
        }
        for t in moves(s) {
            if !depth.contains_key(&t) {
                depth.insert(t, depth[&s] + 1);
                queue.push_back(t);
            }
        }
    }
    panic!("the goal cannot be reached")
}

const RULES: &str = r#"[puzzle]
name = "lists"
kind = "rules"

[state]
a = "0..6"
b = "0..6"
c = "0..6"

[start]
a = 0
b = 0
c = 0

[[move]]
name = "a"
when = "all([a < 6, a <= max([b, c]) + 1])"
do = "a = a + 1"

[[move]]
name = "b"
when = "any([a > b, c > b]) and b < 6"
do = "b = min([b + 2, 6])"

[[move]]
name = "c"
when = "c < 6"
do = "c = min([6, sum([c, 1, count([a > 2, b > 2])])])"

[[move]]
name = "swap"
when = "distinct([a, b, c])"
do = "a = b; b = a"

[goal]
reach = "prod([a, b, c]) == 60 and max([a, b, c]) == 5 and a == 5"
"#;

/// The spec `text` (a variant of [`RULES`]) reaches its goal in the fewest moves a breadth-first
/// search written here finds.
fn agrees_with_breadth_first(name: &str, text: &str) {
    let (doc, code) = run_json(&[&spec(name, text)]);
    assert_eq!(code, 0, "{doc}");
    let goal = |(a, b, c): State| a * b * c == 60 && a.max(b).max(c) == 5 && a == 5;
    assert_eq!(
        doc["cost"].as_u64(),
        Some(fewest_rules_moves(goal)),
        "{doc}"
    );
}

#[test]
fn rules_guards_effects_and_goals_take_lists() {
    agrees_with_breadth_first("rules", RULES);
}

/// `distinct(a, b, c)` as a plain call in rules means what the list form means (the tests of
/// its pairs), as in every kind.
#[test]
fn rules_take_distinct_as_a_plain_call() {
    let text = RULES.replace("distinct([a, b, c])", "distinct(a, b, c)");
    assert_ne!(text, RULES);
    agrees_with_breadth_first("rules-distinct-call", &text);
}

/// A rules loop over a list whose elements read the state: the loop variable stands for each
/// element, with filters and nested loops, as the list's aggregate would.
#[test]
fn a_rules_loop_over_a_list_of_state_values_takes_each_element() {
    type Goal = fn(State) -> bool;
    let cases: [(&str, &str, Goal); 4] = [
        (
            "squares",
            "sum(v * v for v in [a, b]) == 20",
            |(a, b, _)| a * a + b * b == 20,
        ),
        (
            "filter",
            "count(v > 2 for v in [a, b, c] if v != 5) == 2 and a == 4",
            |(a, b, c)| [a, b, c].iter().filter(|&&v| v != 5 && v > 2).count() == 2 && a == 4,
        ),
        (
            "nested",
            "max(v + w for v in [a, b] for w in [1, c]) == 9",
            |(a, b, c)| [a, b].iter().flat_map(|v| [v + 1, v + c]).max() == Some(9),
        ),
        ("mixed", "sum(v for v in [a, 3]) == 7", |(a, _, _)| {
            a + 3 == 7
        }),
    ];
    for (name, reach, goal) in cases {
        let path = rules_bad(&format!("loop-{name}"), reach);
        let (doc, code) = run_json(&[&path]);
        assert_eq!(code, 0, "{name}: {doc}");
        assert_eq!(
            doc["cost"].as_u64(),
            Some(fewest_rules_moves(goal)),
            "{name}"
        );
    }
}

/// A plain formula (a parameter) computes a list's aggregate when the spec is loaded.
#[test]
fn a_parameter_formula_takes_a_list() {
    let path = spec(
        "param",
        "[puzzle]\nname = \"p\"\nkind = \"search\"\n\n[params]\nk = 3\nn = \"max([k, 5]) + count([k > 1, k > 9]) + prod([k, 2])\"\n\n[search]\nvariables = [\"x in 0..40\"]\nconstraints = [\"x == n\"]\nshow = \"{x}\"\n",
    );
    for k in [3, 7, 10] {
        let set = format!("params.k={k}");
        let (doc, code) = run_json(&[&path, "--set", &set]);
        assert_eq!(code, 0, "{doc}");
        let want = k.max(5) + i64::from(k > 1) + i64::from(k > 9) + k * 2;
        assert_eq!(texts(&doc), [want.to_string()], "k = {k}");
    }
}

/// A search spec whose one constraint (line 7, from column 17) is `c`.
fn search_bad(name: &str, c: &str) -> String {
    spec(
        name,
        &format!(
            "[puzzle]\nname = \"s\"\nkind = \"search\"\n\n[search]\nvariables = [\"a in 0..5\", \"b in 0..5\", \"cell: 3 in 0..2\"]\nconstraints = [\"{c}\"]\n"
        ),
    )
}

/// The rules spec with its goal (line 36, from column 10) replaced by `reach`.
fn rules_bad(name: &str, reach: &str) -> String {
    let text = RULES.replace(
        "reach = \"prod([a, b, c]) == 60 and max([a, b, c]) == 5 and a == 5\"",
        &format!("reach = \"{reach}\""),
    );
    spec(name, &text)
}

#[test]
fn a_list_mixing_numbers_and_truth_values_is_refused_at_the_odd_element() {
    let words = [
        "this list mixes numbers and truth values",
        "`max` takes numbers",
    ];
    expect_error(
        &search_bad("mixed", "max([a, b == 1, 3]) == 4"),
        "7:25",
        &words,
    );
    expect_error(
        &rules_bad("mixed-rules", "max([a, b == 1, 3]) == 4"),
        "36:18",
        &words,
    );
    let words = [
        "`count` takes truth values",
        "element of its list is a number",
    ];
    expect_error(
        &search_bad("count", "count([a > 1, b]) == 1"),
        "7:31",
        &words,
    );
    expect_error(
        &rules_bad("count-rules", "count([a > 1, b]) == 1"),
        "36:24",
        &words,
    );
}

#[test]
fn a_list_where_it_has_no_meaning_is_refused_saying_where_lists_go() {
    let words = [
        "a list cannot be an argument of `abs`",
        "the one argument of sum",
    ];
    expect_error(&search_bad("abs", "abs([a, b]) == 1"), "7:21", &words);
    expect_error(&rules_bad("abs-rules", "abs([a, b]) == 1"), "36:14", &words);
    let words = ["a list cannot stand here", "max([a, b])"];
    expect_error(&search_bad("alone", "a == [1, 2]"), "7:22", &words);
    expect_error(&rules_bad("alone-rules", "a == [1, 2]"), "36:15", &words);
    let words = ["`max` of an empty list has no value"];
    expect_error(&search_bad("empty", "max([]) == 1"), "7:21", &words);
    // An array is many values, not one element of a list.
    let words = ["`cell` is an array of 3, used here as a number"];
    expect_error(&search_bad("array", "sum([cell, a]) == 3"), "7:22", &words);
    // An effect's writes are fixed before the search: its loop's list may not read the state.
    let text = RULES.replace("do = \"a = a + 1\"", "do = \"a = v for v in [a, 1]\"");
    let words = ["depends on the state", "an effect's writes"];
    expect_error(&spec("write-loop", &text), "18:23", &words);
}

type Triple = [i64; 3];

/// A rules state array as the values of `sum`, `max`, `min` and `distinct` (`sum(x)`), as in
/// `search`: the fewest moves agree with a breadth-first search written here.
#[test]
fn rules_take_a_whole_state_array_as_a_functions_values() {
    let text = r#"[puzzle]
name = "arrays"
kind = "rules"

[state]
x = "3 of 0..4"

[start]
x = 0

[[move]]
name = "up"
for = "i in 0..2"
when = "x[i] < 4 and sum(x) != 4"
do = "x[i] = x[i] + 1"

[[move]]
name = "swap"
when = "distinct(x)"
do = "x[0] = x[1]; x[1] = x[0]"

[[move]]
name = "double"
when = "max(x) == x[2] and min(x) > 0"
do = "x[0] = min(4, x[0] * 2)"

[goal]
reach = "x[0] == 4 and x[1] == 3 and x[2] == 2"
"#;
    let moves = |x: Triple| {
        let mut out = Vec::new();
        for i in 0..3 {
            if x[i] < 4 && x.iter().sum::<i64>() != 4 {
                let mut y = x;
                y[i] += 1;
                out.push(y);
            }
        }
        if x[0] != x[1] && x[1] != x[2] && x[0] != x[2] {
            out.push([x[1], x[0], x[2]]);
        }
        if x.iter().max() == Some(&x[2]) && x.iter().min().is_some_and(|&m| m > 0) {
            out.push([4.min(x[0] * 2), x[1], x[2]]);
        }
        out
    };
    let mut depth = HashMap::from([([0, 0, 0], 0u64)]);
    let mut queue = VecDeque::from([[0, 0, 0]]);
    while let Some(s) = queue.pop_front() {
        for t in moves(s) {
            if !depth.contains_key(&t) {
                depth.insert(t, depth[&s] + 1);
                queue.push_back(t);
            }
        }
    }
    let fewest = depth.get(&[4, 3, 2]).copied();
    assert!(fewest.is_some(), "the goal is reachable");
    let (doc, code) = run_json(&[&spec("rules-array-values", text)]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["cost"].as_u64(), fewest, "{doc}");
}
