//! The objectives and engines of the move-puzzle families that search breadth-first without
//! costs (water jugs, sliding blocks), and the one rule set that turns a spec's choice into a
//! [`Plan`]: `auto` searches from both ends when the goal names one state, layer searches keep
//! only the last layers when every move can be undone. Each family lists in its catalog the
//! objectives and engines it offers and gives its own words for the reasons ([`Words`]).

use super::{Plan, Visited};
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

/// The catalog entries every such family offers alike.
pub const ALL_SHORTEST: ObjectiveEntry<Objective, Engine> = ObjectiveEntry {
    name: "all-shortest",
    objective: Objective::AllShortest,
    engines: &[Engine::AllShortestBfs],
};
pub const COUNT: ObjectiveEntry<Objective, Engine> = ObjectiveEntry {
    name: "count",
    objective: Objective::Count,
    engines: &[Engine::AllShortestBfs],
};
pub const SHORTEST: ObjectiveEntry<Objective, Engine> = ObjectiveEntry {
    name: "shortest",
    objective: Objective::Shortest,
    engines: &[Engine::Bfs, Engine::BidirectionalBfs],
};

/// The engines' names in specs, for a catalog's `engines` (those it offers, in this order).
pub const BFS: (&str, Engine) = ("bfs", Engine::Bfs);
pub const BIDIRECTIONAL_BFS: (&str, Engine) = ("bidirectional-bfs", Engine::BidirectionalBfs);
pub const ALL_SHORTEST_BFS: (&str, Engine) = ("all-shortest-bfs", Engine::AllShortestBfs);
pub const LAYERED_BFS: (&str, Engine) = ("layered-bfs", Engine::LayeredBfs);
pub const FRONTIER_BFS: (&str, Engine) = ("frontier-bfs", Engine::FrontierBfs);

/// A family's words for why an engine was picked or cannot run.
pub struct Words {
    /// Why bidirectional search cannot run here: what a goal naming one state looks like.
    pub bidirectional_needs: &'static str,
    /// `auto`'s reasons: a goal naming one state, a goal predicate, a layer search with a set
    /// of every state, and one keeping only the last layers.
    pub auto_bidirectional: &'static str,
    pub auto_bfs: &'static str,
    pub auto_layered: &'static str,
    pub auto_frontier: &'static str,
}

/// What the puzzle's data says, for `auto` and for refusing engines that cannot run.
pub struct Facts<S> {
    /// The one goal state, when the goal names one.
    pub goal: Option<S>,
    /// Every move can be undone (no piece leaves the board): the frontier search may run.
    pub undoable: bool,
    /// `solve.limit`: the solutions or farthest states listed at most.
    pub limit: usize,
}

/// The plan for `choice`, with the engine resolved and its reason.
pub fn plan<S>(
    catalog: &'static Catalog<Objective, Engine>,
    choice: &Choice<Objective, Engine>,
    facts: Facts<S>,
    words: &Words,
) -> Result<(Plan<S>, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, &facts, words));
    let visited = match (resolved.engine, facts.undoable) {
        (Engine::FrontierBfs, true) => Visited::Frontier,
        (Engine::FrontierBfs, false) => {
            return Err(choice.unfit(
                catalog,
                "frontier search needs moves that can be undone, and a piece here can leave the board",
                &[Engine::LayeredBfs],
            ));
        }
        _ => Visited::HashSet,
    };
    let limit = facts.limit;
    let layers = |longest| Plan::Layers {
        visited,
        longest,
        limit,
    };
    let plan = match (choice.objective, resolved.engine, facts.goal) {
        (Objective::Shortest, Engine::BidirectionalBfs, Some(goal)) => Plan::Bidirectional { goal },
        (Objective::Shortest, Engine::BidirectionalBfs, None) => {
            return Err(choice.unfit(catalog, words.bidirectional_needs, &[Engine::Bfs]));
        }
        (Objective::Shortest, _, _) => Plan::Shortest { visited },
        (Objective::AllShortest, _, _) => Plan::AllShortest {
            limit,
            counting: false,
        },
        (Objective::Count, _, _) => Plan::AllShortest {
            limit: 0,
            counting: true,
        },
        (Objective::Longest, _, _) => layers(true),
        (Objective::Reachable, _, _) => layers(false),
    };
    Ok((plan, resolved))
}

fn auto_engine<S>(objective: Objective, facts: &Facts<S>, words: &Words) -> (Engine, String) {
    let (engine, why) = match objective {
        Objective::Shortest if facts.goal.is_some() => {
            (Engine::BidirectionalBfs, words.auto_bidirectional)
        }
        Objective::Shortest => (Engine::Bfs, words.auto_bfs),
        Objective::AllShortest | Objective::Count => (
            Engine::AllShortestBfs,
            "breadth-first search keeping every shortest parent",
        ),
        Objective::Longest | Objective::Reachable if facts.undoable => {
            (Engine::FrontierBfs, words.auto_frontier)
        }
        Objective::Longest | Objective::Reachable => (Engine::LayeredBfs, words.auto_layered),
    };
    (engine, format!("auto: {why}"))
}
