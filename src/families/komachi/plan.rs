//! What a komachi solve computes and with which engine: the catalog of names, and the typed plan
//! the loader resolves once (with `auto`'s pick and reason).

use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// List every formula making the target (up to the limit) and count them; with target
    /// "all", every value with its count.
    All,
    /// Stop at the first formula making the target.
    First,
    /// Count without listing.
    Count,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    OperatorInsertion,
    IntervalValues,
}

/// Each engine solves one shape of formula (without or with parentheses); `auto` picks it.
const BOTH: &[Engine] = &[Engine::OperatorInsertion, Engine::IntervalValues];

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "all",
            objective: Objective::All,
            engines: BOTH,
        },
        ObjectiveEntry {
            name: "first",
            objective: Objective::First,
            engines: BOTH,
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: BOTH,
        },
    ],
    engines: &[
        ("operator-insertion", Engine::OperatorInsertion),
        ("interval-values", Engine::IntervalValues),
    ],
};

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Every operator sequence depth first; keep `keep` formulas, stop after `stop_after`.
    OperatorInsertion {
        keep: usize,
        stop_after: Option<u64>,
    },
    /// Values of every run of digits tabulated with their counts; rebuild `keep` trees.
    IntervalValues { keep: usize },
}

/// The plan for `choice` on formulas with or without `parentheses`, listing at most `limit`.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    parentheses: bool,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(parentheses));
    let (keep, stop_after) = match choice.objective {
        Objective::All => (limit, None),
        Objective::First => (1, Some(1)),
        Objective::Count => (0, None),
    };
    let plan = match (resolved.engine, parentheses) {
        (Engine::OperatorInsertion, false) => Plan::OperatorInsertion { keep, stop_after },
        (Engine::IntervalValues, true) => Plan::IntervalValues { keep },
        (Engine::OperatorInsertion, true) => {
            return Err(choice.unfit(
                &CATALOG,
                "operator-insertion solves formulas without parentheses, and komachi.parentheses is true",
                &[Engine::IntervalValues],
            ));
        }
        (Engine::IntervalValues, false) => {
            return Err(choice.unfit(
                &CATALOG,
                "interval-values solves formulas with parentheses, and komachi.parentheses is false",
                &[Engine::OperatorInsertion],
            ));
        }
    };
    Ok((plan, resolved))
}

fn auto_engine(parentheses: bool) -> (Engine, String) {
    if parentheses {
        (
            Engine::IntervalValues,
            "auto: parentheses, so the values of every run of digits, counted by interval".into(),
        )
    } else {
        (
            Engine::OperatorInsertion,
            "auto: no parentheses, so every operator sequence in turn, evaluated incrementally"
                .into(),
        )
    }
}
