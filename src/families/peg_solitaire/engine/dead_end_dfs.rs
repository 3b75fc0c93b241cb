//! One solution of a jump game, fast: depth-first over jumps, remembering every position (up to
//! symmetry) proved not to lead to the goal, so no dead end is searched twice. Jumps are tried
//! best first: those leaving the fewest isolated pegs (pegs with no neighbouring peg, which
//! need another peg to come to them), a cheap guide that finds solutions on large boards fast.
//! An optional *end-game layer* (every position of some peg count that can still reach the
//! goal, from a backward search) answers exactly once the search gets down to that count.

use super::bitboard::Bitboard;
use super::jump_space::JumpSpace;
use crate::engine::stop;
use rustc_hash::FxHashSet;

/// Positions visited between two looks at the stop request (a few microseconds of work).
const POLL_EVERY: u64 = 4096;

pub struct DeadEndSearch<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    goal_pegs: u32,
    goal: &'a (dyn Fn(B) -> bool + 'a),
    dead: FxHashSet<B>,
    /// Per hole, the holes a peg there could jump over.
    neighbours: Vec<B>,
    endgame: Option<&'a super::layer::Layer<B>>,
    /// Stop (with no answer) after this many positions were proved dead.
    budget: usize,
    visited: u64,
    /// A stop was requested (time limit, Ctrl-C, memory) and the search ended part-way.
    stopped: bool,
}

pub struct DfsOutcome {
    /// The jumps of a solution, or None when there is none (or the budget ran out).
    pub jumps: Option<Vec<usize>>,
    /// Whether the search gave up on its budget (so None proves nothing).
    pub exhausted_budget: bool,
    /// Whether a stop request ended it part-way (so None proves nothing).
    pub stopped: bool,
    pub dead_positions: u64,
}

impl<'a, B: Bitboard> DeadEndSearch<'a, B> {
    pub fn new(
        space: &'a JumpSpace<B>,
        goal_pegs: u32,
        goal: &'a (dyn Fn(B) -> bool + 'a),
        budget: usize,
    ) -> Self {
        let mut neighbours = vec![B::ZERO; space.holes];
        for j in &space.jumps {
            neighbours[j.from as usize] = neighbours[j.from as usize] | B::bit(j.over as usize);
        }
        DeadEndSearch {
            endgame: None,
            neighbours,
            space,
            goal_pegs,
            goal,
            dead: FxHashSet::default(),
            budget,
            visited: 0,
            stopped: false,
        }
    }

    /// Positions of `layer.pegs` pegs are solvable exactly when their class is in `layer`.
    pub fn with_endgame(mut self, layer: &'a super::layer::Layer<B>) -> Self {
        self.endgame = Some(layer);
        self
    }

    /// Searches from `start` after the jumps in `prefix` (already applied to `start`).
    pub fn run(mut self, start: B, prefix: &[usize]) -> DfsOutcome {
        let mut path = prefix.to_vec();
        let found = self.dfs(start, &mut path);
        DfsOutcome {
            exhausted_budget: found.is_none() && !self.stopped,
            stopped: self.stopped,
            jumps: found.unwrap_or(false).then_some(path),
            dead_positions: self.dead.len() as u64,
        }
    }

    /// From a position known to be solvable: plain search without the end-game test.
    fn finish(&mut self, b: B, path: &mut Vec<usize>) -> Option<bool> {
        let end = self.endgame.take();
        let found = self.dfs(b, path);
        self.endgame = end;
        found
    }

    fn isolated(&self, b: B) -> u32 {
        super::bitboard::holes(b)
            .filter(|&h| b & self.neighbours[h] == B::ZERO)
            .count() as u32
    }

    /// Some(true) solved, Some(false) proved dead, None out of budget or stopped.
    fn dfs(&mut self, b: B, path: &mut Vec<usize>) -> Option<bool> {
        self.visited += 1;
        if self.visited.is_multiple_of(POLL_EVERY) && stop::requested().is_some() {
            self.stopped = true;
            return None;
        }
        if b.count() == self.goal_pegs {
            return Some((self.goal)(b));
        }
        let key = self.space.canonical(b);
        if let Some(end) = self.endgame
            && end.pegs == b.count()
        {
            if !end.contains(key) {
                return Some(false);
            }
            return self.finish(b, path);
        }
        if self.dead.contains(&key) {
            return Some(false);
        }
        let mut children: Vec<(u32, usize, B)> = Vec::new();
        self.space
            .for_each_jump(b, |j, next| children.push((self.isolated(next), j, next)));
        children.sort_unstable_by_key(|c| (c.0, c.1));
        for (_, j, next) in children {
            path.push(j);
            match self.dfs(next, path)? {
                true => return Some(true),
                false => {
                    path.pop();
                }
            }
        }
        if self.dead.len() >= self.budget {
            return None;
        }
        self.dead.insert(key);
        Some(false)
    }
}
