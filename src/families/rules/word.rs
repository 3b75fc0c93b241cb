//! The packed state's word: one `u64` when the layout fits (the common case, as fast as a plain
//! integer), else a `u128`. The solve picks the word once from the layout's bits, and the
//! search and the engines are instantiated for it: generic code, not a second copy of the
//! interpreter. The compiled moves keep their masks in the widest word and cut them to the
//! state's word where they are used (free for a `u64`). A slot's raw value always fits a `u64`
//! (its mask); only its shift may pass 64.

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
    fn widen(self) -> u128;
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
    fn widen(self) -> u128 {
        u128::from(self)
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
    fn widen(self) -> u128 {
        self
    }
}

/// A mask over the widest state, as two 64-bit halves (low first): the compiled moves keep
/// their masks so. Not a `u128`, whose 16-byte alignment grew and reordered every move
/// instance and cost the one-word path some 10% in cache misses (Hanoi 12).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Mask([u64; 2]);

impl Mask {
    pub fn is_empty(self) -> bool {
        self.0 == [0, 0]
    }
}

impl From<u128> for Mask {
    fn from(m: u128) -> Mask {
        Mask([m as u64, (m >> 64) as u64])
    }
}

impl From<Mask> for u128 {
    fn from(m: Mask) -> u128 {
        u128::from(m.0[0]) | (u128::from(m.0[1]) << 64)
    }
}

impl BitOr for Mask {
    type Output = Mask;
    fn bitor(self, o: Mask) -> Mask {
        Mask([self.0[0] | o.0[0], self.0[1] | o.0[1]])
    }
}

impl BitAnd for Mask {
    type Output = Mask;
    fn bitand(self, o: Mask) -> Mask {
        Mask([self.0[0] & o.0[0], self.0[1] & o.0[1]])
    }
}

impl Not for Mask {
    type Output = Mask;
    fn not(self) -> Mask {
        Mask([!self.0[0], !self.0[1]])
    }
}

impl std::ops::BitOrAssign for Mask {
    fn bitor_assign(&mut self, o: Mask) {
        *self = *self | o;
    }
}

/// The widest state the packing takes, in bits (the widest word's).
pub const MAX_BITS: u32 = <u128 as Word>::BITS;

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
            if shift + 4 <= 64 {
                assert_eq!(
                    <u64 as Word>::place(0b1011, shift).field(shift, 0xF),
                    0b1011
                );
            }
        }
    }
}
