//! The TOML schema of `kind = "sliding-tiles"` (documented in docs/sliding-tiles.md).

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

pub type Arrangement = Spanned<Vec<Spanned<i64>>>;
/// A list of lists of numbers (neighbours of each cell, tiles of each pattern).
pub type NumberLists = Spanned<Vec<Spanned<Vec<Spanned<i64>>>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TilesDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub board: Spanned<BoardTable>,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// A rectangle of `rows` x `cols` cells, numbered row by row from 0.
    pub rows: Option<Spanned<i64>>,
    pub cols: Option<Spanned<i64>>,
    /// Or any board: `adjacent[i]` lists the cells next to cell `i`.
    pub adjacent: Option<NumberLists>,
    /// The arrangement to reach (cell by cell, 0 = blank); default 1, 2, ..., n-1, 0.
    pub goal: Option<Arrangement>,
    /// One start arrangement...
    pub start: Option<Arrangement>,
    /// ...or several, solved one by one...
    pub starts: Option<Spanned<Vec<Arrangement>>>,
    /// ...or a text file of them, one per line (path relative to the spec).
    pub starts_file: Option<Spanned<String>>,
    /// Disjoint tile groups for the additive pattern databases of `ida-star`.
    pub patterns: Option<NumberLists>,
}
