//! What an alphametic solve computes and with which engine: the catalog of names, and the typed
//! plan the loader resolves once (with `auto`'s pick and reason).

use super::model::LinearForm;
use crate::diagnostic::Diagnostic;
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
    WeightedSums,
    Columns,
}

/// Both engines compute every objective; `auto` picks by the shape of the formula.
const BOTH: &[Engine] = &[Engine::WeightedSums, Engine::Columns];

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
        ("weighted-sums", Engine::WeightedSums),
        ("columns", Engine::Columns),
    ],
};

/// How many solutions to keep for the listing, and when to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Listing {
    pub keep: usize,
    /// Stop after this many solutions (`first`), or search the whole space.
    pub stop_after: Option<u64>,
}

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// One weight per letter: `sum(weight * digit) + constant == 0`.
    WeightedSums { form: LinearForm, listing: Listing },
    /// Letters column by column from the right, both sides compared modulo base^k.
    Columns { listing: Listing },
}

/// The plan for `choice` on a formula whose linear form is `linear` (None when words are
/// multiplied together), listing at most `limit` solutions.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    linear: Option<LinearForm>,
    limit: usize,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let resolved = choice.resolve(|| auto_engine(linear.is_some()));
    let listing = match choice.objective {
        Objective::All => Listing {
            keep: limit,
            stop_after: None,
        },
        Objective::First => Listing {
            keep: 1,
            stop_after: Some(1),
        },
        Objective::Count => Listing {
            keep: 0,
            stop_after: None,
        },
    };
    let plan = match (resolved.engine, linear) {
        (Engine::WeightedSums, Some(form)) => Plan::WeightedSums { form, listing },
        (Engine::WeightedSums, None) => {
            return Err(choice.unfit(
                &CATALOG,
                "weighted-sums needs a formula linear in the words, and this one multiplies words together",
                &[Engine::Columns],
            ));
        }
        (Engine::Columns, _) => Plan::Columns { listing },
    };
    Ok((plan, resolved))
}

fn auto_engine(linear: bool) -> (Engine, String) {
    if linear {
        (
            Engine::WeightedSums,
            "auto: the formula is linear in the words, so one weight per letter, placed units first, with bounds".into(),
        )
    } else {
        (
            Engine::Columns,
            "auto: the formula multiplies words, so letters column by column, compared modulo base^k".into(),
        )
    }
}
