//! Iterative-deepening A* (Korf 1985): depth-first searches bounded by f = g + h, the bound
//! raised to the smallest f that exceeded it, until a goal is reached. With an admissible h the
//! first solution is optimal. Memory is the depth of the path; the node is changed in place
//! (apply / undo), so the inner loop allocates nothing.

use super::{Progress, Space};
use std::time::{Duration, Instant};

/// A [`Space`] searched in place: the one state is changed by `apply` and restored by `undo`.
/// Every move costs 1.
pub trait DepthFirstSpace: Space {
    /// Appends the moves of `state` to `out`, leaving out the one that undoes `last`.
    fn moves(&self, state: &Self::State, last: Option<Self::Move>, out: &mut Vec<Self::Move>);
    fn apply(&self, state: &mut Self::State, mv: Self::Move);
    fn undo(&self, state: &mut Self::State, mv: Self::Move);
    /// A lower bound on the moves left to a goal (0 at a goal).
    fn heuristic(&self, state: &Self::State) -> u32;
    fn is_goal(&self, state: &Self::State) -> bool;
}

pub struct IdaOutcome<M> {
    /// The moves of an optimal solution; None when no solution lies within `max_cost`.
    pub moves: Option<Vec<M>>,
    /// Nodes generated over all iterations.
    pub nodes: u64,
    /// The bound of each iteration.
    pub bounds: Vec<u32>,
    pub elapsed: Duration,
}

struct Search<'a, P: DepthFirstSpace> {
    space: &'a P,
    bound: u32,
    next_bound: u32,
    nodes: u64,
    /// A stop was requested (`super::stop`): unwind without searching further.
    stopped: bool,
    path: Vec<P::Move>,
    /// One move buffer per depth, reused across iterations.
    buffers: Vec<Vec<P::Move>>,
}

impl<P: DepthFirstSpace> Search<'_, P> {
    /// True when a goal was reached; the moves are then in `path`.
    fn dfs(&mut self, node: &mut P::State, g: u32, h: u32) -> bool {
        if self.stopped {
            return false;
        }
        let f = g + h;
        if f > self.bound {
            self.next_bound = self.next_bound.min(f);
            return false;
        }
        if h == 0 && self.space.is_goal(node) {
            return true;
        }
        let depth = g as usize;
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::with_capacity(8));
        }
        let mut moves = std::mem::take(&mut self.buffers[depth]);
        moves.clear();
        self.space
            .moves(node, self.path.last().copied(), &mut moves);
        let mut found = false;
        for &mv in &moves {
            self.space.apply(node, mv);
            self.nodes += 1;
            self.stopped |= super::stop::poll(self.nodes as usize);
            self.path.push(mv);
            let h = self.space.heuristic(node);
            if self.dfs(node, g + 1, h) {
                found = true;
                break;
            }
            self.path.pop();
            self.space.undo(node, mv);
        }
        self.buffers[depth] = moves;
        found
    }
}

/// Searches from `node` (left at the goal when a solution is found) for at most `max_cost` moves.
pub fn solve<P: DepthFirstSpace>(
    space: &P,
    node: &mut P::State,
    max_cost: u32,
    progress: &Progress,
) -> IdaOutcome<P::Move> {
    let t0 = Instant::now();
    let h = space.heuristic(node);
    let mut search = Search {
        space,
        bound: h,
        next_bound: u32::MAX,
        nodes: 0,
        stopped: false,
        path: Vec::new(),
        buffers: Vec::new(),
    };
    let mut bounds = Vec::new();
    let mut moves = None;
    while search.bound <= max_cost {
        bounds.push(search.bound);
        progress.message(|| format!("ida*: bound {}, {} nodes", search.bound, search.nodes));
        search.next_bound = u32::MAX;
        if search.dfs(node, 0, h) {
            moves = Some(std::mem::take(&mut search.path));
            break;
        }
        if search.stopped || search.next_bound == u32::MAX {
            break; // nothing beyond the bound: the reachable space holds no goal
        }
        search.bound = search.next_bound;
    }
    IdaOutcome {
        moves,
        nodes: search.nodes,
        bounds,
        elapsed: t0.elapsed(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number line 0..=n: moves -1 and +1, goal at `goal`, h = |x - goal|.
    struct Line {
        n: i32,
        goal: i32,
    }

    impl Space for Line {
        type State = i32;
        type Move = i32;
    }

    impl DepthFirstSpace for Line {
        fn moves(&self, x: &i32, last: Option<i32>, out: &mut Vec<i32>) {
            for d in [-1, 1] {
                if (0..=self.n).contains(&(x + d)) && last != Some(-d) {
                    out.push(d);
                }
            }
        }
        fn apply(&self, x: &mut i32, mv: i32) {
            *x += mv;
        }
        fn undo(&self, x: &mut i32, mv: i32) {
            *x -= mv;
        }
        fn heuristic(&self, x: &i32) -> u32 {
            (x - self.goal).unsigned_abs()
        }
        fn is_goal(&self, x: &i32) -> bool {
            *x == self.goal
        }
    }

    #[test]
    fn finds_the_straight_path() {
        let mut x = 2;
        let out = solve(&Line { n: 10, goal: 9 }, &mut x, 100, &Progress::hidden());
        assert_eq!(out.moves.unwrap(), vec![1; 7]);
        assert_eq!(x, 9);
        assert_eq!(out.bounds, vec![7]);
    }

    /// A ring of `n` cells, moves -1 and +1: a `StateSpace` (so a `Space` with the same types)
    /// that IDA* also searches in place.
    struct Ring {
        n: i32,
        goal: i32,
    }

    impl crate::engine::StateSpace for Ring {
        type State = i32;
        type Move = i32;
        fn successors(&self, x: &i32, out: &mut Vec<(i32, i32)>) {
            out.extend([-1, 1].map(|d| (d, (x + d).rem_euclid(self.n))));
        }
    }

    impl DepthFirstSpace for Ring {
        fn moves(&self, _: &i32, last: Option<i32>, out: &mut Vec<i32>) {
            out.extend([-1, 1].into_iter().filter(|&d| last != Some(-d)));
        }
        fn apply(&self, x: &mut i32, mv: i32) {
            *x = (*x + mv).rem_euclid(self.n);
        }
        fn undo(&self, x: &mut i32, mv: i32) {
            *x = (*x - mv).rem_euclid(self.n);
        }
        fn heuristic(&self, x: &i32) -> u32 {
            let d = (x - self.goal).rem_euclid(self.n);
            d.min(self.n - d) as u32
        }
        fn is_goal(&self, x: &i32) -> bool {
            *x == self.goal
        }
    }

    #[test]
    fn one_space_is_searched_both_ways_alike() {
        for goal in 0..12 {
            let ring = Ring { n: 12, goal };
            let stored =
                crate::engine::bfs::shortest_path(&ring, 0, |x| *x == goal, &Progress::hidden());
            let mut x = 0;
            let in_place = solve(&ring, &mut x, 100, &Progress::hidden());
            let moves = in_place.moves.unwrap();
            assert_eq!(moves.len(), stored.path.unwrap().len(), "goal {goal}");
            assert_eq!(moves.len() as i32, goal.min(12 - goal));
            assert_eq!(x, goal);
        }
    }

    #[test]
    fn gives_up_beyond_the_cost_limit() {
        let mut x = 0;
        let out = solve(&Line { n: 10, goal: 9 }, &mut x, 5, &Progress::hidden());
        assert!(out.moves.is_none());
    }
}
