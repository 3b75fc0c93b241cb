//! Least-significant-digit radix sort of positions (or records keyed by a position) on their
//! low `bits` bits: the layers are sorted batches of millions of 33- to 64-bit keys, where a
//! few counting passes beat a comparison sort several times over.

use super::bitboard::Bitboard;

/// Bits per pass: 2048 counters stay in L1 and 33 holes take 3 passes.
const DIGIT_BITS: usize = 11;
/// Below this length a comparison sort is cheaper than clearing the counters.
const SMALL: usize = 256;

/// Sorts `v` by `key`, whose set bits must all lie below `bits`. Stable. False (and `v` left
/// unsorted) when the memory cap refused the scratch space, reserved under `what`.
pub fn sort_by_position<T: Copy + Default, B: Bitboard>(
    v: &mut Vec<T>,
    bits: usize,
    key: impl Fn(&T) -> B,
    what: &'static str,
) -> bool {
    if v.len() < SMALL {
        v.sort_by_key(|t| key(t));
        return true;
    }
    let Some(mut scratch) = crate::engine::room::filled(v.len(), what, T::default()) else {
        return false;
    };
    let Some(mut counts) = crate::engine::room::filled(1 << DIGIT_BITS, what, 0usize) else {
        return false;
    };
    sort_reusing(v, &mut scratch, &mut counts, bits, key);
    true
}

/// Sorts `v` by `key` (set bits below `bits`) as [`sort_by_position`] does, in the scratch
/// space given (grown as needed): for the many small sorts of one task, which reuse theirs.
pub fn sort_reusing<T: Copy + Default, B: Bitboard>(
    v: &mut Vec<T>,
    scratch: &mut Vec<T>,
    counts: &mut Vec<usize>,
    bits: usize,
    key: impl Fn(&T) -> B,
) {
    if v.len() < SMALL {
        v.sort_by_key(|t| key(t));
        return;
    }
    let passes = bits.div_ceil(DIGIT_BITS).max(1);
    let width = bits.div_ceil(passes).max(1);
    scratch.resize(v.len(), T::default());
    counts.resize(1 << width, 0);
    for pass in 0..passes {
        let at = pass * width;
        counts.iter_mut().for_each(|c| *c = 0);
        for t in v.iter() {
            counts[key(t).chunk(at, width)] += 1;
        }
        let mut sum = 0;
        for c in counts.iter_mut() {
            let n = *c;
            *c = sum;
            sum += n;
        }
        for t in v.iter() {
            let d = key(t).chunk(at, width);
            scratch[counts[d]] = *t;
            counts[d] += 1;
        }
        std::mem::swap(v, scratch);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    #[test]
    fn sorts_like_the_standard_sort() {
        let mut v: Vec<u64> = xorshift(0x1234_5678)
            .map(|x| x & ((1 << 37) - 1))
            .take(5000)
            .collect();
        let mut expected = v.clone();
        expected.sort_unstable();
        assert!(sort_by_position(&mut v, 37, |&k| k, "a test"));
        assert_eq!(v, expected);
    }
}
