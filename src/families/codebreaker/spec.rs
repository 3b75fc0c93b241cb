//! The TOML schema of `kind = "codebreaker"` (docs/codebreaker.md describes it for users).

use crate::spec::{PuzzleTable, SolveTable};
use serde::Deserialize;
use toml::Spanned;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodebreakerDocument {
    #[allow(dead_code)] // read by the loader through the header probe
    pub puzzle: PuzzleTable,
    pub code: Spanned<CodeTable>,
    #[serde(default)]
    pub feedback: FeedbackTable,
    #[serde(default)]
    pub strategy: StrategyTable,
    #[serde(default)]
    pub evaluate: EvaluateTable,
    #[serde(default)]
    pub solve: SolveTable,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CodeTable {
    /// A string of one-character symbols ("0123456789", the default) or an array of names.
    pub symbols: Option<Spanned<toml::Value>>,
    pub length: Spanned<i64>,
    /// Whether a symbol may appear more than once in a code (Mastermind: yes).
    #[serde(default)]
    pub repeats: bool,
    /// The code to break with objective `transcript`: "9431", "9 4 3 1", [9, 4, 3, 1], 9431.
    pub secret: Option<Spanned<toml::Value>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeedbackTable {
    /// Name of the count of right symbols in the right place ("bulls", "hits", "black").
    pub right: Option<Spanned<String>>,
    /// Name of the count of right symbols in the wrong place ("cows", "blows", "white").
    pub wrong: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrategyTable {
    pub name: Option<Spanned<String>>,
    /// "consistent" (only codes that may be the secret) or "any".
    pub guesses: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EvaluateTable {
    /// Play this many random secrets instead of every one.
    pub sample: Option<Spanned<i64>>,
    /// Seed of the random sample (default 1), so a run can be repeated.
    pub seed: Option<u64>,
}
