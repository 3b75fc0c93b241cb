//! Breadth-first layers of an undirected state space (every move can be undone by a move)
//! without a set of visited states: in such a space the neighbours of layer d lie in layers
//! d-1, d and d+1, so the next layer is the sorted, deduplicated successors of the current one
//! minus the previous and the current layers. Each layer is a sorted vector: no hashing, and
//! memory for three layers instead of every state.

use super::layers::Layers;
use super::{Progress, SearchStats, StateSpace, room};
use std::time::Instant;

/// The layers from `start`. Only for spaces whose every move can be undone (else states are
/// counted again in later layers).
pub fn explore<P: StateSpace>(space: &P, start: P::State, progress: &Progress) -> Layers<P::State>
where
    P::State: Ord,
{
    let t0 = Instant::now();
    let mut previous: Vec<P::State> = Vec::new();
    let mut layer = vec![start];
    let mut counts = vec![1u64];
    let mut total = 1u64;
    let mut buf = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    loop {
        progress.message(|| format!("layer {}: {total} states", counts.len()));
        let mut next = Vec::new();
        for s in &layer {
            if ticker.tick(buf.len() + 1) {
                break;
            }
            buf.clear();
            space.successors(s, &mut buf);
            // Without room for the growth the search has been asked to stop.
            let need = next.len() + buf.len();
            let doubled = need.max(2 * next.len());
            if next.capacity() < need && !room::room_for_total(&mut next, doubled) {
                break;
            }
            next.extend(buf.iter().map(|&(_, n)| n));
        }
        next.sort_unstable();
        next.dedup();
        remove_sorted(&mut next, &previous);
        remove_sorted(&mut next, &layer);
        if next.is_empty() || super::stop::requested().is_some() {
            break;
        }
        counts.push(next.len() as u64);
        total += next.len() as u64;
        previous = std::mem::replace(&mut layer, next);
    }
    Layers {
        counts,
        farthest: layer,
        stats: SearchStats {
            states: total,
            elapsed: t0.elapsed(),
        },
    }
}

/// Keeps the elements of the sorted `v` that are not in the sorted `gone`.
fn remove_sorted<S: Ord>(v: &mut Vec<S>, gone: &[S]) {
    let mut j = 0;
    v.retain(|x| {
        while j < gone.len() && gone[j] < *x {
            j += 1;
        }
        j >= gone.len() || gone[j] != *x
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::layers;

    /// 0..n, moves +-1 and +-3: undirected, with several paths to most states.
    struct Steps(u32);

    impl StateSpace for Steps {
        type State = u32;
        type Move = i32;
        fn successors(&self, s: &u32, out: &mut Vec<(i32, u32)>) {
            for d in [-3i32, -1, 1, 3] {
                let n = *s as i32 + d;
                if (0..self.0 as i32).contains(&n) {
                    out.push((d, n as u32));
                }
            }
        }
    }

    #[test]
    fn agrees_with_the_visited_set_search() {
        for (n, start) in [(1, 0), (2, 1), (10, 0), (37, 5), (100, 99)] {
            let hidden = Progress::hidden();
            let a = explore(&Steps(n), start, &hidden);
            let b = layers::explore(&Steps(n), start, &hidden);
            let mut far = b.farthest.clone();
            far.sort_unstable();
            assert_eq!(
                (a.counts, a.farthest, a.stats.states),
                (b.counts, far, b.stats.states)
            );
        }
    }
}
