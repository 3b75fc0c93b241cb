//! Every shortest path: breadth-first search that keeps all parents on shortest edges, counts the
//! shortest paths to each state as it goes, and lists up to a limit of them.

use super::room::Room;
use super::{Path, Progress, SearchStats, StateSpace};
use rustc_hash::FxHashMap;
use std::time::Instant;

pub struct AllShortest<S, M> {
    /// Length of the shortest paths; None when no goal is reachable.
    pub length: Option<usize>,
    /// Number of distinct shortest move sequences (saturating at u128::MAX).
    pub count: u128,
    /// Up to `limit` of them.
    pub paths: Vec<Path<S, M>>,
    pub stats: SearchStats,
}

struct Node<S, M> {
    state: S,
    depth: u32,
    ways: u128,
    parents: Vec<(u32, M)>,
}

/// The states found so far, each with its shortest parents, and the goals among them.
struct ShortestDag<S, M> {
    index: FxHashMap<S, u32>,
    nodes: Vec<Node<S, M>>,
    goals: Vec<u32>,
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy> ShortestDag<S, M> {
    fn new(start: S, is_goal: &impl Fn(&S) -> bool) -> Self {
        let mut index = FxHashMap::default();
        index.insert(start, 0);
        let nodes = vec![Node {
            state: start,
            depth: 0,
            ways: 1,
            parents: Vec::new(),
        }];
        let goals = if is_goal(&start) { vec![0] } else { Vec::new() };
        ShortestDag {
            index,
            nodes,
            goals,
        }
    }

    /// Records the edge `parent --mv--> next` when it lies on a shortest path to `next`.
    fn add_edge(&mut self, parent: usize, mv: M, next: S, is_goal: &impl Fn(&S) -> bool) {
        let depth = self.nodes[parent].depth + 1;
        let i = match self.index.get(&next).copied() {
            Some(i) => i as usize,
            // Without room for the growth the state is dropped; the search has been asked to
            // stop and is not complete.
            None if !self.index.room_for_one() || !self.nodes.room_for_one() => return,
            None => {
                let i = self.nodes.len();
                self.index.insert(next, i as u32);
                self.nodes.push(Node {
                    state: next,
                    depth,
                    ways: 0,
                    parents: Vec::new(),
                });
                if is_goal(&next) {
                    self.goals.push(i as u32);
                }
                i
            }
        };
        if self.nodes[i].depth == depth {
            let ways = self.nodes[parent].ways;
            self.nodes[i].ways = self.nodes[i].ways.saturating_add(ways);
            self.nodes[i].parents.push((parent as u32, mv));
        }
    }
}

pub fn all_shortest_paths<P: StateSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    limit: usize,
    progress: &Progress,
) -> AllShortest<P::State, P::Move> {
    let t0 = Instant::now();
    let mut dag = ShortestDag::new(start, &is_goal);
    let mut buf = Vec::new();
    let mut head = 0usize;
    let mut ticker = super::stop::Ticker::default();
    // Expand whole layers until the layer holding the first goals is complete.
    while dag.goals.is_empty() && head < dag.nodes.len() {
        let depth = dag.nodes[head].depth;
        progress.message(|| format!("all shortest: depth {depth}, {} states", dag.nodes.len()));
        let layer_end = dag.nodes.len();
        if super::stop::requested().is_some() {
            break;
        }
        while head < layer_end {
            if ticker.tick(buf.len() + 1) {
                break;
            }
            buf.clear();
            space.successors(&dag.nodes[head].state, &mut buf);
            for &(mv, next) in &buf {
                dag.add_edge(head, mv, next, &is_goal);
            }
            head += 1;
        }
    }
    let nodes = &dag.nodes;
    let length = dag.goals.first().map(|&g| nodes[g as usize].depth as usize);
    let count = dag
        .goals
        .iter()
        .fold(0u128, |acc, &g| acc.saturating_add(nodes[g as usize].ways));
    let mut paths = Vec::new();
    for &g in &dag.goals {
        let mut suffix = Vec::new();
        collect(nodes, g, &mut suffix, limit, &mut paths, start);
        if paths.len() >= limit {
            break;
        }
    }
    AllShortest {
        length,
        count,
        paths,
        stats: SearchStats {
            states: nodes.len() as u64,
            elapsed: t0.elapsed(),
        },
    }
}

/// Depth-first walk from a goal back to the start along parent links; `suffix` holds the steps
/// after node `i`, last step first.
fn collect<S: Copy, M: Copy>(
    nodes: &[Node<S, M>],
    i: u32,
    suffix: &mut Vec<(M, S)>,
    limit: usize,
    out: &mut Vec<Path<S, M>>,
    start: S,
) {
    if out.len() >= limit {
        return;
    }
    let node = &nodes[i as usize];
    if node.parents.is_empty() {
        let steps = suffix.iter().rev().copied().collect();
        out.push(Path { start, steps });
        return;
    }
    for &(p, mv) in &node.parents {
        suffix.push((mv, node.state));
        collect(nodes, p, suffix, limit, out, start);
        suffix.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;

    #[test]
    fn counts_and_lists_every_shortest_path() {
        // From 1 to 4 in two moves: 1+1=2 then *2 or +... : 1->2->4 via (+,*) (*,*) (+,+)? No:
        // 1 -+-> 2, 1 -*-> 2 (same state, two ways), then 2 -*-> 4: two sequences.
        let out = all_shortest_paths(&Doubling(8), 1, |s| *s == 4, 10, &Progress::hidden());
        assert_eq!(out.length, Some(2));
        assert_eq!(out.count, 2);
        assert_eq!(out.paths.len(), 2);
        for p in &out.paths {
            assert_eq!(p.end(), 4);
        }
    }
}
