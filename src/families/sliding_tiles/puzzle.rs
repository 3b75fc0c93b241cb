//! The checked sliding tiles puzzle: what loading makes and solving reads, in its own file so that
//! the loader and the helpers need not import the solver.

use super::arrangement::Start;
use super::board::Topology;
use super::model::Tiles;
use super::plan::{Engine, Objective, Plan};
use crate::families::plan::Resolved;

pub struct TilesPuzzle {
    pub(super) model: Tiles,
    pub(super) topology: Topology,
    pub(super) goal: Vec<u8>,
    pub(super) starts: Vec<Start>,
    pub(super) objective: Objective,
    pub(super) plan: Plan,
    pub(super) engine: Resolved<Engine>,
    /// How many farthest positions `longest` lists.
    pub(super) limit: usize,
}
