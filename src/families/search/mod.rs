//! `kind = "search"`: constraint puzzles. Named variables and arrays range over finite domains
//! (integer ranges, sets, or permutations of a set), some given; constraints are expressions
//! over them, over groups of array positions. The propagation engine narrows the domains with
//! all-different and linear propagators (other constraints are tested as soon as they can
//! filter), binds the variable with the fewest values first and can optimise an objective by
//! branch and bound; generate and test remains as the `backtracking` engine.

mod clauses;
mod declare;
mod display;
mod elements;
mod givens;
mod groups;
mod linear_form;
mod load;
mod lower;
mod model;
mod objective;
mod order;
mod plan;
mod puzzle;
mod report;
mod run;
mod solve;
mod spec;
mod strategy;
mod tables;
mod translate;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct Search;

impl Family for Search {
    fn kind(&self) -> &'static str {
        "search"
    }

    fn about(&self) -> &'static str {
        "constraint puzzles: variables and arrays over finite domains, propagation, optimisation"
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
        "specs/send-more-money-search.toml"
    }
}
