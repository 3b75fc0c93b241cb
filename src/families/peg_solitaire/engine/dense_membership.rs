//! Membership in a layer as its bits over ranks ([`super::ranked_keys`]): whether a key is
//! held is one rank (two table reads) and one bit, and a held key's index among the layer's
//! sorted keys is counted within its cache line of bits.

use super::bitboard::Bitboard;
use super::dense_layers::{RankRing, bits_of_each};
use super::jump_space::JumpSpace;
use super::layer::ABSENT;
use super::layer::LAYER_GROWTH;
use super::ranked_keys::{LayerRanks, NOT_RANKED};
use crate::engine::prefetch::prefetch;
use crate::engine::room;

/// Membership in a layer as its bits over ranks: a test is a rank (two table reads) and one
/// bit, where the sorted keys' filter and search read two or three places far apart.
pub struct DenseMembership<'a> {
    ranks: LayerRanks<'a>,
    bits: Vec<u64>,
    /// Per block of eight words (one cache line): the bits set before it and before each of
    /// its words. Ranks ascend with the keys, so a held key's index among the layer's keys is
    /// counted within its word.
    counts: Vec<BlockCounts>,
}

/// The bits set before a block of eight words (from bit 72) and, nine bits each, before each
/// of its words within the block (word `k`'s at bit `9 k`; word 0's is 0): a held key's index
/// is one count of one word, where counting the block's words before it took a score of
/// vector instructions (no popcount for vectors in the baseline instruction set).
#[derive(Clone, Copy)]
struct BlockCounts(u128);

impl BlockCounts {
    /// The counts of `block` (eight words), `before` bits set before it.
    fn new(before: u32, block: &[u64]) -> BlockCounts {
        let mut packed = u128::from(before) << 72;
        let mut within = 0u128;
        for (k, w) in (1..8).zip(block) {
            within += u128::from(w.count_ones());
            packed |= within << (9 * k);
        }
        BlockCounts(packed)
    }

    /// The bits set before word `k` (below 8) of the block.
    #[inline(always)]
    fn before_word(self, k: usize) -> u32 {
        (self.0 >> 72) as u32 + ((self.0 >> (9 * k)) as u32 & 511)
    }
}

impl<'a> DenseMembership<'a> {
    /// The membership of `keys` (a layer of `pegs` pegs, sorted); None when the board is too
    /// large to rank, the keys are not all of one class and of `pegs` pegs, or the memory was
    /// refused.
    pub fn new<B: Bitboard>(space: &'a JumpSpace<B>, keys: &[B], pegs: u32) -> Option<Self> {
        let ranks = space.key_ranks()?;
        u32::try_from(keys.len()).ok()?;
        let first = keys.first()?.fold64();
        let ranks = LayerRanks::new(ranks, pegs, ranks.state(first));
        // Ranks are handed around as u32 by `index_each` (ABSENT, the largest, is none).
        if ranks.size() >= u64::from(ABSENT) {
            return None;
        }
        // Whole blocks of eight words, each with its counts (see `BlockCounts`).
        let words = (ranks.size().div_ceil(64) as usize).next_multiple_of(8);
        // Every key of the first one's class (and of `pegs` pegs), or none is ranked.
        let bits = bits_of_each(keys, &ranks, words)?;
        let mut counts = room::reserved(words / 8, LAYER_GROWTH)?;
        let mut count = 0;
        for block in bits.chunks(8) {
            counts.push(BlockCounts::new(count, block));
            count += block.iter().map(|w| w.count_ones()).sum::<u32>();
        }
        Some(DenseMembership {
            ranks,
            bits,
            counts,
        })
    }

    /// The index among the layer's keys (ascending) of each of `keys`, [`ABSENT`] for one not
    /// held, into `found`: the ranks first, each key's word of bits and its counts fetched as
    /// it is ranked, then the indices, once every fetch of the batch is under way (all are
    /// read at random in memory far larger than the caches). Fetched only a few keys ahead of
    /// its count, a word had not come by then, a count being so little work: English 33's
    /// descent, the proof 3-5% less CPU this way.
    pub fn index_each<B: Bitboard>(&self, keys: &[B], found: &mut Vec<u32>) {
        found.clear();
        // Not ranked (u64::MAX) becomes ABSENT; every rank is below it (see `new`).
        self.ranks.rank_each(keys, |r| {
            if r != NOT_RANKED {
                prefetch(&self.bits, (r / 64) as usize);
                prefetch(&self.counts, (r / 512) as usize);
            }
            found.push(u32::try_from(r).unwrap_or(ABSENT));
        });
        for f in found.iter_mut() {
            if *f != ABSENT {
                *f = self.index_of_rank(u64::from(*f));
            }
        }
    }

    /// The index among the layer's keys of the key of rank `r`, [`ABSENT`] when not held
    /// (counted either way, with no branch: held or not come about as often).
    #[inline(always)]
    fn index_of_rank(&self, r: u64) -> u32 {
        let (w, bit) = ((r / 64) as usize, r % 64);
        let word = self.bits[w];
        let index = self.counts[w / 8].before_word(w % 8) + (word & ((1 << bit) - 1)).count_ones();
        if word >> bit & 1 == 1 { index } else { ABSENT }
    }
}

/// Keys tested as they are made, each with a tag: a key's word is fetched as it is ranked and
/// read [`BITS_AHEAD`](super::dense_layers::BITS_AHEAD) keys later (a ring of ranks), so that
/// making and ranking the next keys covers the wait, with no batch of keys written to memory
/// and read back.
pub struct HeldAhead<'m, 'a, T> {
    member: &'m DenseMembership<'a>,
    ring: RankRing<T>,
}

impl<'a> DenseMembership<'a> {
    /// A ring for testing keys tagged with `T` as they come.
    pub fn held_ahead<T: Copy + Default>(&self) -> HeldAhead<'_, 'a, T> {
        HeldAhead {
            member: self,
            ring: RankRing::new(),
        }
    }

    /// Whether the key of rank `r` (or [`NOT_RANKED`]) is held.
    #[inline]
    fn holds_rank(&self, r: u64) -> bool {
        r != NOT_RANKED && self.bits[(r / 64) as usize] >> (r % 64) & 1 == 1
    }
}

impl<T: Copy + Default> HeldAhead<'_, '_, T> {
    /// Tests `key`: `tested` gets `tag` and whether the key is held, a few keys later (or at
    /// [`HeldAhead::finish`]). Every tag is given, held or not, so that the caller need not
    /// branch on a test that goes either way at random.
    #[inline]
    pub fn push<B: Bitboard>(&mut self, key: B, tag: T, tested: &mut impl FnMut(T, bool)) {
        let m = self.member;
        if let Some((r, tag)) = self.take(key, tag) {
            tested(tag, m.holds_rank(r));
        }
    }

    /// Tests `key` as [`HeldAhead::push`] does; `found` gets its index among the layer's keys
    /// with `tag` (or at [`HeldAhead::finish_found`]).
    #[inline]
    pub fn push_found<B: Bitboard>(&mut self, key: B, tag: T, found: &mut impl FnMut(u32, T)) {
        let m = self.member;
        if let Some((r, tag)) = self.take(key, tag)
            && m.holds_rank(r)
        {
            found(m.index_of_rank(r), tag);
        }
    }

    /// Ranks `key` and fetches its word; gives back the rank and tag that leave the ring.
    #[inline(always)]
    fn take<B: Bitboard>(&mut self, key: B, tag: T) -> Option<(u64, T)> {
        let m = self.member;
        let r = m.ranks.rank(key.fold64()).unwrap_or(NOT_RANKED);
        if r != NOT_RANKED {
            prefetch(&m.bits, (r / 64) as usize);
        }
        self.ring.push(r, tag)
    }

    /// Tests the keys still in the ring.
    pub fn finish(mut self, tested: &mut impl FnMut(T, bool)) {
        let m = self.member;
        for (r, tag) in self.ring.drain() {
            tested(tag, m.holds_rank(r));
        }
    }

    /// Tests the keys still in the ring, as [`HeldAhead::push_found`] does.
    pub fn finish_found(mut self, found: &mut impl FnMut(u32, T)) {
        let m = self.member;
        for (r, tag) in self.ring.drain() {
            if m.holds_rank(r) {
                found(m.index_of_rank(r), tag);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::jump::Jump;
    use super::*;
    use crate::util::random::xorshift;

    #[test]
    fn a_held_key_is_numbered_where_it_stands_among_the_layer_s_keys() {
        // English 33 without symmetry: positions of 16 pegs of one class, every third of
        // them the layer (far apart, so blocks hold few, and a run of them, so some hold
        // many), numbered both in batches and as the keys are made.
        let (_, jumps) = Jump::english();
        let space: JumpSpace<u64> = JumpSpace::new(33, jumps, &[]);
        let ranks = space.key_ranks().unwrap();
        let mut keys: Vec<u64> = xorshift(0x2545_F491_4F6C_DD1D)
            .map(|x| x & ((1 << 33) - 1))
            .take(600_000)
            .filter(|k| k.count_ones() == 16)
            .collect();
        let first = (0xFFFFu64..).find(|&k| k.count_ones() == 16).unwrap();
        keys.extend((first..first + 5_000).filter(|k| k.count_ones() == 16));
        let state = ranks.state(keys[0]);
        keys.retain(|&k| ranks.state(k) == state);
        keys.sort_unstable();
        keys.dedup();
        let layer: Vec<u64> = keys.iter().copied().step_by(3).collect();
        assert!(layer.len() > 1_000, "{} keys", layer.len());
        let expected: Vec<u32> = keys
            .iter()
            .map(|k| layer.binary_search(k).map_or(ABSENT, |i| i as u32))
            .collect();
        let dense = DenseMembership::new(&space, &layer, 16).unwrap();
        let mut found = Vec::new();
        dense.index_each(&keys, &mut found);
        assert_eq!(found, expected);
        let mut as_made = vec![ABSENT; keys.len()];
        let mut ahead = dense.held_ahead::<u32>();
        let mut note = |at: u32, i: u32| as_made[i as usize] = at;
        for (i, &k) in (0u32..).zip(&keys) {
            ahead.push_found(k, i, &mut note);
        }
        ahead.finish_found(&mut note);
        assert_eq!(as_made, expected);
    }
}
