//! A checked packing puzzle: the model, what to compute and with which engine.

use super::model::Model;
use super::plan::{CATALOG, Engine, Objective};
use crate::diagnostic::Diagnostic;
use crate::families::plan::Resolved;
use crate::families::{Keeps, Puzzle, SearchSize, SolveContext};
use crate::report::Report;

pub struct PackingPuzzle {
    pub(super) model: Model,
    pub(super) objective: Objective,
    pub(super) engine: Resolved<Engine>,
    /// How many packings `all` lists at most.
    pub(super) limit: usize,
    /// Pieces may be left over (so a piece that fits nowhere does not rule out a packing).
    pub(super) spare_pieces: bool,
}

impl Puzzle for PackingPuzzle {
    fn summary(&self) -> String {
        let m = &self.model;
        let copies: u32 = m.pieces.iter().map(|p| p.count).sum();
        let shape = if m.board.solid() { "solid" } else { "flat" };
        format!(
            "{copies} pieces ({} kinds) into a {shape} board of {} cells, {} placements; {}",
            m.pieces.len(),
            m.board.cells.len(),
            m.placements.len(),
            CATALOG.objective_name(self.objective)
        )
    }

    fn search_size(&self) -> Option<SearchSize> {
        // Each level places one piece among at most the placements at one cell: a loose bound,
        // reached by no real board.
        let per_cell = self.model.placements.len().max(2) as f64;
        let depth = self
            .model
            .pieces
            .iter()
            .map(|p| p.count as f64)
            .sum::<f64>();
        Some(SearchSize {
            states_log10: depth * per_cell.log10(),
            keeps: Keeps::PrunedPath,
        })
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        super::solve::solve(self, ctx)
    }
}
