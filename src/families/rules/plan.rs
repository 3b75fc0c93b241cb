//! What a rules solve computes and with which engine: the catalog of names, and the typed plan
//! the loader resolves once (with `auto`'s pick and reason).

use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    Shortest,
    Cheapest,
    AllShortest,
    Count,
    Longest,
    Reachable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Bfs,
    BitmapBfs,
    BidirectionalBfs,
    UniformCost,
    AStar,
    IdaStar,
    AllShortestBfs,
    LayeredBfs,
    BitmapLayers,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "shortest",
            objective: Objective::Shortest,
            engines: &[
                Engine::Bfs,
                Engine::BitmapBfs,
                Engine::BidirectionalBfs,
                Engine::AStar,
                Engine::IdaStar,
            ],
        },
        ObjectiveEntry {
            name: "cheapest",
            objective: Objective::Cheapest,
            engines: &[Engine::UniformCost, Engine::AStar],
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
            engines: &[Engine::LayeredBfs, Engine::BitmapLayers],
        },
        ObjectiveEntry {
            name: "reachable",
            objective: Objective::Reachable,
            engines: &[Engine::LayeredBfs, Engine::BitmapLayers],
        },
    ],
    engines: &[
        ("bfs", Engine::Bfs),
        ("bitmap-bfs", Engine::BitmapBfs),
        ("bidirectional-bfs", Engine::BidirectionalBfs),
        ("uniform-cost", Engine::UniformCost),
        ("a-star", Engine::AStar),
        ("ida-star", Engine::IdaStar),
        ("all-shortest-bfs", Engine::AllShortestBfs),
        ("layered-bfs", Engine::LayeredBfs),
        ("bitmap-layers", Engine::BitmapLayers),
    ],
};

/// States of at most this many bits are visited in a bitmap (2^30 bits: 128 MiB).
pub const BITMAP_BITS: u32 = 30;

/// The solve, fully decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Breadth-first search from the start until the goal holds; `bitmap`: visited set
    /// indexed by the packed state.
    Shortest { bitmap: bool },
    /// Breadth-first search from the start and back from the goal state, layer by layer.
    Bidirectional,
    /// Least total cost (`unit`: each move costs 1, for `shortest`); `heuristic`: A* with the
    /// spec's estimate or the pattern databases of `heuristic = "auto"`.
    Cheapest { heuristic: bool, unit: bool },
    /// Iterative-deepening A* with the heuristic: fewest moves in the memory of one path.
    Deepening,
    /// Every shortest solution, listing at most `limit` (0: the count alone).
    AllShortest { limit: usize },
    /// Every reachable state layer by layer; `bitmap`: visited set indexed by the packed state.
    Layers { bitmap: bool },
}

impl Plan {
    /// About what the plan's engine keeps per state visited (entries, the hash tables' spare
    /// room, queues), for the note before a search that would pass the memory cap.
    pub fn bytes_per_state(&self) -> f64 {
        match self {
            // The node list (state, parent, move: 24 bytes) and the visited set, or the bitmap
            // (at most 128 MiB in all).
            Plan::Shortest { bitmap: false } => 40.0,
            Plan::Shortest { bitmap: true } => 24.0,
            // A map from each state to its link (24 bytes) with spare room, and the frontiers.
            Plan::Bidirectional => 56.0,
            // The node list (32 bytes), the best-cost map and the priority queue.
            Plan::Cheapest { .. } => 72.0,
            // Only the path is kept.
            Plan::Deepening => 0.0,
            // A node with its list of parents and its count of ways, and the index map.
            Plan::AllShortest { .. } => 96.0,
            // The visited set and the layers; with a bitmap, only the two layers.
            Plan::Layers { bitmap: false } => 24.0,
            Plan::Layers { bitmap: true } => 8.0,
        }
    }
}

/// What the data says, for `auto` and for refusing engines that cannot run.
pub struct Facts {
    pub bits: u32,
    pub has_heuristic: bool,
    /// `heuristic = "auto"`.
    pub auto_heuristic: bool,
    pub costs_differ: bool,
    /// Move instances.
    pub moves: u64,
    /// When the goal names one full state: the candidate predecessors tried per state.
    pub backward: Option<u64>,
    /// Bits of the states' index for a bitmap: the packed bits, or fewer when arrays that stay
    /// permutations are ranked (rank.rs).
    pub index_bits: u32,
    /// The ranked arrays and their lengths.
    pub ranked: Option<Vec<(String, usize)>>,
}

impl Facts {
    /// "the state packs into 35 bits", and how ranking narrows it.
    fn packing(&self) -> String {
        let packs = format!("the state packs into {} bits", self.bits);
        match &self.ranked {
            None => packs,
            Some(arrays) => {
                let named: Vec<String> = (arrays.iter())
                    .map(|(a, n)| format!("`{a}` ({n}! orders)"))
                    .collect();
                format!(
                    "{packs}; {} only ever permute{}, so the states are ranked into {} bits",
                    named.join(" and "),
                    if arrays.len() == 1 { "s" } else { "" },
                    self.index_bits
                )
            }
        }
    }
}

/// Candidate predecessors per state and move above which `auto` keeps to forward search
/// (the 8-puzzle tries 9 per move, the Tower of Hanoi 3, Lights Out 1).
const AUTO_BACKWARD_PER_MOVE: u64 = 16;
/// Candidate predecessors per state above which bidirectional search is refused.
const MAX_BACKWARD: u64 = 1 << 20;

pub fn plan(
    choice: &Choice<Objective, Engine>,
    facts: &Facts,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, facts));
    let plan = match (choice.objective, resolved.engine) {
        (Objective::Shortest, Engine::BitmapBfs) if facts.index_bits > BITMAP_BITS => {
            return Err(too_big_for_bitmap(choice, facts, Engine::Bfs));
        }
        (Objective::Shortest, Engine::BidirectionalBfs) => bidirectional(choice, facts)?,
        (Objective::Shortest | Objective::Cheapest, Engine::AStar) if !facts.has_heuristic => {
            return Err(choice.unfit(
                &CATALOG,
                "a-star needs `heuristic` in [goal]",
                &[Engine::UniformCost],
            ));
        }
        (Objective::Shortest, Engine::IdaStar) if !facts.has_heuristic => {
            return Err(choice.unfit(
                &CATALOG,
                "ida-star needs `heuristic` in [goal]",
                &[Engine::Bfs],
            ));
        }
        (Objective::Shortest, Engine::IdaStar) => Plan::Deepening,
        (Objective::Shortest, Engine::AStar) => Plan::Cheapest {
            heuristic: true,
            unit: true,
        },
        (Objective::Shortest, engine) => Plan::Shortest {
            bitmap: engine == Engine::BitmapBfs,
        },
        (Objective::Cheapest, engine) => Plan::Cheapest {
            heuristic: engine == Engine::AStar,
            unit: false,
        },
        (Objective::AllShortest, _) => Plan::AllShortest { limit },
        (Objective::Count, _) => Plan::AllShortest { limit: 0 },
        (Objective::Longest | Objective::Reachable, Engine::BitmapLayers)
            if facts.index_bits > BITMAP_BITS =>
        {
            return Err(too_big_for_bitmap(choice, facts, Engine::LayeredBfs));
        }
        (Objective::Longest | Objective::Reachable, engine) => Plan::Layers {
            bitmap: engine == Engine::BitmapLayers,
        },
    };
    Ok((plan, resolved))
}

/// Bidirectional search when the goal is one state and its predecessors can be found.
fn bidirectional(choice: &Choice<Objective, Engine>, facts: &Facts) -> Result<Plan, Diagnostic> {
    let why = match facts.backward {
        None => "bidirectional search needs a goal naming one full state (`x == value` for every variable and array element, joined by `and` or `all`)".to_string(),
        Some(n) if n > MAX_BACKWARD => format!(
            "bidirectional search would try {n} candidate predecessors per state (the moves write slots whose old values the new state does not tell); at most {MAX_BACKWARD}"
        ),
        Some(_) => return Ok(Plan::Bidirectional),
    };
    let instead = if facts.index_bits <= BITMAP_BITS {
        Engine::BitmapBfs
    } else {
        Engine::Bfs
    };
    Err(choice.unfit(&CATALOG, &why, &[instead]))
}

/// Whether `auto` searches from both ends: the goal is one state and each move's
/// predecessors of a state are few to try.
fn auto_bidirectional(facts: &Facts) -> Option<u64> {
    facts
        .backward
        .filter(|&n| n <= AUTO_BACKWARD_PER_MOVE.saturating_mul(facts.moves.max(1)))
}

fn too_big_for_bitmap(
    choice: &Choice<Objective, Engine>,
    facts: &Facts,
    instead: Engine,
) -> Diagnostic {
    choice.unfit(
        &CATALOG,
        &format!(
            "the state needs {} bits and a bitmap takes at most {BITMAP_BITS}",
            facts.index_bits
        ),
        &[instead],
    )
}

fn auto_engine(objective: Objective, facts: &Facts) -> (Engine, String) {
    let (engine, why) = match objective {
        // Depth first where the states only permute (tiles, cubies): few short cycles, and a
        // space too big to keep; elsewhere (a Tower of Hanoi is full of cycles) A*.
        Objective::Shortest if facts.auto_heuristic && facts.ranked.is_some() => (
            Engine::IdaStar,
            "heuristic = \"auto\" and the state is permuted arrays, so iterative-deepening A* guided by pattern databases built from the rules".to_string(),
        ),
        Objective::Shortest | Objective::Cheapest if facts.auto_heuristic => (
            Engine::AStar,
            "heuristic = \"auto\": A* guided by pattern databases built from the rules".to_string(),
        ),
        Objective::Shortest if let Some(n) = auto_bidirectional(facts) => (
            Engine::BidirectionalBfs,
            format!(
                "the goal names one full state, so breadth-first search runs from both ends; each state's predecessors are found exactly by trying at most {n} candidates per state through the {} moves forwards (no move is assumed reversible)",
                facts.moves
            ),
        ),
        Objective::Shortest if facts.index_bits <= BITMAP_BITS => (
            Engine::BitmapBfs,
            format!(
                "breadth-first search finds the fewest moves; {}, so the visited set is a bitmap",
                facts.packing()
            ),
        ),
        Objective::Shortest => (
            Engine::Bfs,
            format!(
                "breadth-first search finds the fewest moves; the state needs {} bits (a bitmap takes at most {BITMAP_BITS}), so a hash set",
                facts.bits
            ),
        ),
        Objective::Cheapest if facts.has_heuristic => (
            Engine::AStar,
            "moves have costs and the goal has a heuristic, so A*".to_string(),
        ),
        Objective::Cheapest if facts.costs_differ => (
            Engine::UniformCost,
            "moves have different costs and no heuristic is given, so uniform-cost search"
                .to_string(),
        ),
        Objective::Cheapest => (
            Engine::UniformCost,
            "uniform-cost search (every move costs the same here, so this equals shortest)"
                .to_string(),
        ),
        Objective::AllShortest | Objective::Count => (
            Engine::AllShortestBfs,
            "breadth-first search keeping every shortest parent".to_string(),
        ),
        Objective::Longest | Objective::Reachable if facts.index_bits <= BITMAP_BITS => (
            Engine::BitmapLayers,
            format!(
                "{}, so every state is visited layer by layer with a bitmap",
                facts.packing()
            ),
        ),
        Objective::Longest | Objective::Reachable => (
            Engine::LayeredBfs,
            format!(
                "the state needs {} bits (a bitmap takes at most {BITMAP_BITS}), so layers with a hash set",
                facts.bits
            ),
        ),
    };
    (engine, format!("auto: {why}"))
}
