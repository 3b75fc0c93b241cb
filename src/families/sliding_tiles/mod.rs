//! `kind = "sliding-tiles"`: the 8-puzzle, the 15-puzzle and sliding tiles on any board given by
//! rows x cols or an adjacency list. Objectives: `shortest` (one or many starts), `longest` (the
//! positions farthest from the goal), `count` (positions reachable).
//!
//! spec -> load (board, goal, starts, plan) -> solve (matches on the plan: shortest, longest,
//! count) -> report (typed JSON fields).

mod arrangement;
mod blank_region;
mod board;
mod count;
mod duplicate_moves;
mod load;
mod longest;
mod model;
#[cfg(test)]
mod pattern_build_tests;
mod pattern_database;
mod pattern_dfs;
mod pattern_grid_dfs;
mod pattern_moves;
mod pattern_rank;
mod pattern_search;
mod pattern_symmetry;
mod pattern_tables;
mod plan;
mod puzzle;
mod ranked_pattern_build;
mod report;
mod shortest;
mod solvability;
mod solve;
mod spec;
mod starts_file;
mod tile_search;

use super::family::{Family, Puzzle};
use crate::diagnostic::Diagnostic;
use crate::spec::SpecDocument;

pub struct SlidingTiles;

impl Family for SlidingTiles {
    fn kind(&self) -> &'static str {
        "sliding-tiles"
    }

    fn about(&self) -> &'static str {
        "sliding tiles (8-puzzle, 15-puzzle, any board): shortest, longest, count"
    }

    fn load(&self, doc: &SpecDocument) -> Result<Box<dyn Puzzle>, Diagnostic> {
        Ok(Box::new(load::puzzle(doc)?))
    }

    fn starter(&self) -> &'static str {
        include_str!("starter.toml")
    }

    fn doc_page(&self) -> &'static str {
        "docs/sliding-tiles.md"
    }

    fn example(&self) -> &'static str {
        "specs/eight.toml"
    }
}
