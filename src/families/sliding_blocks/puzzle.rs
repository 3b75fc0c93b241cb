//! The checked sliding blocks puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::board::Board;
use super::goal::Goal;
use super::model::{Blocks, State};
use super::plan::{Engine, Objective, Plan};
use crate::families::plan::Resolved;
use crate::spec::FormulaSite;

pub struct BlocksPuzzle {
    pub(super) model: Blocks,
    pub(super) board: Board,
    /// The class of each piece.
    pub(super) class_of: Vec<usize>,
    pub(super) start: State,
    pub(super) goal: Goal,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    /// How many solutions or farthest positions to list.
    pub(super) limit: usize,
    /// Where the goal predicate is written, for an error found while evaluating it.
    pub(super) goal_site: Option<FormulaSite>,
}
