//! `kind = "exact-cover"`: any exact cover stated as items and options (Knuth's XCC: primary
//! items exactly once, secondary items at most once or with one colour), the options generated
//! from templates over parameters and tables with the spec language's formulas. Finds one
//! cover, lists them by their options' names, or counts them (also one shard's part).
//!
//! `spec` -> `params`, `template`, `entry` -> `load` -> `model`, `symmetry` -> `plan` -> `puzzle`, `solve` (engines of
//! `crate::engine::exact_cover`) -> `report`.

mod entry;
pub(crate) mod listing;
mod load;
mod model;
mod params;
pub(crate) mod plan;
mod puzzle;
mod report;
mod solve;
mod spec;
mod symmetry;
mod template;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct ExactCover;

impl Family for ExactCover {
    fn kind(&self) -> &'static str {
        "exact-cover"
    }

    fn about(&self) -> &'static str {
        "items and generated options (XCC, with secondary items and colours): find, list, count covers"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn describe_merged(&self, doc: &serde_json::Value, report: &mut crate::report::Report) {
        report::describe_merged(doc, report);
    }

    fn doc_page(&self) -> &'static str {
        "docs/exact-cover.md"
    }

    fn example(&self) -> &'static str {
        "specs/queens-cover.toml"
    }
}
