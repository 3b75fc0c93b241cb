//! `kind = "sliding-blocks"`: pieces of any shape drawn on a board (Hakoiri musume, Rush Hour,
//! coloured 15-puzzles), interchangeable pieces merged, moved by steps or by moves.

mod board;
mod drawing;
mod goal;
mod load;
mod model;
mod picture;
mod plan;
mod puzzle;
mod report;
mod size;
mod solve;
mod spec;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct SlidingBlocks;

impl Family for SlidingBlocks {
    fn kind(&self) -> &'static str {
        "sliding-blocks"
    }

    fn about(&self) -> &'static str {
        "pieces of any shape drawn on a board, slid to a goal drawing or predicate"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn doc_page(&self) -> &'static str {
        "docs/sliding-blocks.md"
    }

    fn example(&self) -> &'static str {
        "specs/rush-hour.toml"
    }
}
