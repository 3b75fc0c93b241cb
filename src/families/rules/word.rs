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

/// A state of `N` 64-bit words, lowest first: the word of states past 128 bits (four words up
/// to 256 bits, so that a hash set holds each state in 32 bytes, not 64; else [`Mask`]). Words
/// of 8 bytes, not `u128`s, whose 16-byte alignment grew and reordered every move instance and
/// cost the one-word path some 10% in cache misses (Hanoi 12).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Words<const N: usize>(pub [u64; N]);

/// A mask over the widest state (the compiled moves keep theirs so), and the widest state's
/// word.
pub type Mask = Words<MASK_WORDS>;

impl<const N: usize> Default for Words<N> {
    fn default() -> Self {
        Words([0; N])
    }
}

/// Prints [`Words::used`]: a mask within two words prints as it did when masks had two.
impl<const N: usize> Debug for Words<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Mask").field(&self.used()).finish()
    }
}

impl<const N: usize> Words<N> {
    /// The words up to the last one set, and at least two: what identifies a state or mask
    /// the same way as when the widest word had two (cached pattern tables are keyed by it, by
    /// the compiled moves' text and the goal, and stay valid).
    pub fn used(&self) -> &[u64] {
        let used = (self.0.iter().rposition(|&w| w != 0)).map_or(2, |i| (i + 1).max(2));
        &self.0[..used.min(N)]
    }

    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn count_ones(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

/// Numeric order (the highest word first), as the narrower words order the same states.
impl<const N: usize> Ord for Words<N> {
    fn cmp(&self, o: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(o.0.iter().rev())
    }
}

impl<const N: usize> PartialOrd for Words<N> {
    fn partial_cmp(&self, o: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(o))
    }
}

impl<const N: usize> From<u128> for Words<N> {
    fn from(m: u128) -> Self {
        let mut w = [0; N];
        w[0] = m as u64;
        w[1] = (m >> 64) as u64;
        Words(w)
    }
}

impl<const N: usize> From<Words<N>> for u128 {
    /// The low 128 bits (all of them for a state that fits a `u128`).
    fn from(m: Words<N>) -> u128 {
        u128::from(m.0[0]) | (u128::from(m.0[1]) << 64)
    }
}

impl<const N: usize> BitOr for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl<const N: usize> BitAnd for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl<const N: usize> BitXor for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        Words(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl<const N: usize> Not for Words<N> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Words(self.0.map(|w| !w))
    }
}

impl<const N: usize> std::ops::BitOrAssign for Words<N> {
    fn bitor_assign(&mut self, o: Self) {
        *self = *self | o;
    }
}

impl<const N: usize> Word for Words<N> {
    const BITS: u32 = 64 * N as u32;

    #[inline(always)]
    fn field(self, shift: u32, mask: u64) -> u64 {
        let (i, off) = ((shift / 64) as usize, shift % 64);
        let mut raw = self.0[i] >> off;
        if off > 0 && i + 1 < N {
            raw |= self.0[i + 1] << (64 - off);
        }
        raw & mask
    }

    #[inline(always)]
    fn place(raw: u64, shift: u32) -> Self {
        let (i, off) = ((shift / 64) as usize, shift % 64);
        let mut w = [0; N];
        w[i] = raw << off;
        if off > 0 && i + 1 < N {
            w[i + 1] = raw >> (64 - off);
        }
        Words(w)
    }

    #[inline(always)]
    fn low(self) -> u64 {
        self.0[0]
    }

    /// The first `N` words (the layout's bits fit them, so nothing set is lost).
    #[inline(always)]
    fn narrow(wide: Mask) -> Self {
        Words(std::array::from_fn(|i| wide.0[i]))
    }

    #[inline(always)]
    fn widen(self) -> Mask {
        Words(std::array::from_fn(|i| if i < N { self.0[i] } else { 0 }))
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
            let four = <Words<4> as Word>::place(0b1011, shift + 100);
            assert_eq!(four.field(shift + 100, 0b1111), 0b1011);
            assert_eq!(<Words<4>>::narrow(four.widen()), four);
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
