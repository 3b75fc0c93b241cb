//! One solve on bitboards of type `B`: the jump space with the symmetries that keep the start
//! and the goal, the position the searches start from (after the fixed first jump), and the goal.

use super::engine::bitboard::{Bitboard, holes};
use super::engine::chain_cell::NO_PEG;
use super::engine::guide::hole_weights;
use super::engine::jump::Jump;
use super::engine::jump_space::JumpSpace;
use super::engine::layer::Goal;
use super::engine::layer_prune::Prune;
use super::engine::orbit_pagoda::{orbit_pagoda, sample_positions};
use super::engine::pagoda::{Pagoda, goal_pagodas};
use super::engine::sampled_pagodas::MOST_HOLES;
use super::puzzle::PegPuzzle;
use crate::engine::Progress;
use crate::report::Stats;
use std::time::Instant;

pub struct Search<'p, B: Bitboard> {
    pub puzzle: &'p PegPuzzle,
    pub space: JumpSpace<B>,
    /// The symmetries of the space, as permutations of the holes.
    pub group: Vec<Vec<u8>>,
    /// The start after the fixed first jump, as a hole mask (for the invariants).
    pub origin: u128,
    /// The same position, where the searches start.
    pub start: B,
    /// The peg that may go on jumping in the first move (`NO_PEG` when no jump is fixed).
    pub free: u8,
    /// The jumps made before the searches start: the fixed first jump, or none.
    pub prefix: Vec<usize>,
    /// The holes the last pegs may stand on.
    pub at: B,
    /// Pagoda functions seeded on the goal holes (weights never grow under a jump).
    pub pagodas: Vec<Pagoda>,
    /// How hard a peg on each hole is to clear: the guided beam's score.
    pub guide: Vec<u32>,
    pub progress: &'p Progress,
    /// When the solve began (the stats count the symmetry search too).
    pub began: Instant,
}

impl<'p, B: Bitboard> Search<'p, B> {
    pub fn new(puzzle: &'p PegPuzzle, progress: &'p Progress, began: Instant) -> Self {
        let n = puzzle.board.len();
        let jumps = &puzzle.board.jumps;
        // With a fixed first jump the searches start after it, its peg free to go on jumping.
        let (origin, free, prefix) = match puzzle.first_jump {
            Some(j) => (puzzle.start ^ jump_mask(jumps[j]), jumps[j].to, vec![j]),
            None => (puzzle.start, NO_PEG, Vec::new()),
        };
        let list = |m: u128| -> Vec<usize> { holes(m).collect() };
        let group = puzzle.symmetries(origin);
        Search {
            puzzle,
            space: JumpSpace::laid_out(n, jumps.clone(), &group, puzzle.board.grid_spread()),
            group,
            origin,
            start: to_bitboard(origin),
            free,
            prefix,
            at: to_bitboard(puzzle.goal_at),
            pagodas: goal_pagodas(n, jumps, &list(puzzle.goal_at), puzzle.goal_pegs as usize),
            guide: hole_weights(n, jumps, puzzle.board.cells.as_deref()),
            progress,
            began,
        }
    }

    /// The goal test: the goal's number of pegs, all on allowed holes.
    pub fn goal_test(&self) -> impl Fn(B) -> bool + Copy + Sync + use<'p, B> {
        let (pegs, at) = (self.puzzle.goal_pegs, self.at);
        move |b: B| b.count() == pegs && b & !at == B::ZERO
    }

    /// The goal for the layered searches: its positions when listed, else the test.
    pub fn goal(&self, listed: Option<Vec<u128>>) -> Goal<B> {
        match listed {
            Some(list) => Goal::Positions(list.into_iter().map(to_bitboard).collect()),
            None => Goal::Within {
                pegs: self.puzzle.goal_pegs,
                allowed: self.at,
            },
        }
    }

    /// The first pagoda under which the start weighs less than every goal position.
    pub fn pagoda_ruling_out(&self) -> Option<&Pagoda> {
        self.pagodas.iter().find(|p| p.value(self.start) < p.floor)
    }

    /// The pagoda bounds for the layered searches: the goal's pagodas forwards, and backwards
    /// those seeded on the start's empty holes (applied to complements). A side that compares
    /// with one position (the goal, or the start's complement) gets more bounds by linear
    /// programming once its layers grow large (see [`Prune::sharpen`]); another gets the
    /// searched pagoda that rules out the most besides (see [`orbit_pagoda`]).
    pub fn prune(&self) -> Prune<B> {
        let n = self.puzzle.board.len();
        let board = self.puzzle.board.all_holes();
        let empty: Vec<usize> = holes(board & !self.origin).collect();
        let mut from_start = goal_pagodas(n, &self.puzzle.board.jumps, &empty, empty.len());
        let mut to_goal = self.pagodas.clone();
        let goal_at: Vec<usize> = holes(self.puzzle.goal_at).collect();
        let jumps = &self.puzzle.board.jumps;
        let sampled = n <= MOST_HOLES;
        let goal = (sampled && goal_at.len() == self.puzzle.goal_pegs as usize)
            .then(|| to_bitboard(self.puzzle.goal_at));
        let start_complement = sampled.then(|| to_bitboard(board & !self.origin));
        let searched = |target, known: &[Pagoda]| {
            // The largest layers are near half the holes: positions (or complements) of about
            // as many pegs are the sample.
            let sample = sample_positions(n, n - n / 2..n - n / 2 + 4);
            orbit_pagoda(n, jumps, &self.group, target, &sample, known)
        };
        if goal.is_none() {
            to_goal.extend(searched(
                (&goal_at[..], self.puzzle.goal_pegs as usize),
                &to_goal,
            ));
        }
        if start_complement.is_none() {
            from_start.extend(searched((&empty[..], empty.len()), &from_start));
        }
        Prune::new(to_goal, from_start, to_bitboard(board)).sampling(
            (n, jumps),
            goal,
            start_complement,
        )
    }

    /// A solution found after the prefix, with the prefix.
    pub fn with_prefix(&self, jumps: &[usize]) -> Vec<usize> {
        self.prefix.iter().chain(jumps).copied().collect()
    }

    pub fn stats(&self, states: u64) -> Stats {
        Stats::new(states, self.began.elapsed())
    }
}

pub fn to_bitboard<B: Bitboard>(m: u128) -> B {
    holes(m).fold(B::ZERO, |b, h| b | B::bit(h))
}

/// The three holes a jump flips.
pub fn jump_mask(j: Jump) -> u128 {
    (1u128 << j.from) | (1u128 << j.over) | (1u128 << j.to)
}
