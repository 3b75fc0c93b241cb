//! A fixed-size map from positions to a small number (a move distance), for the hot lookups of
//! the move metric: open addressing with linear probing, key and value side by side so a lookup
//! usually touches one cache line, no tombstones (entries are only ever added).

use super::bitboard::Bitboard;

/// The value marking an empty slot; never stored.
const EMPTY: u8 = u8::MAX;

pub struct PositionTable<B> {
    slots: Vec<(B, u8)>,
    /// 64 minus log2 of the slot count: the hash's top bits pick the slot.
    shift: u32,
    /// One bit per hash value, set for the keys stored (a one-hash Bloom filter).
    filter: Vec<u64>,
    /// 64 minus log2 of the filter's bit count.
    filter_shift: u32,
}

impl<B: Bitboard> PositionTable<B> {
    /// A table for up to `n` entries, at most half full.
    pub fn with_capacity(n: usize) -> PositionTable<B> {
        let size = (2 * n).next_power_of_two().max(2);
        let bits = (16 * n).next_power_of_two().max(64);
        PositionTable {
            slots: vec![(B::ZERO, EMPTY); size],
            shift: 64 - size.trailing_zeros(),
            filter: vec![0; bits / 64],
            filter_shift: 64 - bits.trailing_zeros(),
        }
    }

    #[inline]
    fn hash(key: B) -> u64 {
        key.fold64().wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline]
    fn slot(&self, key: B) -> usize {
        (Self::hash(key) >> self.shift) as usize
    }

    /// The filter bit of `key`: taken from the hash bits under the slot bits, so that keys
    /// sharing a slot rarely share a bit.
    #[inline]
    fn filter_bit(&self, key: B) -> usize {
        (Self::hash(key).rotate_left(32) >> self.filter_shift) as usize
    }

    /// Adds `key` with `value` (below 255); a key already present keeps its value.
    pub fn insert(&mut self, key: B, value: u8) {
        assert!(value != EMPTY, "a stored value must be below {EMPTY}");
        let f = self.filter_bit(key);
        self.filter[f / 64] |= 1 << (f % 64);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let (k, v) = self.slots[i];
            if v == EMPTY {
                self.slots[i] = (key, value);
                return;
            }
            if k == key {
                return;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    pub fn get(&self, key: B) -> Option<u8> {
        if !self.may_hold(key) {
            return None;
        }
        self.probe(key)
    }

    /// Looks up every key of `keys` (`out[i]` the value of `keys[i]`), the filter words of all
    /// first and then the slots of those that pass: the reads of one phase do not wait on
    /// each other, so their cache misses overlap.
    pub fn get_batch(&self, keys: &[B], out: &mut [Option<u8>]) {
        for (o, &k) in out.iter_mut().zip(keys) {
            *o = self.may_hold(k).then_some(EMPTY);
        }
        for (o, &k) in out.iter_mut().zip(keys) {
            if o.is_some() {
                *o = self.probe(k);
            }
        }
    }

    /// False when the filter says `key` was never stored.
    #[inline]
    fn may_hold(&self, key: B) -> bool {
        let f = self.filter_bit(key);
        self.filter[f / 64] >> (f % 64) & 1 == 1
    }

    #[inline]
    fn probe(&self, key: B) -> Option<u8> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let (k, v) = self.slots[i];
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
        let mut t = PositionTable::<u64>::with_capacity(1000);
        for k in 0..1000u64 {
            t.insert(k * 7919, (k % 200) as u8);
        }
        for k in 0..1000u64 {
            assert_eq!(t.get(k * 7919), Some((k % 200) as u8));
            assert_eq!(t.get(k * 7919 + 1), None);
        }
        let keys: Vec<u64> = (0..100u64).map(|k| k * 7919 + k % 2).collect();
        let mut out = vec![None; keys.len()];
        t.get_batch(&keys, &mut out);
        for (k, o) in (0..100u64).zip(out) {
            assert_eq!(o, (k % 2 == 0).then_some((k % 200) as u8));
        }
    }
}
