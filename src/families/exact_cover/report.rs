//! How an exact-cover answer looks: each cover as the names of its options, and the typed
//! fields the kind adds to the JSON document (docs/schema/exact-cover.json).

use super::model::Model;
use super::symmetry::Symmetries;
use crate::engine::exact_cover::Tally;
use crate::report::{Report, Section, Solution, Status, Step, group_digits};
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
    /// `count` with symmetries declared: the covers up to them (one per class).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count_up_to_symmetry: Option<u64>,
    /// `count` with symmetries declared: the order of the group they generate.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symmetries: Option<usize>,
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

/// What a search that found no cover says.
pub const NO_COVER: &str = "no choice of the options covers every primary item exactly once";

/// A count under the declared symmetries: both numbers, said apart.
pub fn fill_classes(
    report: &mut Report,
    details: &mut ExactCoverDetails,
    t: &Tally,
    symmetries: &Symmetries,
) {
    details.count_up_to_symmetry = Some(t.kept);
    details.symmetries = Some(symmetries.order());
    report
        .sections
        .push(classes_section(t.solutions, t.kept, symmetries.order()));
}

/// "N in all", "K up to symmetry" for the group of `order` symmetries.
fn classes_section(all: u64, kept: u64, order: usize) -> Section {
    Section {
        title: "covers".into(),
        lines: vec![
            format!(
                "{} in all (count, each image counted apart)",
                group_digits(u128::from(all))
            ),
            format!(
                "{} up to symmetry (one per class; the {order} symmetries the declared ones generate)",
                group_digits(u128::from(kept))
            ),
        ],
    }
}

/// A merged split count (`puzzlespec merge`), said as a plain count says it: none at all is
/// no solution, and the classes when symmetries were declared.
pub fn describe_merged(doc: &serde_json::Value, report: &mut Report) {
    let number = |key: &str| doc.get(key).and_then(serde_json::Value::as_u64);
    if report.status == Status::Counted && number("count") == Some(0) {
        report.status = Status::NoSolution;
        report.notes.push(NO_COVER.into());
    }
    if let (Some(all), Some(kept), Some(order)) = (
        number("count"),
        number("count_up_to_symmetry"),
        number("symmetries"),
    ) {
        report
            .sections
            .push(classes_section(all, kept, order as usize));
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
