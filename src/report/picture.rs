//! A drawing of one state, the same for every medium: the terminal lays pictures out in characters
//! (side by side, `--boards`), the HTML page and `--svg` draw them as SVG. Families fill a
//! [`Picture`] from their own state and the move that led to it; they know nothing of either
//! medium, and the media know nothing of the families.

use serde::Serialize;

/// One state drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "shape", rename_all = "kebab-case")]
pub enum Picture {
    /// A board of cells: pegs, tiles, queens, blocks, a rules layout, a guess table.
    Grid(Grid),
    /// Containers filled to a level: water jugs.
    Bars { bars: Vec<Bar> },
}

/// Cells in rows, with the labels the move notation uses along the edges.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Grid {
    pub rows: usize,
    pub columns: usize,
    /// Row by row, `rows * columns` cells.
    pub cells: Vec<Cell>,
    /// Labels above the columns (`a`..`g`), or empty when the moves do not name columns.
    pub column_labels: Vec<String>,
    /// Labels left of the rows (`1`..`7`), or empty.
    pub row_labels: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cell {
    pub content: Content,
    pub mark: Mark,
}

/// What a cell holds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "is", rename_all = "kebab-case")]
pub enum Content {
    /// Not part of the board (the corners of a cross-shaped board, a wall).
    Off,
    /// A hole or a free square.
    Empty,
    /// A piece like every other (a peg, a queen).
    Piece,
    /// A piece with a name (a tile's number, a block's letter, a code symbol); pieces with the
    /// same `group` are one piece (a block covering several cells) and share a colour.
    Named { text: String, group: u32 },
}

/// How the last move touched a cell, for highlighting (colour in the terminal and SVG, a plain
/// mark when colour is off).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mark {
    #[default]
    None,
    /// The moved piece, where it now stands.
    Moved,
    /// Where the moved piece stood before the move.
    From,
    /// Passed over or removed by the move (a jumped peg, the path of a multi-jump).
    Path,
}

/// A container with a capacity and a level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Bar {
    pub label: String,
    pub capacity: u64,
    pub level: u64,
    /// `Moved` for a bar the move filled, `From` for one it emptied or poured from.
    pub mark: Mark,
}

impl Grid {
    /// A grid of `rows * columns` empty cells without labels.
    pub fn empty(rows: usize, columns: usize) -> Grid {
        let blank = Cell {
            content: Content::Empty,
            mark: Mark::None,
        };
        Grid {
            rows,
            columns,
            cells: vec![blank; rows * columns],
            column_labels: Vec::new(),
            row_labels: Vec::new(),
        }
    }

    /// The cell at `row`, `column` (both from 0, row 0 at the top).
    pub fn cell_mut(&mut self, row: usize, column: usize) -> &mut Cell {
        &mut self.cells[row * self.columns + column]
    }
}

impl Picture {
    /// Marks as `Moved` every cell (or bar) that differs from `previous`, for families whose
    /// moves have no single moved piece (a rules move may change any cells): the view of a
    /// state alone cannot tell what changed. Cells already marked, and pictures of another
    /// shape or size, are left as they are.
    pub fn mark_changes_from(&mut self, previous: &Picture) {
        match (self, previous) {
            (Picture::Grid(now), Picture::Grid(before))
                if now.cells.len() == before.cells.len() =>
            {
                for (cell, old) in now.cells.iter_mut().zip(&before.cells) {
                    if cell.mark == Mark::None && cell.content != old.content {
                        cell.mark = Mark::Moved;
                    }
                }
            }
            (Picture::Bars { bars }, Picture::Bars { bars: old }) if bars.len() == old.len() => {
                for (bar, old) in bars.iter_mut().zip(old) {
                    if bar.mark == Mark::None && bar.level != old.level {
                        bar.mark = Mark::Moved;
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(contents: &[Content]) -> Picture {
        let mut grid = Grid::empty(1, contents.len());
        for (cell, content) in grid.cells.iter_mut().zip(contents) {
            cell.content = content.clone();
        }
        Picture::Grid(grid)
    }

    fn marks(picture: &Picture) -> Vec<Mark> {
        match picture {
            Picture::Grid(grid) => grid.cells.iter().map(|c| c.mark).collect(),
            Picture::Bars { bars } => bars.iter().map(|b| b.mark).collect(),
        }
    }

    #[test]
    fn only_the_cells_that_differ_are_marked() {
        let before = row(&[Content::Piece, Content::Empty, Content::Piece]);
        let mut after = row(&[Content::Piece, Content::Piece, Content::Empty]);
        after.mark_changes_from(&before);
        assert_eq!(marks(&after), [Mark::None, Mark::Moved, Mark::Moved]);
    }

    #[test]
    fn a_picture_of_another_size_is_left_unmarked() {
        let before = row(&[Content::Piece]);
        let mut after = row(&[Content::Empty, Content::Piece]);
        after.mark_changes_from(&before);
        assert_eq!(marks(&after), [Mark::None, Mark::None]);
    }
}
