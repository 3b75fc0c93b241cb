//! The TOML schema of `kind = "search"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub search: Spanned<SearchTable>,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchTable {
    /// Declarations such as "n in 1..3000" or "A, B, C distinct in 0..9", bound in this order.
    pub variables: Spanned<Vec<Spanned<String>>>,
    /// Conditions (true or false) over the variables; each is checked as soon as the last of
    /// its variables is bound.
    #[serde(default)]
    pub constraints: Vec<Spanned<String>>,
    /// How to show a solution: text with `{expression}` parts, e.g. "{n} * {n + 1}".
    pub show: Option<Spanned<String>>,
}
