//! Every solution is replayed on the board before it is reported: each jump legal, the first
//! one the fixed one, the goal reached, the number of moves the one claimed.

use super::engine::jump::Jump;
use super::notation;
use super::plan::{Metric, Objective};
use super::puzzle::PegPuzzle;
use super::report::{Answer, view};
use super::search::jump_mask;
use crate::diagnostic::Diagnostic;
use crate::report::{Solution, Step};

impl PegPuzzle {
    /// Replays `js` from the start, checks it (and the number of moves when one is claimed),
    /// and adds the solution to the answer.
    pub fn record(
        &self,
        answer: &mut Answer,
        js: &[usize],
        claimed_moves: Option<u32>,
    ) -> Result<(), Diagnostic> {
        let (jumps, after) = self.replay(js)?;
        let chains = notation::moves(&jumps);
        if let Some(m) = claimed_moves
            && chains.len() as u32 != m
        {
            return Err(Diagnostic::internal(format!(
                "a solution claimed to take {m} moves takes {}",
                chains.len()
            )));
        }
        let line = notation::line(&self.board, &jumps);
        answer.details.notation.push(line.clone());
        answer.details.moves = Some(chains.len());
        answer.details.jumps = Some(jumps.len());
        answer.report.solutions.push(Solution {
            steps: self.steps(&jumps, &chains, &after),
            notation: Some(line),
            picture: None,
        });
        if answer.report.cost.is_none() && self.objective == Objective::Any {
            answer.report.notes.push(format!(
                "this solution takes {} moves ({} jumps); it is not claimed minimal",
                chains.len(),
                jumps.len()
            ));
        }
        Ok(())
    }

    /// The jumps of `js` and the position after each, each jump checked legal from the start,
    /// the first one the fixed one, the last position the goal.
    fn replay(&self, js: &[usize]) -> Result<(Vec<Jump>, Vec<u128>), Diagnostic> {
        let mut b = self.start;
        let mut after = Vec::with_capacity(js.len());
        let mut jumps = Vec::with_capacity(js.len());
        for &j in js {
            let jump = *self
                .board
                .jumps
                .get(j)
                .ok_or_else(|| Diagnostic::internal("a solution names an unknown jump"))?;
            let peg = |h: u8| b >> h & 1 == 1;
            if !peg(jump.from) || !peg(jump.over) || peg(jump.to) {
                let label = |h: u8| &self.board.labels[h as usize];
                return Err(Diagnostic::internal(format!(
                    "the solution does not replay: jump {} over {} to {} is not legal",
                    label(jump.from),
                    label(jump.over),
                    label(jump.to)
                )));
            }
            if let Some(first) = self.first_jump
                && jumps.is_empty()
                && j != first
            {
                return Err(Diagnostic::internal(
                    "the solution does not begin with the fixed first jump",
                ));
            }
            b ^= jump_mask(jump);
            after.push(b);
            jumps.push(jump);
        }
        if b.count_ones() != self.goal_pegs || b & !self.goal_at != 0 {
            return Err(Diagnostic::internal("the solution does not reach the goal"));
        }
        Ok((jumps, after))
    }

    /// The steps shown: one per move (chain) or per jump, each with the board it leaves.
    fn steps(&self, jumps: &[Jump], chains: &[Vec<usize>], after: &[u128]) -> Vec<Step> {
        match self.metric {
            Metric::Moves => {
                let mut k = 0;
                chains
                    .iter()
                    .map(|c| {
                        let first = k;
                        k += c.len() - 1;
                        Step {
                            action: notation::chain(&self.board, c),
                            state: Some(view(&self.board, after[k - 1], &jumps[first..k])),
                        }
                    })
                    .collect()
            }
            Metric::Jumps => jumps
                .iter()
                .zip(after)
                .map(|(j, &a)| Step {
                    action: notation::chain(&self.board, &[j.from as usize, j.to as usize]),
                    state: Some(view(&self.board, a, std::slice::from_ref(j))),
                })
                .collect(),
        }
    }
}
