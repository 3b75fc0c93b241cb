//! What a codebreaker solve computes and how: the catalog of objective and engine names, and the
//! typed plan the loader resolves once (with `auto`'s pick and reason). The strategy that picks
//! each guess is the spec's `[strategy]`, parsed into [`super::strategy::Strategy`]; the engine
//! is how the games are played with it.

use crate::diagnostic::Diagnostic;
use crate::families::plan::{Catalog, Choice, ObjectiveEntry, Resolved};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// Break the spec's secret, guess by guess.
    Transcript,
    /// Play against every secret (or a sample) and tally the guesses.
    Evaluate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// One game against one secret.
    OneGame,
    /// Every secret at once: the games share their beginnings, so one decision tree.
    DecisionTree,
    /// A seeded random sample of secrets, each game played on its own.
    Sample,
}

pub static CATALOG: Catalog<Objective, Engine> = Catalog {
    objectives: &[
        ObjectiveEntry {
            name: "transcript",
            objective: Objective::Transcript,
            engines: &[Engine::OneGame],
        },
        ObjectiveEntry {
            name: "evaluate",
            objective: Objective::Evaluate,
            engines: &[Engine::DecisionTree, Engine::Sample],
        },
    ],
    engines: &[
        ("one-game", Engine::OneGame),
        ("decision-tree", Engine::DecisionTree),
        ("sample", Engine::Sample),
    ],
};

/// The objective when `[solve]` names none: break the secret when there is one.
pub fn default_objective(has_secret: bool) -> &'static str {
    if has_secret { "transcript" } else { "evaluate" }
}

/// The solve, fully decided: each variant carries what its engine needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Break this secret (a code index).
    Transcript { secret: usize },
    /// Play every secret as one decision tree.
    EverySecret,
    /// Play `size` random secrets drawn with `seed`.
    Sample { size: usize, seed: u64 },
}

/// What the loader read for the chosen objective: the secret for `transcript`, the sample size
/// (when `[evaluate] sample` is given) for `evaluate`.
pub enum Inputs {
    Secret(usize),
    Secrets { sample: Option<usize>, seed: u64 },
}

/// The plan for `choice` with the engine resolved and its reason.
pub fn plan(
    choice: &Choice<Objective, Engine>,
    inputs: Inputs,
) -> Result<(Plan, Resolved<Engine>), Diagnostic> {
    let sampled = matches!(
        inputs,
        Inputs::Secrets {
            sample: Some(_),
            ..
        }
    );
    let resolved = choice.resolve(|| auto_engine(choice.objective, sampled));
    let plan = match (inputs, resolved.engine) {
        (Inputs::Secret(secret), _) => Plan::Transcript { secret },
        (Inputs::Secrets { sample: None, .. }, Engine::Sample) => {
            return Err(choice.unfit(
                &CATALOG,
                "engine `sample` needs the sample size: add sample = N to [evaluate]",
                &[Engine::DecisionTree],
            ));
        }
        (
            Inputs::Secrets {
                sample: Some(_), ..
            },
            Engine::DecisionTree,
        ) => {
            return Err(choice.unfit(
                &CATALOG,
                "[evaluate] sample asks for a sample of secrets; remove it to play every secret",
                &[Engine::Sample],
            ));
        }
        (
            Inputs::Secrets {
                sample: Some(size),
                seed,
            },
            _,
        ) => Plan::Sample { size, seed },
        (Inputs::Secrets { sample: None, .. }, _) => Plan::EverySecret,
    };
    Ok((plan, resolved))
}

fn auto_engine(objective: Objective, sampled: bool) -> (Engine, String) {
    let (engine, why) = match objective {
        Objective::Transcript => (Engine::OneGame, "one game against the secret"),
        Objective::Evaluate if sampled => (
            Engine::Sample,
            "[evaluate] sample is given, so each sampled secret is played on its own",
        ),
        Objective::Evaluate => (
            Engine::DecisionTree,
            "the games against every secret share their beginnings: one decision tree",
        ),
    };
    (engine, format!("auto: {why}"))
}
