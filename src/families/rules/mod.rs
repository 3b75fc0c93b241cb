//! `kind = "rules"`: any move puzzle written as state variables, parameters, tables, moves with
//! guards and effects, constraints and a goal (docs/rules.md). The spec is compiled once into a
//! packed state and programs over it; the shared engines search it.

mod abstraction;
mod bytecode;
mod classes;
mod compile;
mod cycles;
mod deepening;
mod display;
mod instance;
mod label;
mod lanes;
pub(crate) mod layout;
mod load;
mod mirror;
#[cfg(test)]
mod mirror_tests;
mod model;
mod pattern;
mod pattern_entries;
mod permute;
mod plan;
mod puzzle;
mod rank;
mod report;
mod reverse;
mod search;
mod solve;
mod spec;
mod swap;
mod symmetry;
pub(crate) mod word;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct RulesFamily;

impl Family for RulesFamily {
    fn kind(&self) -> &'static str {
        "rules"
    }

    fn about(&self) -> &'static str {
        "any move puzzle: state variables, moves with guards and effects, constraints and a goal"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle_from_spec(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn doc_page(&self) -> &'static str {
        "docs/rules.md"
    }

    fn example(&self) -> &'static str {
        "specs/hanoi-rules.toml"
    }
}
