//! What a peg solitaire solve computes and with which engine: the catalog of names, and the
//! typed plan the loader resolves once (with `auto`'s pick and its reason).

use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    Shortest,
    AllShortest,
    Count,
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Layers,
    Dfs,
    Beam,
    Iddfs,
}

/// What a solution's length counts (`[rules] metric`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// A chain of consecutive jumps by one peg is one move.
    Moves,
    Jumps,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "shortest",
            objective: Objective::Shortest,
            engines: &[Engine::Layers, Engine::Iddfs],
        },
        ObjectiveEntry {
            name: "all-shortest",
            objective: Objective::AllShortest,
            engines: &[Engine::Layers, Engine::Iddfs],
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: &[Engine::Layers],
        },
        ObjectiveEntry {
            name: "any",
            objective: Objective::Any,
            engines: &[Engine::Dfs, Engine::Beam],
        },
    ],
    engines: &[
        ("layers", Engine::Layers),
        ("dfs", Engine::Dfs),
        ("beam", Engine::Beam),
        ("iddfs", Engine::Iddfs),
    ],
};

/// How many minimal solutions a plan lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    /// One solution (`shortest`).
    One,
    /// Every minimal jump sequence counted, up to `limit` listed (`all-shortest`).
    All { limit: usize },
}

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Layers from both ends meet in the middle; then the proved minimum for the metric.
    Layers { metric: Metric, listing: Listing },
    /// Layers from both ends, counting every jump sequence.
    Count,
    /// Iterative deepening over chains of jumps (the move metric only).
    Iddfs { listing: Listing },
    /// One solution: the beam search first when `beam_first`, then the complete DFS.
    Any { beam_first: bool },
}

/// What the choice of plan depends on in the puzzle.
pub struct PlanInputs {
    pub holes: usize,
    pub metric: Metric,
    /// The goal positions are few enough to list (the beam search needs them).
    pub listable_goal: bool,
    /// `[solve] limit`: solutions listed at most.
    pub limit: usize,
}

/// Boards of more than this many holes try the beam search first for `any`.
const BEAM_BOARD_HOLES: usize = 36;

/// The plan for `choice` on this puzzle, with the engine resolved and its reason.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    inputs: &PlanInputs,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, inputs));
    let listing = match choice.objective {
        Objective::AllShortest => Listing::All {
            limit: inputs.limit,
        },
        _ => Listing::One,
    };
    let plan = match (choice.objective, resolved.engine) {
        (Objective::Any, engine) => Plan::Any {
            // Named `beam` with a goal too large to list: the DFS alone, as before.
            beam_first: engine == Engine::Beam && inputs.listable_goal,
        },
        (Objective::Count, _) => Plan::Count,
        (_, Engine::Iddfs) if inputs.metric == Metric::Jumps => {
            return Err(choice.unfit(
                &CATALOG,
                "iddfs deepens by moves (chains of jumps), not by single jumps",
                &[Engine::Layers],
            ));
        }
        (_, Engine::Iddfs) => Plan::Iddfs { listing },
        _ => Plan::Layers {
            metric: inputs.metric,
            listing,
        },
    };
    Ok((plan, resolved))
}

fn auto_engine(objective: Objective, inputs: &PlanInputs) -> (Engine, String) {
    let engine = match objective {
        Objective::Any if inputs.holes > BEAM_BOARD_HOLES && inputs.listable_goal => Engine::Beam,
        Objective::Any => Engine::Dfs,
        _ => Engine::Layers,
    };
    (engine, auto_reason(engine).to_string())
}

fn auto_reason(engine: Engine) -> &'static str {
    match engine {
        Engine::Beam => {
            "auto: a large board: exact layers back from the goal, the best positions of each layer forward from the start (the depth-first search is the fallback)"
        }
        Engine::Dfs => "auto: one solution, depth-first with a table of dead positions",
        Engine::Layers | Engine::Iddfs => {
            "auto: bitboard layers from the start and the goal meet in the middle; move distances over the positions on solutions"
        }
    }
}

/// The DFS that runs when the beam search finds nothing (or was not tried): with the DFS's own
/// reason when `auto` chose, none when the spec named the engine.
pub fn dfs_fallback(resolved: &Resolved<Engine>) -> Resolved<Engine> {
    let reason = if resolved.reason.is_empty() {
        String::new()
    } else {
        auto_reason(Engine::Dfs).to_string()
    };
    Resolved {
        engine: Engine::Dfs,
        reason,
    }
}
