//! Sets of items as one machine word (u64, or u128 past 64 items), for the bitboard engine
//! (`bitboard.rs`) and its cuts (`prune.rs`).

use std::ops::{BitAnd, BitOr, Not};

/// A word of item bits.
pub trait Word:
    Copy + Eq + Send + Sync + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self>
{
    const ZERO: Self;
    const ALL: Self;
    fn bit(i: usize) -> Self;
    fn trailing_zeros(self) -> u32;
    /// The word less its lowest set bit.
    fn without_lowest(self) -> Self;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    const ALL: u64 = u64::MAX;
    fn bit(i: usize) -> u64 {
        1 << i
    }
    fn trailing_zeros(self) -> u32 {
        u64::trailing_zeros(self)
    }
    fn without_lowest(self) -> u64 {
        self & self.wrapping_sub(1)
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    const ALL: u128 = u128::MAX;
    fn bit(i: usize) -> u128 {
        1 << i
    }
    fn trailing_zeros(self) -> u32 {
        u128::trailing_zeros(self)
    }
    fn without_lowest(self) -> u128 {
        self & self.wrapping_sub(1)
    }
}

/// The word holding `items`.
pub fn mask_of<W: Word>(items: impl IntoIterator<Item = usize>) -> W {
    items.into_iter().fold(W::ZERO, |m, i| m | W::bit(i))
}
