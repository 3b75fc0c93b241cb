//! The checked codebreaker puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::code_space::CodeSpace;
use super::plan::{Engine, Objective, Plan};
use super::sets::Pool;
use super::strategy::Strategy;
use crate::families::plan::Resolved;

pub struct CodebreakerPuzzle {
    pub(super) space: CodeSpace,
    /// Names of the right-place and wrong-place counts.
    pub(super) names: [String; 2],
    pub(super) strategy: Strategy,
    pub(super) pool: Pool,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    /// Time to list the codes and fill the score table, before the solve's own clock starts.
    pub(super) setup_ms: f64,
}
