//! What a search solve computes and with which engine: the catalog of names, and the typed plan
//! the loader resolves once (with `auto`'s pick and reason).

pub use super::objective::Objective;
use super::strategy::Strategy;
use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Propagation,
    Backtracking,
}

const BOTH: &[Engine] = &[Engine::Propagation, Engine::Backtracking];

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
        ObjectiveEntry {
            name: "maximize",
            objective: Objective::Maximize,
            engines: BOTH,
        },
        ObjectiveEntry {
            name: "minimize",
            objective: Objective::Minimize,
            engines: BOTH,
        },
    ],
    engines: &[
        ("propagation", Engine::Propagation),
        ("backtracking", Engine::Backtracking),
    ],
};

/// The solve, fully decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Variables bound in the declared order, each constraint tested once its last variable is.
    Backtracking {
        /// Solutions to keep for the listing.
        keep: usize,
        /// Stop after this many solutions (`first`), or search the whole space.
        stop_after: Option<u64>,
    },
    /// Domains narrowed by propagators at every node; values are bit sets from `offset`.
    Propagation {
        keep: usize,
        stop_after: Option<u64>,
        offset: i64,
        strategy: Strategy,
    },
}

/// The plan for `choice`, listing at most `limit` solutions. `span`: the domains' least value
/// when every value fits the propagation engine's bit sets, else why not.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    limit: usize,
    span: Result<i64, String>,
    strategy: Strategy,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| match &span {
        Ok(_) => (
            Engine::Propagation,
            "auto: the domains fit 128-value bit sets, so they are narrowed by propagation at every node"
                .to_string(),
        ),
        Err(why) => (
            Engine::Backtracking,
            format!("auto: {why}; variables bound in the declared order, each constraint tested as soon as its last variable is bound"),
        ),
    });
    let (keep, stop_after) = match choice.objective {
        Objective::All => (limit, None),
        Objective::First => (1, Some(1)),
        Objective::Count => (0, None),
        Objective::Maximize | Objective::Minimize => (1, None),
    };
    let plan = match (resolved.engine, span) {
        (Engine::Backtracking, _) => Plan::Backtracking { keep, stop_after },
        (Engine::Propagation, Ok(offset)) => Plan::Propagation {
            keep,
            stop_after,
            offset,
            strategy,
        },
        (Engine::Propagation, Err(why)) => {
            return Err(choice.unfit(&CATALOG, &why, &[Engine::Backtracking]));
        }
    };
    Ok((plan, resolved))
}
