//! Breadth-first search with path reconstruction: the shortest path to any state the goal test
//! accepts.

use super::room::Room;
use super::{Path, Progress, SearchStats, StateSpace};
use rustc_hash::FxHashSet;
use std::time::Instant;

pub struct BfsOutcome<S, M> {
    pub path: Option<Path<S, M>>,
    pub stats: SearchStats,
}

/// Shortest path from `start` to a state with `is_goal`, or None when no reachable state is one.
pub fn shortest_path<P: StateSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    progress: &Progress,
) -> BfsOutcome<P::State, P::Move> {
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    // Without room for the growth the state is dropped; the search is then asked to stop.
    let visit = |s: &P::State| seen.room_for_one() && seen.insert(*s);
    search(space, start, is_goal, visit, "bfs", progress)
}

/// As [`shortest_path`], visiting at most `max_states` states; the flag says whether every
/// reachable state was visited (so a missing path proves that no goal is reachable).
pub fn shortest_path_within<P: StateSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    max_states: usize,
    progress: &Progress,
) -> (BfsOutcome<P::State, P::Move>, bool) {
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    let mut full = false;
    let visit = |s: &P::State| {
        full |= seen.len() >= max_states && !seen.contains(s);
        !full && seen.insert(*s)
    };
    let out = search(space, start, is_goal, visit, "bfs", progress);
    (out, !full)
}

/// The search itself, with the visited set left to the caller: `visit(s)` marks `s` and says
/// whether it was new (a hash set here, a bitmap in `bitmap_bfs`). `label` names the engine in
/// the progress line.
pub(super) fn search<P: StateSpace>(
    space: &P,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    mut visit: impl FnMut(&P::State) -> bool,
    label: &str,
    progress: &Progress,
) -> BfsOutcome<P::State, P::Move> {
    let t0 = Instant::now();
    // Nodes in discovery order; a node's parent is an index into the same list.
    let mut nodes: Vec<(P::State, u32, Option<P::Move>)> = vec![(start, u32::MAX, None)];
    visit(&start);
    let mut buf = Vec::new();
    let mut found = is_goal(&start).then_some(0usize);
    let mut head = 0usize;
    let mut ticker = super::stop::Ticker::default();
    while found.is_none() && head < nodes.len() {
        if head & 0xFFFF == 0 {
            progress.message(|| format!("{label}: {} states", nodes.len()));
        }
        // The successors made for the last state are its work.
        if ticker.tick(buf.len() + 1) {
            break;
        }
        let state = nodes[head].0;
        buf.clear();
        space.successors(&state, &mut buf);
        for &(mv, next) in &buf {
            if nodes.room_for_one() && visit(&next) {
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
pub(crate) mod tests {
    use super::*;

    /// Numbers 0..n, moves +1 and *2: the shortest way from 1 to n is easy to check by hand.
    pub struct Doubling(pub u32);

    impl StateSpace for Doubling {
        type State = u32;
        type Move = char;
        fn successors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
            if *s < self.0 {
                out.push(('+', s + 1));
            }
            if s * 2 <= self.0 {
                out.push(('*', s * 2));
            }
        }
    }

    impl super::super::ReversibleSpace for Doubling {
        fn predecessors(&self, s: &u32, out: &mut Vec<(char, u32)>) {
            if *s >= 1 {
                out.push(('+', s - 1));
            }
            if s.is_multiple_of(2) && *s > 0 {
                out.push(('*', s / 2));
            }
        }
    }

    #[test]
    fn finds_the_shortest_path() {
        // 1 -> 2 -> 4 -> 5 -> 10 -> 20 -> 40: six moves, and no five-move path exists.
        let out = shortest_path(&Doubling(64), 1, |s| *s == 40, &Progress::hidden());
        let path = out.path.unwrap();
        assert_eq!(path.len(), 6);
        assert_eq!(path.end(), 40);
    }

    #[test]
    fn unreachable_goal_explores_everything() {
        let out = shortest_path(&Doubling(10), 1, |s| *s == 99, &Progress::hidden());
        assert!(out.path.is_none());
        assert_eq!(out.stats.states, 10);
    }
}
