//! The water-jug puzzle model: contents packed into a u64 (a few bits per jug), moves fill, empty
//! and pour, and the goal predicate evaluated on the unpacked contents.

use crate::engine::StateSpace;
use crate::expr::{self, Expr, ExprError, Value};

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
