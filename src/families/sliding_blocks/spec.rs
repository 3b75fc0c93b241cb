//! The TOML schema of `kind = "sliding-blocks"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlocksDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub board: Spanned<BoardTable>,
    #[serde(default)]
    pub rules: RulesTable,
    /// Needed by the objectives that seek the goal (not by `longest` and `reachable`).
    pub goal: Option<Spanned<GoalTable>>,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// The start position drawn as rows: `.` empty, `#` wall, ` ` outside, `=` exit gap, a
    /// letter or digit per piece cell.
    pub drawing: Spanned<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesTable {
    /// `steps` (one piece one cell) or `moves` (one piece any distance, any path); default steps.
    pub metric: Option<Spanned<String>>,
    /// Default axis of every piece: `both`, `horizontal`, `vertical` or `lengthwise`.
    pub axis: Option<Spanned<String>>,
    /// Axis of single pieces, by symbol.
    #[serde(default)]
    pub axes: BTreeMap<String, Spanned<String>>,
    /// `shape` (pieces of one shape, axis and exit right are one class) or `none`.
    pub interchangeable: Option<Spanned<String>>,
    /// Symbols whose pieces are interchangeable, e.g. `["0123456789"]`.
    #[serde(default)]
    pub groups: Vec<Spanned<String>>,
    /// Symbols of the pieces that may leave the board through an exit gap (`=`).
    #[serde(default)]
    pub exits: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoalTable {
    /// The board with only the pieces that matter placed; `?` = any, `.` = must be empty.
    pub drawing: Option<Spanned<String>>,
    /// A predicate on piece positions: `row_X`, `col_X` (top-left of the piece, 1-based on the
    /// drawing) and `out_X` (1 once X has left the board).
    pub predicate: Option<Spanned<String>>,
}
