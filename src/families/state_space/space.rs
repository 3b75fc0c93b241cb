//! What the driver asks of a move-puzzle family ([`MovePuzzle`]) and the plans it runs.

use crate::diagnostic::Diagnostic;
use crate::engine::bfs::BfsOutcome;
use crate::engine::layers::Layers;
use crate::engine::{Path, Progress, ReversibleSpace, StateSpace};
use crate::report::{Solution, StateView};

/// A state of the family's space.
pub type StateOf<F> = <<F as MovePuzzle>::Space as StateSpace>::State;
/// A move of the family's space.
pub type MoveOf<F> = <<F as MovePuzzle>::Space as StateSpace>::Move;

/// What the driver needs of a family: its space, start and goal, and how a solution and a
/// state look in the report.
pub trait MovePuzzle {
    type Space: ReversibleSpace<State: Ord>;
    /// What the report calls a state (`states`, `positions`).
    const NOUN: &'static str;

    fn space(&self) -> &Self::Space;
    fn start(&self) -> StateOf<Self>;
    fn is_goal(&self, s: &StateOf<Self>) -> bool;
    /// The path as the report shows it, each move replayed against the rules and the end
    /// checked against the goal (an error there is an internal one).
    fn solution(&self, path: &Path<StateOf<Self>, MoveOf<Self>>) -> Result<Solution, Diagnostic>;
    fn view(&self, s: &StateOf<Self>) -> StateView;
    /// Checked after every engine run: an error the search met inside the space (a budget
    /// passed, a formula without value), which then ends the solve.
    fn checked(&self) -> Result<(), Diagnostic> {
        Ok(())
    }
    /// Breadth-first search with a bitmap of visited states, for a space that indexes its
    /// states; None for one that does not (its plans never ask for it).
    fn bitmap_shortest(
        &self,
        _progress: &Progress,
    ) -> Option<BfsOutcome<StateOf<Self>, MoveOf<Self>>> {
        None
    }
    /// Every reachable state layer by layer with a bitmap, as for `bitmap_shortest`.
    fn bitmap_layers(&self, _progress: &Progress) -> Option<Layers<StateOf<Self>>> {
        None
    }
}

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan<S> {
    /// Breadth-first search from the start until the goal holds.
    Shortest { visited: Visited },
    /// Search from both ends towards the one goal state.
    Bidirectional { goal: S },
    /// Every shortest solution counted, at most `limit` listed; `counting`: only the count was
    /// asked (`objective = "count"`, limit 0).
    AllShortest { limit: usize, counting: bool },
    /// Every reachable state layer by layer; `longest`: the farthest ones shown (at most
    /// `limit`), else only counted (`reachable`).
    Layers {
        visited: Visited,
        longest: bool,
        limit: usize,
    },
}

impl<S> Plan<S> {
    /// The same plan over states written another way (a family whose engine runs over codes
    /// narrower than its model's states).
    pub fn map_state<T>(self, f: impl FnOnce(S) -> T) -> Plan<T> {
        match self {
            Plan::Shortest { visited } => Plan::Shortest { visited },
            Plan::Bidirectional { goal } => Plan::Bidirectional { goal: f(goal) },
            Plan::AllShortest { limit, counting } => Plan::AllShortest { limit, counting },
            Plan::Layers {
                visited,
                longest,
                limit,
            } => Plan::Layers {
                visited,
                longest,
                limit,
            },
        }
    }
}

/// How a breadth-first search remembers the states it has seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visited {
    /// A hash set of every state (any space).
    HashSet,
    /// Only the last layers, as sorted vectors (every move can be undone: layers only).
    Frontier,
    /// A bitmap indexed by the state (a space whose states index a small range).
    Bitmap,
}
