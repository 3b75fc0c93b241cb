//! The packed state's word: one `u64` when the layout fits (the common case, as fast as a plain
//! integer), a `u128` up to 128 bits, else the widest word, a [`Mask`] of [`MASK_WORDS`] 64-bit
//! words. The solve picks the word once from the layout's bits, and the search and the engines
//! are instantiated for it: generic code, not a second copy of the interpreter. The compiled
//! moves keep their masks in the widest word and cut them to the state's word where they are
//! used (free for a `u64`; the hottest loop, bit-only moves, cuts them once per solve). A slot's
//! raw value always fits a `u64` (its mask); its bits may straddle two words.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not};

pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// Bits the word holds.
    const BITS: u32;

    /// `(self >> shift) & mask`: a slot's raw value.
    fn field(self, shift: u32, mask: u64) -> u64;

    /// `raw << shift`: a raw value placed at its slot's bits.
    fn place(raw: u64, shift: u32) -> Self;

    /// The low 64 bits (a bitmap's index, for states of at most 30 bits).
    fn low(self) -> u64;

    /// A mask kept in the widest word (as the compiled moves keep them) cut to this word: the
    /// layout's bits fit, so nothing set is lost.
    fn narrow(wide: Mask) -> Self;

    /// The state in the widest word (for failures and reports, which are not hot).
    fn widen(self) -> Mask;
}

impl Word for u64 {
    const BITS: u32 = 64;

    #[inline(always)]
    fn field(self, shift: u32, mask: u64) -> u64 {
        (self >> shift) & mask
    }

    #[inline(always)]
    fn place(raw: u64, shift: u32) -> u64 {
        raw << shift
    }

    #[inline(always)]
    fn low(self) -> u64 {
        self
    }

    #[inline(always)]
    fn narrow(wide: Mask) -> u64 {
        wide.0[0]
    }

    #[inline(always)]
    fn widen(self) -> Mask {
        Mask::from(u128::from(self))
    }
}

impl Word for u128 {
    const BITS: u32 = 128;

    #[inline(always)]
    fn field(self, shift: u32, mask: u64) -> u64 {
        ((self >> shift) as u64) & mask
    }

    #[inline(always)]
    fn place(raw: u64, shift: u32) -> u128 {
        u128::from(raw) << shift
    }

    #[inline(always)]
    fn low(self) -> u64 {
        self as u64
    }

    #[inline(always)]
    fn narrow(wide: Mask) -> u128 {
        u128::from(wide)
    }

    #[inline(always)]
    fn widen(self) -> Mask {
        Mask::from(self)
    }
}

/// 64-bit words in the widest state: 512 bits.
pub const MASK_WORDS: usize = 8;

/// A mask over the widest state, and the widest state's word: [`MASK_WORDS`] 64-bit words,
/// lowest first. Words of 8 bytes, not `u128`s, whose 16-byte alignment grew and reordered
/// every move instance and cost the one-word path some 10% in cache misses (Hanoi 12).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Mask(pub [u64; MASK_WORDS]);

/// The words up to the last one used, and at least two: a mask within two words prints as it
/// did when masks had two, which keeps the keys of cached pattern tables (they hash the
/// compiled moves' text) as they were.
impl Debug for Mask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self
            .0
            .iter()
            .rposition(|&w| w != 0)
            .map_or(2, |i| (i + 1).max(2));
        f.debug_tuple("Mask").field(&&self.0[..used]).finish()
    }
}

impl Mask {
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether bit `i` is set.
    pub fn bit(self, i: u32) -> bool {
        (self.0[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
}

/// Numeric order (the highest word first), as the narrower words order the same states.
impl Ord for Mask {
    fn cmp(&self, o: &Mask) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(o.0.iter().rev())
    }
}

impl PartialOrd for Mask {
    fn partial_cmp(&self, o: &Mask) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl From<u128> for Mask {
    fn from(m: u128) -> Mask {
        let mut w = [0; MASK_WORDS];
        w[0] = m as u64;
        w[1] = (m >> 64) as u64;
        Mask(w)
    }
}

impl From<Mask> for u128 {
    /// The low 128 bits (all of them for a state that fits a `u128`).
    fn from(m: Mask) -> u128 {
        u128::from(m.0[0]) | (u128::from(m.0[1]) << 64)
    }
}

impl BitOr for Mask {
    type Output = Mask;
    #[inline(always)]
    fn bitor(self, o: Mask) -> Mask {
        Mask(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl BitAnd for Mask {
    type Output = Mask;
    #[inline(always)]
    fn bitand(self, o: Mask) -> Mask {
        Mask(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitXor for Mask {
    type Output = Mask;
    #[inline(always)]
    fn bitxor(self, o: Mask) -> Mask {
        Mask(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl Not for Mask {
    type Output = Mask;
    #[inline(always)]
    fn not(self) -> Mask {
        Mask(self.0.map(|w| !w))
    }
}

impl std::ops::BitOrAssign for Mask {
    fn bitor_assign(&mut self, o: Mask) {
        *self = *self | o;
    }
}

impl Word for Mask {
    const BITS: u32 = 64 * MASK_WORDS as u32;

    #[inline(always)]
    fn field(self, shift: u32, mask: u64) -> u64 {
        let (i, off) = ((shift / 64) as usize, shift % 64);
        let mut raw = self.0[i] >> off;
        if off > 0 && i + 1 < MASK_WORDS {
            raw |= self.0[i + 1] << (64 - off);
        }
        raw & mask
    }

    #[inline(always)]
    fn place(raw: u64, shift: u32) -> Mask {
        let (i, off) = ((shift / 64) as usize, shift % 64);
        let mut w = [0; MASK_WORDS];
        w[i] = raw << off;
        if off > 0 && i + 1 < MASK_WORDS {
            w[i + 1] = raw >> (64 - off);
        }
        Mask(w)
    }

    #[inline(always)]
    fn low(self) -> u64 {
        self.0[0]
    }

    #[inline(always)]
    fn narrow(wide: Mask) -> Mask {
        wide
    }

    #[inline(always)]
    fn widen(self) -> Mask {
        self
    }
}

/// The widest state the packing takes, in bits (the widest word's).
pub const MAX_BITS: u32 = <Mask as Word>::BITS;

#[cfg(test)]
mod tests {
    use super::*;

    /// Fields read back what was placed, on both sides of bit 64 in the wide word.
    #[test]
    fn fields_round_trip_across_the_words() {
        for shift in [0u32, 30, 59, 61, 64, 100, 124] {
            let w = <u128 as Word>::place(0b1011, shift);
            assert_eq!(w.field(shift, 0b1111), 0b1011, "shift {shift}");
            assert_eq!(w.count_ones(), 3);
            let wide = <Mask as Word>::place(0b1011, shift + 300);
            assert_eq!(
                wide.field(shift + 300, 0b1111),
                0b1011,
                "shift {}",
                shift + 300
            );
            assert_eq!(wide.count_ones(), 3);
            assert_eq!(u128::from(<Mask as Word>::place(0b1011, shift)), w);
            if shift + 4 <= 64 {
                assert_eq!(
                    <u64 as Word>::place(0b1011, shift).field(shift, 0xF),
                    0b1011
                );
            }
        }
    }
}
