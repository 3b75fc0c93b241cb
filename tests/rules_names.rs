//! Rules labels that print names from a table of names (specs/wolf-goat-cabbage-rules.toml),
//! and a label that fails while a solution is printed: a located error, not a "?".

mod common;

use common::{expect_error, run_json, scratch_in};
use std::collections::{HashMap, VecDeque};

const ITEMS: [&str; 4] = ["farmer", "wolf", "goat", "cabbage"];

/// Whether the bank sides (bit i: where ITEMS[i] is) leave nothing eaten.
fn safe(s: u8) -> bool {
    let side = |i: u8| (s >> i) & 1;
    let eaten = |a: u8, b: u8| side(a) == side(b) && side(0) != side(a);
    !eaten(1, 2) && !eaten(2, 3)
}

/// The farmer crosses with item k (0: alone) from `s`, if the item is on his bank.
fn cross(s: u8, k: u8) -> Option<u8> {
    if k != 0 && (s >> k) & 1 != s & 1 {
        return None;
    }
    let next = s ^ 1 ^ if k == 0 { 0 } else { 1 << k };
    safe(next).then_some(next)
}

/// The fewest crossings from everything on the near bank to everything on the far one, by
/// breadth-first search over the 16 states.
fn fewest_crossings() -> usize {
    fewest_crossings_where(|_, _| true)
}

/// As [`fewest_crossings`], taking item k from state s only where `allowed(s, k)`.
fn fewest_crossings_where(allowed: impl Fn(u8, u8) -> bool) -> usize {
    let mut depth = HashMap::from([(0u8, 0usize)]);
    let mut queue = VecDeque::from([0u8]);
    while let Some(s) = queue.pop_front() {
        for k in 0..4 {
            if !allowed(s, k) {
                continue;
            }
            if let Some(n) = cross(s, k).filter(|n| !depth.contains_key(n)) {
                depth.insert(n, depth[&s] + 1);
                queue.push_back(n);
            }
        }
    }
    depth[&0b1111]
}

#[test]
fn labels_name_what_the_farmer_takes_and_replay_to_the_far_bank() {
    let (doc, code) = run_json(&["specs/wolf-goat-cabbage-rules.toml"]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["cost"], fewest_crossings() as u64);
    let steps = doc["solutions"][0].as_array().unwrap();
    assert_eq!(steps.len(), fewest_crossings());
    // Replay the printed labels with this file's own rules.
    let mut s = 0u8;
    for step in steps {
        let label = step["move"].as_str().unwrap();
        let k = if label == "the farmer crosses alone" {
            0
        } else {
            let taken = label.strip_prefix("the farmer takes the ").expect(label);
            ITEMS.iter().position(|&i| i == taken).expect(label) as u8
        };
        s = cross(s, k).unwrap_or_else(|| panic!("`{label}` is not allowed"));
    }
    assert_eq!(s, 0b1111);
}

#[test]
fn a_label_that_fails_while_printing_is_a_located_error() {
    let text = std::fs::read_to_string("specs/wolf-goat-cabbage-rules.toml").unwrap();
    let broken = text.replace("{item[k]}", "{item[k + 1]}");
    assert_ne!(broken, text);
    let path = scratch_in("rules_names", "past-the-end").join("spec.toml");
    std::fs::write(&path, broken).unwrap();
    let line = (text.lines())
        .position(|l| l.starts_with("label") && l.contains("{item[k]}"))
        .unwrap()
        + 1;
    let col = text.lines().nth(line - 1).unwrap().find("k]").unwrap() + 1;
    expect_error(
        path.to_str().unwrap(),
        &format!("{line}:{col}"),
        &[
            "while printing a solution",
            "4 is outside this table of 4 names",
            "k=3",
        ],
    );
}

/// The puzzle written with the members' names in the guard, the effect and the constraints
/// (`side[goat]`, `k != farmer`), and a move looping over the table of names. One more rule
/// leaves one of the plain puzzle's two shortest solutions: the wolf never comes back.
const NAMED: &str = r#"[puzzle]
name = "named"
kind = "rules"

[tables]
item = ["farmer", "wolf", "goat", "cabbage"]

[state]
side = "4 of 0..1"

[start]
side = 0

[[move]]
name = "alone"
label = "alone"
do = "side[farmer] = 1 - side[farmer]"

[[move]]
name = "take"
label = "{item[k]}"
for = "k in item"
when = "k != farmer and side[k] == side[farmer] and not (k == wolf and side[wolf] == 1)"
do = "side[k] = 1 - side[farmer]; side[farmer] = 1 - side[farmer]"

[[constraint]]
forbid = "side[wolf] == side[goat] and side[farmer] != side[wolf]"
[[constraint]]
forbid = "side[goat] == side[cabbage] and side[farmer] != side[goat]"

[goal]
reach = "all(side[i] == 1 for i in item)"

[solve]
objective = "shortest"
"#;

#[test]
fn names_of_a_table_work_in_guards_effects_and_constraints() {
    let path = scratch_in("rules_names", "in-guards").join("spec.toml");
    std::fs::write(&path, NAMED).unwrap();
    let wolf_stays = |s: u8, k: u8| !(k == 1 && (s >> 1) & 1 == 1);
    let want = fewest_crossings_where(wolf_stays);
    let (doc, code) = run_json(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["cost"], want as u64, "{doc}");
    let mut s = 0u8;
    for step in doc["solutions"][0].as_array().unwrap() {
        let label = step["move"].as_str().unwrap();
        let k = match label {
            "alone" => 0,
            _ => ITEMS.iter().position(|&i| i == label).expect(label) as u8,
        };
        assert!(wolf_stays(s, k), "`{label}` brings the wolf back");
        s = cross(s, k).unwrap_or_else(|| panic!("`{label}` is not allowed"));
    }
    assert_eq!(s, 0b1111);
}

#[test]
fn a_name_used_as_a_number_is_a_located_error() {
    let text = NAMED.replace("k != farmer and", "item[k] != farmer and");
    let path = scratch_in("rules_names", "name-as-number").join("spec.toml");
    std::fs::write(&path, text).unwrap();
    expect_error(
        path.to_str().unwrap(),
        "23:9",
        &[
            "`item[...]` is a name, used here as a number",
            "k == farmer",
        ],
    );
}
