//! The cells the blank reaches without moving a group's tile: the pattern builds (sparse and
//! compact) treat each such region as one node, and find one or two regions per queued entry,
//! so this is among their hottest code. On a rectangle the region grows by whole bit masks (all
//! four directions at once, shifts of the cell mask); on other boards, cell by cell through the
//! adjacency masks.

use super::board::Board;

/// Finds blank regions on one board.
pub struct Regions {
    /// Neighbours of each cell as a bit mask.
    adjacent: Vec<u16>,
    grid: Option<Grid>,
}

/// A rectangle's cells as bits, row after row: a cell's neighbours are the bits 1 and `cols`
/// away, except across the left and right edges.
struct Grid {
    cols: u32,
    /// The cells not in the first column, and not in the last.
    not_first: u32,
    not_last: u32,
}

impl Regions {
    pub fn new(board: &Board) -> Regions {
        let (adjacent, _) = board.cell_masks();
        let grid = board.shape.map(|(rows, cols)| {
            let column = |keep: &dyn Fn(usize) -> bool| {
                (0..rows * cols)
                    .filter(|c| keep(c % cols))
                    .fold(0u32, |m, c| m | 1 << c)
            };
            Grid {
                cols: cols as u32,
                not_first: column(&|c| c != 0),
                not_last: column(&|c| c + 1 != cols),
            }
        });
        Regions { adjacent, grid }
    }

    /// The cells the blank reaches from `blank` through `free` cells (and `blank` itself).
    #[inline]
    pub fn of(&self, blank: usize, free: u16) -> u16 {
        match &self.grid {
            Some(grid) => grid.flood(blank, free),
            None => region(&self.adjacent, blank, free),
        }
    }
}

impl Grid {
    #[inline]
    fn flood(&self, blank: usize, free: u16) -> u16 {
        let free = u32::from(free);
        let mut reached = 1u32 << (blank & 15);
        loop {
            let grown = (reached & self.not_last) << 1
                | (reached & self.not_first) >> 1
                | reached << self.cols
                | reached >> self.cols;
            let next = (grown & free) | reached;
            if next == reached {
                return reached as u16;
            }
            reached = next;
        }
    }
}

/// The cells the blank reaches from `blank` through `free` cells, one frontier cell at a time.
#[inline]
fn region(adjacent: &[u16], blank: usize, free: u16) -> u16 {
    let mut reached = 1u16 << blank;
    let mut frontier = reached;
    while frontier != 0 {
        let mut grow = 0u16;
        let mut f = frontier;
        while f != 0 {
            grow |= adjacent[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = grow & free & !reached;
        reached |= frontier;
    }
    reached
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_masks_flood_as_the_adjacency_does() {
        // Every blank cell and every set of free cells of a 3 x 4 and a 4 x 4 board (every
        // 7th set on the larger one), the whole-mask flood against the cell-by-cell one.
        for (rows, cols, step) in [(3, 4, 1), (4, 4, 7), (2, 3, 1), (4, 2, 1)] {
            let board = Board::rectangle(rows, cols);
            let regions = Regions::new(&board);
            let n = rows * cols;
            let all = ((1u32 << n) - 1) as u16;
            for free in (0..=u32::from(all)).step_by(step) {
                for blank in 0..n {
                    let by_cells = region(&regions.adjacent, blank, free as u16);
                    assert_eq!(regions.of(blank, free as u16), by_cells, "{free:b} {blank}");
                }
            }
        }
    }
}
