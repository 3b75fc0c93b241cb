//! The generate-and-test specs, each answer recomputed here by plain Rust loops.

mod common;

use common::{expect_error, run, run_json};
use serde_json::Value;

fn answers(v: &Value, var: &str) -> Vec<i64> {
    v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["values"][var].as_i64().unwrap())
        .collect()
}

#[test]
fn oomachi_finds_the_seeds_two_triples() {
    let (v, code) = run_json(&["specs/oomachi.toml"]);
    assert_eq!(code, 0);
    let expected: Vec<i64> = (1..=3000i64)
        .filter(|n| {
            let mut d: Vec<char> = (n * (n + 1) * (n + 2)).to_string().chars().collect();
            d.sort();
            d.iter().collect::<String>() == "0123456789"
        })
        .collect();
    assert_eq!(expected, vec![1267, 1332]);
    assert_eq!(answers(&v, "n"), expected);
    assert_eq!(v["answers"][0]["text"], "1267 * 1268 * 1269 = 2038719564");
    assert_eq!(v["answers"][1]["text"], "1332 * 1333 * 1334 = 2368591704");
}

#[test]
fn polydivisible_prunes_most_of_ten_factorial() {
    let (v, _) = run_json(&["specs/polydivisible.toml"]);
    // Independent: extend prefixes digit by digit, keeping those divisible by their length.
    let mut prefixes: Vec<(u64, u16)> = (1..10).map(|d| (d, 1 << d)).collect();
    for k in 2..=10u64 {
        prefixes = prefixes
            .iter()
            .flat_map(|&(p, used)| {
                (0..10u64)
                    .filter(move |d| used & (1 << d) == 0 && (p * 10 + d) % k == 0)
                    .map(move |d| (p * 10 + d, used | 1 << d))
            })
            .collect();
    }
    let expected: Vec<String> = prefixes.iter().map(|(p, _)| p.to_string()).collect();
    assert_eq!(expected, vec!["3816547290"]);
    let found: Vec<&str> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap())
        .collect();
    assert_eq!(found, expected);
    // Constraints are tested while binding: far fewer nodes than the 3,628,800 permutations.
    let nodes = v["nodes"].as_u64().unwrap();
    assert!(nodes < 36_288, "{nodes} nodes is not under 1% of 10!");
    assert_eq!(v["space"].as_f64().unwrap(), 3_628_800.0);
}

#[test]
fn send_more_money_column_by_column() {
    let (v, _) = run_json(&["specs/send-more-money-search.toml"]);
    // Independent: every (SEND, MORE) with the letter pattern, by brute force over digits.
    let mut found = Vec::new();
    for s in 1..10 {
        for e in 0..10 {
            for n in 0..10 {
                for d in 0..10 {
                    for m in 1..10 {
                        for o in 0..10 {
                            for r in 0..10 {
                                for y in 0..10 {
                                    let l = [s, e, n, d, m, o, r, y];
                                    if (0..8).any(|i| (0..i).any(|j| l[i] == l[j])) {
                                        continue;
                                    }
                                    let send = s * 1000 + e * 100 + n * 10 + d;
                                    let more = m * 1000 + o * 100 + r * 10 + e;
                                    let money = m * 10000 + o * 1000 + n * 100 + e * 10 + y;
                                    if send + more == money {
                                        found.push(format!("{send} + {more} = {money}"));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(found, vec!["9567 + 1085 = 10652"]);
    assert_eq!(v["answers"][0]["text"], found[0]);
    assert_eq!(v["count"], 1);
    assert!(v["nodes"].as_u64().unwrap() < 1_814_400 / 10);
}

#[test]
fn eight_queens_count() {
    let (v, _) = run_json(&["specs/eight-queens-search.toml"]);
    fn place(row: i32, cols: &mut Vec<i32>) -> u64 {
        if row == 8 {
            return 1;
        }
        let mut n = 0;
        for c in 0..8 {
            if cols
                .iter()
                .enumerate()
                .all(|(r, &q)| q != c && (q - c).abs() != row - r as i32)
            {
                cols.push(c);
                n += place(row + 1, cols);
                cols.pop();
            }
        }
        n
    }
    let expected = place(0, &mut Vec::new());
    assert_eq!(expected, 92);
    assert_eq!(v["count"], expected);
    assert_eq!(v["status"], "counted");
}

#[test]
fn no_solution_is_an_answer() {
    let out = run(&[
        "run",
        "specs/oomachi.toml",
        "--set",
        "search.variables=[\"n in 1..1000\"]",
    ]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let text = out.stdout;
    assert!(text.contains("no solution"), "{text}");
    assert!(text.contains("exhaustive search"), "{text}");
}

#[test]
fn declaration_and_constraint_errors_point_into_the_formula() {
    // `variables = ["` is 14 characters: column 3 of "n 1..3000" is column 17 of line 6.
    expect_error(
        "tests/bad/search-declaration.toml",
        "6:17",
        &[
            "column 3 of the formula",
            "expected `in`, `distinct in` or `permutation of`",
        ],
    );
    expect_error(
        "tests/bad/search-constraint.toml",
        "9:14",
        &["column 11 of the formula", "`)`"],
    );
}

/// Writes a search spec of its own with `constraints` on line 7.
fn spec_with_constraints(name: &str, variables: &str, constraints: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzzlespec-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(
        &spec,
        format!(
            "[puzzle]\nname = \"{name}\"\nkind = \"search\"\n\n[search]\nvariables = [\"{variables}\"]\nconstraints = {constraints}\n"
        ),
    )
    .unwrap();
    spec.to_str().unwrap().to_string()
}

fn notes(v: &Value) -> Vec<String> {
    v["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_constraint_that_never_evaluates_is_not_a_silent_no_solution() {
    // `constraints = ["n > 0", "` is 25 characters; the divisor `n - n` starts 7 further
    // (inside its parentheses): column 33.
    let spec = spec_with_constraints(
        "zero-divisor",
        "n in 1..50",
        r#"["n > 0", "100 / (n - n) == 1"]"#,
    );
    let (v, code) = run_json(&[&spec]);
    assert_eq!(code, 1);
    assert_eq!(v["status"], "no-solution");
    // Every n passes `n > 0`, then divides by n - n = 0: 50 failed evaluations, none false.
    let candidates = (1..=50).filter(|n| *n > 0).count() as u64;
    assert_eq!(v["evaluation_errors"].as_u64().unwrap(), candidates);
    let notes = notes(&v);
    let at = format!("{spec}:7:33: in a constraint: division by zero");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("50 evaluations") && n.contains(&at)),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("no constraint was ever false")),
        "{notes:?}"
    );
}

#[test]
fn a_constraint_failing_for_some_candidates_is_counted_and_located() {
    // 100 / (n - 7) == 3 has no whole solution; only n = 7 fails to evaluate.
    let spec = spec_with_constraints(
        "one-zero-divisor",
        "n in 1..50",
        r#"["100 / (n - 7) == 3"]"#,
    );
    let (v, code) = run_json(&[&spec]);
    assert_eq!(code, 1);
    let expected_failures = (1..=50).filter(|n| n - 7 == 0).count() as u64;
    assert_eq!(v["evaluation_errors"].as_u64().unwrap(), expected_failures);
    let notes = notes(&v);
    // `constraints = ["` is 16 characters; the divisor `n - 7` starts 7 further: column 24.
    let at = format!("{spec}:7:24: in a constraint: division by zero");
    assert!(
        notes
            .iter()
            .any(|n| n.contains("1 evaluation of") && n.contains(&at)),
        "{notes:?}"
    );
    // The other 49 candidates were false: the no-solution note does not blame the arithmetic.
    assert!(
        !notes
            .iter()
            .any(|n| n.contains("no constraint was ever false")),
        "{notes:?}"
    );
}

/// Writes a search spec over `n in 1..3` with `show` on line 7 (its text from column 9).
fn spec_with_show(name: &str, show: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzzlespec-search-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(
        &spec,
        format!(
            "[puzzle]\nname = \"{name}\"\nkind = \"search\"\n\n[search]\nvariables = [\"n in 1..3\"]\nshow = \"{show}\"\n"
        ),
    )
    .unwrap();
    spec.to_str().unwrap().to_string()
}

#[test]
fn show_errors_point_into_the_template() {
    // `show = "` is 8 characters and `n = {n}, {` 10 more: `m` is at column 19.
    let spec = spec_with_show("show-name", "n = {n}, {m + 1}");
    expect_error(&spec, "7:19", &["in `show`", "unknown name `m`"]);
    // n = 2 divides by zero: that solution shows `<division by zero>`, and a note points at
    // the divisor `n - 2`, 7 characters into `{100 / (n - 2)}`: column 9 + 10 + 7 = 26.
    let spec = spec_with_show("show-divisor", "n = {n}, {100 / (n - 2)}");
    let (v, code) = run_json(&[&spec]);
    assert_eq!(code, 0);
    let texts: Vec<&str> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        texts,
        ["n = 1, -100", "n = 2, <division by zero>", "n = 3, 100"]
    );
    let at = format!("{spec}:7:26: in `show`: division by zero");
    assert!(v["notes"].to_string().contains(&at), "{}", v["notes"]);
}
