//! The checked sliding blocks puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::board::Board;
use super::goal::Goal;
use super::model::{Blocks, State};
use crate::families::plan::Resolved;
use crate::families::state_space::Plan;
use crate::families::state_space::plan::{Engine, Objective};
use crate::spec::FormulaSite;

pub struct BlocksPuzzle {
    pub(super) model: Blocks,
    pub(super) board: Board,
    /// The class of each piece.
    pub(super) class_of: Vec<usize>,
    pub(super) start: State,
    pub(super) goal: Goal,
    pub(super) objective: Objective,
    pub(super) plan: Plan<State>,
    pub(super) engine: Resolved<Engine>,
    /// Where the goal predicate is written, for an error found while evaluating it.
    pub(super) goal_site: Option<FormulaSite>,
}
