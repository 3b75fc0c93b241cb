//! What a sliding-blocks solve computes and with which engine: the catalog of names and the
//! words of `auto`'s reasons; the rules that make the plan are the move puzzles'
//! (state_space::plan).

use super::model::State;
use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};
use crate::families::state_space::Plan;
use crate::families::state_space::plan::{
    self as shared, ALL_SHORTEST, ALL_SHORTEST_BFS, BFS, BIDIRECTIONAL_BFS, COUNT, Engine,
    FRONTIER_BFS, Facts, LAYERED_BFS, Objective, SHORTEST, Words,
};

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        SHORTEST,
        ALL_SHORTEST,
        COUNT,
        ObjectiveEntry {
            name: "longest",
            objective: Objective::Longest,
            engines: &[Engine::FrontierBfs, Engine::LayeredBfs],
        },
        ObjectiveEntry {
            name: "reachable",
            objective: Objective::Reachable,
            engines: &[Engine::FrontierBfs, Engine::LayeredBfs],
        },
    ],
    engines: &[
        BFS,
        BIDIRECTIONAL_BFS,
        ALL_SHORTEST_BFS,
        LAYERED_BFS,
        FRONTIER_BFS,
    ],
};

const WORDS: Words = Words {
    bidirectional_needs: "bidirectional search needs a goal drawing that places every piece, with no piece able to leave the board",
    auto_bidirectional: "the goal is one full position, so search from both ends",
    auto_bfs: "the goal leaves pieces free, so breadth-first search from the start",
    auto_layered: "a piece can leave the board, so layer by layer with a set of every position seen",
    auto_frontier: "every move can be undone, so layer by layer keeping only the last layers",
};

/// The plan for `choice`, given the one goal position when the goal names one, and whether
/// every move can be undone (no piece can leave the board).
pub fn plan(
    choice: &Choice<Objective, Engine>,
    goal_state: Option<State>,
    undoable: bool,
    limit: usize,
) -> Result<(Plan<State>, Resolved<Engine>), Diagnostic> {
    let facts = Facts {
        goal: goal_state,
        undoable,
        limit,
    };
    shared::plan(&CATALOG, choice, facts, &WORDS)
}
