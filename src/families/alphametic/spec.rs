//! The TOML schema of `kind = "alphametic"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlphameticDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub alphametic: Spanned<AlphameticTable>,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlphameticTable {
    /// e.g. "SEND + MORE = MONEY": words, numbers, + - * and parentheses on both sides of `=`.
    pub formula: Spanned<String>,
    /// The number base, 2 to 36; 10 by default.
    pub base: Option<Spanned<i64>>,
    /// Different letters stand for different digits (true by default).
    #[serde(default = "yes")]
    pub distinct: bool,
    /// A word of two or more letters may start with 0 (false by default).
    #[serde(default)]
    pub leading_zero: bool,
}

fn yes() -> bool {
    true
}
