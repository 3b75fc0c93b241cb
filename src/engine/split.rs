//! Splitting a search into independent parts and dealing them to shards (`run --shard K/N`).
//! A search that splits lists its parts in a fixed order (e.g. the prefixes of its tree), each
//! with an estimate of its size; every shard computes the same list and keeps the parts dealt
//! to it. Nothing here depends on the machine, the threads or the time: the same K/N is the same
//! part on every machine and run.

/// Part `index` (0-based) of `count` shards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    pub index: u32,
    pub count: u32,
}

impl Shard {
    /// The whole search as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// Part `index` of `count`; None unless `index < count`.
    pub fn new(index: u32, count: u32) -> Option<Shard> {
        (index < count).then_some(Shard { index, count })
    }

    /// Whether the `i`-th of a list of parts of equal expected size is this shard's (dealt in
    /// turn, so that neighbouring parts, which tend to be alike, spread over the shards).
    pub fn owns_turn(self, i: u64) -> bool {
        i % u64::from(self.count) == u64::from(self.index)
    }

    /// The indices of the parts of this shard, for parts of the given size estimates: each part
    /// in list order goes to the shard with the least estimated work so far (the lowest-numbered
    /// on a tie), so that shards end with about the same estimated work even when the parts
    /// differ a lot in size.
    pub fn deal(self, estimates: &[u64]) -> Vec<usize> {
        let n = self.count as usize;
        let mut load = vec![0u128; n];
        let mut mine = Vec::new();
        for (i, &e) in estimates.iter().enumerate() {
            // The least loaded shard; ties go to the lowest index (min_by_key keeps the first).
            let (k, _) = load
                .iter()
                .enumerate()
                .min_by_key(|&(_, l)| *l)
                .unwrap_or((0, &0));
            load[k] += u128::from(e.max(1));
            if k == self.index as usize {
                mine.push(i);
            }
        }
        mine
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_part_goes_to_exactly_one_shard() {
        let estimates: Vec<u64> = (0..500).map(|i| (i * 7919 % 101) as u64).collect();
        for count in [1, 2, 7, 64] {
            let mut seen = vec![0; estimates.len()];
            for index in 0..count {
                for i in Shard::new(index, count).unwrap().deal(&estimates) {
                    seen[i] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "count {count}");
        }
    }

    #[test]
    fn dealt_work_is_balanced() {
        // Sizes spanning two orders of magnitude, in a skewed order: the largest shard's total
        // stays within the largest part of the smallest's.
        let estimates: Vec<u64> = (0..1000).map(|i| 1 + (1000 - i) * (i % 13)).collect();
        let totals: Vec<u64> = (0..16)
            .map(|k| {
                let s = Shard::new(k, 16).unwrap();
                s.deal(&estimates)
                    .iter()
                    .map(|&i| estimates[i].max(1))
                    .sum()
            })
            .collect();
        let (lo, hi) = (totals.iter().min().unwrap(), totals.iter().max().unwrap());
        assert!(hi - lo <= *estimates.iter().max().unwrap(), "{totals:?}");
    }

    #[test]
    fn turns_partition() {
        let s: Vec<Shard> = (0..3).map(|k| Shard::new(k, 3).unwrap()).collect();
        for i in 0..30 {
            assert_eq!(s.iter().filter(|s| s.owns_turn(i)).count(), 1);
        }
        assert_eq!(Shard::new(3, 3), None);
        assert_eq!(Shard::new(0, 0), None);
    }
}
