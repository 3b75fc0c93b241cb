//! The symmetries [`super::mirror::find`] finds, checked on the 8-puzzle as rules against
//! distances by breadth-first search (apart from `mirror.rs`: this test also builds the tables,
//! and `pattern.rs` uses the mirrors, so the test inside `mirror.rs` would close an import
//! circle).

use super::load::puzzle_from_spec;
use super::mirror::find;
use super::model::Rules;
use super::pattern::AutoHeuristic;
use crate::spec::SpecDocument;
use std::collections::HashMap;
use std::path::Path;

/// Every position of `rules` reachable from the goal, with its distance to the goal, by a
/// breadth-first search over the moves (slides are undoable, so the distances from the goal
/// are the distances to it).
fn distances(rules: &Rules) -> HashMap<u64, u64> {
    let goal = rules.reverse.as_ref().expect("one goal state").goal.0[0];
    let mut dist = HashMap::from([(goal, 0u64)]);
    let mut frontier = vec![goal];
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for s in frontier {
            let d = dist[&s];
            for i in 0..rules.instances.len() {
                if let Ok(Some(t)) = rules.apply(i, s) {
                    dist.entry(t).or_insert_with(|| {
                        next.push(t);
                        d + 1
                    });
                }
            }
        }
        frontier = next;
    }
    dist
}

/// The 8-puzzle as rules (goal 1..8 with the blank in the corner at 8, on the main
/// diagonal): the one symmetry found is the reflection along that diagonal, place (r, c) to
/// (c, r); it keeps every position's true distance; and the tables looked up through it
/// never overestimate, over all 181,440 positions.
#[test]
fn the_eight_puzzle_mirror_is_the_diagonal_and_keeps_distances() {
    let spec = "specs/eight-rules.toml";
    let text = std::fs::read_to_string(spec).unwrap();
    let doc = SpecDocument::from_text(Path::new(spec), text, &[]).unwrap();
    let rules = &puzzle_from_spec(&doc).unwrap().rules;
    let slots: Vec<usize> = (0..9).collect();
    let found = find(rules, &slots);
    assert_eq!(found.len(), 1);
    let transpose: Vec<u8> = (0..9u8).map(|i| i % 3 * 3 + i / 3).collect();
    assert_eq!(found[0].place, transpose);
    let dist = distances(rules);
    assert_eq!(dist.len(), 181_440);
    let layout = &rules.layout;
    let m = &found[0];
    let image = |s: u64| {
        (0..9).fold(s, |t, i| {
            let v = layout.get(s, i) as usize;
            layout.with(t, m.place[i] as usize, i64::from(m.value[v]))
        })
    };
    let goal = rules.reverse.as_ref().unwrap().goal;
    let auto = AutoHeuristic::build::<u64>(rules, goal, goal, 1)
        .unwrap()
        .unwrap();
    for (&s, &d) in &dist {
        assert_eq!(dist.get(&image(s)), Some(&d), "{:?}", layout.unpack(s));
        assert!(auto.estimate(s) <= d, "{:?}", layout.unpack(s));
    }
}
