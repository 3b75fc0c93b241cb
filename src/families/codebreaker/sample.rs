//! A seeded random sample of secrets, for evaluating games too large to play against every code.
//! SplitMix64 (`util::random`) is enough here: the sample only has to be uniform and repeatable
//! from its seed.

/// `k` distinct indices below `n` (k <= n), in ascending order, the same for the same seed.
pub fn sample(n: usize, k: usize, seed: u64) -> Vec<usize> {
    let mut words = crate::util::random::splitmix64(seed);
    let mut next = move || words.next().expect("an endless stream");
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
