//! What the specialised IDA* (`pattern_search.rs`) reads of the board at every node: each
//! cell's neighbours (by direction on a rectangle), the duplicate-move automaton, and where each
//! tile's cell sits in the 64-bit key (and its mirror image's in the mirror key). Built once per
//! search; the depth-first search (`pattern_dfs.rs`, `pattern_grid_dfs.rs`) borrows it.

use super::board::{Board, MAX_CELLS};
use super::duplicate_moves::DuplicateMoves;
use super::pattern_database::PatternDatabase;
use super::tile_search::mirror_map;

/// No cell: an off-board neighbour, or no move before the start.
pub const NO_CELL: u8 = u8::MAX;

/// The board's moves and each tile's place in the keys.
pub struct PatternMoves {
    pub(super) neighbours: [[u8; MAX_CELLS]; MAX_CELLS],
    pub(super) degree: [u8; MAX_CELLS],
    /// The moves by direction when the board is a rectangle.
    pub(super) grid: Option<GridMoves>,
    /// On a rectangle, the sequences of moves not tried (`duplicate_moves.rs`).
    pub(super) duplicates: DuplicateMoves,
    /// Bit offset of each tile's cell in the key.
    pub(super) shift: [u32; MAX_CELLS],
    /// Whether the mirror image is looked up too (the board and goal have one).
    pub(super) has_mirror: bool,
    /// For the mirror image: each cell's reflection and the offset of each tile's image.
    pub(super) transpose: [u8; MAX_CELLS],
    pub(super) mshift: [u32; MAX_CELLS],
}

impl PatternMoves {
    /// `dbs` must cover every tile of the board once (the loader checks the groups).
    pub fn new(board: &Board, goal: &[u8], dbs: &[PatternDatabase]) -> PatternMoves {
        let mut shift = [0u32; MAX_CELLS];
        let mut offset = 0;
        for db in dbs {
            for (i, &t) in db.tiles.iter().enumerate() {
                shift[t as usize] = 4 * (offset + i) as u32;
            }
            offset += db.tiles.len();
        }
        let mut neighbours = [[0u8; MAX_CELLS]; MAX_CELLS];
        let mut degree = [0u8; MAX_CELLS];
        for (c, adj) in board.adjacent.iter().enumerate() {
            neighbours[c][..adj.len()].copy_from_slice(adj);
            degree[c] = adj.len() as u8;
        }
        let mirror = mirror_map(board, goal);
        let mut mshift = [0u32; MAX_CELLS];
        if let Some((_, image)) = &mirror {
            for t in 1..board.cells() {
                mshift[t] = shift[image[t] as usize];
            }
        }
        let grid = board
            .shape
            .map(|(rows, cols)| GridMoves::new(rows, cols, &shift, &mshift));
        let duplicates = match board.shape {
            Some((rows, cols)) => DuplicateMoves::for_rectangle(rows, cols),
            None => DuplicateMoves::none(),
        };
        PatternMoves {
            duplicates,
            neighbours,
            degree,
            grid,
            shift,
            has_mirror: mirror.is_some(),
            transpose: mirror.map_or([0; MAX_CELLS], |(transpose, _)| transpose),
            mshift,
        }
    }

    /// The plain and mirror keys of an arrangement (the tile on each cell).
    pub fn keys(&self, tiles: &[u8]) -> (u64, u64) {
        let (mut key, mut mkey) = (0u64, 0u64);
        for (cell, &t) in tiles.iter().enumerate() {
            if t == 0 {
                continue;
            }
            key += (cell as u64) << self.shift[t as usize];
            if self.has_mirror {
                mkey += u64::from(self.transpose[cell]) << self.mshift[t as usize];
            }
        }
        (key, mkey)
    }
}

/// The directions, in the board's order of neighbours (ascending cells): up, left, right, down.
/// Direction `d`'s reverse is `3 - d`.
const DIRECTIONS: usize = 4;

/// A direction's reflection across the main diagonal: up and left swap, right and down swap.
const TRANSPOSED: [usize; DIRECTIONS] = [1, 0, 3, 2];

/// The moves of a rectangle, by direction.
#[derive(Clone, Copy)]
pub struct GridMoves {
    /// `cell[b][d]`: the neighbour of cell `b` in direction `d`, [`NO_CELL`] off the board.
    pub(super) cell: [[u8; DIRECTIONS]; MAX_CELLS],
    /// `step[d][t]`: what is subtracted from the plain and the mirror key when the blank moves in
    /// direction `d` and tile `t` slides the other way (its cell, and its image's, change by a
    /// fixed offset).
    pub(super) step: [[(u64, u64); MAX_CELLS]; DIRECTIONS],
}

impl GridMoves {
    /// No moves (for boards that are not rectangles, where this is not read).
    pub const NONE: GridMoves = GridMoves {
        cell: [[NO_CELL; DIRECTIONS]; MAX_CELLS],
        step: [[(0, 0); MAX_CELLS]; DIRECTIONS],
    };

    /// For a `rows` x `cols` rectangle whose keys hold tile `t`'s cell at bit `shift[t]` and its
    /// mirror image's cell at bit `mshift[t]`.
    pub fn new(
        rows: usize,
        cols: usize,
        shift: &[u32; MAX_CELLS],
        mshift: &[u32; MAX_CELLS],
    ) -> GridMoves {
        let offset = [-(cols as i64), -1, 1, cols as i64];
        let mut cell = [[NO_CELL; DIRECTIONS]; MAX_CELLS];
        for (b, slots) in cell.iter_mut().enumerate().take(rows * cols) {
            let (r, c) = (b / cols, b % cols);
            let inside = [r > 0, c > 0, c + 1 < cols, r + 1 < rows];
            for d in 0..DIRECTIONS {
                if inside[d] {
                    slots[d] = (b as i64 + offset[d]) as u8;
                }
            }
        }
        let mut step = [[(0u64, 0u64); MAX_CELLS]; DIRECTIONS];
        for (d, row) in step.iter_mut().enumerate() {
            for (t, entry) in row.iter_mut().enumerate() {
                // The mirror (a square's transpose) moves the image in the transposed direction.
                let mirror = offset[TRANSPOSED[d]];
                *entry = ((offset[d] << shift[t]) as u64, (mirror << mshift[t]) as u64);
            }
        }
        GridMoves { cell, step }
    }
}
