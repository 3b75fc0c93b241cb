//! The answer of a solve, as data: families fill a [`Report`]; `text` and `json` show it, `html`
//! and `svg` draw it.

pub mod boards;
pub mod duration;
pub mod html;
pub mod json;
mod markup;
pub mod merge;
mod number_format;
pub mod pad;
pub mod picture;
pub mod shard;
pub mod svg;
pub mod text;
pub mod wrap;

pub use number_format::group_digits;

use crate::engine::stop::StopReason;
use serde::Serialize;
use serde::ser::{SerializeSeq, Serializer};
use std::time::Duration;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// At least one solution was found (and replayed).
    Solved,
    /// The search space was exhausted, or an invariant proves no solution exists.
    NoSolution,
    /// The objective was a count and the count is given.
    Counted,
    /// The objective explored the whole space (e.g. `longest`).
    Explored,
    /// The search was cut short (time limit, Ctrl-C, memory): what it found so far, unproved.
    Stopped,
}

/// A state shown to the user: text for the terminal, data for JSON.
#[derive(Debug, Clone)]
pub struct StateView {
    /// One or more lines.
    pub text: String,
    pub data: serde_json::Value,
    /// The state drawn for `--boards`, `--html` and `--svg`, when the family draws it.
    pub picture: Option<picture::Picture>,
}

impl Serialize for StateView {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.data.serialize(s)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Step {
    #[serde(rename = "move")]
    pub action: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<StateView>,
}

/// One solution: its steps, and optionally a one-line notation (e.g. peg chains
/// `(0, 6)(9, 3)...`) that the text report prints instead of a step table.
#[derive(Debug, Clone, Default)]
pub struct Solution {
    pub steps: Vec<Step>,
    pub notation: Option<String>,
    /// The solution drawn whole, when it is one configuration rather than a sequence of states
    /// (a queens placement, a codebreaker's table of guesses); not in JSON.
    pub picture: Option<picture::Picture>,
}

impl Serialize for Solution {
    /// A solution is a list of steps in JSON.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.steps.len()))?;
        for step in &self.steps {
            seq.serialize_element(step)?;
        }
        seq.end()
    }
}

/// A titled block of lines for the terminal (e.g. "states at each distance").
#[derive(Debug, Clone, Serialize)]
pub struct Section {
    pub title: String,
    pub lines: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Stats {
    /// States generated and kept by the engine.
    pub states: u64,
    pub elapsed_ms: f64,
}

impl Stats {
    pub fn new(states: u64, elapsed: Duration) -> Stats {
        Stats {
            states,
            elapsed_ms: elapsed.as_secs_f64() * 1e3,
        }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub puzzle: String,
    pub kind: String,
    pub objective: String,
    pub status: Status,
    /// Why the search was cut short, when `status` is `stopped`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<StopReason>,
    pub engine: String,
    /// Why this engine, when `auto` chose it.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub engine_reason: String,
    /// Moves of the (each) optimal answer, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cost: Option<u64>,
    /// What `cost` counts, for the text report: "moves" unless the family says ("guesses").
    #[serde(skip)]
    pub cost_unit: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<StateView>,
    pub solutions: Vec<Solution>,
    /// For counting objectives; a number in JSON (a string when above 2^64).
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "serialize_count"
    )]
    pub count: Option<u128>,
    pub stats: Stats,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    #[serde(skip)]
    pub sections: Vec<Section>,
    /// The spec asks for boards (`[display] boards`, `[output] draw`): the text report draws
    /// them as with `--boards`.
    #[serde(skip)]
    pub boards: bool,
    /// A part of a split run (`--shard`): each listed answer's place in the unsplit run's
    /// order (the number of the part of the search that found it), in listing order; empty
    /// where the kind does not say. `merge` orders the parts' listings by it.
    #[serde(skip)]
    pub slots: Vec<u64>,
    /// The family's own fields (set from a typed struct by [`Report::set_details`]),
    /// flattened into the JSON document.
    #[serde(flatten)]
    details: serde_json::Map<String, serde_json::Value>,
    /// Why the family's fields could not be serialised: a fault of puzzlespec, which the caller
    /// turns into an internal error ([`Report::details_failure`]) rather than a JSON field.
    #[serde(skip)]
    details_failure: Option<String>,
}

/// A count as `--json` writes it (a number, or a decimal string above 2^64), read back.
pub fn count_from_json(v: &serde_json::Value) -> Option<u128> {
    match v {
        serde_json::Value::String(s) => s.parse().ok(),
        n => n.as_u64().map(u128::from),
    }
}

fn serialize_count<S: Serializer>(count: &Option<u128>, s: S) -> Result<S::Ok, S::Error> {
    match count {
        Some(c) => match u64::try_from(*c) {
            Ok(small) => s.serialize_u64(small),
            Err(_) => s.serialize_str(&c.to_string()),
        },
        None => s.serialize_none(),
    }
}

impl Report {
    /// An empty report; `run` fills in the puzzle's name and kind.
    pub fn new(objective: &str, status: Status, engine: &str, engine_reason: &str) -> Report {
        Report {
            puzzle: String::new(),
            kind: String::new(),
            objective: objective.to_string(),
            status,
            stopped: None,
            engine: engine.to_string(),
            engine_reason: engine_reason.to_string(),
            cost: None,
            cost_unit: "moves",
            start: None,
            solutions: Vec::new(),
            count: None,
            stats: Stats::default(),
            notes: Vec::new(),
            sections: Vec::new(),
            boards: false,
            slots: Vec::new(),
            details: serde_json::Map::new(),
            details_failure: None,
        }
    }

    /// Why [`Report::set_details`] failed, if it did.
    pub fn details_failure(&self) -> Option<&str> {
        self.details_failure.as_deref()
    }

    /// Marks a report whose search was cut short by `reason`: whatever it holds (solutions
    /// found, counts, the states explored) is what was known when the search stopped, and nothing
    /// in it is a proof of optimality, of a complete count or of "no solution".
    pub fn mark_stopped(&mut self, reason: StopReason) {
        self.status = Status::Stopped;
        self.stopped = Some(reason);
    }

    /// Sets the family's own fields: a `#[derive(Serialize)]` struct of the family's
    /// `report.rs`, flattened into the JSON document (and documented in docs/json.md).
    pub fn set_details<T: Serialize>(&mut self, details: &T) {
        self.details = match serde_json::to_value(details) {
            Ok(serde_json::Value::Object(fields)) => fields,
            // A struct always serialises to an object; anything else is kept under one key.
            Ok(other) => serde_json::Map::from_iter([("details".to_string(), other)]),
            Err(e) => {
                self.details_failure = Some(e.to_string());
                serde_json::Map::new()
            }
        };
    }
}

#[cfg(test)]
mod details_tests {
    use super::*;
    use std::collections::BTreeMap;

    /// JSON object keys must be strings: a map keyed by pairs cannot be serialised.
    #[derive(Serialize)]
    struct Unwritable {
        by_pair: BTreeMap<(u8, u8), u8>,
    }

    #[test]
    fn a_details_serialisation_failure_is_kept_for_an_internal_error_not_a_field() {
        let mut report = Report::new("shortest", Status::Solved, "bfs", "");
        assert_eq!(report.details_failure(), None);
        report.set_details(&Unwritable {
            by_pair: BTreeMap::from([((1, 2), 3)]),
        });
        assert!(report.details_failure().is_some());
        let json = serde_json::to_value(&report).unwrap();
        assert!(json.get("details_error").is_none(), "{json}");
        assert!(json.get("by_pair").is_none(), "{json}");
    }
}
