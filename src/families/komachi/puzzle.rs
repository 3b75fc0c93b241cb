//! The checked komachi puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::model::KomachiModel;
use super::plan::{Engine, Objective, Plan};
use crate::expr::Rational;
use crate::families::plan::Resolved;

pub struct KomachiPuzzle {
    pub(super) model: KomachiModel,
    /// The value to make; None for "all" (every value with its count).
    pub(super) target: Option<Rational>,
    /// How many values the text table shows for target "all" (`solve.limit`).
    pub(super) shown_values: usize,
    /// `file:line:col` of the digits, for the note on formulas that leave 127 bits.
    pub(super) digits_at: String,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
}
