//! Exhaustive breadth-first search by layers: how many states lie at each distance from the
//! start, and which states are farthest.

use super::room::Room;
use super::{Progress, SearchStats, StateSpace};
use rustc_hash::FxHashSet;
use std::time::Instant;

pub struct Layers<S> {
    /// `counts[d]` states lie at distance `d`.
    pub counts: Vec<u64>,
    /// The states of the last layer.
    pub farthest: Vec<S>,
    pub stats: SearchStats,
}

pub fn explore<P: StateSpace>(space: &P, start: P::State, progress: &Progress) -> Layers<P::State> {
    let t0 = Instant::now();
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    seen.insert(start);
    let mut layer = vec![start];
    let mut counts = vec![1u64];
    let mut buf = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    loop {
        progress.message(|| format!("layer {}: {} states", counts.len(), seen.len()));
        let mut next = Vec::new();
        for s in &layer {
            if ticker.tick(buf.len() + 1) {
                break;
            }
            buf.clear();
            space.successors(s, &mut buf);
            for &(_, n) in &buf {
                // Without room for the growth the search has been asked to stop.
                if !seen.room_for_one() || !next.room_for_one() {
                    break;
                }
                if seen.insert(n) {
                    next.push(n);
                }
            }
        }
        if next.is_empty() || super::stop::requested().is_some() {
            break;
        }
        counts.push(next.len() as u64);
        layer = next;
    }
    Layers {
        counts,
        farthest: layer,
        stats: SearchStats {
            states: seen.len() as u64,
            elapsed: t0.elapsed(),
        },
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
