//! What an n-queens solve computes and with which engine: the catalog of names, and the typed
//! plan the loader resolves once (with `auto`'s pick and reason).

use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    List,
    Count,
    CountUnique,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Row-by-row backtracking on bit masks (in parallel when counting).
    Bitboard,
    /// Backtracking on the left half of row 0, mirrored.
    BitboardMirror,
    /// One search per class of the 8 symmetries of the square.
    BitboardSymmetry,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "list",
            objective: Objective::List,
            engines: &[Engine::Bitboard],
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: &[
                Engine::BitboardSymmetry,
                Engine::Bitboard,
                Engine::BitboardMirror,
            ],
        },
        ObjectiveEntry {
            name: "count-unique",
            objective: Objective::CountUnique,
            engines: &[Engine::BitboardSymmetry],
        },
    ],
    engines: &[
        ("bitboard", Engine::Bitboard),
        ("bitboard-mirror", Engine::BitboardMirror),
        ("bitboard-symmetry", Engine::BitboardSymmetry),
    ],
};

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// List up to `limit` placements in order.
    List { limit: usize },
    /// Count by plain backtracking (given queens allowed).
    Count,
    /// Count on half the board, mirrored (empty board).
    CountMirrored,
    /// Count the symmetry classes (empty board); the answer is the number of classes when
    /// `unique`, else the number of placements.
    CountClasses { unique: bool },
}

/// The plan for `choice` on a board that is empty or not (given queens break the symmetries),
/// with the engine resolved and its reason.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    empty_board: bool,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, empty_board));
    let plan = match (choice.objective, resolved.engine) {
        (Objective::List, _) => Plan::List { limit },
        (_, Engine::BitboardMirror | Engine::BitboardSymmetry) if !empty_board => {
            return Err(choice.unfit(
                &CATALOG,
                "this engine needs an empty board: given queens break the board's symmetries",
                &[Engine::Bitboard],
            ));
        }
        (_, Engine::Bitboard) => Plan::Count,
        (_, Engine::BitboardMirror) => Plan::CountMirrored,
        (objective, Engine::BitboardSymmetry) => Plan::CountClasses {
            unique: objective == Objective::CountUnique,
        },
    };
    Ok((plan, resolved))
}

fn auto_engine(objective: Objective, empty_board: bool) -> (Engine, String) {
    let (engine, why) = match objective {
        Objective::List => (
            Engine::Bitboard,
            "bitboard backtracking row by row, in the order the solutions are listed",
        ),
        Objective::Count if !empty_board => (
            Engine::Bitboard,
            "bitboard backtracking in parallel; given queens rule out symmetry",
        ),
        Objective::Count | Objective::CountUnique => (
            Engine::BitboardSymmetry,
            "the empty board has 8 symmetries: one search per solution class",
        ),
    };
    (engine, format!("auto: {why}"))
}
