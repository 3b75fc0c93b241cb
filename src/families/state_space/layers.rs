//! What a layer search (`longest`, `reachable`) adds to a move-puzzle report: the same typed
//! fields for every such kind (docs/schema/state-space.json) and the same text sections.

use crate::report::{Report, Section, StateView, group_digits};
use serde::Serialize;

/// The fields a layer search adds to the JSON document.
#[derive(Debug, Serialize)]
pub struct LayerDetails {
    /// Moves from the start to the farthest states.
    pub farthest_distance: usize,
    /// How many states lie that far.
    pub farthest_count: usize,
    /// `longest`: up to `solve.limit` of them (`reachable` shows none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub farthest: Vec<StateView>,
    /// How many states lie at each distance, from 0.
    pub layer_counts: Vec<u64>,
}

/// The farthest states (when drawn) and the count per distance, as text sections; `noun` is
/// what the family calls a state.
pub fn fill_sections(report: &mut Report, details: &LayerDetails, noun: &str) {
    let far = details.farthest_distance;
    if !details.farthest.is_empty() {
        // States drawn on several lines are set apart by a blank line.
        let tall = details.farthest.iter().any(|v| v.text.contains('\n'));
        let mut lines = Vec::new();
        for v in &details.farthest {
            lines.extend(v.text.lines().map(str::to_string));
            if tall {
                lines.push(String::new());
            }
        }
        if details.farthest_count > details.farthest.len() {
            lines.push(format!(
                "(showing {} of {}; raise solve.limit for more)",
                details.farthest.len(),
                details.farthest_count
            ));
        }
        report.sections.push(Section {
            title: format!(
                "{} farthest {noun} ({far} moves from the start)",
                details.farthest_count
            ),
            lines,
        });
    }
    report.sections.push(Section {
        title: format!("{noun} at each distance"),
        lines: details
            .layer_counts
            .iter()
            .enumerate()
            .map(|(d, c)| format!("{d:>3}: {}", group_digits(u128::from(*c))))
            .collect(),
    });
}
