//! Fixed-width sets of holes as machine words: u64 for boards of up to 64 holes, u128 up to 128.
//! The peg engines are generic over this trait so small boards pay for one word only.

use crate::util::radix_sort::RadixKey;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not};

pub trait Bitboard:
    Copy
    + Ord
    + Eq
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + RadixKey
    + 'static
{
    /// How many holes fit.
    const BITS: usize;
    const ZERO: Self;
    fn bit(i: usize) -> Self;
    fn count(self) -> u32;
    /// Index of the lowest set bit (the set must not be empty).
    fn lowest(self) -> usize;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// The bits folded into one word, for hashing (the key itself when it fits 64 bits).
    fn fold64(self) -> u64;
    /// The set whose low 64 bits are `v`.
    fn from_u64(v: u64) -> Self;
    /// Every hole h + n of the set moved to h (n below `BITS`).
    fn shifted_down(self, n: u32) -> Self;
    /// Every hole h of the set moved to h + n, those past the last dropped (n below `BITS`).
    fn shifted_up(self, n: u32) -> Self;
    /// The least of `sets`, each below 2^(BITS - 1) (no hole on the top bit): a signed
    /// compare then orders them as the unsigned one does, and x86-64's vector compares are
    /// signed only (an unsigned one takes two XORs more at each step).
    fn least_below_top<const N: usize>(sets: &[Self; N]) -> Self;
    /// The least of eight `sets`, each below 2^(BITS - 1), and the first of them that holds it
    /// (see [`super::least_lane`]).
    fn least_lane_below_top(sets: &[Self; 8]) -> (Self, usize);
}

macro_rules! impl_bitboard {
    ($t:ty, $signed:ty, $least_lane:path) => {
        impl Bitboard for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            #[inline]
            fn bit(i: usize) -> Self {
                1 << i
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline]
            fn without_lowest(self) -> Self {
                self & (self - 1)
            }
            #[inline]
            fn fold64(self) -> u64 {
                (self as u64) ^ ((self as u128 >> 64) as u64).rotate_left(29)
            }
            #[inline]
            fn from_u64(v: u64) -> Self {
                v as Self
            }
            #[inline]
            fn shifted_down(self, n: u32) -> Self {
                self >> n
            }
            #[inline]
            fn shifted_up(self, n: u32) -> Self {
                self << n
            }
            #[inline(always)]
            fn least_below_top<const N: usize>(sets: &[Self; N]) -> Self {
                sets.iter()
                    .fold(<$signed>::MAX, |m, &x| m.min(x as $signed)) as Self
            }
            #[inline(always)]
            fn least_lane_below_top(sets: &[Self; 8]) -> (Self, usize) {
                $least_lane(sets)
            }
        }
    };
}

impl_bitboard!(u64, i64, super::least_lane::least_lane);
impl_bitboard!(u128, i128, super::least_lane::by_words);

/// The holes of a set, lowest first.
pub fn holes<B: Bitboard>(mut b: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b == B::ZERO {
            None
        } else {
            let i = b.lowest();
            b = b.without_lowest();
            Some(i)
        }
    })
}
