//! `kind = "komachi"`: put operators between digits written in a fixed order (1 to 9 by
//! default) to make a target, e.g. 1 + 2 + 3 - 4 + 5 + 6 + 78 + 9 = 100. Arithmetic is exact:
//! a division that does not come out even is a fraction.

mod insertion;
mod intervals;
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

pub struct Komachi;

impl Family for Komachi {
    fn kind(&self) -> &'static str {
        "komachi"
    }

    fn about(&self) -> &'static str {
        "operators between digits in a fixed order to make a target, e.g. 1+2+3-4+5+6+78+9 = 100"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn describe_merged(&self, doc: &serde_json::Value, report: &mut crate::report::Report) {
        let limit = doc["merged"]
            .get("limit")
            .and_then(serde_json::Value::as_u64);
        report::describe_merged(doc, report, limit);
    }

    fn doc_page(&self) -> &'static str {
        "docs/formula-puzzles.md"
    }

    fn example(&self) -> &'static str {
        "specs/komachi.toml"
    }
}
