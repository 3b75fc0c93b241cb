//! Membership in a layer as its bits over ranks ([`super::ranked_keys`]): whether a key is
//! held is one rank (two table reads) and one bit, and a held key's index among the layer's
//! sorted keys is counted within its cache line of bits.

use super::bitboard::Bitboard;
use super::dense_layers::{BITS_AHEAD, RankRing, bits_of};
use super::jump_layers::LAYER_GROWTH;
use super::jump_space::JumpSpace;
use super::layer_membership::ABSENT;
use super::ranked_keys::{LayerRanks, NOT_RANKED};
use crate::engine::prefetch::prefetch;
use crate::engine::room;

/// Membership in a layer as its bits over ranks: a test is a rank (two table reads) and one
/// bit, where the sorted keys' filter and search read two or three places far apart.
pub struct DenseMembership<'a> {
    ranks: LayerRanks<'a>,
    bits: Vec<u64>,
    /// Per block of eight words (one cache line): the bits set before it. Ranks ascend with
    /// the keys, so a held key's index among the layer's keys is counted within its block.
    before: Vec<u32>,
}

impl<'a> DenseMembership<'a> {
    /// The membership of `keys` (a layer of `pegs` pegs, sorted); None when the board is too
    /// large to rank, the keys are not all of one class, or the memory was refused.
    pub fn new<B: Bitboard>(space: &'a JumpSpace<B>, keys: &[B], pegs: u32) -> Option<Self> {
        let ranks = space.key_ranks()?;
        u32::try_from(keys.len()).ok()?;
        let first = keys.first()?.fold64();
        if keys
            .iter()
            .any(|k| ranks.state(k.fold64()) != ranks.state(first))
        {
            return None;
        }
        let ranks = LayerRanks::new(ranks, pegs, ranks.state(first));
        // Ranks are handed around as u32 by `index_each` (ABSENT, the largest, is none).
        if ranks.size() >= u64::from(ABSENT) {
            return None;
        }
        // Whole blocks of eight words, so that a key's index counts a whole block's words.
        let words = (ranks.size().div_ceil(64) as usize).next_multiple_of(8);
        let bits = bits_of(keys, &ranks, words)?;
        let mut before = room::reserved(words / 8, LAYER_GROWTH)?;
        let mut count = 0;
        for block in bits.chunks(8) {
            before.push(count);
            count += block.iter().map(|w| w.count_ones()).sum::<u32>();
        }
        Some(DenseMembership {
            ranks,
            bits,
            before,
        })
    }

    /// The index among the layer's keys (ascending) of each of `keys`, [`ABSENT`] for one not
    /// held, into `found`.
    pub fn index_each<B: Bitboard>(&self, keys: &[B], found: &mut Vec<u32>) {
        self.each_rank(keys, found, |r| self.index_of_rank(r));
    }

    /// `found[i] = at(rank of keys[i])`, [`ABSENT`] for a key not of the layer: the ranks
    /// first, then the bits, each fetched a few keys ahead (both are read at random in memory
    /// far larger than the caches).
    #[inline]
    fn each_rank<B: Bitboard>(&self, keys: &[B], found: &mut Vec<u32>, at: impl Fn(u64) -> u32) {
        found.clear();
        // Not ranked (u64::MAX) becomes ABSENT; every rank is below it (see `new`).
        self.ranks
            .rank_each(keys, |r| found.push(u32::try_from(r).unwrap_or(ABSENT)));
        for i in 0..found.len() {
            if let Some(&ahead) = found.get(i + BITS_AHEAD) {
                prefetch(&self.bits, (ahead / 64) as usize);
            }
            if found[i] != ABSENT {
                found[i] = at(u64::from(found[i]));
            }
        }
    }

    /// The index among the layer's keys of the key of rank `r`, [`ABSENT`] when not held.
    #[inline(always)]
    fn index_of_rank(&self, r: u64) -> u32 {
        let (w, bit) = ((r / 64) as usize, r % 64);
        let held = self.bits[w] >> bit & 1 == 1;
        // The bits set in the block before this one, every word counted and none branched on
        // (a loop over the words before it mispredicted its exit, as a test of the bit first
        // did, held or not about as often).
        let (block, upto) = (w / 8, (w % 8) as u64 * 64 + bit);
        // A block's eight words as an array (the bits are whole blocks, see `new`): a loop the
        // compiler unrolls in place, where a sum over an iterator became a vectorised call.
        let words: &[u64; 8] = self.bits[block * 8..block * 8 + 8]
            .try_into()
            .unwrap_or(&[0; 8]);
        let mut index = self.before[block];
        for (i, &x) in (0u64..).zip(words) {
            let n = upto.saturating_sub(i * 64);
            index += (if n >= 64 { x } else { x & ((1 << n) - 1) }).count_ones();
        }
        if held { index } else { ABSENT }
    }
}

/// Keys tested as they are made, each with a tag: a key's word is fetched as it is ranked and
/// read [`BITS_AHEAD`] keys later (a ring of ranks), so that making and ranking the next keys
/// covers the wait, with no batch of keys written to memory and read back.
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
    /// Tests `key`: `held` gets `tag` once the key is found held, a few keys later (or at
    /// [`HeldAhead::finish`]).
    #[inline]
    pub fn push<B: Bitboard>(&mut self, key: B, tag: T, held: &mut impl FnMut(T)) {
        let m = self.member;
        let r = m.ranks.rank(key.fold64()).unwrap_or(NOT_RANKED);
        if r != NOT_RANKED {
            prefetch(&m.bits, (r / 64) as usize);
        }
        if let Some((r, tag)) = self.ring.push(r, tag)
            && m.holds_rank(r)
        {
            held(tag);
        }
    }

    /// Tests the keys still in the ring.
    pub fn finish(mut self, held: &mut impl FnMut(T)) {
        let m = self.member;
        for (r, tag) in self.ring.drain() {
            if m.holds_rank(r) {
                held(tag);
            }
        }
    }
}
