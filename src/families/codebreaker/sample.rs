//! A seeded random sample of secrets, for evaluating games too large to play against every code.
//! SplitMix64 is enough here: the sample only has to be uniform and repeatable from its seed.

/// `k` distinct indices below `n` (k <= n), in ascending order, the same for the same seed.
pub fn sample(n: usize, k: usize, seed: u64) -> Vec<usize> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    // Floyd's algorithm: k draws, no list of all n indices.
    let mut chosen = rustc_hash::FxHashSet::default();
    for j in n - k..n {
        let t = (next() % (j as u64 + 1)) as usize;
        if !chosen.insert(t) {
            chosen.insert(j);
        }
    }
    let mut out: Vec<usize> = chosen.into_iter().collect();
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::sample;

    #[test]
    fn distinct_repeatable_and_in_range() {
        let a = sample(1000, 100, 7);
        assert_eq!(a.len(), 100);
        assert!(a.windows(2).all(|w| w[0] < w[1]));
        assert!(a.iter().all(|&i| i < 1000));
        assert_eq!(a, sample(1000, 100, 7));
        assert_ne!(a, sample(1000, 100, 8));
        assert_eq!(sample(5, 5, 1), vec![0, 1, 2, 3, 4]);
    }
}
