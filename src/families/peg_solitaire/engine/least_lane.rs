//! The least of eight words, each below 2^63, and the first lane that holds it: a successor's
//! canonical key and the symmetry that maps it there. A compare and two selects per lane made
//! one long chain of dependent instructions (about a third of the descent's making of
//! successors); on x86-64 with AVX2 the least is found by three vector compares, each lane
//! then compared with it at once.

/// The least of `lanes` and the first lane holding it; every lane must be below 2^63, so that
/// a signed compare orders them as the unsigned one does.
#[inline(always)]
pub fn least_lane(lanes: &[u64; 8]) -> (u64, usize) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        // SAFETY: AVX2 is enabled for the whole build (cfg above); the two unaligned loads
        // read the eight words `lanes` refers to.
        unsafe { by_vectors(lanes) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        by_words(lanes)
    }
}

/// [`least_lane`] one word at a time (the first least lane wins).
#[inline(always)]
pub fn by_words<T: Copy + Ord>(lanes: &[T; 8]) -> (T, usize) {
    let (mut best, mut at) = (lanes[0], 0);
    for (lane, &x) in lanes.iter().enumerate().skip(1) {
        let less = x < best;
        best = if less { x } else { best };
        at = if less { lane } else { at };
    }
    (best, at)
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
unsafe fn by_vectors(lanes: &[u64; 8]) -> (u64, usize) {
    use std::arch::x86_64::*;
    // SAFETY (for the block): AVX2 is enabled (see the caller); the loads stay within `lanes`.
    unsafe {
        let low = _mm256_loadu_si256(lanes.as_ptr().cast());
        let high = _mm256_loadu_si256(lanes.as_ptr().add(4).cast());
        let least = |a: __m256i, b: __m256i| _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
        // Pairwise, then with the other half, then with the neighbour: every lane the least.
        let m = least(low, high);
        let m = least(m, _mm256_permute4x64_epi64::<0b01_00_11_10>(m));
        let m = least(m, _mm256_shuffle_epi32::<0b01_00_11_10>(m));
        let in_low = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(low, m))) as u32;
        let in_high = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(high, m))) as u32;
        let best = _mm_cvtsi128_si64(_mm256_castsi256_si128(m)) as u64;
        (best, (in_low | in_high << 4).trailing_zeros() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    #[test]
    fn the_least_lane_is_the_first_that_holds_the_least() {
        // Random words below 2^63, some drawn from a few values so that ties come about, and
        // every lane in turn the only least.
        let mut words = xorshift(0x9E37_79B9_7F4A_7C15);
        for round in 0..20_000 {
            let lanes: [u64; 8] = std::array::from_fn(|_| {
                let w = words.next().unwrap() >> 1;
                if round % 2 == 0 { w % 4 } else { w }
            });
            assert_eq!(least_lane(&lanes), by_words(&lanes), "{lanes:?}");
        }
        for at in 0..8 {
            let mut lanes = [u64::MAX >> 1; 8];
            lanes[at] = 7;
            assert_eq!(least_lane(&lanes), (7, at));
        }
    }
}
