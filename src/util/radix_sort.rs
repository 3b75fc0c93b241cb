//! Least-significant-digit radix sort of records by an integer key, and the joining of equal
//! keys in a sorted vector: the breadth-first layers of peg solitaire and of the sliding-tiles
//! pattern tables are sorted batches of millions of keys, where a few counting passes beat a
//! comparison sort several times over.

/// A key sorted digit by digit: an unsigned integer.
pub trait RadixKey: Copy + Ord {
    /// The `len` bits starting at bit `at`, as an index.
    fn chunk(self, at: usize, len: usize) -> usize;
}

macro_rules! impl_radix_key {
    ($($t:ty),*) => {$(
        impl RadixKey for $t {
            #[inline]
            fn chunk(self, at: usize, len: usize) -> usize {
                ((self >> at) & ((1 << len) - 1)) as usize
            }
        }
    )*};
}

impl_radix_key!(u32, u64, u128);

/// The widest digit: 4,096 counters stay in L1; 24-bit keys take 2 passes, 33-bit ones 3.
const MAX_DIGIT_BITS: usize = 12;
/// Below this length a comparison sort is cheaper than clearing the counters.
const SMALL: usize = 256;

/// Sorts `v` by `key`, whose set bits must all lie below `bits`. Stable. False (and `v` left
/// unsorted) when the memory cap refused the scratch space, reserved under `what`.
pub fn sort_by_key<T: Copy + Default, K: RadixKey>(
    v: &mut Vec<T>,
    bits: usize,
    key: impl Fn(&T) -> K,
    what: &'static str,
) -> bool {
    if v.len() < SMALL {
        v.sort_by_key(|t| key(t));
        return true;
    }
    let Some(mut scratch) = crate::engine::room::filled(v.len(), what, T::default()) else {
        return false;
    };
    let Some(mut counts) = crate::engine::room::filled(1 << MAX_DIGIT_BITS, what, 0usize) else {
        return false;
    };
    sort_reusing(v, &mut scratch, &mut counts, bits, key);
    true
}

/// Sorts `v` by `key` (set bits below `bits`) as [`sort_by_key`] does, in the scratch space
/// given (grown as needed): for the many sorts of one task, which reuse theirs.
pub fn sort_reusing<T: Copy + Default, K: RadixKey>(
    v: &mut Vec<T>,
    scratch: &mut Vec<T>,
    counts: &mut Vec<usize>,
    bits: usize,
    key: impl Fn(&T) -> K,
) {
    if v.len() < SMALL {
        v.sort_by_key(|t| key(t));
        return;
    }
    let passes = bits.div_ceil(MAX_DIGIT_BITS).max(1);
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

/// Joins each run of equal keys in the sorted `v` into one item, `join(first, other)`. The loop
/// has no data-dependent branch: in a layer half the keys are duplicates, at random, and a
/// mispredicted branch per key cost more than the sort.
pub fn join_equal_keys<T: Copy, K: Eq>(
    v: &mut Vec<T>,
    key: impl Fn(&T) -> K,
    join: impl Fn(T, T) -> T,
) {
    if v.is_empty() {
        return;
    }
    let mut n = 0;
    for i in 1..v.len() {
        let t = v[i];
        let same = key(&v[n]) == key(&t);
        let joined = join(v[n], t);
        n += usize::from(!same);
        v[n] = if same { joined } else { t };
    }
    v.truncate(n + 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::util::random::xorshift;

    #[test]
    fn sorts_like_the_standard_sort() {
        for (bits, len) in [(37, 5000), (24, 3000), (64, 1000), (8, 100)] {
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
            let mut v: Vec<u64> = xorshift(0x1234_5678).map(|x| x & mask).take(len).collect();
            let mut expected = v.clone();
            expected.sort_unstable();
            assert!(sort_by_key(&mut v, bits, |&k| k, "a test"));
            assert_eq!(v, expected, "{bits} bits");
        }
    }

    #[test]
    fn the_sort_is_stable_and_reads_only_the_key() {
        // Records keyed by their low 16 bits; the high bits tell records of one key apart.
        let v: Vec<u64> = xorshift(99)
            .take(4000)
            .map(|x| x & 0x3FF | x >> 32 << 32)
            .collect();
        let mut sorted = v.clone();
        sort_reusing(&mut sorted, &mut Vec::new(), &mut Vec::new(), 16, |&e| {
            e as u16 as u64
        });
        let mut expected = v;
        expected.sort_by_key(|&e| e as u16); // std's sort_by_key is stable
        assert_eq!(sorted, expected);
    }

    #[test]
    fn equal_keys_are_joined_once_each() {
        let mut v: Vec<(u32, u32)> = vec![(1, 1), (1, 2), (2, 4), (3, 8), (3, 16), (3, 32)];
        join_equal_keys(&mut v, |e| e.0, |a, b| (a.0, a.1 | b.1));
        assert_eq!(v, [(1, 3), (2, 4), (3, 56)]);
        let mut empty: Vec<(u32, u32)> = Vec::new();
        join_equal_keys(&mut empty, |e| e.0, |a, _| a);
        assert!(empty.is_empty());
    }
}
