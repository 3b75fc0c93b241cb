//! How an exact-cover answer looks: each cover as the names of its options, and the typed
//! fields the kind adds to the JSON document (docs/schema/exact-cover.json).

use super::model::Model;
use crate::report::{Report, Solution, Step};
use serde::Serialize;

#[derive(Debug, Default, Serialize)]
pub struct ExactCoverDetails {
    /// Items covered exactly once.
    pub primary_items: usize,
    /// Items covered at most once (or by options agreeing on their colour).
    pub secondary_items: usize,
    /// The colours named on secondary items.
    pub colours: usize,
    /// Options generated (where `when` held).
    pub options: usize,
    /// `all`: whether every cover was listed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// `any`, `all`: each cover as its options' names, in the order the search chose them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub covers: Option<Vec<Vec<String>>>,
}

impl ExactCoverDetails {
    pub fn new(m: &Model) -> ExactCoverDetails {
        ExactCoverDetails {
            primary_items: m.primary,
            secondary_items: m.secondary(),
            colours: m.colours.len(),
            options: m.options.len(),
            ..ExactCoverDetails::default()
        }
    }
}

/// Listed covers: one step per option chosen, and the names on one line.
pub fn fill_covers(
    report: &mut Report,
    details: &mut ExactCoverDetails,
    m: &Model,
    covers: &[Vec<usize>],
) {
    let mut all = Vec::with_capacity(covers.len());
    for cover in covers {
        let names = m.names(cover);
        report.solutions.push(Solution {
            steps: names
                .iter()
                .map(|n| Step {
                    action: n.clone(),
                    state: None,
                })
                .collect(),
            notation: Some(names.join(", ")),
            picture: None,
        });
        all.push(names);
    }
    details.covers = Some(all);
}
