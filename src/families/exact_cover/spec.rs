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
    /// Symmetries of the cover, each a map of items (the group they generate is used).
    #[serde(default)]
    pub symmetries: Vec<Spanned<SymmetryTable>>,
    #[serde(default)]
    pub solve: SolveTable,
}

/// A symmetry, declared by where it sends items: `map = [{ from = "s{i}", to = "s{m + 1 - i}",
/// for = "i in 1..m" }]`; items no entry names stay where they are. Used where `when` holds.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SymmetryTable {
    pub name: Spanned<String>,
    pub when: Option<Spanned<String>>,
    pub map: Spanned<Vec<Spanned<MapEntry>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapEntry {
    pub from: Spanned<String>,
    pub to: Spanned<String>,
    #[serde(rename = "for")]
    pub params: Option<Spanned<String>>,
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
    pub items: Spanned<Vec<Spanned<EntryText>>>,
}

/// One entry of an option's `items`: one item by its template (`"row {r}"`, `"x{i}:{u}"`), or
/// one item per value of the entry's own parameters where its `when` holds:
/// `{ item = "cell {r},{c + j}", for = "j in 0..k - 1" }` (an option whose length is a
/// parameter, a piece's cells from a table).
#[derive(Debug)]
pub enum EntryText {
    One(String),
    Each(EachEntry),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EachEntry {
    pub item: Spanned<String>,
    #[serde(rename = "for")]
    pub params: Spanned<String>,
    pub when: Option<Spanned<String>>,
}

impl<'de> Deserialize<'de> for EntryText {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = EntryText;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an item's name, or a table { item = \"...\", for = \"...\" }")
            }
            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<EntryText, E> {
                Ok(EntryText::One(s.to_string()))
            }
            fn visit_map<M: serde::de::MapAccess<'de>>(self, m: M) -> Result<EntryText, M::Error> {
                // The map's own deserializer keeps the fields' places (`Spanned`).
                let d = serde::de::value::MapAccessDeserializer::new(m);
                EachEntry::deserialize(d).map(EntryText::Each)
            }
        }
        d.deserialize_any(Visitor)
    }
}
