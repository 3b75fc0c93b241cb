//! `kind = "sliding-tiles"`: the 8-puzzle, the 15-puzzle and sliding tiles on any board given by
//! rows x cols or an adjacency list. Objectives: `shortest` (one or many starts), `longest` (the
//! positions farthest from the goal), `count` (positions reachable).

mod arrangement;
mod board;
mod count;
mod engine_choice;
mod load;
mod longest;
mod model;
mod pattern_database;
mod shortest;
mod shortest_report;
mod solvability;
mod spec;
mod state_view;
mod tile_search;

use super::{Family, Puzzle, SolveContext};
use crate::diagnostic::Diagnostic;
use crate::engine::{Progress, ranked_bfs};
use crate::report::Report;
use crate::report::group_digits;
use crate::spec::SpecDocument;
use arrangement::Start;
use board::Topology;
use model::Tiles;

pub struct SlidingTiles;

/// Boards up to this many cells fit the rank-indexed byte arrays (12! bytes = 479 MB).
const MAX_ARRAY_CELLS: usize = 12;

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
}

struct TilesPuzzle {
    model: Tiles,
    topology: Topology,
    goal: Vec<u8>,
    starts: Vec<Start>,
    patterns: Vec<Vec<u8>>,
    objective: String,
    engine: String,
    limit: usize,
}

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
        match self.objective.as_str() {
            "shortest" => self.shortest(ctx.progress),
            "longest" => self.longest(ctx.progress),
            _ => self.count(ctx.progress),
        }
    }
}

impl TilesPuzzle {
    fn n(&self) -> usize {
        self.model.cells()
    }

    fn arrangements_text(&self) -> String {
        let total: u128 = (1..=self.n() as u128).product();
        format!("{}! = {}", self.n(), group_digits(total))
    }

    /// Every position reachable from `root`, layer by layer (for `longest` and `count`).
    fn explore(
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
