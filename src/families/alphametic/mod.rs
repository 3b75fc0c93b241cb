//! `kind = "alphametic"`: covered arithmetic such as SEND + MORE = MONEY. Each letter stands for
//! a digit; different letters for different digits, and no word of two or more letters starts
//! with 0 (both configurable); any base from 2 to 36.

mod load;
mod model;
mod plan;
mod puzzle;
mod report;
mod solve;
mod solver;
mod spec;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct Alphametic;

impl Family for Alphametic {
    fn kind(&self) -> &'static str {
        "alphametic"
    }

    fn about(&self) -> &'static str {
        "covered arithmetic: letters stand for digits, e.g. SEND + MORE = MONEY"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn doc_page(&self) -> &'static str {
        "docs/formula-puzzles.md"
    }

    fn example(&self) -> &'static str {
        "specs/send-more-money.toml"
    }
}
