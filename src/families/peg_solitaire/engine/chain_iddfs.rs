//! The seeds' algorithm, kept as a reference engine: iterative deepening over jump sequences with
//! the move count (a chain of jumps by one peg is one move) as the bound. No memory, no
//! symmetry; exponential, so only for small boards, where it cross-checks the layered engines.

use super::bitboard::Bitboard;
use super::jump_space::JumpSpace;

pub struct IddfsOutcome {
    /// Fewest moves, counting `base` moves already made; None when no sequence reaches the goal.
    pub moves: Option<u32>,
    /// Jump sequences reaching the goal in that many moves.
    pub count: u128,
    /// Up to the listing limit of them, in the seeds' order (by hole, then table order).
    pub listed: Vec<Vec<usize>>,
    pub nodes: u64,
}

struct Run<'a, B: Bitboard> {
    space: &'a JumpSpace<B>,
    goal_pegs: u32,
    goal: &'a dyn Fn(B) -> bool,
    limit: usize,
    path: Vec<usize>,
    count: u128,
    listed: Vec<Vec<usize>>,
    nodes: u64,
}

/// Deepens the move bound from `base` until some jump sequence from `start` reaches the goal.
/// `free` is the hole of a peg whose chain may continue without a new move (or `u8::MAX`).
pub fn minimal_sequences<B: Bitboard>(
    space: &JumpSpace<B>,
    start: B,
    free: u8,
    base: u32,
    goal_pegs: u32,
    goal: &dyn Fn(B) -> bool,
    limit: usize,
) -> IddfsOutcome {
    let mut run = Run {
        space,
        goal_pegs,
        goal,
        limit,
        path: Vec::new(),
        count: 0,
        listed: Vec::new(),
        nodes: 0,
    };
    let most = base + start.count().saturating_sub(goal_pegs);
    for bound in base..=most {
        run.dfs(start, free, base, bound);
        if run.count > 0 {
            return IddfsOutcome {
                moves: Some(bound),
                count: run.count,
                listed: run.listed,
                nodes: run.nodes,
            };
        }
    }
    IddfsOutcome {
        moves: None,
        count: 0,
        listed: Vec::new(),
        nodes: run.nodes,
    }
}

impl<B: Bitboard> Run<'_, B> {
    fn dfs(&mut self, b: B, free: u8, used: u32, bound: u32) {
        self.nodes += 1;
        if used > bound {
            return;
        }
        if b.count() == self.goal_pegs {
            if (self.goal)(b) {
                self.count += 1;
                if self.listed.len() < self.limit {
                    self.listed.push(self.path.clone());
                }
            }
            return;
        }
        for j in 0..self.space.jumps.len() {
            if let Some(next) = self.space.apply(b, j) {
                let jump = self.space.jumps[j];
                let price = u32::from(jump.from != free);
                self.path.push(j);
                self.dfs(next, jump.to, used + price, bound);
                self.path.pop();
            }
        }
    }
}
