//! A checked packing puzzle: the model, what to compute and with which engine.

use super::model::Model;
use super::plan::{Engine, Objective};
use crate::families::plan::Resolved;

pub struct PackingPuzzle {
    pub(super) model: Model,
    pub(super) objective: Objective,
    pub(super) engine: Resolved<Engine>,
    /// How many packings `all` lists at most.
    pub(super) limit: usize,
    /// Pieces may be left over (so a piece that fits nowhere does not rule out a packing).
    pub(super) spare_pieces: bool,
}
