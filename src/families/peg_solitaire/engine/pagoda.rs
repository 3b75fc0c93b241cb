//! Pagoda functions of a jump table: hole weights `w` with `w(to) <= w(from) + w(over)` for every
//! jump, so the total weight of the pegs never grows as play goes on, and a position weighing
//! less than every goal position can never reach the goal. They are found without linear
//! programming: put a weight on the goal holes, then raise the jumping holes of every jump that
//! breaks the rule until none does. Values only rise and never past the seed's, so this ends.

use super::bitboard::{Bitboard, holes};
use super::jump::Jump;

/// Which holes of a jump that breaks the rule are raised to mend it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Raise {
    /// The jumping peg's hole: on square grids this gives the holes a peg can reach the goal
    /// from by jumps alone (the "no peg on the marked holes" test of the English board).
    From,
    /// The hole jumped over.
    Over,
    /// Half the shortfall on each, the odd unit on the hole jumped over: weights that fall
    /// off with the distance from the goal.
    Halves,
}

/// A pagoda function, and the least weight a goal position can have under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pagoda {
    pub weights: Vec<i32>,
    /// The sum of the `pegs` smallest weights on the goal's holes.
    pub floor: i32,
}

impl Pagoda {
    pub fn value<B: Bitboard>(&self, b: B) -> i32 {
        holes(b).map(|h| self.weights[h]).sum()
    }

    /// The change of the value a jump makes (never positive).
    pub fn delta(&self, j: Jump) -> i32 {
        self.weights[j.to as usize] - self.weights[j.from as usize] - self.weights[j.over as usize]
    }
}

/// Seeds: every goal hole weighs this much, raised by each rule in turn.
const SEEDS: [(i32, Raise); 3] = [(1, Raise::From), (1, Raise::Over), (8, Raise::Halves)];

/// The distinct pagoda functions seeded on the goal holes `at` that can rule a position out
/// (a goal floor above zero), for a goal of `pegs` pegs on `at`.
pub fn goal_pagodas(holes: usize, jumps: &[Jump], at: &[usize], pegs: usize) -> Vec<Pagoda> {
    let mut found: Vec<Pagoda> = Vec::new();
    if at.len() >= holes {
        return found; // A goal anywhere weighs as little as the lightest holes: no floor.
    }
    for (seed, raise) in SEEDS {
        let mut weights = vec![0; holes];
        for &h in at {
            weights[h] = seed;
        }
        let weights = mend(weights, jumps, raise);
        let mut goal: Vec<i32> = at.iter().map(|&h| weights[h]).collect();
        goal.sort_unstable();
        let floor = goal.iter().take(pegs).sum();
        let candidate = Pagoda { weights, floor };
        if floor > 0 && !found.contains(&candidate) {
            found.push(candidate);
        }
    }
    found
}

/// Raises weights until every jump keeps `w(to) <= w(from) + w(over)`.
fn mend(mut w: Vec<i32>, jumps: &[Jump], raise: Raise) -> Vec<i32> {
    let mut changed = true;
    while changed {
        changed = false;
        for j in jumps {
            let (from, over, to) = (j.from as usize, j.over as usize, j.to as usize);
            let short = w[to] - w[from] - w[over];
            if short <= 0 {
                continue;
            }
            changed = true;
            match raise {
                Raise::From => w[from] += short,
                Raise::Over => w[over] += short,
                Raise::Halves => {
                    w[from] += short / 2;
                    w[over] += short - short / 2;
                }
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pagoda_keeps_the_rule_on_every_jump() {
        let (cells, jumps) = Jump::english();
        let centre = cells.iter().position(|&c| c == (3, 3)).unwrap();
        let found = goal_pagodas(cells.len(), &jumps, &[centre], 1);
        assert!(!found.is_empty());
        for p in &found {
            for j in &jumps {
                assert!(p.delta(*j) <= 0, "{j:?} breaks {:?}", p.weights);
            }
        }
    }

    #[test]
    fn raising_the_jumping_hole_marks_the_holes_on_the_centres_lattice() {
        // The English central game's classic test: a peg must stand on one of the five holes
        // with both coordinates odd (counted from 0), or the centre is never reached.
        let (cells, jumps) = Jump::english();
        let centre = cells.iter().position(|&c| c == (3, 3)).unwrap();
        let w = mend(
            {
                let mut w = vec![0; cells.len()];
                w[centre] = 1;
                w
            },
            &jumps,
            Raise::From,
        );
        let marked: Vec<(i32, i32)> = (0..cells.len())
            .filter(|&h| w[h] > 0)
            .map(|h| cells[h])
            .collect();
        assert_eq!(marked, vec![(3, 1), (1, 3), (3, 3), (5, 3), (3, 5)]);
    }
}
