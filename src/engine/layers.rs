//! Exhaustive breadth-first search by layers: how many states lie at each distance from the
//! start, and which states are farthest.

use super::orbit_layers::{self, Classes};
use super::{Progress, SearchStats, StateSpace};

pub struct Layers<S> {
    /// `counts[d]` states lie at distance `d`.
    pub counts: Vec<u64>,
    /// The states of the last layer.
    pub farthest: Vec<S>,
    pub stats: SearchStats,
}

pub fn explore<P: StateSpace>(space: &P, start: P::State, progress: &Progress) -> Layers<P::State> {
    let o = orbit_layers::explore(space, &Each, start, progress);
    Layers {
        counts: o.classes,
        farthest: o.farthest,
        stats: o.stats,
    }
}

/// Every state a class of its own: the class search is the plain one.
struct Each;

impl<S> Classes<S> for Each {
    fn canonical(&self, s: S) -> S {
        s
    }

    fn size(&self, _: S) -> u64 {
        1
    }

    fn noun(&self) -> &'static str {
        "states"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;

    #[test]
    fn counts_each_distance() {
        // From 1 within 0..=8: {1}, {2}, {3,4}, {5,6,8}, {7}.
        let l = explore(&Doubling(8), 1, &Progress::hidden());
        assert_eq!(l.counts, vec![1, 1, 2, 3, 1]);
        assert_eq!(l.farthest, vec![7]);
        assert_eq!(l.stats.states, 8);
    }
}
