//! Membership in a sorted layer, for the meeting of the two searches: each position grown on one
//! side is kept only when the other side's last layer holds it, so the meeting layer is built as
//! the intersection directly (230,230 classes on English 33, where growing the whole layer
//! made 3.2 M classes out of about 25 M successors, all sorted before the intersection).
//! Most successors are not in the other layer: a blocked filter (two bits of one word per key,
//! 16 bits a key, one cache line read) rejects nearly all of them, and the few it passes are
//! looked up by binary search among the keys that share their top bits.

use super::bitboard::Bitboard;
use super::dense_membership::DenseMembership;
use super::jump_space::JumpSpace;
use super::layer::ABSENT;

/// A blocked filter over a set of keys: every key sets two bits of the word its hash picks
/// (16 bits a key), so a key outside the set is ruled out by one read but for a few in a hundred.
#[derive(Clone, Default)]
pub struct KeyFilter {
    words: Vec<u64>,
    /// 64 minus log2 of the word count: the hash's top bits pick the word.
    word_shift: u32,
}

impl KeyFilter {
    /// The filter of `keys`.
    pub fn new<B: Bitboard>(keys: &[B]) -> KeyFilter {
        let count = (keys.len() / 4).next_power_of_two().max(1);
        let word_shift = 64 - count.trailing_zeros();
        let mut words = vec![0u64; count];
        for &k in keys {
            let (w, mask) = Self::bits(k, word_shift);
            words[w] |= mask;
        }
        KeyFilter { words, word_shift }
    }

    /// The filter word of `key` and the two bits it sets there (from the hash's middle bits,
    /// apart from the top bits that pick the word).
    #[inline]
    fn bits<B: Bitboard>(key: B, word_shift: u32) -> (usize, u64) {
        let h = key.fold64().wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let word = if word_shift >= 64 {
            0
        } else {
            (h >> word_shift) as usize
        };
        (word, 1 << (h >> 20 & 63) | 1 << (h >> 26 & 63))
    }

    /// False when `key` is surely not in the set.
    #[inline]
    pub fn may_hold<B: Bitboard>(&self, key: B) -> bool {
        let (w, mask) = Self::bits(key, self.word_shift);
        self.words.get(w).is_some_and(|&x| x & mask == mask)
    }
}

pub struct LayerMembership<'a, B> {
    /// The layer's keys, sorted.
    keys: &'a [B],
    filter: KeyFilter,
    ranges: KeyRanges,
}

/// Key bits that pick a range of the sorted keys (65,536 ranges, 256 KB of starts).
const TOP_BITS: usize = 16;

/// Where the sorted keys of each value of their top bits start, so that a key is searched
/// for among the few that share its top bits rather than among all.
#[derive(Clone, Default)]
pub struct KeyRanges {
    /// The keys whose top bits equal `r` are `starts[r]..starts[r + 1]`.
    starts: Vec<u32>,
    low: usize,
    top: usize,
}

impl KeyRanges {
    /// The ranges of `keys` (sorted, every set bit below `bits`) by their top `top` bits (at
    /// most `bits`); None when there are more keys than 32-bit positions reach.
    pub fn new<B: Bitboard>(keys: &[B], bits: usize, top: usize) -> Option<Self> {
        u32::try_from(keys.len()).ok()?;
        let top = top.min(bits);
        let low = bits - top;
        let mut starts = Vec::with_capacity((1 << top) + 1);
        let mut at = 0usize;
        for r in 0..=(1usize << top) {
            while at < keys.len() && keys[at].chunk(low, top) < r {
                at += 1;
            }
            starts.push(at as u32);
        }
        Some(KeyRanges { starts, low, top })
    }

    /// Where `key` is among `keys` (the sorted keys the ranges were made of), None when it is
    /// not there (binary search in its range).
    #[inline]
    pub fn position<B: Bitboard>(&self, keys: &[B], key: B) -> Option<u32> {
        let r = key.chunk(self.low, self.top);
        let (from, to) = (*self.starts.get(r)?, *self.starts.get(r + 1)?);
        let at = keys[from as usize..to as usize].binary_search(&key).ok()?;
        Some(from + at as u32)
    }
}

impl<'a, B: Bitboard> LayerMembership<'a, B> {
    /// The membership of `keys` (sorted, every set bit below `bits`); None when the layer is too
    /// large to index by 32-bit positions (then the caller grows the layer whole).
    pub fn new(keys: &'a [B], bits: usize) -> Option<Self> {
        // About a key per range: a small layer's ranges are made in no time.
        let top = TOP_BITS.min(keys.len().max(1).ilog2() as usize + 1);
        Some(LayerMembership {
            keys,
            filter: KeyFilter::new(keys),
            ranges: KeyRanges::new(keys, bits, top)?,
        })
    }

    /// Keeps of `v` the items whose key the layer holds. The filter words are read first for
    /// every item, in a loop with no branch on what they hold, so that many of these reads (the
    /// filter of a large layer is beyond the core's own cache) are in flight at once; only the
    /// few items that pass are then looked up in the keys.
    pub fn retain<T>(&self, v: &mut Vec<T>, key: impl Fn(&T) -> B) {
        let passed: Vec<bool> = v.iter().map(|t| self.may_hold(key(t))).collect();
        let mut i = 0;
        v.retain(|t| {
            i += 1;
            passed[i - 1] && self.holds(key(t))
        });
    }

    /// False when the filter rules `key` out.
    #[inline]
    fn may_hold(&self, key: B) -> bool {
        self.filter.may_hold(key)
    }

    /// Whether the sorted keys hold `key` (binary search in its range).
    #[inline]
    fn holds(&self, key: B) -> bool {
        self.position(key).is_some()
    }

    /// Where `key` is among the sorted keys, None when the layer does not hold it (most keys
    /// outside it ruled out by the filter first).
    #[inline]
    pub fn index(&self, key: B) -> Option<u32> {
        if self.may_hold(key) {
            self.position(key)
        } else {
            None
        }
    }

    /// Where `key` is among the sorted keys, None when it is not there (binary search in its
    /// range).
    #[inline]
    fn position(&self, key: B) -> Option<u32> {
        self.ranges.position(self.keys, key)
    }
}

/// The fewest keys held as bits over ranks: below, ranking the layer (a table of the high
/// parts, 131,072 entries on English 33) costs more than the lookups it saves.
const DENSE_FROM: usize = 1 << 13;

/// Membership in a layer: as bits over ranks where the board can be ranked (half the time of
/// the sorted keys' filter on English 33), else by the sorted keys.
pub enum Membership<'a, B> {
    Dense(DenseMembership<'a>),
    Sorted(LayerMembership<'a, B>),
}

impl<'a, B: Bitboard> Membership<'a, B> {
    /// Membership in the layer of `keys` (sorted, of `pegs` pegs); None when the layer is too
    /// large to index.
    pub fn new(space: &'a JumpSpace<B>, keys: &'a [B], pegs: u32) -> Option<Self> {
        let dense = (keys.len() >= DENSE_FROM).then(|| DenseMembership::new(space, keys, pegs));
        match dense.flatten() {
            Some(dense) => Some(Membership::Dense(dense)),
            None => LayerMembership::new(keys, space.holes).map(Membership::Sorted),
        }
    }

    /// The index among the layer's keys of each of `keys`, [`ABSENT`] for one the layer does
    /// not hold, into `found`.
    pub fn index_each(&self, keys: &[B], found: &mut Vec<u32>) {
        match self {
            Membership::Dense(d) => d.index_each(keys, found),
            Membership::Sorted(s) => {
                found.clear();
                found.extend(keys.iter().map(|&k| s.index(k).unwrap_or(ABSENT)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    #[test]
    fn holds_the_layer_and_nothing_else() {
        let mut all: Vec<u64> = xorshift(0x9876_5431)
            .map(|x| x & ((1 << 33) - 1))
            .take(20_000)
            .collect();
        all.sort_unstable();
        all.dedup();
        // Every other key in the layer, the rest outside it.
        let layer: Vec<u64> = all.iter().step_by(2).copied().collect();
        let m = LayerMembership::new(&layer, 33).unwrap();
        for (i, &k) in all.iter().enumerate() {
            assert_eq!(m.index(k).is_some(), i % 2 == 0, "key {k}");
        }
        let mut kept = all.clone();
        m.retain(&mut kept, |&k| k);
        assert_eq!(kept, layer);
        let empty: Vec<u64> = Vec::new();
        assert!(LayerMembership::new(&empty, 33).unwrap().index(5).is_none());
    }
}
