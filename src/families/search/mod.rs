//! `kind = "search"`: generate and test. Named variables range over finite domains (integer
//! ranges, sets, or permutations of a set); constraints are expressions over them, each checked
//! as soon as its last variable is bound, so a failing partial assignment is never extended.

mod load;
mod model;
mod plan;
mod report;
mod solve;
mod spec;
mod template;

use super::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct Search;

impl Family for Search {
    fn kind(&self) -> &'static str {
        "search"
    }

    fn about(&self) -> &'static str {
        "generate and test: variables over finite domains, constraints checked as soon as bound"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }
}
