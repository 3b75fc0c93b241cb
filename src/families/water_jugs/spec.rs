//! The TOML schema of `kind = "water-jugs"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JugsDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub jugs: Spanned<JugsTable>,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JugsTable {
    /// Jug names used in the goal and the output; default A, B, C, ...
    pub names: Option<Spanned<Vec<Spanned<String>>>>,
    pub capacities: Spanned<Vec<Spanned<i64>>>,
    /// Contents at the start; default all empty.
    pub initial: Option<Spanned<Vec<Spanned<i64>>>>,
    /// An unlimited tap and drain (fill and empty moves); false for a closed system.
    #[serde(default = "yes")]
    pub tap: bool,
    /// Predicate over the jug names, e.g. "A == 4 or B == 4".
    pub goal: Spanned<String>,
}

fn yes() -> bool {
    true
}
