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
    /// Every position reachable from the start, counted by peg count.
    Reachable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Layers,
    Dfs,
    Beam,
    Iddfs,
    /// Depth-first with pagoda cuts and a bounded table of dead positions.
    Filtered,
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
            name: "reachable",
            objective: Objective::Reachable,
            engines: &[Engine::Layers],
        },
        ObjectiveEntry {
            name: "any",
            objective: Objective::Any,
            engines: &[Engine::Filtered, Engine::Dfs, Engine::Beam],
        },
    ],
    engines: &[
        ("layers", Engine::Layers),
        ("dfs", Engine::Dfs),
        ("beam", Engine::Beam),
        ("iddfs", Engine::Iddfs),
        ("filtered-dfs", Engine::Filtered),
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
    /// Layers forward from the start until no jump is left, every position counted.
    Reachable,
    /// Iterative deepening over chains of jumps (the move metric only).
    Iddfs { listing: Listing },
    /// One solution: the beam search first when `beam_first`, then the complete DFS.
    Any { beam_first: bool },
    /// One solution by the filtered DFS; past its budget, `Any { beam_first }`.
    Filtered { beam_first: bool },
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
    let resolved = choice.resolve(|| auto_engine(choice.objective));
    let listing = match choice.objective {
        Objective::AllShortest => Listing::All {
            limit: inputs.limit,
        },
        _ => Listing::One,
    };
    let plan = match (choice.objective, resolved.engine) {
        (Objective::Any, Engine::Filtered) => Plan::Filtered {
            beam_first: inputs.holes > BEAM_BOARD_HOLES && inputs.listable_goal,
        },
        (Objective::Any, engine) => Plan::Any {
            // Named `beam` with a goal too large to list: the DFS alone, as before.
            beam_first: engine == Engine::Beam && inputs.listable_goal,
        },
        (Objective::Count, _) => Plan::Count,
        (Objective::Reachable, _) => Plan::Reachable,
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

fn auto_engine(objective: Objective) -> (Engine, String) {
    match objective {
        Objective::Any => (Engine::Filtered, auto_reason(Engine::Filtered).into()),
        Objective::Reachable => (
            Engine::Layers,
            "auto: bitboard layers forward from the start until no jump is left, one sorted vector of symmetry classes per peg count".into(),
        ),
        _ => (Engine::Layers, auto_reason(Engine::Layers).into()),
    }
}

fn auto_reason(engine: Engine) -> &'static str {
    match engine {
        Engine::Beam => {
            "auto: a beam search: exact layers back from the goal while small, forward from the start only the positions of each layer whose pegs are easiest to clear (wider beams on large boards, then the depth-first search, are the fallbacks)"
        }
        Engine::Dfs => "auto: one solution, depth-first with a table of dead positions",
        Engine::Filtered => {
            "auto: one solution is asked for: depth-first, fewest isolated pegs first, jumps cut by pagoda functions of the jump table, dead positions remembered up to symmetry (no layer is built first; past its budget a guided beam search, then the end-game DFS)"
        }
        Engine::Layers | Engine::Iddfs => {
            "auto: bitboard layers from the start and the goal meet in the middle; move distances over the positions on solutions"
        }
    }
}

/// The DFS that runs when the beam search finds nothing (or was not tried), or the filtered
/// DFS gave up: with the DFS's own reason when `auto` chose, none when the spec named the engine.
pub fn dfs_fallback(resolved: &Resolved<Engine>) -> Resolved<Engine> {
    fallback(resolved, Engine::Dfs)
}

/// `engine` running in place of the resolved one: the auto reason of `engine` when `auto`
/// chose, none when the spec named an engine.
pub fn fallback(resolved: &Resolved<Engine>, engine: Engine) -> Resolved<Engine> {
    let reason = if resolved.reason.is_empty() {
        String::new()
    } else if resolved.engine == engine {
        resolved.reason.clone()
    } else {
        auto_reason(engine).to_string()
    };
    Resolved { engine, reason }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{SolveTable, SpecDocument};
    use std::path::Path;

    fn choose(solve: &str) -> Result<Choice<Objective, Engine>, Diagnostic> {
        #[derive(serde::Deserialize)]
        struct D {
            solve: SolveTable,
        }
        let text = format!("[puzzle]\nname = \"t\"\nkind = \"peg-solitaire\"\n[solve]\n{solve}\n");
        let doc = SpecDocument::from_text(Path::new("t.toml"), text, &[]).unwrap();
        let parsed: D = toml::from_str(&doc.source.text).unwrap();
        CATALOG.choose(&doc, &parsed.solve)
    }

    fn inputs(holes: usize, metric: Metric, listable_goal: bool) -> PlanInputs {
        PlanInputs {
            holes,
            metric,
            listable_goal,
            limit: 7,
        }
    }

    #[test]
    fn auto_takes_the_filtered_dfs_and_the_beam_only_as_fallback_on_large_boards() {
        let c = choose("objective = \"any\"").unwrap();
        for (holes, listable, beam_first) in
            [(33, true, false), (37, true, true), (37, false, false)]
        {
            let (p, resolved) = plan(&c, &inputs(holes, Metric::Moves, listable)).unwrap();
            assert_eq!(resolved.engine, Engine::Filtered, "{holes} holes");
            assert!(
                resolved
                    .reason
                    .starts_with("auto: one solution is asked for")
            );
            assert_eq!(p, Plan::Filtered { beam_first });
        }
        let c = choose("objective = \"any\"\nengine = \"dfs\"").unwrap();
        let (p, resolved) = plan(&c, &inputs(37, Metric::Moves, true)).unwrap();
        assert_eq!(
            (p, resolved.engine),
            (Plan::Any { beam_first: false }, Engine::Dfs)
        );
    }

    #[test]
    fn a_named_beam_keeps_no_reason_and_the_dfs_fallback_none_either() {
        let c = choose("objective = \"any\"\nengine = \"beam\"").unwrap();
        let (p, resolved) = plan(&c, &inputs(10, Metric::Moves, true)).unwrap();
        assert_eq!(p, Plan::Any { beam_first: true });
        assert_eq!(resolved.reason, "");
        assert_eq!(dfs_fallback(&resolved).reason, "");
        let auto = choose("objective = \"any\"").unwrap();
        let (_, resolved) = plan(&auto, &inputs(40, Metric::Moves, true)).unwrap();
        assert!(
            dfs_fallback(&resolved)
                .reason
                .contains("table of dead positions")
        );
        assert!(
            fallback(&resolved, Engine::Beam)
                .reason
                .contains("easiest to clear")
        );
    }

    #[test]
    fn listing_follows_the_objective_and_the_metric_reaches_the_layers() {
        let c = choose("objective = \"all-shortest\"").unwrap();
        let (p, _) = plan(&c, &inputs(15, Metric::Jumps, true)).unwrap();
        let listing = Listing::All { limit: 7 };
        let metric = Metric::Jumps;
        assert_eq!(p, Plan::Layers { metric, listing });
        let c = choose("engine = \"iddfs\"").unwrap();
        let (p, _) = plan(&c, &inputs(15, Metric::Moves, true)).unwrap();
        assert_eq!(
            p,
            Plan::Iddfs {
                listing: Listing::One
            }
        );
        let c = choose("objective = \"count\"").unwrap();
        assert_eq!(
            plan(&c, &inputs(15, Metric::Moves, true)).unwrap().0,
            Plan::Count
        );
        let c = choose("objective = \"reachable\"").unwrap();
        let (p, resolved) = plan(&c, &inputs(15, Metric::Moves, true)).unwrap();
        assert_eq!((p, resolved.engine), (Plan::Reachable, Engine::Layers));
        assert!(resolved.reason.contains("until no jump is left"));
    }

    #[test]
    fn iddfs_with_the_jump_metric_is_an_error_at_the_engine() {
        let c = choose("engine = \"iddfs\"").unwrap();
        let e = plan(&c, &inputs(15, Metric::Jumps, true)).unwrap_err();
        assert!(
            e.message
                .contains("`iddfs` does not compute objective `shortest`")
        );
        assert_eq!(e.location.unwrap().line_col(), (5, 10));
        assert!(e.help.unwrap().contains("one of: layers"));
    }

    #[test]
    fn engines_that_cannot_compute_the_objective_are_refused() {
        for solve in [
            "objective = \"count\"\nengine = \"iddfs\"",
            "objective = \"any\"\nengine = \"layers\"",
            "objective = \"shortest\"\nengine = \"dfs\"",
            "objective = \"reachable\"\nengine = \"beam\"",
        ] {
            assert!(choose(solve).is_err(), "{solve}");
        }
    }
}
