//! How a position and a move are shown: text rows and JSON data.

use super::TilesPuzzle;
use super::model;
use crate::report::StateView;

impl TilesPuzzle {
    pub(super) fn view(&self, tiles: &[u8]) -> StateView {
        let width = (self.n() - 1).to_string().len();
        let cell = |t: &u8| format!("{t:>width$}");
        let text = match self.model.board.shape {
            Some((_, cols)) => tiles
                .chunks(cols)
                .map(|row| row.iter().map(cell).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join(" / "),
            None => tiles.iter().map(cell).collect::<Vec<_>>().join(" "),
        };
        StateView {
            text,
            data: tiles.iter().map(|&t| serde_json::Value::from(t)).collect(),
        }
    }

    pub(super) fn describe(&self, mv: &model::Move) -> String {
        format!("{} {}", mv.tile, self.model.board.direction(mv.from, mv.to))
    }
}

/// Tiles as text, space-separated: `3 1 2`.
pub(super) fn tile_list(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}
