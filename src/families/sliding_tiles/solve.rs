//! A checked sliding-tiles puzzle and its solving: the solve step matches on the plan the loader
//! resolved; `shortest.rs`, `longest.rs` and `count.rs` run each objective.

use super::plan::{CATALOG, Objective, Plan};
use super::puzzle::TilesPuzzle;
use crate::diagnostic::Diagnostic;
use crate::engine::{Progress, ranked_bfs};
use crate::families::family::{Puzzle, SolveContext};
use crate::report::{Report, Status};

impl Puzzle for TilesPuzzle {
    fn summary(&self) -> String {
        let board = match self.model.board.shape {
            Some((r, c)) => format!("{r}x{c} board"),
            None => format!("board of {} cells by adjacency", self.model.cells()),
        };
        match self.starts.len() {
            0 => board,
            1 => format!("{board}, one start"),
            k => format!("{board}, {k} starts"),
        }
    }

    fn solve(&self, ctx: &SolveContext) -> Result<Report, Diagnostic> {
        let status = match self.objective {
            Objective::Shortest => Status::Solved,
            Objective::Longest => Status::Explored,
            Objective::Count => Status::Counted,
        };
        let mut report = Report::new(
            CATALOG.objective_name(self.objective),
            status,
            CATALOG.engine_name(self.engine.engine),
            &self.engine.reason,
        );
        match &self.plan {
            Plan::Shortest(search) => self.shortest(&mut report, search, ctx.progress)?,
            Plan::Longest => self.longest(&mut report, ctx.progress)?,
            Plan::CountByLayers => self.count_by_layers(&mut report, ctx.progress)?,
            Plan::CountByTheorem { bipartite } => self.count_by_theorem(&mut report, *bipartite),
        }
        Ok(report)
    }
}

impl TilesPuzzle {
    pub(super) fn n(&self) -> usize {
        self.model.cells()
    }

    /// Every position reachable from `root`, layer by layer (for `longest` and `count`).
    pub(super) fn explore(
        &self,
        root: u64,
        progress: &Progress,
    ) -> Result<ranked_bfs::Layers<u64>, Diagnostic> {
        ranked_bfs::explore(&self.model, root, progress).ok_or_else(|| {
            Diagnostic::new("some position lies more than 254 moves away")
                .help("the layered search keeps distances in bytes; this board is too long and thin for it")
        })
    }
}
