//! How a peg position and a peg solve look in the report: the state view, and the typed fields
//! peg solitaire adds to the JSON document (docs/json.md, docs/schema/peg-solitaire.json).

use super::board::Board;
use super::engine::jump::Jump;
use super::picture::picture;
use crate::report::{Report, StateView};
use serde::Serialize;

/// The fields peg solitaire adds to the report.
#[derive(Debug, Default, Serialize)]
pub struct PegDetails {
    /// Order of the symmetry group the search used (1: none).
    pub symmetries: usize,
    /// Classes of positions on at least one solution (the layered engine, `shortest` and
    /// `all-shortest`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub useful_positions: Option<u64>,
    /// Each listed solution in one line, one chain per move: `(0, 6)(9, 3)(2, 0, 6)`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notation: Vec<String>,
    /// Moves of the last listed solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moves: Option<usize>,
    /// Jumps of the last listed solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub jumps: Option<usize>,
    /// `reachable`: the positions reachable from the start, per peg count, most pegs first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub reachable: Vec<ReachableLayer>,
}

/// The reachable positions with one peg count.
#[derive(Debug, Serialize)]
pub struct ReachableLayer {
    pub pegs: u32,
    pub positions: u64,
    /// Classes up to the symmetries that keep the start.
    pub classes: u64,
}

/// A report being filled, with the peg fields kept typed until the end.
pub struct Answer {
    pub report: Report,
    pub details: PegDetails,
}

impl Answer {
    pub fn finish(mut self) -> Report {
        self.report.set_details(&self.details);
        self.report
    }

    /// Says how many were listed when `count` minimal sequences exceed the listing.
    pub fn listing_note(&mut self) {
        let report = &mut self.report;
        if let Some(count) = report.count
            && count > report.solutions.len() as u128
        {
            report.notes.push(format!(
                "listing {} of {count} minimal jump sequences (raise solve.limit for more)",
                report.solutions.len()
            ));
        }
    }
}

/// The board drawn for the terminal, `{"pegs": [labels]}` for JSON, and its picture with the
/// jumps of the move that led to it marked (`last_move` is empty for the start).
pub fn view(board: &Board, pegs: u128, last_move: &[Jump]) -> StateView {
    let has = |h: usize| pegs >> h & 1 == 1;
    let labels: Vec<serde_json::Value> = (0..board.len())
        .filter(|&h| has(h))
        .map(|h| board.labels[h].clone().into())
        .collect();
    StateView {
        text: board.draw(has),
        data: serde_json::json!({ "pegs": labels }),
        picture: picture(board, pegs, last_move),
    }
}
