//! Compact pattern-table indices: a placement of k distinct tiles on n cells numbered densely
//! among the n!/(n-k)! placements (the tables of `ranked_pattern_build.rs`, read by
//! `pattern_tables.rs`).

/// Largest group of a compact table.
pub const MAX_RANKED_GROUP: usize = 8;

/// Placements of `k` tiles on `n` cells: n (n-1) ... (n-k+1).
pub fn placements(n: usize, k: usize) -> usize {
    (n - k + 1..=n).product()
}

/// The index of the cells packed 4 bits each in `field` (`tiles` of them, all distinct; bits
/// above them are ignored) among the n!/(n-k)! placements of k tiles on `cells` cells: digit i
/// is tile i's cell counted among the cells the earlier tiles leave free, in the mixed radix n,
/// n-1, ..., n-k+1.
#[inline]
pub fn rank(field: u64, tiles: u32, cells: u32) -> usize {
    let mut taken = 0u32;
    let mut index = 0usize;
    for i in 0..tiles {
        let cell = ((field >> (4 * i)) & 15) as u32;
        let before = (taken & ((1 << cell) - 1)).count_ones();
        index = index * (cells - i) as usize + (cell - before) as usize;
        taken |= 1 << cell;
    }
    index
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_number_the_placements_densely() {
        // Three tiles on 5 cells: 5 * 4 * 3 = 60 placements, each rank once.
        let mut seen = [false; 60];
        for a in 0..5u64 {
            for b in (0..5).filter(|&b| b != a) {
                for c in (0..5).filter(|&c| c != a && c != b) {
                    let r = rank(a | b << 4 | c << 8, 3, 5);
                    assert!(!seen[r]);
                    seen[r] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
