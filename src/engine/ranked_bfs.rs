//! Breadth-first search over a space with a perfect hash (every state has a rank in `0..size`):
//! the visited set is a byte array of distances indexed by rank, so no hashing and no per-state
//! allocation. Used layer by layer to count states at each distance and find the farthest ones,
//! and to find one shortest path by walking the distances back from the goal.

use super::room::{self, Room};
use super::{Path, Progress, ReversibleSpace, SearchStats, StateSpace};
use std::time::Instant;

/// A space whose states are numbered densely (a permutation rank, say).
pub trait RankedSpace: StateSpace {
    /// Number of ranks; every state's rank is below it.
    fn size(&self) -> u64;
    fn rank(&self, state: &Self::State) -> u64;
}

/// Distance 255 marks a rank not reached yet; searches stop before depth 254.
const UNSEEN: u8 = u8::MAX;
const MAX_DEPTH: usize = 254;

pub struct Layers<S> {
    /// `counts[d]` states lie at distance `d` from the root.
    pub counts: Vec<u64>,
    /// Every state of the last layer.
    pub farthest: Vec<S>,
    pub stats: SearchStats,
}

/// A distance per rank, all unseen; None when the memory cap refused the table (the search
/// has then been asked to stop, and what it found is the root alone).
fn distances<P: RankedSpace>(space: &P) -> Option<Vec<u8>> {
    let size = usize::try_from(space.size()).unwrap_or(usize::MAX);
    room::filled(size, "the distance table (a byte per position)", UNSEEN)
}

/// The states first reached from `layer`, each marked in `dist` at `depth`.
/// `buf` is the caller's successor buffer, reused so the loop allocates only `next`.
fn next_layer<P: RankedSpace>(
    space: &P,
    layer: &[P::State],
    depth: usize,
    dist: &mut [u8],
    buf: &mut Vec<(P::Move, P::State)>,
) -> Vec<P::State> {
    let mut next = Vec::new();
    for s in layer {
        buf.clear();
        space.successors(s, buf);
        for &(_, n) in buf.iter() {
            let d = &mut dist[space.rank(&n) as usize];
            if *d == UNSEEN {
                // Without room for the growth the search has been asked to stop.
                if !next.room_for_one() {
                    return next;
                }
                *d = depth as u8;
                next.push(n);
            }
        }
    }
    next
}

/// Visits every state reachable from `root`, layer by layer.
/// Returns None when some state lies deeper than 254 moves (the byte array cannot hold it).
pub fn explore<P: RankedSpace>(
    space: &P,
    root: P::State,
    progress: &Progress,
) -> Option<Layers<P::State>> {
    let t0 = Instant::now();
    let Some(mut dist) = distances(space) else {
        return Some(Layers {
            counts: vec![1],
            farthest: vec![root],
            stats: SearchStats {
                states: 1,
                elapsed: t0.elapsed(),
            },
        });
    };
    dist[space.rank(&root) as usize] = 0;
    let mut layer = vec![root];
    let mut counts = vec![1u64];
    let mut buf = Vec::new();
    let mut total = 1u64;
    loop {
        let depth = counts.len();
        if depth > MAX_DEPTH {
            return None;
        }
        progress.message(|| format!("layered bfs: depth {depth}, {total} states"));
        if super::stop::requested().is_some() {
            break;
        }
        let next = next_layer(space, &layer, depth, &mut dist, &mut buf);
        if next.is_empty() {
            break;
        }
        total += next.len() as u64;
        counts.push(next.len() as u64);
        layer = next;
    }
    Some(Layers {
        counts,
        farthest: layer,
        stats: SearchStats {
            states: total,
            elapsed: t0.elapsed(),
        },
    })
}

pub struct RankedOutcome<S, M> {
    pub path: Option<Path<S, M>>,
    pub stats: SearchStats,
}

/// One shortest path from `start` to `goal`: breadth-first from the start until the goal's layer,
/// then back from the goal, each step to a predecessor one layer nearer the start.
pub fn shortest_path<P: RankedSpace + ReversibleSpace>(
    space: &P,
    start: P::State,
    goal: P::State,
    progress: &Progress,
) -> RankedOutcome<P::State, P::Move> {
    let t0 = Instant::now();
    let Some(mut dist) = distances(space) else {
        return RankedOutcome {
            path: None,
            stats: SearchStats {
                states: 0,
                elapsed: t0.elapsed(),
            },
        };
    };
    dist[space.rank(&start) as usize] = 0;
    let goal_rank = space.rank(&goal) as usize;
    let mut layer = vec![start];
    let mut buf = Vec::new();
    let mut states = 1u64;
    let mut depth = 0usize;
    while dist[goal_rank] == UNSEEN && !layer.is_empty() && depth < MAX_DEPTH {
        depth += 1;
        progress.message(|| format!("bfs: depth {depth}, {states} states"));
        if super::stop::requested().is_some() {
            break;
        }
        let next = next_layer(space, &layer, depth, &mut dist, &mut buf);
        states += next.len() as u64;
        layer = next;
    }
    let path = (dist[goal_rank] != UNSEEN).then(|| {
        let mut steps = Vec::with_capacity(dist[goal_rank] as usize);
        let mut s = goal;
        let mut d = dist[goal_rank];
        while d > 0 {
            buf.clear();
            space.predecessors(&s, &mut buf);
            let &(mv, prev) = buf
                .iter()
                .find(|(_, p)| dist[space.rank(p) as usize] == d - 1)
                .expect("a state at distance d > 0 has a predecessor at d - 1");
            steps.push((mv, s));
            s = prev;
            d -= 1;
        }
        steps.reverse();
        Path { start, steps }
    });
    RankedOutcome {
        path,
        stats: SearchStats {
            states,
            elapsed: t0.elapsed(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;

    impl RankedSpace for Doubling {
        fn size(&self) -> u64 {
            u64::from(self.0) + 1
        }
        fn rank(&self, s: &u32) -> u64 {
            u64::from(*s)
        }
    }

    #[test]
    fn layers_match_the_hash_set_engine() {
        let plain = crate::engine::layers::explore(&Doubling(100), 1, &Progress::hidden());
        let ranked = explore(&Doubling(100), 1, &Progress::hidden()).unwrap();
        assert_eq!(plain.counts, ranked.counts);
        let (mut a, mut b) = (plain.farthest, ranked.farthest);
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }

    #[test]
    fn shortest_paths_agree_with_plain_bfs() {
        let space = Doubling(120);
        for goal in 1..=120 {
            let plain =
                crate::engine::bfs::shortest_path(&space, 1, |s| *s == goal, &Progress::hidden());
            let ranked = shortest_path(&space, 1, goal, &Progress::hidden());
            let r = ranked.path.unwrap();
            assert_eq!(plain.path.unwrap().len(), r.len());
            assert_eq!(r.end(), goal);
        }
        assert!(
            shortest_path(&Doubling(10), 3, 1, &Progress::hidden())
                .path
                .is_none()
        );
    }
}
