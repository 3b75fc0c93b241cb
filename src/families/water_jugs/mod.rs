//! `kind = "water-jugs"`: jugs without markings, an optional tap and drain, a goal predicate.

mod load;
mod model;
mod plan;
mod puzzle;
mod report;
mod solve;
mod spec;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct WaterJugs;

impl Family for WaterJugs {
    fn kind(&self) -> &'static str {
        "water-jugs"
    }

    fn about(&self) -> &'static str {
        "jugs without markings: fill, empty and pour until a goal predicate holds"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn doc_page(&self) -> &'static str {
        "docs/spec-format.md"
    }

    fn example(&self) -> &'static str {
        "specs/water-jugs.toml"
    }
}
