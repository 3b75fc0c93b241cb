//! A sliding-blocks position as a [`Picture`]: the board's cells (walls and the outside off the
//! board, exits empty), each piece's cells named by its symbol and grouped as one piece, and the
//! piece the last move slid marked where it stands (`Moved`) and on the cells it left (`From`).

use super::board::Tile;
use super::report::Pieces;
use crate::report::picture::{Content, Grid, Mark, Picture};

impl Pieces<'_> {
    pub fn picture(&self) -> Picture {
        let (h, w) = (self.board.height, self.board.width);
        let mut grid = Grid::empty(h, w);
        for (cell, tile) in grid.cells.iter_mut().zip(&self.board.tiles) {
            if matches!(tile, Tile::Outside | Tile::Wall) {
                cell.content = Content::Off;
            }
        }
        let moved = self.last.map(|(p, _)| p);
        for p in 0..self.board.pieces.len() {
            for (r, c) in self.cells(p, self.at[p]) {
                let cell = grid.cell_mut(r, c);
                cell.content = Content::Named {
                    text: self.board.pieces[p].symbol.to_string(),
                    group: p as u32,
                };
                if moved == Some(p) {
                    cell.mark = Mark::Moved;
                }
            }
        }
        if let Some((p, before)) = self.last {
            for (r, c) in self.cells(p, before) {
                let cell = grid.cell_mut(r, c);
                if cell.mark == Mark::None {
                    cell.mark = Mark::From;
                }
            }
        }
        Picture::Grid(grid)
    }

    /// The board cells piece `p` covers at placement `at` (none once it has left the board).
    fn cells(&self, p: usize, at: u16) -> Vec<(usize, usize)> {
        let class = &self.model.classes[self.class_of[p]];
        let Some(&(ar, ac)) = class.anchors.get(usize::from(at)) else {
            return Vec::new();
        };
        self.board.pieces[p]
            .shape()
            .into_iter()
            .filter_map(|(dr, dc)| {
                let (r, c) = (
                    usize::try_from(ar + dr).ok()?,
                    usize::try_from(ac + dc).ok()?,
                );
                (r < self.board.height && c < self.board.width).then_some((r, c))
            })
            .collect()
    }
}
