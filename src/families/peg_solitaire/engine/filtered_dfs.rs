//! One solution in milliseconds: depth-first over jumps with cheap proofs of dead ends. A jump
//! is dropped when a pagoda function (see `pagoda.rs`) shows the position can no longer weigh
//! what the goal weighs (values updated by one addition per jump), and a position is skipped
//! when its class under the symmetry group was already searched to no avail (a bounded table:
//! when full it is emptied, which costs time but never a solution). Jumps are tried best first:
//! fewest isolated pegs (pegs with no neighbouring peg) left, then the largest bitboard (pegs
//! cleared from the low-numbered holes first, so the board empties from one side). A node budget
//! bounds the search; past it the caller falls back to a complete engine.

use super::bitboard::{Bitboard, holes};
use super::jump_space::JumpSpace;
use super::pagoda::Pagoda;
use crate::engine::stop;
use rustc_hash::FxHashSet;

/// Nodes between two looks at the stop request.
const POLL_EVERY: u64 = 1024;

/// Pagoda functions tracked at most (their values live in a fixed array per node).
pub const MAX_PAGODAS: usize = 4;

pub struct FilteredDfs<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    goal_pegs: u32,
    goal: &'a (dyn Fn(B) -> bool + 'a),
    /// Per pagoda, the change of its value per jump; and the goal's floor.
    deltas: Vec<Vec<i32>>,
    floors: Vec<i32>,
    /// Per hole, the holes a peg there could jump over.
    neighbours: Vec<B>,
    dead: FxHashSet<B>,
    dead_cap: usize,
    node_budget: u64,
    pub stats: FilterStats,
}

/// What the search did.
#[derive(Debug, Default, Clone, Copy)]
pub struct FilterStats {
    pub nodes: u64,
    /// Jumps dropped because a pagoda value fell under the goal's.
    pub pagoda_cuts: u64,
    /// Positions skipped as already known dead (up to symmetry).
    pub dead_hits: u64,
}

/// Some(jumps) solved; None with `exhausted` false: proved unsolvable. A stop request ends the
/// search as an exhausted budget does (None proves nothing; the caller asks whether it came).
pub struct FilteredOutcome {
    pub jumps: Option<Vec<usize>>,
    pub exhausted: bool,
}

type Values = [i32; MAX_PAGODAS];

impl<'a, B: Bitboard> FilteredDfs<'a, B> {
    pub fn new(
        space: &'a JumpSpace<B>,
        goal_pegs: u32,
        goal: &'a (dyn Fn(B) -> bool + 'a),
        pagodas: &[Pagoda],
        limits: (usize, u64),
    ) -> Self {
        let mut neighbours = vec![B::ZERO; space.holes];
        for j in &space.jumps {
            neighbours[j.from as usize] = neighbours[j.from as usize] | B::bit(j.over as usize);
        }
        let used = &pagodas[..pagodas.len().min(MAX_PAGODAS)];
        FilteredDfs {
            space,
            goal_pegs,
            goal,
            deltas: used
                .iter()
                .map(|p| space.jumps.iter().map(|&j| p.delta(j)).collect())
                .collect(),
            floors: used.iter().map(|p| p.floor).collect(),
            neighbours,
            dead: FxHashSet::default(),
            dead_cap: limits.0,
            node_budget: limits.1,
            stats: FilterStats::default(),
        }
    }

    /// Searches from `start` (pagoda values `values`) after the jumps in `prefix`.
    pub fn run(&mut self, start: B, values: &[i32], prefix: &[usize]) -> FilteredOutcome {
        let mut at_start = [0; MAX_PAGODAS];
        for (v, &x) in at_start.iter_mut().zip(values) {
            *v = x;
        }
        let mut path = prefix.to_vec();
        match self.dfs(start, at_start, &mut path) {
            Some(true) => FilteredOutcome {
                jumps: Some(path),
                exhausted: false,
            },
            Some(false) => FilteredOutcome {
                jumps: None,
                exhausted: false,
            },
            None => FilteredOutcome {
                jumps: None,
                exhausted: true,
            },
        }
    }

    fn isolated(&self, b: B) -> u32 {
        holes(b)
            .filter(|&h| b & self.neighbours[h] == B::ZERO)
            .count() as u32
    }

    /// The jumps of `b` the pagodas allow, best first, with the values after each.
    fn children(&mut self, b: B, values: &Values) -> Vec<(u32, B, usize, Values)> {
        let mut children = Vec::new();
        let mut cuts = 0;
        self.space.for_each_jump(b, |j, next| {
            let mut after = *values;
            for (p, d) in self.deltas.iter().enumerate() {
                after[p] += d[j];
            }
            if self.floors.iter().zip(&after).any(|(f, v)| v < f) {
                cuts += 1;
            } else {
                children.push((self.isolated(next), next, j, after));
            }
        });
        self.stats.pagoda_cuts += cuts;
        // Fewest isolated pegs, then the largest position.
        children.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        children
    }

    /// Some(true) solved, Some(false) proved dead, None out of budget.
    fn dfs(&mut self, b: B, values: Values, path: &mut Vec<usize>) -> Option<bool> {
        self.stats.nodes += 1;
        if b.count() == self.goal_pegs {
            return Some((self.goal)(b));
        }
        if self.stats.nodes > self.node_budget
            || (self.stats.nodes.is_multiple_of(POLL_EVERY) && stop::requested().is_some())
        {
            return None;
        }
        let key = self.space.canonical(b);
        if self.dead.contains(&key) {
            self.stats.dead_hits += 1;
            return Some(false);
        }
        for (_, next, j, after) in self.children(b, &values) {
            path.push(j);
            if self.dfs(next, after, path)? {
                return Some(true);
            }
            path.pop();
        }
        if self.dead.len() >= self.dead_cap {
            self.dead.clear();
        }
        self.dead.insert(key);
        Some(false)
    }
}
