//! What an n-queens solve computes and with which engine: the catalog of names, and the typed
//! plan the loader resolves once (with `auto`'s pick and reason).

use super::board::MAX_N;
use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    List,
    Count,
    CountUnique,
    /// One placement, any.
    Any,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Row-by-row backtracking on bit masks (in parallel when counting).
    Bitboard,
    /// Backtracking on the left half of row 0, mirrored.
    BitboardMirror,
    /// One count per constellation (border queens placed) of each class of the 8 symmetries.
    BitboardSymmetry,
    /// The explicit placement for n mod 6 (`construct.rs`), O(n), empty boards only.
    Construct,
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
        ObjectiveEntry {
            name: "any",
            objective: Objective::Any,
            engines: &[Engine::Construct, Engine::Bitboard],
        },
    ],
    engines: &[
        ("bitboard", Engine::Bitboard),
        ("bitboard-mirror", Engine::BitboardMirror),
        ("bitboard-symmetry", Engine::BitboardSymmetry),
        ("construct", Engine::Construct),
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
    /// One placement by the explicit construction (empty board, any size).
    Construct,
    /// The first placement in row order by backtracking (given queens allowed, n <= 64).
    First,
}

/// The plan for `choice` on `board` (given queens break the symmetries and rule out the
/// construction), with the engine resolved and its reason.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    board: BoardShape,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(choice.objective, board.empty));
    let plan = match (choice.objective, resolved.engine) {
        (Objective::List, _) => Plan::List { limit },
        (Objective::Any, engine) => return any_plan(choice, engine, board, resolved),
        (_, Engine::BitboardMirror | Engine::BitboardSymmetry) if !board.empty => {
            return Err(choice.unfit(
                &CATALOG,
                "this engine needs an empty board: given queens break the board's symmetries",
                &[Engine::Bitboard],
            ));
        }
        (_, Engine::Bitboard) => Plan::Count,
        // `choose` already refuses it (not in the objective's list); kept as an error anyway.
        (_, Engine::Construct) => return Err(choice.unfit(&CATALOG, "", &[Engine::Bitboard])),
        (_, Engine::BitboardMirror) => Plan::CountMirrored,
        (objective, Engine::BitboardSymmetry) => Plan::CountClasses {
            unique: objective == Objective::CountUnique,
        },
    };
    Ok((plan, resolved))
}

/// What the plan depends on in the board: its size and whether queens are given.
#[derive(Debug, Clone, Copy)]
pub struct BoardShape {
    pub n: usize,
    pub empty: bool,
}

/// `any`: the construction on an empty board; backtracking (which keeps the given queens) on a
/// board of at most 64 columns.
fn any_plan(
    choice: &Choice<Objective, Engine>,
    engine: Engine,
    board: BoardShape,
    resolved: Resolved<Engine>,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    match engine {
        Engine::Construct if board.empty => Ok((Plan::Construct, resolved)),
        Engine::Construct => Err(choice.unfit(
            &CATALOG,
            "the construction places every queen itself and cannot keep given queens",
            &[Engine::Bitboard],
        )),
        _ if board.n > MAX_N => Err(choice.unfit(
            &CATALOG,
            &format!(
                "backtracking keeps a row in a 64-bit mask, so it takes boards of at most {MAX_N} columns"
            ),
            &[Engine::Construct],
        )),
        _ => Ok((Plan::First, resolved)),
    }
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
        Objective::Any if empty_board => (
            Engine::Construct,
            "on an empty board an explicit formula (by n mod 6) places every queen in O(n), no search",
        ),
        Objective::Any => (
            Engine::Bitboard,
            "given queens rule out the construction: backtracking row by row to the first placement",
        ),
    };
    (engine, format!("auto: {why}"))
}
