//! How a search answer looks in the report: the text line and the JSON values of each solution,
//! the notes on the nodes explored and on constraints that could not be evaluated, and the typed
//! fields the kind adds to the JSON document (docs/json.md, docs/schema/search.json).

use crate::report::{Report, Solution, StateView, Step, group_digits};
use serde::Serialize;

/// The fields `kind = "search"` adds to the report.
#[derive(Debug, Serialize)]
pub struct SearchDetails {
    /// Bindings tried (search nodes).
    pub nodes: u64,
    /// Candidates in the full space, without pruning (a float: it can exceed 2^64); None
    /// past the largest double.
    pub space: Option<f64>,
    /// The decimal logarithm of the space's size, whatever its size (None when it is empty).
    pub space_log10: Option<f64>,
    /// The listed solutions.
    pub answers: Vec<Answer>,
    /// Constraint evaluations that had no value and counted as false.
    pub evaluation_errors: u64,
    /// With `maximize` / `minimize`: the optimum, proved (a string when it is a fraction).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimum: Option<serde_json::Value>,
    /// With an objective, when the search was stopped: the best value found so far.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub best_so_far: Option<serde_json::Value>,
    /// With an objective, when the search was stopped: the bound proved on every solution's
    /// value (no solution is below it for a minimum, above it for a maximum).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven_bound: Option<serde_json::Value>,
}

/// One solution: its `show` line and the value of each variable.
#[derive(Debug, Serialize)]
pub struct Answer {
    pub text: String,
    pub values: StateView,
}

impl Answer {
    pub fn solution(&self) -> Solution {
        Solution {
            steps: vec![Step {
                action: self.text.clone(),
                state: Some(self.values.clone()),
            }],
            notation: Some(self.text.clone()),
            picture: None,
        }
    }
}

/// "explored 3,859 nodes; the full space has 3,628,800 candidates (0.106% of them as nodes)".
pub fn explored_note(nodes: u64, space: f64, log10: f64) -> String {
    let share = if space > 0.0 {
        format!(" ({:.3}% of them as nodes)", 100.0 * nodes as f64 / space)
    } else {
        String::new()
    };
    format!(
        "explored {} nodes; the full space has {} candidates{share}",
        group_digits(u128::from(nodes)),
        space_count(space, log10)
    )
}

/// Why nothing was found; when no constraint was ever false, the rejections all came from
/// evaluations that failed, and the note says so rather than blaming the constraints.
pub fn no_solution_note(report: &mut Report, only_failures: bool, searched: bool) {
    if searched {
        report
            .notes
            .push("no assignment satisfies every constraint (exhaustive search)".into());
    }
    if only_failures {
        report.notes.push(
            "no constraint was ever false: every candidate was rejected only because a constraint could not be evaluated (see above)"
                .into(),
        );
    }
}

/// 3628800 -> "3,628,800"; beyond u128, scientific notation.
pub fn float_count(x: f64) -> String {
    if x < 1e30 {
        group_digits(x.round() as u128)
    } else {
        format!("{x:.3e}")
    }
}

/// The size of the space: exact digits, scientific notation, or past the largest double
/// from its logarithm ("4.200e512").
pub fn space_count(space: f64, log10: f64) -> String {
    if space.is_finite() {
        return float_count(space);
    }
    let exponent = log10.floor();
    format!("{:.3}e{exponent}", 10f64.powf(log10 - exponent))
}

/// Which constraints are tested rather than propagated (by their place in the spec).
pub fn tested_note<'a>(tested: &[usize], text: impl Fn(usize) -> &'a str) -> String {
    const SHOWN: usize = 3;
    let mut named: Vec<String> = tested
        .iter()
        .take(SHOWN)
        .map(|&i| format!("`{}`", text(i)))
        .collect();
    if tested.len() > SHOWN {
        named.push(format!("and {} more", tested.len() - SHOWN));
    }
    format!(
        "{} constraint{} no propagator (not linear, not `distinct` of variables), so {} tested as soon as all but one of {} variables are bound: {}",
        tested.len(),
        if tested.len() == 1 { " has" } else { "s have" },
        if tested.len() == 1 {
            "it is"
        } else {
            "they are"
        },
        if tested.len() == 1 { "its" } else { "their" },
        named.join(", ")
    )
}
