//! Sixteen rows of at most sixteen columns, one 16-bit lane per row: the open squares of every
//! free row of a board up to 18 x 18 (its 16 inner rows and columns) in one 256-bit AVX2
//! register. Placing a queen takes its attacks out of every row in one and-not, and the row
//! with the fewest open squares is found by a few vector steps instead of a loop over rows.
//! Without AVX2 (another architecture, or a build for an older processor) the same operations
//! run one lane at a time.

/// How many rows (lanes) and columns (bits per lane).
pub const LANES: usize = 16;

/// One lane per row, bit c of a lane = column c.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct Rows(pub [u16; LANES]);

impl Rows {
    /// Every lane all ones.
    pub const FULL: Rows = Rows([u16::MAX; LANES]);

    /// The lanes of `self` without the bits of `other`.
    #[inline(always)]
    pub fn and_not(self, other: Rows) -> Rows {
        Rows(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The lanes of `self` with the bits of `other`.
    #[inline(always)]
    pub fn or(self, other: Rows) -> Rows {
        Rows(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Whether some lane is zero.
    #[inline(always)]
    pub fn any_empty(self) -> bool {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            vector::empty_and_single(self).0 != 0
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.0.contains(&0)
        }
    }

    /// The first lane with exactly one bit.
    #[inline(always)]
    pub fn first_single(self) -> Option<usize> {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            let singles = vector::empty_and_single(self).1;
            // Two mask bits per 16-bit lane.
            (singles != 0).then(|| singles.trailing_zeros() as usize / 2)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            self.0.iter().position(|x| x.count_ones() == 1)
        }
    }

    /// The first lane with the fewest bits.
    #[inline(always)]
    pub fn fewest(self) -> usize {
        #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
        {
            vector::fewest(self)
        }
        #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
        {
            by_lanes::fewest(self)
        }
    }
}

/// The operations one lane at a time (the fallback, and the reference the vector code is
/// tested against).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "avx2"), allow(dead_code))]
mod by_lanes {
    use super::Rows;

    pub fn fewest(rows: Rows) -> usize {
        let mut at = 0;
        for (i, x) in rows.0.iter().enumerate() {
            if x.count_ones() < rows.0[at].count_ones() {
                at = i;
            }
        }
        at
    }
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod vector {
    use super::Rows;
    use std::arch::x86_64::*;

    // SAFETY (for every block below): AVX2 is enabled for the whole build (the module's
    // cfg), and the only memory read is the unaligned load of the 32 bytes of a `Rows`.

    #[inline(always)]
    fn load(rows: Rows) -> __m256i {
        unsafe { _mm256_loadu_si256(rows.0.as_ptr().cast()) }
    }

    /// Byte masks (two bits per lane) of the zero lanes and of the lanes with one bit.
    #[inline(always)]
    pub fn empty_and_single(rows: Rows) -> (u32, u32) {
        unsafe {
            let x = load(rows);
            let zero = _mm256_setzero_si256();
            let empty = _mm256_movemask_epi8(_mm256_cmpeq_epi16(x, zero)) as u32;
            // x & (x - 1) clears the lowest bit: zero for one bit (and for none).
            let rest = _mm256_and_si256(x, _mm256_add_epi16(x, _mm256_set1_epi16(-1)));
            let at_most_one = _mm256_movemask_epi8(_mm256_cmpeq_epi16(rest, zero)) as u32;
            (empty, at_most_one & !empty)
        }
    }

    /// The first lane with the fewest bits: bits counted per byte by table (four bits at a
    /// time), summed per lane, the least found by `phminposuw` over the two halves' minima.
    #[inline(always)]
    pub fn fewest(rows: Rows) -> usize {
        unsafe {
            let x = load(rows);
            let table = _mm256_setr_epi8(
                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3,
                2, 3, 3, 4,
            );
            let nibble = _mm256_set1_epi8(0x0f);
            let low = _mm256_shuffle_epi8(table, _mm256_and_si256(x, nibble));
            let high =
                _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16(x, 4), nibble));
            let per_byte = _mm256_add_epi8(low, high);
            let per_lane = _mm256_maddubs_epi16(per_byte, _mm256_set1_epi8(1));
            let halves = _mm_min_epu16(
                _mm256_castsi256_si128(per_lane),
                _mm256_extracti128_si256::<1>(per_lane),
            );
            let least = _mm256_broadcastw_epi16(_mm_minpos_epu16(halves));
            let at = _mm256_movemask_epi8(_mm256_cmpeq_epi16(per_lane, least)) as u32;
            at.trailing_zeros() as usize / 2
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    /// The vector operations agree with lane-by-lane ones written out here, on random lanes
    /// (many of them with zero, one or few bits, so that ties and singles come about).
    #[test]
    fn operations_agree_with_lane_by_lane() {
        let mut words = xorshift(0x2545_F491_4F6C_DD1D);
        for round in 0..20_000 {
            let rows = Rows(std::array::from_fn(|_| {
                let w = words.next().unwrap() as u16;
                match round % 3 {
                    0 => w,
                    1 => w & (w >> 5) & (w >> 9),
                    _ => 1 << (w % 16) & (w >> 4),
                }
            }));
            assert_eq!(rows.any_empty(), rows.0.contains(&0), "{rows:?}");
            let single = rows.0.iter().position(|x| x.count_ones() == 1);
            assert_eq!(rows.first_single(), single, "{rows:?}");
            let least = rows.0.iter().map(|x| x.count_ones()).min().unwrap();
            let first = rows.0.iter().position(|x| x.count_ones() == least).unwrap();
            assert_eq!(rows.fewest(), first, "{rows:?}");
            assert_eq!(by_lanes::fewest(rows), first, "{rows:?}");
        }
    }

    #[test]
    fn and_not_and_or_work_per_lane() {
        let a = Rows(std::array::from_fn(|i| 0x0f0f << (i % 4)));
        let b = Rows(std::array::from_fn(|i| (i as u16) * 0x1111));
        for i in 0..LANES {
            assert_eq!(a.and_not(b).0[i], a.0[i] & !b.0[i]);
            assert_eq!(a.or(b).0[i], a.0[i] | b.0[i]);
        }
    }
}
