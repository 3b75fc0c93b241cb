//! The TOML schema of `kind = "n-queens"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QueensDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub board: Spanned<BoardTable>,
    #[serde(default)]
    pub solve: SolveTable,
    #[serde(default)]
    pub output: OutputTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardTable {
    /// Board size: n rows, n columns, n queens.
    pub n: Spanned<i64>,
    /// Queens already on the board, e.g. [{ row = 0, column = 3 }]; rows and columns from 0.
    #[serde(default)]
    pub placed: Option<Spanned<Vec<Spanned<PlacedQueen>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedQueen {
    pub row: Spanned<i64>,
    pub column: Spanned<i64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutputTable {
    /// Draw each listed solution as a board under its row notation.
    #[serde(default)]
    pub draw: bool,
}
