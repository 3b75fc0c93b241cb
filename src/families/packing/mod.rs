//! `kind = "packing"`: pieces drawn as text packed into a board drawn the same way, flat or in
//! layers (pentominoes, the Soma cube). Finds one packing, lists them, or counts them with and
//! up to the board's symmetry.
//!
//! `spec` -> `drawing`, `shape` -> `load` -> `model` (the exact cover) -> `plan` -> `puzzle`,
//! `solve` (engines of `crate::engine::exact_cover`) -> `report`; `symmetry` for classes.

mod drawing;
mod load;
mod model;
mod plan;
mod puzzle;
mod report;
mod shape;
mod solve;
mod spec;
mod symmetry;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct Packing;

impl Family for Packing {
    fn kind(&self) -> &'static str {
        "packing"
    }

    fn about(&self) -> &'static str {
        "drawn pieces packed into a drawn board, flat or solid: find, list, count (also up to symmetry)"
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
        "docs/packing.md"
    }

    fn example(&self) -> &'static str {
        "specs/pentominoes-3x20.toml"
    }
}
