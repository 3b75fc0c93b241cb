//! Rules states wider than 128 bits pack into several 64-bit words: two tokens on a wide ring,
//! checked against a breadth-first search written here over plain byte vectors (with and without
//! a declared symmetry), and a Tower of Hanoi padded past 128 bits with an unused array, which
//! answers as its one-word form does. (Written by the helper wd9 against its own multi-word
//! layout; kept as a second, independent check of the one merged.)

mod common;

use common::run_json;
use serde_json::Value;
use std::collections::{HashSet, VecDeque};

fn solve(args: &[&str]) -> Value {
    let (doc, code) = run_json(args);
    assert_eq!(code, 0, "{doc}");
    doc
}

/// Two tokens on a ring of `n` cells, by breadth-first search over the cells as bytes: every
/// position reached with its distance from the start, in the order reached.
fn ring_distances(n: usize) -> Vec<(Vec<u8>, u64)> {
    let mut start = vec![0u8; n];
    start[..2].fill(1);
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0u64)]);
    let mut out = Vec::new();
    while let Some((s, d)) = queue.pop_front() {
        for i in (0..n).filter(|&i| s[i] == 1) {
            for j in [(i + 1) % n, (i + n - 1) % n] {
                if s[j] == 0 {
                    let mut t = s.clone();
                    t.swap(i, j);
                    if seen.insert(t.clone()) {
                        queue.push_back((t, d + 1));
                    }
                }
            }
        }
        out.push((s, d));
    }
    out
}

/// The number of positions reached, the fewest moves to tokens on `n/2` and `n/2 + 1`, and the
/// farthest distance from the start.
fn ring_brute_force(n: usize) -> (u64, u64, u64) {
    let all = ring_distances(n);
    let fewest = (all.iter())
        .find(|(s, _)| s[n / 2] == 1 && s[n / 2 + 1] == 1)
        .map(|&(_, d)| d)
        .expect("the goal is reachable");
    (all.len() as u64, fewest, all.last().expect("the start").1)
}

/// A ring of 130 cells and of 300: the fewest moves and the positions
/// reached and the farthest distance, as the brute force finds them; the start is shown whole.
#[test]
fn tokens_on_a_wide_ring_agree_with_brute_force() {
    for n in [130usize, 300] {
        let set = format!("params.n={n}");
        let (count, fewest, farthest) = ring_brute_force(n);
        assert_eq!(count, (n * (n - 1) / 2) as u64, "n = {n}");
        let doc = solve(&["tests/wide/ring-tokens.toml", "--set", &set]);
        assert_eq!(doc["cost"], fewest, "n = {n}");
        let cells = doc["start"]["cell"].as_array().expect("the start's cells");
        assert_eq!(cells.len(), n);
        assert_eq!(cells.iter().filter(|c| **c == 1).count(), 2);
        let args = ["tests/wide/ring-tokens.toml", "--set", &set];
        let doc = solve(&[&args[..], &["--objective", "reachable"]].concat());
        assert_eq!(doc["count"], count, "n = {n}");
        let doc = solve(&[&args[..], &["--objective", "longest"]].concat());
        assert_eq!(doc["farthest_distance"], farthest, "n = {n}");
    }
}

/// The Tower of Hanoi padded with 60, 200 and 246 unused cells of two bits (136, 416 and 508
/// bits, the last near the 512-bit limit) takes 2^8 - 1 moves by the same engine (search from both
/// ends: its goal names one full state) and reaches 3^8 positions, as the unpadded spec in one
/// `u64` does.
#[test]
fn a_state_padded_past_128_bits_answers_as_the_one_word_state() {
    let one_word = solve(&["specs/hanoi-rules.toml"]);
    let one_reach = solve(&["specs/hanoi-rules.toml", "--objective", "reachable"]);
    assert_eq!(one_word["cost"], 255);
    assert_eq!(one_reach["count"], 6561);
    for w in [60, 200, 246] {
        let set = format!("params.w={w}");
        let args = ["tests/wide/hanoi-padded.toml", "--set", &set];
        let doc = solve(&args);
        assert_eq!(doc["cost"], one_word["cost"], "w = {w}");
        assert_eq!(doc["engine"], one_word["engine"], "w = {w}");
        let doc = solve(&[&args[..], &["--objective", "reachable"]].concat());
        assert_eq!(doc["count"], one_reach["count"], "w = {w}");
        assert_eq!(doc["layer_counts"], one_reach["layer_counts"], "w = {w}");
    }
}

/// The ring of 130 cells with the reflection `i -> 1 - i (mod n)` declared: the classes and the
/// positions at each distance are those of the brute force, whose classes pair each position
/// with its mirror image.
#[test]
fn a_declared_symmetry_on_a_wide_ring_counts_classes_as_brute_force() {
    let n = 130;
    let all = ring_distances(n);
    let farthest = all.last().expect("the start").1 as usize;
    let (mut states, mut classes) = (vec![0u64; farthest + 1], vec![0u64; farthest + 1]);
    let mut canon = HashSet::new();
    for (s, d) in &all {
        let mirror: Vec<u8> = (0..n).map(|i| s[(n + 1 - i) % n]).collect();
        states[*d as usize] += 1;
        if canon.insert(s.clone().min(mirror)) {
            classes[*d as usize] += 1;
        }
    }
    // Pairs {a, 1 - a} are their own mirror: n/2 of them on an even ring.
    assert_eq!(canon.len(), (n * (n - 1) / 2 + n / 2) / 2);
    for objective in ["reachable", "longest"] {
        let doc = solve(&["tests/wide/ring-reflect.toml", "--objective", objective]);
        assert_eq!(
            doc["class_counts"],
            serde_json::json!(classes),
            "{objective}"
        );
        assert_eq!(
            doc["layer_counts"],
            serde_json::json!(states),
            "{objective}"
        );
    }
}
