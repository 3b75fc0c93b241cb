//! Breadth-first search with path reconstruction, like [`super::bfs`], for spaces whose states
//! have small indices ([`IndexedSpace`]): the visited set is a bitmap, not a hash set.

use super::bfs::BfsOutcome;
use super::bitmap_layers::{Bitmap, IndexedSpace};
use super::{Path, Progress, SearchStats};
use std::time::Instant;

/// Shortest path from `start` to a state with `is_goal`, or None when no reachable state is one.
pub fn shortest_path<P: IndexedSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    progress: &Progress,
) -> BfsOutcome<P::State, P::Move> {
    let t0 = Instant::now();
    // Nodes in discovery order; a node's parent is an index into the same list.
    let mut nodes: Vec<(P::State, u32, Option<P::Move>)> = vec![(start, u32::MAX, None)];
    let mut seen = Bitmap::new(space.index_bound());
    seen.insert(space.index(&start));
    let mut buf = Vec::new();
    let mut found = is_goal(&start).then_some(0usize);
    let mut head = 0usize;
    while found.is_none() && head < nodes.len() {
        if head & 0xFFFF == 0 {
            progress.message(|| format!("bitmap bfs: {} states", nodes.len()));
        }
        let state = nodes[head].0;
        buf.clear();
        space.successors(&state, &mut buf);
        for &(mv, next) in &buf {
            if seen.insert(space.index(&next)) {
                nodes.push((next, head as u32, Some(mv)));
                if is_goal(&next) {
                    found = Some(nodes.len() - 1);
                    break;
                }
            }
        }
        head += 1;
    }
    let path = found.map(|goal| {
        let mut steps = Vec::new();
        let mut i = goal;
        while let (s, parent, Some(mv)) = nodes[i] {
            steps.push((mv, s));
            i = parent as usize;
        }
        steps.reverse();
        Path { start, steps }
    });
    BfsOutcome {
        path,
        stats: SearchStats {
            states: nodes.len() as u64,
            elapsed: t0.elapsed(),
        },
    }
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
