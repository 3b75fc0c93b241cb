//! The TOML schema of `kind = "komachi"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KomachiDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub komachi: Spanned<KomachiTable>,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KomachiTable {
    /// The digits in order: an array `[1, 2, 3]` or a string "123"; default 1 to 9.
    pub digits: Option<Spanned<toml::Value>>,
    /// Allowed between neighbours: "+", "-", "*", "/", "concat"; default ["+", "-", "concat"].
    pub operators: Option<Spanned<Vec<Spanned<String>>>>,
    /// A minus sign may stand before the first number.
    #[serde(default)]
    pub leading_minus: bool,
    /// Parentheses may group any part of the formula.
    #[serde(default)]
    pub parentheses: bool,
    /// The value to make: an integer, a fraction "7/2", or "all" for every value with its count.
    pub target: Spanned<toml::Value>,
}
