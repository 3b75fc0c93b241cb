//! The checked peg solitaire puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::board::Board;
use super::plan::{Engine, Metric, Objective, Plan};
use crate::families::plan::Resolved;

/// A validated peg solitaire problem.
pub struct PegPuzzle {
    pub board: Board,
    /// Holes with a peg at the start.
    pub start: u128,
    pub goal_pegs: u32,
    /// The holes the last pegs may stand on.
    pub goal_at: u128,
    /// Index into `board.jumps` of the fixed first jump.
    pub first_jump: Option<usize>,
    pub metric: Metric,
    pub objective: Objective,
    pub plan: Plan,
    pub engine: Resolved<Engine>,
    pub draw_boards: bool,
}
