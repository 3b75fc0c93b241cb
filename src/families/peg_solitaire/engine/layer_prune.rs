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
    to_goal: Vec<ByteWeights>,
    /// Pagodas seeded on the start's empty holes, applied to complements.
    from_start: Vec<ByteWeights>,
    /// Every hole of the board, to take complements.
    board: B,
}

/// A pagoda's value read a byte of the position at a time: one table read per 8 holes instead
/// of one weight per peg (the bound is tested on every position of every layer).
struct ByteWeights {
    /// `by_byte[i][v]`: the weight of the pegs `v` on holes `8 i` to `8 i + 7`.
    by_byte: Vec<[i32; 256]>,
    floor: i32,
}

impl ByteWeights {
    fn new(p: &Pagoda) -> Self {
        let by_byte = p
            .weights
            .chunks(8)
            .map(|w| {
                std::array::from_fn(|v| {
                    w.iter()
                        .enumerate()
                        .filter(|&(bit, _)| v >> bit & 1 == 1)
                        .map(|(_, &x)| x)
                        .sum()
                })
            })
            .collect();
        ByteWeights {
            by_byte,
            floor: p.floor,
        }
    }

    #[inline]
    fn keeps<B: Bitboard>(&self, b: B) -> bool {
        let value: i32 = self
            .by_byte
            .iter()
            .enumerate()
            .map(|(i, t)| t[b.chunk(8 * i, 8)])
            .sum();
        value >= self.floor
    }
}

impl<B: Bitboard> Prune<B> {
    pub fn new(to_goal: Vec<Pagoda>, from_start: Vec<Pagoda>, board: B) -> Self {
        Prune {
            to_goal: to_goal.iter().map(ByteWeights::new).collect(),
            from_start: from_start.iter().map(ByteWeights::new).collect(),
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
            self.from_start.iter().all(|p| p.keeps(complement))
        } else {
            self.to_goal.iter().all(|p| p.keeps(b))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_weights_give_the_pagoda_values() {
        // 37 holes (a byte past the fifth), weights of both signs.
        let weights: Vec<i32> = (0..37).map(|h| (h * 7 % 11) - 4).collect();
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for floor in [-20, 0, 3, 9] {
            let pagoda = Pagoda {
                weights: weights.clone(),
                floor,
            };
            let table = ByteWeights::new(&pagoda);
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let b = x & ((1 << 37) - 1);
                assert_eq!(table.keeps(b), pagoda.value(b) >= floor, "{b:#x}");
            }
        }
    }
}
