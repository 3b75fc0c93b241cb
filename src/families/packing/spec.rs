//! The TOML schema of `kind = "packing"` (docs/packing.md).

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PackingDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub board: Spanned<BoardTable>,
    pub pieces: Spanned<Vec<Spanned<PieceTable>>>,
    /// Counts by piece name, overriding each piece's own `count` (`--set counts.L=2`).
    #[serde(default)]
    pub counts: BTreeMap<String, Spanned<i64>>,
    #[serde(default)]
    pub solve: SolveTable,
}

/// A shape drawn as text: one drawing (flat), or layers from top to bottom (solid). (Not a
/// flattened table of its own: serde's flatten loses the spans.)
pub struct Drawn<'a> {
    pub drawing: Option<&'a Spanned<String>>,
    pub layers: Option<&'a Spanned<Vec<Spanned<String>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    pub drawing: Option<Spanned<String>>,
    pub layers: Option<Spanned<Vec<Spanned<String>>>>,
    /// Cells may stay empty (every piece is still placed).
    #[serde(default)]
    pub empty_cells: Option<Spanned<bool>>,
    /// Pieces may be left over (every cell is still filled).
    #[serde(default)]
    pub spare_pieces: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceTable {
    pub name: Spanned<String>,
    pub drawing: Option<Spanned<String>>,
    pub layers: Option<Spanned<Vec<Spanned<String>>>>,
    /// Copies of the piece in the set.
    pub count: Option<Spanned<i64>>,
    /// Rotations allowed (default true).
    pub turn: Option<bool>,
    /// Mirror images allowed (default: true on a flat board, false on a solid one).
    pub flip: Option<bool>,
    /// The cells must touch face to face (default true).
    pub connected: Option<bool>,
}

impl BoardTable {
    pub fn shape(&self) -> Drawn<'_> {
        Drawn {
            drawing: self.drawing.as_ref(),
            layers: self.layers.as_ref(),
        }
    }
}

impl PieceTable {
    pub fn shape(&self) -> Drawn<'_> {
        Drawn {
            drawing: self.drawing.as_ref(),
            layers: self.layers.as_ref(),
        }
    }
}
