//! `kind = "codebreaker"`: Mastermind, Hit and Blow, bulls and cows. A secret code of `length`
//! symbols; each guess is answered with how many symbols are right and in the right place, and how
//! many are right but in the wrong place. puzzlespec plays the codebreaker with a strategy:
//! against one secret (`transcript`), against every secret (`evaluate`), or against a human who
//! answers on stdin (`puzzlespec play`).
//!
//! Layers, each using only those below it: `code_space` (codes and scores), `sets` (pools,
//! parts, symbol classes), `symmetry`, `optimal`, `strategy` (the player), `evaluate` and `play`
//! (games); `spec` -> `load` -> `plan` -> `solve` -> `report` around them.

mod code_space;
mod evaluate;
mod load;
mod optimal;
mod plan;
mod play;
mod puzzle;
mod report;
mod sample;
mod sets;
mod solve;
mod spec;
mod strategy;
mod symmetry;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct Codebreaker;

impl Family for Codebreaker {
    fn kind(&self) -> &'static str {
        "codebreaker"
    }

    fn about(&self) -> &'static str {
        "Mastermind / bulls and cows: break a secret code from right/wrong-place feedback"
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
        "docs/codebreaker.md"
    }

    fn example(&self) -> &'static str {
        "specs/bulls-and-cows.toml"
    }
}
