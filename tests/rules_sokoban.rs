//! `specs/sokoban-microban1-rules.toml`: Microban level 1 written as rules. The fewest moves,
//! the fewest pushes, the number of shortest solutions and the reachable positions must equal
//! those of a search written here over the level's picture (rows and columns, not the spec's
//! numbered cells and tables).

mod common;

use common::run_json;
use std::collections::{BTreeSet, HashMap, VecDeque};

/// The level as the spec's description draws it.
const LEVEL: [&str; 7] = [
    "####", "# .#", "#  ###", "#*@  #", "#  $ #", "#  ###", "####",
];
const SPEC: &str = "specs/sokoban-microban1-rules.toml";

type Cell = (i32, i32);
/// The player and the boxes.
type Position = (Cell, BTreeSet<Cell>);

struct Level {
    floor: BTreeSet<Cell>,
    goals: BTreeSet<Cell>,
    start: Position,
}

fn level() -> Level {
    let (mut floor, mut goals, mut boxes, mut player) =
        (BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), (0, 0));
    for (r, row) in LEVEL.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let at = (r as i32, c as i32);
            if ch != '#' {
                floor.insert(at);
            }
            if matches!(ch, '.' | '*' | '+') {
                goals.insert(at);
            }
            if matches!(ch, '$' | '*') {
                boxes.insert(at);
            }
            if matches!(ch, '@' | '+') {
                player = at;
            }
        }
    }
    Level {
        floor,
        goals,
        start: (player, boxes),
    }
}

/// Each position one step away, and whether the step pushed a box.
fn steps(l: &Level, (p, boxes): &Position) -> Vec<(Position, bool)> {
    let mut out = Vec::new();
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let q = (p.0 + dr, p.1 + dc);
        let beyond = (q.0 + dr, q.1 + dc);
        if !l.floor.contains(&q) {
            continue;
        }
        if !boxes.contains(&q) {
            out.push(((q, boxes.clone()), false));
        } else if l.floor.contains(&beyond) && !boxes.contains(&beyond) {
            let mut moved = boxes.clone();
            moved.remove(&q);
            moved.insert(beyond);
            out.push(((q, moved), true));
        }
    }
    out
}

/// Least cost to each reachable position, a walk costing `walk` and a push 1 (0-1 or unit
/// costs: a deque keeps the order), with the number of cheapest ways to it.
fn search(l: &Level, walk: u32) -> HashMap<Position, (u32, u64)> {
    let mut best: HashMap<Position, (u32, u64)> = HashMap::from([(l.start.clone(), (0, 1))]);
    let mut done = BTreeSet::new();
    let mut queue = VecDeque::from([(0, l.start.clone())]);
    while let Some((d, s)) = queue.pop_front() {
        if d > best[&s].0 || !done.insert(s.clone()) {
            continue;
        }
        let ways = best[&s].1;
        for (t, pushed) in steps(l, &s) {
            let cost = d + if pushed { 1 } else { walk };
            match best.get_mut(&t) {
                Some(b) if b.0 < cost => {}
                Some(b) if b.0 == cost => b.1 += ways,
                _ => {
                    best.insert(t.clone(), (cost, ways));
                    if cost == d {
                        queue.push_front((cost, t));
                    } else {
                        queue.push_back((cost, t));
                    }
                }
            }
        }
    }
    best
}

/// The least cost to a solved position, and the number of ways at that cost.
fn solved(l: &Level, walk: u32) -> (u32, u64) {
    let best = search(l, walk);
    let ends: Vec<(u32, u64)> = (best.iter())
        .filter(|((_, boxes), _)| *boxes == l.goals)
        .map(|(_, &b)| b)
        .collect();
    let least = ends
        .iter()
        .map(|e| e.0)
        .min()
        .expect("the level is solvable");
    let ways = ends.iter().filter(|e| e.0 == least).map(|e| e.1).sum();
    (least, ways)
}

#[test]
fn microban_1_matches_a_search_over_the_picture() {
    let l = level();
    let (moves, ways) = solved(&l, 1);
    let (doc, code) = run_json(&[SPEC]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["cost"].as_u64(), Some(u64::from(moves)), "{doc}");
    let (doc, _) = run_json(&[SPEC, "--objective", "count"]);
    assert_eq!(doc["count"].as_u64(), Some(ways), "{doc}");
    let (pushes, _) = solved(&l, 0);
    let (doc, code) = run_json(&[SPEC, "--objective", "cheapest", "--set", "params.walk=0"]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["cost"].as_u64(), Some(u64::from(pushes)), "{doc}");
    let (doc, _) = run_json(&[SPEC, "--objective", "reachable"]);
    assert_eq!(
        doc["count"].as_u64(),
        Some(search(&l, 1).len() as u64),
        "{doc}"
    );
    // The figures the spec's description and docs/rules.md quote.
    assert_eq!((moves, pushes), (33, 8));
}
