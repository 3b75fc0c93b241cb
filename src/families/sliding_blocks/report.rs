//! How a sliding-blocks position looks in the report: the board drawn with each piece's symbol
//! (text) and the pieces' top-left corners (JSON), the words for a move, and the typed fields
//! this kind adds to the JSON document (docs/json.md).

use super::board::{Board, DIR_NAMES, Tile};
use super::model::{Blocks, MAX_PIECES, Move, State};
use crate::families::state_space::layers::LayerDetails;
use crate::report::StateView;
use serde::Serialize;

/// The fields every sliding-blocks report adds.
#[derive(Debug, Serialize)]
pub struct Details {
    /// `steps` or `moves`.
    pub metric: &'static str,
    /// The symbols of each class of interchangeable pieces.
    pub classes: Vec<String>,
    /// `longest`, `reachable`: the layers.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub layers: Option<LayerDetails>,
}

/// Where each piece is (placement number, its class's `gone` once off the board), piece by
/// piece in the order of the board drawing.
pub struct Pieces<'a> {
    pub board: &'a Board,
    pub model: &'a Blocks,
    pub class_of: &'a [usize],
    pub at: Vec<u16>,
    /// The piece the last followed move slid, and its placement before it.
    pub last: Option<(usize, u16)>,
}

impl<'a> Pieces<'a> {
    /// Interchangeable pieces take the class's placements in drawing order.
    pub fn of_state(
        board: &'a Board,
        model: &'a Blocks,
        class_of: &'a [usize],
        s: State,
    ) -> Pieces<'a> {
        let mut ids = [0u16; MAX_PIECES];
        model.unpack(s, &mut ids);
        let mut at = vec![0u16; class_of.len()];
        for (k, class) in model.classes.iter().enumerate() {
            for (slot, &p) in model.class_slots(k).zip(&class.pieces) {
                at[p] = ids[slot];
            }
        }
        Pieces {
            board,
            model,
            class_of,
            at,
            last: None,
        }
    }

    /// The piece `mv` moves (the one of its class standing at `from`).
    pub fn mover(&self, mv: Move) -> Option<usize> {
        (0..self.at.len()).find(|&p| self.class_of[p] == mv.class as usize && self.at[p] == mv.from)
    }

    /// Follows `mv`: the piece standing at `from` goes to `to`.
    pub fn follow(&mut self, mv: Move) {
        if let Some(p) = self.mover(mv) {
            self.last = Some((p, self.at[p]));
            self.at[p] = mv.to;
        }
    }

    /// `B down`, `G down 1 left 1` (one move of the `moves` metric), `X out`.
    pub fn describe(&self, mv: Move) -> String {
        let symbol = self.mover(mv).map_or('?', |p| self.board.pieces[p].symbol);
        let class = &self.model.classes[mv.class as usize];
        let (Some(a), Some(b)) = (
            class.anchors.get(mv.from as usize),
            class.anchors.get(mv.to as usize),
        ) else {
            return format!("{symbol} out");
        };
        let (dr, dc) = (b.0 - a.0, b.1 - a.1);
        let mut parts = vec![symbol.to_string()];
        for (delta, neg, pos) in [(dr, 0, 1), (dc, 2, 3)] {
            if delta != 0 {
                parts.push(DIR_NAMES[if delta < 0 { neg } else { pos }].to_string());
                if (dr.abs() + dc.abs()) > 1 {
                    parts.push(delta.abs().to_string());
                }
            }
        }
        parts.join(" ")
    }

    /// The drawing of the position (rows of text) and, per piece, its top-left corner.
    pub fn view(&self) -> StateView {
        let (h, w) = (self.board.height, self.board.width);
        let mut grid: Vec<Vec<char>> = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| base_char(self.board.tiles[r * w + c]))
                    .collect()
            })
            .collect();
        let mut pieces = serde_json::Map::new();
        let mut out = Vec::new();
        for (p, piece) in self.board.pieces.iter().enumerate() {
            let class = &self.model.classes[self.class_of[p]];
            let Some(&(ar, ac)) = class.anchors.get(self.at[p] as usize) else {
                pieces.insert(piece.symbol.to_string(), serde_json::Value::Null);
                out.push(piece.symbol);
                continue;
            };
            for (dr, dc) in piece.shape() {
                grid[(ar + dr) as usize][(ac + dc) as usize] = piece.symbol;
            }
            let corner =
                serde_json::json!({"row": ar + class.corner.0 + 1, "col": ac + class.corner.1 + 1});
            pieces.insert(piece.symbol.to_string(), corner);
        }
        let rows: Vec<String> = grid
            .iter()
            .map(|r| r.iter().collect::<String>().trim_end().to_string())
            .collect();
        let mut text = rows.join("\n");
        if !out.is_empty() {
            text.push_str(&format!("\n(out: {})", out.iter().collect::<String>()));
        }
        StateView {
            text,
            data: serde_json::json!({"drawing": rows, "pieces": pieces}),
            picture: Some(self.picture()),
        }
    }
}

fn base_char(tile: Tile) -> char {
    match tile {
        Tile::Cell => '.',
        Tile::Wall => '#',
        Tile::Exit(_) => '=',
        Tile::Outside => ' ',
    }
}
