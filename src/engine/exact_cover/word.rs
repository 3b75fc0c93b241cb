//! Sets of items as one machine word (u64, or u128 past 64 items), for the bitboard engine
//! (`bitboard.rs`) and its cuts (`prune.rs`).

use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

/// A word of item bits.
pub trait Word:
    Copy
    + Eq
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ALL: Self;
    fn bit(i: usize) -> Self;
    fn trailing_zeros(self) -> u32;
    /// The word less its lowest set bit.
    fn without_lowest(self) -> Self;
    /// The word as 128 bits (a memo's key).
    fn wide(self) -> u128;
}

macro_rules! impl_word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: $t = 0;
            const ALL: $t = <$t>::MAX;
            fn bit(i: usize) -> $t {
                1 << i
            }
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            fn wide(self) -> u128 {
                self as u128
            }
            fn without_lowest(self) -> $t {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}

impl_word!(u64, u128);

/// The word holding `items`.
pub fn mask_of<W: Word>(items: impl IntoIterator<Item = usize>) -> W {
    items.into_iter().fold(W::ZERO, |m, i| m | W::bit(i))
}
