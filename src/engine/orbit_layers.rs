//! Breadth-first search by layers over classes of states: where a group of symmetries maps
//! states to equivalent ones, one state per class (its representative) is stored and expanded,
//! and each class is counted once and by the number of states it holds. The distance of a
//! class is that of each of its states, since the symmetries keep the start and the moves.

use super::room::Room;
use super::{Progress, SearchStats, StateSpace};
use rustc_hash::FxHashSet;
use std::time::Instant;

pub struct OrbitLayers<S> {
    /// `classes[d]` classes lie at distance `d`.
    pub classes: Vec<u64>,
    /// `states[d]` states lie at distance `d` (the classes' sizes summed).
    pub states: Vec<u64>,
    /// The representatives of the last layer.
    pub farthest: Vec<S>,
    /// `states` counts the classes stored.
    pub stats: SearchStats,
}

/// What the search needs of the group: a class's representative, and how many states it holds.
pub trait Classes<S> {
    fn canonical(&self, s: S) -> S;
    fn size(&self, representative: S) -> u64;
    /// What the progress line calls a class.
    fn noun(&self) -> &'static str {
        "classes"
    }
}

pub fn explore<P: StateSpace>(
    space: &P,
    classes: &impl Classes<P::State>,
    start: P::State,
    progress: &Progress,
) -> OrbitLayers<P::State> {
    let t0 = Instant::now();
    let start = classes.canonical(start);
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    seen.insert(start);
    let mut layer = vec![start];
    let mut counts = vec![1u64];
    let mut states = vec![classes.size(start)];
    let mut buf = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    loop {
        progress.message(|| {
            let noun = classes.noun();
            format!("layer {}: {} {noun}", counts.len(), seen.len())
        });
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
                let c = classes.canonical(n);
                if seen.insert(c) {
                    next.push(c);
                }
            }
        }
        if next.is_empty() || super::stop::requested().is_some() {
            break;
        }
        counts.push(next.len() as u64);
        states.push(next.iter().map(|&c| classes.size(c)).sum());
        layer = next;
    }
    OrbitLayers {
        classes: counts,
        states,
        farthest: layer,
        stats: SearchStats {
            states: seen.len() as u64,
            elapsed: t0.elapsed(),
        },
    }
}

/// The shortest paths from the start to a goal, counted over classes: every state of a class
/// has as many shortest paths from the (symmetric) start as its representative, so the states
/// of class `c'` have `sum over c of |c| * ways(c) * (moves from c's representative into c')`
/// paths in all, and each `ways(c')` is that over `|c'|`. Gives the length and the count
/// (saturating), or None when no goal is reachable, and the classes stored.
pub fn count_shortest<P: StateSpace>(
    space: &P,
    classes: &impl Classes<P::State>,
    start: P::State,
    is_goal: impl Fn(&P::State) -> bool,
    progress: &Progress,
) -> (Option<(usize, u128)>, SearchStats) {
    let t0 = Instant::now();
    let start = classes.canonical(start);
    let mut seen: FxHashSet<P::State> = FxHashSet::default();
    seen.insert(start);
    let mut layer: Vec<(P::State, u128)> = vec![(start, 1)];
    let mut buf = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    let mut depth = 0;
    let found = loop {
        let goals = layer.iter().filter(|(s, _)| is_goal(s));
        let count = goals.fold(0u128, |n, &(s, w)| {
            n.saturating_add(w.saturating_mul(u128::from(classes.size(s))))
        });
        if count > 0 || layer.is_empty() || super::stop::requested().is_some() {
            break (count > 0).then_some((depth, count));
        }
        progress.message(|| format!("layer {depth}: {} classes", seen.len()));
        let mut next: rustc_hash::FxHashMap<P::State, u128> = Default::default();
        for &(s, ways) in &layer {
            if ticker.tick(buf.len() + 1) {
                break;
            }
            buf.clear();
            space.successors(&s, &mut buf);
            let weight = ways.saturating_mul(u128::from(classes.size(s)));
            for &(_, n) in &buf {
                let c = classes.canonical(n);
                if seen.contains(&c) {
                    continue;
                }
                if !next.room_for_one() {
                    break;
                }
                let w = next.entry(c).or_insert(0);
                *w = w.saturating_add(weight);
            }
        }
        seen.extend(next.keys().copied());
        layer = (next.into_iter())
            .map(|(c, total)| (c, total / u128::from(classes.size(c))))
            .collect();
        depth += 1;
    };
    let stats = SearchStats {
        states: seen.len() as u64,
        elapsed: t0.elapsed(),
    };
    (found, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integers -n..=n, a move adds or takes 1; negation is the symmetry.
    struct Line(i64);
    impl StateSpace for Line {
        type State = i64;
        type Move = ();
        fn successors(&self, s: &i64, out: &mut Vec<((), i64)>) {
            out.extend(
                [s - 1, s + 1]
                    .into_iter()
                    .filter(|t| t.abs() <= self.0)
                    .map(|t| ((), t)),
            );
        }
    }
    struct Negation;
    impl Classes<i64> for Negation {
        fn canonical(&self, s: i64) -> i64 {
            s.min(-s)
        }
        fn size(&self, s: i64) -> u64 {
            if s == 0 { 1 } else { 2 }
        }
    }

    #[test]
    fn counts_shortest_paths_over_classes() {
        // From 0 to either end of -3..=3: one path to each end, two in all.
        let (found, stats) = count_shortest(
            &Line(3),
            &Negation,
            0,
            |s| s.abs() == 3,
            &Progress::hidden(),
        );
        assert_eq!(found, Some((3, 2)));
        assert_eq!(stats.states, 4);
    }

    #[test]
    fn counts_classes_and_their_states() {
        // From 0 within -3..=3: {0}, {-1, 1}, {-2, 2}, {-3, 3}: one class per layer.
        let l = explore(&Line(3), &Negation, 0, &Progress::hidden());
        assert_eq!(l.classes, vec![1, 1, 1, 1]);
        assert_eq!(l.states, vec![1, 2, 2, 2]);
        assert_eq!(l.farthest, vec![-3]);
        assert_eq!(l.stats.states, 4);
    }
}
