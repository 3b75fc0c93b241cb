//! Exhaustive breadth-first search by layers, like [`super::layers`], for spaces whose states
//! map one-to-one onto small indices: the visited set is a bitmap over the indices instead of
//! a hash set (one bit per possible state).

use super::layers::Layers;
use super::{Progress, SearchStats, StateSpace, room};
use std::time::Instant;

/// A space whose states are numbered below a known bound.
pub trait IndexedSpace: StateSpace {
    /// How many indices there are (every state's index is below this).
    fn index_bound(&self) -> usize;
    /// The state's index; distinct states have distinct indices.
    fn index(&self, state: &Self::State) -> usize;
    /// Whether an index costs next to nothing (the packed state itself): it is then computed
    /// again where it is needed rather than kept, which a hot loop pays for.
    fn index_is_cheap(&self) -> bool {
        true
    }
}

/// One bit per index: the visited set of the bitmap engines.
pub struct Bitmap(Vec<u64>);

impl Bitmap {
    /// A bitmap of `bound` bits, or None when the memory cap refused it (the search has then
    /// been asked to stop).
    pub fn new(bound: usize) -> Option<Bitmap> {
        room::filled(bound.div_ceil(64), "the visited bitmap", 0).map(Bitmap)
    }

    /// Starts fetching the word of index `i` (see [`super::prefetch`]).
    #[inline]
    pub fn fetch(&self, i: usize) {
        super::prefetch::prefetch(&self.0, i / 64);
    }

    /// Marks index `i`; true when it was not marked before.
    #[inline]
    pub fn insert(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let new = self.0[word] & bit == 0;
        self.0[word] |= bit;
        new
    }
}

pub fn explore<P: IndexedSpace>(
    space: &P,
    start: P::State,
    progress: &Progress,
) -> Layers<P::State> {
    let t0 = Instant::now();
    let Some(mut seen) = Bitmap::new(space.index_bound()) else {
        return Layers {
            counts: vec![1],
            farthest: vec![start],
            stats: SearchStats {
                states: 1,
                elapsed: t0.elapsed(),
            },
        };
    };
    seen.insert(space.index(&start));
    let mut layer = vec![start];
    let mut counts = vec![1u64];
    let mut total = 1u64;
    let mut buf = Vec::new();
    let mut indices: Vec<usize> = Vec::new();
    let mut ticker = super::stop::Ticker::default();
    loop {
        progress.message(|| format!("layer {}: {total} states", counts.len()));
        // Every successor is written and kept only if new: no branch on the bitmap's answer,
        // which is unpredictable in the middle layers.
        let mut next: Vec<P::State> = Vec::new();
        let mut len = 0usize;
        for s in &layer {
            if ticker.tick(buf.len() + 1) {
                break;
            }
            buf.clear();
            space.successors(s, &mut buf);
            if next.len() < len + buf.len() {
                let grown = (len + buf.len()).max(next.len() * 2);
                if !room::room_for_total(&mut next, grown) {
                    break;
                }
                next.resize(grown, start);
            }
            // The successors' words are fetched together first: each lands at random in the
            // bitmap, and read one by one they waited in turn.
            if space.index_is_cheap() {
                for (_, n) in &buf {
                    seen.fetch(space.index(n));
                }
                for &(_, n) in &buf {
                    next[len] = n;
                    len += usize::from(seen.insert(space.index(&n)));
                }
                continue;
            }
            // A ranked state's index is not free: each is computed once.
            indices.clear();
            indices.extend(buf.iter().map(|(_, n)| space.index(n)));
            for &i in &indices {
                seen.fetch(i);
            }
            for (&(_, n), &i) in buf.iter().zip(&indices) {
                next[len] = n;
                len += usize::from(seen.insert(i));
            }
        }
        next.truncate(len);
        if next.is_empty() || super::stop::requested().is_some() {
            break;
        }
        total += next.len() as u64;
        counts.push(next.len() as u64);
        layer = next;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bfs::tests::Doubling;

    impl IndexedSpace for Doubling {
        fn index_bound(&self) -> usize {
            self.0 as usize + 1
        }
        fn index(&self, s: &u32) -> usize {
            *s as usize
        }
    }

    #[test]
    fn agrees_with_the_hash_set_layers() {
        for n in [8, 100, 1000] {
            let hidden = Progress::hidden();
            let a = explore(&Doubling(n), 1, &hidden);
            let b = crate::engine::layers::explore(&Doubling(n), 1, &hidden);
            assert_eq!(a.counts, b.counts);
            assert_eq!(a.farthest, b.farthest);
            assert_eq!(a.stats.states, b.stats.states);
        }
    }
}
