//! The pattern databases as the specialised search reads them: one 64-bit key holds the cell of
//! every tile, 4 bits each, group after group, so each table's index is a shift and a mask of
//! the key (sparse tables up to 6 tiles) or the rank of those cells (compact tables of 7 or 8).
//!
//! The search is generic over [`KeySum`] so that the common partitions get a sum with the loop
//! over the groups unrolled and no branch on the table's kind: [`SparseSum`] for N sparse
//! tables (6-6-3 is three), [`RankedSum`] for N compact ones (7-8 is two); [`MixedSum`] reads
//! any other partition.

use super::pattern_database::PatternDatabase;
use super::pattern_rank::rank;

/// The heuristic of a key: the sum of every group's table entry.
pub trait KeySum {
    fn sum(&self, key: u64) -> u32;
}

/// One table: where its group's cells sit in the key, and how the cells index it.
struct GroupTable<'a> {
    /// Bit offset of the group's first tile in the key.
    shift: u32,
    /// 4 bits per tile of the group.
    mask: u64,
    tiles: u32,
    /// Indexed by the group's cells rank among the board's cells (compact tables of 7 or 8
    /// tiles), or by the 4-bit cells themselves (sparse tables up to 6 tiles).
    ranked: bool,
    table: &'a [u8],
}

/// The tables of a partition of every tile, any kinds, read from a key.
pub struct MixedSum<'a> {
    groups: Vec<GroupTable<'a>>,
    cells: u32,
}

impl<'a> MixedSum<'a> {
    /// The groups in the order of `dbs`, which is their order in the key.
    pub fn new(dbs: &'a [PatternDatabase], cells: usize) -> MixedSum<'a> {
        let mut groups = Vec::new();
        let mut offset = 0;
        for db in dbs {
            groups.push(GroupTable {
                shift: 4 * offset as u32,
                mask: (1u64 << (4 * db.tiles.len())) - 1,
                tiles: db.tiles.len() as u32,
                ranked: db.ranked,
                table: &db.table,
            });
            offset += db.tiles.len();
        }
        MixedSum {
            groups,
            cells: cells as u32,
        }
    }

    /// The same tables with the loop over N sparse groups unrolled, if they are such (and each
    /// table holds an entry for every index its mask lets through, as built or read back).
    pub fn sparse<const N: usize>(&self) -> Option<SparseSum<'a, N>> {
        let covered = |g: &GroupTable| (g.mask as usize) < g.table.len();
        if self.groups.len() != N || self.groups.iter().any(|g| g.ranked || !covered(g)) {
            return None;
        }
        let g = |i: usize| &self.groups[i];
        Some(SparseSum {
            shift: std::array::from_fn(|i| g(i).shift),
            mask: std::array::from_fn(|i| g(i).mask),
            table: std::array::from_fn(|i| g(i).table),
        })
    }

    /// The same tables as [`SixSixThree`], if they are such: two sparse groups of six tiles and
    /// one of three, in that order in the key (the default partition of the 15-puzzle).
    pub fn six_six_three(&self) -> Option<SixSixThree<'a>> {
        let sparse = self.sparse::<3>()?;
        let sizes: Vec<u32> = self.groups.iter().map(|g| g.tiles).collect();
        (sizes == [6, 6, 3]).then_some(SixSixThree {
            table: sparse.table,
        })
    }

    /// The same tables with the loop over N compact groups unrolled, if they are such.
    pub fn ranked<const N: usize>(&self) -> Option<RankedSum<'a, N>> {
        if self.groups.len() != N || self.groups.iter().any(|g| !g.ranked) {
            return None;
        }
        let g = |i: usize| &self.groups[i];
        Some(RankedSum {
            shift: std::array::from_fn(|i| g(i).shift),
            tiles: std::array::from_fn(|i| g(i).tiles),
            table: std::array::from_fn(|i| g(i).table),
            cells: self.cells,
        })
    }
}

impl KeySum for MixedSum<'_> {
    #[inline]
    fn sum(&self, key: u64) -> u32 {
        let mut h = 0;
        for g in &self.groups {
            let field = (key >> g.shift) & g.mask;
            let index = if g.ranked {
                rank(field, g.tiles, self.cells)
            } else {
                field as usize
            };
            h += u32::from(g.table[index]);
        }
        h
    }
}

/// N sparse tables: each index is the group's 4-bit cells as they sit in the key.
pub struct SparseSum<'a, const N: usize> {
    shift: [u32; N],
    mask: [u64; N],
    table: [&'a [u8]; N],
}

impl<const N: usize> KeySum for SparseSum<'_, N> {
    #[inline(always)]
    fn sum(&self, key: u64) -> u32 {
        let mut h = 0;
        for i in 0..N {
            let index = ((key >> self.shift[i]) & self.mask[i]) as usize;
            // SAFETY: index <= mask[i] < table[i].len(), checked when the sum was made
            // (`MixedSum::sparse`); this is the search's hottest read, where a bounds check
            // costs a compare and a branch per table per node.
            h += u32::from(unsafe { *self.table[i].get_unchecked(index) });
        }
        h
    }
}

/// Three sparse tables of 6, 6 and 3 tiles, whose fields in the key are at fixed places (bits 0,
/// 24 and 48): the shifts and masks are constants of the code, not read per node.
pub struct SixSixThree<'a> {
    table: [&'a [u8]; 3],
}

impl KeySum for SixSixThree<'_> {
    #[inline(always)]
    fn sum(&self, key: u64) -> u32 {
        let index = [
            key & 0xFF_FFFF,
            (key >> 24) & 0xFF_FFFF,
            (key >> 48) & 0xFFF,
        ];
        let mut h = 0;
        for (table, index) in self.table.iter().zip(index) {
            // SAFETY: as in `SparseSum` (these are its tables): each index is within its mask,
            // which is below the table's length.
            h += u32::from(unsafe { *table.get_unchecked(index as usize) });
        }
        h
    }
}

/// N compact tables: each index is the rank of the group's cells.
pub struct RankedSum<'a, const N: usize> {
    shift: [u32; N],
    tiles: [u32; N],
    table: [&'a [u8]; N],
    cells: u32,
}

impl<const N: usize> KeySum for RankedSum<'_, N> {
    #[inline(always)]
    fn sum(&self, key: u64) -> u32 {
        let mut h = 0;
        for i in 0..N {
            let index = rank(key >> self.shift[i], self.tiles[i], self.cells);
            h += u32::from(self.table[i][index]);
        }
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl PatternDatabase {
        fn clone_db(&self) -> PatternDatabase {
            db(&self.tiles, self.ranked, self.table.clone())
        }
    }

    fn db(tiles: &[u8], ranked: bool, table: Vec<u8>) -> PatternDatabase {
        PatternDatabase {
            tiles: tiles.to_vec(),
            table,
            ranked,
            cached: false,
            refused: None,
        }
    }

    #[test]
    fn the_fixed_six_six_three_sum_agrees_with_the_loop() {
        // Made-up values in full-size tables: the fixed fields must read the same entries.
        let fill = |n: usize, seed: u64| (0..n as u64).map(|i| (i * seed % 251) as u8).collect();
        let dbs = [
            db(&[1, 2, 3, 4, 5, 6], false, fill(1 << 24, 7)),
            db(&[7, 8, 9, 10, 11, 12], false, fill(1 << 24, 13)),
            db(&[13, 14, 15], false, fill(1 << 12, 17)),
        ];
        let mixed = MixedSum::new(&dbs, 16);
        let fixed = mixed.six_six_three().unwrap();
        for key in [
            0u64,
            0x0FED_CBA9_8765_4321,
            0x0123_4567_89AB_CDEF,
            0x0A5A_5A5A_5A5A_5A5A,
        ] {
            assert_eq!(fixed.sum(key), mixed.sum(key), "{key:x}");
        }
        // Another order of the same sizes is read by the general sum instead.
        let reordered = [dbs[2].clone_db(), dbs[0].clone_db(), dbs[1].clone_db()];
        assert!(MixedSum::new(&reordered, 16).six_six_three().is_none());
    }

    #[test]
    fn the_unrolled_sums_agree_with_the_loop() {
        // Tables of made-up values: the sums must read the same entries whichever way.
        let fill = |n: usize, seed: u32| (0..n).map(|i| (i as u32 * seed % 251) as u8).collect();
        let sparse = [
            db(&[1, 2], false, fill(256, 7)),
            db(&[3], false, fill(16, 13)),
        ];
        let mixed = MixedSum::new(&sparse, 16);
        let unrolled = mixed.sparse::<2>().unwrap();
        assert!(mixed.six_six_three().is_none());
        assert!(mixed.sparse::<3>().is_none() && mixed.ranked::<2>().is_none());
        let ranked = [
            db(&[1, 2], true, fill(240, 7)),
            db(&[3, 4], true, fill(240, 11)),
        ];
        let mixed_ranked = MixedSum::new(&ranked, 16);
        let unrolled_ranked = mixed_ranked.ranked::<2>().unwrap();
        for key in [0x321u64, 0xF0E1, 0x5A4B, 0x1234] {
            assert_eq!(unrolled.sum(key & 0xFFF), mixed.sum(key & 0xFFF));
            assert_eq!(unrolled_ranked.sum(key), mixed_ranked.sum(key));
        }
    }
}
