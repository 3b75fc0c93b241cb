//! The checked n queens puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::board::Board;
use super::plan::{Engine, Objective, Plan};
use crate::families::plan::Resolved;

pub struct QueensPuzzle {
    pub(super) board: Board,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    /// Draw each listed placement as a board.
    pub(super) draw: bool,
    /// Said before a search known to be long (`reach.rs`): how long, and why.
    pub(super) long_ahead: Option<String>,
}
