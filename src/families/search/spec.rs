//! The TOML schema of `kind = "search"`.

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    /// Whole-number constants (`--set params.n=8`): numbers or formulas of other parameters.
    #[serde(default)]
    pub params: crate::spec::RawParams,
    /// Named constant data: lists of numbers, tables of rows, lists of names (enumerations).
    #[serde(default)]
    pub tables: BTreeMap<String, Spanned<toml::Value>>,
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
    /// Named groups of array positions: a built-in ("rows(9, 9)") or a table of index lists.
    #[serde(default)]
    pub groups: BTreeMap<String, Spanned<toml::Value>>,
    /// Allowed combinations: each entry's variables take together the values of one of its
    /// rows.
    #[serde(default)]
    pub tables: Vec<Spanned<TableSpec>>,
    /// Fixed values of array elements, drawn as text ("8..36....", `.` for a blank).
    #[serde(default)]
    pub givens: BTreeMap<String, Spanned<String>>,
    /// The expression to make as large as possible (with `objective = "maximize"`).
    pub maximize: Option<Spanned<String>>,
    /// The expression to make as small as possible (with `objective = "minimize"`).
    pub minimize: Option<Spanned<String>>,
    /// "auto" (default), "smallest-domain", "declared" or "activity": which variable the
    /// propagation engine binds next.
    pub order: Option<Spanned<String>>,
    /// "auto" (default), "min", "max" or "split": how a bound variable's values are tried.
    pub values: Option<Spanned<String>>,
    /// "auto" (default), "on" or "off": whether the search learns nogoods from its conflicts.
    pub learning: Option<Spanned<String>>,
}

/// `{ vars = ["A", "cell[3]"], rows = [[1, 2], [2, 3]] }`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// The variables, in the order of the rows' values: names, `cell[3]`, or a whole array.
    pub vars: Vec<Spanned<String>>,
    pub rows: Vec<Spanned<Vec<i64>>>,
}
