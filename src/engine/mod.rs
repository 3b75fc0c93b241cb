//! Search algorithms, generic over a small state-space trait. They know nothing of TOML, specs or
//! printing: a family gives them a start, a successor function and a goal test.

pub mod all_shortest;
pub mod backtracking;
pub mod bfs;
pub mod bidirectional_bfs;
pub mod bitmap_bfs;
pub mod bitmap_layers;
pub mod ida_star;
pub mod jump_games;
pub mod layers;
mod path;
pub mod progress;
pub mod ranked_bfs;
pub mod uniform_cost;

pub use path::Path;
pub use progress::Progress;

use std::hash::Hash;
use std::time::Duration;

/// A state space explored by the engines. Successors are written into a buffer the engine
/// reuses, so the inner loop allocates nothing.
pub trait StateSpace {
    type State: Copy + Eq + Hash;
    type Move: Copy;

    /// Appends every `(move, next state)` of `state` to `out` (which the caller has cleared).
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>);
}

/// A space whose moves can be followed backwards, as bidirectional search needs.
pub trait ReversibleSpace: StateSpace {
    /// Appends every `(move, previous state)` such that `move` takes the previous state to `state`.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State)>);
}

/// What every engine reports about its work.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SearchStats {
    /// Distinct states stored (generated and kept) by the search.
    pub states: u64,
    pub elapsed: Duration,
}
