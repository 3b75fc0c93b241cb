//! Least-cost paths: uniform-cost search (Dijkstra) over non-negative move costs, or A* when a
//! heuristic estimates the cost still to pay. With an admissible heuristic the first goal taken
//! from the queue is optimal; a state reached again more cheaply is queued again, so an
//! admissible but inconsistent heuristic still gives the optimum.

use super::room::Room;
use super::{Path, Progress, SearchStats, StateSpace};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::time::Instant;

pub struct CheapestOutcome<S, M> {
    /// The cheapest path to a goal and its cost.
    pub path: Option<(Path<S, M>, u64)>,
    pub stats: SearchStats,
}

struct Node<S, M> {
    state: S,
    parent: u32,
    mv: Option<M>,
    cost: u64,
}

/// The cheapest path from `start` to a state with `is_goal`; `cost(from, move, to)` is a move's
/// cost and `heuristic(state)` a lower bound on the cost from there (0 for uniform-cost search).
pub fn cheapest_path<P: StateSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    cost: impl Fn(&P::State, &P::Move, &P::State) -> u64,
    heuristic: impl Fn(&P::State) -> u64,
    progress: &Progress,
) -> CheapestOutcome<P::State, P::Move> {
    let t0 = Instant::now();
    let mut nodes = vec![Node {
        state: start,
        parent: u32::MAX,
        mv: None,
        cost: 0,
    }];
    let mut best: FxHashMap<P::State, u64> = FxHashMap::default();
    best.insert(start, 0);
    let mut queue = BinaryHeap::from([Reverse((heuristic(&start), 0u64, 0u32))]);
    let mut buf = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    let mut found = None;
    while let Some(Reverse((_, g, i))) = queue.pop() {
        let state = nodes[i as usize].state;
        if best.get(&state).is_some_and(|&b| b < g) {
            continue; // reached again more cheaply since this entry was queued
        }
        if is_goal(&state) {
            found = Some(i);
            break;
        }
        if i & 0xFFFF == 0 {
            progress.message(|| format!("cheapest: cost {g}, {} states", best.len()));
        }
        if ticker.tick(buf.len() + 1) {
            break;
        }
        buf.clear();
        space.successors(&state, &mut buf);
        for &(mv, next) in &buf {
            let g2 = g.saturating_add(cost(&state, &mv, &next));
            if best.get(&next).is_some_and(|&b| b <= g2) {
                continue;
            }
            // Without room for the growth the search has been asked to stop.
            if !best.room_for_one() || !nodes.room_for_one() || !queue.room_for_one() {
                break;
            }
            best.insert(next, g2);
            nodes.push(Node {
                state: next,
                parent: i,
                mv: Some(mv),
                cost: g2,
            });
            let f = g2.saturating_add(heuristic(&next));
            queue.push(Reverse((f, g2, (nodes.len() - 1) as u32)));
        }
    }
    let path = found.map(|goal| trace(&nodes, start, goal));
    CheapestOutcome {
        path,
        stats: SearchStats {
            states: best.len() as u64,
            elapsed: t0.elapsed(),
        },
    }
}

/// The path from the start to node `goal` along parent links, with its total cost.
fn trace<S: Copy, M: Copy>(nodes: &[Node<S, M>], start: S, goal: u32) -> (Path<S, M>, u64) {
    let total = nodes[goal as usize].cost;
    let mut steps = Vec::new();
    let mut i = goal as usize;
    while let Some(mv) = nodes[i].mv {
        steps.push((mv, nodes[i].state));
        i = nodes[i].parent as usize;
    }
    steps.reverse();
    (Path { start, steps }, total)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;

    /// Doubling costs 5, +1 costs 1: to reach 40 from 1, compare with a brute force over all
    /// (number of doublings, additions) schedules.
    #[test]
    fn finds_the_least_cost_and_a_heuristic_does_not_change_it() {
        let cost = |_: &u32, m: &char, _: &u32| if *m == '*' { 5 } else { 1 };
        let hidden = Progress::hidden();
        let plain = cheapest_path(&Doubling(64), 1, |s| *s == 40, cost, |_| 0, &hidden);
        let (path, total) = plain.path.unwrap();
        assert_eq!(path.end(), 40);
        let replayed: u64 = path
            .steps
            .iter()
            .map(|(m, _)| if *m == '*' { 5 } else { 1 })
            .sum();
        assert_eq!(replayed, total);
        // Brute force: Dijkstra by hand over 0..=64 with relaxation until nothing changes.
        let mut dist = [u64::MAX; 65];
        dist[1] = 0;
        for _ in 0..65 {
            for s in 1..=64usize {
                if dist[s] == u64::MAX {
                    continue;
                }
                if s < 64 {
                    dist[s + 1] = dist[s + 1].min(dist[s] + 1);
                }
                if s * 2 <= 64 {
                    dist[s * 2] = dist[s * 2].min(dist[s] + 5);
                }
            }
        }
        assert_eq!(total, dist[40]);
        // An admissible heuristic: 0 at 40, else 1 (every other state is at least one move away).
        let h = |s: &u32| u64::from(*s != 40);
        let astar = cheapest_path(&Doubling(64), 1, |s| *s == 40, cost, h, &hidden);
        assert_eq!(astar.path.unwrap().1, dist[40]);
    }
}
