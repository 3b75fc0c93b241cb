//! The TOML schema of `kind = "exact-cover"` (docs/exact-cover.md).

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExactCoverDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    /// Whole-number constants (`--set params.n=8`): numbers or formulas of other parameters.
    #[serde(default)]
    pub params: crate::spec::RawParams,
    /// Named constant data: lists of numbers, tables of rows, lists of names (enumerations).
    #[serde(default)]
    pub tables: BTreeMap<String, Spanned<toml::Value>>,
    pub items: Spanned<Vec<Spanned<ItemTable>>>,
    pub options: Spanned<Vec<Spanned<OptionTable>>>,
    #[serde(default)]
    pub solve: SolveTable,
}

/// Items named by a template, one per value of the parameters: `name = "row {r}"`,
/// `for = "r in 0..n - 1"`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ItemTable {
    pub name: Spanned<String>,
    #[serde(rename = "for")]
    pub params: Option<Spanned<String>>,
    /// Covered at most once (or by options agreeing on its colour), not exactly once.
    #[serde(default)]
    pub secondary: bool,
}

/// Options named by a template, one per value of the parameters where `when` holds; each
/// names its items by templates, a secondary item optionally with a colour (`"cell {p}:{v}"`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionTable {
    pub name: Spanned<String>,
    #[serde(rename = "for")]
    pub params: Option<Spanned<String>>,
    pub when: Option<Spanned<String>>,
    pub items: Spanned<Vec<Spanned<String>>>,
}
