//! The shared plumbing of the move-puzzle families (water jugs, sliding blocks, rules): one
//! driver that runs the planned breadth-first engine over a family's state space and fills the
//! report, one typed report of a layer search, and the objectives, engines and `auto` rules
//! the families share. A family gives its space, its goal, how to replay and draw a solution,
//! and how to draw a state ([`MovePuzzle`]).

pub mod all_shortest;
mod drive;
pub mod layers;
pub mod plan;
mod space;

pub use drive::{Outcome, solve};
pub use space::{MoveOf, MovePuzzle, Plan, StateOf, Visited};
