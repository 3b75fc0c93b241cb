//! Every shortest path: breadth-first search that keeps all parents on shortest edges, counts the
//! shortest paths to each state as it goes, and lists up to a limit of them.

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

pub fn all_shortest_paths<P: StateSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    limit: usize,
    progress: &Progress,
) -> AllShortest<P::State, P::Move> {
    let t0 = Instant::now();
    let mut index: FxHashMap<P::State, u32> = FxHashMap::default();
    index.insert(start, 0);
    let mut nodes = vec![Node {
        state: start,
        depth: 0,
        ways: 1,
        parents: Vec::new(),
    }];
    let mut goals: Vec<u32> = Vec::new();
    if is_goal(&start) {
        goals.push(0);
    }
    let mut buf = Vec::new();
    let mut head = 0usize;
    // Expand whole layers until the layer holding the first goals is complete.
    while goals.is_empty() && head < nodes.len() {
        let depth = nodes[head].depth;
        progress.message(|| format!("all shortest: depth {depth}, {} states", nodes.len()));
        let layer_end = nodes.len();
        while head < layer_end {
            buf.clear();
            space.successors(&nodes[head].state, &mut buf);
            let ways = nodes[head].ways;
            for &(mv, next) in &buf {
                let i = match index.get(&next) {
                    Some(&i) => i as usize,
                    None => {
                        let i = nodes.len();
                        index.insert(next, i as u32);
                        nodes.push(Node {
                            state: next,
                            depth: depth + 1,
                            ways: 0,
                            parents: Vec::new(),
                        });
                        if is_goal(&next) {
                            goals.push(i as u32);
                        }
                        i
                    }
                };
                if nodes[i].depth == depth + 1 {
                    nodes[i].ways = nodes[i].ways.saturating_add(ways);
                    nodes[i].parents.push((head as u32, mv));
                }
            }
            head += 1;
        }
    }
    let length = goals.first().map(|&g| nodes[g as usize].depth as usize);
    let count = goals
        .iter()
        .fold(0u128, |acc, &g| acc.saturating_add(nodes[g as usize].ways));
    let mut paths = Vec::new();
    for &g in &goals {
        let mut suffix = Vec::new();
        collect(&nodes, g, &mut suffix, limit, &mut paths, start);
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
