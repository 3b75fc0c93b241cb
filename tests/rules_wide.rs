//! kind = "rules" with states wider than two 64-bit words: the answers are computed here
//! independently (linear algebra over GF(2) for Lights Out, a plain breadth-first search over
//! boards) and compared with the binary's, and padding a state past 128 bits keeps its answer.

mod common;

use common::{lights_out_cross as cross, run_json};
use serde_json::Value;

const SPEC: &str = "specs/lights-out-n-rules.toml";

fn solve(args: &[&str]) -> Value {
    let (doc, code) = run_json(args);
    assert_eq!(code, 0, "{doc}");
    doc
}

/// The fewest presses that switch `lights` off: every solution of the GF(2) system (press
/// matrix) x = lights, one particular solution plus each combination of the null space.
fn fewest_presses(n: usize, lights: &[u8]) -> usize {
    let cells = n * n;
    // Rows of the augmented matrix [A | b], A[j][i] = press i toggles light j.
    let mut rows: Vec<Vec<u8>> = (0..cells)
        .map(|j| {
            let mut row = vec![0u8; cells + 1];
            (0..cells)
                .filter(|&i| cross(n, i).contains(&j))
                .for_each(|i| row[i] = 1);
            row[cells] = lights[j];
            row
        })
        .collect();
    let mut pivots = Vec::new();
    let mut r = 0;
    for col in 0..cells {
        let Some(p) = (r..cells).find(|&k| rows[k][col] == 1) else {
            continue;
        };
        rows.swap(r, p);
        for k in 0..cells {
            if k != r && rows[k][col] == 1 {
                let pivot = rows[r].clone();
                rows[k].iter_mut().zip(&pivot).for_each(|(a, b)| *a ^= b);
            }
        }
        pivots.push(col);
        r += 1;
    }
    assert!(
        rows[r..].iter().all(|row| row[cells] == 0),
        "the start is solvable"
    );
    let free: Vec<usize> = (0..cells).filter(|c| !pivots.contains(c)).collect();
    assert!(free.len() <= 16, "null space small enough to enumerate");
    (0u32..1 << free.len())
        .map(|choice| {
            let mut x = vec![0u8; cells];
            for (k, &f) in free.iter().enumerate() {
                x[f] = (choice >> k & 1) as u8;
            }
            for (k, &p) in pivots.iter().enumerate() {
                let forced = free
                    .iter()
                    .fold(rows[k][cells], |acc, &f| acc ^ (rows[k][f] & x[f]));
                x[p] = forced;
            }
            x.iter().filter(|&&b| b == 1).count()
        })
        .min()
        .expect("at least one solution")
}

fn lights_of(state: &Value) -> Vec<u8> {
    (state["lights"].as_array().expect("lights"))
        .iter()
        .map(|v| v.as_u64().expect("0 or 1") as u8)
        .collect()
}

/// The shipped 12 x 12 board (144 bits, three words): its answer is the least-weight solution
/// over GF(2), and every printed press toggles its cross.
#[test]
fn a_144_bit_lights_out_takes_its_fewest_presses() {
    let doc = solve(&[SPEC]);
    let start = lights_of(&doc["start"]);
    assert_eq!(start.len(), 144);
    let fewest = fewest_presses(12, &start);
    assert_eq!(doc["cost"], fewest as u64);
    assert_eq!(fewest, 4);
    let mut board = start;
    for step in doc["solutions"][0].as_array().expect("a solution") {
        let after = lights_of(&step["state"]);
        let changed: Vec<usize> = (0..144).filter(|&j| board[j] != after[j]).collect();
        let pressed = (0..144).find(|&i| {
            let mut c = cross(12, i);
            c.sort_unstable();
            c == changed
        });
        assert!(pressed.is_some(), "a press toggles one cross: {changed:?}");
        board = after;
    }
    assert!(board.iter().all(|&b| b == 0));
}

/// Every distance from all-on on an n x n board, by a breadth-first search over boards as
/// bit masks.
fn distances(n: usize) -> Vec<u32> {
    let cells = n * n;
    let presses: Vec<u32> = (0..cells)
        .map(|i| cross(n, i).iter().fold(0, |m, &j| m | 1 << j))
        .collect();
    let mut dist = vec![u32::MAX; 1 << cells];
    let start = (1u32 << cells) - 1;
    dist[start as usize] = 0;
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        for &p in &presses {
            let t = (s ^ p) as usize;
            if dist[t] == u32::MAX {
                dist[t] = dist[s as usize] + 1;
                queue.push_back(t as u32);
            }
        }
    }
    dist
}

/// A 4 x 4 board padded with an unused array to 18, 116 and 166 bits (one, two and three
/// words): the same reachable count, farthest distance and fewest presses from all on, each
/// equal to a breadth-first search written here.
#[test]
fn padding_a_state_past_128_bits_keeps_every_answer() {
    let dist = distances(4);
    let reached: Vec<u32> = dist.iter().copied().filter(|&d| d != u32::MAX).collect();
    let farthest = *reached.iter().max().expect("some");
    for pad in ["1 of 0..3", "20 of 0..31", "30 of 0..31"] {
        let run = |objective: &str| {
            let pad_var = format!("state.pad=\"{pad}\"");
            solve(&[
                SPEC,
                "--set",
                "params.n=4",
                "--set",
                "start.lights=1",
                "--set",
                &pad_var,
                "--set",
                "start.pad=3",
                "--objective",
                objective,
            ])
        };
        let doc = run("reachable");
        assert_eq!(doc["count"], reached.len() as u64, "pad {pad}");
        assert_eq!(
            doc["count"], 4096,
            "2^12: the 4 x 4 press matrix has rank 12"
        );
        let doc = run("longest");
        assert_eq!(doc["farthest_distance"], u64::from(farthest), "pad {pad}");
        let doc = run("shortest");
        assert_eq!(doc["cost"], u64::from(dist[0]), "pad {pad}");
        assert_eq!(doc["cost"], fewest_presses(4, &[1; 16]) as u64);
    }
}
