//! Pattern databases (Culberson and Schaeffer): the distance to the goal of every state of an
//! abstract space, found once by a breadth-first search backwards from the abstract goal and
//! kept in a table indexed densely, so a search can look up a lower bound on the moves still
//! needed. The space is given by closures: how to index a state and its predecessors (each
//! abstract move that changes the state costs one; a move that leaves it is free and is not
//! listed). Nothing here knows what the abstraction is.

use crate::engine::stop::Ticker;
use std::time::{Duration, Instant};

/// A distance table: `dist[index]` moves to the goal (two bytes: a Tower of Hanoi is
/// hundreds of moves deep), or [`UNREACHED`].
pub struct Table {
    pub dist: Vec<u16>,
    /// Abstract states reached from the goal.
    pub reached: u64,
    /// The largest distance found.
    pub deepest: u16,
    pub elapsed: Duration,
}

impl Table {
    /// A table read back (from a cache file): its counts recomputed from the entries.
    pub fn from_entries(dist: Vec<u16>, elapsed: Duration) -> Table {
        let found = dist.iter().filter(|&&d| d != UNREACHED);
        let reached = found.clone().count() as u64;
        let deepest = found.copied().max().unwrap_or(0);
        Table {
            dist,
            reached,
            deepest,
            elapsed,
        }
    }
}

/// No path to the goal in the abstraction: none in the real space either.
pub const UNREACHED: u16 = u16::MAX;
/// Distances saturate here (an entry still never overestimates).
const DEEPEST: u16 = u16::MAX - 1;

/// The table for the abstract states below `bound` that reach `goal`: a breadth-first search
/// from `goal` over `predecessors`. None when a stop request (time limit, Ctrl-C) came first: a
/// table cut short would call the states it missed unreachable, so none is given.
pub fn build<S: Copy>(
    goal: S,
    bound: usize,
    index: impl Fn(S) -> usize,
    mut predecessors: impl FnMut(S, &mut Vec<S>),
) -> Option<Table> {
    let t0 = Instant::now();
    let mut dist = vec![UNREACHED; bound];
    dist[index(goal)] = 0;
    let mut layer = vec![goal];
    let mut next = Vec::new();
    let mut found = Vec::new();
    let (mut reached, mut depth) = (1u64, 0u16);
    let mut ticker = Ticker::default();
    while !layer.is_empty() {
        let d = (depth + 1).min(DEEPEST);
        for &t in &layer {
            found.clear();
            predecessors(t, &mut found);
            if ticker.tick(1 + found.len()) {
                return None;
            }
            for &s in &found {
                let slot = &mut dist[index(s)];
                if *slot == UNREACHED {
                    *slot = d;
                    next.push(s);
                }
            }
        }
        reached += next.len() as u64;
        if !next.is_empty() {
            depth = d;
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    Some(Table {
        dist,
        reached,
        deepest: depth,
        elapsed: t0.elapsed(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of 10 places, each move one step either way: the distance to 0 is min(i, 10 - i).
    #[test]
    fn distances_on_a_ring() {
        let t = build(
            0usize,
            10,
            |s| s,
            |s, out| out.extend([(s + 1) % 10, (s + 9) % 10]),
        )
        .expect("no stop was requested");
        let want: Vec<u16> = (0..10).map(|i: u16| i.min(10 - i)).collect();
        assert_eq!(t.dist, want);
        assert_eq!((t.reached, t.deepest), (10, 5));
        // Only 0..4 reachable (moves up only, from 4 down is the reverse): 5..9 unreached.
        let t = build(4usize, 10, |s| s, |s, out| out.extend(s.checked_sub(1)))
            .expect("no stop was requested");
        assert_eq!(&t.dist[..5], &[4, 3, 2, 1, 0]);
        assert!(t.dist[5..].iter().all(|&d| d == UNREACHED));
    }
}
