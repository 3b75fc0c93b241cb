//! How large a layered peg search may get, for the note before a search beyond reach: the
//! layers keep every class of every peg count they pass, and there are at most C(holes, k)
//! positions with k pegs, fewer by up to the order of the symmetry group as classes.

use super::goal_positions::goal_positions;
use super::plan::{Objective, Plan};
use super::puzzle::PegPuzzle;
use super::search::jump_mask;
use super::symmetry;
use crate::families::family::{Keeps, SearchSize};

impl PegPuzzle {
    /// The position the searches start from: the start after the fixed first jump, if any.
    pub fn origin(&self) -> u128 {
        match self.first_jump {
            Some(j) => self.start ^ jump_mask(self.board.jumps[j]),
            None => self.start,
        }
    }

    /// The symmetries the searches use: those keeping the start (`origin`), and the goal
    /// holes unless no goal is sought.
    pub fn symmetries(&self, origin: u128) -> Vec<Vec<u8>> {
        let list = |m: u128| -> Vec<usize> { (0..128).filter(|&h| m >> h & 1 == 1).collect() };
        let kept = match self.objective {
            Objective::Reachable => self.board.all_holes(),
            _ => self.goal_at,
        };
        symmetry::keeping(
            symmetry::automorphisms(self.board.len(), &self.board.jumps),
            &[&list(self.board.all_holes() & !origin), &list(kept)],
        )
    }

    /// The bound for the plans that keep every layer (`shortest`, `all-shortest`, `count`):
    /// positions with a peg count between the goal's and the start's, divided by the
    /// symmetries; for `reachable`, which holds two layers at a time, the largest two
    /// neighbouring peg counts. The depth-first plans keep a path: None.
    pub fn layered_size(&self) -> Option<SearchSize> {
        let (fewest, counted) = match self.plan {
            Plan::Layers { .. } => (self.goal_pegs, false),
            Plan::Count => (self.goal_pegs, true),
            Plan::Reachable => (1, false),
            Plan::Iddfs { .. } | Plan::Any { .. } | Plan::Filtered { .. } => return None,
        };
        let origin = self.origin();
        // A goal the position classes rule out is refused before any search: nothing to keep.
        let ruled_out = || goal_positions(&self.board, self.goal_pegs, self.goal_at, origin);
        if self.plan != Plan::Reachable && ruled_out().is_err() {
            return None;
        }
        let holes = self.board.len() as u32;
        let layer = |k: u32| binomial(holes, k);
        let pegs = fewest..=origin.count_ones();
        let positions: f64 = if self.plan == Plan::Reachable {
            // Only a layer and its successor are held at a time.
            pegs.map(|k| layer(k) + layer(k.saturating_sub(1)))
                .fold(0.0, f64::max)
        } else {
            pegs.map(layer).sum()
        };
        let group = self.symmetries(origin).len().max(1) as f64;
        // A class is a bitboard of 64 or 128 bits, and a count of 8 bytes beside it when counted.
        let key = if holes <= 64 { 8.0 } else { 16.0 };
        let count = if counted { 8.0 } else { 0.0 };
        Some(SearchSize::new(
            positions / group,
            Keeps::PrunedEvery {
                bytes_per_state: key + count,
            },
        ))
    }
}

/// n choose k as a float (at most C(128, 64), about 2.4e37).
fn binomial(n: u32, k: u32) -> f64 {
    if k > n {
        return 0.0;
    }
    let k = k.min(n - k);
    (0..k).fold(1.0, |r, i| r * f64::from(n - i) / f64::from(i + 1))
}

#[cfg(test)]
mod tests {
    use super::binomial;

    #[test]
    fn binomials_sum_to_a_power_of_two() {
        assert_eq!(binomial(33, 0), 1.0);
        assert_eq!(binomial(33, 1), 33.0);
        assert_eq!(binomial(33, 16), 1_166_803_110.0);
        let all: f64 = (0..=33).map(|k| binomial(33, k)).sum();
        assert_eq!(all, 2f64.powi(33));
    }
}
