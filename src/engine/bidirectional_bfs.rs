//! Bidirectional breadth-first search between one start and one goal state: whole layers are
//! expanded from the smaller side, so the first meeting gives an optimal path.

use super::room::Room;
use super::{Path, Progress, ReversibleSpace, SearchStats};
use rustc_hash::FxHashMap;
use std::time::Instant;

pub struct BidirectionalOutcome<S, M> {
    pub path: Option<Path<S, M>>,
    pub stats: SearchStats,
}

struct Side<S, M> {
    /// Each state's link towards this side's root: (neighbour state, move between them).
    links: FxHashMap<S, Option<(S, M)>>,
    frontier: Vec<S>,
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy> Side<S, M> {
    fn new(root: S) -> Self {
        let mut links = FxHashMap::default();
        links.insert(root, None);
        Side {
            links,
            frontier: vec![root],
        }
    }

    /// States from `s` back to this side's root, with the moves between them.
    fn chain(&self, mut s: S) -> Vec<(M, S)> {
        let mut out = Vec::new();
        while let Some(Some((next, mv))) = self.links.get(&s) {
            out.push((*mv, *next));
            s = *next;
        }
        out
    }
}

pub fn shortest_path<P: ReversibleSpace>(
    space: &P,
    start: P::State,
    goal: P::State,
    progress: &Progress,
) -> BidirectionalOutcome<P::State, P::Move> {
    let t0 = Instant::now();
    let mut fwd = Side::new(start);
    let mut bwd = Side::new(goal);
    let mut meet = (start == goal).then_some(start);
    let mut buf = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    while meet.is_none() && !fwd.frontier.is_empty() && !bwd.frontier.is_empty() {
        let forward = fwd.frontier.len() <= bwd.frontier.len();
        let (this, other) = if forward {
            (&mut fwd, &bwd)
        } else {
            (&mut bwd, &fwd)
        };
        progress.message(|| format!("bidirectional bfs: {} states", this.links.len()));
        let mut next_frontier = Vec::new();
        'layer: for &s in &this.frontier {
            if ticker.tick(buf.len() + 1) {
                break 'layer;
            }
            buf.clear();
            if forward {
                space.successors(&s, &mut buf);
            } else {
                space.predecessors(&s, &mut buf);
            }
            for &(mv, n) in &buf {
                if this.links.contains_key(&n) {
                    continue;
                }
                if !this.links.room_for_one() || !next_frontier.room_for_one() {
                    break 'layer; // no memory for more: the search has been asked to stop
                }
                this.links.insert(n, Some((s, mv)));
                if other.links.contains_key(&n) {
                    meet = Some(n);
                    break 'layer;
                }
                next_frontier.push(n);
            }
        }
        this.frontier = next_frontier;
        if super::stop::requested().is_some() {
            break;
        }
    }
    let states = (fwd.links.len() + bwd.links.len()) as u64;
    let path = meet.map(|m| join(start, &fwd, &bwd, m));
    BidirectionalOutcome {
        path,
        stats: SearchStats {
            states,
            elapsed: t0.elapsed(),
        },
    }
}

/// The path start -> `meet` -> goal from the two sides' links.
fn join<S: Copy + Eq + std::hash::Hash, M: Copy>(
    start: S,
    fwd: &Side<S, M>,
    bwd: &Side<S, M>,
    meet: S,
) -> Path<S, M> {
    // Forward chain runs meet -> start with the moves that led into each state.
    let mut steps = Vec::new();
    let mut s = meet;
    for (mv, prev) in fwd.chain(meet) {
        steps.push((mv, s));
        s = prev;
    }
    steps.reverse();
    // Backward chain runs meet -> goal; each link's move leads from this state to the next.
    steps.extend(bwd.chain(meet));
    Path { start, steps }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;
    use crate::engine::{StateSpace, bfs};

    #[test]
    fn agrees_with_plain_bfs_on_every_goal() {
        let space = Doubling(200);
        for goal in 1..=200 {
            let plain = bfs::shortest_path(&space, 1, |s| *s == goal, &Progress::hidden());
            let both = shortest_path(&space, 1, goal, &Progress::hidden());
            let (p, b) = (plain.path.unwrap(), both.path.unwrap());
            assert_eq!(p.len(), b.len(), "goal {goal}");
            // The path replays: every step is a legal move to the stated state.
            let mut s = b.start;
            for (mv, next) in &b.steps {
                let mut succ = Vec::new();
                space.successors(&s, &mut succ);
                assert!(succ.contains(&(*mv, *next)));
                s = *next;
            }
            assert_eq!(s, goal);
        }
    }
}
