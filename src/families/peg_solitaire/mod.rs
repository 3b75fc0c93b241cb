//! `kind = "peg-solitaire"`: any peg board, drawn or given by its jump table; minimum moves
//! (chains of jumps by one peg), every minimal solution, counts of jump sequences, any
//! solution, or every reachable position. See docs/peg-solitaire.md.

mod board;
mod engine;
mod goal_positions;
mod invariants;
mod layered;
mod load;
mod notation;
mod one_solution;
mod picture;
mod plan;
mod puzzle;
mod reachable;
mod replay;
mod report;
mod search;
mod size;
mod solve;
mod spec;
mod symmetry;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct PegSolitaire;

impl Family for PegSolitaire {
    fn kind(&self) -> &'static str {
        "peg-solitaire"
    }

    fn about(&self) -> &'static str {
        "peg solitaire on any board: fewest moves, all minimal solutions, counts of jump sequences"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn doc_page(&self) -> &'static str {
        "docs/peg-solitaire.md"
    }

    fn example(&self) -> &'static str {
        "specs/english33.toml"
    }
}
