//! Breadth-first search with path reconstruction, like [`super::bfs`], for spaces whose states
//! have small indices ([`IndexedSpace`]): the visited set is a bitmap, not a hash set.

use super::bfs::{self, BfsOutcome};
use super::bitmap_layers::{Bitmap, IndexedSpace};
use super::{Progress, SearchStats};
use std::time::Duration;

/// Shortest path from `start` to a state with `is_goal`, or None when no reachable state is one.
pub fn shortest_path<P: IndexedSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    progress: &Progress,
) -> BfsOutcome<P::State, P::Move> {
    let Some(mut seen) = Bitmap::new(space.index_bound()) else {
        return BfsOutcome {
            path: None,
            stats: SearchStats {
                states: 0,
                elapsed: Duration::ZERO,
            },
        };
    };
    let visit = |s: &P::State| seen.insert(space.index(s));
    bfs::search(space, start, is_goal, visit, "bitmap bfs", progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;

    #[test]
    fn as_short_as_the_hash_set_bfs_to_every_target() {
        let hidden = Progress::hidden();
        for goal in 1..=64u32 {
            let a = shortest_path(&Doubling(64), 1, |s| *s == goal, &hidden);
            let b = crate::engine::bfs::shortest_path(&Doubling(64), 1, |s| *s == goal, &hidden);
            let (a, b) = (a.path.unwrap(), b.path.unwrap());
            assert_eq!(a.len(), b.len(), "to {goal}");
            assert_eq!(a.end(), goal);
        }
    }
}
