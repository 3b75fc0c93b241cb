//! The checked alphametic puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::model::AlphameticModel;
use super::plan::{Engine, Objective, Plan};
use crate::families::plan::Resolved;
use crate::spec::FormulaSite;

pub struct AlphameticPuzzle {
    pub(super) model: AlphameticModel,
    pub(super) formula: String,
    /// Where the formula is written, for an error found while solving.
    pub(super) site: FormulaSite,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
}
