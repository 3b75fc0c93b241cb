//! `kind = "n-queens"`: n queens on an n x n board, no two attacking; optionally some queens are
//! given. Lists placements in order, counts them, or counts them up to the 8 board symmetries.
//!
//! `spec` -> `load` -> `plan` -> `solve` -> `report`; the engines are `backtrack` (listing and
//! plain counting), `mirror` (half the board) and `symmetry` (one search per class), on `board`.

mod backtrack;
mod board;
mod classes;
mod constellation;
mod construct;
mod fewest;
mod gapped;
mod load;
mod mirror;
mod parts;
mod plan;
mod puzzle;
mod reach;
mod report;
mod rows16;
mod solve;
mod spec;
#[cfg(test)]
mod symmetry;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct NQueens;

impl Family for NQueens {
    fn kind(&self) -> &'static str {
        "n-queens"
    }

    fn about(&self) -> &'static str {
        "n queens on an n x n board, no two attacking: list, count, or count up to symmetry"
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
        "docs/n-queens.md"
    }

    fn example(&self) -> &'static str {
        "specs/queens8.toml"
    }
}
