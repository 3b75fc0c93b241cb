//! How an alphametic answer looks in the report: the formula with digits and the letters, and
//! the typed fields the kind adds to the JSON document (docs/json.md,
//! docs/schema/alphametic.json).

use crate::report::{Solution, StateView, Step};
use serde::Serialize;

/// The fields `kind = "alphametic"` adds to the report.
#[derive(Debug, Serialize)]
pub struct AlphameticDetails {
    /// Digits placed on letters (search nodes).
    pub nodes: u64,
    /// The listed solutions.
    pub answers: Vec<Answer>,
}

/// One solution: the formula with digits, and the digit of each letter.
#[derive(Debug, Serialize)]
pub struct Answer {
    pub formula: String,
    pub letters: StateView,
}

impl Answer {
    /// `9567 + 1085 = 10652    S=9 E=5 N=6 D=7 M=1 O=0 R=8 Y=2`.
    pub fn solution(&self) -> Solution {
        Solution {
            steps: vec![Step {
                action: self.formula.clone(),
                state: Some(self.letters.clone()),
            }],
            notation: Some(format!("{}    {}", self.formula, self.letters.text)),
            picture: None,
        }
    }
}
