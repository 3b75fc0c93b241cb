//! The checked water jugs puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::model::{Jugs, State};
use crate::families::plan::Resolved;
use crate::families::state_space::Plan;
use crate::families::state_space::plan::{Engine, Objective};
use crate::spec::FormulaSite;

pub struct JugsPuzzle {
    pub(super) model: Jugs,
    pub(super) start: State,
    pub(super) objective: Objective,
    pub(super) plan: Plan<State>,
    pub(super) engine: Resolved<Engine>,
    /// Where the goal is written, for an error found while evaluating it.
    pub(super) goal_site: FormulaSite,
}
