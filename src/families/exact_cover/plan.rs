//! What an exact-cover solve computes and with which engine.

use crate::families::plan::{Catalog, ObjectiveEntry};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// One cover.
    Any,
    /// Covers listed up to `solve.limit`.
    All,
    /// Every cover counted, none listed.
    Count,
}

/// The engines are the exact-cover engine's own.
pub use crate::engine::exact_cover::Algorithm as Engine;

const BOTH: &[Engine] = &[Engine::DancingLinks, Engine::Bitboard];

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "any",
            objective: Objective::Any,
            engines: BOTH,
        },
        ObjectiveEntry {
            name: "all",
            objective: Objective::All,
            engines: BOTH,
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: BOTH,
        },
    ],
    engines: &[
        ("dancing-links", Engine::DancingLinks),
        ("bitboard", Engine::Bitboard),
    ],
};

/// `auto`: dancing links, whose fewest-options choice suits any exact cover (the bitboard's
/// lowest-item order only suits items numbered in a good filling order, as a board's cells).
pub fn auto_engine() -> (Engine, String) {
    (
        Engine::DancingLinks,
        "auto: Algorithm C over dancing links, the primary item with the fewest options first"
            .to_string(),
    )
}
