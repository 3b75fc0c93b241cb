//! A checked exact-cover puzzle: the model, what to compute and with which engine.

use super::model::Model;
use super::plan::{Engine, Objective};
use super::symmetry::Symmetries;
use crate::families::plan::Resolved;

pub struct ExactCoverPuzzle {
    pub(super) model: Model,
    /// The declared symmetries' group: a count also says the classes under it.
    pub(super) symmetries: Symmetries,
    pub(super) objective: Objective,
    pub(super) engine: Resolved<Engine>,
    /// How many covers `all` lists at most.
    pub(super) limit: usize,
}
