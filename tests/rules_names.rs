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

/// The fewest crossings of `n` missionaries and `n` cannibals with a boat for `seats`, by
/// breadth-first search over (missionaries left, cannibals left, boat side); None when the far
/// bank cannot be reached.
fn missionaries_fewest(n: i32, seats: i32) -> Option<usize> {
    let safe = |m: i32, c: i32| (m == 0 || c <= m) && (n - m == 0 || n - c <= n - m);
    let mut depth = HashMap::from([((n, n, 0), 0usize)]);
    let mut queue = VecDeque::from([(n, n, 0)]);
    while let Some((m, c, b)) = queue.pop_front() {
        for dm in 0..=seats {
            for dc in 0..=seats - dm {
                let sign = if b == 0 { -1 } else { 1 };
                let next = (m + sign * dm, c + sign * dc, 1 - b);
                let ok = (0..=n).contains(&next.0) && (0..=n).contains(&next.1);
                if dm + dc > 0 && ok && safe(next.0, next.1) && !depth.contains_key(&next) {
                    depth.insert(next, depth[&(m, c, b)] + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    (0..2).filter_map(|b| depth.get(&(0, 0, b))).copied().min()
}

/// The number at the start of a label part: "0 missionaries" is 0, "2 cannibals" is 2.
fn how_many(part: &str) -> i32 {
    part.split(' ').next().unwrap().parse().unwrap()
}

/// Replays the labels of the first solution of `doc` from `n` and `n` on the near bank: each
/// says who crosses, within `seats`, and the states it prints follow. Returns the steps.
fn replay_missionaries(doc: &serde_json::Value, n: i32, seats: i32) -> usize {
    let steps = doc["solutions"][0].as_array().unwrap();
    let (mut m, mut c, mut b) = (n, n, 0);
    for step in steps {
        let label = step["move"].as_str().unwrap();
        let (mis, can) = label
            .strip_suffix(" cross")
            .and_then(|l| l.split_once(" and "))
            .expect(label);
        assert!(
            mis.contains("missionar") && can.contains("cannibal"),
            "{label}"
        );
        let (dm, dc) = (how_many(mis), how_many(can));
        assert!(dm + dc >= 1 && dm + dc <= seats, "{label}");
        let sign = if b == 0 { -1 } else { 1 };
        (m, c, b) = (m + sign * dm, c + sign * dc, 1 - b);
        assert_eq!(step["state"]["ml"], m, "{label}");
        assert_eq!(step["state"]["cl"], c, "{label}");
    }
    assert_eq!((m, c), (0, 0));
    steps.len()
}

#[test]
fn missionaries_labels_say_who_crosses_and_replay_to_the_far_bank() {
    let (doc, code) = run_json(&["specs/missionaries-rules.toml"]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(
        Some(replay_missionaries(&doc, 3, 2)),
        missionaries_fewest(3, 2)
    );
}

/// The labels hold for any boat: with 6 seats and 10 of each (where the sixth seat saves
/// crossings, by the search here), every crossing is labelled and the answer is the fewest.
#[test]
fn missionaries_with_a_boat_for_six_label_every_crossing() {
    let (n, seats) = (10, 6);
    let six = missionaries_fewest(n, seats).expect("10 and 10 cross in a boat for 6");
    assert!(missionaries_fewest(n, seats - 1).is_none_or(|five| five > six));
    let (doc, code) = run_json(&[
        "specs/missionaries-rules.toml",
        "--set",
        "params.n=10",
        "--set",
        "params.seats=6",
    ]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(replay_missionaries(&doc, n, seats), six);
}

#[test]
fn bridge_labels_name_the_walkers_and_their_times_add_to_the_cost() {
    let times = HashMap::from([("Ann", 1), ("Ben", 2), ("Cat", 5), ("Dan", 10)]);
    let (doc, code) = run_json(&["specs/bridge-torch-rules.toml"]);
    assert_eq!(code, 0, "{doc}");
    let mut across = HashMap::new();
    let mut total = 0;
    for step in doc["solutions"][0].as_array().unwrap() {
        let label = step["move"].as_str().unwrap();
        let who: Vec<&str> = match label.strip_suffix(" crosses") {
            Some(one) => vec![one],
            None => label
                .strip_suffix(" cross")
                .expect(label)
                .split(" and ")
                .collect(),
        };
        total += who.iter().map(|w| times[w]).max().unwrap();
        for w in who {
            *across.entry(w).or_insert(false) ^= true;
        }
    }
    assert_eq!(doc["cost"], total);
    assert!(
        times.keys().all(|w| across.get(w) == Some(&true)),
        "{across:?}"
    );
    // The known optimum for 1, 2, 5, 10 minutes (the spec's description): 17.
    assert_eq!(total, 17);
}
