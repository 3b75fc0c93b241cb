//! Pagoda bounds that drop, from the layers, positions that lie on no solution: a position met
//! going forwards that weighs less than every goal position never reaches the goal, and a
//! position met going backwards from the goal is reachable from the start only if its
//! complement reaches the start's complement (a jump read on complements is the same jump
//! played backwards), so a complement weighing less than the start's complement rules it out.
//! Dropping them changes no count or useful position (their counts never meet the other side)
//! but shrinks the layers several-fold.

use super::bitboard::Bitboard;
use super::jump_layers::{LAYER_GROWTH, Layer};
use super::pagoda::Pagoda;
use crate::engine::room;
use rayon::prelude::*;

pub struct Prune<B> {
    /// Pagodas seeded on the goal holes (their floor: the lightest goal position).
    to_goal: Vec<Pagoda>,
    /// Pagodas seeded on the start's empty holes, applied to complements.
    from_start: Vec<Pagoda>,
    /// Every hole of the board, to take complements.
    board: B,
}

impl<B: Bitboard> Prune<B> {
    pub fn new(to_goal: Vec<Pagoda>, from_start: Vec<Pagoda>, board: B) -> Self {
        Prune {
            to_goal,
            from_start,
            board,
        }
    }

    /// No bound: every position is kept.
    #[cfg(test)]
    pub fn none() -> Self {
        Prune::new(Vec::new(), Vec::new(), B::ZERO)
    }

    /// Whether `b`, met going forwards (`backward` false) or backwards, may lie on a solution.
    pub fn keeps(&self, b: B, backward: bool) -> bool {
        if backward {
            let complement = self.board & !b;
            self.from_start
                .iter()
                .all(|p| p.value(complement) >= p.floor)
        } else {
            self.to_goal.iter().all(|p| p.value(b) >= p.floor)
        }
    }

    /// Drops from a freshly grown layer the positions the bounds rule out.
    pub fn apply(&self, layer: &mut Layer<B>, backward: bool) {
        let pagodas = if backward {
            &self.from_start
        } else {
            &self.to_goal
        };
        if pagodas.is_empty() {
            return;
        }
        // Refused: the layer stays unpruned (still sound: pruning only drops dead ends), and
        // the search, asked to stop, reports.
        let Some(mut keep) = room::filled(layer.len(), LAYER_GROWTH, false) else {
            return;
        };
        keep.par_iter_mut()
            .zip(layer.keys.par_iter())
            .for_each(|(kept, &k)| *kept = self.keeps(k, backward));
        let counted = !layer.counts.is_empty();
        let mut n = 0;
        for (i, &kept) in keep.iter().enumerate() {
            layer.keys[n] = layer.keys[i];
            if counted {
                layer.counts[n] = layer.counts[i];
            }
            n += usize::from(kept);
        }
        layer.keys.truncate(n);
        layer.keys.shrink_to_fit();
        if counted {
            layer.counts.truncate(n);
            layer.counts.shrink_to_fit();
        }
    }
}
