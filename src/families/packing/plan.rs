//! What a packing solve computes and with which engine.

pub use crate::engine::exact_cover::bitboard::MAX_GROUPS;
use crate::families::plan::{Catalog, ObjectiveEntry};

/// The objectives are an exact cover's: a packing is one.
pub use crate::families::exact_cover::plan::Objective;

/// The engines are the exact-cover engine's own.
pub use crate::engine::exact_cover::Algorithm as Engine;

const BOTH: &[Engine] = &[Engine::Bitboard, Engine::DancingLinks];

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
        ("bitboard", Engine::Bitboard),
        ("dancing-links", Engine::DancingLinks),
    ],
};

/// Boards up to this many cells fit the bitboard engine's word.
pub const BITBOARD_CELLS: usize = 128;

/// `auto`: the bitboard where the board fits a word, dancing links past it.
pub fn auto_engine(cells: usize, kinds: usize) -> (Engine, String) {
    if kinds >= MAX_GROUPS {
        return (
            Engine::DancingLinks,
            format!("auto: {kinds} kinds of piece are past the bitboard's 63: dancing links"),
        );
    }
    if cells <= BITBOARD_CELLS {
        let word = if cells <= 64 { 64 } else { 128 };
        (
            Engine::Bitboard,
            format!(
                "auto: the board's {cells} cells fit one {word}-bit word: fill the first empty cell, one AND per placement tried"
            ),
        )
    } else {
        (
            Engine::DancingLinks,
            format!(
                "auto: the board's {cells} cells are past a 128-bit word: dancing links, the cell with the fewest placements first"
            ),
        )
    }
}
