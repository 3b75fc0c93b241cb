//! What a water-jug solve computes and with which engine: the catalog of names, and the typed
//! plan the loader resolves once (with `auto`'s pick and reason).

use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    Shortest,
    AllShortest,
    Count,
    Longest,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Bfs,
    BidirectionalBfs,
    AllShortestBfs,
    LayeredBfs,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "shortest",
            objective: Objective::Shortest,
            engines: &[Engine::Bfs, Engine::BidirectionalBfs],
        },
        ObjectiveEntry {
            name: "all-shortest",
            objective: Objective::AllShortest,
            engines: &[Engine::AllShortestBfs],
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: &[Engine::AllShortestBfs],
        },
        ObjectiveEntry {
            name: "longest",
            objective: Objective::Longest,
            engines: &[Engine::LayeredBfs],
        },
    ],
    engines: &[
        ("bfs", Engine::Bfs),
        ("bidirectional-bfs", Engine::BidirectionalBfs),
        ("all-shortest-bfs", Engine::AllShortestBfs),
        ("layered-bfs", Engine::LayeredBfs),
    ],
};

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Breadth-first search from the start until the goal predicate holds.
    Shortest,
    /// Search from both ends towards the one goal state.
    Bidirectional { goal: super::model::State },
    /// Every shortest solution, listing at most `limit` (0 lists none: the count alone).
    AllShortest { limit: usize },
    /// Every reachable state, layer by layer.
    Longest,
}

/// The plan for `choice` on a puzzle whose goal names `goal_state` (when it pins every jug),
/// with the engine resolved and its reason.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    goal_state: Option<super::model::State>,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, goal_state.is_some()));
    let plan = match (choice.objective, resolved.engine, goal_state) {
        (Objective::Shortest, Engine::BidirectionalBfs, Some(goal)) => Plan::Bidirectional { goal },
        (Objective::Shortest, Engine::BidirectionalBfs, None) => {
            return Err(choice.unfit(
                &CATALOG,
                "bidirectional search needs a goal naming one state (`A == 4 and B == 0`, every jug)",
                &[Engine::Bfs],
            ));
        }
        (Objective::Shortest, _, _) => Plan::Shortest,
        (Objective::AllShortest, _, _) => Plan::AllShortest { limit },
        (Objective::Count, _, _) => Plan::AllShortest { limit: 0 },
        (Objective::Longest, _, _) => Plan::Longest,
    };
    Ok((plan, resolved))
}

fn auto_engine(objective: Objective, single_goal: bool) -> (Engine, String) {
    let (engine, why) = match objective {
        Objective::Shortest if single_goal => (
            Engine::BidirectionalBfs,
            "the goal is one known state, so search from both ends",
        ),
        Objective::Shortest => (
            Engine::Bfs,
            "the goal is a predicate, so breadth-first search from the start",
        ),
        Objective::AllShortest | Objective::Count => (
            Engine::AllShortestBfs,
            "breadth-first search keeping every shortest parent",
        ),
        Objective::Longest => (
            Engine::LayeredBfs,
            "every reachable state is visited layer by layer",
        ),
    };
    (engine, format!("auto: {why}"))
}
