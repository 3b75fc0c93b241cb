//! Formulas are exact at any size: where 128 bits overflow, the evaluation goes on over big
//! numbers, so a comparison is never wrong nor refused for the size of what it compares.
//! Each expected answer is computed here independently (u128 / plain reasoning).

mod common;

use common::{run, run_json};

const E20: &str = "100000000000000000000"; // 10^20: fits 128 bits; its square does not

/// A search spec of its own with one variable declaration and the given constraints.
fn search_spec(name: &str, variables: &str, constraints: &[String], show: Option<&str>) -> String {
    let dir = std::env::temp_dir().join(format!("puzzlespec-exact-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.toml"));
    let list: Vec<String> = constraints.iter().map(|c| format!("{c:?}")).collect();
    let show = show.map_or(String::new(), |s| format!("show = {s:?}\n"));
    std::fs::write(
        &path,
        format!(
            "[puzzle]\nname = \"{name}\"\nkind = \"search\"\n\n[search]\nvariables = [{variables:?}]\nconstraints = [{}]\n{show}\n[solve]\nobjective = \"count\"\n",
            list.join(", ")
        ),
    )
    .unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn products_past_128_bits_compare_exactly() {
    // n * 10^40 > 0 for every n in 1..3: three solutions (the reproducer).
    let spec = search_spec(
        "huge-product",
        "n in 1..3",
        &[format!("n * {E20} * {E20} > 0")],
        None,
    );
    let (v, code) = run_json(&[&spec]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["count"], 3);
    assert_eq!(v["evaluation_errors"], 0);
}

#[test]
fn big_intermediate_values_give_small_exact_results() {
    // (n * 10^40 + 7) % 10^40 == 7 and (n * 10^40) / (10^40) == n hold for every n; the
    // "== n + 1" variant never does. 2^126 is the largest power of two a literal may be (a
    // literal must fit 128 bits); `n * 2^126` overflows i128 from n = 2 on.
    let two126 = (1u128 << 126).to_string();
    let holds = [
        format!("(n * {E20} * {E20} + 7) % ({E20} * {E20}) == 7"),
        format!("n * {E20} * {E20} / ({E20} * {E20}) == n"),
        format!("n * {two126} / {two126} == n"),
        format!("-(n * {E20} * {E20}) < -{E20}"),
    ];
    for c in holds {
        let spec = search_spec("big-holds", "n in 1..5", std::slice::from_ref(&c), None);
        let (v, code) = run_json(&[&spec]);
        assert_eq!(code, 0, "{c}: {v}");
        assert_eq!(v["count"], 5, "{c}");
    }
    let never = format!("n * {E20} * {E20} / ({E20} * {E20}) == n + 1");
    let spec = search_spec("big-never", "n in 1..5", &[never], None);
    let (v, code) = run_json(&[&spec]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["evaluation_errors"], 0, "false, not failed");
}

#[test]
fn digit_functions_work_past_128_bits() {
    // 10^40 + n has 41 digits and digit sum 1 + n; number() of 45 nines is 10^45 - 1.
    let c = [
        format!("digits({E20} * {E20} + n) == 41"),
        format!("digit_sum({E20} * {E20} + n) == 1 + n"),
        format!(
            "number({}) + 1 == {E20} * {E20} * 100000",
            vec!["9"; 45].join(", ")
        ),
    ];
    let spec = search_spec("big-digits", "n in 1..9", &c, None);
    let (v, code) = run_json(&[&spec]);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["count"], 9);
}

#[test]
fn a_water_jugs_goal_past_128_bits_finds_the_seed_answer() {
    // A * 10^40 == 4 * 10^40 is A == 4: the seed's 8/5 jugs measure 4 L in A... or in B: the
    // plain goal `A == 4` gives the length to compare with.
    let plain = run(&[
        "run",
        "specs/water-jugs.toml",
        "--json",
        "--set",
        "jugs.goal=\"A == 4\"",
    ]);
    let huge = run(&[
        "run",
        "specs/water-jugs.toml",
        "--json",
        "--set",
        &format!("jugs.goal=\"A * {E20} * {E20} == 4 * {E20} * {E20}\""),
    ]);
    assert_eq!(plain.code, 0, "{}", plain.stderr);
    assert_eq!(huge.code, 0, "{}", huge.stderr);
    assert_eq!(huge.json()["cost"], plain.json()["cost"]);
    assert!(huge.json().get("notes").is_none(), "{}", huge.stdout);
}

#[test]
fn a_shown_value_too_large_for_a_result_says_so_at_its_place() {
    let spec = search_spec(
        "big-show",
        "n in 1..2",
        &["n > 0".to_string()],
        Some(&format!("{{n * {E20} * {E20}}}")),
    );
    let out = run(&["run", &spec, "--objective", "all"]);
    assert!(
        out.stdout
            .contains("more than a result may have (128 bits)"),
        "{}\n{}",
        out.stdout,
        out.stderr
    );
}
