//! specs/cube-rules.toml, the 3x3x3 Rubik's cube as rules (a 100-bit state, two words): each
//! shipped scramble's solution replayed with a cubie model written here, and its length proved
//! optimal by the test's own meet-in-the-middle search.

mod common;

use common::run_json;
use serde_json::Value;

/// The cube by the standard cubie model (Kociemba's tables), written here independently of the
/// spec's cycles: corners URF UFL ULB UBR DFR DLF DBL DRB, edges UR UF UL UB DR DF DL DB FR FL
/// BL BR; a turn takes position i's cubie from position `from[i]` and adds `twist[i]` to its
/// orientation (modulo 3 for corners, 2 for edges).
mod cube {
    pub type Cube = ([u8; 8], [u8; 8], [u8; 12], [u8; 12]);
    type Turn = ([usize; 8], [u8; 8], [usize; 12], [u8; 12]);
    pub const SOLVED: Cube = (
        [0, 1, 2, 3, 4, 5, 6, 7],
        [0; 8],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        [0; 12],
    );
    pub const FACES: [&str; 6] = ["U", "R", "F", "D", "L", "B"];
    const TURNS: [Turn; 6] = [
        (
            [3, 0, 1, 2, 4, 5, 6, 7],
            [0; 8],
            [3, 0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
            [0; 12],
        ),
        (
            [4, 1, 2, 0, 7, 5, 6, 3],
            [2, 0, 0, 1, 1, 0, 0, 2],
            [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0],
            [0; 12],
        ),
        (
            [1, 5, 2, 3, 0, 4, 6, 7],
            [1, 2, 0, 0, 2, 1, 0, 0],
            [0, 9, 2, 3, 4, 8, 6, 7, 1, 5, 10, 11],
            [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0],
        ),
        (
            [0, 1, 2, 3, 5, 6, 7, 4],
            [0; 8],
            [0, 1, 2, 3, 5, 6, 7, 4, 8, 9, 10, 11],
            [0; 12],
        ),
        (
            [0, 2, 6, 3, 4, 1, 5, 7],
            [0, 1, 2, 0, 0, 2, 1, 0],
            [0, 1, 10, 3, 4, 5, 9, 7, 8, 2, 6, 11],
            [0; 12],
        ),
        (
            [0, 1, 3, 7, 4, 5, 2, 6],
            [0, 0, 1, 2, 0, 0, 2, 1],
            [0, 1, 2, 11, 4, 5, 6, 10, 8, 9, 3, 7],
            [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 1],
        ),
    ];

    /// Face `f` (an index of [`FACES`]) turned a quarter clockwise `quarters` times.
    pub fn turn(c: Cube, f: usize, quarters: u32) -> Cube {
        let (cf, ct, ef, et) = TURNS[f];
        (0..quarters).fold(c, |(cp, co, ep, eo), _| {
            let mut n = (cp, co, ep, eo);
            for i in 0..8 {
                n.0[i] = cp[cf[i]];
                n.1[i] = (co[cf[i]] + ct[i]) % 3;
            }
            for i in 0..12 {
                n.2[i] = ep[ef[i]];
                n.3[i] = (eo[ef[i]] + et[i]) % 2;
            }
            n
        })
    }

    /// A sequence in the usual notation (`R U2 F'`).
    pub fn play(mut c: Cube, moves: &str) -> Cube {
        for m in moves.split_whitespace() {
            let f = FACES.iter().position(|&x| x == &m[..1]).unwrap();
            let q = match &m[1..] {
                "" => 1,
                "2" => 2,
                "'" => 3,
                other => panic!("no turn {other}"),
            };
            c = turn(c, f, q);
        }
        c
    }

    /// How many times `moves` is played until the cube is solved again.
    pub fn order(moves: &str) -> u32 {
        let mut c = play(SOLVED, moves);
        let mut n = 1;
        while c != SOLVED {
            c = play(c, moves);
            n += 1;
        }
        n
    }

    pub fn from_spec(state: &serde_json::Value) -> Cube {
        let ints = |k: &str| -> Vec<u8> {
            (state[k].as_array().unwrap().iter())
                .map(|v| v.as_u64().unwrap() as u8)
                .collect()
        };
        (
            ints("cp").try_into().unwrap(),
            ints("co").try_into().unwrap(),
            ints("ep").try_into().unwrap(),
            ints("eo").try_into().unwrap(),
        )
    }

    /// Every position within `depth` turns of `c` (by breadth-first search).
    pub fn ball(c: Cube, depth: usize) -> (std::collections::HashSet<Cube>, Vec<usize>) {
        let mut seen = std::collections::HashSet::from([c]);
        let mut layer = vec![c];
        let mut counts = vec![1];
        for _ in 0..depth {
            let mut next = Vec::new();
            for c in &layer {
                for f in 0..6 {
                    for q in 1..=3 {
                        let n = turn(*c, f, q);
                        if seen.insert(n) {
                            next.push(n);
                        }
                    }
                }
            }
            counts.push(next.len());
            layer = next;
        }
        (seen, counts)
    }

    /// Whether some sequence of at most `depth` turns from `c` lands in `targets` (depth first,
    /// never turning one face twice in a row, which a shorter sequence always does as well).
    pub fn reaches(
        c: Cube,
        depth: usize,
        last: usize,
        targets: &std::collections::HashSet<Cube>,
    ) -> bool {
        if targets.contains(&c) {
            return true;
        }
        depth > 0
            && (0..6)
                .filter(|&f| f != last)
                .any(|f| (1..=3).any(|q| reaches(turn(c, f, q), depth - 1, f, targets)))
    }
}

/// The scrambles the spec ships (its description), in order.
const SCRAMBLES: [&str; 4] = [
    "L2 R' B' F' R' D",
    "R' U2 B R' D U R2 B",
    "R B' F2 U F2 U' F' R2 B2 R",
    "D' F U2 L2 D' U R F2 L' F2 U F2",
];

/// The model above agrees with facts about the real cube (docs/known-answers.md): R U has
/// order 105 and R U2 D' B D' order 1260, and there are 1, 18, 243, 3240 positions at 0..3
/// turns in the half-turn metric.
#[test]
fn the_test_cubie_model_agrees_with_published_facts() {
    assert_eq!(cube::order("R U"), 105);
    assert_eq!(cube::order("R U2 D' B D'"), 1260);
    assert_eq!(cube::order("R U R' U'"), 6);
    assert_eq!(cube::ball(cube::SOLVED, 3).1, vec![1, 18, 243, 3240]);
}

/// Solves scramble `k` with the spec, checks its start is the scramble played on the model, and
/// replays the solution on the model step by step to the solved cube; returns its length.
fn solved_and_replayed(k: usize) -> (cube::Cube, usize) {
    let set = format!("params.scramble={k}");
    let (doc, code) = run_json(&["specs/cube-rules.toml", "--set", &set]);
    assert_eq!(code, 0, "{doc}");
    assert_eq!(doc["engine"], "bidirectional-bfs");
    let start = cube::play(cube::SOLVED, SCRAMBLES[k]);
    assert_eq!(cube::from_spec(&doc["start"]), start, "scramble {k}");
    let steps: &Vec<Value> = doc["solutions"][0].as_array().unwrap();
    let mut c = start;
    for step in steps {
        let label = step["move"].as_str().unwrap();
        let f = cube::FACES.iter().position(|&x| x == &label[..1]).unwrap();
        c = cube::turn(c, f, label[1..].parse().unwrap());
        assert_eq!(
            c,
            cube::from_spec(&step["state"]),
            "scramble {k} after {label}"
        );
    }
    assert_eq!(c, cube::SOLVED, "scramble {k}");
    assert_eq!(doc["cost"], steps.len());
    (start, steps.len())
}

/// Each solution's length is optimal: no sequence one turn shorter reaches the solved cube, as
/// the test's own meet-in-the-middle search shows (every position within 5 turns of solved,
/// and every sequence of up to `length - 6` turns from the scramble).
#[test]
fn shipped_scrambles_are_solved_optimally_and_replay() {
    let (near, _) = cube::ball(cube::SOLVED, 5);
    for (k, scramble) in SCRAMBLES.iter().enumerate() {
        let (start, length) = solved_and_replayed(k);
        assert!(length <= scramble.split_whitespace().count(), "{scramble}");
        assert!(length >= 6, "scramble {k}: {length}");
        assert!(
            !cube::reaches(start, length - 6, usize::MAX, &near),
            "scramble {k}: a solution shorter than {length} exists"
        );
    }
}
