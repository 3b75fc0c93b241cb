//! The water-jug puzzle model: contents packed into a u64 (a few bits per jug), moves fill, empty
//! and pour, and the goal predicate evaluated on the unpacked contents.

use crate::engine::{ReversibleSpace, StateSpace};
use crate::expr::{self, BinOp, Expr, ExprError, ExprKind, Value};

/// At most this many jugs (each needs at least one bit of the packed state).
pub const MAX_JUGS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Fill(u8),
    Empty(u8),
    Pour(u8, u8),
}

pub struct Jugs {
    pub names: Vec<String>,
    pub capacities: Vec<u64>,
    pub tap: bool,
    pub goal: Expr,
    shifts: Vec<u32>,
    masks: Vec<u64>,
}

pub type State = u64;

impl Jugs {
    /// None when the contents need more than 64 bits.
    pub fn new(names: Vec<String>, capacities: Vec<u64>, tap: bool, goal: Expr) -> Option<Jugs> {
        let mut shifts = Vec::with_capacity(capacities.len());
        let mut masks = Vec::with_capacity(capacities.len());
        let mut shift = 0u32;
        for &c in &capacities {
            let bits = 64 - c.leading_zeros();
            if shift + bits > 64 {
                return None;
            }
            shifts.push(shift);
            masks.push(if bits == 64 {
                u64::MAX
            } else {
                (1u64 << bits) - 1
            });
            shift += bits;
        }
        Some(Jugs {
            names,
            capacities,
            tap,
            goal,
            shifts,
            masks,
        })
    }

    pub fn len(&self) -> usize {
        self.capacities.len()
    }

    pub fn get(&self, s: State, i: usize) -> u64 {
        (s >> self.shifts[i]) & self.masks[i]
    }

    fn with(&self, s: State, i: usize, v: u64) -> State {
        (s & !(self.masks[i] << self.shifts[i])) | (v << self.shifts[i])
    }

    pub fn pack(&self, contents: &[u64]) -> State {
        contents
            .iter()
            .enumerate()
            .fold(0, |s, (i, &v)| self.with(s, i, v))
    }

    pub fn unpack(&self, s: State) -> Vec<u64> {
        (0..self.len()).map(|i| self.get(s, i)).collect()
    }

    /// The state after `mv`, or None when the move changes nothing or is not allowed.
    pub fn apply(&self, s: State, mv: Move) -> Option<State> {
        let next = match mv {
            Move::Fill(i) if self.tap => self.with(s, i as usize, self.capacities[i as usize]),
            Move::Empty(i) if self.tap => self.with(s, i as usize, 0),
            Move::Pour(a, b) if a != b => {
                let (a, b) = (a as usize, b as usize);
                let (x, y) = (self.get(s, a), self.get(s, b));
                let amount = x.min(self.capacities[b] - y);
                self.with(self.with(s, a, x - amount), b, y + amount)
            }
            _ => return None,
        };
        (next != s).then_some(next)
    }

    /// Whether the goal predicate holds (an arithmetic error, e.g. overflow, is returned).
    pub fn is_goal(&self, s: State) -> Result<bool, ExprError> {
        let mut env = [0i64; MAX_JUGS];
        for (i, slot) in env.iter_mut().enumerate().take(self.len()) {
            *slot = self.get(s, i) as i64;
        }
        Ok(expr::eval(&self.goal, &env[..self.len()])? == Value::Bool(true))
    }

    /// The one state the goal accepts, when the goal is a conjunction `J == c` naming every jug
    /// once; such a goal lets bidirectional search run from both ends.
    pub fn single_goal_state(&self) -> Option<State> {
        let mut pinned: Vec<Option<u64>> = vec![None; self.len()];
        let mut conjuncts = vec![&self.goal];
        while let Some(e) = conjuncts.pop() {
            match &e.kind {
                ExprKind::Binary(BinOp::And, a, b) => conjuncts.extend([&**a, &**b]),
                ExprKind::Binary(BinOp::Eq, a, b) => {
                    let (slot, value) = match (&a.kind, &b.kind) {
                        (ExprKind::Var(i), ExprKind::Int(c))
                        | (ExprKind::Int(c), ExprKind::Var(i)) => (*i, *c),
                        _ => return None,
                    };
                    let value = u64::try_from(value)
                        .ok()
                        .filter(|v| *v <= self.capacities[slot])?;
                    if pinned[slot].replace(value).is_some_and(|old| old != value) {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        let contents: Option<Vec<u64>> = pinned.into_iter().collect();
        contents.map(|c| self.pack(&c))
    }

    pub fn describe(&self, mv: Move) -> String {
        match mv {
            Move::Fill(i) => format!("fill {}", self.names[i as usize]),
            Move::Empty(i) => format!("empty {}", self.names[i as usize]),
            Move::Pour(a, b) => format!(
                "pour {} -> {}",
                self.names[a as usize], self.names[b as usize]
            ),
        }
    }

    /// Every move in a fixed order: fill and empty each jug, then each pour.
    fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        let n = self.len() as u8;
        let tap = (0..n).flat_map(|i| [Move::Fill(i), Move::Empty(i)]);
        let pours = (0..n).flat_map(move |a| (0..n).map(move |b| Move::Pour(a, b)));
        tap.filter(|_| self.tap).chain(pours)
    }
}

impl StateSpace for Jugs {
    type State = State;
    type Move = Move;

    fn successors(&self, s: &State, out: &mut Vec<(Move, State)>) {
        for mv in self.moves() {
            if let Some(next) = self.apply(*s, mv) {
                out.push((mv, next));
            }
        }
    }
}

impl ReversibleSpace for Jugs {
    /// Every state and move that lead to `s`. A fill or an empty forgets the old contents, and a
    /// pour forgets how much was poured, so one state has many predecessors.
    fn predecessors(&self, s: &State, out: &mut Vec<(Move, State)>) {
        for i in 0..self.len() {
            let (cap, now) = (self.capacities[i], self.get(*s, i));
            if self.tap && now == cap {
                out.extend((0..cap).map(|v| (Move::Fill(i as u8), self.with(*s, i, v))));
            }
            if self.tap && now == 0 {
                out.extend((1..=cap).map(|v| (Move::Empty(i as u8), self.with(*s, i, v))));
            }
        }
        for a in 0..self.len() {
            for b in (0..self.len()).filter(|&b| b != a) {
                let (x, y) = (self.get(*s, a), self.get(*s, b));
                let (cap_a, cap_b) = (self.capacities[a], self.capacities[b]);
                // A pour of t ends with the source empty or the target full.
                let most = if x == 0 || y == cap_b {
                    y.min(cap_a - x)
                } else {
                    0
                };
                for t in 1..=most {
                    let before = self.with(self.with(*s, a, x + t), b, y - t);
                    if self.apply(before, Move::Pour(a as u8, b as u8)) == Some(*s) {
                        out.push((Move::Pour(a as u8, b as u8), before));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jugs(caps: &[u64], tap: bool) -> Jugs {
        let names = (0..caps.len()).map(|i| format!("J{i}")).collect();
        let goal = expr::Forms::Plain.parse("1 == 1").unwrap();
        Jugs::new(names, caps.to_vec(), tap, goal).unwrap()
    }

    /// Predecessors are exactly the inverse of successors, over every state.
    #[test]
    fn predecessors_invert_successors() {
        for (caps, tap) in [
            (&[8u64, 5][..], true),
            (&[8, 5, 3][..], false),
            (&[4, 3, 2][..], true),
        ] {
            let j = jugs(caps, tap);
            let all: Vec<State> = (0..(1u64 << 12))
                .filter(|&s| {
                    j.pack(&j.unpack(s)) == s && (0..j.len()).all(|i| j.get(s, i) <= caps[i])
                })
                .collect();
            let mut forward = Vec::new();
            for &p in &all {
                let mut out = Vec::new();
                j.successors(&p, &mut out);
                forward.extend(out.into_iter().map(|(m, n)| (p, m, n)));
            }
            let mut backward = Vec::new();
            for &n in &all {
                let mut out = Vec::new();
                j.predecessors(&n, &mut out);
                backward.extend(out.into_iter().map(|(m, p)| (p, m, n)));
            }
            let key = |t: &(State, Move, State)| (t.0, format!("{:?}", t.1), t.2);
            forward.sort_by_key(key);
            backward.sort_by_key(key);
            assert_eq!(forward, backward, "capacities {caps:?}");
        }
    }

    /// Bidirectional search finds paths as short as plain BFS, to every reachable state.
    #[test]
    fn bidirectional_agrees_with_bfs_on_every_reachable_goal() {
        use crate::engine::{Progress, bfs, bidirectional_bfs, layers};
        for (caps, tap, start) in [
            (&[8u64, 5][..], true, &[0u64, 0][..]),
            (&[8, 5, 3][..], false, &[8, 0, 0][..]),
        ] {
            let j = jugs(caps, tap);
            let start = j.pack(start);
            let hidden = Progress::hidden();
            let mut reachable = Vec::new();
            let mut frontier = vec![start];
            let mut seen = std::collections::HashSet::from([start]);
            while let Some(s) = frontier.pop() {
                reachable.push(s);
                let mut out = Vec::new();
                j.successors(&s, &mut out);
                for (_, n) in out {
                    if seen.insert(n) {
                        frontier.push(n);
                    }
                }
            }
            assert_eq!(
                reachable.len() as u64,
                layers::explore(&j, start, &hidden).stats.states
            );
            for goal in reachable {
                let plain = bfs::shortest_path(&j, start, |s| *s == goal, &hidden)
                    .path
                    .unwrap();
                let both = bidirectional_bfs::shortest_path(&j, start, goal, &hidden)
                    .path
                    .unwrap();
                assert_eq!(plain.len(), both.len());
                let mut s = both.start;
                for (mv, next) in &both.steps {
                    s = j.apply(s, *mv).unwrap();
                    assert_eq!(s, *next);
                }
                assert_eq!(s, goal);
            }
        }
    }
}
