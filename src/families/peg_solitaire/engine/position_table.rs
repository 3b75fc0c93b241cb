//! A fixed-size map from positions to a small number (a move distance), for the hot lookups of
//! the move metric: open addressing with linear probing, at most half full, no tombstones
//! (entries are only ever added). On boards of up to 56 holes a slot is one word, the key with
//! the value above it, so eight slots share a cache line and a lookup is usually one read
//! (a separate filter read first cost a second cache miss on every hit); larger boards keep key
//! and value side by side.

use super::bitboard::Bitboard;

/// The value marking an empty slot of the wide table; never stored.
const EMPTY: u8 = u8::MAX;
/// Boards of up to this many holes use one-word slots: the key below this bit, the value + 1
/// above it (so a used slot is never 0, the empty word).
const PACKED_BITS: usize = 56;
const KEY_MASK: u64 = (1 << PACKED_BITS) - 1;
/// Keys looked up together by [`PositionTable::get_batch`].
const BATCH: usize = 32;

pub struct PositionTable<B> {
    /// One-word slots (boards of up to 56 holes), else empty.
    packed: Vec<u64>,
    /// Key and value slots (larger boards), else empty.
    wide: Vec<(B, u8)>,
    /// 64 minus log2 of the slot count: the hash's top bits pick the slot.
    shift: u32,
}

impl<B: Bitboard> PositionTable<B> {
    /// A table for up to `n` positions of a board of `holes` holes.
    pub fn with_capacity(n: usize, holes: usize) -> PositionTable<B> {
        let size = (2 * n).next_power_of_two().max(2);
        let shift = 64 - size.trailing_zeros();
        if holes <= PACKED_BITS {
            PositionTable {
                packed: vec![0; size],
                wide: Vec::new(),
                shift,
            }
        } else {
            PositionTable {
                packed: Vec::new(),
                wide: vec![(B::ZERO, EMPTY); size],
                shift,
            }
        }
    }

    #[inline]
    fn slot(&self, key: B) -> usize {
        (key.fold64().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize
    }

    /// Adds `key` with `value` (below 255); a key already present keeps its value.
    pub fn insert(&mut self, key: B, value: u8) {
        assert!(value != EMPTY, "a stored value must be below {EMPTY}");
        let mut i = self.slot(key);
        if self.packed.is_empty() {
            let mask = self.wide.len() - 1;
            while self.wide[i].1 != EMPTY && self.wide[i].0 != key {
                i = (i + 1) & mask;
            }
            if self.wide[i].1 == EMPTY {
                self.wide[i] = (key, value);
            }
            return;
        }
        let mask = self.packed.len() - 1;
        let k = key.fold64();
        while self.packed[i] != 0 && self.packed[i] & KEY_MASK != k {
            i = (i + 1) & mask;
        }
        if self.packed[i] == 0 {
            self.packed[i] = k | u64::from(value + 1) << PACKED_BITS;
        }
    }

    #[inline]
    pub fn get(&self, key: B) -> Option<u8> {
        let i = self.slot(key);
        match self.packed.get(i) {
            Some(&w) => self.probe_packed(key.fold64(), i, w),
            None => self.probe_wide(key, i),
        }
    }

    /// Looks up every key of `keys` (`out[i]` the value of `keys[i]`): the first slot of each
    /// is read before any is examined, so the reads do not wait on each other and their cache
    /// misses overlap.
    pub fn get_batch(&self, keys: &[B], out: &mut [Option<u8>]) {
        if self.packed.is_empty() {
            for (o, &k) in out.iter_mut().zip(keys) {
                *o = self.get(k);
            }
            return;
        }
        for (keys, out) in keys.chunks(BATCH).zip(out.chunks_mut(BATCH)) {
            let mut at = [0usize; BATCH];
            let mut first = [0u64; BATCH];
            for ((a, f), &k) in at.iter_mut().zip(&mut first).zip(keys) {
                *a = self.slot(k);
                *f = self.packed[*a];
            }
            for (((o, &k), &a), &f) in out.iter_mut().zip(keys).zip(&at).zip(&first) {
                *o = self.probe_packed(k.fold64(), a, f);
            }
        }
    }

    /// The value of key `k` whose probe starts at slot `i`, holding `w`.
    #[inline]
    fn probe_packed(&self, k: u64, mut i: usize, mut w: u64) -> Option<u8> {
        let mask = self.packed.len() - 1;
        loop {
            if w == 0 {
                return None;
            }
            if w & KEY_MASK == k {
                return Some((w >> PACKED_BITS) as u8 - 1);
            }
            i = (i + 1) & mask;
            w = self.packed[i];
        }
    }

    #[inline]
    fn probe_wide(&self, key: B, mut i: usize) -> Option<u8> {
        let mask = self.wide.len() - 1;
        loop {
            let (k, v) = self.wide[i];
            if v == EMPTY {
                return None;
            }
            if k == key {
                return Some(v);
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_stored_and_nothing_else() {
        // 33 holes: one-word slots; 60 holes (keys past bit 56): wide slots.
        for (holes, step) in [(33, 7919u64), (60, 1u64 << 50 | 7919)] {
            let mut t = PositionTable::<u64>::with_capacity(1000, holes);
            for k in 0..1000u64 {
                t.insert(k * step, (k % 200) as u8);
                t.insert(k * step, 254); // already present: kept
            }
            for k in 0..1000u64 {
                assert_eq!(t.get(k * step), Some((k % 200) as u8));
                assert_eq!(t.get(k * step + 1), None);
            }
            let keys: Vec<u64> = (0..100u64).map(|k| k * step + k % 2).collect();
            let mut out = vec![None; keys.len()];
            t.get_batch(&keys, &mut out);
            for (k, o) in (0..100u64).zip(out) {
                assert_eq!(o, (k % 2 == 0).then_some((k % 200) as u8));
            }
        }
    }
}
