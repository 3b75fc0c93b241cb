//! Search algorithms, generic over a small state-space trait. They know nothing of TOML, specs or
//! printing: a family gives them a start, a successor function and a goal test.

pub mod all_shortest;
pub mod backtracking;
pub mod bfs;
pub mod bidirectional_bfs;
pub mod bitmap_bfs;
pub mod bitmap_layers;
pub mod exact_cover;
pub mod frontier_layers;
pub mod ida_star;
pub mod layers;
pub mod orbit_layers;
mod path;
pub mod pattern_cache;
pub mod pattern_db;
pub mod prefetch;
pub mod progress;
pub mod propagation;
pub mod ranked_bfs;
pub mod room;
pub mod split;
pub mod stop;
pub mod uniform_cost;

pub use path::Path;
pub use progress::Progress;

use std::hash::Hash;
use std::time::Duration;

/// The root of the engines' space traits: what a state is and what a move is. Two siblings build
/// on it, one per way of searching:
/// - [`StateSpace`] (and [`ReversibleSpace`], `ranked_bfs::RankedSpace`): states are values that
///   the engine copies, hashes and stores (breadth-first searches);
/// - [`ida_star::DepthFirstSpace`]: one state changed in place by `apply` / `undo` (IDA*), so
///   nothing is copied or stored.
///
/// Every `StateSpace` is a `Space` with the same types, so a space may offer both ways with one
/// vocabulary; a space searched only in place implements `Space` itself.
pub trait Space {
    type State;
    type Move: Copy;
}

impl<T: StateSpace> Space for T {
    type State = <T as StateSpace>::State;
    type Move = <T as StateSpace>::Move;
}

/// A state space explored by the breadth-first engines. Successors are written into a buffer the
/// engine reuses, so the inner loop allocates nothing.
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
