//! How a water-jug state and a layer search look in the report: the text and JSON views, and the
//! typed fields `longest` adds to the JSON document (docs/json.md).

use super::model::{Jugs, Move, State};
use crate::report::picture::{Bar, Mark, Picture};
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

/// `A=3 B=5` for the terminal, `{"A": 3, "B": 5}` for JSON, the jugs as bars for `--boards`
/// with those `last` (the move that led here) filled or poured into `Moved`, emptied or poured
/// from `From`.
pub fn view(jugs: &Jugs, s: State, last: Option<Move>) -> StateView {
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
    let mark = |jug: usize| match last {
        Some(Move::Fill(j)) if usize::from(j) == jug => Mark::Moved,
        Some(Move::Empty(j)) if usize::from(j) == jug => Mark::From,
        Some(Move::Pour(from, _)) if usize::from(from) == jug => Mark::From,
        Some(Move::Pour(_, to)) if usize::from(to) == jug => Mark::Moved,
        _ => Mark::None,
    };
    let bars = (0..jugs.len())
        .map(|j| Bar {
            label: jugs.names[j].clone(),
            capacity: jugs.capacities[j],
            level: contents[j],
            mark: mark(j),
        })
        .collect();
    StateView {
        text,
        data: data.into(),
        picture: Some(Picture::Bars { bars }),
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
