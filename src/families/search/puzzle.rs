//! The checked search puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::linear_form::LinearForm;
use super::model::{Array, Model};
use super::plan::{Engine, Objective, Plan};
use crate::engine::propagation::Sense;
use crate::expr::Expr;
use crate::expr::template::Piece;
use crate::families::plan::Resolved;
use crate::spec::FormulaSite;

/// The `show` template and where it is written, for a part that fails to evaluate.
pub struct Show {
    pub(super) pieces: Vec<Piece>,
    pub(super) site: FormulaSite,
}

/// The expression to optimise (`[search] maximize` / `minimize`).
pub struct Goal {
    pub(super) expr: Expr,
    /// Its linear form, when it has one (then the engine bounds the search with it).
    pub(super) linear: Option<LinearForm>,
    pub(super) sense: Sense,
    pub(super) site: FormulaSite,
}

pub struct SearchPuzzle {
    pub(super) model: Model,
    pub(super) arrays: Vec<Array>,
    /// Per constraint instance: the constraint as written, for messages.
    pub(super) texts: Vec<String>,
    /// Where each instance's constraint is written, for an evaluation that fails while solving.
    pub(super) sites: Vec<FormulaSite>,
    /// Per instance, the index of its constraint in the spec.
    pub(super) origins: Vec<usize>,
    /// Per instance over a group: the group and the member's number (from 1).
    pub(super) members: Vec<Option<(String, usize)>>,
    pub(super) show: Option<Show>,
    pub(super) goal: Option<Goal>,
    /// Givens outside their element's domain, as notes at their place in the spec.
    pub(super) empty_domains: Vec<String>,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
}
