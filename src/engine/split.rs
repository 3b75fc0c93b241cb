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

/// The parts of a depth-first search split at a fixed depth: the nodes reached at that depth are
/// numbered in the search's order (the same on every machine and run) and dealt in turn; a
/// shard walks below its own only. For searches whose subtrees at one depth are alike in size
/// (every operator sequence below a prefix; every digit assignment below the first letters).
#[derive(Debug, Clone)]
pub struct TurnParts {
    shard: Shard,
    /// The depth at which a node is a part.
    pub depth: usize,
    /// Nodes reached at `depth` so far, this shard's and the others'.
    seen: u64,
}

impl TurnParts {
    /// Split at the first depth where `per_level` (the branching of each level, in order, from
    /// depth 0) gives at least `per_shard` nodes per shard, or at the last level given.
    pub fn new(shard: Shard, per_shard: u64, per_level: impl IntoIterator<Item = u64>) -> Self {
        let want = u64::from(shard.count).saturating_mul(per_shard);
        let (mut depth, mut nodes) = (0, 1u64);
        for branching in per_level {
            if nodes >= want {
                break;
            }
            nodes = nodes.saturating_mul(branching.max(1));
            depth += 1;
        }
        TurnParts {
            shard,
            depth,
            seen: 0,
        }
    }

    /// The number of the part being walked (in the search's order, over all shards): the slot
    /// of an answer found below it (`Report::slots`).
    pub fn slot(&self) -> u64 {
        self.seen.saturating_sub(1)
    }

    /// Whether a node the search reaches at `depth` belongs to another shard (the search then
    /// skips it). Call once per node, in the search's order.
    pub fn others(&mut self, depth: usize) -> bool {
        if depth != self.depth {
            return false;
        }
        self.seen += 1;
        !self.shard.owns_turn(self.seen - 1)
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
    fn turn_parts_split_at_depth_and_partition() {
        // Three levels of branching 4: 64 nodes at depth 3; 2 shards x 8 need depth 2 (16).
        let parts = TurnParts::new(Shard::new(0, 2).unwrap(), 8, [4, 4, 4]);
        assert_eq!(parts.depth, 2);
        let mut shards: Vec<TurnParts> = (0..2)
            .map(|k| TurnParts::new(Shard::new(k, 2).unwrap(), 8, [4, 4, 4]))
            .collect();
        for _ in 0..16 {
            let owners = shards.iter_mut().map(|p| !p.others(2));
            assert_eq!(owners.filter(|&own| own).count(), 1);
            assert!(shards.iter_mut().all(|p| !p.others(1)));
        }
        // Fewer nodes than wanted: the deepest level.
        assert_eq!(
            TurnParts::new(Shard::new(0, 64).unwrap(), 8, [2, 2]).depth,
            2
        );
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
