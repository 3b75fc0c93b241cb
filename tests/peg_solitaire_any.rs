//! `objective = "any"` on the shipped single-vacancy boards: every solution is replayed here on a
//! plain board model written in the test (drawn holes, orthogonal jumps over the midpoint), and
//! its last position compared with the goal; a start a pagoda function rules out is refused
//! before any search, with the function named.

mod common;

use common::run_json;
use std::collections::BTreeSet;

/// Holes as (column, row) from 0.
type Cells = BTreeSet<(i32, i32)>;

/// The holes of a drawing by their labels (column letter, row number from 1), and the empty ones.
fn board(drawing: &str) -> (Cells, Cells) {
    let (mut holes, mut empty) = (BTreeSet::new(), BTreeSet::new());
    for (y, row) in drawing.lines().enumerate() {
        for (x, c) in row.chars().enumerate() {
            let at = (x as i32, y as i32);
            match c {
                'o' => {
                    holes.insert(at);
                }
                '.' => {
                    holes.insert(at);
                    empty.insert(at);
                }
                _ => {}
            }
        }
    }
    (holes, empty)
}

/// "d4" -> (3, 3).
fn cell(label: &str) -> (i32, i32) {
    let mut chars = label.chars();
    let column = chars.next().unwrap() as i32 - 'a' as i32;
    let row: i32 = chars.as_str().parse().unwrap();
    (column, row - 1)
}

/// Plays `(d2, d4)(b3, d3, ...)...` from the start; panics on an illegal jump; the last pegs.
fn replay(holes: &Cells, empty: &Cells, line: &str) -> Vec<String> {
    let mut pegs: Cells = holes.difference(empty).copied().collect();
    for chain in line
        .trim_start_matches('(')
        .trim_end_matches(')')
        .split(")(")
    {
        let stops: Vec<(i32, i32)> = chain.split(", ").map(cell).collect();
        for hop in stops.windows(2) {
            let (a, c) = (hop[0], hop[1]);
            let (dx, dy) = (c.0 - a.0, c.1 - a.1);
            assert!(
                (dx.abs(), dy.abs()) == (2, 0) || (dx.abs(), dy.abs()) == (0, 2),
                "{chain}"
            );
            let over = (a.0 + dx / 2, a.1 + dy / 2);
            assert!(
                pegs.contains(&a) && pegs.contains(&over),
                "{chain} in {line}"
            );
            assert!(
                holes.contains(&c) && !pegs.contains(&c),
                "{chain} in {line}"
            );
            pegs.remove(&a);
            pegs.remove(&over);
            pegs.insert(c);
        }
    }
    let label = |&(x, y): &(i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    pegs.iter().map(label).collect()
}

const ENGLISH: &str = "  ooo\n  ooo\nooooooo\nooo.ooo\nooooooo\n  ooo\n  ooo\n";
const FRENCH: &str = "  ooo\n oo.oo\nooooooo\nooooooo\nooooooo\n ooooo\n  ooo\n";
const DIAMOND: &str =
    "    o\n   .oo\n  ooooo\n ooooooo\nooooooooo\n ooooooo\n  ooooo\n   ooo\n    o\n";

fn solved_and_replayed(spec: &str, drawing: &str, finish: &str) -> serde_json::Value {
    let (v, code) = run_json(&[spec, "--objective", "any"]);
    assert_eq!(code, 0, "{spec}: {v}");
    assert_eq!(v["status"], "solved", "{spec}");
    let (holes, empty) = board(drawing);
    let line = v["notation"][0].as_str().unwrap();
    assert_eq!(
        replay(&holes, &empty, line),
        vec![finish.to_string()],
        "{spec}"
    );
    v
}

#[test]
fn english_central_game_any_is_found_by_the_filtered_search_without_layers() {
    let v = solved_and_replayed("specs/english33.toml", ENGLISH, "d4");
    assert_eq!(v["engine"], "filtered-dfs");
    let reason = v["engine_reason"].as_str().unwrap();
    assert!(reason.contains("one solution is asked for"), "{reason}");
    // A handful of positions, not the 2.6 million classes of an end-game layer.
    assert!(v["stats"]["states"].as_u64().unwrap() < 100_000, "{v}");
    assert_eq!(v["jumps"], 31);
}

#[test]
fn french_and_diamond_any_solutions_replay_to_their_goal() {
    solved_and_replayed("specs/french37.toml", FRENCH, "d6");
    solved_and_replayed("specs/diamond41.toml", DIAMOND, "f2");
}

#[test]
fn a_start_without_pegs_on_the_centres_lattice_is_refused_by_a_pagoda_function() {
    // Holes b4 d2 d4 d6 f4 empty: position classes allow the centre, but only a peg on one of
    // these five holes can ever land on d4 (jumps move a peg two holes along a line).
    let drawing =
        "board.drawing=\"  ooo\\n  o.o\\nooooooo\\no.o.o.o\\nooooooo\\n  o.o\\n  ooo\\n\"";
    let (v, code) = run_json(&[
        "specs/english33.toml",
        "--objective",
        "any",
        "--set",
        drawing,
    ]);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["status"], "no-solution");
    assert_eq!(v["stats"]["states"], 0);
    let note = v["notes"][0].as_str().unwrap();
    assert!(note.contains("pagoda function"), "{note}");
    assert!(note.contains("{d2 1, b4 1, d4 1, f4 1, d6 1}"), "{note}");
}

#[test]
fn the_old_depth_first_engine_stays_selectable_by_name() {
    let (v, code) = run_json(&[
        "specs/hoppers.toml",
        "--objective",
        "any",
        "--engine",
        "dfs",
    ]);
    assert_eq!(code, 0);
    assert_eq!(v["engine"], "dfs");
    assert!(v["engine_reason"].as_str().unwrap_or("").is_empty(), "{v}");
    let (v, code) = run_json(&["specs/hoppers.toml", "--objective", "any"]);
    assert_eq!(code, 0);
    assert_eq!(v["engine"], "filtered-dfs");
}
