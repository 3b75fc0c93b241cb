//! A sparse pattern table in 4 bits an entry: each entry as half its excess over the Manhattan
//! distance of its group's tiles (on a rectangle a tile's move changes that distance by exactly
//! 1, so the excess is even). The search keeps the distance of all the tiles itself, one small
//! table read per move, so h = distance + 2 x (the sum of the nibbles): a 6-tile table takes 8.4
//! MB instead of 16.8 MB, and the two of 6-6-3 fit in the processor's last cache together.
//!
//! Made from the byte table (built, or read from the cache, as before) only when every entry of
//! a placement fits: the excess even, not negative, and at most 30. Otherwise there is no
//! nibble form and the search reads the bytes.

use super::board::{Board, MAX_CELLS};
use super::pattern_database::{MAX_GROUP, table_room};

/// `distance[tile][cell]`: the moves tile `tile` needs from `cell` to its goal cell alone on the
/// board (`u8::MAX` where it cannot get there); 0 for the blank.
pub type TileDistances = [[u8; MAX_CELLS]; MAX_CELLS];

/// Each tile's distance from each cell to its cell in `goal`.
pub fn tile_distances(board: &Board, goal: &[u8]) -> TileDistances {
    let between = board.distances();
    let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
    for (goal_cell, &t) in goal.iter().enumerate().filter(|&(_, &t)| t != 0) {
        for (cell, from) in between.iter().enumerate() {
            distance[usize::from(t) & (MAX_CELLS - 1)][cell] = from[goal_cell];
        }
    }
    distance
}

/// Entry `index` of a nibble table: the low 4 bits of byte `index / 2` for even indices, the
/// high 4 bits for odd ones.
#[inline(always)]
pub fn nibble(byte: u8, index: usize) -> u32 {
    u32::from(byte >> ((index & 1) << 2)) & 15
}

/// The nibble form of the sparse `table` of `tiles` (indexed by their cells, 4 bits each), or
/// None when an entry of some placement does not fit in it. Indices that are not placements
/// (two tiles on one cell, a cell off the board) are never read, and get 0.
pub fn halve(
    table: &[u8],
    tiles: &[u8],
    distance: &TileDistances,
    cells: usize,
) -> Option<Vec<u8>> {
    let k = tiles.len();
    if k == 0 || k > MAX_GROUP || table.len() != 1 << (4 * k) {
        return None;
    }
    // An index is split into its first (up to 3) tiles and the rest, each part's distance and
    // cells found once: the loop below then costs a few operations an entry.
    let (low_tiles, high_tiles) = tiles.split_at(k.min(3));
    let (low, high) = (
        Part::new(low_tiles, distance, cells),
        Part::new(high_tiles, distance, cells),
    );
    let mut halves = table_room(table.len() / 2, "a 4-bit pattern table", 0u8)?;
    let row = low.distance.len();
    for (h, (rows, out)) in table
        .chunks(row)
        .zip(halves.chunks_mut(row / 2))
        .enumerate()
    {
        let fits = halve_row(rows, out, &low, high.distance[h], high.cells[h]);
        if !fits {
            return None;
        }
    }
    Some(halves)
}

/// Halves one row of entries (those sharing the high part `high_distance`, `high_cells`) into
/// `out`; false when one of its placements does not fit. Written without branches, so that the
/// compiler can do many entries at once: the conversion runs on every load of the tables.
fn halve_row(
    entries: &[u8],
    out: &mut [u8],
    low: &Part,
    high_distance: u32,
    high_cells: u32,
) -> bool {
    let mut misfits = 0u32;
    let mut halves = [0u8; 1 << 12];
    let parts = low.distance.iter().zip(&low.cells);
    for ((half, &entry), (&distance, &cells)) in halves.iter_mut().zip(entries).zip(parts) {
        let placed = u32::from((cells & high_cells) | ((cells | high_cells) & NOT_PLACED) == 0);
        // Below the distance, the excess wraps to a large number, which does not fit either.
        let excess = u32::from(entry).wrapping_sub(distance + high_distance);
        misfits |= placed & u32::from((excess > 30) | (excess % 2 != 0));
        *half = ((placed * excess / 2) & 15) as u8;
    }
    for (byte, pair) in out.iter_mut().zip(halves.chunks_exact(2)) {
        *byte = pair[0] | pair[1] << 4;
    }
    misfits == 0
}

/// A bit above the cells: set in a part that is no placement.
const NOT_PLACED: u32 = 1 << MAX_CELLS;

/// Every value of a few tiles' 4-bit cells: their distance to the goal and their cells as a mask
/// (with [`NOT_PLACED`] when two share a cell or one is off the board).
struct Part {
    distance: Vec<u32>,
    cells: Vec<u32>,
}

impl Part {
    fn new(tiles: &[u8], distance: &TileDistances, cells: usize) -> Part {
        let size = 1usize << (4 * tiles.len());
        let mut part = Part {
            distance: Vec::with_capacity(size),
            cells: Vec::with_capacity(size),
        };
        for value in 0..size {
            let (mut d, mut mask) = (0u32, 0u32);
            for (i, &t) in tiles.iter().enumerate() {
                let cell = (value >> (4 * i)) & 15;
                let bit = 1u32 << cell;
                mask |= if cell >= cells || mask & bit != 0 {
                    NOT_PLACED
                } else {
                    bit
                };
                d += u32::from(distance[usize::from(t) & (MAX_CELLS - 1)][cell]);
            }
            part.distance.push(d);
            part.cells.push(mask);
        }
        part
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sliding_tiles::pattern_database::build;

    /// Whether `cells` (4 bits each, `k` of them) are distinct cells of the board.
    fn is_placement(index: usize, k: usize, cells: usize) -> bool {
        let mut seen = 0u32;
        (0..k).all(|i| {
            let c = (index >> (4 * i)) & 15;
            let new = c < cells && seen & (1 << c) == 0;
            seen |= 1 << c;
            new
        })
    }

    fn group_distance(index: usize, tiles: &[u8], distance: &TileDistances) -> u32 {
        let cell = |i: usize| (index >> (4 * i)) & 15;
        (0..tiles.len())
            .map(|i| u32::from(distance[tiles[i] as usize][cell(i)]))
            .sum()
    }

    #[test]
    fn the_nibbles_give_the_byte_table_on_every_placement() {
        // A 3 x 4 board: groups of 6 (split into two parts), 3, 1, and the 8-puzzle's 4.
        let cases: [(Board, Vec<u8>, Vec<u8>); 4] = [
            (
                Board::rectangle(3, 4),
                (1..12).chain([0]).collect(),
                vec![1, 2, 5, 6, 9, 10],
            ),
            (
                Board::rectangle(3, 4),
                (1..12).chain([0]).collect(),
                vec![3, 4, 8],
            ),
            (Board::rectangle(3, 4), (0..12).collect(), vec![11]),
            (Board::rectangle(3, 3), (0..9).collect(), vec![1, 3, 4, 8]),
        ];
        for (board, goal, tiles) in cases {
            let table = build(&board, &goal, &tiles);
            let distance = tile_distances(&board, &goal);
            let halves = halve(&table, &tiles, &distance, board.cells()).unwrap();
            assert_eq!(halves.len(), table.len() / 2);
            let mut placements = 0;
            for (index, &entry) in table.iter().enumerate() {
                if !is_placement(index, tiles.len(), board.cells()) {
                    continue;
                }
                placements += 1;
                let h =
                    group_distance(index, &tiles, &distance) + 2 * nibble(halves[index / 2], index);
                assert_eq!(h, u32::from(entry), "{tiles:?} at {index:x}");
            }
            let expected: usize = (0..tiles.len()).map(|i| board.cells() - i).product();
            assert_eq!(placements, expected);
        }
    }

    #[test]
    fn a_table_whose_entries_do_not_fit_has_no_nibble_form() {
        let board = Board::rectangle(3, 3);
        let goal: Vec<u8> = (0..9).collect();
        let distance = tile_distances(&board, &goal);
        let mut table = build(&board, &goal, &[1, 2]);
        assert!(halve(&table, &[1, 2], &distance, 9).is_some());
        // Tiles 1 and 2 on their goal cells 1 and 2 (index 0x21), then on 2 and 1 (0x12).
        let (home, swapped) = (0x21, 0x12);
        assert_eq!(table[home], 0);
        // An odd excess (a table made for another board or goal), then one above 30.
        table[home] = 1;
        assert!(halve(&table, &[1, 2], &distance, 9).is_none());
        table[home] = 0;
        table[swapped] = 2 + 32;
        assert!(halve(&table, &[1, 2], &distance, 9).is_none());
        // An entry below the distance; then an unreached placement (u8::MAX).
        table[swapped] = 0;
        assert!(halve(&table, &[1, 2], &distance, 9).is_none());
        table[swapped] = u8::MAX;
        assert!(halve(&table, &[1, 2], &distance, 9).is_none());
        // What is not a placement is never read: any value there is accepted.
        table[swapped] = 4;
        assert!(halve(&table, &[1, 2], &distance, 9).is_some());
        table[0x11] = 7;
        table[0xF0] = 1;
        assert!(halve(&table, &[1, 2], &distance, 9).is_some());
        // A table of the wrong size for its group.
        assert!(halve(&table[..16], &[1, 2], &distance, 9).is_none());
    }
}
