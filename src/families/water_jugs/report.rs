//! How a water-jug state and a layer search look in the report: the text and JSON views, and the
//! typed fields `longest` adds to the JSON document (docs/json.md).

use super::model::{Jugs, State};
use crate::report::{Report, Section, StateView};
use serde::Serialize;

/// The fields `longest` adds to the report.
#[derive(Debug, Serialize)]
pub struct LongestDetails {
    /// Moves from the start to the farthest states.
    pub farthest_distance: usize,
    /// The states that far away.
    pub farthest: Vec<StateView>,
    /// How many states lie at each distance, from 0.
    pub layer_counts: Vec<u64>,
}

/// `A=3 B=5` for the terminal, `{"A": 3, "B": 5}` for JSON.
pub fn view(jugs: &Jugs, s: State) -> StateView {
    let contents = jugs.unpack(s);
    let text = jugs
        .names
        .iter()
        .zip(&contents)
        .map(|(n, c)| format!("{n}={c}"))
        .collect::<Vec<_>>()
        .join(" ");
    let data = jugs
        .names
        .iter()
        .zip(&contents)
        .map(|(n, c)| (n.clone(), serde_json::Value::from(*c)))
        .collect::<serde_json::Map<_, _>>();
    StateView {
        text,
        data: data.into(),
        picture: None,
    }
}

/// The farthest states and the count per distance, as sections and as typed fields.
pub fn fill_longest(report: &mut Report, details: LongestDetails) {
    let far = details.farthest_distance;
    report.sections.push(Section {
        title: format!("farthest states ({far} moves from the start)"),
        lines: details.farthest.iter().map(|v| v.text.clone()).collect(),
    });
    report.sections.push(Section {
        title: "states at each distance".to_string(),
        lines: details
            .layer_counts
            .iter()
            .enumerate()
            .map(|(d, c)| format!("{d:>3}: {c}"))
            .collect(),
    });
    report.set_details(&details);
}
