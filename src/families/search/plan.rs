//! What a search solve computes and with which engine: the catalog of names, and the typed plan
//! the loader resolves once (with `auto`'s pick and reason).

use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// List every solution (up to the limit) and count them.
    All,
    /// Stop at the first solution.
    First,
    /// Count without listing.
    Count,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Backtracking,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "all",
            objective: Objective::All,
            engines: &[Engine::Backtracking],
        },
        ObjectiveEntry {
            name: "first",
            objective: Objective::First,
            engines: &[Engine::Backtracking],
        },
        ObjectiveEntry {
            name: "count",
            objective: Objective::Count,
            engines: &[Engine::Backtracking],
        },
    ],
    engines: &[("backtracking", Engine::Backtracking)],
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
}

/// The plan for `choice`, listing at most `limit` solutions, with the engine resolved.
pub fn plan(choice: &Choice<Objective, Engine>, limit: usize) -> (Plan, Resolved<Engine>) {
    let resolved = choice.resolve(|| {
        (
            Engine::Backtracking,
            "auto: variables bound in the declared order, each constraint tested as soon as its last variable is bound"
                .to_string(),
        )
    });
    let (keep, stop_after) = match choice.objective {
        Objective::All => (limit, None),
        Objective::First => (1, Some(1)),
        Objective::Count => (0, None),
    };
    let plan = match resolved.engine {
        Engine::Backtracking => Plan::Backtracking { keep, stop_after },
    };
    (plan, resolved)
}
