//! What a sliding-tiles solve computes and with which engine: the catalog of names, and the typed
//! plan the loader resolves once (with `auto`'s pick and reason). Which engines fit depends on
//! the board: full-space searches need n! bytes, Wilson's theorem needs a 2-connected board.

use super::board::Topology;
use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};
use crate::report::group_digits;
use crate::spec::{SolveTable, SpecDocument};

/// Boards up to this many cells fit the rank-indexed byte arrays (12! bytes = 479 MB).
pub const MAX_ARRAY_CELLS: usize = 12;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    Shortest,
    Longest,
    Count,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Bfs,
    BidirectionalBfs,
    IdaStar,
    /// IDA* with Korf & Felner's 7-8 partition (compact tables of 57.7 M and 518.9 M bytes).
    IdaStar78,
    IdaStarManhattan,
    LayeredBfs,
    WilsonTheorem,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "shortest",
            objective: Objective::Shortest,
            engines: &[
                Engine::BidirectionalBfs,
                Engine::Bfs,
                Engine::IdaStar,
                Engine::IdaStar78,
                Engine::IdaStarManhattan,
            ],
        },
        ObjectiveEntry {
            name: "longest",
            objective: Objective::Longest,
            engines: &[Engine::LayeredBfs],
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: &[Engine::LayeredBfs, Engine::WilsonTheorem],
        },
    ],
    engines: &[
        ("bfs", Engine::Bfs),
        ("bidirectional-bfs", Engine::BidirectionalBfs),
        ("layered-bfs", Engine::LayeredBfs),
        ("ida-star", Engine::IdaStar),
        ("ida-star-7-8", Engine::IdaStar78),
        ("ida-star-manhattan", Engine::IdaStarManhattan),
        ("wilson-theorem", Engine::WilsonTheorem),
    ],
};

/// How `shortest` searches each start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// Breadth-first over the rank-indexed byte array.
    Bfs,
    /// Breadth-first from both ends.
    Bidirectional,
    /// IDA* with additive pattern databases of these disjoint tile groups.
    IdaStar { patterns: Vec<Vec<u8>> },
    /// IDA* with distances to the goal cells plus linear conflicts.
    IdaStarManhattan,
}

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    Shortest(Search),
    /// Every position reachable from the goal, layer by layer.
    Longest,
    /// The positions reachable from the one start (or the goal), visited one by one.
    CountByLayers,
    /// Too many to visit: Wilson's theorem gives n!/2 on bipartite boards, n! on others.
    CountByTheorem {
        bipartite: bool,
    },
}

/// What the plan depends on in the board.
pub struct BoardFacts<'a> {
    pub cells: usize,
    pub topology: &'a Topology,
    pub bipartite: bool,
    /// The pattern groups (given or default), for `ida-star`.
    pub patterns: Vec<Vec<u8>>,
    /// Korf & Felner's 7-8 groups, on a 4x4 board whose goal blank is in a corner.
    pub seven_eight: Option<Vec<Vec<u8>>>,
}

impl BoardFacts<'_> {
    fn arrangements_text(&self) -> String {
        let total: u128 = (1..=self.cells as u128).product();
        format!("{}! = {}", self.cells, group_digits(total))
    }

    fn fits_array(&self) -> bool {
        self.cells <= MAX_ARRAY_CELLS
    }

    /// Whether Wilson's theorem gives the count (2-connected, not a cycle, not theta-0).
    fn wilson_applies(&self) -> bool {
        *self.topology == Topology::TwoConnected && (self.bipartite || self.cells != 7)
    }
}

/// The plan for `choice` on a board with `facts`, with the engine resolved and its reason; a
/// named engine that cannot run on this board is an error at the spec's value.
pub fn plan(
    doc: &SpecDocument,
    solve: &SolveTable,
    choice: &Choice<Objective, Engine>,
    facts: BoardFacts,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, &facts));
    let full_space = matches!(resolved.engine, Engine::Bfs | Engine::LayeredBfs);
    if full_space && !facts.fits_array() {
        let span = match (&solve.engine, resolved.reason.is_empty()) {
            (Some(e), true) => e.span(),
            _ => solve.objective.as_ref().map_or(0..0, |o| o.span()),
        };
        return Err(doc
            .error(
                span,
                format!(
                    "{}! arrangements are too many to visit one by one",
                    facts.cells
                ),
            )
            .help(too_big_help(choice.objective)));
    }
    if resolved.engine == Engine::WilsonTheorem && !facts.wilson_applies() {
        return Err(choice.unfit(
            &CATALOG,
            "Wilson's theorem counts only on 2-connected boards other than a cycle",
            &[Engine::LayeredBfs],
        ));
    }
    let seven_eight = match (resolved.engine, facts.seven_eight) {
        (Engine::IdaStar78, None) => {
            return Err(choice.unfit(
                &CATALOG,
                "the 7-8 pattern databases are made for a 4x4 board whose goal has the blank \
                 in a corner",
                &[Engine::IdaStar, Engine::IdaStarManhattan],
            ));
        }
        (_, groups) => groups.unwrap_or_default(),
    };
    let plan = match resolved.engine {
        Engine::Bfs => Plan::Shortest(Search::Bfs),
        Engine::BidirectionalBfs => Plan::Shortest(Search::Bidirectional),
        Engine::IdaStar => Plan::Shortest(Search::IdaStar {
            patterns: facts.patterns,
        }),
        Engine::IdaStar78 => Plan::Shortest(Search::IdaStar {
            patterns: seven_eight,
        }),
        Engine::IdaStarManhattan => Plan::Shortest(Search::IdaStarManhattan),
        Engine::LayeredBfs if choice.objective == Objective::Longest => Plan::Longest,
        Engine::LayeredBfs => Plan::CountByLayers,
        Engine::WilsonTheorem => Plan::CountByTheorem {
            bipartite: facts.bipartite,
        },
    };
    Ok((plan, resolved))
}

fn too_big_help(objective: Objective) -> String {
    let other = match objective {
        Objective::Count => {
            "; Wilson's theorem gives the count only on 2-connected boards other than a cycle"
        }
        _ => "; for `shortest` use ida-star",
    };
    format!("full-space searches take boards of at most {MAX_ARRAY_CELLS} cells{other}")
}

/// `auto`: full-space searches while n! fits a byte array, else IDA* or the theorem.
fn auto_engine(objective: Objective, facts: &BoardFacts) -> (Engine, String) {
    let arrangements = facts.arrangements_text();
    let (engine, why) = match objective {
        Objective::Shortest if facts.fits_array() => (
            Engine::BidirectionalBfs,
            format!(
                "{arrangements} arrangements is small enough to search breadth-first; \
                 searching from both ends meets in the middle"
            ),
        ),
        Objective::Shortest => (
            Engine::IdaStar,
            format!(
                "{arrangements} arrangements is too many to store; IDA* with additive pattern \
                 databases needs memory only for its tables"
            ),
        ),
        Objective::Longest => (
            Engine::LayeredBfs,
            format!(
                "every arrangement reachable from the goal is visited once, layer by layer, \
                 marked in a byte array indexed by permutation rank ({arrangements} slots)"
            ),
        ),
        Objective::Count if facts.fits_array() || !facts.wilson_applies() => (
            Engine::LayeredBfs,
            format!("{arrangements} arrangements fit a byte array indexed by permutation rank"),
        ),
        Objective::Count => (
            Engine::WilsonTheorem,
            "too many arrangements to visit; the board is 2-connected, so Wilson's theorem \
             gives the count"
                .to_string(),
        ),
    };
    (engine, format!("auto: {why}"))
}
