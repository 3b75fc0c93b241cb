//! Ranks of the positions of one layer: a bijection, increasing with the key, between the
//! positions with a given peg count and a given position class (the parities of the pegs on
//! the board's invariant sets, which no jump changes) and `0..size`. A layer can then be a
//! dense bitset over ranks instead of a sorted vector of keys: on English 33 the ranks of the
//! largest layer span C(33, 16) / 16 = 72.9 M bits (8.7 MiB), where the raw keys span 2^33.
//!
//! A key is cut into a high part and its low 16 bits. The positions below a key are those with
//! a smaller high part (a per-layer cumulative table over the high parts) and those with the
//! same high part and a smaller low part of the same peg count and class (a table over the
//! low parts, the same for every layer): two lookups and an add.

use super::bitboard::Bitboard;
use crate::engine::prefetch::prefetch;

/// What [`LayerRanks::rank_each`] gives for a key not of the layer.
pub const NOT_RANKED: u64 = u64::MAX;
/// Keys whose table entries are fetched ahead of the one ranked (see [`LayerRanks::rank_each`]).
const RANKS_AHEAD: usize = 8;

/// Bits of the low part (its tables have 2^16 entries). 17 bits (both of English 33's tables
/// 512 KiB, where the high one is 1 MiB with 16) measured no faster and took 2 MB more
/// (docs/benchmarks.md, "Peg solitaire", tried and not kept).
const LOW_MAX: usize = 16;
/// Boards of up to this many holes are ranked (the high table has 2^(holes - 16) entries).
pub const MAX_HOLES: usize = 36;
/// Invariant sets used at most (a class is a state of this many bits, kept in 8).
const MAX_SETS: usize = 8;
/// Both tables' entries carry a tag in their low 16 bits, their counts above it: a low
/// value's state (bits 8..16) and peg count, and for a high value in a layer the state and peg
/// count a low value must have to complete it into the layer (`0xFF` pegs: none can). A key is
/// of the layer when its two tags are equal: one XOR, where comparing the state and the peg
/// count apart cost English 33's proof about a twentieth of its time.
const TAG_BITS: u32 = 16;
const TAG_MASK: u64 = (1 << TAG_BITS) - 1;

/// The layer-independent tables of one board.
pub struct KeyRanks {
    /// Bits of the low part.
    low: usize,
    /// Invariant sets (hole masks) used.
    sets: usize,
    /// Per low value: the low values below it of the same peg count and state, then its tag
    /// (see [`TAG_BITS`]).
    low_rank: Vec<u32>,
    /// The low values grouped by (peg count, state), each group ascending.
    low_values: Vec<u16>,
    /// Where each group of `low_values` starts, indexed by `pegs << sets | state`, and one
    /// past the last.
    group_start: Vec<u32>,
    /// Per high value: the state of its holes.
    high_state: Vec<u8>,
}

/// The parities of the pegs of `key` on each of `sets`, as bits.
fn state_of(key: u64, sets: &[u64]) -> u8 {
    sets.iter().enumerate().fold(0, |s, (i, &w)| {
        s | (((key & w).count_ones() & 1) as u8) << i
    })
}

impl KeyRanks {
    /// The tables for a board of `holes` holes whose invariant sets are `sets` (hole masks);
    /// None when the board is too large to rank this way.
    pub fn new(holes: usize, sets: &[u128]) -> Option<KeyRanks> {
        if holes > MAX_HOLES {
            return None;
        }
        let sets: Vec<u64> = sets.iter().take(MAX_SETS).map(|&w| w as u64).collect();
        let low = holes.min(LOW_MAX);
        let groups = (low + 1) << sets.len();
        let mut count = vec![0u32; groups];
        let mut low_rank = Vec::with_capacity(1 << low);
        for v in 0..1u64 << low {
            let state = state_of(v, &sets);
            let g = (v.count_ones() as usize) << sets.len() | state as usize;
            low_rank.push(count[g] << TAG_BITS | u32::from(state) << 8 | v.count_ones());
            count[g] += 1;
        }
        let mut group_start = Vec::with_capacity(groups + 1);
        let mut total = 0u32;
        group_start.push(total);
        for &n in &count {
            total += n;
            group_start.push(total);
        }
        let mut low_values = vec![0u16; 1 << low];
        for v in 0..1u64 << low {
            let entry = low_rank[v as usize];
            let g = (v.count_ones() as usize) << sets.len() | (entry >> 8 & 0xFF) as usize;
            let at = group_start[g] + (entry >> TAG_BITS);
            low_values[at as usize] = v as u16;
        }
        let high_state = (0..1u64 << (holes - low))
            .map(|h| state_of(h << low, &sets))
            .collect();
        Some(KeyRanks {
            low,
            sets: sets.len(),
            low_rank,
            low_values,
            group_start,
            high_state,
        })
    }

    /// The class of `key`: its parities on the invariant sets.
    pub fn state(&self, key: u64) -> u8 {
        let mask = (1u64 << self.low) - 1;
        (self.low_rank[(key & mask) as usize] >> 8) as u8
            ^ self.high_state[(key >> self.low) as usize]
    }
}

/// What a high value of a given peg count and state brings to a layer: its tag (see
/// [`TAG_BITS`]), and where the low values that complete it into the layer start and how many
/// there are.
#[derive(Clone, Copy)]
struct HighKind {
    tag: u64,
    start: u32,
    count: u32,
}

impl HighKind {
    /// The kind of a high value of `used` pegs and state `hs` in the layer of `pegs` pegs and
    /// class `state`.
    fn new(ranks: &KeyRanks, (pegs, state): (u32, u8), used: u32, hs: u8) -> HighKind {
        let wanted = state ^ hs;
        let tag = u64::from(wanted) << 8;
        match pegs.checked_sub(used) {
            Some(rest) if rest as usize <= ranks.low => {
                let g = (rest as usize) << ranks.sets | usize::from(wanted);
                let start = ranks.group_start[g];
                HighKind {
                    tag: tag | u64::from(rest),
                    start,
                    count: ranks.group_start[g + 1] - start,
                }
            }
            // No low value completes it: no peg count is 0xFF.
            _ => HighKind {
                tag: tag | 0xFF,
                start: 0,
                count: 0,
            },
        }
    }
}

/// The ranks of one layer: `pegs` pegs, class `state`.
pub struct LayerRanks<'a> {
    ranks: &'a KeyRanks,
    /// Per high value h: the layer's keys with a high part below h, then the tag a low value
    /// must have to complete h into the layer (see [`TAG_BITS`]); one more entry at the end,
    /// the layer's size.
    below: Vec<u64>,
    /// Per high value: where the low values that complete it into the layer start.
    first_low: Vec<u32>,
}

impl<'a> LayerRanks<'a> {
    pub fn new(ranks: &'a KeyRanks, pegs: u32, state: u8) -> LayerRanks<'a> {
        // What a high value contributes depends only on its peg count and state: read from a
        // table of those (a few hundred entries), with no branch on the high values themselves
        // (each peg count's test went either way at random, 24 tables of 131,072 entries on
        // English 33).
        let high_bits = ranks.high_state.len().trailing_zeros() as usize;
        let kinds: Vec<HighKind> = (0..=high_bits)
            .flat_map(|used| (0..1usize << ranks.sets).map(move |hs| (used as u32, hs as u8)))
            .map(|(used, hs)| HighKind::new(ranks, (pegs, state), used, hs))
            .collect();
        let highs = ranks.high_state.len();
        let mut below = Vec::with_capacity(highs + 1);
        let mut first_low = Vec::with_capacity(highs);
        let mut total = 0u64;
        for (h, &hs) in ranks.high_state.iter().enumerate() {
            let kind = kinds[(h.count_ones() as usize) << ranks.sets | usize::from(hs)];
            below.push(total << TAG_BITS | kind.tag);
            first_low.push(kind.start);
            total += u64::from(kind.count);
        }
        below.push(total << TAG_BITS);
        LayerRanks {
            ranks,
            below,
            first_low,
        }
    }

    /// How many positions the layer can hold.
    pub fn size(&self) -> u64 {
        self.below[self.below.len() - 1] >> TAG_BITS
    }

    /// The rank of `key`, None when it is not of this layer (another peg count or class).
    #[inline]
    pub fn rank(&self, key: u64) -> Option<u64> {
        let (high, low) = self.slots(key);
        let (high, low) = (self.below[high], u64::from(self.ranks.low_rank[low]));
        ((high ^ low) & TAG_MASK == 0).then_some((high >> TAG_BITS) + (low >> TAG_BITS))
    }

    /// Where [`LayerRanks::rank`] reads `key`'s two table entries: its high part in `below`,
    /// its low part in the board's `low_rank`.
    #[inline]
    fn slots(&self, key: u64) -> (usize, usize) {
        let low = self.ranks.low;
        ((key >> low) as usize, (key & ((1 << low) - 1)) as usize)
    }

    /// Calls `f` with the rank of each of `keys` in turn ([`NOT_RANKED`] for a key not of this
    /// layer). The two table entries of each key are fetched a few keys ahead: they land at
    /// random in a table as large as the core's own cache (1 MiB on English 33), and waited
    /// for one key at a time they left the processor idle.
    #[inline]
    pub fn rank_each<B: Bitboard>(&self, keys: &[B], mut f: impl FnMut(u64)) {
        for (i, &k) in keys.iter().enumerate() {
            if let Some(ahead) = keys.get(i + RANKS_AHEAD) {
                let (high, low) = self.slots(ahead.fold64());
                prefetch(&self.below, high);
                prefetch(&self.ranks.low_rank, low);
            }
            f(self.rank(k.fold64()).unwrap_or(NOT_RANKED));
        }
    }

    /// The high part of the key of rank `index` (below the layer's size).
    pub fn high_of(&self, index: u64) -> usize {
        self.below.partition_point(|&b| b >> TAG_BITS <= index) - 1
    }

    /// The key of rank `index`, its high part found from `high` (at or below the answer's:
    /// ascending ranks walk it forwards); returns the key and its high part.
    #[inline]
    pub fn key_of(&self, index: u64, mut high: usize) -> (u64, usize) {
        while self.below[high + 1] >> TAG_BITS <= index {
            high += 1;
        }
        let offset = index - (self.below[high] >> TAG_BITS);
        let low = self.ranks.low_values[self.first_low[high] as usize + offset as usize];
        ((high as u64) << self.ranks.low | u64::from(low), high)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of `holes` bits with `pegs` pegs and class `state`, ascending.
    fn layer(holes: usize, sets: &[u64], pegs: u32, state: u8) -> Vec<u64> {
        (0..1u64 << holes)
            .filter(|&k| k.count_ones() == pegs && state_of(k, sets) == state)
            .collect()
    }

    #[test]
    fn ranks_are_the_positions_in_key_order() {
        // 20 holes (a high part of 4 bits) and two overlapping invariant sets.
        let sets = [0b1001_0010_0100_1001_0010u128, 0b0110_1100_0011_0101_1010];
        let plain: Vec<u64> = sets.iter().map(|&w| w as u64).collect();
        let ranks = KeyRanks::new(20, &sets).unwrap();
        for pegs in [0, 1, 5, 10, 17, 20] {
            for state in 0..4u8 {
                let keys = layer(20, &plain, pegs, state);
                let lr = LayerRanks::new(&ranks, pegs, state);
                assert_eq!(lr.size(), keys.len() as u64, "pegs {pegs} state {state}");
                for (i, &k) in keys.iter().enumerate() {
                    assert_eq!(lr.rank(k), Some(i as u64));
                    assert_eq!(ranks.state(k), state);
                    let (back, _) = lr.key_of(i as u64, lr.high_of(i as u64));
                    assert_eq!(back, k);
                }
                let mut high = 0;
                for (i, &k) in keys.iter().enumerate() {
                    let (back, h) = lr.key_of(i as u64, high);
                    assert_eq!(back, k);
                    high = h;
                }
                // Keys of other classes or peg counts have no rank here.
                for k in (0..1u64 << 20).step_by(97) {
                    if k.count_ones() != pegs || state_of(k, &plain) != state {
                        assert_eq!(lr.rank(k), None);
                    }
                }
            }
        }
    }

    #[test]
    fn small_boards_and_no_sets() {
        let ranks = KeyRanks::new(9, &[]).unwrap();
        let lr = LayerRanks::new(&ranks, 4, 0);
        let keys = layer(9, &[], 4, 0);
        assert_eq!(lr.size(), 126);
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(lr.rank(k), Some(i as u64));
        }
        assert!(KeyRanks::new(MAX_HOLES + 1, &[]).is_none());
    }
}
