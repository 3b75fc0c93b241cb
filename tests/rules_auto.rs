//! `heuristic = "auto"`: the pattern databases the interpreter builds must never overestimate,
//! so the length it finds equals the breadth-first optimum, computed here by a search written
//! in the test over its own model of each puzzle, on random instances of the 8-puzzle, the
//! pocket cube and the Tower of Hanoi; the 15-puzzle against Korf's published lengths.

mod common;

use common::run_json;
use std::collections::{HashMap, VecDeque};

/// A small xorshift stream, so the instances are the same every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Breadth-first distances from `goal` over `next` (every puzzle here is undirected).
fn distances<S: Clone + Eq + std::hash::Hash>(
    goal: S,
    next: impl Fn(&S) -> Vec<S>,
) -> HashMap<S, u32> {
    let mut dist = HashMap::from([(goal.clone(), 0)]);
    let mut queue = VecDeque::from([goal]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        for t in next(&s) {
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                queue.push_back(t);
            }
        }
    }
    dist
}

fn list(values: &[u8]) -> String {
    let v: Vec<String> = values.iter().map(u8::to_string).collect();
    format!("[{}]", v.join(","))
}

/// The length puzzlespec finds with `heuristic = "auto"`.
fn auto_length(spec: &str, sets: &[String]) -> u64 {
    let mut args = vec![spec.to_string()];
    for s in sets
        .iter()
        .map(String::as_str)
        .chain(["goal.heuristic=\"auto\""])
    {
        args.push("--set".into());
        args.push(s.to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (doc, code) = run_json(&args);
    assert_eq!(code, 0, "{doc}");
    assert!(
        doc["engine_reason"]
            .as_str()
            .unwrap()
            .contains("pattern databases")
    );
    assert!(doc["notes"].to_string().contains("heuristic auto"), "{doc}");
    doc["cost"].as_u64().expect("a length")
}

/// The 8-puzzle's slides on a 3x3 board (blank 0).
fn slides(s: &[u8; 9]) -> Vec<[u8; 9]> {
    let b = s.iter().position(|&t| t == 0).unwrap();
    let (r, c) = (b / 3, b % 3);
    let mut out = Vec::new();
    let mut near = vec![];
    if r > 0 {
        near.push(b - 3);
    }
    if r < 2 {
        near.push(b + 3);
    }
    if c > 0 {
        near.push(b - 1);
    }
    if c < 2 {
        near.push(b + 1);
    }
    for q in near {
        let mut t = *s;
        t.swap(b, q);
        out.push(t);
    }
    out
}

#[test]
fn eight_puzzle_auto_is_optimal_on_random_positions() {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let dist = distances(goal, slides);
    assert_eq!(dist.len(), 181_440);
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    for _ in 0..12 {
        let mut s = goal;
        for _ in 0..rng.below(200) {
            let n = slides(&s);
            s = n[rng.below(n.len())];
        }
        let got = auto_length(
            "specs/eight-rules.toml",
            &[format!("start.cell={}", list(&s))],
        );
        assert_eq!(got, u64::from(dist[&s]), "{s:?}");
    }
}

/// The pocket cube as `specs/pocket-cube-rules.toml` describes it: positions 0..6 (DBL fixed),
/// a quarter turn moves the cubie at each position of its cycle to the next, adding the
/// twist listed for the position it lands on (mod 3).
type Cube = ([u8; 7], [u8; 7]);

fn quarter(s: &Cube, cycle: [usize; 4], twist: [u8; 4]) -> Cube {
    let (mut p, mut o) = *s;
    for i in 0..4 {
        let (from, to) = (cycle[i], cycle[(i + 1) % 4]);
        p[to] = s.0[from];
        o[to] = (s.1[from] + twist[(i + 1) % 4]) % 3;
    }
    (p, o)
}

fn turns(s: &Cube) -> Vec<Cube> {
    let faces = [
        ([0, 1, 2, 3], [0, 0, 0, 0]),
        ([0, 3, 6, 4], [2, 1, 2, 1]),
        ([0, 4, 5, 1], [1, 2, 1, 2]),
    ];
    let mut out = Vec::new();
    for (cycle, twist) in faces {
        let mut t = *s;
        for _ in 0..3 {
            t = quarter(&t, cycle, twist);
            out.push(t);
        }
    }
    out
}

#[test]
fn pocket_cube_auto_is_optimal_on_random_scrambles() {
    let solved: Cube = ([0, 1, 2, 3, 4, 5, 6], [0; 7]);
    let dist = distances(solved, turns);
    // Known: the pocket cube has 3,674,160 positions, at most 11 half-turn moves apart.
    assert_eq!(dist.len(), 3_674_160);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..6 {
        let mut s = solved;
        for _ in 0..12 {
            let n = turns(&s);
            s = n[rng.below(n.len())];
        }
        let sets = [
            format!("start.cp={}", list(&s.0)),
            format!("start.co={}", list(&s.1)),
        ];
        let got = auto_length("specs/pocket-cube-rules.toml", &sets);
        assert_eq!(got, u64::from(dist[&s]), "{s:?}");
    }
}

/// The Tower of Hanoi: `peg[d]` of each disc; a disc moves when no smaller one is on it or
/// on the peg it goes to.
fn hanoi_moves(s: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for d in 0..s.len() {
        for t in 0..3 {
            let free = (0..d).all(|e| s[e] != s[d] && s[e] != t);
            if s[d] != t && free {
                let mut n = s.to_vec();
                n[d] = t;
                out.push(n);
            }
        }
    }
    out
}

#[test]
fn hanoi_auto_is_optimal_from_random_positions() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    for n in [5usize, 7, 9] {
        let goal = vec![2u8; n];
        let dist = distances(goal, |s: &Vec<u8>| hanoi_moves(s));
        assert_eq!(dist.len(), 3usize.pow(n as u32));
        for _ in 0..3 {
            let s: Vec<u8> = (0..n).map(|_| rng.below(3) as u8).collect();
            let sets = [format!("params.n={n}"), format!("start.peg={}", list(&s))];
            let got = auto_length("specs/hanoi-rules.toml", &sets);
            assert_eq!(got, u64::from(dist[&s]), "{s:?}");
        }
    }
}

/// Korf's first ten 15-puzzle instances (specs/data/korf100.txt, with the optimal lengths his
/// paper published) written as rules: `heuristic = "auto"` must find each published length.
/// The first run builds the 6-6-3 tables (about 80 s on a cold cache) and caches them on disk;
/// the searches then take 0.02-1 s each.
#[test]
fn fifteen_rules_match_korfs_published_lengths() {
    let data = std::fs::read_to_string("specs/data/korf100.txt").unwrap();
    let rows = data.lines().filter(|l| !l.starts_with('#')).take(10);
    for row in rows {
        let n: Vec<u8> = row.split_whitespace().map(|x| x.parse().unwrap()).collect();
        let (tiles, length) = (&n[..16], u64::from(n[16]));
        let got = auto_length(
            "specs/fifteen-rules.toml",
            &[format!("start.cell={}", list(tiles))],
        );
        assert_eq!(got, length, "{tiles:?}");
    }
}

/// A start whose values no move can turn into the goal's (every cell 2) leaves `auto` no table
/// to build: found while searching, the error still points at the heuristic in the spec (the
/// fuzzer found it naming no file), exit 2.
#[test]
fn an_auto_heuristic_without_tables_is_refused_at_its_place() {
    let out = common::run(&[
        "run",
        "specs/fifteen-rules.toml",
        "--set",
        "start.cell=2",
        "--time-limit",
        "5",
    ]);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let text = std::fs::read_to_string("specs/fifteen-rules.toml").unwrap();
    let line = 1
        + (text.lines())
            .position(|l| l.starts_with("heuristic = \"auto\""))
            .expect("the spec names its heuristic");
    assert!(
        out.stderr.contains(&format!(
            "fifteen-rules.toml (with --set):{line}:14: in the heuristic"
        )),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("found no pattern database"),
        "{}",
        out.stderr
    );
}
