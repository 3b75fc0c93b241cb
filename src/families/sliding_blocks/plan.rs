//! What a sliding-blocks solve computes and with which engine: the catalog of names, and the
//! typed plan the loader resolves once (with `auto`'s pick and reason).

use super::model::State;
use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    Shortest,
    AllShortest,
    Count,
    Longest,
    Reachable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Bfs,
    BidirectionalBfs,
    AllShortestBfs,
    LayeredBfs,
    FrontierBfs,
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
            engines: &[Engine::FrontierBfs, Engine::LayeredBfs],
        },
        ObjectiveEntry {
            name: "reachable",
            objective: Objective::Reachable,
            engines: &[Engine::FrontierBfs, Engine::LayeredBfs],
        },
    ],
    engines: &[
        ("bfs", Engine::Bfs),
        ("bidirectional-bfs", Engine::BidirectionalBfs),
        ("all-shortest-bfs", Engine::AllShortestBfs),
        ("layered-bfs", Engine::LayeredBfs),
        ("frontier-bfs", Engine::FrontierBfs),
    ],
};

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Breadth-first search from the start until the goal holds.
    Shortest,
    /// Search from both ends towards the one goal position.
    Bidirectional { goal: State },
    /// Every shortest solution counted, at most `limit` listed (0: the count alone).
    AllShortest { limit: usize },
    /// Every reachable position, layer by layer; the farthest ones shown.
    Longest { sweep: Sweep },
    /// Every reachable position, counted.
    Reachable { sweep: Sweep },
}

/// How a search over every position remembers what it has seen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sweep {
    /// A hash set of every position (any puzzle).
    VisitedSet,
    /// Only the last layers, as sorted vectors (every move can be undone: no exits).
    Frontier,
}

/// The plan for `choice`, given the one goal position when the goal names one, and whether
/// every move can be undone (no piece can leave the board).
pub fn plan(
    choice: &Choice<Objective, Engine>,
    goal_state: Option<State>,
    undoable: bool,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, goal_state.is_some(), undoable));
    let sweep = match (resolved.engine, undoable) {
        (Engine::FrontierBfs, true) => Sweep::Frontier,
        (Engine::FrontierBfs, false) => {
            return Err(choice.unfit(
                &CATALOG,
                "frontier search needs moves that can be undone, and a piece here can leave the board",
                &[Engine::LayeredBfs],
            ));
        }
        _ => Sweep::VisitedSet,
    };
    let plan = match (choice.objective, resolved.engine, goal_state) {
        (Objective::Shortest, Engine::BidirectionalBfs, Some(goal)) => Plan::Bidirectional { goal },
        (Objective::Shortest, Engine::BidirectionalBfs, None) => {
            return Err(choice.unfit(
                &CATALOG,
                "bidirectional search needs a goal drawing that places every piece, with no piece able to leave the board",
                &[Engine::Bfs],
            ));
        }
        (Objective::Shortest, _, _) => Plan::Shortest,
        (Objective::AllShortest, _, _) => Plan::AllShortest { limit },
        (Objective::Count, _, _) => Plan::AllShortest { limit: 0 },
        (Objective::Longest, _, _) => Plan::Longest { sweep },
        (Objective::Reachable, _, _) => Plan::Reachable { sweep },
    };
    Ok((plan, resolved))
}

fn auto_engine(objective: Objective, single_goal: bool, undoable: bool) -> (Engine, String) {
    let (engine, why) = match objective {
        Objective::Shortest if single_goal => (
            Engine::BidirectionalBfs,
            "the goal is one full position, so search from both ends",
        ),
        Objective::Shortest => (
            Engine::Bfs,
            "the goal leaves pieces free, so breadth-first search from the start",
        ),
        Objective::AllShortest | Objective::Count => (
            Engine::AllShortestBfs,
            "breadth-first search keeping every shortest parent",
        ),
        Objective::Longest | Objective::Reachable if undoable => (
            Engine::FrontierBfs,
            "every move can be undone, so layer by layer keeping only the last layers",
        ),
        Objective::Longest | Objective::Reachable => (
            Engine::LayeredBfs,
            "a piece can leave the board, so layer by layer with a set of every position seen",
        ),
    };
    (engine, format!("auto: {why}"))
}
