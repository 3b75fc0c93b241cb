//! What a water-jug solve computes and with which engine: the catalog of names and the words of
//! `auto`'s reasons; the rules that make the plan are the move puzzles' (state_space::plan).

use super::model::State;
use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};
use crate::families::state_space::Plan;
use crate::families::state_space::plan::{
    self as shared, ALL_SHORTEST, ALL_SHORTEST_BFS, BFS, BIDIRECTIONAL_BFS, COUNT, Engine, Facts,
    LAYERED_BFS, Objective, SHORTEST, Words,
};

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        SHORTEST,
        ALL_SHORTEST,
        COUNT,
        ObjectiveEntry {
            name: "longest",
            objective: Objective::Longest,
            engines: &[Engine::LayeredBfs],
        },
    ],
    engines: &[BFS, BIDIRECTIONAL_BFS, ALL_SHORTEST_BFS, LAYERED_BFS],
};

const WORDS: Words = Words {
    bidirectional_needs: "bidirectional search needs a goal naming one state (`A == 4 and B == 0`, every jug)",
    auto_bidirectional: "the goal is one known state, so search from both ends",
    auto_bfs: "the goal is a predicate, so breadth-first search from the start",
    auto_layered: "every reachable state is visited layer by layer",
    auto_frontier: "",
};

/// The plan for `choice` on a puzzle whose goal names `goal_state` (when it pins every jug),
/// with the engine resolved and its reason.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    goal_state: Option<State>,
    limit: usize,
) -> Result<(Plan<State>, Resolved<Engine>), Diagnostic> {
    let facts = Facts {
        goal: goal_state,
        // No jug move is assumed undoable: the catalog offers no frontier search.
        undoable: false,
        limit,
    };
    shared::plan(&CATALOG, choice, facts, &WORDS)
}
