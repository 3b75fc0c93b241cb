//! What an exact-cover solve computes and with which engine.

use super::listing::Listed;
use crate::families::plan::{Catalog, ObjectiveEntry};

/// What an exact cover's solve computes, and a packing's (which is an exact cover).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// One cover.
    Any,
    /// Covers listed up to `solve.limit`.
    All,
    /// Every cover counted, none listed (a packing's also up to the symmetries).
    Count,
    /// One cover, the least of its class under the symmetries.
    AnyClass,
    /// One cover per class under the symmetries (the least of each), up to `solve.limit`.
    AllClasses,
}

impl Objective {
    /// How the objective lists, or `None` for `count`.
    pub fn listed(self) -> Option<Listed> {
        let (all, classes) = match self {
            Objective::Count => return None,
            Objective::Any => (false, false),
            Objective::All => (true, false),
            Objective::AnyClass => (false, true),
            Objective::AllClasses => (true, true),
        };
        Some(Listed { all, classes })
    }
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
        ObjectiveEntry {
            name: "any-class",
            objective: Objective::AnyClass,
            engines: BOTH,
        },
        ObjectiveEntry {
            name: "all-classes",
            objective: Objective::AllClasses,
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
