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
        let (reached, deepest) = count(&dist, UNREACHED);
        Table {
            dist,
            reached,
            deepest,
            elapsed,
        }
    }
}

/// The entries other than `unreached`, and the deepest of them, in one branch-free pass (it
/// vectorizes): loading a cached table pays it on every run. Entries of one or two bytes alike.
pub fn count<D: Copy + Ord + Default + Into<u16>>(dist: &[D], unreached: D) -> (u64, u16) {
    let (mut reached, mut deepest) = (0u64, D::default());
    for &d in dist {
        let found = d != unreached;
        reached += u64::from(found);
        deepest = deepest.max(if found { d } else { D::default() });
    }
    (reached, deepest.into())
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

/// A table over a projection of the abstract space, as Korf and Felner's additive databases:
/// the space keeps a pattern's tiles and the blank, the table only the tiles. A move that leaves
/// the projection as it was (the blank moving among other tiles) costs nothing, any other one;
/// an entry is the fewest costly moves to the goal from any abstract state with that projection.
/// A breadth-first search by cost (0-1): each layer is first closed under free moves. `bound`
/// is the abstract index's range, `projected_bound` the table's. None on a stop request.
pub fn build_projected<S: Copy>(
    goal: S,
    bound: usize,
    index: impl Fn(S) -> usize,
    projected_bound: usize,
    project: impl Fn(usize) -> usize,
    mut predecessors: impl FnMut(S, &mut Vec<S>),
) -> Option<Table> {
    let t0 = Instant::now();
    let mut dist = vec![UNREACHED; projected_bound];
    // Settled: its cost is final (it is in this layer or an earlier one). Queued: in `next`.
    let mut settled = Bits::new(bound);
    let mut queued = Bits::new(bound);
    // States travel with their index and their entry's (computed once each).
    let g = index(goal);
    settled.set(g);
    dist[project(g)] = 0;
    let (mut current, mut next, mut found) = (vec![(goal, project(g))], Vec::new(), Vec::new());
    let (mut reached, mut depth, mut deepest) = (1u64, 0u16, 0u16);
    let mut ticker = Ticker::default();
    loop {
        while let Some((t, here)) = current.pop() {
            found.clear();
            predecessors(t, &mut found);
            if ticker.tick(1 + found.len()) {
                return None;
            }
            for &s in &found {
                let i = index(s);
                if settled.get(i) {
                    continue;
                }
                if project(i) == here {
                    // Free: same cost, and the same entry, already written.
                    settled.set(i);
                    current.push((s, here));
                } else if !queued.get(i) {
                    queued.set(i);
                    next.push((s, i));
                }
            }
        }
        if next.is_empty() {
            break;
        }
        depth = (depth + 1).min(DEEPEST);
        for (s, i) in next.drain(..) {
            if settled.get(i) {
                continue; // reached free within the layer before
            }
            settled.set(i);
            let p = project(i);
            let entry = &mut dist[p];
            if *entry == UNREACHED {
                *entry = depth;
                reached += 1;
                deepest = depth;
            }
            current.push((s, p));
        }
    }
    Some(Table {
        dist,
        reached,
        deepest,
        elapsed: t0.elapsed(),
    })
}

/// One bit per index.
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    #[inline]
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline]
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ring of 10 places, each move one step either way: the distance to 0 is min(i, 10 - i).
    /// A token and a free marker on a ring of 6 places: the token moves (cost 1) onto the
    /// marker's place or next to it, the marker moves a step (free). The table keeps the token.
    #[test]
    fn projected_costs_count_only_projected_moves() {
        let n = 6usize;
        let moves = |(tok, mark): (usize, usize), out: &mut Vec<(usize, usize)>| {
            out.push((tok, (mark + 1) % n));
            out.push((tok, (mark + n - 1) % n));
            if (tok + 1) % n == mark {
                out.push((mark, tok));
            }
            if (mark + 1) % n == tok {
                out.push((mark, tok));
            }
        };
        let t = build_projected((0, 1), n * n, |(a, b)| a * n + b, n, |i| i / n, moves)
            .expect("no stop was requested");
        // Each token step swaps it with the marker: the fewest steps are the ring distance.
        let want: Vec<u16> = (0..n).map(|i| i.min(n - i) as u16).collect();
        assert_eq!(t.dist, want);
        assert_eq!((t.reached, t.deepest), (6, 3));
    }

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
