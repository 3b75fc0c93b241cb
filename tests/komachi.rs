//! The komachi specs, each answer recomputed here by an independent brute force with its own
//! exact fraction arithmetic (not the project's evaluator).

mod common;

use common::{expect_error, run_json};
use serde_json::Value;
use std::collections::HashMap;

/// A fraction in lowest terms with a positive denominator.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Frac(i128, i128);

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

impl Frac {
    fn new(n: i128, d: i128) -> Option<Frac> {
        if d == 0 {
            return None;
        }
        let g = gcd(n, d).max(1) * d.signum();
        Some(Frac(n / g, d / g))
    }
    fn op(self, op: char, o: Frac) -> Option<Frac> {
        match op {
            '+' => Frac::new(self.0 * o.1 + o.0 * self.1, self.1 * o.1),
            '-' => Frac::new(self.0 * o.1 - o.0 * self.1, self.1 * o.1),
            '*' => Frac::new(self.0 * o.0, self.1 * o.1),
            _ => Frac::new(self.0 * o.1, self.1 * o.0),
        }
    }
}

/// Every flat formula over `digits` with `ops` ('c' = concatenation, no number starting with 0)
/// as (text, value); a formula dividing by zero has no value.
fn flat_formulas(digits: &[i128], ops: &[char]) -> Vec<(String, Option<Frac>)> {
    let gaps = digits.len() - 1;
    let mut out = Vec::new();
    for code in 0..ops.len().pow(gaps as u32) {
        let mut c = code;
        let mut chosen = Vec::new();
        for _ in 0..gaps {
            chosen.push(ops[c % ops.len()]);
            c /= ops.len();
        }
        // Numbers and the operators between them.
        let mut numbers = vec![digits[0]];
        let mut between = Vec::new();
        let mut text = digits[0].to_string();
        let mut ok = true;
        for (i, op) in chosen.iter().enumerate() {
            let d = digits[i + 1];
            if *op == 'c' {
                let last = numbers.last_mut().unwrap();
                ok &= *last != 0;
                *last = *last * 10 + d;
                text.push_str(&d.to_string());
            } else {
                numbers.push(d);
                between.push(*op);
                text.push_str(&format!(" {op} {d}"));
            }
        }
        if !ok {
            continue;
        }
        // Precedence: fold * and / into terms, then add the terms.
        let mut terms: Vec<(char, Frac)> = vec![('+', Frac(numbers[0], 1))];
        let mut value = Some(());
        for (op, n) in between.iter().zip(&numbers[1..]) {
            let n = Frac(*n, 1);
            if *op == '*' || *op == '/' {
                let (sign, t) = terms.pop().unwrap();
                match t.op(*op, n) {
                    Some(v) => terms.push((sign, v)),
                    None => {
                        value = None;
                        break;
                    }
                }
            } else {
                terms.push((*op, n));
            }
        }
        let value = value.map(|_| {
            terms
                .iter()
                .fold(Frac(0, 1), |acc, (s, t)| acc.op(*s, *t).unwrap())
        });
        out.push((text, value));
    }
    out
}

fn listed(v: &Value) -> Vec<String> {
    v["formulas_found"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().trim_end_matches(" = 100").to_string())
        .collect()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn komachi_makes_100_eleven_ways_like_the_seed() {
    let (v, code) = run_json(&["specs/komachi.toml"]);
    assert_eq!(code, 0);
    let digits: Vec<i128> = (1..=9).collect();
    let expected: Vec<String> = flat_formulas(&digits, &['+', '-', 'c'])
        .into_iter()
        .filter(|(_, v)| *v == Some(Frac(100, 1)))
        .map(|(t, _)| t)
        .collect();
    assert_eq!(expected.len(), 11);
    assert_eq!(v["count"], 11);
    assert_eq!(sorted(listed(&v)), sorted(expected));
    // Printed like the seed, in the seed's order.
    assert_eq!(
        v["formulas_found"][0],
        "1 + 2 + 3 - 4 + 5 + 6 + 78 + 9 = 100"
    );
}

#[test]
fn komachi_descending_digits() {
    let (v, _) = run_json(&["specs/komachi-descending.toml"]);
    let digits: Vec<i128> = (1..=9).rev().collect();
    let expected: Vec<String> = flat_formulas(&digits, &['+', '-', 'c'])
        .into_iter()
        .filter(|(_, v)| *v == Some(Frac(100, 1)))
        .map(|(t, _)| t)
        .collect();
    assert_eq!(v["count"].as_u64().unwrap() as usize, expected.len());
    assert_eq!(sorted(listed(&v)), sorted(expected));
}

#[test]
fn five_operators_with_exact_division() {
    let (v, _) = run_json(&["specs/komachi-five-operators.toml"]);
    let digits: Vec<i128> = (1..=9).collect();
    let all = flat_formulas(&digits, &['+', '-', '*', '/', 'c']);
    let hits = all.iter().filter(|(_, v)| *v == Some(Frac(100, 1))).count();
    assert_eq!(v["count"].as_u64().unwrap() as usize, hits);
    // Every formula is evaluated: 5^8 minus those where a number would start with 0 (none here).
    assert_eq!(v["formulas"], 390_625);
    // A division that is not exact stays a fraction: 1 + 2 * 3 * 4 * 5 / 6 + 7 + 8 * 9 = 100
    // needs 120 / 6 = 20 exactly, while 1 + 23 - 4 + 56 / 7 + 8 * 9 uses 56 / 7 = 8.
    let found = listed(&v);
    assert!(
        found
            .iter()
            .all(|f| all.iter().any(|(t, x)| t == f && *x == Some(Frac(100, 1))))
    );
}

#[test]
fn every_value_with_its_count() {
    let (v, code) = run_json(&["specs/komachi-values.toml"]);
    assert_eq!(code, 0);
    let digits: Vec<i128> = (1..=9).collect();
    let mut counts: HashMap<Frac, u64> = HashMap::new();
    for (_, x) in flat_formulas(&digits, &['+', '-', 'c']) {
        *counts.entry(x.unwrap()).or_default() += 1;
    }
    assert_eq!(v["count"].as_u64().unwrap() as usize, counts.len());
    let values = v["values"].as_array().unwrap();
    let hundred = values.iter().find(|x| x["value"] == "100").unwrap();
    assert_eq!(hundred["formulas"], 11);
    for x in values {
        let n: i128 = x["value"].as_str().unwrap().parse().unwrap();
        assert_eq!(x["formulas"].as_u64().unwrap(), counts[&Frac(n, 1)]);
    }
}

/// Every binary tree over the digits (leaves: runs joined by concatenation) with its value.
fn trees(digits: &[i128], ops: &[char]) -> Vec<Option<Frac>> {
    let mut out = Vec::new();
    let joined = digits.len() == 1 || digits[0] != 0;
    if joined {
        out.push(Some(Frac(digits.iter().fold(0, |n, d| n * 10 + d), 1)));
    }
    for k in 1..digits.len() {
        let (l, r) = (trees(&digits[..k], ops), trees(&digits[k..], ops));
        for a in &l {
            for b in &r {
                for &op in ops {
                    out.push(match (a, b) {
                        (Some(a), Some(b)) => a.op(op, *b),
                        _ => None,
                    });
                }
            }
        }
    }
    out
}

#[test]
fn parentheses_count_every_tree() {
    let (v, code) = run_json(&["specs/komachi-parentheses.toml"]);
    assert_eq!(code, 0);
    let all = trees(&[1, 2, 3, 4, 5], &['+', '-', '*', '/']);
    assert_eq!(v["formulas"].as_u64().unwrap() as usize, all.len());
    let hits = all.iter().filter(|x| **x == Some(Frac(100, 1))).count();
    assert_eq!(v["count"].as_u64().unwrap() as usize, hits);
    assert_eq!(
        v["undefined"].as_u64().unwrap() as usize,
        all.iter().filter(|x| x.is_none()).count()
    );
}

#[test]
fn unknown_operator_is_explained() {
    expect_error(
        "tests/bad/komachi-operator.toml",
        "6:19",
        &["unknown operator `x`", "concat"],
    );
}

#[test]
fn every_formula_without_a_value_is_said_so() {
    // 5 / 0 is the only formula over the digits 5, 0 with `/` alone, and it has no value.
    let all = flat_formulas(&[5, 0], &['/']);
    assert!(all.iter().all(|(_, x)| x.is_none()));
    let (v, code) = run_json(&[
        "specs/komachi.toml",
        "--set",
        "komachi.digits=\"50\"",
        "--set",
        "komachi.operators=[\"/\"]",
    ]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "no-solution");
    assert_eq!(v["formulas"].as_u64().unwrap() as usize, all.len());
    assert_eq!(v["undefined"].as_u64().unwrap() as usize, all.len());
    let notes = v["notes"].to_string();
    assert!(
        notes.contains("every one of them failed to evaluate"),
        "{notes}"
    );
}

#[test]
fn an_engine_for_the_other_shape_names_the_one_that_can() {
    let out = common::run(&["run", "specs/komachi.toml", "--engine", "interval-values"]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("parentheses is false"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("one of: operator-insertion"),
        "{}",
        out.stderr
    );
    let out = common::run(&[
        "run",
        "specs/komachi-parentheses.toml",
        "--engine",
        "operator-insertion",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("one of: interval-values"),
        "{}",
        out.stderr
    );
}
