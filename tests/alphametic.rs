//! The alphametic specs: each answer is checked against an independent brute force (or, for
//! the 300-addend benchmark, against the digits it was generated from) and re-added here.

mod common;

use common::{expect_error, puzzlespec, run, run_json};
use serde_json::Value;
use std::collections::HashMap;

type Letters = HashMap<char, i128>;

fn letters_of(answer: &Value) -> Letters {
    answer["letters"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| (k.chars().next().unwrap(), v.as_i64().unwrap() as i128))
        .collect()
}

fn value(word: &str, digits: &Letters) -> i128 {
    word.chars().fold(0, |acc, c| acc * 10 + digits[&c])
}

/// Every assignment of distinct digits (no leading zero) with sum(addends) == result.
fn brute_force(addends: &[&str], result: &str) -> Vec<Letters> {
    let mut letters: Vec<char> = Vec::new();
    for w in addends.iter().chain([&result]) {
        for c in w.chars() {
            if !letters.contains(&c) {
                letters.push(c);
            }
        }
    }
    let leading: Vec<char> = addends
        .iter()
        .chain([&result])
        .filter(|w| w.len() > 1)
        .map(|w| w.chars().next().unwrap())
        .collect();
    let mut found = Vec::new();
    let mut digits = Letters::new();
    fn rec(
        i: usize,
        used: u32,
        letters: &[char],
        leading: &[char],
        digits: &mut Letters,
        check: &dyn Fn(&Letters) -> bool,
        found: &mut Vec<Letters>,
    ) {
        if i == letters.len() {
            if check(digits) {
                found.push(digits.clone());
            }
            return;
        }
        for d in 0..10 {
            if used & (1 << d) != 0 || (d == 0 && leading.contains(&letters[i])) {
                continue;
            }
            digits.insert(letters[i], d as i128);
            rec(i + 1, used | 1 << d, letters, leading, digits, check, found);
        }
    }
    let check = |d: &Letters| addends.iter().map(|w| value(w, d)).sum::<i128>() == value(result, d);
    rec(0, 0, &letters, &leading, &mut digits, &check, &mut found);
    found
}

fn assert_same_answers(spec: &str, addends: &[&str], result: &str) -> Value {
    let (v, code) = run_json(&[spec]);
    let expected = brute_force(addends, result);
    let answers: Vec<Letters> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(letters_of)
        .collect();
    assert_eq!(
        v["count"].as_u64().unwrap() as usize,
        expected.len(),
        "{spec}"
    );
    assert_eq!(answers.len(), expected.len());
    for a in &answers {
        assert!(
            expected.contains(a),
            "{spec}: {a:?} not found by brute force"
        );
    }
    assert_eq!(code, if expected.is_empty() { 1 } else { 0 });
    v
}

#[test]
fn send_more_money_has_the_seeds_unique_answer() {
    let v = assert_same_answers("specs/send-more-money.toml", &["SEND", "MORE"], "MONEY");
    assert_eq!(v["status"], "solved");
    let d = letters_of(&v["answers"][0]);
    assert_eq!(
        (value("SEND", &d), value("MORE", &d), value("MONEY", &d)),
        (9567, 1085, 10652)
    );
    // The text output shows the formula with digits, like the seed.
    puzzlespec()
        .args(["run", "specs/send-more-money.toml"])
        .assert()
        .success()
        .stdout(predicates::str::contains("9567 + 1085 = 10652"));
}

#[test]
fn both_engines_agree_on_send_more_money() {
    let (v, _) = run_json(&["specs/send-more-money.toml", "--engine", "columns"]);
    assert_eq!(v["engine"], "columns");
    assert_eq!(v["answers"][0]["formula"], "9567 + 1085 = 10652");
    assert_eq!(v["count"], 1);
}

#[test]
fn donald_gerald_robert_uses_all_ten_digits() {
    let v = assert_same_answers(
        "specs/donald-gerald-robert.toml",
        &["DONALD", "GERALD"],
        "ROBERT",
    );
    assert_eq!(v["count"], 1);
    assert_eq!(v["answers"][0]["letters"].as_object().unwrap().len(), 10);
}

#[test]
fn ten_ten_ten_thirty_has_no_solution() {
    let v = assert_same_answers(
        "specs/ten-ten-ten-thirty.toml",
        &["TEN", "TEN", "TEN"],
        "THIRTY",
    );
    assert_eq!(v["status"], "no-solution");
    let out = run(&["run", "specs/ten-ten-ten-thirty.toml"]);
    assert_eq!(out.code, 1, "{}", out.stderr);
    let text = out.stdout;
    assert!(text.contains("no solution"), "{text}");
    assert!(text.contains("exhaustive search"), "{text}");
}

/// A search stopped before it found anything has proved nothing: the report says it stopped,
/// never "exhaustive search" (the column engine said so, found by scripts/fuzz-specs.py). The
/// column engine takes about 2 s on these 300 addends, so a microsecond's limit always stops it.
#[test]
fn a_stopped_search_claims_no_proof() {
    let out = run(&[
        "run",
        "specs/alphametic-300-addends.toml",
        "--engine",
        "columns",
        "--time-limit",
        "0.000001",
    ]);
    assert_eq!(out.code, 6, "{}", out.stderr);
    assert!(
        out.stdout.contains("stopped by the time limit"),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("exhaustive"), "{}", out.stdout);
}

#[test]
fn so_many_more_men_with_41_addends() {
    let spec = std::fs::read_to_string("specs/so-many-more-men.toml").unwrap();
    let formula = spec
        .lines()
        .find_map(|l| l.strip_prefix("formula = "))
        .unwrap();
    let formula = formula.trim_matches('"');
    let (lhs, rhs) = formula.split_once(" = ").unwrap();
    let addends: Vec<&str> = lhs.split(" + ").collect();
    assert_eq!(addends.len(), 41);
    assert_same_answers("specs/so-many-more-men.toml", &addends, rhs);
}

#[test]
fn two_times_two_is_a_square() {
    let (v, _) = run_json(&["specs/two-two-square.toml"]);
    assert_eq!(v["engine"], "columns");
    // Independent: every TWO with distinct digits whose square fits the pattern SQUARE.
    let mut expected = Vec::new();
    for two in 100..1000i128 {
        let s = two.to_string() + &(two * two).to_string();
        let mut map: HashMap<char, char> = HashMap::new();
        let consistent = "TWOSQUARE".chars().zip(s.chars()).all(|(l, d)| {
            let prev = *map.entry(l).or_insert(d);
            prev == d
        }) && s.len() == 9;
        let mut digits: Vec<char> = map.values().copied().collect();
        digits.sort();
        digits.dedup();
        if consistent && digits.len() == 9 {
            expected.push(two);
        }
    }
    let mut found: Vec<i128> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| value("TWO", &letters_of(a)))
        .collect();
    found.sort();
    assert_eq!(found, expected);
    assert!(found.contains(&807));
}

#[test]
fn three_hundred_addends() {
    let spec = std::fs::read_to_string("specs/alphametic-300-addends.toml").unwrap();
    let formula = spec
        .lines()
        .find_map(|l| l.strip_prefix("formula = "))
        .unwrap();
    let (lhs, rhs) = formula.trim_matches('"').split_once(" = ").unwrap();
    let addends: Vec<&str> = lhs.split(" + ").collect();
    assert_eq!(addends.len(), 300);
    let (v, code) = run_json(&["specs/alphametic-300-addends.toml"]);
    assert_eq!(code, 0);
    // The digits the spec was generated from must be among the answers, and every answer adds up.
    let generated: Letters = "ABCDEFGHIJ"
        .chars()
        .zip([3, 5, 6, 2, 0, 4, 9, 7, 1, 8])
        .collect();
    let answers: Vec<Letters> = v["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(letters_of)
        .collect();
    assert!(answers.contains(&generated));
    for a in &answers {
        assert_eq!(
            addends.iter().map(|w| value(w, a)).sum::<i128>(),
            value(rhs, a)
        );
    }
}

#[test]
fn syntax_errors_point_at_the_formula_column_and_the_spec_line() {
    // `formula = "` is 11 characters, so column 13 of the formula is column 24 of line 6.
    expect_error(
        "tests/bad/alphametic-syntax.toml",
        "6:24",
        &["column 13 of the formula", "expected an operator or `=`"],
    );
}

#[test]
fn bad_settings_are_explained() {
    expect_error(
        "tests/bad/alphametic-base.toml",
        "7:8",
        &["base 40", "2 to 36"],
    );
    expect_error(
        "tests/bad/alphametic-engine.toml",
        "9:10",
        &["weighted-sums", "columns"],
    );
}

#[test]
fn both_engines_agree_on_many_formulas() {
    for formula in [
        "ONE + ONE = TWO",
        "SEND + MORE = HONEY",
        "ODD + ODD = EVEN",
        "A + B - C = 2 * D",
        "SIX + SEVEN + SEVEN = TWENTY",
        "NO + NO + TOO = LATE",
    ] {
        let set = format!("alphametic.formula=\"{formula}\"");
        let count = |engine: &str| {
            let (v, _) = run_json(&[
                "specs/send-more-money.toml",
                "--set",
                &set,
                "--engine",
                engine,
                "--objective",
                "count",
            ]);
            v["count"].as_u64().unwrap()
        };
        assert_eq!(count("weighted-sums"), count("columns"), "{formula}");
    }
}

/// Writes `formula` into a spec of its own (line 6, the formula's text from column 12).
fn spec_with_formula(name: &str, formula: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzzlespec-alphametic-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join(format!("{name}.toml"));
    std::fs::write(
        &spec,
        format!(
            "[puzzle]\nname = \"{name}\"\nkind = \"alphametic\"\n\n[alphametic]\nformula = \"{formula}\"\n"
        ),
    )
    .unwrap();
    spec.to_str().unwrap().to_string()
}

#[test]
fn more_letters_than_digits_is_an_error_at_the_formula() {
    let formula = "ABCDEFGHIJ + K = LM";
    let mut letters: Vec<char> = formula.chars().filter(char::is_ascii_alphabetic).collect();
    letters.dedup();
    assert_eq!(letters.len(), 13);
    let listed = letters
        .iter()
        .map(char::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let spec = spec_with_formula("thirteen-letters", formula);
    // `formula = "` is 11 characters: the formula starts at column 12 of line 6.
    expect_error(
        &spec,
        "6:12",
        &[
            "13 different letters",
            &listed,
            "base 10 has only 10 digits",
        ],
    );
    // `check` refuses it too: the spec is wrong, there is nothing to search.
    let out = run(&["check", &spec]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("13 different letters"),
        "{}",
        out.stderr
    );
    // With 16 digits, or letters free to repeat, it is a puzzle again and is searched.
    let (v, code) = run_json(&[&spec, "--set", "alphametic.base=16"]);
    assert!(code == 0 || code == 1, "{v}");
    assert!(v["nodes"].as_u64().is_some());
    let (v, _) = run_json(&[&spec, "--set", "alphametic.distinct=false"]);
    assert!(v["nodes"].as_u64().is_some());
}

#[test]
fn weighted_sums_on_a_product_names_the_engine_that_can() {
    let out = run(&["run", "tests/bad/alphametic-engine.toml"]);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("multiplies words"), "{}", out.stderr);
    assert!(out.stderr.contains("one of: columns"), "{}", out.stderr);
}
