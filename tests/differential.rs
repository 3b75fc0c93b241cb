//! Differential property tests (issue 51): random small instances of rules puzzles, water jugs
//! (as their kind and as rules), the 8-puzzle family (as sliding tiles and as rules), sliding
//! blocks and search puzzles, each solved by the binary and by a brute force written here —
//! plain breadth-first search or enumeration over the instance, sharing nothing with the
//! project's engines. Reachable counts, layers, shortest and longest distances, numbers of
//! shortest solutions, solution counts and optima must agree, and every solution printed is
//! replayed here against the instance.
//!
//! Each property runs `cases()` random instances (a few dozen, the whole file well under a
//! minute in release); `PROPTEST_CASES=N` runs N each for the long run (docs/reliability.md).
//! An instance is drawn from one `u64` seed, so a failure names the spec it failed on.

mod common;

use proptest::prelude::*;
use serde_json::Value;
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::hash::Hash;

/// Cases per property: `PROPTEST_CASES`, else 40.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(40)
}

/// SplitMix64: the instances are drawn from one seed with it.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in lo..=hi.
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Runs `puzzlespec run --json --quiet - ARGS` with `spec` on stdin.
fn solve(spec: &str, args: &[&str]) -> (Value, i32) {
    let outcome = common::outcome(
        common::puzzlespec()
            .args(["run", "--json", "--quiet", "-"])
            .args(args)
            .write_stdin(spec.to_string()),
    );
    assert!(
        outcome.code == 0 || outcome.code == 1,
        "exit {} for {args:?} on\n{spec}\n{}",
        outcome.code,
        outcome.stderr
    );
    (outcome.json(), outcome.code)
}

// --- The brute force: breadth-first search over an explicit successor function ---------------

/// Every state reachable from `start`: its distance, the states in the order reached, and the
/// number of move sequences of shortest length from the start to it (moves counted with their
/// multiplicity: two moves between the same states are two sequences).
struct Explored<S> {
    order: Vec<S>,
    dist: HashMap<S, usize>,
    ways: HashMap<S, u128>,
}

fn explore<S: Clone + Eq + Hash>(start: S, succ: impl Fn(&S) -> Vec<S>) -> Explored<S> {
    let mut dist = HashMap::from([(start.clone(), 0)]);
    let mut ways = HashMap::from([(start.clone(), 1u128)]);
    let mut order = vec![];
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let d = dist[&s];
        let w = ways[&s];
        for t in succ(&s) {
            match dist.get(&t) {
                None => {
                    dist.insert(t.clone(), d + 1);
                    ways.insert(t.clone(), w);
                    queue.push_back(t);
                }
                Some(&dt) if dt == d + 1 => *ways.get_mut(&t).unwrap() += w,
                _ => {}
            }
        }
        order.push(s);
    }
    Explored { order, dist, ways }
}

impl<S: Clone + Eq + Hash> Explored<S> {
    /// States at each distance, from 0.
    fn layers(&self) -> Vec<u64> {
        let far = self.dist.values().copied().max().unwrap_or(0);
        let mut layers = vec![0; far + 1];
        for &d in self.dist.values() {
            layers[d] += 1;
        }
        layers
    }
    /// The fewest moves to a goal state and the number of such move sequences, or None.
    fn shortest(&self, goal: impl Fn(&S) -> bool) -> Option<(usize, u128)> {
        let best = self
            .order
            .iter()
            .filter(|s| goal(s))
            .map(|s| self.dist[s])
            .min()?;
        let ways = self
            .order
            .iter()
            .filter(|s| goal(s) && self.dist[*s] == best)
            .map(|s| self.ways[s])
            .sum();
        Some((best, ways))
    }
}

fn layers_of(doc: &Value) -> Vec<u64> {
    doc["layer_counts"]
        .as_array()
        .unwrap_or_else(|| panic!("layer_counts in {doc}"))
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect()
}

fn int_list(v: &Value) -> Vec<i64> {
    v.as_array()
        .unwrap_or_else(|| panic!("a list: {v}"))
        .iter()
        .map(|x| x.as_i64().unwrap())
        .collect()
}

/// Checks a solution given as the states after each step: each is reached from the one before
/// by one move of `succ`, and the last meets the goal.
fn replay<S: Eq + std::fmt::Debug>(
    start: S,
    states: Vec<S>,
    succ: impl Fn(&S) -> Vec<S>,
    goal: impl Fn(&S) -> bool,
) -> Result<(), String> {
    let mut at = start;
    for (k, next) in states.into_iter().enumerate() {
        if !succ(&at).contains(&next) {
            return Err(format!("step {k}: {next:?} is not one move from {at:?}"));
        }
        at = next;
    }
    if goal(&at) {
        Ok(())
    } else {
        Err(format!("the solution ends at {at:?}, not a goal"))
    }
}

/// The states after each step of `solutions[0]`, read by `read`.
fn steps<S>(doc: &Value, read: impl Fn(&Value) -> S) -> Vec<S> {
    doc["solutions"][0]
        .as_array()
        .unwrap_or_else(|| panic!("a solution in {doc}"))
        .iter()
        .map(|step| read(&step["state"]))
        .collect()
}

// --- Water jugs -----------------------------------------------------------------------------

struct Jugs {
    caps: Vec<i64>,
    initial: Vec<i64>,
    tap: bool,
    /// (jug, litres) tests, joined by `and` when `all`, else by `or`.
    goal: Vec<(usize, i64)>,
    all: bool,
}

const JUG_NAMES: [&str; 3] = ["A", "B", "C"];

fn jugs(rng: &mut Rng) -> Jugs {
    let n = rng.range(2, 3) as usize;
    let caps: Vec<i64> = (0..n).map(|_| rng.range(1, 7)).collect();
    let initial = caps
        .iter()
        .map(|&c| if rng.chance(60) { 0 } else { rng.range(0, c) })
        .collect();
    let all = rng.chance(40);
    let tests = if all { n } else { rng.range(1, 2) as usize };
    let mut which: Vec<usize> = (0..n).collect();
    rng.shuffle(&mut which);
    let goal = which[..tests]
        .iter()
        .map(|&j| (j, rng.range(0, caps[j])))
        .collect();
    Jugs {
        caps,
        initial,
        tap: rng.chance(70),
        goal,
        all,
    }
}

impl Jugs {
    fn succ(&self, s: &Vec<i64>) -> Vec<Vec<i64>> {
        let n = s.len();
        let mut out = vec![];
        for i in 0..n {
            if self.tap {
                let mut t = s.clone();
                t[i] = self.caps[i];
                out.push(t);
                let mut t = s.clone();
                t[i] = 0;
                out.push(t);
            }
            for j in (0..n).filter(|&j| j != i) {
                let amount = s[i].min(self.caps[j] - s[j]);
                let mut t = s.clone();
                t[i] -= amount;
                t[j] += amount;
                out.push(t);
            }
        }
        out.retain(|t| t != s);
        out
    }
    fn goal_holds(&self, s: &[i64]) -> bool {
        let mut tests = self.goal.iter().map(|&(j, v)| s[j] == v);
        if self.all {
            tests.all(|t| t)
        } else {
            tests.any(|t| t)
        }
    }
    fn goal_text(&self, var: impl Fn(usize) -> String) -> String {
        let joiner = if self.all { " and " } else { " or " };
        let tests: Vec<String> = self
            .goal
            .iter()
            .map(|&(j, v)| format!("{} == {v}", var(j)))
            .collect();
        tests.join(joiner)
    }
    fn full_state_goal(&self) -> bool {
        self.all && self.goal.len() == self.caps.len()
    }
    fn kind_spec(&self) -> String {
        let names = &JUG_NAMES[..self.caps.len()];
        format!(
            "[puzzle]\nname = \"jugs\"\nkind = \"water-jugs\"\n[jugs]\nnames = {names:?}\n\
             capacities = {:?}\ninitial = {:?}\ntap = {}\ngoal = \"{}\"\n",
            self.caps,
            self.initial,
            self.tap,
            self.goal_text(|j| JUG_NAMES[j].to_string())
        )
    }
    fn rules_spec(&self) -> String {
        let n = self.caps.len();
        let top = self.caps.iter().max().unwrap();
        let mut spec = format!(
            "[puzzle]\nname = \"jugs as rules\"\nkind = \"rules\"\n[tables]\ncapacity = {:?}\n\
             [state]\njug = \"{n} of 0..{top}\"\n[start]\njug = {:?}\n",
            self.caps, self.initial
        );
        if self.tap {
            spec += &format!(
                "[[move]]\nname = \"fill\"\nfor = \"i in 0..{m}\"\ndo = \"jug[i] = capacity[i]\"\n\
                 [[move]]\nname = \"empty\"\nfor = \"i in 0..{m}\"\ndo = \"jug[i] = 0\"\n",
                m = n - 1
            );
        }
        spec += &format!(
            "[[move]]\nname = \"pour\"\nfor = \"i in 0..{m}, j in 0..{m}\"\nwhen = \"i != j\"\n\
             do = \"jug[i] = jug[i] - min(jug[i], capacity[j] - jug[j]); \
             jug[j] = jug[j] + min(jug[i], capacity[j] - jug[j])\"\n[goal]\nreach = \"{}\"\n",
            self.goal_text(|j| format!("jug[{j}]")),
            m = n - 1
        );
        spec
    }
}

fn jug_state(names: &[&str], v: &Value) -> Vec<i64> {
    names.iter().map(|n| v[*n].as_i64().unwrap()).collect()
}

/// The answers every shortest-path family gives: the length (or exit 1 with no solution) and
/// a solution replayed; the number of shortest solutions.
fn check_shortest<S: Clone + Eq + Hash + std::fmt::Debug>(
    spec: &str,
    engine: &str,
    explored: &Explored<S>,
    goal: impl Fn(&S) -> bool,
    replayed: impl Fn(&Value) -> Result<(), String>,
) -> Result<(), TestCaseError> {
    let truth = explored.shortest(&goal);
    let (doc, code) = solve(spec, &["--objective", "shortest", "--engine", engine]);
    match truth {
        None => {
            prop_assert_eq!(code, 1, "no goal is reachable: {}\n{}", doc, spec);
            prop_assert_eq!(doc["status"].as_str(), Some("no-solution"));
        }
        Some((length, _)) => {
            prop_assert_eq!(code, 0, "{}\n{}", doc, spec);
            prop_assert_eq!(
                doc["cost"].as_u64(),
                Some(length as u64),
                "{}\n{}",
                doc,
                spec
            );
            if let Err(e) = replayed(&doc) {
                return Err(TestCaseError::fail(format!("{e}\n{doc}\n{spec}")));
            }
        }
    }
    let (doc, code) = solve(spec, &["--objective", "count"]);
    match truth {
        None => prop_assert_eq!(code, 1, "{}\n{}", doc, spec),
        Some((length, ways)) => {
            prop_assert_eq!(
                doc["cost"].as_u64(),
                Some(length as u64),
                "{}\n{}",
                doc,
                spec
            );
            prop_assert_eq!(
                doc["count"].as_u64().map(u128::from),
                Some(ways),
                "{}\n{}",
                doc,
                spec
            );
        }
    }
    Ok(())
}

fn check_jugs_kind(seed: u64) -> Result<(), TestCaseError> {
    let j = jugs(&mut Rng(seed));
    let spec = j.kind_spec();
    let explored = explore(j.initial.clone(), |s| j.succ(s));
    let names = &JUG_NAMES[..j.caps.len()];
    let engine = if j.full_state_goal() && seed.is_multiple_of(2) {
        "bidirectional-bfs"
    } else {
        "bfs"
    };
    check_shortest(
        &spec,
        engine,
        &explored,
        |s| j.goal_holds(s),
        |doc| {
            let states = steps(doc, |v| jug_state(names, v));
            replay(
                j.initial.clone(),
                states,
                |s| j.succ(s),
                |s| j.goal_holds(s),
            )
        },
    )?;
    let (doc, _) = solve(&spec, &["--objective", "longest"]);
    let layers = explored.layers();
    prop_assert_eq!(layers_of(&doc), layers.clone(), "{}\n{}", doc, spec);
    prop_assert_eq!(
        doc["farthest_distance"].as_u64(),
        Some(layers.len() as u64 - 1)
    );
    Ok(())
}

/// The answers of a rules spec whose states the brute force also explores: shortest (with
/// `engine`), count, longest and reachable.
fn check_rules<S: Clone + Eq + Hash + std::fmt::Debug>(
    spec: &str,
    engine: &str,
    explored: &Explored<S>,
    goal: impl Fn(&S) -> bool,
    replayed: impl Fn(&Value) -> Result<(), String>,
) -> Result<(), TestCaseError> {
    check_shortest(spec, engine, explored, goal, replayed)?;
    let layers = explored.layers();
    for objective in ["longest", "reachable"] {
        let (doc, code) = solve(spec, &["--objective", objective]);
        prop_assert_eq!(code, 0);
        prop_assert_eq!(layers_of(&doc), layers.clone(), "{}\n{}", doc, spec);
        prop_assert_eq!(doc["count"].as_u64(), Some(explored.order.len() as u64));
        prop_assert_eq!(
            doc["farthest_distance"].as_u64(),
            Some(layers.len() as u64 - 1)
        );
    }
    Ok(())
}

fn check_jugs_rules(seed: u64) -> Result<(), TestCaseError> {
    let j = jugs(&mut Rng(seed));
    let spec = j.rules_spec();
    let explored = explore(j.initial.clone(), |s| j.succ(s));
    let engine = if j.full_state_goal() && seed.is_multiple_of(2) {
        "bidirectional-bfs"
    } else {
        ["bfs", "bitmap-bfs"][(seed % 4 / 2) as usize]
    };
    check_rules(
        &spec,
        engine,
        &explored,
        |s| j.goal_holds(s),
        |doc| {
            let states = steps(doc, |v| int_list(&v["jug"]));
            replay(
                j.initial.clone(),
                states,
                |s| j.succ(s),
                |s| j.goal_holds(s),
            )
        },
    )
}

// --- The 8-puzzle family: sliding tiles, as their kind and as rules --------------------------

struct Tiles {
    rows: usize,
    cols: usize,
    start: Vec<u8>,
    goal: Vec<u8>,
}

fn tiles(rng: &mut Rng) -> Tiles {
    let (rows, cols) = [(2, 2), (2, 3), (3, 2), (2, 3), (3, 2), (3, 3)][rng.below(6)];
    let n = rows * cols;
    let mut start: Vec<u8> = (0..n as u8).collect();
    rng.shuffle(&mut start);
    let mut goal: Vec<u8> = (1..n as u8).chain([0]).collect();
    if rng.chance(30) {
        rng.shuffle(&mut goal);
    }
    Tiles {
        rows,
        cols,
        start,
        goal,
    }
}

impl Tiles {
    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (r, c) = (p / self.cols, p % self.cols);
        let mut out = vec![];
        if r > 0 {
            out.push(p - self.cols);
        }
        if c > 0 {
            out.push(p - 1);
        }
        if c + 1 < self.cols {
            out.push(p + 1);
        }
        if r + 1 < self.rows {
            out.push(p + self.cols);
        }
        out
    }
    fn succ(&self, s: &[u8]) -> Vec<Vec<u8>> {
        let blank = s.iter().position(|&t| t == 0).unwrap();
        self.neighbours(blank)
            .into_iter()
            .map(|q| {
                let mut t = s.to_vec();
                t.swap(blank, q);
                t
            })
            .collect()
    }
    fn kind_spec(&self) -> String {
        format!(
            "[puzzle]\nname = \"tiles\"\nkind = \"sliding-tiles\"\n[board]\nrows = {}\ncols = {}\n\
             start = {:?}\ngoal = {:?}\n",
            self.rows, self.cols, self.start, self.goal
        )
    }
    fn rules_spec(&self) -> String {
        let n = self.rows * self.cols;
        let adjacent: Vec<Vec<usize>> = (0..n).map(|p| self.neighbours(p)).collect();
        format!(
            "[puzzle]\nname = \"tiles as rules\"\nkind = \"rules\"\n[tables]\nadjacent = {adjacent:?}\n\
             goal = {:?}\n[state]\ncell = \"{n} of 0..{}\"\n[start]\ncell = {:?}\n[[move]]\n\
             name = \"slide\"\nfor = \"p in 0..{}, q in adjacent[p]\"\nwhen = \"cell[p] == 0\"\n\
             do = \"cell[p] = cell[q]; cell[q] = 0\"\n[goal]\n\
             reach = \"all(cell[i] == goal[i] for i in 0..{})\"\n",
            self.goal,
            n - 1,
            self.start,
            n - 1,
            n - 1,
        )
    }
    /// Plays the tiles moved from the start: each must lie beside the blank.
    fn replay_tiles(&self, moved: &[i64]) -> Result<(), String> {
        let mut s = self.start.clone();
        for &tile in moved {
            let next = self.succ(&s).into_iter().find(|t| {
                t.iter().position(|&x| x == 0) == s.iter().position(|&x| x == tile as u8)
            });
            s = next.ok_or(format!("tile {tile} is not beside the blank in {s:?}"))?;
        }
        if s == self.goal {
            Ok(())
        } else {
            Err(format!("the moves end at {s:?}"))
        }
    }
}

fn check_tiles_kind(seed: u64) -> Result<(), TestCaseError> {
    let t = tiles(&mut Rng(seed));
    let spec = t.kind_spec();
    let from_start = explore(t.start.clone(), |s| t.succ(s));
    let engine = ["auto", "bfs", "bidirectional-bfs", "ida-star-manhattan"][(seed % 4) as usize];
    let (doc, code) = solve(&spec, &["--objective", "shortest", "--engine", engine]);
    match from_start.dist.get(&t.goal) {
        None => prop_assert_eq!(code, 1, "{}\n{}", doc, spec),
        Some(&length) => {
            prop_assert_eq!(
                doc["cost"].as_u64(),
                Some(length as u64),
                "{}\n{}",
                doc,
                spec
            );
            if let Err(e) = t.replay_tiles(&int_list(&doc["tiles_moved"])) {
                return Err(TestCaseError::fail(format!("{e}\n{doc}\n{spec}")));
            }
        }
    }
    // `count`: the positions reachable from the start, by distance.
    let (doc, _) = solve(&spec, &["--objective", "count"]);
    prop_assert_eq!(doc["count"].as_u64(), Some(from_start.order.len() as u64));
    prop_assert_eq!(layers_of(&doc), from_start.layers(), "{}\n{}", doc, spec);
    // `longest`: the positions farthest from the goal.
    let from_goal = explore(t.goal.clone(), |s| t.succ(s));
    let layers = from_goal.layers();
    let (doc, _) = solve(&spec, &["--objective", "longest"]);
    prop_assert_eq!(layers_of(&doc), layers.clone(), "{}\n{}", doc, spec);
    prop_assert_eq!(
        doc["farthest_distance"].as_u64(),
        Some(layers.len() as u64 - 1)
    );
    prop_assert_eq!(doc["farthest_count"].as_u64(), layers.last().copied());
    Ok(())
}

fn check_tiles_rules(seed: u64) -> Result<(), TestCaseError> {
    let t = tiles(&mut Rng(seed));
    let spec = t.rules_spec();
    let explored = explore(t.start.clone(), |s| t.succ(s));
    let engine = ["bfs", "bidirectional-bfs", "auto"][(seed % 3) as usize];
    check_rules(
        &spec,
        engine,
        &explored,
        |s| *s == t.goal,
        |doc| {
            let states = steps(doc, |v| {
                int_list(&v["cell"]).iter().map(|&x| x as u8).collect()
            });
            replay(t.start.clone(), states, |s| t.succ(s), |s| *s == t.goal)
        },
    )
}

// --- Random rules puzzles ------------------------------------------------------------------

/// A formula over the state array `v` (and a move's parameter `i`).
#[derive(Clone, Debug)]
enum E {
    Num(i64),
    /// `v[k]`
    At(usize),
    /// `v[(i + c) % n]`
    Near(usize),
    Add(Box<E>, Box<E>),
    Sub(Box<E>, Box<E>),
    Mul(Box<E>, Box<E>),
    /// `div`: rounds down; the divisor is a constant, never 0
    Div(Box<E>, i64),
    /// from 0 up; the divisor is a constant, never 0
    Mod(Box<E>, i64),
    Min(Box<E>, Box<E>),
    Max(Box<E>, Box<E>),
    Abs(Box<E>),
}

/// A comparison of two formulas, or two joined by `and` / `or`.
#[derive(Clone, Debug)]
enum B {
    Cmp(E, &'static str, E),
    And(Box<B>, Box<B>),
    Or(Box<B>, Box<B>),
    Not(Box<B>),
}

fn floor_div(a: i64, d: i64) -> i64 {
    let q = a / d;
    if a % d != 0 && ((a < 0) != (d < 0)) {
        q - 1
    } else {
        q
    }
}

fn rem_up(a: i64, d: i64) -> i64 {
    let r = a % d;
    if r < 0 { r + d.abs() } else { r }
}

impl E {
    fn eval(&self, v: &[i64], i: usize) -> i64 {
        let n = v.len();
        match self {
            E::Num(c) => *c,
            E::At(k) => v[*k],
            E::Near(c) => v[(i + c) % n],
            E::Add(a, b) => a.eval(v, i) + b.eval(v, i),
            E::Sub(a, b) => a.eval(v, i) - b.eval(v, i),
            E::Mul(a, b) => a.eval(v, i) * b.eval(v, i),
            E::Div(a, d) => floor_div(a.eval(v, i), *d),
            E::Mod(a, d) => rem_up(a.eval(v, i), *d),
            E::Min(a, b) => a.eval(v, i).min(b.eval(v, i)),
            E::Max(a, b) => a.eval(v, i).max(b.eval(v, i)),
            E::Abs(a) => a.eval(v, i).abs(),
        }
    }
    /// The formula as the spec language writes it; `name(k)` writes variable k, `near(c)`
    /// the parameter's neighbour.
    fn text(&self, name: &dyn Fn(usize) -> String, near: &dyn Fn(usize) -> String) -> String {
        let t = |e: &E| e.text(name, near);
        match self {
            E::Num(c) if *c < 0 => format!("({c})"),
            E::Num(c) => c.to_string(),
            E::At(k) => name(*k),
            E::Near(c) => near(*c),
            E::Add(a, b) => format!("({} + {})", t(a), t(b)),
            E::Sub(a, b) => format!("({} - {})", t(a), t(b)),
            E::Mul(a, b) => format!("({} * {})", t(a), t(b)),
            E::Div(a, d) => format!("div({}, {d})", t(a)),
            E::Mod(a, d) => format!("({} % ({d}))", t(a)),
            E::Min(a, b) => format!("min({}, {})", t(a), t(b)),
            E::Max(a, b) => format!("max({}, {})", t(a), t(b)),
            E::Abs(a) => format!("abs({})", t(a)),
        }
    }
}

impl B {
    fn eval(&self, v: &[i64], i: usize) -> bool {
        match self {
            B::Cmp(a, op, b) => {
                let (a, b) = (a.eval(v, i), b.eval(v, i));
                match *op {
                    "==" => a == b,
                    "!=" => a != b,
                    "<" => a < b,
                    "<=" => a <= b,
                    ">" => a > b,
                    _ => a >= b,
                }
            }
            B::And(a, b) => a.eval(v, i) && b.eval(v, i),
            B::Or(a, b) => a.eval(v, i) || b.eval(v, i),
            B::Not(a) => !a.eval(v, i),
        }
    }
    fn text(&self, name: &dyn Fn(usize) -> String, near: &dyn Fn(usize) -> String) -> String {
        match self {
            B::Cmp(a, op, b) => format!("{} {op} {}", a.text(name, near), b.text(name, near)),
            B::And(a, b) => format!("({}) and ({})", a.text(name, near), b.text(name, near)),
            B::Or(a, b) => format!("({}) or ({})", a.text(name, near), b.text(name, near)),
            B::Not(a) => format!("not ({})", a.text(name, near)),
        }
    }
}

/// A random formula over `vars` variables, with `v[(i + c) % n]` when `param`, and `/` and `%`
/// when `divide` (the search kind's `/` is exact, so it gets none).
fn formula(rng: &mut Rng, vars: usize, param: bool, divide: bool, depth: u32) -> E {
    let leaf = depth == 0 || rng.chance(30);
    if leaf {
        return match rng.below(if param { 3 } else { 2 }) {
            0 => E::Num(rng.range(-3, 4)),
            1 => E::At(rng.below(vars)),
            _ => E::Near(rng.below(vars)),
        };
    }
    let mut sub = || Box::new(formula(rng, vars, param, divide, depth - 1));
    let (a, b) = (sub(), sub());
    let op = rng.below(if divide { 9 } else { 7 });
    match op {
        0 | 1 => E::Add(a, b),
        2 => E::Sub(a, b),
        3 => E::Mul(a, b),
        4 => E::Min(a, b),
        5 => E::Max(a, b),
        6 => E::Abs(a),
        7 => E::Div(a, [-3, -2, -1, 1, 2, 3][rng.below(6)]),
        _ => E::Mod(a, [-3, -2, 2, 3, 4][rng.below(5)]),
    }
}

fn condition(rng: &mut Rng, vars: usize, param: bool, divide: bool, depth: u32) -> B {
    if depth > 0 && rng.chance(30) {
        let a = Box::new(condition(rng, vars, param, divide, depth - 1));
        let b = Box::new(condition(rng, vars, param, divide, depth - 1));
        return match rng.below(3) {
            0 => B::And(a, b),
            1 => B::Or(a, b),
            _ => B::Not(a),
        };
    }
    let op = ["==", "!=", "<", "<=", ">", ">="][rng.below(6)];
    B::Cmp(
        formula(rng, vars, param, divide, 2),
        op,
        formula(rng, vars, param, divide, 1),
    )
}

struct RuleMove {
    /// `for = "i in 0..n-1"`
    param: bool,
    guard: Option<B>,
    /// (target, value): the target is `v[k]`, or `v[(i + k) % n]` with a parameter; the value
    /// is written `(formula) % (hi + 1)`, so that it stays in range.
    effects: Vec<(usize, E)>,
    cost: E,
}

struct Rules {
    n: usize,
    hi: i64,
    start: Vec<i64>,
    moves: Vec<RuleMove>,
    forbid: Option<B>,
    goal: B,
    /// the goal is one full state (`v[0] == a and ...`)
    full: bool,
}

fn rules(rng: &mut Rng) -> Rules {
    let n = rng.range(2, 3) as usize;
    let hi = rng.range(1, if n == 2 { 5 } else { 3 });
    let start = (0..n).map(|_| rng.range(0, hi)).collect();
    let moves = (0..rng.range(1, 4))
        .map(|_| {
            let param = rng.chance(40);
            let mut targets: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut targets);
            let effects = targets[..rng.range(1, 2) as usize]
                .iter()
                .map(|&k| (k, formula(rng, n, param, true, 2)))
                .collect();
            RuleMove {
                param,
                guard: rng.chance(60).then(|| condition(rng, n, param, true, 1)),
                effects,
                cost: formula(rng, n, param, true, 1),
            }
        })
        .collect();
    let forbid = rng.chance(30).then(|| condition(rng, n, false, true, 1));
    let full = rng.chance(50);
    let goal = if full {
        let tests: Vec<B> = (0..n)
            .map(|k| B::Cmp(E::At(k), "==", E::Num(rng.range(0, hi))))
            .collect();
        tests
            .into_iter()
            .reduce(|a, b| B::And(Box::new(a), Box::new(b)))
            .unwrap()
    } else {
        condition(rng, n, false, true, 1)
    };
    Rules {
        n,
        hi,
        start,
        moves,
        forbid,
        goal,
        full,
    }
}

fn var(k: usize) -> String {
    format!("v[{k}]")
}

impl Rules {
    fn near(&self) -> impl Fn(usize) -> String {
        let n = self.n;
        move |c| format!("v[(i + {c}) % {n}]")
    }
    fn target(&self, m: &RuleMove, k: usize, i: usize) -> usize {
        if m.param { (i + k) % self.n } else { k }
    }
    /// Each move instance that applies, with the state it gives and its cost.
    fn step(&self, s: &[i64]) -> Vec<(Vec<i64>, i64)> {
        let mut out = vec![];
        for m in &self.moves {
            for i in 0..if m.param { self.n } else { 1 } {
                if !m.guard.as_ref().is_none_or(|g| g.eval(s, i)) {
                    continue;
                }
                let mut t = s.to_vec();
                for (k, e) in &m.effects {
                    t[self.target(m, *k, i)] = rem_up(e.eval(s, i), self.hi + 1);
                }
                if t != s && !self.forbid.as_ref().is_some_and(|f| f.eval(&t, 0)) {
                    out.push((t, rem_up(m.cost.eval(s, i), 3) + 1));
                }
            }
        }
        out
    }
    fn succ(&self, s: &[i64]) -> Vec<Vec<i64>> {
        self.step(s).into_iter().map(|(t, _)| t).collect()
    }
    fn goal_holds(&self, s: &[i64]) -> bool {
        self.goal.eval(s, 0)
    }
    /// Dijkstra over the explicit graph: the least total cost to a goal.
    fn cheapest(&self) -> Option<i64> {
        let mut best: HashMap<Vec<i64>, i64> = HashMap::from([(self.start.clone(), 0)]);
        let mut open = BTreeSet::from([(0, self.start.clone())]);
        while let Some((d, s)) = open.pop_first() {
            if self.goal_holds(&s) {
                return Some(d);
            }
            for (t, c) in self.step(&s) {
                if best.get(&t).is_none_or(|&old| d + c < old) {
                    if let Some(old) = best.insert(t.clone(), d + c) {
                        open.remove(&(old, t.clone()));
                    }
                    open.insert((d + c, t));
                }
            }
        }
        None
    }
    fn spec(&self) -> String {
        let near = self.near();
        let mut spec = format!(
            "[puzzle]\nname = \"random rules\"\nkind = \"rules\"\n[state]\nv = \"{} of 0..{}\"\n\
             [start]\nv = {:?}\n",
            self.n, self.hi, self.start
        );
        for (k, m) in self.moves.iter().enumerate() {
            spec += &format!("[[move]]\nname = \"m{k}\"\n");
            if m.param {
                spec += &format!("for = \"i in 0..{}\"\n", self.n - 1);
            }
            if let Some(g) = &m.guard {
                spec += &format!("when = \"{}\"\n", g.text(&var, &near));
            }
            let effects: Vec<String> = m
                .effects
                .iter()
                .map(|(k, e)| {
                    let target = if m.param { near(*k) } else { var(*k) };
                    format!("{target} = {} % {}", e.text(&var, &near), self.hi + 1)
                })
                .collect();
            spec += &format!("do = \"{}\"\n", effects.join("; "));
            spec += &format!("cost = \"{} % 3 + 1\"\n", m.cost.text(&var, &near));
        }
        if let Some(f) = &self.forbid {
            spec += &format!("[[constraint]]\nforbid = \"{}\"\n", f.text(&var, &near));
        }
        spec + &format!("[goal]\nreach = \"{}\"\n", self.goal.text(&var, &near))
    }
}

fn check_random_rules(seed: u64) -> Result<(), TestCaseError> {
    let r = rules(&mut Rng(seed));
    prop_assume!(!r.forbid.as_ref().is_some_and(|f| f.eval(&r.start, 0)));
    let spec = r.spec();
    let explored = explore(r.start.clone(), |s| r.succ(s));
    let engine = if r.full && seed.is_multiple_of(2) {
        "bidirectional-bfs"
    } else {
        ["bfs", "bitmap-bfs"][(seed % 4 / 2) as usize]
    };
    check_rules(
        &spec,
        engine,
        &explored,
        |s| r.goal_holds(s),
        |doc| {
            let states = steps(doc, |v| int_list(&v["v"]));
            replay(r.start.clone(), states, |s| r.succ(s), |s| r.goal_holds(s))
        },
    )?;
    let (doc, code) = solve(&spec, &["--objective", "cheapest"]);
    match r.cheapest() {
        None => prop_assert_eq!(code, 1, "{}\n{}", doc, spec),
        Some(cost) => prop_assert_eq!(doc["cost"].as_i64(), Some(cost), "{}\n{}", doc, spec),
    }
    Ok(())
}

// --- Sliding blocks ------------------------------------------------------------------------

struct Blocks {
    rows: usize,
    cols: usize,
    /// (height, width) of each piece, named A, B, C, ...
    shapes: Vec<(usize, usize)>,
    start: Vec<(usize, usize)>,
    moves_metric: bool,
    /// the goal `row_A == r and col_A == c`, in drawing coordinates (the frame is row 1)
    target: (usize, usize),
    /// Pieces of one shape, A not among them, declared interchangeable (`rules.groups`): the
    /// brute force then sorts their places, so that a state is a class of positions.
    group: Vec<usize>,
    /// A gap `=` A may leave through (`rules.exits = ["A"]`), and whether the goal is `out_A`.
    exit: Option<Gap>,
    goal_out: bool,
}

/// An exit gap in the frame: beside the last cell of a row (right) or of a column (bottom).
#[derive(Clone, Copy)]
enum Gap {
    Right(usize),
    Bottom(usize),
}

/// The place of a piece that has left the board.
const OUT: (usize, usize) = (usize::MAX, usize::MAX);

fn blocks(rng: &mut Rng) -> Blocks {
    let rows = rng.range(2, 4) as usize;
    let cols = rng.range(2, 4) as usize;
    let mut taken = vec![false; rows * cols];
    let (mut shapes, mut start) = (vec![], vec![]);
    for _ in 0..rng.range(1, 5) {
        let shape = [(1, 1), (1, 2), (2, 1), (1, 1)][rng.below(4)];
        for _ in 0..20 {
            let (r, c) = (rng.below(rows), rng.below(cols));
            let cells = cells_of(shape, (r, c), rows, cols);
            let free_after = taken.iter().filter(|t| !**t).count() > shape.0 * shape.1;
            if let Some(cells) = cells.filter(|cs| cs.iter().all(|&p| !taken[p]))
                && free_after
            {
                cells.iter().for_each(|&p| taken[p] = true);
                shapes.push(shape);
                start.push((r, c));
                break;
            }
        }
    }
    if shapes.is_empty() {
        shapes.push((1, 1));
        start.push((0, 0));
    }
    // The most numerous shape among the pieces other than A, when two or more share it.
    let group = (1..shapes.len())
        .map(|p| {
            (1..shapes.len())
                .filter(|&q| shapes[q] == shapes[p])
                .collect::<Vec<_>>()
        })
        .max_by_key(Vec::len)
        .filter(|g| g.len() >= 2 && rng.chance(60))
        .unwrap_or_default();
    let mut b = Blocks {
        rows,
        cols,
        shapes,
        start,
        moves_metric: rng.chance(40),
        target: (rng.below(rows) + 2, rng.below(cols) + 2),
        group,
        exit: None,
        goal_out: false,
    };
    // A gap A fits through: in the right wall when A is one row high, else in the bottom one.
    if rng.chance(40) {
        b.exit = Some(match b.shapes[0].0 {
            1 => Gap::Right(rng.below(rows)),
            _ => Gap::Bottom(rng.below(cols)),
        });
        b.goal_out = rng.chance(50);
    }
    b.start = b.canonical(b.start.clone());
    b
}

/// The cells of a piece of `shape` with its top-left at `at`, or None off the board.
fn cells_of(
    shape: (usize, usize),
    at: (usize, usize),
    rows: usize,
    cols: usize,
) -> Option<Vec<usize>> {
    if at.0 + shape.0 > rows || at.1 + shape.1 > cols {
        return None;
    }
    Some(
        (0..shape.0)
            .flat_map(|dr| (0..shape.1).map(move |dc| (at.0 + dr) * cols + at.1 + dc))
            .collect(),
    )
}

impl Blocks {
    /// The positions piece `p` reaches in one step, the others staying.
    fn one_step(&self, s: &[(usize, usize)], p: usize, at: (usize, usize)) -> Vec<(usize, usize)> {
        let mut taken = vec![false; self.rows * self.cols];
        for (q, &pos) in s
            .iter()
            .enumerate()
            .filter(|&(q, &pos)| q != p && pos != OUT)
        {
            for c in cells_of(self.shapes[q], pos, self.rows, self.cols).unwrap() {
                taken[c] = true;
            }
        }
        let (r, c) = (at.0 as i64, at.1 as i64);
        [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            .into_iter()
            .filter(|&(r, c)| r >= 0 && c >= 0)
            .map(|(r, c)| (r as usize, c as usize))
            .filter(|&to| {
                cells_of(self.shapes[p], to, self.rows, self.cols)
                    .is_some_and(|cs| cs.iter().all(|&x| !taken[x]))
            })
            .collect()
    }
    /// Whether piece `p` at `at` stands in front of the gap, so that it may leave.
    fn may_leave(&self, p: usize, at: (usize, usize)) -> bool {
        let shape = self.shapes[p];
        match (p, self.exit) {
            (0, Some(Gap::Right(r))) => at.0 == r && at.1 + shape.1 == self.cols,
            (0, Some(Gap::Bottom(c))) => at.1 == c && at.0 + shape.0 == self.rows,
            _ => false,
        }
    }
    fn succ(&self, s: &[(usize, usize)]) -> Vec<Vec<(usize, usize)>> {
        let mut out = vec![];
        for p in (0..s.len()).filter(|&p| s[p] != OUT) {
            // Steps: one cell. Moves: every place a walk of steps reaches is one move.
            let mut seen = vec![s[p]];
            let mut queue = VecDeque::from([s[p]]);
            while let Some(at) = queue.pop_front() {
                for to in self.one_step(s, p, at) {
                    if !seen.contains(&to) {
                        seen.push(to);
                        if self.moves_metric {
                            queue.push_back(to);
                        }
                    }
                }
            }
            for &to in &seen[1..] {
                let mut t = s.to_vec();
                t[p] = to;
                out.push(self.canonical(t));
            }
            // Leaving is one move: from beside the gap (steps), or at the end of a slide that
            // reaches it (moves: `seen` holds every place a slide reaches).
            let slides_end = if self.moves_metric {
                &seen[..]
            } else {
                &seen[..1]
            };
            if slides_end.iter().any(|&at| self.may_leave(p, at)) {
                let mut t = s.to_vec();
                t[p] = OUT;
                out.push(t);
            }
        }
        out
    }
    /// The state with the group's places sorted: one state per class of positions.
    fn canonical(&self, mut s: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
        let mut places: Vec<(usize, usize)> = self.group.iter().map(|&p| s[p]).collect();
        places.sort_unstable();
        for (&p, at) in self.group.iter().zip(places) {
            s[p] = at;
        }
        s
    }
    fn goal_holds(&self, s: &[(usize, usize)]) -> bool {
        match self.goal_out {
            true => s[0] == OUT,
            false => s[0] != OUT && (s[0].0 + 2, s[0].1 + 2) == self.target,
        }
    }
    fn spec(&self) -> String {
        let mut grid = vec![vec!['.'; self.cols]; self.rows];
        for (p, (&shape, &at)) in self.shapes.iter().zip(&self.start).enumerate() {
            for c in cells_of(shape, at, self.rows, self.cols).unwrap() {
                grid[c / self.cols][c % self.cols] = (b'A' + p as u8) as char;
            }
        }
        let frame = "#".repeat(self.cols + 2);
        let mut drawing = frame.clone() + "\n";
        for (r, row) in grid.into_iter().enumerate() {
            let right = match self.exit {
                Some(Gap::Right(g)) if g == r => '=',
                _ => '#',
            };
            drawing += &format!("#{}{right}\n", row.into_iter().collect::<String>());
        }
        drawing += &match self.exit {
            Some(Gap::Bottom(c)) => format!("{}={}", &frame[..c + 1], &frame[c + 2..]),
            _ => frame,
        };
        let predicate = match self.goal_out {
            true => "out_A == 1".to_string(),
            false => format!("row_A == {} and col_A == {}", self.target.0, self.target.1),
        };
        format!(
            "[puzzle]\nname = \"blocks\"\nkind = \"sliding-blocks\"\n[board]\ndrawing = \"\"\"\n\
             {drawing}\n\"\"\"\n[rules]\nmetric = \"{}\"\ninterchangeable = \"none\"\n\
             groups = [{}]\nexits = [{}]\n[goal]\npredicate = \"{predicate}\"\n",
            if self.moves_metric { "moves" } else { "steps" },
            match self.group.is_empty() {
                true => String::new(),
                false => format!(
                    "\"{}\"",
                    self.group
                        .iter()
                        .map(|&p| (b'A' + p as u8) as char)
                        .collect::<String>()
                ),
            },
            if self.exit.is_some() { "\"A\"" } else { "" },
        )
    }
    /// A position of the report: each piece's top-left corner, back to 0-based cells.
    fn read(&self, v: &Value) -> Vec<(usize, usize)> {
        let s = (0..self.shapes.len())
            .map(|p| {
                let at = &v["pieces"][((b'A' + p as u8) as char).to_string()];
                if at.is_null() {
                    return OUT;
                }
                (
                    at["row"].as_u64().unwrap() as usize - 2,
                    at["col"].as_u64().unwrap() as usize - 2,
                )
            })
            .collect();
        self.canonical(s)
    }
}

fn check_blocks(seed: u64) -> Result<(), TestCaseError> {
    let b = blocks(&mut Rng(seed));
    let spec = b.spec();
    let explored = explore(b.start.clone(), |s| b.succ(s));
    check_shortest(
        &spec,
        "auto",
        &explored,
        |s| b.goal_holds(s),
        |doc| {
            let states = steps(doc, |v| b.read(v));
            replay(b.start.clone(), states, |s| b.succ(s), |s| b.goal_holds(s))
        },
    )?;
    let (doc, _) = solve(&spec, &["--objective", "reachable"]);
    prop_assert_eq!(
        doc["count"].as_u64(),
        Some(explored.order.len() as u64),
        "{}\n{}",
        doc,
        spec
    );
    let layers = explored.layers();
    let (doc, _) = solve(&spec, &["--objective", "longest"]);
    prop_assert_eq!(layers_of(&doc), layers.clone(), "{}\n{}", doc, spec);
    prop_assert_eq!(doc["farthest_count"].as_u64(), layers.last().copied());
    Ok(())
}

// --- Search puzzles ------------------------------------------------------------------------

const SEARCH_NAMES: [&str; 4] = ["a", "b", "c", "d"];

struct Search {
    /// (lo, hi) of each variable
    domains: Vec<(i64, i64)>,
    constraints: Vec<B>,
    /// `distinct(...)` over these formulas when two or more (a variable alone, or a small
    /// formula, which the propagation engine takes apart as a group of expressions).
    distinct: Vec<E>,
    objective: E,
}

fn search(rng: &mut Rng) -> Search {
    let n = rng.range(2, 4) as usize;
    let domains = (0..n)
        .map(|_| {
            let lo = rng.range(-2, 1);
            (lo, lo + rng.range(0, 4))
        })
        .collect();
    let constraints = (0..rng.range(1, 3))
        .map(|_| condition(rng, n, false, false, 1))
        .collect();
    // An objective must depend on a variable: one is added to the random formula.
    let objective = E::Add(
        Box::new(E::At(rng.below(n))),
        Box::new(formula(rng, n, false, false, 2)),
    );
    let distinct = match rng.chance(50) {
        true => (0..rng.range(2, 3))
            .map(|_| match rng.chance(50) {
                true => E::At(rng.below(n)),
                false => formula(rng, n, false, false, 1),
            })
            .collect(),
        false => vec![],
    };
    Search {
        domains,
        constraints,
        distinct,
        objective,
    }
}

impl Search {
    /// Every assignment, in the order of the variables.
    fn all(&self) -> Vec<Vec<i64>> {
        let mut out = vec![vec![]];
        for &(lo, hi) in &self.domains {
            out = out
                .into_iter()
                .flat_map(|a| {
                    (lo..=hi).map(move |x| {
                        let mut a = a.clone();
                        a.push(x);
                        a
                    })
                })
                .collect();
        }
        out
    }
    fn holds(&self, a: &[i64]) -> bool {
        let values: Vec<i64> = self.distinct.iter().map(|e| e.eval(a, 0)).collect();
        let distinct = (0..values.len()).all(|i| (0..i).all(|j| values[i] != values[j]));
        distinct && self.constraints.iter().all(|c| c.eval(a, 0))
    }
    fn spec(&self, objective: &str) -> String {
        let name = |k: usize| SEARCH_NAMES[k].to_string();
        let none = |_: usize| unreachable!();
        let vars: Vec<String> = self
            .domains
            .iter()
            .enumerate()
            .map(|(k, (lo, hi))| format!("\"{} in {lo}..{hi}\"", name(k)))
            .collect();
        let mut cons: Vec<String> = self
            .constraints
            .iter()
            .map(|c| format!("\"{}\"", c.text(&name, &none)))
            .collect();
        if !self.distinct.is_empty() {
            let items: Vec<String> = self.distinct.iter().map(|e| e.text(&name, &none)).collect();
            cons.push(format!("\"distinct({})\"", items.join(", ")));
        }
        let mut spec = format!(
            "[puzzle]\nname = \"search\"\nkind = \"search\"\n[search]\nvariables = [{}]\n\
             constraints = [{}]\n",
            vars.join(", "),
            cons.join(", ")
        );
        if objective == "maximize" || objective == "minimize" {
            spec += &format!("{objective} = \"{}\"\n", self.objective.text(&name, &none));
        }
        spec + &format!("[solve]\nobjective = \"{objective}\"\nlimit = 100000\n")
    }
}

fn check_search(seed: u64) -> Result<(), TestCaseError> {
    let s = search(&mut Rng(seed));
    let solutions: Vec<Vec<i64>> = s.all().into_iter().filter(|a| s.holds(a)).collect();
    let n = s.domains.len();
    let read = |a: &Value| -> Vec<i64> {
        (0..n)
            .map(|k| a["values"][SEARCH_NAMES[k]].as_i64().unwrap())
            .collect()
    };
    check_search_answers(
        seed,
        &solutions,
        |o| s.spec(o),
        read,
        |a| s.objective.eval(a, 0),
    )
}

/// A search spec solved three ways, against the solutions enumerated in the test: `count` with
/// each engine (exit 1 when there is none), `all` listing the very solutions (read from each
/// answer by `read`), and the optimum of `value` (maximised for even seeds, else minimised).
fn check_search_answers(
    seed: u64,
    solutions: &[Vec<i64>],
    spec: impl Fn(&str) -> String,
    read: impl Fn(&Value) -> Vec<i64>,
    value: impl Fn(&[i64]) -> i64,
) -> Result<(), TestCaseError> {
    for engine in ["propagation", "backtracking"] {
        let spec = spec("count");
        let (doc, code) = solve(&spec, &["--engine", engine]);
        let want_code = if solutions.is_empty() { 1 } else { 0 };
        prop_assert_eq!(code, want_code, "{}\n{}", doc, spec);
        let want = Some(solutions.len() as u64);
        prop_assert_eq!(doc["count"].as_u64(), want, "{}\n{}", doc, spec);
    }
    let spec_all = spec("all");
    let (doc, _) = solve(&spec_all, &[]);
    let mut listed: Vec<Vec<i64>> = doc["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(&read)
        .collect();
    listed.sort();
    prop_assert_eq!(&listed, &solutions.to_vec(), "{}\n{}", doc, spec_all);
    let maximize = seed.is_multiple_of(2);
    let values = solutions.iter().map(|a| value(a));
    let best = if maximize { values.max() } else { values.min() };
    let spec = spec(if maximize { "maximize" } else { "minimize" });
    let (doc, code) = solve(&spec, &[]);
    match best {
        None => prop_assert_eq!(code, 1, "{}\n{}", doc, spec),
        Some(best) => prop_assert_eq!(doc["optimum"].as_i64(), Some(best), "{}\n{}", doc, spec),
    }
    Ok(())
}

// --- Search over an array, with aggregates and generators -------------------------------

/// What a constraint means, evaluated here on an assignment of the array.
type Meaning = Box<dyn Fn(&[i64]) -> bool>;
/// A comparison operator's text and meaning.
type Comparison = (&'static str, fn(i64, i64) -> bool);

/// One constraint over the array `x`: its text in the spec language and its meaning here.
struct ArrayConstraint {
    text: String,
    holds: Meaning,
}

/// `a op b` for a random comparison: its text and its meaning.
fn comparison(rng: &mut Rng) -> Comparison {
    let all: [Comparison; 6] = [
        ("==", |a, b| a == b),
        ("!=", |a, b| a != b),
        ("<", |a, b| a < b),
        ("<=", |a, b| a <= b),
        (">", |a, b| a > b),
        (">=", |a, b| a >= b),
    ];
    all[rng.below(6)]
}

/// A constraint of one of the shapes puzzles use: a sum over a slice, a count of a value,
/// neighbours compared, all different with an offset (queens' diagonals), a spread of values,
/// and pairs at a distance, each over a generator (nested and filtered in the last).
fn array_constraint(rng: &mut Rng, n: usize, lo: i64, hi: i64) -> ArrayConstraint {
    let (op, cmp) = comparison(rng);
    match rng.below(6) {
        0 => {
            let a = rng.below(n);
            let b = a + rng.below(n - a);
            let k = rng.range(lo * (b - a + 1) as i64, hi * (b - a + 1) as i64);
            ArrayConstraint {
                text: format!("sum(x[i] for i in {a}..{b}) {op} {k}"),
                holds: Box::new(move |x| cmp(x[a..=b].iter().sum(), k)),
            }
        }
        1 => {
            let v = rng.range(lo, hi);
            let c = rng.range(0, n as i64);
            ArrayConstraint {
                text: format!("count(x[i] == {v} for i in 0..n - 1) {op} {c}"),
                holds: Box::new(move |x| cmp(x.iter().filter(|&&e| e == v).count() as i64, c)),
            }
        }
        2 => ArrayConstraint {
            text: format!("all(x[i] {op} x[i + 1] for i in 0..n - 2)"),
            holds: Box::new(move |x| x.windows(2).all(|w| cmp(w[0], w[1]))),
        },
        3 => {
            let sign = if rng.chance(50) { "+" } else { "-" };
            let plus = sign == "+";
            ArrayConstraint {
                text: format!("distinct(x[i] {sign} i for i in 0..n - 1)"),
                holds: Box::new(move |x| {
                    let v: Vec<i64> = (0..x.len())
                        .map(|i| {
                            if plus {
                                x[i] + i as i64
                            } else {
                                x[i] - i as i64
                            }
                        })
                        .collect();
                    (0..v.len()).all(|i| (0..i).all(|j| v[i] != v[j]))
                }),
            }
        }
        4 => {
            let k = rng.range(0, hi - lo);
            ArrayConstraint {
                text: format!("max(x[i] for i in 0..n - 1) - min(x[i] for i in 0..n - 1) {op} {k}"),
                holds: Box::new(move |x| cmp(x.iter().max().unwrap() - x.iter().min().unwrap(), k)),
            }
        }
        _ => {
            let d = rng.range(1, n as i64 - 1) as usize;
            ArrayConstraint {
                text: format!(
                    "all(x[i] {op} x[j] for i in 0..n - 1 for j in i + 1..n - 1 if j - i == {d})"
                ),
                holds: Box::new(move |x| {
                    (0..x.len()).all(|i| {
                        (i + 1..x.len())
                            .filter(|j| j - i == d)
                            .all(|j| cmp(x[i], x[j]))
                    })
                }),
            }
        }
    }
}

struct ArraySearch {
    n: usize,
    lo: i64,
    hi: i64,
    /// `distinct in` rather than `in`
    distinct: bool,
    constraints: Vec<ArrayConstraint>,
    /// the objective: `sum(w * x[i] for i in 0..n - 1 if i % 2 == parity)`
    weight: i64,
    parity: usize,
}

fn array_search(rng: &mut Rng) -> ArraySearch {
    let n = rng.range(2, 5) as usize;
    let lo = rng.range(-1, 1);
    let hi = lo + rng.range(1, 3);
    let constraints = (0..rng.range(1, 3))
        .map(|_| array_constraint(rng, n, lo, hi))
        .collect();
    ArraySearch {
        n,
        lo,
        hi,
        distinct: (hi - lo + 1) as usize >= n && rng.chance(30),
        constraints,
        weight: rng.range(-2, 2),
        parity: rng.below(2),
    }
}

impl ArraySearch {
    fn all(&self) -> Vec<Vec<i64>> {
        let mut out = vec![vec![]];
        for _ in 0..self.n {
            out = out
                .into_iter()
                .flat_map(|a| {
                    (self.lo..=self.hi).map(move |v| {
                        let mut a = a.clone();
                        a.push(v);
                        a
                    })
                })
                .collect();
        }
        out
    }
    fn holds(&self, x: &[i64]) -> bool {
        let distinct = (0..x.len()).all(|i| (0..i).all(|j| x[i] != x[j]));
        (distinct || !self.distinct) && self.constraints.iter().all(|c| (c.holds)(x))
    }
    fn objective(&self, x: &[i64]) -> i64 {
        (0..x.len())
            .filter(|i| i % 2 == self.parity)
            .map(|i| self.weight * x[i])
            .sum()
    }
    fn spec(&self, objective: &str) -> String {
        let declared = if self.distinct { "distinct in" } else { "in" };
        let cons: Vec<String> = self
            .constraints
            .iter()
            .map(|c| format!("\"{}\"", c.text))
            .collect();
        let mut spec = format!(
            "[puzzle]\nname = \"array\"\nkind = \"search\"\n[params]\nn = {}\n[search]\n\
             variables = [\"x: n {declared} {}..{}\"]\nconstraints = [{}]\n",
            self.n,
            self.lo,
            self.hi,
            cons.join(", ")
        );
        if objective == "maximize" || objective == "minimize" {
            spec += &format!(
                "{objective} = \"sum({} * x[i] for i in 0..n - 1 if i % 2 == {})\"\n",
                self.weight, self.parity
            );
        }
        spec + &format!("[solve]\nobjective = \"{objective}\"\nlimit = 100000\n")
    }
}

fn check_array_search(seed: u64) -> Result<(), TestCaseError> {
    let s = array_search(&mut Rng(seed));
    let solutions: Vec<Vec<i64>> = s.all().into_iter().filter(|x| s.holds(x)).collect();
    let read = |a: &Value| int_list(&a["values"]["x"]);
    check_search_answers(seed, &solutions, |o| s.spec(o), read, |x| s.objective(x))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn water_jugs_agree_with_breadth_first_search(seed in any::<u64>()) {
        check_jugs_kind(seed)?;
    }

    #[test]
    fn water_jugs_as_rules_agree_with_breadth_first_search(seed in any::<u64>()) {
        check_jugs_rules(seed)?;
    }

    #[test]
    fn sliding_tiles_agree_with_breadth_first_search(seed in any::<u64>()) {
        check_tiles_kind(seed)?;
    }

    #[test]
    fn sliding_tiles_as_rules_agree_with_breadth_first_search(seed in any::<u64>()) {
        check_tiles_rules(seed)?;
    }

    #[test]
    fn random_rules_agree_with_breadth_first_search_and_dijkstra(seed in any::<u64>()) {
        check_random_rules(seed)?;
    }

    #[test]
    fn sliding_blocks_agree_with_breadth_first_search(seed in any::<u64>()) {
        check_blocks(seed)?;
    }

    #[test]
    fn search_puzzles_agree_with_enumeration(seed in any::<u64>()) {
        check_search(seed)?;
    }

    #[test]
    fn search_arrays_with_generators_agree_with_enumeration(seed in any::<u64>()) {
        check_array_search(seed)?;
    }
}
