//! A symmetry of one pattern table. When a symmetry of the board maps the group's goal cells
//! onto themselves (so each group tile onto a group tile) and the goal blank's region onto
//! itself, it maps every (placement, blank region) onto one at the same distance, with the tiles
//! renamed. The builds then mark each position's image as they reach the position and expand
//! only one of the two. On the 15-puzzle with the blank top left, the default group 9 10 12 13
//! 14 15 (the bottom row and the two middle cells above it) is its own mirror image, and so is
//! Korf and Felner's group of 8 (the two columns away from the blank).

use super::blank_region::Regions;
use super::board::Board;
use super::pattern_rank::MAX_RANKED_GROUP;

pub struct TableSymmetry {
    /// Per slot and cell: the image of that tile on that cell, in the image's index (its cell
    /// shifted into the slot of the tile it becomes).
    slot_cell: [[u32; 16]; MAX_RANKED_GROUP],
    /// A cell mask's image, from its low byte and from its high byte.
    low: [u16; 256],
    high: [u16; 256],
}

impl TableSymmetry {
    /// A symmetry of the table of `tiles` (cells packed 4 bits a tile) for reaching `goal` on
    /// `board`; None when the board is no rectangle or no symmetry of it fits.
    pub fn find(board: &Board, goal: &[u8], tiles: &[u8]) -> Option<Self> {
        let (rows, cols) = board.shape?;
        let cell_of = |t: u8| goal.iter().position(|&g| g == t);
        let homes: Vec<usize> = tiles.iter().map(|&t| cell_of(t)).collect::<Option<_>>()?;
        // The goal state: the group on its cells, the blank's region around the goal blank.
        let occupied = homes.iter().fold(0u16, |m, &h| m | 1 << h);
        let (_, all) = board.cell_masks();
        let root_region = Regions::new(board).of(cell_of(0)?, all & !occupied);
        grid_symmetries(rows, cols).into_iter().find_map(|map| {
            // The slot of the tile each tile becomes.
            let slots: Vec<usize> = homes
                .iter()
                .map(|&h| homes.iter().position(|&o| o == usize::from(map[h])))
                .collect::<Option<_>>()?;
            let symmetry = Self::new(&map, &slots);
            (symmetry.region(root_region) == root_region).then_some(symmetry)
        })
    }

    fn new(map: &[u8], slots: &[usize]) -> Self {
        let mut slot_cell = [[0u32; 16]; MAX_RANKED_GROUP];
        for (slot, &to) in slots.iter().enumerate() {
            for (cell, &image) in map.iter().enumerate() {
                slot_cell[slot][cell] = u32::from(image) << (4 * to);
            }
        }
        let image = |mask: u16| {
            (0..map.len())
                .filter(|&c| mask >> c & 1 != 0)
                .fold(0u16, |m, c| m | 1 << map[c])
        };
        TableSymmetry {
            slot_cell,
            low: std::array::from_fn(|b| image(b as u16)),
            high: std::array::from_fn(|b| image((b as u16) << 8)),
        }
    }

    /// The image of the placement of index `idx` (`tiles` tiles).
    #[inline]
    pub fn index(&self, idx: usize, tiles: usize) -> usize {
        let mut image = 0;
        for (slot, cells) in self.slot_cell.iter().enumerate().take(tiles) {
            image |= cells[(idx >> (4 * slot)) & 15];
        }
        image as usize
    }

    /// The image of a set of cells.
    #[inline]
    pub fn region(&self, cells: u16) -> u16 {
        self.low[usize::from(cells & 0xFF)] | self.high[usize::from(cells >> 8)]
    }
}

/// The symmetries of a `rows` x `cols` rectangle other than the identity, each as the image of
/// every cell (cells numbered row by row): the two mirrors and the half turn, and on a square
/// the two diagonal mirrors and the quarter turns too.
fn grid_symmetries(rows: usize, cols: usize) -> Vec<Vec<u8>> {
    // Each as (rows and columns swapped, rows turned upside down, columns right to left).
    let mut kinds = vec![
        (false, false, true),
        (false, true, false),
        (false, true, true),
    ];
    if rows == cols {
        kinds.extend([
            (true, false, false),
            (true, true, true),
            (true, true, false),
            (true, false, true),
        ]);
    }
    kinds
        .into_iter()
        .map(|(swap, upside_down, right_to_left)| {
            (0..rows * cols)
                .map(|cell| {
                    let (mut r, mut c) = (cell / cols, cell % cols);
                    if swap {
                        (r, c) = (c, r);
                    }
                    if upside_down {
                        r = rows - 1 - r;
                    }
                    if right_to_left {
                        c = cols - 1 - c;
                    }
                    (r * cols + c) as u8
                })
                .collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bottom_group_of_the_fifteen_puzzle_is_its_own_mirror_image() {
        let board = Board::rectangle(4, 4);
        let goal: Vec<u8> = (0..16).collect();
        let bottom = [9, 10, 12, 13, 14, 15];
        let s = TableSymmetry::find(&board, &goal, &bottom).expect("the left-right mirror");
        // Tiles 9 10 12 13 14 15 on cells 0 1 5 2 4 7: in the mirror (cell c on c ^ 3) tile 9
        // is where 10 was, and so on: 2 3 4 7 1 6.
        let idx = 1 << 4 | 5 << 8 | 2 << 12 | 4 << 16 | 7 << 20;
        assert_eq!(
            s.index(idx, 6),
            2 | 3 << 4 | 4 << 8 | 7 << 12 | 1 << 16 | 6 << 20
        );
        assert_eq!(s.region(0b11), 0b1100);
        // The top group is no set of cells any symmetry keeps.
        let top = [1, 2, 3, 4, 5, 6];
        assert!(TableSymmetry::find(&board, &goal, &top).is_none());
    }

    #[test]
    fn every_symmetry_maps_the_grid_onto_itself() {
        for (rows, cols, count) in [(4, 4, 7), (3, 4, 3), (2, 5, 3)] {
            let board = Board::rectangle(rows, cols);
            let maps = grid_symmetries(rows, cols);
            assert_eq!(maps.len(), count);
            let identity: Vec<u8> = (0..(rows * cols) as u8).collect();
            let distinct: std::collections::BTreeSet<_> = maps.iter().chain([&identity]).collect();
            assert_eq!(distinct.len(), count + 1, "{rows} x {cols}: none twice");
            for map in maps {
                for (a, near) in board.adjacent.iter().enumerate() {
                    let mut images: Vec<u8> = near.iter().map(|&b| map[b as usize]).collect();
                    images.sort_unstable();
                    assert_eq!(images, board.adjacent[map[a] as usize]);
                }
            }
        }
    }
}
